"""PostgreSQL persistence figures: `python -m bench.postgres [URL]`.

Persisting one input the way several processes do it (hold the session row, read the stored
seq, insert, commit) against a bare asyncpg insert+commit in the same run and on the same
server, plus whole submits (hold + rules + commit). Without a URL, a throwaway durable server
(fsync on) is started from the machine's PostgreSQL binaries, as the tests do.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

import asyncpg

from bench.run import open_imperium
from table.pgstore import PostgresStore
from table.service import TableService
from table.store import InputRow

ROUNDS = 400


async def persist_figures(url: str) -> None:
    store = await PostgresStore.open(url)
    service = TableService(store)
    session = await _all_ai_game(service)
    other = await _all_ai_game(service, channel=2)
    raw = await asyncpg.connect(url)
    # A logged table like the store's (a TEMP one skips the WAL and would flatter the floor).
    await raw.execute("CREATE TABLE bench_floor (a BIGINT, b INTEGER, c TEXT)")
    args = {"regions": [1, 2, 3]}
    persist, bare, bare_tx = [], [], []
    for seq in range(1, ROUNDS + 1):
        started = time.perf_counter()
        await store.append_input(other.id, InputRow(seq, 0, "select", args, "r1.select"))
        persist.append(time.perf_counter() - started)
        started = time.perf_counter()
        await raw.execute(
            "INSERT INTO bench_floor VALUES ($1,$2,$3)", 999, seq, '{"regions":[1,2,3]}'
        )
        bare.append(time.perf_counter() - started)
        started = time.perf_counter()
        async with raw.transaction():
            await raw.execute(
                "INSERT INTO bench_floor VALUES ($1,$2,$3)", 9, seq, '{"regions":[1]}'
            )
        bare_tx.append(time.perf_counter() - started)
    submits = []
    while session.outcome() is None:
        started = time.perf_counter()
        await service.play_ai(session)
        submits.append(time.perf_counter() - started)
    await raw.execute("DROP TABLE bench_floor")
    await raw.close()
    await store.close()
    p, b, t = (statistics.median(x) for x in (persist, bare, bare_tx))
    print(
        f"persist one input (next seq of an active session, commit): {p * 1000:.3f} ms; bare asyncpg"
        f" insert+commit {b * 1000:.3f} ms → {p / b:.2f}× (target ≤ 1.5); bare in an explicit"
        f" transaction {t * 1000:.3f} ms → {p / t:.2f}×"
    )
    print(
        f"table submit (locks + rules + commit), median: {statistics.median(submits) * 1000:.3f} ms"
    )


async def _all_ai_game(service: TableService, channel: int = 1):
    session = await open_imperium(service, channel)
    await service.add_ai(session, 1)
    await service.add_ai(session, 1)
    await service.hand_seat_to_ai(session, 0)
    await service.start(session, 1)
    return session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("url", nargs="?", help="postgresql://… (default: a throwaway server)")
    args = parser.parse_args()
    if args.url:
        asyncio.run(persist_figures(args.url))
        return
    from bench.pgserver import find_binaries, running_server

    binaries = find_binaries()
    if binaries is None:
        raise SystemExit("no PostgreSQL binaries found; pass a postgresql:// URL")
    with running_server(binaries, durable=True) as url:
        asyncio.run(persist_figures(url))


if __name__ == "__main__":
    main()
