"""The SQLite store (table.store.Store): one process, one file, the tables of table.schema and
the SQL of table.queries.

Every input is committed (WAL, synchronous=FULL) before the caller acknowledges it, so a crash
can lose nothing that a player saw accepted.

Every write is one explicit transaction, serialized on the one connection and rolled back on any
failure (cancellation included): a failed write can never be committed later by someone else's
commit. One process owns a database file at a time (an advisory lock file next to it).
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
from table.store import (
    ChannelBusy,
    Held,
    InputRow,
    SessionRow,
    Statement,
    StorageError,
    StoreRefused,
    dump,
    input_row,
    input_values,
    session_row,
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


class SqliteStore:
    """One aiosqlite connection, used by one statement or transaction at a time.

    Callers also serialize per session (see table.service); the store's own lock keeps a
    transaction of one session from being interleaved with (and committed by) another's.
    """

    shared = False  # one process owns the file: its cache is the truth

    def __init__(self, connection: aiosqlite.Connection, owner: IO[str] | None = None) -> None:
        self.db = connection
        self._owner = owner  # the held lock file, released on close (or by the OS on a crash)
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating or migrating) the database; StoreRefused when it must not be used."""
        owner = None
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
            owner = _take_ownership(Path(path))
        try:
            connection = await aiosqlite.connect(str(path), isolation_level=None)
        except BaseException:
            _release(owner)
            raise
        store = cls(connection, owner)
        try:
            await store._refuse_newer_schema(path)
            await connection.execute("PRAGMA journal_mode=WAL")
            await connection.execute("PRAGMA synchronous=FULL")
            await connection.execute("PRAGMA foreign_keys=ON")
            await store._migrate()
        except BaseException:
            await store.close()
            raise
        return store

    async def close(self) -> None:
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
            (version,) = await cursor.fetchone()  # type: ignore[misc]
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

    async def _fetch(self, query: str, params: tuple[Any, ...]) -> list[Any]:
        async with self._lock, self.db.execute(query, params) as cursor:
            return list(await cursor.fetchall())

    async def _write(self, query: str, params: tuple[Any, ...]) -> None:
        async with self._transaction():
            await self.db.execute(query, params)

    # Sessions ---------------------------------------------------------------------------

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

    async def save_session(self, row: SessionRow) -> None:
        await self._write(
            queries.SAVE_SESSION,
            (
                row.status,
                json.dumps(row.seats),
                json.dumps(row.meta),
                row.host_id,
                time.time(),
                row.id,
            ),
        )

    async def set_status(self, session_id: int, status: str) -> None:
        """Only the status, leaving every other column as stored (e.g. of a broken session)."""
        await self._write(queries.SET_STATUS, (status, time.time(), session_id))

    async def save_meta(self, session_id: int, meta: dict[str, Any]) -> None:
        """Only the front end's bookkeeping (the service saves the whole row on SQLite)."""
        await self._write(queries.SAVE_META, (json.dumps(meta), time.time(), session_id))

    async def session(self, session_id: int) -> SessionRow | None:
        rows = await self._sessions(queries.SESSION_BY_ID, (session_id,))
        return rows[0] if rows else None

    async def open_session_in(self, channel_id: int) -> SessionRow | None:
        rows = await self._sessions(queries.OPEN_SESSION_IN, (channel_id,))
        return rows[0] if rows else None

    async def open_sessions(self) -> list[SessionRow]:
        return await self._sessions(queries.OPEN_SESSIONS, ())

    async def unshown_finished(self) -> list[SessionRow]:
        """Finished sessions whose board (meta "shown": the last input it showed) lags the log:
        the process died before it published the final board."""
        return await self._sessions(queries.UNSHOWN_FINISHED.format(shown=queries.SHOWN_SQLITE), ())

    async def all_sessions(self) -> list[SessionRow]:
        return await self._sessions(queries.ALL_SESSIONS, ())

    async def _sessions(self, where: str, params: tuple[Any, ...]) -> list[SessionRow]:
        rows = await self._fetch(f"{queries.SESSIONS} {where}", params)
        return [session_row(r) for r in rows]

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
        async with self._transaction():
            await self.db.execute(queries.INSERT_INPUT, input_values(session_id, row))
            if snapshot is not None:
                await self.db.execute(queries.PUT_SNAPSHOT, (session_id, row.seq, snapshot))
            if status is not None:
                await self.db.execute(queries.SET_STATUS, (status, time.time(), session_id))
            for sql, params in also:
                await self.db.execute(sql, params)

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """Rows of a read-only query, serialized with the store's writes (table.ratings)."""
        return await self._fetch(sql, params)

    async def inputs(
        self, session_id: int, after: int = 0, limit: int | None = None
    ) -> list[InputRow]:
        """The log after seq `after`; `limit` rows at most (each is decoded on the caller's
        thread, so a long log is read in parts: see TableService.log_parts)."""
        rows = await self._fetch(
            queries.INPUTS, (session_id, after, -1 if limit is None else limit)
        )
        return [input_row(r) for r in rows]

    async def log_extent(self, session_id: int) -> tuple[int, int]:
        """(number of inputs, highest seq): equal exactly when the log is 1..n without gaps."""
        ((count, highest),) = await self._fetch(queries.LOG_EXTENT, (session_id,))
        return int(count), int(highest)

    async def find_input(
        self, session_id: int, seat: int, prompt_key: str, move: str, args: dict[str, Any]
    ) -> InputRow | None:
        """The accepted input equal to this one, to recognise a double submission."""
        rows = await self._fetch(
            queries.FIND_INPUT, (session_id, seat, prompt_key, move, dump(args))
        )
        return InputRow(rows[0][0], seat, move, args, prompt_key) if rows else None

    async def latest_input(self, session_id: int, seat: int, prompt_key: str) -> InputRow | None:
        """The seat's latest accepted answer to this prompt (a revisable answer's current one)."""
        rows = await self._fetch(queries.LATEST_INPUT, (session_id, seat, prompt_key))
        if not rows:
            return None
        seq, move, args = rows[0]
        return InputRow(seq, seat, move, json.loads(args), prompt_key)

    async def latest_snapshot(self, session_id: int) -> tuple[int, str] | None:
        rows = await self._fetch(queries.LATEST_SNAPSHOT, (session_id,))
        return (rows[0][0], rows[0][1]) if rows else None

    async def snapshots(self, session_id: int) -> list[tuple[int, str]]:
        rows = await self._fetch(queries.SNAPSHOTS, (session_id,))
        return [(r[0], r[1]) for r in rows]

    # Users, deadlines, servers ----------------------------------------------------------

    async def set_turn_pings(self, user_id: int, on: bool) -> None:
        await self._write(queries.SET_TURN_PINGS, (user_id, int(on)))

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self._fetch(queries.DM_CHANNEL, (user_id,))
        return int(rows[0][0]) if rows else None

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(queries.REMEMBER_DM_CHANNEL, (user_id, channel_id))

    async def set_deadline(self, session_id: int, due_at: float, stage: str) -> None:
        await self._write(queries.SET_DEADLINE, (session_id, due_at, stage))

    async def clear_deadline(self, session_id: int) -> None:
        await self._write(queries.CLEAR_DEADLINE, (session_id,))

    async def deadlines(self) -> list[tuple[int, float, str]]:
        rows = await self._fetch(queries.DEADLINES, ())
        return [(r[0], r[1], r[2]) for r in rows]

    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]:
        """Take the deadlines due by `now` off the table (one process: nobody to race)."""
        async with self._transaction():
            async with self.db.execute(f"{queries.DEADLINES} WHERE due_at<=?", (now,)) as cursor:
                due = sorted((r[0], r[1], r[2]) for r in await cursor.fetchall())
            await self.db.execute("DELETE FROM deadlines WHERE due_at<=?", (now,))
        return due

    async def guild_settings(self, guild_id: int) -> str | None:
        """The JSON object of a server's /game settings, or None when it never set any."""
        rows = await self._fetch(queries.GUILD_SETTINGS, (guild_id,))
        return rows[0][0] if rows else None

    async def save_guild_settings(self, guild_id: int, settings: str) -> None:
        await self._write(queries.SAVE_GUILD_SETTINGS, (guild_id, settings, time.time()))

    # Across processes -------------------------------------------------------------------

    @asynccontextmanager
    async def hold(self, session_id: int) -> AsyncIterator[Held | None]:
        """Nothing to lock: one process owns the file (see table.pgstore for the shared one)."""
        yield None

    @asynccontextmanager
    async def finishing(self) -> AsyncIterator[None]:
        """One process: the service's own lock already orders finishing games."""
        yield

    async def peek(self, session_id: int) -> Held | None:
        """The row and last seq as stored (this process's own writes: nobody else's)."""
        found = await self._fetch(queries.PEEK, (session_id, session_id))
        return Held(session_row(found[0]), int(found[0][11])) if found else None


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


def _release(owner: IO[str] | None) -> None:
    if owner is not None:
        owner.close()
