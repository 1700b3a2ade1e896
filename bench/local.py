"""Local-mode figures: one AI-only game per registered game, run as a user would
(`python -m bot local GAME --ai-only`), timed from process start to exit.

    .venv/bin/python -m bench.local [--limit 20]

Prints seconds per game against the limit (the bound test_local_ai_only_game_finishes once
asserted; timing belongs here, the test checks the game's result).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from engine.core import playable_seats
from engine.registry import GAMES


def run_local(game_id: str, players: int, seed: int) -> tuple[float, int]:
    """(seconds, exit code) of one AI-only local game in a fresh folder and database."""
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "-m", "bot", "--config", os.devnull, "local",
             game_id, "--ai-only", "--players", str(players), "--seed", str(seed),
             "--out", str(Path(folder) / "out")],
            capture_output=True,
            cwd=folder,
            env={
                "FORUM_DATABASE": str(Path(folder) / "forum.sqlite3"),
                "PATH": os.environ.get("PATH", ""),
                "PYTHONPATH": str(Path.cwd()),
            },
        )  # fmt: skip
        return time.perf_counter() - started, result.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=20.0, help="seconds allowed per game")
    parser.add_argument("--seed", type=int, default=21)
    args = parser.parse_args()
    for game_id, game in sorted(GAMES.items()):
        players = min(playable_seats(game))
        seconds, code = run_local(game_id, players, args.seed)
        verdict = f"FAILED (exit {code})" if code else "ok" if seconds < args.limit else "OVER"
        print(
            f"local {game_id:20} {players} players: {seconds:5.1f} s (limit {args.limit:g} s) {verdict}"
        )


if __name__ == "__main__":
    main()
