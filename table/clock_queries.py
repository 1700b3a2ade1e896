"""The store methods of async tables (table.clocks), written once for both backends over their
`_fetch` and `_write` (see table.queries, whose `Queries` extends this).

The deadline scan is one indexed statement (`clocks_due`): it claims the due clocks for one
process for a lease, so on PostgreSQL (`FOR UPDATE SKIP LOCKED`) two processes never take the
same clock; saving a clock releases it. A notice is claimed by inserting its row (keyed by
session, seat, turn and kind): only the process whose insert went in sends it, so a notice is
never sent twice, across restarts and processes alike.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from table.clocks import Interval, SeatClock, UserPrefs
from table.pace import Pace, TablePace

CLOCK_COLUMNS = (
    "session_id, seat, user_id, remaining, running_since, turn, budget, reminded, notified,"
    " timed_out, due_at"
)
SAVE_CLOCK = (
    f"INSERT INTO clocks ({CLOCK_COLUMNS}, claimed_by, claimed_until)"
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,NULL,NULL) ON CONFLICT (session_id, seat) DO UPDATE SET"
    " user_id=excluded.user_id, remaining=excluded.remaining,"
    " running_since=excluded.running_since, turn=excluded.turn, budget=excluded.budget,"
    " reminded=excluded.reminded, notified=excluded.notified, timed_out=excluded.timed_out,"
    " due_at=excluded.due_at, claimed_by=NULL, claimed_until=NULL"
)
CLOCKS_OF_SESSION = f"SELECT {CLOCK_COLUMNS} FROM clocks WHERE session_id=? ORDER BY seat"
CLOCKS_OF_USER = (
    f"SELECT {', '.join('c.' + c.strip() for c in CLOCK_COLUMNS.split(','))} FROM clocks c"
    " JOIN sessions s ON s.id=c.session_id WHERE c.user_id=? AND s.status='active'"
    " ORDER BY c.session_id, c.seat"
)
# `{lock}`: PostgreSQL's FOR UPDATE SKIP LOCKED (nothing on SQLite, which one process owns).
CLAIM_DUE = (
    "UPDATE clocks SET claimed_by=?, claimed_until=? WHERE (session_id, seat) IN"
    " (SELECT session_id, seat FROM clocks WHERE due_at<=?"
    " AND (claimed_until IS NULL OR claimed_until<?) ORDER BY due_at LIMIT ? {lock})"
    " RETURNING session_id, seat"
)
SAVE_TABLE_PACE = (
    "INSERT INTO async_tables (session_id, pace, policy, quiet_stops, paused_until,"
    " pause_votes) VALUES (?,?,?,?,?,?) ON CONFLICT (session_id) DO UPDATE SET"
    " pace=excluded.pace, policy=excluded.policy, quiet_stops=excluded.quiet_stops,"
    " paused_until=excluded.paused_until, pause_votes=excluded.pause_votes"
)
TABLE_PACE = (
    "SELECT session_id, pace, policy, quiet_stops, paused_until, pause_votes FROM async_tables"
    " WHERE session_id=?"
)
CLAIM_NOTICE = (
    "INSERT INTO notices (session_id, seat, turn, kind, user_id, at) VALUES (?,?,?,?,?,?)"
    " ON CONFLICT (session_id, seat, turn, kind) DO NOTHING RETURNING seat"
)
# The move goes in only when the last was `every` seconds ago or more (one statement: with
# several processes on PostgreSQL, two moves at once cannot both pass).
CLAIM_QUIET_MOVE = (
    "INSERT INTO quiet_moves (user_id, at) VALUES (?,?) ON CONFLICT (user_id)"
    " DO UPDATE SET at=excluded.at WHERE quiet_moves.at <= ? RETURNING at"
)
QUIET_MOVED = "SELECT at FROM quiet_moves WHERE user_id=?"
NOTICE_MESSAGE = (
    "SELECT message_id FROM notices WHERE session_id=? AND seat=? AND turn=? AND kind=?"
)
SET_NOTICE_MESSAGE = (
    "UPDATE notices SET message_id=? WHERE session_id=? AND seat=? AND turn=? AND kind=?"
)
USER_PREFS = "SELECT user_id, tz, quiet_start, quiet_end, notices FROM user_prefs WHERE user_id IN"
SAVE_USER_PREFS = (
    "INSERT INTO user_prefs (user_id, tz, quiet_start, quiet_end, notices) VALUES (?,?,?,?,?)"
    " ON CONFLICT (user_id) DO UPDATE SET tz=excluded.tz, quiet_start=excluded.quiet_start,"
    " quiet_end=excluded.quiet_end, notices=excluded.notices"
)
ADD_VACATION = "INSERT INTO vacations (user_id, starts, ends) VALUES (?,?,?)"
END_VACATION = "UPDATE vacations SET ends=? WHERE user_id=? AND starts<=? AND ends>?"
VACATIONS = "SELECT starts, ends FROM vacations WHERE user_id=? AND ends>? ORDER BY starts"
BEAT = (
    "INSERT INTO heartbeats (process, at) VALUES (?,?)"
    " ON CONFLICT (process) DO UPDATE SET at=excluded.at"
)
LAST_BEAT = "SELECT MAX(at) FROM heartbeats"
ADD_DOWNTIME = "INSERT INTO downtimes (starts, ends) VALUES (?,?) ON CONFLICT (starts) DO NOTHING"
DOWNTIMES = "SELECT starts, ends FROM downtimes WHERE ends>? ORDER BY starts"
# Active async tables whose board shows their latest input and that have no AI seat (a
# clock per seat, none timed out): nothing to re-publish or play at start-up. `{shown}` and
# `{seats}` (the seats' count) per dialect: see table.queries.
IDLE_ASYNC = (
    "SELECT s.id FROM sessions s JOIN async_tables a ON a.session_id=s.id"
    " WHERE s.status='active' AND {shown} >="
    " (SELECT COALESCE(MAX(seq), 0) FROM inputs WHERE inputs.session_id=s.id)"
    " AND (SELECT COUNT(*) FROM clocks c WHERE c.session_id=s.id AND c.timed_out=0) = {seats}"
)


class ClockQueries(ABC):
    """Async tables' reads and writes, one statement each (see the module docstring)."""

    skip_locked: ClassVar[str]  # CLAIM_DUE's `{lock}` in this dialect
    shown: ClassVar[str]  # the meta's "shown" as a number (table.queries)
    seat_count: ClassVar[str]  # the number of seats of `s` (table.queries)

    @abstractmethod
    async def _fetch(self, query: str, *params: Any) -> Sequence[Any]: ...

    @abstractmethod
    async def _write(self, query: str, *params: Any) -> None: ...

    async def save_table_pace(self, table: TablePace) -> None:
        votes = json.dumps({"days": table.pause_days, "votes": list(table.pause_votes)})
        await self._write(
            SAVE_TABLE_PACE,
            table.session_id,
            table.pace.seconds,
            table.policy,
            int(table.quiet_stops),
            table.paused_until,
            votes,
        )

    async def table_pace(self, session_id: int) -> TablePace | None:
        """The table's pace, or None for a live table (no row)."""
        rows = await self._fetch(TABLE_PACE, session_id)
        if not rows:
            return None
        sid, seconds, policy, quiet_stops, paused_until, votes = rows[0]
        vote = json.loads(votes)
        return TablePace(
            sid,
            Pace(int(seconds)),
            policy,
            bool(quiet_stops),
            paused_until,
            tuple(vote["votes"]),
            int(vote["days"]),
        )

    async def save_clock(self, clock: SeatClock) -> None:
        """Store the clock as it is now and release it from any claim."""
        await self._write(SAVE_CLOCK, *_clock_values(clock))

    async def clocks(self, session_id: int) -> list[SeatClock]:
        return [_clock(r) for r in await self._fetch(CLOCKS_OF_SESSION, session_id)]

    async def clocks_of_user(self, user_id: int) -> list[SeatClock]:
        """The player's clocks at active tables (their open async games)."""
        return [_clock(r) for r in await self._fetch(CLOCKS_OF_USER, user_id)]

    async def claim_due_clocks(
        self, now: float, by: str, lease: float, limit: int = 500
    ) -> list[tuple[int, int]]:
        """(session, seat) of clocks due by `now`, claimed by process `by` until now + lease."""
        sql = CLAIM_DUE.format(lock=self.skip_locked)
        rows = await self._fetch(sql, by, now + lease, now, now, limit)
        return sorted((int(r[0]), int(r[1])) for r in rows)

    async def claim_notice(
        self, session_id: int, seat: int, turn: int, kind: str, user_id: int, at: float
    ) -> bool:
        """True for the one caller that may send this notice (its row went in)."""
        rows = await self._fetch(CLAIM_NOTICE, session_id, seat, turn, kind, user_id, at)
        return bool(rows)

    async def notice_message(self, session_id: int, seat: int, turn: int, kind: str) -> int | None:
        rows = await self._fetch(NOTICE_MESSAGE, session_id, seat, turn, kind)
        return int(rows[0][0]) if rows and rows[0][0] is not None else None

    async def set_notice_message(
        self, session_id: int, seat: int, turn: int, kind: str, message_id: int
    ) -> None:
        await self._write(SET_NOTICE_MESSAGE, message_id, session_id, seat, turn, kind)

    async def user_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]:
        """Each listed player's settings (defaults for those who set none)."""
        found = {u: UserPrefs(u) for u in user_ids}
        if user_ids:
            marks = ",".join("?" * len(user_ids))
            for r in await self._fetch(f"{USER_PREFS} ({marks})", *user_ids):
                found[int(r[0])] = UserPrefs(int(r[0]), r[1], int(r[2]), int(r[3]), r[4])
        return found

    async def save_user_prefs(self, prefs: UserPrefs) -> None:
        await self._write(
            SAVE_USER_PREFS,
            prefs.user_id,
            prefs.tz,
            prefs.quiet_start,
            prefs.quiet_end,
            prefs.notices,
        )

    async def claim_quiet_move(self, user_id: int, now: float, every: float) -> float | None:
        """Record that the player moves their quiet hours now, unless they last did less than
        `every` seconds ago: then nothing is written and that time is returned."""
        if await self._fetch(CLAIM_QUIET_MOVE, user_id, now, now - every):
            return None
        rows = await self._fetch(QUIET_MOVED, user_id)
        return float(rows[0][0]) if rows else None

    async def add_vacation(self, user_id: int, starts: float, ends: float) -> None:
        await self._write(ADD_VACATION, user_id, starts, ends)

    async def end_vacation(self, user_id: int, now: float) -> None:
        await self._write(END_VACATION, now, user_id, now, now)

    async def vacations(self, user_id: int, since: float) -> list[Interval]:
        """The player's vacations that end after `since`."""
        return [(r[0], r[1]) for r in await self._fetch(VACATIONS, user_id, since)]

    async def idle_async_sessions(self) -> frozenset[int]:
        """Active async tables whose board is current: nothing to re-publish at start-up."""
        rows = await self._fetch(idle_async_query(self.shown, self.seat_count))
        return frozenset(int(r[0]) for r in rows)

    async def beat(self, process: str, now: float) -> None:
        await self._write(BEAT, process, now)

    async def last_beat(self) -> float | None:
        rows = await self._fetch(LAST_BEAT)
        return rows[0][0] if rows else None

    async def add_downtime(self, starts: float, ends: float) -> None:
        await self._write(ADD_DOWNTIME, starts, ends)

    async def downtimes(self, since: float) -> list[Interval]:
        return [(r[0], r[1]) for r in await self._fetch(DOWNTIMES, since)]


def idle_async_query(shown: str, seat_count: str) -> str:
    return IDLE_ASYNC.format(shown=shown.replace("meta", "s.meta"), seats=seat_count)


def _clock_values(c: SeatClock) -> tuple[Any, ...]:
    return (
        c.session_id,
        c.seat,
        c.user_id,
        c.remaining,
        c.running_since,
        c.turn,
        c.budget,
        c.reminded,
        int(c.notified),
        int(c.timed_out),
        c.due_at,
    )


def _clock(r: Any) -> SeatClock:
    return SeatClock(
        int(r[0]),
        int(r[1]),
        int(r[2]),
        float(r[3]),
        r[4],
        int(r[5]),
        float(r[6]),
        int(r[7]),
        bool(r[8]),
        bool(r[9]),
        r[10],
    )
