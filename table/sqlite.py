"""The SQLite store (table.store.Store): one process, one file, the tables of table.schema and
the SQL of table.queries.

Every input is committed (WAL, synchronous=FULL) before the caller acknowledges it, so a crash
can lose nothing that a player saw accepted. Plain inputs that arrive together (while the last
batch was committing) share one transaction and one disk sync (group commit, `_commit_inputs`).

Every write is one statement (which SQLite commits or undoes on its own) or one explicit
transaction, serialized on the one connection and rolled back on any failure (cancellation
included): a failed write can never be committed later by someone else's commit. A statement
already handed to the connection's thread when its caller is cancelled still completes; the
service then reloads the session from the store, so memory follows what was stored. One process
owns a database file at a time (an advisory lock file next to it).
"""

from __future__ import annotations

import asyncio
import fcntl
import json
import os
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import IO, Any

import aiosqlite

from table import queries, schema
from table.session_model import SessionMeta
from table.store import (
    ChannelBusy,
    Held,
    InputRow,
    SessionRow,
    Statement,
    StorageError,
    StoreRefused,
    input_values,
    session_values,
)

MIGRATIONS = schema.migrations(schema.SQLITE)

# SQLite primary result codes that mean "the disk, not the data": what an admin must fix.
_STORAGE_FAULTS = {
    5: ("locked", "the database is locked by another program; stop it"),
    6: ("locked", "the database is locked by another program; stop it"),
    8: ("read_only", "the database file or its folder is read-only; make it writable"),
    10: ("io", "the disk reported an I/O error; check the disk"),
    13: ("full", "the disk (or the database's size limit) is full; free some space"),
    14: ("io", "the database file cannot be opened; check the path and permissions"),
}


def _storage_error(error: sqlite3.Error) -> StorageError | None:
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    fault = _STORAGE_FAULTS.get(code & 0xFF)
    return StorageError(fault[0], fault[1], str(error)) if fault else None


class SqliteStore(queries.Queries):
    """One aiosqlite connection, used by one statement or transaction at a time.

    Callers also serialize per session (see table.service); the store's own lock keeps a
    transaction of one session from being interleaved with (and committed by) another's.
    """

    shared = False  # one process owns the file: its cache is the truth
    shown = queries.SHOWN_SQLITE
    seat_count = queries.SEATS_SQLITE
    no_limit = -1
    skip_locked = ""

    def __init__(self, connection: aiosqlite.Connection, owner: IO[str] | None = None) -> None:
        self.db = connection
        self._owner = owner  # the held lock file, released on close (or by the OS on a crash)
        self._lock = asyncio.Lock()
        self._queued: list[tuple[tuple[Any, ...], asyncio.Future[None]]] = []  # plain inputs
        self._committing: asyncio.Task[None] | None = None

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating or migrating) the database; StoreRefused when it must not be used."""
        owner = None
        lock = Path(f"{path}.lock")
        ours = str(path) != ":memory:" and not lock.exists()  # a lock file this open creates
        try:
            if str(path) != ":memory:":
                Path(path).parent.mkdir(parents=True, exist_ok=True)
                owner = _take_ownership(Path(path))
            connection = await aiosqlite.connect(str(path), isolation_level=None)
        except OSError as error:  # /proc, /sys, a folder we may not write
            _release(owner, lock if ours else None)
            raise StoreRefused(f"{path} cannot be created or opened ({error.strerror}).") from None
        except BaseException:
            _release(owner, lock if ours else None)
            raise
        store = cls(connection, owner)
        try:
            await store._refuse_newer_schema(path)
            await connection.execute("PRAGMA journal_mode=WAL")
            await connection.execute("PRAGMA synchronous=FULL")
            await connection.execute("PRAGMA foreign_keys=ON")
            await store._migrate()
        except sqlite3.DatabaseError as error:  # "/etc/passwd": not a database at all
            await store._give_up(lock if ours else None)
            raise StoreRefused(
                f"{path} is not a Forum database ({error}); the file was not changed."
            ) from None
        except BaseException:
            await store._give_up(lock if ours else None)
            raise
        return store

    async def _give_up(self, lock: Path | None) -> None:
        """Close after a refused open, removing the lock file when this open created it."""
        await self.db.close()
        _release(self._owner, lock)
        self._owner = None

    async def close(self) -> None:
        if self._committing is not None:
            await asyncio.shield(self._committing)  # the inputs already queued are committed
        await self.db.close()
        _release(self._owner)
        self._owner = None

    async def _refuse_newer_schema(self, path: str | Path) -> None:
        version = await self.schema_version()
        if version > len(MIGRATIONS):
            raise StoreRefused(
                f"{path} was created by a newer version of Forum (schema {version}; this version"
                f" knows up to {len(MIGRATIONS)}). Upgrade Forum, or point storage.database at"
                " another file; the database was not changed."
            )

    async def _migrate(self) -> None:
        version = await self.schema_version()
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()  # type: ignore[misc]  # PRAGMA user_version always returns a row
        return int(version)

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[None]:
        """All statements inside commit together or not at all, whatever interrupts them."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield
                await self.db.execute("COMMIT")
            except BaseException as error:
                # Shielded: a second cancellation cannot skip it. Queued after any statement
                # still running, so it always undoes exactly this transaction.
                await asyncio.shield(self._rollback())
                named = _storage_error(error) if isinstance(error, sqlite3.Error) else None
                if named is not None:
                    raise named from error
                raise

    async def _rollback(self) -> None:
        with suppress(sqlite3.Error, ValueError):  # nothing open (failed BEGIN/COMMIT), closed
            await self.db.execute("ROLLBACK")

    async def _fetch(self, query: str, *params: Any) -> list[Any]:
        async with self._lock:
            return list(await self.db.execute_fetchall(query, params))

    async def _write(self, query: str, *params: Any, synced: bool = True) -> None:
        """One statement outside any explicit transaction: SQLite commits it (or, failing,
        undoes it) on its own, in one trip to the connection's thread instead of three (each
        trip wakes the event loop; about seven per input before). Unsynced, it is committed
        without waiting for the disk, in the same trip (aiosqlite's `_execute`), so no
        cancellation can leave the connection unsynced."""
        async with self._lock:
            try:
                if synced:
                    await self.db.execute(query, params)
                else:
                    # aiosqlite's private runner carries no annotations: mypy cannot check it.
                    await self.db._execute(_unsynced, self.db._conn, query, params)  # type: ignore[no-untyped-call]
            except sqlite3.Error as error:
                named = _storage_error(error)
                if named is not None:
                    raise named from error
                raise

    # Sessions ---------------------------------------------------------------------------

    async def save_meta(self, session_id: int, meta: SessionMeta, durable: bool = False) -> None:
        """The front end's bookkeeping, unless `durable`, committed without waiting for the disk
        (synchronous NORMAL for this one statement): a crash of the process loses none of it, a
        power cut may lose the latest, never an input (an input's commit syncs everything
        before it). Waiting for the disk costs the connection's thread far more than the write,
        and this is written once or twice per input."""
        await self._write(
            queries.SAVE_META, json.dumps(meta.stored()), time.time(), session_id, synced=durable
        )

    async def create_session(self, row: SessionRow) -> int:
        now = time.time()
        async with self._transaction():
            try:
                cursor = await self.db.execute(
                    queries.CREATE_SESSION, (*session_values(row), now, now)
                )
            except sqlite3.IntegrityError as error:
                raise ChannelBusy(row.channel_id) from error
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    # The input log ----------------------------------------------------------------------

    async def append_input(
        self,
        session_id: int,
        row: InputRow,
        *,
        snapshot: str | None = None,
        status: str | None = None,
        also: Sequence[Statement] = (),
    ) -> None:
        """One transaction: the input, an optional snapshot, an optional status change and
        `also` (a finished game's results and ratings, table.ratings): all of them or none."""
        if snapshot is None and status is None and not also:  # most inputs: one statement
            await self._group_commit(input_values(session_id, row))
            return
        async with self._transaction():
            await self.db.execute(queries.INSERT_INPUT, input_values(session_id, row))
            if snapshot is not None:
                await self.db.execute(queries.PUT_SNAPSHOT, (session_id, row.seq, snapshot))
            if status is not None:
                await self.db.execute(queries.SET_STATUS, (status, time.time(), session_id))
            for sql, params in also:
                await self.db.execute(sql, params)

    async def set_status(
        self, session_id: int, status: str, also: Sequence[Statement] = ()
    ) -> None:
        """Only the status, leaving every other column as stored (e.g. of a broken session),
        with `also` (a forfeit's results and ratings, table.ratings): all of them or none."""
        if not also:
            await self._write(queries.SET_STATUS, status, time.time(), session_id)
            return
        async with self._transaction():
            await self.db.execute(queries.SET_STATUS, (status, time.time(), session_id))
            for sql, params in also:
                await self.db.execute(sql, params)

    async def _group_commit(self, values: tuple[Any, ...]) -> None:
        """The input committed with every other one queued meanwhile: one transaction and one
        disk sync per batch (the inputs that arrived while the last batch was committing),
        answered once it is committed. An input whose own statement is refused fails alone; a
        batch whose commit fails leaves none of its inputs and fails them all. An input whose
        caller is cancelled before its batch starts is dropped."""
        committed = asyncio.get_running_loop().create_future()
        self._queued.append((values, committed))
        if self._committing is None:
            self._committing = asyncio.create_task(self._commit_queued())
        await committed

    async def _commit_queued(self) -> None:
        try:
            while self._queued:
                async with self._lock:  # what queues while the store is busy joins the batch
                    batch = [(values, done) for values, done in self._queued if not done.done()]
                    self._queued = []
                    if batch:
                        await self._commit_batch(batch)
        finally:  # stopped (the loop shutting down): nobody waits for an answer forever
            for _, done in self._queued:
                done.cancel()
            self._queued = []
            self._committing = None

    async def _commit_batch(
        self, batch: list[tuple[tuple[Any, ...], asyncio.Future[None]]]
    ) -> None:
        rows = [values for values, _ in batch]
        failure: BaseException | None = None
        try:  # one trip to the connection's thread (aiosqlite's `_execute`) for the batch
            refused: list[BaseException | None] = await self.db._execute(  # type: ignore[no-untyped-call]  # aiosqlite's private API, see tests/test_aiosqlite_private_api.py
                _commit_inputs, self.db._conn, rows
            )
        except BaseException as error:  # every caller of the batch is told
            failure, refused = error, [error] * len(batch)
        for (_, done), refusal in zip(batch, refused, strict=True):
            if done.done():
                continue
            if refusal is None:
                done.set_result(None)
            else:
                named = _storage_error(refusal) if isinstance(refusal, sqlite3.Error) else None
                done.set_exception(named or refusal)
        if isinstance(failure, asyncio.CancelledError):
            raise failure

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """Rows of a read-only query, serialized with the store's writes (table.ratings)."""
        return await self._fetch(sql, *params)

    # Deadlines --------------------------------------------------------------------------

    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]:
        """Take the deadlines due by `now` off the table (one process: nobody to race)."""
        async with self._transaction():
            async with self.db.execute(f"{queries.DEADLINES} WHERE due_at<=?", (now,)) as cursor:
                due = sorted((r[0], r[1], r[2]) for r in await cursor.fetchall())
            await self.db.execute("DELETE FROM deadlines WHERE due_at<=?", (now,))
        return due

    # Across processes -------------------------------------------------------------------

    @asynccontextmanager
    async def hold(self, session_id: int) -> AsyncIterator[Held | None]:
        """Nothing to lock: one process owns the file (see table.pgstore for the shared one)."""
        yield None

    @asynccontextmanager
    async def finishing(self) -> AsyncIterator[None]:
        """One process: the service's own lock already orders finishing games."""
        yield


def _commit_inputs(
    db: sqlite3.Connection, rows: list[tuple[Any, ...]]
) -> list[sqlite3.Error | None]:
    """Insert `rows` into the input log in one transaction (in the connection's thread), each
    in its own savepoint: the error of a row its statement refused in its place, None for the
    others. A failure SQLite undid the whole transaction for (a full disk), or of the COMMIT,
    is raised: nothing of the batch is stored."""
    db.execute("BEGIN IMMEDIATE")
    refused: list[sqlite3.Error | None] = []
    try:
        for values in rows:
            db.execute("SAVEPOINT input")
            try:
                db.execute(queries.INSERT_INPUT, values)
                refused.append(None)
            except sqlite3.Error as error:
                if not db.in_transaction:
                    raise
                db.execute("ROLLBACK TO input")
                refused.append(error)
            db.execute("RELEASE input")
        db.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return refused


def _unsynced(db: sqlite3.Connection, query: str, params: tuple[Any, ...]) -> None:
    """`query` committed without syncing the disk (in the connection's thread)."""
    db.execute("PRAGMA synchronous=NORMAL")
    try:
        db.execute(query, params)
    finally:
        db.execute("PRAGMA synchronous=FULL")


def _take_ownership(path: Path) -> IO[str]:
    """Hold an exclusive lock on `<database>.lock` for as long as this process uses it."""
    handle = open(f"{path}.lock", "a+", encoding="utf-8")  # noqa: SIM115 - held until close
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        owner = handle.read().strip() or "?"
        handle.close()
        raise StoreRefused(
            f"{path} is already in use by another Forum process (pid {owner}). Stop that"
            " process, or point storage.database at another file."
        ) from None
    handle.truncate(0)
    handle.write(str(os.getpid()))
    handle.flush()
    return handle


def _release(owner: IO[str] | None, lock: Path | None = None) -> None:
    """Let go of the lock; `lock`: the lock file to remove too (one a refused open created)."""
    if owner is not None:
        owner.close()
    if lock is not None:
        lock.unlink(missing_ok=True)
