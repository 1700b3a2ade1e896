"""Local terminal mode: a whole AI game, a hot-seat game with scripted answers, and resume."""

from __future__ import annotations

import contextlib
import os
import pty
import select
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import _parser, main
from bot.config import Config, load_config
from bot.local import LocalOptions, _parse, run_local
from bot.local_args import local_options
from engine.core import Choice, Field, Msg
from engine.registry import GAMES
from table.service import TableError


def options(tmp_path: Path, **overrides) -> LocalOptions:
    base = dict(
        game="imperium",
        players=3,
        ai=0,
        ai_only=True,
        out=tmp_path / "out",
        database=str(tmp_path / "forum.sqlite3"),
        locale="en",
        options={},
        seed=11,
    )
    base.update(overrides)
    return LocalOptions(**base)


def test_ai_only_command_plays_a_full_game(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "--config",
            str(tmp_path / "none.toml"),
            "local",
            "imperium",
            "--players",
            "3",
            "--ai-only",
            "--seed",
            "4",
            "--out",
            str(tmp_path / "o"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={"FORUM_DATABASE": str(tmp_path / "db.sqlite3"), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr
    assert "Final result:" in result.stdout and "Game over" in result.stdout
    images = sorted((tmp_path / "o").glob("imperium-*/*.png"))
    assert [image.name for image in images] == ["latest.png"]  # no history of past boards
    assert Image.open(images[0]).size[0] >= 1000


class Keyboard:
    """Scripted answers for `ask`, recording each prompt and every screen clear."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.prompts: list[str] = []
        self.clears: list[int] = []  # how many prompts had been asked at each clear

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.answer(prompt, len(self.prompts))

    def clear(self) -> None:
        self.clears.append(len(self.prompts))


async def test_one_human_keeps_a_scrolling_story_with_errors_and_the_board_path(
    tmp_path: Path, capsys
) -> None:
    keyboard = Keyboard(lambda prompt, n: "abc" if n == 1 else "9 9 9")
    opts = options(tmp_path, players=3, ai=2, ai_only=False)
    session = await run_local(opts, ask=keyboard.ask, clear=keyboard.clear)
    out = capsys.readouterr().out
    assert session.outcome() is not None
    assert keyboard.clears == [] and not any("Pass the keyboard" in p for p in keyboard.prompts)
    first_prompt = out.index("== Player 1 ==")
    assert "AI 1 has chosen." in out[:first_prompt]  # the AIs' moves stay on screen
    assert f"Board: {tmp_path / 'out' / 'imperium-1' / 'latest.png'}" in out
    error = out.index("✗ Choose exactly three regions")
    assert "Round 1: the cards are revealed." in out[error:]  # the error is never wiped
    assert out.count("== Player 1 ==") == 8  # a header per round, not per retry


async def test_hot_seat_clears_the_screen_only_when_the_keyboard_changes_hands(
    tmp_path: Path, capsys
) -> None:
    keyboard = Keyboard(lambda prompt, n: "" if "Pass the keyboard" in prompt else "9 9 9")
    opts = options(tmp_path, players=2, ai=0, ai_only=False)
    session = await run_local(opts, ask=keyboard.ask, clear=keyboard.clear)
    out = capsys.readouterr().out
    assert session.outcome() is not None
    passes = [i + 1 for i, p in enumerate(keyboard.prompts) if "Pass the keyboard" in p]
    # to the first player, then one hand-over per round (the holder answers first next round)
    assert len(passes) == 1 + 8
    assert keyboard.clears == passes[1:]
    # after each clear, the new holder reads what they missed, including the last reveal
    assert out.count("Since your last input:") == 8
    recap = out.split("Since your last input:")[1]
    assert "Round 1: the cards are revealed." in recap


async def test_interrupted_local_game_resumes(tmp_path: Path, capsys) -> None:
    calls = 0

    def stop_after_three(prompt: str) -> str:
        nonlocal calls
        calls += 1
        if calls > 3:
            raise EOFError
        return "4 4 4"

    opts = options(tmp_path, players=2, ai=1, ai_only=False)
    with contextlib.suppress(EOFError):
        await run_local(opts, ask=stop_after_three)
    capsys.readouterr()
    resumed = await run_local(opts, ask=lambda prompt: "9 9 9")
    out = capsys.readouterr().out
    assert "Resuming your paused Imperium game (session 1, 7 inputs so far)" in out
    assert "Since your last input:" in out and "Player 1 places markers on regions 4, 4, 4." in out
    assert resumed.outcome() is not None and resumed.id == 1
    with sqlite3.connect(opts.database) as db:
        before = db.execute("SELECT COUNT(*) FROM inputs WHERE args LIKE '%[4,4,4]%'").fetchone()
        sessions = db.execute("SELECT COUNT(*) FROM sessions").fetchone()
    assert before == (3,) and sessions == (1,)


async def test_each_game_keeps_its_own_paused_game_until_new(tmp_path: Path, capsys) -> None:
    def stop_at_first(prompt: str) -> str:
        raise EOFError

    imperium = options(tmp_path, players=2, ai=1, ai_only=False)
    spartacus = options(tmp_path, game="spartacus", players=3, ai=2, ai_only=False)
    for opts in (imperium, spartacus):
        with contextlib.suppress(EOFError):
            await run_local(opts, ask=stop_at_first)
    out = capsys.readouterr().out
    assert "Also paused: Imperium (session 1); `python -m bot local imperium` resumes it." in out
    with contextlib.suppress(EOFError):
        await run_local(imperium, ask=stop_at_first)
    out = capsys.readouterr().out
    assert "Resuming your paused Imperium game (session 1" in out
    assert "Also paused: Spartacus (session 2)" in out
    with contextlib.suppress(EOFError):
        await run_local(replace(imperium, new=True), ask=stop_at_first)
    out = capsys.readouterr().out
    assert "Abandoned the paused Imperium game (session 1)." in out
    assert "New Imperium game, session 3" in out
    with sqlite3.connect(imperium.database) as db:
        statuses = db.execute("SELECT id, status FROM sessions ORDER BY id").fetchall()
    assert statuses == [(1, "aborted"), (2, "active"), (3, "active")]


async def test_a_game_paused_under_older_rules_is_refused_until_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stop_at_first(prompt: str) -> str:
        raise EOFError

    opts = options(tmp_path, players=2, ai=1, ai_only=False)
    with contextlib.suppress(EOFError):
        await run_local(opts, ask=stop_at_first)
    imperium = type(GAMES["imperium"])
    monkeypatch.setattr(imperium, "rules_version", imperium.rules_version + 1)
    with pytest.raises(TableError) as refused:
        await run_local(opts, ask=stop_at_first)
    assert refused.value.code == "rules_changed"
    with contextlib.suppress(EOFError):
        await run_local(replace(opts, new=True), ask=stop_at_first)
    with sqlite3.connect(opts.database) as db:
        statuses = db.execute("SELECT id, status FROM sessions ORDER BY id").fetchall()
    assert statuses == [(1, "aborted"), (2, "active")]


async def test_japanese_names_the_game_and_the_seats_in_japanese(tmp_path: Path, capsys) -> None:
    def stop_at_first(prompt: str) -> str:
        raise EOFError

    opts = options(tmp_path, game="prokonsul", players=3, ai=2, ai_only=False, locale="ja")
    with contextlib.suppress(EOFError):
        await run_local(opts, ask=stop_at_first)
    out = capsys.readouterr().out
    assert "総督（プロコンスル）の新しいゲーム（セッション1）：プレイヤー1、CPU1、CPU2" in out
    assert "prokonsul" not in out.split("盤面")[0] and "Player" not in out


def test_codes_match_in_any_case_and_numbers_pick_options_too() -> None:
    label = Msg(key="x")
    codes = Field(
        name="regions",
        kind="multiset",
        label=label,
        count=3,
        options=tuple(Choice(value=code, label=label) for code in ("ROMA", "SICI", "GALL")),
    )
    assert _parse(codes, "sici Roma 3") == ["SICI", "ROMA", "GALL"]
    assert _parse(codes, "4 xyz") == ["4", "xyz"]  # left for the rules to refuse
    cards = Field(
        name="card",
        kind="one",
        label=label,
        options=tuple(Choice(value=v, label=label) for v in (3, 7, "FLAG")),
    )
    assert _parse(cards, "1") == "1" and _parse(cards, "7") == 7  # a card's value is its code
    assert _parse(cards, "flag") == "FLAG"


@pytest.mark.parametrize(
    "arguments, message",
    [
        (
            ["seven_hills", "--option", "x=1"],
            "Unknown option(s): x. The Seven Hills of Rome options",
        ),
        (["imperium", "--option", "foo=bar"], "thirty_points=true|false (default false)"),
        (
            ["imperium", "--option", "thirty_points=maybe"],
            "thirty_points=maybe (valid: true|false)",
        ),
        (["imperium", "--option", "thirty_points"], "as NAME=VALUE, not 'thirty_points'"),
        (["imperium", "--players", "0"], "played by 2 to 5 players, not 0"),
        (["imperium", "--players", "6", "--ai", "5"], "played by 2 to 5 players, not 6"),
        (["hannibal", "--players", "3"], "played by exactly 2 players, not 3"),
        (["imperium", "--players", "3", "--ai", "4"], "between 0 and the number of players (3)"),
        (["nosuchgame"], "the games are: caesar, "),
        (["imperium", "--players", "x"], "invalid int value: 'x'"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_code_2(arguments, message, tmp_path, capsys):
    command = ["--config", str(tmp_path / "none.toml"), "local", *arguments]
    try:
        code = main(command)
    except SystemExit as exit_:  # argparse's own checks
        code = exit_.code
    err = capsys.readouterr().err
    assert code == 2 and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_players_default_to_the_game_and_two_player_games_run_ai_only(tmp_path: Path) -> None:
    parse = _parser().parse_args
    config = load_config(tmp_path / "none.toml")
    assert local_options(parse(["local", "seven_hills", "--ai-only"]), config).players == 2
    assert local_options(parse(["local", "imperium"]), config).players == 3


def test_the_default_local_game_is_a_setting(tmp_path: Path) -> None:
    (tmp_path / "config.toml").write_text('[local]\ngame = "caesar"\n', "utf-8")
    assert load_config(tmp_path / "config.toml").local_game == "caesar"
    example = Path(__file__).parent.parent / "config.example.toml"
    assert load_config(example).local_game == Config().local_game
    for module in Path(__file__).parent.parent.joinpath("bot").glob("*.py"):
        source = module.read_text("utf-8")
        assert not [g for g in GAMES if f'"{g}"' in source], module


def test_ctrl_c_at_a_prompt_stops_at_the_first_press(tmp_path: Path) -> None:
    """In a real terminal (a pty: input() then waits in readline, which shrugs off a signal
    whose handler returns, as asyncio's first-Ctrl-C handler does)."""
    command = ["--config", str(tmp_path / "none.toml"), "local", "caesar", "--players", "2"]
    command += ["--ai", "1", "--out", str(tmp_path / "o")]
    main_end, child_end = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "bot", *command],
        stdin=child_end,
        stdout=child_end,
        stderr=child_end,
        cwd=tmp_path,
        env={"FORUM_DATABASE": str(tmp_path / "db.sqlite3"), "PATH": "", "TERM": "dumb"},
    )
    os.close(child_end)
    try:
        screen = _read_until(main_end, "Empty square", timeout=120)  # slow on a busy machine
        assert "Empty square" in screen, screen
        time.sleep(0.3)  # the prompt is written just before input() waits
        process.send_signal(signal.SIGINT)
        screen += _read_until(main_end, "resume.", timeout=30)
        process.wait(timeout=30)
    finally:
        process.kill()
        os.close(main_end)
    assert process.returncode == 130, screen
    assert "Stopped. Run the same command again to resume." in screen
    assert "Traceback" not in screen


def _read_until(fd: int, text: str, timeout: float) -> str:
    seen, deadline = "", time.monotonic() + timeout
    while text not in seen and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.1)[0]:
            try:
                seen += os.read(fd, 4096).decode(errors="replace")
            except OSError:  # the child closed the terminal
                break
    return seen
