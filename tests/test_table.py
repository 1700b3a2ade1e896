"""The table service and its SQLite store: lobbies, inputs, duplicates, restarts, replay."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from engine.core import IllegalInput
from table.service import TableService
from table.sqlite import SqliteStore
from table.store import SNAPSHOT_EVERY
from tests.support.table import CHANNEL, play_inputs, started


@pytest.fixture
async def store(tmp_path: Path):
    opened = await SqliteStore.open(tmp_path / "forum.sqlite3")
    yield opened
    await opened.close()


async def test_lobby_rules(store: SqliteStore) -> None:
    service = TableService(store)
    session = await service.open(
        channel_id=CHANNEL, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="Host"
    )
    with pytest.raises(IllegalInput) as error:
        await service.open(
            channel_id=CHANNEL,
            guild_id=1,
            game_id="imperium",
            options={},
            host_id=2,
            host_name="Other",
        )
    assert error.value.code == "channel_busy"
    with pytest.raises(IllegalInput) as error:
        await service.start(session, 1)
    assert error.value.code == "too_few_players"
    with pytest.raises(IllegalInput) as error:
        await service.join(session, 1, "Host")
    assert error.value.code == "already_joined"
    for user in range(2, 6):
        await service.join(session, user, f"P{user}")
    with pytest.raises(IllegalInput) as error:
        await service.join(session, 9, "Late")
    assert error.value.code == "table_full"
    with pytest.raises(IllegalInput) as error:
        await service.start(session, 2)
    assert error.value.code == "not_host"
    await service.start(session, 1)
    assert session.status == "active" and len(session.seats) == 5


async def test_bad_options_are_refused(store: SqliteStore) -> None:
    service = TableService(store)
    for options, code in (({"thirty_points": "maybe"}, "bad_option"), ({"nope": 1}, "bad_option")):
        with pytest.raises(IllegalInput) as error:
            await service.open(
                channel_id=CHANNEL,
                guild_id=1,
                game_id="imperium",
                options=options,
                host_id=1,
                host_name="Host",
            )
        assert error.value.code in (code, "unknown_option", "option_values")
    with pytest.raises(IllegalInput) as error:
        await service.open(
            channel_id=CHANNEL, guild_id=1, game_id="chess", options={}, host_id=1, host_name="Host"
        )
    assert error.value.code == "unknown_game"


async def test_duplicate_submission_is_a_no_op_and_stale_key_is_refused(store: SqliteStore) -> None:
    service, session = await started(store)
    key = session.pending()[0].key
    first = await service.submit(session, 0, "select", {"regions": [1, 2, 3]}, key)
    again = await service.submit(session, 0, "select", {"regions": [1, 2, 3]}, key)
    assert not first.duplicate and again.duplicate and session.seq == 1
    with pytest.raises(IllegalInput) as error:
        await service.submit(session, 0, "select", {"regions": [4, 4, 4]}, key)
    assert error.value.code == "already_submitted"
    with pytest.raises(IllegalInput) as error:
        await service.submit(session, 1, "select", {"regions": [4, 4, 4]}, "r9.select")
    assert error.value.code == "stale"
    assert session.seq == 1


async def test_concurrent_submissions_serialize(store: SqliteStore) -> None:
    service, session = await started(store)
    key = session.pending()[0].key
    results = await asyncio.gather(
        *(
            service.submit(session, seat, "select", {"regions": [seat + 1] * 3}, key)
            for seat in range(3)
        ),
        service.submit(session, 0, "select", {"regions": [1, 1, 1]}, key),
    )
    assert sorted(r.seq for r in results if not r.duplicate) == [1, 2, 3]
    assert session.state.round == 2


async def test_restart_replays_to_the_identical_state(tmp_path: Path) -> None:
    path = tmp_path / "forum.sqlite3"
    store = await SqliteStore.open(path)
    service, session = await started(store, players=4)
    await play_inputs(service, session, SNAPSHOT_EVERY + 5)
    expected, seq = session.state.model_dump_json(), session.seq
    await store.close()

    reopened = await SqliteStore.open(path)
    again = await TableService(reopened).in_channel(CHANNEL)
    assert again is not None and again.seq == seq
    assert again.state.model_dump_json() == expected
    await reopened.close()


async def test_full_replay_from_setup_matches_snapshot_path(tmp_path: Path) -> None:
    path = tmp_path / "forum.sqlite3"
    store = await SqliteStore.open(path)
    service, session = await started(store, players=5)
    await play_inputs(service, session, 2 * SNAPSHOT_EVERY + 3)
    expected = session.state.model_dump_json()
    steps = list(await service.replay(session.id))
    assert len(steps) == session.seq
    await store.db.execute("DELETE FROM snapshots")
    await store.db.commit()
    await store.close()
    reopened = await SqliteStore.open(path)
    again = await TableService(reopened).get(session.id)
    assert again.state.model_dump_json() == expected
    await reopened.close()


async def test_acknowledged_inputs_survive_a_crash(tmp_path: Path) -> None:
    """Every input returned by submit is on disk: read it back through a separate connection
    without closing the writer, as if the process had died right after acknowledging."""
    path = tmp_path / "forum.sqlite3"
    store = await SqliteStore.open(path)
    service, session = await started(store)
    await play_inputs(service, session, 5)
    with sqlite3.connect(path) as other:
        (count,) = other.execute("SELECT COUNT(*) FROM inputs").fetchone()
    assert count == 5
    await store.close()  # the crash-resume property (test_reliability) kills for real
    reopened = await SqliteStore.open(path)
    again = await TableService(reopened).get(session.id)
    assert again.seq == 5 and again.state == session.state
    await reopened.close()


async def test_finished_game_frees_the_channel(store: SqliteStore) -> None:
    service, session = await started(store, players=2)
    for seat in range(2):
        await service.hand_seat_to_ai(session, seat)
    while (played := await service.play_ai(session)) is not None and not played.finished:
        pass
    assert session.status == "finished" and session.outcome() is not None
    assert await service.in_channel(CHANNEL) is None


async def test_schema_is_versioned(store: SqliteStore) -> None:
    from table.sqlite import MIGRATIONS

    assert await store.schema_version() == len(MIGRATIONS)
