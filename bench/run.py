"""Forum benchmark: prints figures, each next to a floor measured in the same run.

    .venv/bin/python -m bench.run            # engine, AI, render, persistence
    .venv/bin/python -m bench.run --discord  # also a full game through the fake Discord

Targets: every board of every registered game ≤ 1.0× the level-6 PNG encode of a blank canvas
of its size (median ≤ 0.5×), persist ≤ 1.5× its floor, ≥ 1,000 full AI Imperium games/s per
core. Medians (renders: best runs, alternated with their floor) of repeated runs; the machine
is shared, so compare ratios, not absolute times.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import aiosqlite
from PIL import Image

from engine.ai import play_out
from engine.core import Game, playable_seats
from engine.registry import GAMES, get_game
from render import render_png
from render.common import BACKGROUND
from table.service import TableService
from table.store import InputRow, Store

IMPERIUM = get_game("imperium")
NAMES = ["アリス", "Bob", "Carol", "大輔", "Eve", "Fay", "源"]


def median_seconds(work: Callable[[], object], repeats: int) -> float:
    work()  # warm-up
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def recorded_game(seats: int = 3, seed: int = 1):
    start = IMPERIUM.setup(IMPERIUM.parse_options({}), seats, seed)
    final, actions = play_out(IMPERIUM, start, seed)
    return start, final, actions


def bench_apply() -> None:
    start, _, actions = recorded_game()

    def replay() -> None:
        state = start
        for action in actions:
            state, _ = IMPERIUM.apply(state, action)

    per_game = median_seconds(replay, 300)
    print(
        f"imperium inputs applied: {len(actions) / per_game:,.0f}/s "
        f"({per_game / len(actions) * 1e6:.1f} µs each, {len(actions)} inputs per game)"
    )


def bench_ai_games() -> None:
    """Batches, because this shared machine swings by 2× within seconds: median and best."""
    rates = []
    for batch in range(8):
        started = time.perf_counter()
        for seed in range(batch * 60, batch * 60 + 60):
            play_out(IMPERIUM, IMPERIUM.setup(IMPERIUM.parse_options({}), 3, seed), seed)
        rates.append(60 / (time.perf_counter() - started))
    print(
        f"full AI imperium games (3 players, one core): median {statistics.median(rates):,.0f}/s,"
        f" best batch {max(rates):,.0f}/s (target ≥ 1,000/s)"
    )


def ratio_to_floor(render: Callable[[], bytes], repeats: int = 5) -> tuple[float, tuple[int, int]]:
    """Best render time over the best level-6 PNG encode of a blank RGB canvas of the board's
    size (the floor), timed in alternation so a load change on this shared machine hits both."""
    size = Image.open(io.BytesIO(render())).size
    blank = Image.new("RGB", size, BACKGROUND)

    def floor() -> None:
        blank.save(io.BytesIO(), format="PNG", compress_level=6)

    floor()
    renders, floors = [], []
    for _ in range(repeats):
        for work, samples in ((render, renders), (floor, floors)):
            started = time.perf_counter()
            work()
            samples.append(time.perf_counter() - started)
    return min(renders) / min(floors), size


def sampled_boards(game: Game, seats: int, seed: int, samples: int = 6):
    """(view, outcome) at `samples` evenly spaced positions of one seeded AI game, the final
    position last (with its outcome, so the results strip is timed too)."""
    start = game.setup(game.parse_options({}), seats, seed)
    _, actions = play_out(game, start, seed)
    marks = {len(actions) * k // samples for k in range(samples)}
    state = start
    for index, action in enumerate(actions):
        if index in marks:
            yield game.view(state, None), None
        state, _ = game.apply(state, action)
    yield game.view(state, None), game.outcome(state)


def render_ratios(game_id: str) -> list[tuple[float, str]]:
    """(render time / floor, which board) for one game at every seat count and both languages."""
    game = GAMES[game_id]
    ratios = []
    for seats in playable_seats(game):
        for view, outcome in sampled_boards(game, seats, seed=seats):
            for locale in ("en", "ja"):
                render = partial(render_png, game_id, view, NAMES[:seats], locale, outcome=outcome)
                ratio, (width, height) = ratio_to_floor(render)
                stage = "final" if outcome else "mid-game"
                ratios.append((ratio, f"{game_id} {seats}p {locale} {stage} {width}×{height}"))
    return ratios


def bench_render() -> None:
    """Every registered game, every seat count, both languages, positions of seeded play: each
    render's time over the floor of its own canvas size. Nothing here names a game."""
    everything: list[tuple[float, str]] = []
    for game_id in sorted(GAMES):
        ratios = render_ratios(game_id)
        values = [ratio for ratio, _ in ratios]
        print(
            f"render {game_id}: median {statistics.median(values):.2f}×, worst {max(values):.2f}× "
            f"the level-6 blank-canvas floor ({len(values)} boards)"
        )
        everything += ratios
    worst = max(everything)
    median = statistics.median(ratio for ratio, _ in everything)
    print(
        f"render, all games: median {median:.2f}× (target ≤ 0.5), worst {worst[0]:.2f}× "
        f"(target ≤ 1.0) at {worst[1]}"
    )


async def bench_persist() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = TableService(store)
        session = await service.open(
            channel_id=1,
            guild_id=1,
            game_id="imperium",
            options={},
            host_id=1,
            host_name="A",
            seed=1,
        )
        await service.join(session, 2, "B")
        await service.join(session, 3, "C")
        await service.start(session, 1)
        other = await service.open(
            channel_id=2,
            guild_id=1,
            game_id="imperium",
            options={},
            host_id=1,
            host_name="A",
            seed=1,
        )
        row = InputRow(0, 0, "select", {"regions": [1, 2, 3]}, "r1.select")
        persist, bare, submits = [], [], []
        raw = await aiosqlite.connect(Path(folder) / "floor.sqlite3")
        await raw.execute("PRAGMA journal_mode=WAL")
        await raw.execute("PRAGMA synchronous=FULL")
        await raw.execute("CREATE TABLE t (a INTEGER, b INTEGER, c TEXT)")
        for seq in range(1, 401):
            started = time.perf_counter()
            await store.append_input(
                other.id, InputRow(seq, row.seat, row.move, row.args, row.prompt_key)
            )
            persist.append(time.perf_counter() - started)
            started = time.perf_counter()
            await raw.execute("INSERT INTO t VALUES (?,?,?)", (999, seq, '{"regions":[1,2,3]}'))
            await raw.commit()
            bare.append(time.perf_counter() - started)
        while session.outcome() is None:
            seat, prompt = (
                service.ai_turns(session)[0]
                if service.ai_turns(session)
                else (next((s, p) for p in session.pending() for s in p.seats))
            )
            action = service.ai_action(session, seat, prompt)
            started = time.perf_counter()
            await service.submit(session, seat, action.move, action.args, prompt.key)
            submits.append(time.perf_counter() - started)
        await raw.close()
        await store.close()
    p, b = statistics.median(persist), statistics.median(bare)
    print(
        f"persist one input: {p * 1000:.3f} ms vs bare aiosqlite insert+commit "
        f"{b * 1000:.3f} ms → ratio {p / b:.2f} (target ≤ 1.5)"
    )
    print(
        f"table submit (lock + rules + commit), median: {statistics.median(submits) * 1000:.3f} ms"
    )


async def bench_discord() -> None:
    """A full three-player game through the real bot and the loopback fake Discord."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bench.bot_harness import Harness
    from bench.fakediscord import FakeDiscord

    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake:
            users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
            harness = Harness(fake, Path(folder) / "db.sqlite3")
            bot = await harness.start()
            await harness.open_table(users)
            before = len(fake.requests)
            for round_no in range(1, 9):
                scored = min(round_no, 8)
                for user, picks in zip(
                    users, ([scored] * 3, [9] * 3, [scored, scored, 9]), strict=True
                ):
                    await harness.choose(user, f"r{round_no}.select", [p - 1 for p in picks])
            await harness.settle()
            calls = fake.requests[before:]
            await harness.stop()
    acks = sorted(bot.metrics["interaction.ok"])
    publish = sorted(bot.metrics["publish"])
    callbacks = sum(1 for r in calls if "/callback" in r.path)

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000

    print(
        f"discord: confirm click handled (rules + commit + answer): p50 {pct(acks, 0.5):.1f} ms, "
        f"p99 {pct(acks, 0.99):.1f} ms over {len(acks)} inputs"
    )
    print(
        f"discord: publish per state change (render + board edit + DMs): p50 "
        f"{pct(publish, 0.5):.1f} ms, p99 {pct(publish, 0.99):.1f} ms"
    )
    print(
        f"discord: API calls per accepted input: {(len(calls) - callbacks) / 24:.2f} by the bot "
        f"+ {callbacks / 24:.2f} interaction answers (3 picks + confirm per input)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--discord", action="store_true")
    args = parser.parse_args()
    bench_apply()
    bench_ai_games()
    bench_render()
    asyncio.run(bench_persist())
    if args.discord:
        asyncio.run(bench_discord())


if __name__ == "__main__":
    main()
