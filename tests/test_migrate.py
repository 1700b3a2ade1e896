"""`python -m bot migrate --to postgresql://…`: a SQLite database copied whole, ids and all."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from bot.__main__ import main
from table.backend import open_store
from table.service import TableService
from table.store import SNAPSHOT_EVERY


async def played_sqlite(path: Path) -> tuple[int, int]:
    """A finished lobby, then a game SNAPSHOT_EVERY + 3 inputs in with a deadline."""
    store = await open_store(str(path))
    service = TableService(store)
    gone = await service.open(
        channel_id=1, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    await service.abort(gone)
    session = await service.open(
        channel_id=2, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    for _ in range(2):
        await service.add_ai(session, 1)
    await service.hand_seat_to_ai(session, 0)
    await service.start(session, 1)
    for _ in range(SNAPSHOT_EVERY + 3):
        await service.play_ai(session)
    await store.set_deadline(session.id, 1234.5, "remind")
    ended = await service.open(
        channel_id=3, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    for _ in range(2):
        await service.add_ai(ended, 1)
    await service.hand_seat_to_ai(ended, 0)
    await service.start(ended, 1)
    while await service.play_ai(ended) is not None:
        pass
    assert ended.status == "finished"
    await store.close()
    return gone.id, session.id


def test_migrate_copies_everything_and_refuses_a_second_run(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    sqlite = tmp_path / "forum.sqlite3"
    gone_id, session_id = asyncio.run(played_sqlite(sqlite))
    expected = asyncio.run(contents(str(sqlite), session_id))
    monkeypatch.setenv("FORUM_DATABASE", str(sqlite))
    config = os.devnull

    assert main(["--config", config, "migrate", "--to", postgres_url]) == 0
    assert "Copied 3 sessions" in capsys.readouterr().out
    copied = asyncio.run(contents(postgres_url, session_id))
    assert copied == expected, "state, row, log, snapshots and deadlines as they were"
    assert copied["snapshots"][0][0] == SNAPSHOT_EVERY
    assert asyncio.run(statuses(postgres_url)) == {
        gone_id: "aborted",
        session_id: "active",
        session_id + 1: "finished",
    }
    records = asyncio.run(finished_records(str(sqlite)))
    assert len(records[0]) == 3 and len(records[1]) == 1, "3 seats' results, one AI rating"
    assert asyncio.run(finished_records(postgres_url)) == records
    assert asyncio.run(new_session_id(postgres_url)) > session_id + 1, "no copied id reused"
    assert asyncio.run(analyzed(postgres_url)) >= {"sessions", "inputs", "clocks"}

    assert main(["--config", config, "migrate", "--to", postgres_url]) == 1
    assert "already holds sessions" in capsys.readouterr().out
    assert main(["--config", config, "migrate", "--to", str(tmp_path / "x.db")]) == 2


async def contents(database: str, session_id: int) -> dict:
    store = await open_store(database)
    try:
        session = await TableService(store).get(session_id)
        return {
            "live": (session.seq, session.state, session.row),
            "inputs": await store.inputs(session_id),
            "snapshots": await store.snapshots(session_id),
            "deadlines": await store.deadlines(),
        }
    finally:
        await store.close()


async def analyzed(database: str) -> set[str]:
    """Tables with planner statistics (the start-up queries need them right after a copy)."""
    store = await open_store(database)
    try:
        rows = await store.query(
            "SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL"
        )
        return {str(r[0]) for r in rows}
    finally:
        await store.close()


async def statuses(database: str) -> dict[int, str]:
    store = await open_store(database)
    try:
        return {row.id: row.status for row in await store.all_sessions()}
    finally:
        await store.close()


async def new_session_id(database: str) -> int:
    store = await open_store(database)
    try:
        session = await TableService(store).open(
            channel_id=1, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
        )
        return session.id
    finally:
        await store.close()


async def finished_records(database: str) -> tuple[list, list]:
    store = await open_store(database)
    try:
        results = await store.query("SELECT * FROM results ORDER BY session_id, seat")
        ratings = await store.query("SELECT * FROM ratings ORDER BY player")
        return [tuple(r) for r in results], [tuple(r) for r in ratings]
    finally:
        await store.close()


def test_migrate_to_an_unreachable_server_says_so_in_one_line(
    tmp_path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    sqlite = tmp_path / "forum.sqlite3"
    asyncio.run(played_sqlite(sqlite))
    monkeypatch.setenv("FORUM_DATABASE", str(sqlite))
    url = "postgresql://forum:secret@127.0.0.1:1/forum"  # port 1: nothing listens
    assert main(["--config", os.devnull, "migrate", "--to", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        "Cannot reach the PostgreSQL database at postgresql://forum:***@127.0.0.1:1"
    )
    assert err.count("\n") == 1 and "secret" not in err and "Traceback" not in err
