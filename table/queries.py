"""The SQL both stores run, written once with SQLite's `?` placeholders, and the store methods
that are one query each (`Queries`, which both backends extend).

The PostgreSQL store numbers them (`numbered`: `$1, $2, …`) before it sends a query; the same
text then serves both backends, so a column or condition cannot change in one store only. A
fragment that the dialects spell differently is a named argument of the query (`{shown}`);
what only one backend can say (row locks, advisory locks, sequences) stays in its store.
"""

from __future__ import annotations

import json
import time
from abc import abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar

from table.clock_queries import ClockQueries, idle_async_query
from table.session_model import SessionMeta, stored_seats
from table.store import Held, InputRow, SessionRow, dump, input_row, session_row

SESSION_COLUMNS = (
    "id, channel_id, guild_id, game, rules_version, options, seed, status, host_id, seats, meta"
)
SESSIONS = f"SELECT {SESSION_COLUMNS} FROM sessions"
# The conditions after SESSIONS (each store's `_sessions` reader).
SESSION_BY_ID = "WHERE id=?"
OPEN_SESSION_IN = "WHERE channel_id=? AND status IN ('lobby','active')"
OPEN_SESSIONS = "WHERE status IN ('lobby','active') ORDER BY id"
ALL_SESSIONS = "ORDER BY id"
# `{shown}`: the meta's "shown" (the last input its board showed) as a number, per dialect.
UNSHOWN_FINISHED = (
    "WHERE status='finished' AND {shown} <"
    " (SELECT MAX(seq) FROM inputs WHERE inputs.session_id=sessions.id) ORDER BY id"
)
SHOWN_SQLITE = "json_extract(meta, '$.shown')"
SHOWN_POSTGRES = "(meta::jsonb->>'shown')::bigint"
SEATS_SQLITE = "json_array_length(s.seats)"
SEATS_POSTGRES = "json_array_length(s.seats::json)"
# Open sessions but the idle async tables (table.clock_queries): what start-up loads.
OPEN_BUT_IDLE = "WHERE status IN ('lobby','active') AND id NOT IN ({idle}) ORDER BY id"

CREATE_SESSION = (
    "INSERT INTO sessions (channel_id, guild_id, game, rules_version, options,"
    " seed, status, host_id, seats, meta, created_at, updated_at)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)"
)
SAVE_SESSION = "UPDATE sessions SET status=?, seats=?, meta=?, host_id=?, updated_at=? WHERE id=?"
SET_STATUS = "UPDATE sessions SET status=?, updated_at=? WHERE id=?"
SAVE_META = "UPDATE sessions SET meta=?, updated_at=? WHERE id=?"

INPUT_COLUMNS = "session_id, seq, seat, move, args, prompt_key, at"
INSERT_INPUT = f"INSERT INTO inputs ({INPUT_COLUMNS}) VALUES (?,?,?,?,?,?,?)"
LAST_SEQ = "SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE session_id=?"
PEEK = f"SELECT {SESSION_COLUMNS}, ({LAST_SEQ}) FROM sessions WHERE id=?"  # id twice
INPUTS = (
    "SELECT seq, seat, move, args, prompt_key FROM inputs"
    " WHERE session_id=? AND seq>? ORDER BY seq LIMIT ?"
)
LOG_EXTENT = "SELECT COUNT(*), COALESCE(MAX(seq), 0) FROM inputs WHERE session_id=? AND seq>0"
FIND_INPUT = (
    "SELECT seq FROM inputs WHERE session_id=? AND seat=? AND prompt_key=? AND move=?"
    " AND args=? ORDER BY seq DESC LIMIT 1"
)
LATEST_INPUT = (
    "SELECT seq, move, args FROM inputs WHERE session_id=? AND seat=? AND prompt_key=?"
    " ORDER BY seq DESC LIMIT 1"
)

PUT_SNAPSHOT = (
    "INSERT INTO snapshots (session_id, seq, state) VALUES (?,?,?)"
    " ON CONFLICT (session_id, seq) DO UPDATE SET state=excluded.state"
)
LATEST_SNAPSHOT = "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq DESC LIMIT 1"
SNAPSHOTS = "SELECT seq, state FROM snapshots WHERE session_id=? ORDER BY seq"

SET_TURN_PINGS = (
    "INSERT INTO user_settings (user_id, turn_pings) VALUES (?,?)"
    " ON CONFLICT (user_id) DO UPDATE SET turn_pings=excluded.turn_pings"
)
TIPS = "SELECT tip FROM user_tips WHERE user_id=?"
ADD_TIP = "INSERT INTO user_tips (user_id, tip) VALUES (?,?) ON CONFLICT (user_id, tip) DO NOTHING"
DROP_TIP = "DELETE FROM user_tips WHERE user_id=? AND tip=?"
DM_CHANNEL = "SELECT channel_id FROM dm_channels WHERE user_id=?"
REMEMBER_DM_CHANNEL = (
    "INSERT INTO dm_channels (user_id, channel_id) VALUES (?,?)"
    " ON CONFLICT (user_id) DO UPDATE SET channel_id=excluded.channel_id"
)

SET_DEADLINE = (
    "INSERT INTO deadlines (session_id, due_at, stage) VALUES (?,?,?)"
    " ON CONFLICT (session_id) DO UPDATE SET due_at=excluded.due_at, stage=excluded.stage"
)
CLEAR_DEADLINE = "DELETE FROM deadlines WHERE session_id=?"
DEADLINES = "SELECT session_id, due_at, stage FROM deadlines"

SPILL_HISTORY = (
    "INSERT INTO history_chunks (session_id, chunk, events) VALUES (?,?,?)"
    " ON CONFLICT (session_id, chunk) DO NOTHING"
)
HISTORY_CHUNKS = (
    "SELECT chunk, events FROM history_chunks WHERE session_id=? AND chunk>=? AND chunk<=?"
    " ORDER BY chunk"
)

GUILD_SETTINGS = "SELECT settings FROM guild_settings WHERE guild_id=?"
SAVE_GUILD_SETTINGS = (
    "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?,?,?)"
    " ON CONFLICT (guild_id) DO UPDATE SET settings=excluded.settings,"
    " updated_at=excluded.updated_at"
)


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's `$1, $2, …` (outside quoted text); computed
    once per query text."""
    parts = sql.split("'")
    count = 0
    for index in range(0, len(parts), 2):
        pieces = parts[index].split("?")
        text = pieces[0]
        for piece in pieces[1:]:
            count += 1
            text += f"${count}{piece}"
        parts[index] = text
    return "'".join(parts)


class Queries(ClockQueries):
    """The store methods that are one query each, written once for both backends over their
    `_fetch` (rows of a read) and `_write` (one statement in a transaction of its own, or in
    the held session's). A backend adds what its dialect does its own way: opening, creating a
    session, appending an input, claiming deadlines, holding a session across processes."""

    shown: ClassVar[str]  # UNSHOWN_FINISHED's `{shown}` in this dialect
    no_limit: ClassVar[int | None]  # INPUTS' LIMIT that reads the whole log

    @abstractmethod
    async def _fetch(self, query: str, *params: Any) -> Sequence[Any]: ...

    @abstractmethod
    async def _write(self, query: str, *params: Any) -> None: ...

    # Sessions ---------------------------------------------------------------------------

    async def save_session(self, row: SessionRow) -> None:
        seats, meta = json.dumps(stored_seats(row.seats)), json.dumps(row.meta.stored())
        await self._write(SAVE_SESSION, row.status, seats, meta, row.host_id, time.time(), row.id)

    async def save_meta(self, session_id: int, meta: SessionMeta, durable: bool = False) -> None:
        """Only the front end's bookkeeping: status and seats may be another process's newer,
        and are saved by their own writes. `durable`: synced to disk before it returns (every
        commit here is; SQLite may skip the sync for bookkeeping a power cut can lose)."""
        await self._write(SAVE_META, json.dumps(meta.stored()), time.time(), session_id)

    async def session(self, session_id: int) -> SessionRow | None:
        rows = await self._sessions(SESSION_BY_ID, session_id)
        return rows[0] if rows else None

    async def open_session_in(self, channel_id: int) -> SessionRow | None:
        rows = await self._sessions(OPEN_SESSION_IN, channel_id)
        return rows[0] if rows else None

    async def open_sessions(self) -> list[SessionRow]:
        return await self._sessions(OPEN_SESSIONS)

    async def open_sessions_but_idle(self) -> list[SessionRow]:
        """Open sessions except async tables whose board is current and that have no AI
        seat: those stay unread at start-up (loaded when acted on or due)."""
        idle = idle_async_query(self.shown, self.seat_count)
        return await self._sessions(OPEN_BUT_IDLE.format(idle=idle))

    async def unshown_finished(self) -> list[SessionRow]:
        """Finished sessions whose board (meta "shown": the last input it showed) lags the log:
        the process died before it published the final board."""
        return await self._sessions(UNSHOWN_FINISHED.format(shown=self.shown))

    async def all_sessions(self) -> list[SessionRow]:
        return await self._sessions(ALL_SESSIONS)

    async def _sessions(self, where: str, *params: Any) -> list[SessionRow]:
        return [session_row(r) for r in await self._fetch(f"{SESSIONS} {where}", *params)]

    async def peek(self, session_id: int) -> Held | None:
        """The row and last seq as stored now, without holding the session."""
        found = await self._fetch(PEEK, session_id, session_id)
        return Held(session_row(found[0]), int(found[0][11])) if found else None

    # The input log ----------------------------------------------------------------------

    async def inputs(
        self, session_id: int, after: int = 0, limit: int | None = None
    ) -> list[InputRow]:
        """The log after seq `after`; `limit` rows at most (each is decoded on the caller's
        thread, so a long log is read in parts: see TableService.log_parts)."""
        rows = await self._fetch(
            INPUTS, session_id, after, self.no_limit if limit is None else limit
        )
        return [input_row(r) for r in rows]

    async def log_extent(self, session_id: int) -> tuple[int, int]:
        """(number of inputs, highest seq): equal exactly when the log is 1..n without gaps."""
        ((count, highest),) = await self._fetch(LOG_EXTENT, session_id)
        return int(count), int(highest)

    async def find_input(
        self, session_id: int, seat: int, prompt_key: str, move: str, args: dict[str, Any]
    ) -> InputRow | None:
        """The accepted input equal to this one, to recognise a double submission."""
        rows = await self._fetch(FIND_INPUT, session_id, seat, prompt_key, move, dump(args))
        return InputRow(rows[0][0], seat, move, args, prompt_key) if rows else None

    async def latest_input(self, session_id: int, seat: int, prompt_key: str) -> InputRow | None:
        """The seat's latest accepted answer to this prompt (a revisable answer's current one)."""
        rows = await self._fetch(LATEST_INPUT, session_id, seat, prompt_key)
        if not rows:
            return None
        seq, move, args = rows[0]
        return InputRow(seq, seat, move, json.loads(args), prompt_key)

    async def latest_snapshot(self, session_id: int) -> tuple[int, str] | None:
        rows = await self._fetch(LATEST_SNAPSHOT, session_id)
        return (rows[0][0], rows[0][1]) if rows else None

    async def snapshots(self, session_id: int) -> list[tuple[int, str]]:
        return [(r[0], r[1]) for r in await self._fetch(SNAPSHOTS, session_id)]

    # Users, deadlines, servers ----------------------------------------------------------

    async def set_turn_pings(self, user_id: int, on: bool) -> None:
        await self._write(SET_TURN_PINGS, user_id, int(on))

    async def tips(self, user_id: int) -> set[str]:
        """The tips the member was shown (and "*" when they turned tips off)."""
        return {row[0] for row in await self._fetch(TIPS, user_id)}

    async def add_tip(self, user_id: int, tip: str) -> None:
        await self._write(ADD_TIP, user_id, tip)

    async def drop_tip(self, user_id: int, tip: str) -> None:
        await self._write(DROP_TIP, user_id, tip)

    async def dm_channel(self, user_id: int) -> int | None:
        rows = await self._fetch(DM_CHANNEL, user_id)
        return int(rows[0][0]) if rows else None

    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self._write(REMEMBER_DM_CHANNEL, user_id, channel_id)

    async def set_deadline(self, session_id: int, due_at: float, stage: str) -> None:
        await self._write(SET_DEADLINE, session_id, due_at, stage)

    async def clear_deadline(self, session_id: int) -> None:
        await self._write(CLEAR_DEADLINE, session_id)

    async def deadlines(self) -> list[tuple[int, float, str]]:
        return [(r[0], r[1], r[2]) for r in await self._fetch(DEADLINES)]

    async def spill_history(self, session_id: int, chunk: int, events: str) -> None:
        """Store one chunk of a game's public events (a JSON list) for /game history; a chunk
        already stored is kept (it is derived from the log, so it is the same)."""
        await self._write(SPILL_HISTORY, session_id, chunk, events)

    async def history_chunks(self, session_id: int, first: int, last: int) -> list[tuple[int, str]]:
        """The stored chunks `first`..`last` of a game's public events, in order."""
        return [(r[0], r[1]) for r in await self._fetch(HISTORY_CHUNKS, session_id, first, last)]

    async def guild_settings(self, guild_id: int) -> str | None:
        """The JSON object of a server's /game settings, or None when it never set any."""
        rows = await self._fetch(GUILD_SETTINGS, guild_id)
        return rows[0][0] if rows else None

    async def save_guild_settings(self, guild_id: int, settings: str) -> None:
        await self._write(SAVE_GUILD_SETTINGS, guild_id, settings, time.time())
