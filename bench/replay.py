"""Replay figures: for each game, the longest of a few AI games at its largest table, exported,
then replayed as /game replay would (frames chosen, boards drawn, animation encoded).

    .venv/bin/python -m bench.replay [--seeds 4]

Prints inputs, frames, seconds and size per game against Discord's 10 MB upload limit.
"""

from __future__ import annotations

import argparse
import time

from bot.frontend.replay import animation, frame_steps
from engine.ai import play_out
from engine.core import playable_seats
from engine.registry import GAMES
from render.replay import MAX_FRAMES, UPLOAD_LIMIT
from table.export import build_export, dump_export, load_export
from table.session_model import Seat, SessionMeta
from table.store import InputRow, SessionRow

NAMES = ["アリス", "Bob", "Carol", "大輔", "Eve", "Fay", "源"]


def longest_export(game_id: str, seeds: int) -> str:
    game = GAMES[game_id]
    seats = max(playable_seats(game))
    options = game.parse_options({})
    best: tuple[int, str] = (-1, "")
    for seed in range(seeds):
        final, actions = play_out(game, game.setup(options, seats, seed), seed)
        outcome = game.outcome(final)
        if outcome is None or len(actions) <= best[0]:
            continue
        row = SessionRow(
            1, 1, 1, game_id, game.rules_version, options.model_dump(), seed, "finished", 1,
            tuple(Seat(user_id=s, name=NAMES[s], ai=True) for s in range(seats)),
            SessionMeta(),
        )  # fmt: skip
        inputs = [InputRow(n, a.seat, a.move, a.args, "") for n, a in enumerate(actions, 1)]
        best = (len(actions), dump_export(build_export(row, inputs, outcome)))
    return best[1]


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.replay")
    parser.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args()
    print(f"limit {UPLOAD_LIMIT / 2**20:.0f} MiB, at most {MAX_FRAMES} frames per replay")
    print(f"{'game':<18}{'inputs':>7}{'boards':>7}{'frames':>7}{'seconds':>9}{'MiB':>7}")
    for game_id in sorted(GAMES):
        text = longest_export(game_id, args.seeds)
        export = load_export(text)
        boards = len(frame_steps(export, "ja"))
        started = time.perf_counter()
        data, extension, frames = animation(text, "ja")
        seconds = time.perf_counter() - started
        print(
            f"{game_id:<18}{len(export.inputs):>7}{boards:>7}{frames:>7}"
            f"{seconds:>9.2f}{len(data) / 2**20:>7.2f} {extension}"
        )


if __name__ == "__main__":
    main()
