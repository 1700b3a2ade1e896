"""Async tables' storage on both stores (SQLite file, real PostgreSQL): clocks, the deadline
scan's claim (one process per clock), notices claimed once, players' settings and vacations,
heartbeats and downtimes, and the migration of an existing database."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from table import sqlite
from table.backend import open_store
from table.clocks import SeatClock, UserPrefs
from table.pace import Pace, TablePace
from table.session_model import Seat, SessionMeta
from table.store import InputRow, SessionRow, Store


async def session(store: Store, channel: int) -> int:
    seats = tuple(Seat(user_id=100 + i, name=f"P{i}", ai=False) for i in range(4))
    row = SessionRow(0, channel, 1, "space_emperor", 1, {}, 5, "active", 100, seats, SessionMeta())
    return await store.create_session(row)


async def test_clocks_and_table_pace_round_trip(opened: Store) -> None:
    sid = await session(opened, 1)
    table = TablePace(sid, Pace(86400), "pass", True, 123.5, (100, 101), 3)
    await opened.save_table_pace(table)
    assert await opened.table_pace(sid) == table
    assert await opened.table_pace(sid + 1) is None
    clock = SeatClock(sid, 2, 102, 3600.0, 50.0, 4, 7200.0, 1, True, False, 99.0)
    await opened.save_clock(clock)
    assert await opened.clocks(sid) == [clock]
    assert await opened.clocks_of_user(102) == [clock]
    assert await opened.clocks_of_user(103) == []


async def test_the_scan_claims_each_due_clock_once_until_saved(opened: Store) -> None:
    sid = await session(opened, 1)
    for seat, due in enumerate((10.0, 20.0, None, 40.0)):
        await opened.save_clock(SeatClock(sid, seat, 100 + seat, 60.0, due_at=due))
    assert await opened.claim_due_clocks(25.0, "a", 60.0) == [(sid, 0), (sid, 1)]
    assert await opened.claim_due_clocks(26.0, "b", 60.0) == []  # still a's
    assert await opened.claim_due_clocks(90.0, "b", 60.0) == [(sid, 0), (sid, 1), (sid, 3)]
    await opened.save_clock(SeatClock(sid, 0, 100, 60.0, due_at=500.0))  # saving releases
    assert await opened.claim_due_clocks(100.0, "c", 60.0) == []
    assert await opened.claim_due_clocks(600.0, "c", 60.0) == [(sid, 0), (sid, 1), (sid, 3)]


async def test_a_notice_is_claimed_once(opened: Store) -> None:
    sid = await session(opened, 1)
    assert await opened.claim_notice(sid, 1, 3, "turn", 101, 5.0)
    assert not await opened.claim_notice(sid, 1, 3, "turn", 101, 6.0)
    assert await opened.claim_notice(sid, 1, 3, "remind1", 101, 7.0)
    assert await opened.claim_notice(sid, 1, 4, "turn", 101, 8.0)
    await opened.set_notice_message(sid, 1, 3, "turn", 777)
    assert await opened.notice_message(sid, 1, 3, "turn") == 777
    assert await opened.notice_message(sid, 1, 4, "turn") is None


async def test_user_prefs_vacations_and_downtimes(opened: Store) -> None:
    assert await opened.user_prefs([5]) == {5: UserPrefs(5)}
    mine = UserPrefs(5, "Asia/Tokyo", 23 * 60, 7 * 60, "mention")
    await opened.save_user_prefs(mine)
    assert (await opened.user_prefs([5, 6]))[5] == mine
    await opened.add_vacation(5, 100.0, 500.0)
    await opened.end_vacation(5, 200.0)
    assert await opened.vacations(5, 0.0) == [(100.0, 200.0)]
    assert await opened.vacations(5, 300.0) == []
    assert await opened.last_beat() is None
    await opened.beat("a", 10.0)
    await opened.beat("b", 30.0)
    await opened.beat("a", 20.0)
    assert await opened.last_beat() == 30.0
    await opened.add_downtime(30.0, 90.0)
    await opened.add_downtime(30.0, 90.0)  # a second process starting at once: one downtime
    assert await opened.downtimes(0.0) == [(30.0, 90.0)]


async def test_two_processes_never_claim_the_same_clock(database: str) -> None:
    if "postgres" not in database:
        pytest.skip("one process owns a SQLite file")
    first, second = await open_store(database), await open_store(database)
    try:
        sid = await session(first, 1)
        for seat in range(4):
            await first.save_clock(SeatClock(sid, seat, 100 + seat, 60.0, due_at=float(seat)))
        claims = await asyncio.gather(
            *(store.claim_due_clocks(10.0, name, 60.0, limit=1) for store, name in
              [(first, "a"), (second, "b")] * 4)
        )  # fmt: skip
        taken = [c for claim in claims for c in claim]
        while more := await second.claim_due_clocks(10.0, "b", 60.0, limit=1):
            taken += more  # a claim may find every row locked by another one at that moment
        assert sorted(taken) == [(sid, seat) for seat in range(4)]  # each once, none twice
        notices = await asyncio.gather(
            *(s.claim_notice(sid, 0, 1, "turn", 100, 1.0) for s in (first, second) * 3)
        )
        assert sum(notices) == 1
    finally:
        await first.close()
        await second.close()


async def test_an_existing_database_gains_the_async_tables(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path)
    for number, script in enumerate(sqlite.MIGRATIONS[:5], start=1):
        old.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")
    old.close()
    store = await open_store(str(path))
    try:
        assert await store.schema_version() == len(sqlite.MIGRATIONS) >= 6
        assert await store.user_prefs([1]) == {1: UserPrefs(1)}
    finally:
        await store.close()


async def test_idle_async_sessions_are_those_whose_board_shows_the_last_input(
    opened: Store,
) -> None:
    """Idle: async, board current, every seat a member with a clock (none handed to the AI)."""
    ids = [await session(opened, channel) for channel in (1, 2, 3, 4)]
    for sid in ids[:3]:  # three async tables, one live
        await opened.save_table_pace(TablePace(sid, Pace(3600)))
        for seat in range(4):
            gone = sid == ids[2] and seat == 3  # its clock ran out: an AI plays it
            await opened.save_clock(SeatClock(sid, seat, 100 + seat, 60.0, timed_out=gone))
    for sid, shown in zip(ids, (1, 0, 1, 1), strict=True):
        await opened.append_input(sid, InputRow(1, 0, "m", {}, "k"))
        await opened.save_meta(sid, SessionMeta(shown=shown))
    assert await opened.idle_async_sessions() == frozenset({ids[0]})
    assert [row.id for row in await opened.open_sessions_but_idle()] == ids[1:]
