"""One contract for both stores: every test runs on a SQLite file and on a real PostgreSQL.

The PostgreSQL server is started by the tests themselves (bench/pgserver.py); the backend is
chosen by the database setting exactly as the bot chooses it (table.backend.open_store).
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3

import pytest
from pydantic import ValidationError

from bench.pgserver import until_a_session_waits_on_a_lock
from table import pgstore, ratings, sqlite
from table.backend import open_store
from table.service import TableService
from table.session_model import Seat, SessionMeta
from table.store import ChannelBusy, InputRow, SessionMoved, SessionRow, Store, StoreRefused

CHANNEL = 42


def lobby_row(channel: int = CHANNEL, status: str = "lobby") -> SessionRow:
    seats = (Seat(user_id=100, name="Host", ai=False),)
    return SessionRow(
        0, channel, 1, "imperium", 1, {"a": 1}, 2**62 + 5, status, 100, seats, SessionMeta()
    )


def move(seq: int, args: dict | None = None) -> InputRow:
    return InputRow(seq, 0, "pick", args if args is not None else {"b": 2, "a": [1]}, f"k{seq}")


def test_both_backends_have_every_migration() -> None:
    assert len(pgstore.MIGRATIONS) == len(sqlite.MIGRATIONS)


# The first 16 hex digits of each shipped migration script's sha256, per backend: a migration
# that shipped is never edited (both are built from one template in table.schema), only followed.
SHIPPED = {
    "sqlite": ("2c4e4162edbc9120", "e20537fa025db058", "4310709daa0656c6", "ace6c585b91fdc4f",
               "f27ccdb1a42d2345"),
    "postgresql": ("2b70a7067fc89093", "5849e65d42fe13c1", "a151e4a4c69ffbbc",
                   "8e31a6e1a06aa623", "df14cc7a0d022577"),
}  # fmt: skip


def test_shipped_migrations_are_unchanged() -> None:
    for backend, scripts in (("sqlite", sqlite.MIGRATIONS), ("postgresql", pgstore.MIGRATIONS)):
        digests = tuple(hashlib.sha256(script.encode()).hexdigest()[:16] for script in scripts)
        assert digests[: len(SHIPPED[backend])] == SHIPPED[backend], backend


async def test_migrations_are_versioned_and_run_once(database: str) -> None:
    first = await open_store(database)
    session_id = await first.create_session(lobby_row())
    await first.close()
    again = await open_store(database)  # a second open must neither fail nor wipe anything
    try:
        assert await again.schema_version() == len(sqlite.MIGRATIONS)
        assert (await again.session(session_id)) is not None
    finally:
        await again.close()


async def test_history_chunks_are_stored_once_and_read_back_in_order(opened: Store) -> None:
    """Issue 30 row 6: /game history spills a long game's public events to either store."""
    session_id = await opened.create_session(lobby_row())
    for chunk in (2, 0, 1):
        await opened.spill_history(session_id, chunk, f'[[{chunk}, "e{chunk}"]]')
    await opened.spill_history(session_id, 1, '[[1, "changed"]]')  # stored already: kept
    assert await opened.history_chunks(session_id, 1, 2) == [(1, '[[1, "e1"]]'), (2, '[[2, "e2"]]')]
    assert await opened.history_chunks(session_id, 0, 0) == [(0, '[[0, "e0"]]')]
    assert await opened.history_chunks(session_id + 1, 0, 9) == []


async def test_sessions_round_trip_and_one_open_session_per_channel(opened: Store) -> None:
    row = lobby_row()
    row.id = await opened.create_session(row)
    assert await opened.session(row.id) == row, "every field, big seed and JSON included"
    with pytest.raises(ChannelBusy):
        await opened.create_session(lobby_row())
    row.status, row.meta, row.host_id = "active", SessionMeta(board=9), 101
    row.seats = (*row.seats, Seat(user_id=101, name="P1", ai=True, locale="en"))
    await opened.save_session(row)
    assert await opened.open_session_in(CHANNEL) == row
    assert [r.id for r in await opened.open_sessions()] == [row.id]
    row.status = "finished"
    await opened.save_session(row)
    assert await opened.open_session_in(CHANNEL) is None
    assert await opened.open_sessions() == []
    second = await opened.create_session(lobby_row())  # a finished game frees the channel
    assert second > row.id
    assert [r.id for r in await opened.all_sessions()] == [row.id, second]
    assert await opened.session(second + 100) is None


async def test_input_log_snapshots_and_duplicates(opened: Store) -> None:
    session_id = await opened.create_session(lobby_row(status="active"))
    await opened.append_input(session_id, move(1))
    await opened.append_input(session_id, move(2, {"x": "ü"}), snapshot='{"s":2}')
    await opened.append_input(session_id, move(3), snapshot='{"s":3}', status="finished")
    assert [r.seq for r in await opened.inputs(session_id)] == [1, 2, 3]
    assert await opened.inputs(session_id, after=1) == [move(2, {"x": "ü"}), move(3)]
    assert await opened.latest_snapshot(session_id) == (3, '{"s":3}')
    assert await opened.snapshots(session_id) == [(2, '{"s":2}'), (3, '{"s":3}')]
    assert (await opened.session(session_id)).status == "finished"
    # Equal arguments in another key order are the same input (canonical JSON).
    found = await opened.find_input(session_id, 0, "k1", "pick", {"a": [1], "b": 2})
    assert found is not None and found.seq == 1
    assert await opened.find_input(session_id, 0, "k1", "pick", {"a": [2], "b": 2}) is None


async def test_a_refused_append_stores_nothing_of_it(opened: Store) -> None:
    session_id = await opened.create_session(lobby_row(status="active"))
    await opened.append_input(session_id, move(1))
    with pytest.raises((SessionMoved, sqlite3.IntegrityError)):  # the seq is taken
        await opened.append_input(session_id, move(1), snapshot="{}", status="finished")
    assert [r.seq for r in await opened.inputs(session_id)] == [1]
    assert await opened.latest_snapshot(session_id) is None
    assert (await opened.session(session_id)).status == "active"
    await opened.append_input(session_id, move(2))  # the store still works afterwards
    assert [r.seq for r in await opened.inputs(session_id)] == [1, 2]


async def test_deadlines_are_set_replaced_cleared_and_claimed_once(opened: Store) -> None:
    first = await opened.create_session(lobby_row(1))
    second = await opened.create_session(lobby_row(2))
    await opened.set_deadline(first, 10.0, "remind")
    await opened.set_deadline(first, 20.0, "idle")
    await opened.set_deadline(second, 50.0, "remind")
    assert sorted(await opened.deadlines()) == [(first, 20.0, "idle"), (second, 50.0, "remind")]
    assert await opened.claim_due_deadlines(30.0) == [(first, 20.0, "idle")]
    assert await opened.claim_due_deadlines(30.0) == [], "a claimed deadline is gone"
    await opened.clear_deadline(second)
    assert await opened.deadlines() == []


async def test_a_game_played_through_the_service_restarts_identically(database: str) -> None:
    backend = await open_store(database)
    service = TableService(backend)
    session = await service.open(
        channel_id=CHANNEL, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    await service.add_ai(session, 1)
    await service.add_ai(session, 1)
    await service.hand_seat_to_ai(session, 0)
    await service.start(session, 1)
    for _ in range(20):
        assert await service.play_ai(session) is not None
    expected, seq = session.state, session.seq
    await backend.close()
    reopened = await open_store(database)
    try:
        restored = await TableService(reopened).get(session.id)
        assert (restored.seq, restored.state) == (seq, expected)
    finally:
        await reopened.close()


async def test_a_held_session_waits_for_the_holder_and_sees_its_writes(
    postgres_url: str,
) -> None:
    one, two = await open_store(postgres_url), await open_store(postgres_url)
    try:
        session_id = await one.create_session(lobby_row(status="active"))
        order: list[str] = []
        holding = asyncio.Event()

        async def first() -> None:
            async with one.hold(session_id) as held:
                assert held is not None and held.seq == 0
                order.append("first holds")
                holding.set()
                await until_a_session_waits_on_a_lock(postgres_url)  # the second one waits
                await one.append_input(session_id, move(1))
                order.append("first wrote")

        async def second() -> None:
            await holding.wait()
            async with two.hold(session_id) as held:
                order.append("second holds")
                assert held is not None and held.seq == 1, "the first one's input is seen"

        await asyncio.gather(first(), second())
        assert order == ["first holds", "first wrote", "second holds"]
    finally:
        await one.close()
        await two.close()


async def test_writes_of_a_failed_hold_are_rolled_back(postgres_url: str) -> None:
    backend = await open_store(postgres_url)
    try:
        session_id = await backend.create_session(lobby_row(status="active"))
        with pytest.raises(RuntimeError, match="boom"):
            async with backend.hold(session_id):
                await backend.append_input(session_id, move(1))
                raise RuntimeError("boom")
        assert await backend.inputs(session_id) == []
        async with backend.hold(session_id + 1) as missing:
            assert missing is None
    finally:
        await backend.close()


async def raw(backend: Store, sqlite_sql: str, postgres_sql: str) -> None:
    """A write behind the store's back, as damage or a newer program would leave it."""
    if isinstance(backend, pgstore.PostgresStore):
        await backend.pool.execute(postgres_sql)
    else:
        await backend.db.execute(sqlite_sql)


async def test_status_only_log_extent_and_latest_answer(opened: Store) -> None:
    session_id = await opened.create_session(lobby_row(status="active"))
    assert await opened.log_extent(session_id) == (0, 0)
    await opened.append_input(session_id, move(1))
    await opened.append_input(session_id, InputRow(2, 0, "pick", {"n": 2}, "k1"))
    assert await opened.log_extent(session_id) == (2, 2)
    latest = await opened.latest_input(session_id, 0, "k1")
    assert latest == InputRow(2, 0, "pick", {"n": 2}, "k1")
    assert await opened.latest_input(session_id, 1, "k1") is None
    await opened.set_status(session_id, "aborted")
    stored = await opened.session(session_id)
    assert stored.status == "aborted" and stored.seats == lobby_row().seats


async def test_an_unreadable_row_is_marked_damaged_not_raised(opened: Store) -> None:
    session_id = await opened.create_session(lobby_row())
    update = f"UPDATE sessions SET seats='{{not json' WHERE id={session_id}"
    await raw(opened, update, update)
    damaged = await opened.session(session_id)
    assert damaged is not None and damaged.damage and "JSON" in damaged.damage
    assert [r.id for r in await opened.open_sessions()] == [session_id]


async def test_an_old_shaped_row_loads_with_defaults_and_keeps_unknown_keys(opened: Store) -> None:
    """A row as older code wrote it (a seat without `level`, meta with a few keys, one from a
    newer process) loads as typed seats and meta with today's defaults, and survives a save."""
    session_id = await opened.create_session(lobby_row())
    seats = '[{"user_id": 100, "name": "Host", "ai": false, "locale": null},'
    seats += ' {"user_id": 0, "name": "AI 1", "ai": true}]'
    meta = '{"board": 7, "asked": ["k/1"], "dm_message": {"0": 5}, "newer": [1]}'
    update = f"UPDATE sessions SET seats='{seats}', meta='{meta}' WHERE id={session_id}"
    await raw(opened, update, update)
    old = await opened.session(session_id)
    assert old is not None and old.damage is None
    assert old.seats == (
        Seat(user_id=100, name="Host", ai=False),
        Seat(user_id=0, name="AI 1", ai=True, level=None),
    )
    assert (old.meta.board, old.meta.asked, old.meta.dm_message) == (7, ("k/1",), {"0": 5})
    assert old.meta.hinted is False and old.meta.shown is None and old.meta.turn_seats == ()
    with pytest.raises(ValidationError):
        old.meta.board = 8  # frozen: a change is a new value (SessionMeta.updated)
    with pytest.raises(TypeError, match="hintd"):
        old.meta.updated(hintd=True)
    await opened.save_meta(session_id, old.meta.updated(hinted=True))
    again = await opened.session(session_id)
    assert again is not None and again.meta.hinted and again.meta.model_extra == {"newer": [1]}


async def test_a_misshapen_seat_marks_the_row_damaged(opened: Store) -> None:
    session_id = await opened.create_session(lobby_row())
    update = f'UPDATE sessions SET seats=\'[{{"name": "x"}}]\' WHERE id={session_id}'
    await raw(opened, update, update)
    damaged = await opened.session(session_id)
    assert damaged is not None and damaged.damage and "seats.0" in damaged.damage


async def test_a_newer_schema_is_refused_untouched(database: str) -> None:
    backend = await open_store(database)
    await raw(backend, "PRAGMA user_version=99", "UPDATE schema_version SET version=99")
    await backend.close()
    with pytest.raises(StoreRefused, match="newer version"):
        await open_store(database)


async def test_a_finished_game_records_results_and_ratings_readable_on_both(
    opened: Store,
) -> None:
    service = TableService(opened)
    session = await service.open(
        channel_id=CHANNEL, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    await service.add_ai(session, 1)
    await service.join(session, 2, "P2")
    await service.hand_seat_to_ai(session, 0)
    await service.hand_seat_to_ai(session, 2)
    await service.start(session, 1)
    while await service.play_ai(session) is not None:
        pass
    assert session.status == "finished"
    results = await opened.query(
        "SELECT seat, rank, score FROM results WHERE session_id=?", (session.id,)
    )
    outcome = session.outcome()
    assert sorted(tuple(r) for r in results) == [
        (seat, outcome.ranks[seat], outcome.scores[seat]) for seat in range(3)
    ]
    board = await ratings.leaderboard(opened, 1, "imperium")
    assert len(board) == 1 and board[0].games == 1, "the AI seats share one rating"
    stats = await ratings.player_stats(opened, 1, board[0].player)
    assert stats.games == 3 and stats.favourite == "imperium"


async def test_finished_sessions_whose_board_lags_their_log(opened: Store) -> None:
    """Only a finished session whose meta says its board showed an earlier input is listed;
    one without the mark (stored before boards were tracked) or fully shown is not."""
    ids = []
    for channel, meta in enumerate(({"shown": 1}, {"shown": 2}, {}), start=1):
        row = lobby_row(channel, "active")
        row.meta = SessionMeta.model_validate(meta)
        row.id = await opened.create_session(row)
        await opened.append_input(row.id, move(1))
        await opened.append_input(row.id, move(2), status="finished")
        ids.append(row.id)
    assert [r.id for r in await opened.unshown_finished()] == [ids[0]]


async def test_a_players_dm_channel_is_remembered_across_reopening(database: str) -> None:
    first = await open_store(database)
    assert await first.dm_channel(100) is None
    await first.remember_dm_channel(100, 7)
    await first.remember_dm_channel(100, 8)  # Discord answered another id: the newest counts
    await first.close()
    again = await open_store(database)
    try:
        assert await again.dm_channel(100) == 8
        assert await again.dm_channel(101) is None
    finally:
        await again.close()


async def test_a_members_tips_are_remembered_across_reopening(database: str) -> None:
    first = await open_store(database)
    assert await first.tips(100) == set()
    await first.add_tip(100, "konsul.bid")
    await first.add_tip(100, "konsul.bid")  # shown twice by two processes: one row
    await first.add_tip(100, "*")
    await first.add_tip(200, "caesar.fight_card")
    await first.close()
    again = await open_store(database)
    try:
        assert await again.tips(100) == {"konsul.bid", "*"}
        await again.drop_tip(100, "*")
        await again.drop_tip(100, "*")
        assert await again.tips(100) == {"konsul.bid"}
        assert await again.tips(200) == {"caesar.fight_card"}
    finally:
        await again.close()
