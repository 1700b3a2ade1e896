"""Bounded work for any legal file (issue 30, rows 5 and 6): the longest game a file may hold
(Prokonsul's two_way negotiation lets a petitioner and his target exchange offers without end,
up to the input limit) replays in one pass with at most MAX_BOARDS boards, says so, and the
after-game worker keeps its replay strips within a byte budget."""

from __future__ import annotations

import functools
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bot.frontend.after_game_worker as worker
import bot.frontend.replay as replay
from bot.__main__ import main
from engine.ai import ai_seed, choose_action, play_out
from engine.core import Action
from engine.registry import GAMES
from table.export import MAX_BYTES, build_export, dump_export
from table.session_model import Seat, SessionMeta
from table.store import InputRow, SessionRow

SEED = 3
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def haggled(exchanges: int) -> str:
    """A legal, finished Prokonsul export (two_way, 3 players): the first petition's target
    counters and the petitioner re-offers `exchanges` times, then the AIs finish the game."""
    game = GAMES["prokonsul"]
    options = game.parse_options({"negotiation": "two_way"})
    state = game.setup(options, 3, SEED)
    actions: list[Action] = []
    while state.phase != "petition" or state.offer is None or state.offer.counter is not None:
        prompt = next(p for p in game.pending(state) if p.seats)
        seat = prompt.seats[0]
        actions.append(choose_action(game, state, prompt, seat, ai_seed(SEED, len(actions), seat)))
        state, _ = game.apply(state, actions[-1])
    target, petitioner = state.offer.target, state.petitioner
    assert petitioner is not None
    for number in range(exchanges):
        counter = {"answer": "counter", "chips": number % 200, "text": ""}
        offer = {"decision": "offer", "chips": 0, "text": ""}
        for action in (
            Action(seat=target, move="answer", args=counter),
            Action(seat=petitioner, move="respond", args=offer),
        ):
            state, _ = game.apply(state, action)
            actions.append(action)
    final, rest = play_out(game, state, SEED)
    outcome = game.outcome(final)
    assert outcome is not None
    row = SessionRow(
        id=1,
        channel_id=1,
        guild_id=1,
        game="prokonsul",
        rules_version=game.rules_version,
        options=options.model_dump(),
        seed=SEED,
        status="finished",
        host_id=1,
        seats=tuple(Seat(user_id=s, name=f"P{s}", ai=False) for s in range(3)),
        meta=SessionMeta(),
    )
    inputs = [InputRow(n, a.seat, a.move, a.args, "") for n, a in enumerate(actions + rest, 1)]
    return dump_export(build_export(row, inputs, outcome))


def largest_legal_file() -> str:
    """The longest haggle whose file fits MAX_BYTES (and the game's input limit)."""
    small, large = haggled(100), haggled(200)
    per_exchange = (len(large) - len(small)) / 100
    exchanges = int((MAX_BYTES - len(small)) / per_exchange) + 100 - 20
    exchanges = min(exchanges, (GAMES["prokonsul"].input_limit() - 400) // 2)
    text = haggled(exchanges)
    assert MAX_BYTES - 64 * 1024 < len(text) <= MAX_BYTES, len(text)
    return text


def test_a_long_game_writes_at_most_the_bounded_boards_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(replay, "MAX_BOARDS", 12)
    path = tmp_path / "haggle.json"
    path.write_text(haggled(300))
    assert main(["replay", str(path), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    boards = sorted((tmp_path / "out").glob("*/*.png"))
    assert 2 <= len(boards) <= 13, len(boards)
    assert boards[0].name.startswith("0000-input0") and "spread evenly" in out, out
    assert f"{len(boards)} boards in" in out and "at most 12" in out, out
    steps = replay.frame_steps(replay.load_export(path.read_text()), "en")
    seqs = [step.seq for step in steps]
    assert seqs == sorted(seqs) and len(steps) == len(boards)
    assert seqs[-1] == len(replay.load_export(path.read_text()).inputs)  # the last board kept


def test_the_worker_keeps_replay_strips_within_a_byte_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Paging through several long games: what the worker keeps for the next click stays
    under its byte budget (the newest game always kept), not a count of games."""
    monkeypatch.setattr(worker, "KEPT_STEPS_BYTES", 200_000)
    monkeypatch.setattr(worker, "_steps", type(worker._steps)())
    text = haggled(300)
    for session_id in range(1, 5):
        png, _, total, page = worker.replay_page(session_id, text, "en", 10**6)
        assert png.startswith(b"\x89PNG") and page == total - 1 <= replay.MAX_BOARDS
        assert worker.kept_bytes() <= 200_000 or len(worker._steps) == 1
    assert 1 <= len(worker._steps) < 4


PEAK = (
    "status = open('/proc/self/status').read()\n"
    "print(int(status.split('VmHWM:')[1].split()[0]) / 1024)\n"  # VmHWM: peak resident MB
)


def measured(script: str) -> tuple[list[str], float, float]:
    """(stdout lines before the peak, seconds, peak resident MB) of `script` run alone."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script + PEAK], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stderr
    *lines, peak = done.stdout.strip().splitlines()
    return lines, time.perf_counter() - started, float(peak)


@pytest.mark.slow
def test_the_largest_legal_file_replays_in_bounded_time_files_and_memory(tmp_path: Path) -> None:
    path = tmp_path / "largest.json"
    path.write_text(largest_legal_file())
    out = str(tmp_path / "out")
    lines, seconds, peak = measured(
        f"from bot.__main__ import main\nassert main(['replay', {str(path)!r}, '--out', {out!r}]) == 0\n"
    )
    boards = list((tmp_path / "out").glob("*/*.png"))
    size = sum(board.stat().st_size for board in boards)
    print(
        f"\n{path.stat().st_size} bytes, {lines[0]}: {seconds:.1f} s,"
        f" {len(boards)} files ({size / 2**20:.1f} MiB), peak {peak:.0f} MB"
    )
    assert len(boards) <= replay.MAX_BOARDS + 1 and "spread evenly" in lines[1]
    assert peak < 300, f"{peak:.0f} MB"


@pytest.mark.slow
def test_paging_four_of_the_longest_games_keeps_the_worker_small(tmp_path: Path) -> None:
    """The after-game worker pages four games of the largest legal file (as four sessions): it
    keeps their strips within its byte budget, so its peak stays far below 1 GB."""
    path = tmp_path / "largest.json"
    path.write_text(largest_legal_file())
    lines, seconds, peak = measured(
        "from bot.frontend.after_game_worker import kept_bytes, replay_page\n"
        f"text = open({str(path)!r}).read()\n"
        "for session in range(1, 5):\n"
        "    for page in (0, 60, 10**6):\n"
        "        replay_page(session, text, 'en', page)\n"
        "print(kept_bytes())\n"
    )
    kept = int(lines[-1])
    print(
        f"\npaging 4 games of {path.stat().st_size} bytes: {seconds:.0f} s,"
        f" strips kept {kept / 2**20:.1f} MiB, peak {peak:.0f} MB"
    )
    assert kept <= worker.KEPT_STEPS_BYTES and peak < 300, (kept, peak)
