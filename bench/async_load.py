"""Thousands of slow games: `python -m bench.async_load [--games N] [--postgres URL]`.

With N open async tables (4 seats, one clock running each, so 4·N clocks) on SQLite and on
PostgreSQL (a throwaway server without a URL, as the tests start one):

- the deadline scan: CPU and wall time of one claim query when nothing is due (the usual
  minute) and when 1 % is due, against a floor of `SELECT 1` on the same connection;
- start-up: what `recover` does with today's rule (every open session loaded and its board
  queued for re-publishing: one POST or PATCH each, at least) against the async rule (tables
  whose board is current stay unloaded): seconds, sessions loaded, boards queued, and the
  RSS the loaded sessions add.

Each figure is the worst and median of several rounds, alternating the two rules.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterator
from pathlib import Path

import asyncpg

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from bench.pgserver import find_binaries, running_server
from bot.discord_app.turn_pings import public_turn_seats
from table.backend import open_store
from table.clock_queries import CLOCK_COLUMNS
from table.migrate import migrate
from table.pace import DAY
from table.queries import SESSION_COLUMNS
from table.service import TableService
from table.session_model import Seat, SessionMeta
from table.store import SessionRow, Store, session_values

ROUNDS = 5
MINUTE = 60.0
NOW = 1_800_000_000.0


def fill(path: str, games: int, channels: list[int] | None = None) -> None:
    """N active Caesar tables of 4 members, seat 0 owing (its clock running, due later; one
    in 100 within ~1.5 h), written in one transaction (the store's own writes sync each)."""
    sessions, tables, clocks = [], [], []
    for index in range(games):
        sid = index + 1
        seats = tuple(Seat(user_id=1000 + index * 4 + s, name=f"P{s}", ai=False) for s in range(4))
        row = SessionRow(
            sid, channels[index] if channels else 10_000 + index, 1, "caesar", 1, {}, index, "active", seats[0].user_id, seats,
            SessionMeta(shown=0),
        )  # fmt: skip
        sessions.append((sid, *session_values(row), NOW, NOW))
        tables.append((sid, DAY, "ai", 1, None, '{"days": 0, "votes": []}'))
        for seat in range(4):
            owing = seat == 0
            clocks.append((
                sid, seat, seats[seat].user_id, 2.0 * DAY, NOW - 3600 if owing else None, 1,
                2.0 * DAY, 0, 1, 0, NOW + 60 + index * 30 if owing else None,
            ))  # fmt: skip
    db = sqlite3.connect(path)
    with db:
        db.executemany(f"INSERT INTO sessions ({SESSION_COLUMNS}, created_at, updated_at)"
                       f" VALUES ({','.join('?' * 13)})", sessions)  # fmt: skip
        db.executemany("INSERT INTO async_tables VALUES (?,?,?,?,?,?)", tables)
        db.executemany(f"INSERT INTO clocks ({CLOCK_COLUMNS}) VALUES ({','.join('?' * 11)})",
                       clocks)  # fmt: skip
    db.close()


def _timed(rounds: list[tuple[float, float]]) -> str:
    cpu = [c * 1e3 for c, _ in rounds]
    wall = [w * 1e3 for _, w in rounds]
    return (
        f"cpu median {statistics.median(cpu):.2f} ms worst {max(cpu):.2f} ms;"
        f" wall median {statistics.median(wall):.2f} ms worst {max(wall):.2f} ms"
    )


async def _measure(pending: Awaitable[object]) -> tuple[float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    await pending
    return time.process_time() - cpu, time.perf_counter() - wall


async def scan_figures(store: Store, games: int) -> None:
    floor, idle, busy = [], [], []
    claimed: list[int] = []
    for round_ in range(ROUNDS):
        floor.append(await _measure(store.query("SELECT 1")))
        idle.append(await _measure(store.claim_due_clocks(NOW, "bench", 0.0)))
        # 1 % more of the tables come due each round (the long lease keeps earlier ones).
        due = NOW + 60 + (round_ + 1) * games * 30 / 100
        started = (time.process_time(), time.perf_counter())
        claimed.append(len(await store.claim_due_clocks(due, "bench", 1e9)))
        busy.append((time.process_time() - started[0], time.perf_counter() - started[1]))
    print(f"  floor (SELECT 1):        {_timed(floor)}")
    print(f"  scan, nothing due:       {_timed(idle)}")
    print(f"  scan, ~{max(claimed)} clocks due:  {_timed(busy)}")


def _rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20


async def startup_once(database: str, lazy: bool) -> None:
    """One start-up in this fresh process; prints `seconds loaded rss_added_mib`."""
    store = await open_store(database)
    try:
        gc.collect()
        before, started = _rss_mb(), time.perf_counter()
        healthy, _ = await TableService(store).recoverable(lazy)
        took = time.perf_counter() - started
        print(f"{took:.3f} {len(healthy)} {_rss_mb() - before:.1f}")
    finally:
        await store.close()


def startup_figures(database: str) -> None:
    """Each rule in a process of its own (RSS is the process's), three rounds alternated."""
    rules = {"today (load all, re-publish all)": "0", "async (current boards wait)": "1"}
    results: dict[str, list[list[float]]] = {name: [] for name in rules}
    for _ in range(3):
        for name, lazy in rules.items():
            command = [sys.executable, "-m", "bench.async_load", "--startup", database, lazy]
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            results[name].append([float(part) for part in out.split()])
    for name, runs in results.items():
        took = [r[0] for r in runs]
        print(
            f"  {name}: {statistics.median(took):.2f} s median, {max(took):.2f} s worst;"
            f" sessions loaded and boards queued {int(runs[0][1])};"
            f" RSS +{max(r[2] for r in runs):.0f} MiB worst"
        )


async def run(database: str, games: int, label: str) -> None:
    store = await open_store(database)
    try:
        await scan_figures(store, games)
    finally:
        await store.close()
    startup_figures(database)


BOT_RULES = {"live": "live tables, boards current", "async": "async tables"}


async def bot_figures(games: int, rules: list[str], postgres: str | None = None) -> None:
    """The whole bot starting over the fake Discord with N tables: the same games played
    live (loaded, their boards current: re-posted each before issue 28 item 7, left alone
    since) and as async tables: seconds until start-up recovery is done and the bot idle, REST
    calls it made in its first minute, and RSS added. With `postgres`, the tables are copied
    there (as `python -m bot migrate` does) and the bot runs on it."""
    async with FakeDiscord() as fake:
        channels = [fake.add_channel(f"table-{n}") for n in range(games)]
        for rule in (BOT_RULES[r] for r in rules):
            with tempfile.TemporaryDirectory() as folder:
                path = str(Path(folder) / "forum.sqlite3")
                await _create(path)
                fill(path, games, channels)
                if rule == BOT_RULES["live"]:
                    with contextlib.closing(sqlite3.connect(path)) as db, db:
                        db.execute("DELETE FROM clocks")
                        db.execute("DELETE FROM async_tables")
                    await _current_boards(fake, path)
                database = path
                if postgres:
                    await _empty(postgres)
                    await migrate(path, postgres)
                    database = postgres
                await _start_once(fake, database, rule)


async def _start_once(fake: FakeDiscord, database: str, rule: str) -> None:
    gc.collect()
    calls, rss = len(fake.store.requests), _rss_mb()
    harness = Harness(fake, database, rest_per_second=50)  # type: ignore[arg-type]  # Discord's pace
    started = time.perf_counter()
    bot = await harness.start()  # returns once start-up recovery has run
    ready = time.perf_counter() - started
    while bot._tasks and time.perf_counter() - started < MINUTE:
        await asyncio.sleep(0.2)  # its re-posts, at Discord's pace
    idle = time.perf_counter() - started
    await asyncio.sleep(max(0.0, MINUTE - idle))  # the rest of its first minute
    made = len(fake.store.requests) - calls
    print(f"  {rule}: recovered in {ready:.1f} s, idle after {idle:.1f} s"
          f"{' (still busy)' if bot._tasks else ''}; {made} REST calls in the"
          f" first minute; RSS +{_rss_mb() - rss:.0f} MiB")  # fmt: skip
    await harness.stop()


async def _empty(url: str) -> None:
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await connection.close()


async def _current_boards(fake: FakeDiscord, path: str) -> None:
    """Each table as a running bot leaves it: its board posted (a message in its channel)
    showing the log's last input, and the turn it pinged for noted."""
    store = await open_store(path)
    try:
        service = TableService(store)
        for row in await store.open_sessions():
            session = await service.get(row.id)
            channel = fake.store.channel(row.channel_id)
            board = fake.store.create_message(channel, fake.store.bot, {"content": "board"}, [])
            turn = tuple(public_turn_seats(session))
            await service.set_meta(session, board=board.id, shown=session.seq, turn_seats=turn)
    finally:
        await store.close()


@contextlib.contextmanager
def _postgres(url: str | None) -> Iterator[str | None]:
    if url:
        yield url
        return
    binaries = find_binaries()
    if binaries is None:
        yield None
        return
    with running_server(binaries, durable=True) as started:
        yield started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--postgres", default=None)
    parser.add_argument("--skip-postgres", action="store_true")
    parser.add_argument("--bot", type=int, default=0, help="also start the bot over N tables")
    parser.add_argument("--bot-rules", default="live,async", help="live, async or both")
    parser.add_argument("--bot-postgres", action="store_true", help="the bot on PostgreSQL")
    parser.add_argument("--startup", nargs=2, metavar=("DATABASE", "LAZY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.startup:
        asyncio.run(startup_once(args.startup[0], args.startup[1] == "1"))
        return
    if args.bot:
        rules = args.bot_rules.split(",")
        if args.bot_postgres:
            with _postgres(args.postgres) as url:
                print(f"The bot over the fake Discord, {args.bot} tables (PostgreSQL):")
                asyncio.run(bot_figures(args.bot, rules, url))
        else:
            print(f"The bot over the fake Discord, {args.bot} tables (SQLite):")
            asyncio.run(bot_figures(args.bot, rules))
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "forum.sqlite3")
        asyncio.run(_create(path))
        fill(path, args.games)
        print(f"SQLite, {args.games} async tables ({4 * args.games} clocks):")
        asyncio.run(run(path, args.games, "SQLite"))
        with contextlib.closing(sqlite3.connect(path)) as db, db:
            db.execute("UPDATE clocks SET claimed_by=NULL, claimed_until=NULL")  # as filled
        if args.skip_postgres:
            return
        with _postgres(args.postgres) as url:
            if url is None:
                print("PostgreSQL: no binaries found; skipped")
                return
            started = time.perf_counter()
            asyncio.run(migrate(path, url))  # python -m bot migrate's own copy
            print(f"PostgreSQL (copied in {time.perf_counter() - started:.0f} s):")
            asyncio.run(run(url, args.games, "PostgreSQL"))


async def _create(path: str) -> None:
    await (await open_store(path)).close()  # the schema, by the store's own migrations


if __name__ == "__main__":
    main()
