"""The PostgreSQL store (table.store.Store, asyncpg): the tables (table.schema), SQL
(table.queries) and semantics of table.sqlite, shared by several bot processes.

What several processes add: an input is stored only as the next seq of a session still active
(the log's primary key arbitrates, in one statement), so a process whose cache is behind gets
SessionMoved, catches up and judges the input again; lobby changes `hold(session_id)` the row
(`SELECT … FOR UPDATE`) in a transaction their writes join, committed when the hold ends;
`claim_due_deadlines` hands each due deadline to one process only (`FOR UPDATE SKIP LOCKED`).
A process that dies drops its connections, which rolls back what it had not committed.
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from table import queries, schema
from table.queries import SESSION_COLUMNS, numbered
from table.store import (
    ChannelBusy,
    Held,
    InputRow,
    SessionMoved,
    SessionRow,
    Statement,
    StoreRefused,
    input_values,
    session_row,
    session_values,
)

# Appended to migration 5 (PostgreSQL only).
_DROP_INPUTS_FOREIGN_KEY = (
    "-- Every input is written by an INSERT that checks its session is active (sessions are\n"
    "    -- never deleted), so the foreign key only added a row lock on the session per input:\n"
    "    -- a second write, and a wait behind whichever process holds the session.\n"
    "    ALTER TABLE inputs DROP CONSTRAINT IF EXISTS inputs_session_id_fkey;\n    "
)
_SCRIPTS = schema.migrations(schema.POSTGRES)
MIGRATIONS = (*_SCRIPTS[:4], _SCRIPTS[4] + _DROP_INPUTS_FOREIGN_KEY, *_SCRIPTS[5:])
# Serialize migrations of processes starting at once, and rating updates of games finishing at
# once in several processes (arbitrary fixed keys).
MIGRATION_LOCK = 0x464F52554D
RATINGS_LOCK = 0x464F52554E
# The next input only while its session is active (the id again at the end): see append_input.
INSERT_NEXT_INPUT = (
    f"INSERT INTO inputs ({queries.INPUT_COLUMNS}) SELECT ?,?,?,?,?,?,? WHERE EXISTS"
    " (SELECT 1 FROM sessions WHERE id=? AND status='active')"
)
# A copied session keeps its id (table.migrate).
IMPORT_SESSION = (
    f"INSERT INTO sessions ({SESSION_COLUMNS}, created_at, updated_at)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)"
)


def is_postgres_url(database: str) -> bool:
    return database.startswith(("postgresql://", "postgres://"))


class PostgresStore(queries.Queries):
    """A connection pool; a held session's writes go through its transaction's connection."""

    shared = True  # other processes may change the database: check before acting
    shown = queries.SHOWN_POSTGRES
    seat_count = queries.SEATS_POSTGRES
    no_limit = None
    skip_locked = "FOR UPDATE SKIP LOCKED"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self.pool = pool
        self._held: contextvars.ContextVar[asyncpg.Connection | None] = contextvars.ContextVar(
            f"held_{id(self)}", default=None
        )

    @classmethod
    async def open(cls, url: str, *, max_size: int = 10) -> PostgresStore:
        pool = await asyncpg.create_pool(
            url, min_size=1, max_size=max_size, reset=_nothing_to_reset
        )
        store = cls(pool)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def _migrate(self) -> None:
        async with self.pool.acquire() as db, db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            await db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER)")
            version = await db.fetchval("SELECT version FROM schema_version")
            if version is None:
                await db.execute("INSERT INTO schema_version VALUES (0)")
                version = 0
            if version > len(MIGRATIONS):
                raise StoreRefused(
                    f"the database was created by a newer version of Forum (schema {version};"
                    f" this version knows up to {len(MIGRATIONS)}). Upgrade Forum; the database"
                    " was not changed."
                )
            for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
                await db.execute(script)
                await db.execute("UPDATE schema_version SET version=$1", number)

    async def schema_version(self) -> int:
        return int(await self.pool.fetchval("SELECT version FROM schema_version"))

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[asyncpg.Connection]:
        """The held transaction's connection, or a pooled one in a transaction of its own."""
        held = self._held.get()
        if held is not None:
            yield held
            return
        async with self.pool.acquire() as db, db.transaction():
            yield db

    async def _fetch(self, query: str, *params: Any) -> list[asyncpg.Record]:
        """Rows of a query written with `?` placeholders (table.queries)."""
        held = self._held.get()
        if held is not None:
            rows: list[asyncpg.Record] = await held.fetch(numbered(query), *params)
        else:
            rows = await self.pool.fetch(numbered(query), *params)
        return rows

    async def _write(self, query: str, *params: Any) -> None:
        """One statement written with `?` placeholders, in the held or its own transaction."""
        async with self._writing() as db:
            await db.execute(numbered(query), *params)

    # Holding a session across processes -------------------------------------------------

    @asynccontextmanager
    async def hold(self, session_id: int) -> AsyncIterator[Held | None]:
        """Lock the session's row until the block ends; its writes commit together then.

        Yields the row and the last input's seq as stored now (another process may have moved
        the session on since this one cached it), or None when the session does not exist.
        """
        if self._held.get() is not None:
            raise RuntimeError("a session is already held in this task")
        async with self.pool.acquire() as db, db.transaction():
            locked = await db.fetchrow(
                numbered(f"{queries.SESSIONS} {queries.SESSION_BY_ID} FOR UPDATE"), session_id
            )
            if locked is None:
                yield None
                return
            # A new statement, so a new snapshot: every input committed before the lock.
            seq = await db.fetchval(numbered(queries.LAST_SEQ), session_id)
            token = self._held.set(db)
            try:
                yield Held(session_row(locked), int(seq))
            finally:
                self._held.reset(token)

    @asynccontextmanager
    async def finishing(self) -> AsyncIterator[None]:
        """One finishing game at a time in every process: ratings are read, then rewritten."""
        async with self.pool.acquire() as db:
            await db.execute("SELECT pg_advisory_lock($1)", RATINGS_LOCK)
            try:
                yield
            finally:
                try:
                    await db.execute("SELECT pg_advisory_unlock($1)", RATINGS_LOCK)
                except BaseException:
                    db.terminate()  # never back to the pool still holding the lock
                    raise

    # Sessions ---------------------------------------------------------------------------

    async def create_session(self, row: SessionRow) -> int:
        now = time.time()
        try:
            async with self._writing() as db:
                session_id: int = await db.fetchval(
                    numbered(f"{queries.CREATE_SESSION} RETURNING id"),
                    *session_values(row),
                    now,
                    now,
                )
                return session_id
        except asyncpg.UniqueViolationError as error:
            raise ChannelBusy(row.channel_id) from error

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
        `also` (a finished game's results and ratings, written as portable SQL with `?`).

        Optimistic across processes: the input goes in only as the next seq of a session still
        active; if another process got there first (that seq exists, or the game ended),
        nothing is stored and SessionMoved says to catch up. Usually one round trip.
        """
        if snapshot is None and status is None and not also and self._held.get() is None:
            await self._insert_input(self.pool, session_id, row)
            return
        async with self._writing() as db:
            await self._insert_input(db, session_id, row)
            if snapshot is not None:
                await db.execute(numbered(queries.PUT_SNAPSHOT), session_id, row.seq, snapshot)
            if status is not None:
                await db.execute(numbered(queries.SET_STATUS), status, time.time(), session_id)
            for sql, params in also:
                await db.execute(numbered(sql), *params)

    async def set_status(
        self, session_id: int, status: str, also: Sequence[Statement] = ()
    ) -> None:
        """Only the status, leaving every other column as stored (e.g. of a broken session),
        with `also` (a forfeit's results and ratings, table.ratings) in the same transaction."""
        async with self._writing() as db:
            await db.execute(numbered(queries.SET_STATUS), status, time.time(), session_id)
            for sql, params in also:
                await db.execute(numbered(sql), *params)

    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """Rows of a read-only query written for both backends (`?` placeholders)."""
        return [tuple(r) for r in await self._fetch(sql, *params)]

    async def _insert_input(self, db: Any, session_id: int, row: InputRow) -> None:
        try:
            done = await db.execute(
                numbered(INSERT_NEXT_INPUT), *input_values(session_id, row), session_id
            )
        except asyncpg.UniqueViolationError as error:
            raise SessionMoved(session_id) from error
        if done != "INSERT 0 1":
            raise SessionMoved(session_id)

    # Deadlines --------------------------------------------------------------------------

    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]:
        """Take the deadlines due by `now` off the table: each goes to one process only."""
        async with self._writing() as db:
            rows = await db.fetch(
                "DELETE FROM deadlines WHERE session_id IN (SELECT session_id FROM deadlines"
                " WHERE due_at<=$1 FOR UPDATE SKIP LOCKED) RETURNING session_id, due_at, stage",
                now,
            )
        return sorted((r[0], r[1], r[2]) for r in rows)

    # Copying a database in (python -m bot migrate) -------------------------------------

    async def analyze(self) -> None:
        """The planner's statistics for what was just copied in: without them the start-up
        query that leaves idle async tables unread took 3.6 s over 10,000 tables (a nested
        loop over the correlated counts), 0.16 s with them (autovacuum gets there later)."""
        await self._write("ANALYZE")

    async def import_rows(self, table: str, columns: str, rows: Sequence[Sequence[Any]]) -> None:
        """Rows of a record table (results, ratings) as they are, in one transaction."""
        marks = ",".join("?" * len(columns.split(",")))
        async with self._writing() as db:
            await db.executemany(
                numbered(f"INSERT INTO {table} ({columns}) VALUES ({marks})"), rows
            )

    async def import_session(
        self,
        row: SessionRow,
        inputs: Sequence[InputRow],
        snapshots: Sequence[tuple[int, str]],
        deadline: tuple[float, str] | None,
    ) -> None:
        """Copy one session as it is, id included, in one transaction (see table.migrate)."""
        now = time.time()
        async with self._writing() as db:
            await db.execute(numbered(IMPORT_SESSION), row.id, *session_values(row), now, now)
            await db.executemany(
                numbered(queries.INSERT_INPUT), [input_values(row.id, i) for i in inputs]
            )
            for seq, state in snapshots:
                await db.execute(numbered(queries.PUT_SNAPSHOT), row.id, seq, state)
            if deadline is not None:
                await db.execute(numbered(queries.SET_DEADLINE), row.id, *deadline)
            # Later sessions must not reuse a copied id.
            await db.execute(
                "SELECT setval(pg_get_serial_sequence('sessions','id'),"
                " GREATEST((SELECT MAX(id) FROM sessions), 1))"
            )


async def _nothing_to_reset(connection: asyncpg.Connection) -> None:
    """The store sets, listens to and session-locks nothing, so a released connection needs no
    reset query (asyncpg's default costs a round trip per release); asyncpg still rolls back
    any open transaction itself."""
