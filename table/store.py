"""SQLite persistence: sessions, an append-only log of accepted inputs, periodic snapshots.

A session's state is never stored as the source of truth: it is `setup` + the input log. Snapshots
only shorten the replay. Every input is committed (WAL, synchronous=FULL) before the caller
acknowledges it, so a crash can lose nothing that a player saw accepted.

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
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

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
    # 2: per-seat results of finished games and OpenSkill ratings per server and game
    # (table/ratings.py). `guild_id` 0 stands for games outside any server.
    """
    CREATE TABLE results (
        session_id INTEGER NOT NULL REFERENCES sessions(id),
        seat INTEGER NOT NULL,
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        ai INTEGER NOT NULL,
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        at REAL NOT NULL,
        PRIMARY KEY (session_id, seat)
    );
    CREATE INDEX results_by_player ON results(guild_id, player, game);
    CREATE TABLE ratings (
        guild_id INTEGER NOT NULL,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        name TEXT NOT NULL,
        mu REAL NOT NULL,
        sigma REAL NOT NULL,
        games INTEGER NOT NULL,
        updated_at REAL NOT NULL,
        PRIMARY KEY (guild_id, game, player)
    );
    """,
    # 3: what a server's admins set with /game settings (bot/settings.py), as a JSON object of
    # the keys they changed (absent keys follow config.toml); a member's open lobbies, counted
    # against their limit at each /game new (bot/gate.py).
    """
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE INDEX lobbies_by_host ON sessions(guild_id, host_id) WHERE status = 'lobby';
    """,
    # 4: per-user preferences: whether a player is mentioned when their public turn starts
    """
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        turn_pings INTEGER NOT NULL
    );
    """,
    # 5: a player's DM channel with the bot, opened once (Discord's bucket for opening them is
    # tight) and kept across games and restarts.
    """
    CREATE TABLE dm_channels (
        user_id INTEGER PRIMARY KEY,
        channel_id INTEGER NOT NULL
    );
    """,
)

Statement = tuple[str, tuple[Any, ...]]


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
    damage: str | None = None  # why the stored row is unreadable: the session is broken


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


class StoreRefused(Exception):
    """This database cannot be used by this process; the message says why and what to do."""


# SQLite primary result codes that mean "the disk, not the data": what an admin must fix.
_STORAGE_FAULTS = {
    5: ("locked", "the database is locked by another program; stop it"),
    6: ("locked", "the database is locked by another program; stop it"),
    8: ("read_only", "the database file or its folder is read-only; make it writable"),
    10: ("io", "the disk reported an I/O error; check the disk"),
    13: ("full", "the disk (or the database's size limit) is full; free some space"),
    14: ("io", "the database file cannot be opened; check the path and permissions"),
}


class StorageError(Exception):
    """A write the database refused for a reason outside the game (disk full, read-only, I/O).

    Nothing of the write was kept. `reason` is a stable word; `fix` tells an admin what to do.
    """

    def __init__(self, reason: str, fix: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.fix = fix


def _storage_error(error: sqlite3.Error) -> StorageError | None:
    code = getattr(error, "sqlite_errorcode", None)
    if code is None:
        return None
    fault = _STORAGE_FAULTS.get(code & 0xFF)
    return StorageError(fault[0], fault[1], str(error)) if fault else None


class Store:
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
    async def open(cls, path: str | Path) -> Store:
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

    # Sessions ---------------------------------------------------------------------------

    async def create_session(self, row: SessionRow) -> int:
        now = time.time()
        async with self._transaction():
            try:
                cursor = await self.db.execute(
                    "INSERT INTO sessions (channel_id, guild_id, game, rules_version, options,"
                    " seed, status, host_id, seats, meta, created_at, updated_at)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                    (*session_values(row), now, now),
                )
            except sqlite3.IntegrityError as error:
                raise ChannelBusy(row.channel_id) from error
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_session(self, row: SessionRow) -> None:
        async with self._transaction():
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

    async def set_status(self, session_id: int, status: str) -> None:
        """Only the status, leaving every other column as stored (e.g. of a broken session)."""
        async with self._transaction():
            await self.db.execute(
                "UPDATE sessions SET status=?, updated_at=? WHERE id=?",
                (status, time.time(), session_id),
            )

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

    async def unshown_finished(self) -> list[SessionRow]:
        """Finished sessions whose board (meta "shown": the last input it showed) lags the log:
        the process died before it published the final board."""
        return await self._sessions(
            "WHERE status='finished' AND json_extract(meta, '$.shown') <"
            " (SELECT MAX(seq) FROM inputs WHERE inputs.session_id=sessions.id) ORDER BY id",
            (),
        )

    async def _sessions(self, where: str, params: tuple[Any, ...]) -> list[SessionRow]:
        query = (
            "SELECT id, channel_id, guild_id, game, rules_version, options, seed, status,"
            f" host_id, seats, meta FROM sessions {where}"
        )
        return [_session_row(r) for r in await self._fetch(query, params)]

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
            await self.db.execute(
                "INSERT INTO inputs (session_id, seq, seat, move, args, prompt_key, at)"
                " VALUES (?,?,?,?,?,?,?)",
                (
                    session_id,
                    row.seq,
                    row.seat,
                    row.move,
                    _dump(row.args),
                    row.prompt_key,
                    time.time(),
                ),
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
            "SELECT seq, seat, move, args, prompt_key FROM inputs"
            " WHERE session_id=? AND seq>? ORDER BY seq LIMIT ?",
            (session_id, after, -1 if limit is None else limit),
        )
        return [InputRow(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]

    async def log_extent(self, session_id: int) -> tuple[int, int]:
        """(number of inputs, highest seq): equal exactly when the log is 1..n without gaps."""
        ((count, highest),) = await self._fetch(
            "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM inputs WHERE session_id=? AND seq>0",
            (session_id,),
        )
        return int(count), int(highest)

    async def find_input(
        self, session_id: int, seat: int, prompt_key: str, move: str, args: dict[str, Any]
    ) -> InputRow | None:
        """The accepted input equal to this one, to recognise a double submission."""
        rows = await self._fetch(
            "SELECT seq FROM inputs WHERE session_id=? AND seat=? AND prompt_key=? AND move=?"
            " AND args=? ORDER BY seq DESC LIMIT 1",
            (session_id, seat, prompt_key, move, _dump(args)),
        )
        return InputRow(rows[0][0], seat, move, args, prompt_key) if rows else None

    async def latest_input(self, session_id: int, seat: int, prompt_key: str) -> InputRow | None:
        """The seat's latest accepted answer to this prompt (a revisable answer's current one)."""
        rows = await self._fetch(
            "SELECT seq, move, args FROM inputs WHERE session_id=? AND seat=? AND prompt_key=?"
            " ORDER BY seq DESC LIMIT 1",
            (session_id, seat, prompt_key),
        )
        if not rows:
            return None
        seq, move, args = rows[0]
        return InputRow(seq, seat, move, json.loads(args), prompt_key)

    async def latest_snapshot(self, session_id: int) -> tuple[int, str] | None:
        rows = await self._fetch(
            "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq DESC LIMIT 1",
            (session_id,),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    # Users' preferences ------------------------------------------------------------------

    async def set_turn_pings(self, user_id: int, on: bool) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO user_settings (user_id, turn_pings) VALUES (?,?)"
                " ON CONFLICT (user_id) DO UPDATE SET turn_pings=excluded.turn_pings",
                (user_id, int(on)),
            )

    # Deadlines --------------------------------------------------------------------------

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self._fetch("SELECT channel_id FROM dm_channels WHERE user_id=?", (user_id,))
        return int(rows[0][0]) if rows else None

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT OR REPLACE INTO dm_channels (user_id, channel_id) VALUES (?,?)",
                (user_id, channel_id),
            )

    async def set_deadline(self, session_id: int, due_at: float, stage: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT OR REPLACE INTO deadlines (session_id, due_at, stage) VALUES (?,?,?)",
                (session_id, due_at, stage),
            )

    async def clear_deadline(self, session_id: int) -> None:
        async with self._transaction():
            await self.db.execute("DELETE FROM deadlines WHERE session_id=?", (session_id,))

    async def deadlines(self) -> list[tuple[int, float, str]]:
        rows = await self._fetch("SELECT session_id, due_at, stage FROM deadlines", ())
        return [(r[0], r[1], r[2]) for r in rows]

    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]:
        """Take the deadlines due by `now` off the table (one process: nobody to race)."""
        async with self._transaction():
            async with self.db.execute(
                "SELECT session_id, due_at, stage FROM deadlines WHERE due_at<=?", (now,)
            ) as cursor:
                due = sorted((r[0], r[1], r[2]) for r in await cursor.fetchall())
            await self.db.execute("DELETE FROM deadlines WHERE due_at<=?", (now,))
        return due

    # Server settings --------------------------------------------------------------------

    async def guild_settings(self, guild_id: int) -> str | None:
        """The JSON object of a server's /game settings, or None when it never set any."""
        rows = await self._fetch(
            "SELECT settings FROM guild_settings WHERE guild_id=?", (guild_id,)
        )
        return rows[0][0] if rows else None

    async def save_guild_settings(self, guild_id: int, settings: str) -> None:
        async with self._transaction():
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET settings=excluded.settings,"
                " updated_at=excluded.updated_at",
                (guild_id, settings, time.time()),
            )

    # Across processes and backends -------------------------------------------------------

    @asynccontextmanager
    async def hold(self, session_id: int) -> AsyncIterator[Held | None]:
        """Nothing to lock: one process owns the file (see table.pgstore for the shared one)."""
        yield None

    @asynccontextmanager
    async def finishing(self) -> AsyncIterator[None]:
        """One process: the service's own lock already orders finishing games."""
        yield

    async def all_sessions(self) -> list[SessionRow]:
        return await self._sessions("ORDER BY id", ())

    async def snapshots(self, session_id: int) -> list[tuple[int, str]]:
        rows = await self._fetch(
            "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq", (session_id,)
        )
        return [(r[0], r[1]) for r in rows]


def session_values(row: SessionRow) -> tuple[Any, ...]:
    """A session's columns after its id, in the sessions table's order (both backends)."""
    return (
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
    )


def _session_row(r: Any) -> SessionRow:
    """A stored row; unreadable JSON columns give a row marked `damage` instead of raising."""
    try:
        options, seats, meta = json.loads(r[5]), json.loads(r[9]), json.loads(r[10])
        damage = _shape_damage(options, seats, meta)
    except (TypeError, ValueError) as error:
        options, seats, meta, damage = {}, [], {}, f"unreadable JSON ({error})"
    if damage is not None:
        options, seats, meta = {}, [], {}
    return SessionRow(r[0], r[1], r[2], r[3], r[4], options, r[6], r[7], r[8], seats, meta, damage)


def _shape_damage(options: Any, seats: Any, meta: Any) -> str | None:
    if not isinstance(options, dict) or not isinstance(meta, dict):
        return "options or meta is not an object"
    keys = {"user_id", "name", "ai"}
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and keys <= set(s) for s in seats
    ):
        return "seats are not a list of seats"
    return None


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


def _dump(args: dict[str, Any]) -> str:
    """Canonical JSON so equal inputs compare equal as text."""
    return json.dumps(args, sort_keys=True, separators=(",", ":"))
