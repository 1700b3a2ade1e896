"""Local terminal mode: a whole AI game, a hot-seat game with scripted answers, and resume."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
from pathlib import Path

from PIL import Image

from bot.local import LocalOptions, run_local


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
    images = sorted((tmp_path / "o").glob("imperium-*/0*.png"))
    assert len(images) >= 25
    assert Image.open(images[-1]).size[0] >= 1000


async def test_hot_seat_answers_are_applied_and_bad_input_is_asked_again(tmp_path: Path) -> None:
    answers = iter(["", "0 0 0", "", "2 2 x", "", "5 5 5"] + ["", "9 9 9"] * 40)
    lines: list[str] = []
    opts = options(tmp_path, players=2, ai=1, ai_only=False)
    session = await run_local(opts, ask=lambda prompt: (lines.append(prompt), next(answers))[1])
    outcome = session.outcome()
    assert outcome is not None and len(outcome.scores) == 2
    assert sum("Pass the keyboard" in line for line in lines) >= 8


async def test_interrupted_local_game_resumes(tmp_path: Path) -> None:
    calls = 0

    def stop_after_three(prompt: str) -> str:
        nonlocal calls
        calls += 1
        if calls > 6:
            raise EOFError
        return "" if "Pass" in prompt else "4 4 4"

    opts = options(tmp_path, players=2, ai=1, ai_only=False)
    with contextlib.suppress(EOFError):
        await run_local(opts, ask=stop_after_three)
    resumed = await run_local(opts, ask=lambda prompt: "" if "Pass" in prompt else "9 9 9")
    assert resumed.outcome() is not None and resumed.id == 1
    with sqlite3.connect(opts.database) as db:
        before = db.execute("SELECT COUNT(*) FROM inputs WHERE args LIKE '%[4,4,4]%'").fetchone()
        sessions = db.execute("SELECT COUNT(*) FROM sessions").fetchone()
    assert before == (3,) and sessions == (1,)
