"""SQLite persistence: sessions, an append-only log of accepted inputs, periodic snapshots.

A session's state is never stored as the source of truth: it is `setup` + the input log. Snapshots
only shorten the replay. Every input is committed (WAL, synchronous=FULL) before the caller
acknowledges it, so a crash can lose nothing that a player saw accepted.
"""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

SNAPSHOT_EVERY = 16
OPEN_STATUSES = ("lobby", "active")

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        rules_version INTEGER NOT NULL,
        options TEXT NOT NULL,
        seed INTEGER NOT NULL,
        status TEXT NOT NULL,
        host_id INTEGER NOT NULL,
        seats TEXT NOT NULL,
        meta TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE UNIQUE INDEX one_open_session_per_channel
        ON sessions(channel_id) WHERE status IN ('lobby', 'active');
    CREATE TABLE inputs (
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        move TEXT NOT NULL,
        args TEXT NOT NULL,
        prompt_key TEXT NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE snapshots (
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (session_id, seq)
    );
    CREATE TABLE deadlines (
        session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
        due_at REAL NOT NULL,
        stage TEXT NOT NULL
    );
    """,
)


@dataclass
class SessionRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    seats: list[dict[str, Any]]
    meta: dict[str, Any]


@dataclass(frozen=True)
class InputRow:
    seq: int
    seat: int
    move: str
    args: dict[str, Any]
    prompt_key: str


@dataclass(frozen=True)
class Held:
    """A session as stored when a process took hold of it, to check its cache against."""

    row: SessionRow
    seq: int


class SessionMoved(Exception):
    """Another process stored an input or a status change first: catch up, then try again."""


class ChannelBusy(Exception):
    """The channel already has an open (lobby or active) session."""


class Store:
    """One aiosqlite connection; callers serialize per session (see table.service)."""

    shared = False  # one process owns the file: its cache is the truth

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self.db = connection

    @classmethod
    async def open(cls, path: str | Path) -> Store:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(str(path))
        await connection.execute("PRAGMA journal_mode=WAL")
        await connection.execute("PRAGMA synchronous=FULL")
        await connection.execute("PRAGMA foreign_keys=ON")
        store = cls(connection)
        await store._migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def _migrate(self) -> None:
        async with self.db.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()  # type: ignore[misc]
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self.db.executescript(f"BEGIN; {script}; PRAGMA user_version={number}; COMMIT;")

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cursor:
            (version,) = await cursor.fetchone()  # type: ignore[misc]
        return int(version)

    # Sessions ---------------------------------------------------------------------------

    async def create_session(self, row: SessionRow) -> int:
        now = time.time()
        try:
            cursor = await self.db.execute(
                "INSERT INTO sessions (channel_id, guild_id, game, rules_version, options, seed,"
                " status, host_id, seats, meta, created_at, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    row.channel_id,
                    row.guild_id,
                    row.game,
                    row.rules_version,
                    json.dumps(row.options),
                    row.seed,
                    row.status,
                    row.host_id,
                    json.dumps(row.seats),
                    json.dumps(row.meta),
                    now,
                    now,
                ),
            )
        except aiosqlite.IntegrityError as error:
            raise ChannelBusy(row.channel_id) from error
        await self.db.commit()
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_session(self, row: SessionRow) -> None:
        await self.db.execute(
            "UPDATE sessions SET status=?, seats=?, meta=?, host_id=?, updated_at=? WHERE id=?",
            (
                row.status,
                json.dumps(row.seats),
                json.dumps(row.meta),
                row.host_id,
                time.time(),
                row.id,
            ),
        )
        await self.db.commit()

    async def session(self, session_id: int) -> SessionRow | None:
        rows = await self._sessions("WHERE id=?", (session_id,))
        return rows[0] if rows else None

    async def open_session_in(self, channel_id: int) -> SessionRow | None:
        rows = await self._sessions(
            "WHERE channel_id=? AND status IN ('lobby','active')", (channel_id,)
        )
        return rows[0] if rows else None

    async def open_sessions(self) -> list[SessionRow]:
        return await self._sessions("WHERE status IN ('lobby','active') ORDER BY id", ())

    async def _sessions(self, where: str, params: tuple[Any, ...]) -> list[SessionRow]:
        query = (
            "SELECT id, channel_id, guild_id, game, rules_version, options, seed, status,"
            f" host_id, seats, meta FROM sessions {where}"
        )
        async with self.db.execute(query, params) as cursor:
            rows = await cursor.fetchall()
        return [
            SessionRow(
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                json.loads(r[5]),
                r[6],
                r[7],
                r[8],
                json.loads(r[9]),
                json.loads(r[10]),
            )
            for r in rows
        ]

    # The input log ----------------------------------------------------------------------

    async def append_input(
        self,
        session_id: int,
        row: InputRow,
        *,
        snapshot: str | None = None,
        status: str | None = None,
    ) -> None:
        """One transaction: the input, an optional snapshot, an optional status change."""
        await self.db.execute(
            "INSERT INTO inputs (session_id, seq, seat, move, args, prompt_key, at)"
            " VALUES (?,?,?,?,?,?,?)",
            (session_id, row.seq, row.seat, row.move, _dump(row.args), row.prompt_key, time.time()),
        )
        if snapshot is not None:
            await self.db.execute(
                "INSERT OR REPLACE INTO snapshots (session_id, seq, state) VALUES (?,?,?)",
                (session_id, row.seq, snapshot),
            )
        if status is not None:
            await self.db.execute(
                "UPDATE sessions SET status=?, updated_at=? WHERE id=?",
                (status, time.time(), session_id),
            )
        await self.db.commit()

    async def inputs(self, session_id: int, after: int = 0) -> list[InputRow]:
        async with self.db.execute(
            "SELECT seq, seat, move, args, prompt_key FROM inputs"
            " WHERE session_id=? AND seq>? ORDER BY seq",
            (session_id, after),
        ) as cursor:
            rows = await cursor.fetchall()
        return [InputRow(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    async def find_input(
        self, session_id: int, seat: int, prompt_key: str, move: str, args: dict[str, Any]
    ) -> InputRow | None:
        """The accepted input equal to this one, to recognise a double submission."""
        async with self.db.execute(
            "SELECT seq FROM inputs WHERE session_id=? AND seat=? AND prompt_key=? AND move=?"
            " AND args=? ORDER BY seq DESC LIMIT 1",
            (session_id, seat, prompt_key, move, _dump(args)),
        ) as cursor:
            row = await cursor.fetchone()
        return InputRow(row[0], seat, move, args, prompt_key) if row else None

    async def latest_snapshot(self, session_id: int) -> tuple[int, str] | None:
        async with self.db.execute(
            "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq DESC LIMIT 1",
            (session_id,),
        ) as cursor:
            row = await cursor.fetchone()
        return (row[0], row[1]) if row else None

    # Deadlines --------------------------------------------------------------------------

    async def set_deadline(self, session_id: int, due_at: float, stage: str) -> None:
        await self.db.execute(
            "INSERT OR REPLACE INTO deadlines (session_id, due_at, stage) VALUES (?,?,?)",
            (session_id, due_at, stage),
        )
        await self.db.commit()

    async def clear_deadline(self, session_id: int) -> None:
        await self.db.execute("DELETE FROM deadlines WHERE session_id=?", (session_id,))
        await self.db.commit()

    async def deadlines(self) -> list[tuple[int, float, str]]:
        async with self.db.execute("SELECT session_id, due_at, stage FROM deadlines") as cursor:
            return [(r[0], r[1], r[2]) for r in await cursor.fetchall()]

    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]:
        """Take the deadlines due by `now` off the table (one process: nobody to race)."""
        due = sorted(d for d in await self.deadlines() if d[1] <= now)
        for session_id, _, _ in due:
            await self.db.execute("DELETE FROM deadlines WHERE session_id=?", (session_id,))
        await self.db.commit()
        return due

    # Across processes and backends -------------------------------------------------------

    @asynccontextmanager
    async def hold(self, session_id: int) -> AsyncIterator[Held | None]:
        """Nothing to lock: one process owns the file (see table.pgstore for the shared one)."""
        yield None

    async def all_sessions(self) -> list[SessionRow]:
        return await self._sessions("ORDER BY id", ())

    async def snapshots(self, session_id: int) -> list[tuple[int, str]]:
        async with self.db.execute(
            "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq", (session_id,)
        ) as cursor:
            return [(r[0], r[1]) for r in await cursor.fetchall()]


def _dump(args: dict[str, Any]) -> str:
    """Canonical JSON so equal inputs compare equal as text."""
    return json.dumps(args, sort_keys=True, separators=(",", ":"))
