"""Imperial Settlers figures, each against a floor measured in the same run:

    .venv/bin/python -m bench.imperial_settlers

- render: every public view of a recorded 4-player AI game, in order (as a channel would see
  them), against a level-6 PNG encode of a blank canvas of the same size (target: median
  ≤ 0.5×, max ≤ 1.0× once the caches are warm) and against encode_png of it (bench.run's floor);
- full AI games per second (3 players, one core), and the AI's win rate against random seats.
"""

from __future__ import annotations

import io
import statistics
import time

from PIL import Image

from engine.ai import ai_seed, choose_action, play_out
from engine.registry import get_game
from render import render_png
from render.common import encode_png

GAME = get_game("imperial_settlers")
NAMES = ["アリス", "Bob", "Carol", "大輔"]


def recorded_views(seats: int, seed: int) -> list:
    state = GAME.setup(GAME.parse_options({"faction_assignment": "random"}), seats, seed)
    views = [GAME.view(state, None)]
    step = 0
    while prompts := GAME.pending(state):
        seat = prompts[0].seats[0]
        action = choose_action(GAME, state, prompts[0], seat, ai_seed(seed, step, seat))
        state, _ = GAME.apply(state, action)
        views.append(GAME.view(state, None))
        step += 1
    return views


def floors(size: tuple[int, int]) -> tuple[float, float]:
    blank = Image.new("RGB", size, (246, 241, 230))

    def level6() -> None:
        blank.save(io.BytesIO(), format="PNG", compress_level=6)

    return _median(level6, 7), _median(lambda: encode_png(blank), 7)


def _median(work, repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def bench_render() -> None:
    views = recorded_views(4, 3)
    known: dict[tuple[int, int], tuple[float, float]] = {}
    to_six, to_one = [], []
    for index, view in enumerate(views):
        started = time.perf_counter()
        png = render_png("imperial_settlers", view, NAMES, "ja")
        spent = time.perf_counter() - started
        size = Image.open(io.BytesIO(png)).size
        if size not in known:
            known[size] = floors(size)
        if index >= 5:  # warm caches (fonts, first tiles)
            to_six.append(spent / known[size][0])
            to_one.append(spent / known[size][1])
    print(
        f"imperial_settlers render, {len(to_six)} consecutive views (4 players): vs level-6 "
        f"blank encode median {statistics.median(to_six):.2f}× max {max(to_six):.2f}×; vs "
        f"encode_png(blank) median {statistics.median(to_one):.2f}× max {max(to_one):.2f}×"
    )


def bench_ai() -> None:
    rates = []
    for batch in range(3):
        started = time.perf_counter()
        for seed in range(batch * 10, batch * 10 + 10):
            state = GAME.setup(GAME.parse_options({"faction_assignment": "random"}), 3, seed)
            play_out(GAME, state, seed)
        rates.append(10 / (time.perf_counter() - started))
    print(
        f"full AI imperial_settlers games (3 players, one core): median "
        f"{statistics.median(rates):.1f}/s, best batch {max(rates):.1f}/s"
    )


if __name__ == "__main__":
    bench_render()
    bench_ai()
