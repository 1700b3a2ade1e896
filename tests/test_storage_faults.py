"""Issue 13, storage: failed writes leave nothing, one process per file, damaged sessions stay
alone, the log is checked on replay, newer schemas are refused, storage faults are named, and
ill-typed inputs are refused with a code."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import subprocess
import sys
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

import table.sqlite
from engine.core import IllegalInput
from table.service import SessionBroken, TableService
from table.sqlite import SqliteStore
from table.store import SNAPSHOT_EVERY, InputRow, StorageError, StoreRefused
from tests.support.storage import fill_up
from tests.support.table import CHANNEL, play_inputs, started


@pytest.fixture
async def open_store():
    """SqliteStore.open, closing every store at the end even when the test fails (an open
    connection's thread would keep the test process alive)."""
    opened: list[SqliteStore] = []

    async def opener(path: Path) -> SqliteStore:
        store = await SqliteStore.open(path)
        opened.append(store)
        return store

    yield opener
    for store in opened:
        await store.close()


async def _next_input(service: TableService, session):
    seat, prompt = next((seat, prompt) for prompt in session.pending() for seat in prompt.seats)
    return seat, prompt, service.ai_action(session, seat, prompt)


def _stored_inputs(path: Path, session_id: int) -> int:
    with sqlite3.connect(path) as db:
        (count,) = db.execute(
            "SELECT COUNT(*) FROM inputs WHERE session_id=?", (session_id,)
        ).fetchone()
    return count


class _FailingInserts:
    """A connection whose input inserts fail (as table.sqlite._commit_inputs sees it)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def execute(self, sql: str, *args):
        if sql.startswith("INSERT INTO inputs"):
            raise sqlite3.OperationalError("injected fault")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str):  # in_transaction, ...
        return getattr(self.db, name)


async def _submit_failing_input(monkeypatch, store, service, session, fault: str):
    """Submit the next plain input (group-committed, table.sqlite._commit_inputs) while its
    insert fails, or while the store is busy until the submit is cancelled."""
    real_commit = table.sqlite._commit_inputs
    if fault == "error":
        monkeypatch.setattr(
            table.sqlite, "_commit_inputs", lambda db, rows: real_commit(_FailingInserts(db), rows)
        )
    seat, prompt, action = await _next_input(service, session)
    async with AsyncExitStack() as busy:
        if fault == "cancel":
            await busy.enter_async_context(store._lock)  # its batch waits for the store
        submit = asyncio.create_task(
            service.submit(session, seat, action.move, action.args, prompt.key)
        )
        if fault == "cancel":
            while not store._queued:
                await asyncio.sleep(0)
            submit.cancel()
    with pytest.raises((sqlite3.OperationalError, asyncio.CancelledError)):
        await submit
    if store._committing is not None:
        await store._committing  # the batch ran (and dropped the cancelled input)
    monkeypatch.undo()
    return seat, prompt, action


async def _submit_failing(monkeypatch, store, service, session, statement: str, fault: str):
    """Submit the next input while the store's `statement` fails: an error, or a hang between
    statements until the submit is cancelled. Returns the input (seat, prompt, action)."""
    if statement == "INSERT INTO inputs":
        return await _submit_failing_input(monkeypatch, store, service, session, fault)
    real_execute = store.db.execute
    hanging = asyncio.Event()

    async def hang() -> None:
        hanging.set()
        await asyncio.Event().wait()  # hangs between statements until cancelled

    def failing_execute(sql: str, *args):
        if sql.startswith(statement):
            if fault == "error":
                raise sqlite3.OperationalError("injected fault")
            return hang()
        return real_execute(sql, *args)

    monkeypatch.setattr(store.db, "execute", failing_execute)
    seat, prompt, action = await _next_input(service, session)
    submit = asyncio.create_task(
        service.submit(session, seat, action.move, action.args, prompt.key)
    )
    if fault == "cancel":
        await hanging.wait()
        submit.cancel()
    with pytest.raises((sqlite3.OperationalError, asyncio.CancelledError)):
        await submit
    monkeypatch.undo()
    return seat, prompt, action


@pytest.mark.parametrize("fault", ["error", "cancel"])
async def test_a_failed_write_is_never_committed_later(
    tmp_path: Path, monkeypatch, fault, open_store
) -> None:
    """The snapshot statement of input 16 fails (an error, or the task is cancelled while it
    runs); an unrelated commit follows; the refused input must not appear, and the next click
    must be accepted as input 16 (no UNIQUE error from a lagging seq)."""
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    service, session = await started(store)
    other = await service.open(
        channel_id=CHANNEL + 1, guild_id=1, game_id="imperium", options={}, host_id=9, host_name="O"
    )
    await play_inputs(service, session, SNAPSHOT_EVERY - 1)
    before = session.state.model_dump_json()
    seat, prompt, action = await _submit_failing(
        monkeypatch, store, service, session, "INSERT INTO snapshots", fault
    )
    assert session.seq == SNAPSHOT_EVERY - 1 and session.state.model_dump_json() == before
    await service.set_meta(other, quiet_warned=True)  # an unrelated commit
    assert _stored_inputs(path, session.id) == SNAPSHOT_EVERY - 1
    again = await service.submit(session, seat, action.move, action.args, prompt.key)
    assert again.seq == SNAPSHOT_EVERY and not again.duplicate
    expected = session.state.model_dump_json()
    await store.close()
    reopened = await open_store(path)
    resumed = await TableService(reopened).get(session.id)
    assert resumed.seq == SNAPSHOT_EVERY and resumed.state.model_dump_json() == expected
    await reopened.close()


@pytest.mark.parametrize("fault", ["error", "cancel"])
async def test_a_failed_plain_input_leaves_nothing(tmp_path: Path, monkeypatch, fault, open_store):
    """An input without a snapshot is one statement that SQLite commits on its own: when it
    fails (or is cancelled before it runs), nothing of it is stored, memory stays as it was and
    the same click is then accepted as that input."""
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    service, session = await started(store)
    await play_inputs(service, session, 2)
    before = session.state.model_dump_json()
    seat, prompt, action = await _submit_failing(
        monkeypatch, store, service, session, "INSERT INTO inputs", fault
    )
    assert session.seq == 2 and session.state.model_dump_json() == before
    assert _stored_inputs(path, session.id) == 2
    again = await service.submit(session, seat, action.move, action.args, prompt.key)
    assert again.seq == 3 and not again.duplicate
    assert _stored_inputs(path, session.id) == 3


async def test_bookkeeping_skips_the_disk_sync_but_inputs_keep_it(tmp_path: Path, open_store):
    """Session meta is written without waiting for the disk; the connection is back to
    synchronous=FULL right after, so the next input's commit is synced (and with it the meta)."""
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    service, session = await started(store)
    await service.set_meta(session, board=4242)  # bookkeeping
    async with store.db.execute("PRAGMA synchronous") as cursor:
        assert await cursor.fetchone() == (2,)  # FULL
    await play_inputs(service, session, 1)
    with sqlite3.connect(path) as db:
        (meta,) = db.execute("SELECT meta FROM sessions WHERE id=?", (session.id,)).fetchone()
    assert json.loads(meta)["board"] == 4242


async def test_a_durable_mark_waits_for_the_disk(tmp_path: Path, open_store, monkeypatch):
    """A hinted game must stay unrated after a power cut: its mark takes the synced path."""
    store = await open_store(tmp_path / "forum.sqlite3")
    service, session = await started(store)
    unsynced: list[str] = []
    real = table.sqlite._unsynced

    def counted(db: sqlite3.Connection, query: str, params: tuple) -> None:
        unsynced.append(query)
        real(db, query, params)

    monkeypatch.setattr(table.sqlite, "_unsynced", counted)
    await service.set_meta(session, durable=True, hinted=True)
    assert unsynced == []
    await service.set_meta(session, board=4242)  # bookkeeping
    assert len(unsynced) == 1
    await store.close()


async def test_a_second_process_on_the_same_database_is_refused(tmp_path: Path, open_store) -> None:
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    second = subprocess.run(  # a second Forum, started in local mode on the same file
        [sys.executable, "-m", "bot", "local", "imperium", "--players", "2", "--ai-only"],
        env={**os.environ, "FORUM_DATABASE": str(path)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert second.returncode == 2, (second.stdout, second.stderr)
    assert "already in use by another Forum process" in second.stderr, second.stderr
    assert "Traceback" not in second.stderr, second.stderr
    with pytest.raises(StoreRefused):
        await open_store(path)  # the same process, a second time, is refused the same way
    await store.close()
    again = await open_store(path)  # once the owner is gone the file is free again
    await again.close()


async def _damaged_database(path: Path, open_store) -> dict[str, int]:
    """Five sessions in five channels; all but 'healthy' then damaged a different way."""
    store = await open_store(path)
    ids = {}
    for channel, name in enumerate(("healthy", "json", "game", "snapshot", "gap", "refused")):
        service, session = await started(store, players=3)
        await play_inputs(service, session, SNAPSHOT_EVERY + 3)
        await store.db.execute("UPDATE sessions SET channel_id=? WHERE id=?", (channel, session.id))
        ids[name] = session.id
    await store.close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE sessions SET seats='{not json' WHERE id=?", (ids["json"],))
        db.execute("UPDATE sessions SET game='chess' WHERE id=?", (ids["game"],))
        db.execute("UPDATE snapshots SET state='{}' WHERE session_id=?", (ids["snapshot"],))
        db.execute("DELETE FROM inputs WHERE session_id=? AND seq=18", (ids["gap"],))
        db.execute(
            "UPDATE inputs SET args=? WHERE session_id=? AND seq=18",
            (json.dumps({"regions": [99, 99, 99]}), ids["refused"]),
        )
    return ids


async def test_one_damaged_session_does_not_take_down_the_others(
    tmp_path: Path, open_store, caplog
) -> None:
    path = tmp_path / "forum.sqlite3"
    ids = await _damaged_database(path, open_store)
    store = await open_store(path)
    service = TableService(store)
    healthy = await service.open_sessions()
    assert [s.id for s in healthy] == [ids["healthy"]] and healthy[0].seq == SNAPSHOT_EVERY + 3
    _, broken = await service.recoverable()
    assert sorted(b.row.id for b in broken) == sorted(v for k, v in ids.items() if k != "healthy")
    for name, session_id in ids.items():  # each broken one logged once, by its id
        logged = caplog.text.count(f"session {session_id} (channel")
        assert logged == (name != "healthy"), (name, caplog.text)
    for channel, name in enumerate(ids):
        if name == "healthy":
            continue
        with pytest.raises(SessionBroken) as error:
            await service.in_channel(channel)
        assert error.value.code == "session_broken" and error.value.row.id == ids[name]
    with pytest.raises(IllegalInput) as busy:  # the broken game still holds its channel ...
        await service.open(
            channel_id=1, guild_id=1, game_id="imperium", options={}, host_id=5, host_name="N"
        )
    assert busy.value.code == "channel_busy"
    with pytest.raises(SessionBroken) as error:
        await service.in_channel(1)
    await service.abort_broken(error.value)  # ... until it is aborted
    fresh = await service.open(
        channel_id=1, guild_id=1, game_id="imperium", options={}, host_id=5, host_name="N"
    )
    assert fresh.status == "lobby"
    await store.close()
    with sqlite3.connect(path) as db:  # kept as it was, never deleted
        assert db.execute(
            "SELECT seats, status FROM sessions WHERE id=?", (ids["json"],)
        ).fetchone() == ("{not json", "aborted")


async def test_the_log_is_checked_when_it_is_replayed(tmp_path: Path, open_store) -> None:
    """A gap or an input the rules refuse marks the session broken, naming the reason,
    instead of shifting the game silently."""
    path = tmp_path / "forum.sqlite3"
    ids = await _damaged_database(path, open_store)
    store = await open_store(path)
    service = TableService(store)
    for name, reason in (
        ("gap", "reaches seq"),
        ("refused", "IllegalInput"),
        ("snapshot", "Validation"),
    ):
        with pytest.raises(SessionBroken) as error:
            await service.get(ids[name])
        assert reason in error.value.reason, (name, error.value.reason)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO snapshots (session_id, seq, state) SELECT session_id, 99, state"
            " FROM snapshots WHERE session_id=?",
            (ids["healthy"],),
        )
    with pytest.raises(SessionBroken) as error:
        await TableService(store).get(ids["healthy"])
    assert "beyond the log" in error.value.reason
    await store.close()


async def test_a_database_from_a_newer_version_is_refused_untouched(
    tmp_path: Path, open_store
) -> None:
    path = tmp_path / "forum.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE future (x)")
        db.execute("PRAGMA user_version=99")
    original = path.read_bytes()
    with pytest.raises(StoreRefused, match="created by a newer version of Forum"):
        await open_store(path)
    assert path.read_bytes() == original
    assert not Path(f"{path}-wal").exists()


@pytest.mark.parametrize("fault", ["read_only", "full"])
async def test_a_read_only_or_full_database_names_the_fault(
    tmp_path: Path, fault, caplog, open_store
) -> None:
    """Read-only (query_only) or full (SQLite's page limit): the write is refused as
    storage_unavailable, the log names what to fix, nothing is half-applied, and play resumes
    once the fault is gone."""
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    service, session = await started(store)
    filler = await service.open(
        channel_id=CHANNEL + 1, guild_id=1, game_id="imperium", options={}, host_id=9, host_name="F"
    )
    await play_inputs(service, session, 2)
    if fault == "full":
        await fill_up(store, filler.id)
    else:
        await store.db.execute("PRAGMA query_only=ON")
    seat, prompt, action = await _next_input(service, session)
    before = session.state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        await service.submit(session, seat, action.move, action.args, prompt.key)
    assert error.value.code == "storage_unavailable"
    assert session.seq == 2 == _stored_inputs(path, session.id)
    assert session.state.model_dump_json() == before
    assert ("free some space" if fault == "full" else "read-only") in caplog.text
    if fault == "read_only":  # a lobby write is refused the same way and leaves no seat
        with pytest.raises(IllegalInput) as error:
            await service.add_ai(filler, 9)
        assert error.value.code == "storage_unavailable" and len(filler.seats) == 1
    await store.db.execute("PRAGMA query_only=OFF")
    await store.db.execute("PRAGMA max_page_count=1073741823")
    again = await service.submit(session, seat, action.move, action.args, prompt.key)
    assert again.seq == 3 == _stored_inputs(path, session.id)


BAD_INPUTS = [
    ("seat", "0"),
    ("seat", 2**63),
    ("seat", -1),
    ("seat", True),
    ("seat", 3),
    ("move", 7),
    ("move", None),
    ("move", "x" * 1000),
    ("move", "\ud800"),
    ("args", ["regions"]),
    ("args", None),
    ("args", {1: [1, 1, 1]}),
    ("args", {"regions": (1, 1, 1)}),
    ("args", {"regions": [float("nan")] * 3}),
    ("args", {"regions": {1, 2}}),
    ("args", {"regions": [1, 1, 1], "x": "y" * 20_000}),
    ("prompt_key", 5),
    ("prompt_key", "\udcff"),
    ("prompt_key", "k" * 5000),
]


async def test_ill_typed_inputs_are_refused_with_a_code(tmp_path: Path, open_store) -> None:
    service, session = await started(await open_store(tmp_path / "forum.sqlite3"))
    seat, prompt, action = await _next_input(service, session)
    good = {"seat": seat, "move": action.move, "args": action.args, "prompt_key": prompt.key}
    before = session.state.model_dump_json()
    for name, value in BAD_INPUTS:
        with pytest.raises(IllegalInput) as error:
            await service.submit(session, **{**good, name: value})
        assert error.value.code, (name, value)
        assert session.seq == 0 and session.state.model_dump_json() == before, (name, value)
    assert (await service.submit(session, **good)).seq == 1


async def test_inputs_arriving_together_share_one_commit_and_fail_apart(
    tmp_path: Path, monkeypatch, open_store
) -> None:
    """Group commit (table.sqlite): plain inputs that arrive together are committed in one
    transaction and one disk sync, each answered once it is stored; an input its own statement
    refuses (a second input 1 of a session) fails alone; on a full disk the whole batch fails
    named, and nothing of it is stored."""
    path = tmp_path / "forum.sqlite3"
    store = await open_store(path)
    service, first = await started(store)
    sessions = [first] + [
        await service.open(
            channel_id=CHANNEL + n, guild_id=1, game_id="imperium", options={}, host_id=9,
            host_name="O",
        )
        for n in range(1, 4)
    ]  # fmt: skip
    batches: list[int] = []
    real_commit = table.sqlite._commit_inputs

    def counted(db: sqlite3.Connection, rows: list) -> list:
        batches.append(len(rows))
        return real_commit(db, rows)

    monkeypatch.setattr(table.sqlite, "_commit_inputs", counted)
    row = InputRow(1, 0, "select", {"regions": [1, 1, 2]}, "r1.select")
    appends = [store.append_input(session.id, row) for session in sessions]
    results = await asyncio.gather(
        *appends, store.append_input(first.id, row), return_exceptions=True
    )
    assert batches == [5], "one transaction for the inputs that arrived together"
    assert results[:4] == [None] * 4 and isinstance(results[4], sqlite3.IntegrityError)
    assert [_stored_inputs(path, session.id) for session in sessions] == [1, 1, 1, 1]
    await fill_up(store, sessions[3].id)
    second = InputRow(2, 1, "select", {"regions": [3, 3, 3]}, "r1.select")
    results = await asyncio.gather(
        *(store.append_input(session.id, second) for session in sessions[:3]),
        return_exceptions=True,
    )
    assert batches == [5, 3]
    assert all(isinstance(r, StorageError) and r.reason == "full" for r in results), results
    assert [_stored_inputs(path, session.id) for session in sessions[:3]] == [1, 1, 1]
