"""Async tables at work: clocks start and stop as seats owe inputs, the deadline scan sends each
notice once and applies a timeout policy, pauses by consent and vacations stop clocks, and the
bot's downtime is never charged. Every front end drives it the same way:

- `open_table` when a lobby opens with an async pace (a live table has no row and no clocks);
- `settle(session)` after anything changed a session (an input, a start, a seat to the AI);
- `scan()` every minute or so: the notices to deliver and the timeouts applied (the caller
  posts them and lets AI seats play);
- `started()` once at start-up (records the downtime since the last heartbeat).

Time comes from the injected `now`, so tests run weeks without sleeping.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime

from engine.core import Action, IllegalInput, Prompt
from table import clocks
from table.clocks import SeatClock, Stops, UserPrefs, stops_of
from table.pace import DAY, HOUR, Pace, TablePace
from table.service import Session, SessionBroken, TableService

log = logging.getLogger("forum.clocks")
LEASE = 120.0  # seconds a claimed clock stays another process's before it may be claimed again
BEAT_GRACE = 180.0  # no heartbeat for this long: the bot was down (scans run each minute)
QUIET_MOVES_EVERY = DAY  # quiet hours moved over a running clock at most this often
VACATION_DAYS = 14  # vacation days per calendar year (Pente.org gives 10; chess servers 10-30)


@dataclass(frozen=True)
class Notice:
    """A turn notice to deliver: `turn` (its turn started), `remind1`, `remind2` (firmer)."""

    session_id: int
    seat: int
    user_id: int
    turn: int
    kind: str
    at: float
    way: str  # dm or mention


@dataclass(frozen=True)
class Timeout:
    """A clock ran out and its table's policy was applied (`done`: ai, pass or abort)."""

    session_id: int
    seat: int
    user_id: int
    done: str
    at: float


@dataclass(frozen=True)
class MyGame:
    """One of a player's open async games, as /game mine lists it."""

    session_id: int
    game: str
    guild_id: int | None
    channel_id: int
    board: int | None  # the board message, for a link
    waiting_on: tuple[str, ...]  # names of the seats that owe an input
    my_turn: bool
    my_left: float  # the player's clock
    waited: float  # since the table's oldest running clock started


def _humans(session: Session) -> set[int]:
    return {s.user_id for s in session.seats if not s.ai}


def owing_humans(session: Session) -> set[int]:
    """Seats of members that owe an input now (SECRET prompts: every seat still owing)."""
    return {s for p in session.pending() for s in p.seats if not session.is_ai(s)}


class TurnClocks:
    def __init__(
        self, service: TableService, now: Callable[[], float], process: str | None = None
    ) -> None:
        self.service = service
        self.store = service.store
        self.now = now
        self.process = process or f"{socket.gethostname()}:{os.getpid()}"
        self._downtimes: list[tuple[float, float]] = []

    # Start-up ---------------------------------------------------------------------------

    async def started(self) -> None:
        """Record the time since the last heartbeat as downtime (when no process was alive),
        so no clock is charged for it; load the downtimes a running clock may still span."""
        now = self.now()
        last = await self.store.last_beat()
        if last is not None and now - last > BEAT_GRACE:
            await self.store.add_downtime(last, now)
            log.info("downtime of %.0f s not charged to any clock", now - last)
        await self.store.beat(self.process, now)
        self._downtimes = await self.store.downtimes(now - clocks.HORIZON)

    # Tables -----------------------------------------------------------------------------

    async def open_table(
        self, session: Session, pace: Pace, policy: str = "ai", quiet_stops: bool = False
    ) -> TablePace | None:
        """Give a new table its pace (None and no row for a live one)."""
        if pace.live:
            return None
        table = TablePace(session.id, pace, policy, quiet_stops)
        await self.store.save_table_pace(table)
        return table

    async def settle(self, session: Session) -> None:
        """Start the clocks of seats that now owe an input, stop (and credit) those that no
        longer do; a finished table's clocks all stop."""
        table = await self.store.table_pace(session.id)
        if table is None:
            return
        now = self.now()
        owing = owing_humans(session) if session.status == "active" else set()
        stored = {c.seat: c for c in await self.store.clocks(session.id)}
        prefs = await self._prefs(session)
        for seat, info in enumerate(session.seats):
            clock = stored.get(seat)
            if clock is None:
                if info.ai:
                    continue
                clock = clocks.new_clock(session.id, seat, info.user_id, table.pace)
            changed = await self._settled(clock, seat in owing, table, prefs, now)
            if changed != clock or seat not in stored:
                await self.store.save_clock(changed)

    async def _settled(
        self,
        clock: SeatClock,
        owes: bool,
        table: TablePace,
        prefs: dict[int, UserPrefs],
        now: float,
    ) -> SeatClock:
        stops = self._stops(table, prefs[clock.user_id])
        if owes and not clock.running:
            clock = clocks.start(clock, now, await self._resume_at(table, clock.user_id, now))
        elif not owes and clock.running:
            clock = clocks.stop(clock, now, stops, table.pace)
        else:
            return clock
        return self._planned(clock, now, stops, prefs[clock.user_id])

    def _planned(self, clock: SeatClock, now: float, stops: Stops, prefs: UserPrefs) -> SeatClock:
        return replace(clock, due_at=clocks.next_due(clock, now, stops, prefs.quiet))

    def _stops(self, table: TablePace, prefs: UserPrefs) -> Stops:
        return stops_of(prefs.quiet if table.quiet_stops else None, self._downtimes)

    async def _resume_at(self, table: TablePace, user_id: int, now: float) -> float:
        """When a clock that starts now may run: after the table's pause, after a vacation."""
        away = [ends for starts, ends in await self.store.vacations(user_id, now) if starts <= now]
        return max([now, table.paused_until or 0.0, *away])

    async def _prefs(self, session: Session) -> dict[int, UserPrefs]:
        return await self.store.user_prefs([s.user_id for s in session.seats if s.user_id])

    # The deadline scan ------------------------------------------------------------------

    async def scan(self) -> tuple[list[Notice], list[Timeout]]:
        """Claim the due clocks (one indexed query; one process each) and act on them."""
        now = self.now()
        await self.store.beat(self.process, now)
        claimed = await self.store.claim_due_clocks(now, self.process, LEASE)
        notices: list[Notice] = []
        timeouts: list[Timeout] = []
        for session_id in sorted({sid for sid, _ in claimed}):
            seats = {seat for sid, seat in claimed if sid == session_id}
            try:
                found = await self._due(session_id, seats, now)
            except (SessionBroken, IllegalInput) as error:
                log.warning("clocks of session %s not run: %s", session_id, error)
                await self._park(session_id, seats)
                continue
            notices += found[0]
            timeouts += found[1]
        return notices, timeouts

    async def _park(self, session_id: int, seats: set[int]) -> None:
        """A session that cannot be acted on: its clocks wait (no due time) until it moves."""
        for clock in await self.store.clocks(session_id):
            if clock.seat in seats:
                await self.store.save_clock(replace(clock, due_at=None))

    async def _due(
        self, session_id: int, seats: set[int], now: float
    ) -> tuple[list[Notice], list[Timeout]]:
        session = await self.service.get(session_id)
        await self.settle(session)  # an input the process died before settling
        table = await self.store.table_pace(session_id)
        if table is None or session.status != "active":
            await self._park(session_id, seats)
            return [], []
        prefs = await self._prefs(session)
        notices, timeouts = [], []
        for clock in await self.store.clocks(session_id):
            if clock.seat not in seats:
                continue
            mine = prefs[clock.user_id]
            stops = self._stops(table, mine)
            clock, kind, expired = clocks.step(clock, now, stops, mine.quiet)
            if kind and await self._claim(clock, kind, now) and mine.notices != "off":
                notices.append(
                    Notice(
                        session_id, clock.seat, clock.user_id, clock.turn, kind, now, mine.notices
                    )
                )
            if expired:
                timeouts.append(await self._time_out(session, table, clock, now))
                if session.status != "active":
                    break
                continue
            await self.store.save_clock(self._planned(clock, now, stops, mine))
        if timeouts:
            await self.settle(session)
        return notices, timeouts

    async def _claim(self, clock: SeatClock, kind: str, now: float) -> bool:
        return await self.store.claim_notice(
            clock.session_id, clock.seat, clock.turn, kind, clock.user_id, now
        )

    async def _time_out(
        self, session: Session, table: TablePace, clock: SeatClock, now: float
    ) -> Timeout:
        """Apply the table's policy to this seat only. A pass the rules refuse, or a seat with
        nothing to pass, goes to the AI instead (the policy says so in /game rules)."""
        done = table.policy
        if done == "pass" and not await self._pass(session, clock.seat):
            done = "ai"
        if done == "abort":
            await self.service.forfeit(session, clock.seat)  # rated: see table.ratings
        elif done == "ai":
            await self.service.hand_seat_to_ai(session, clock.seat)
        # A pass is the seat's move: its clock gets the pace's time for the next one.
        left = min(table.pace.cap, float(table.pace.seconds)) if done == "pass" else 0.0
        stopped = replace(clock, remaining=left, running_since=None, due_at=None)
        await self.store.save_clock(replace(stopped, timed_out=done == "ai"))
        log.info("session %s seat %s timed out: %s", session.id, clock.seat, done)
        return Timeout(session.id, clock.seat, clock.user_id, done, now)

    async def _pass(self, session: Session, seat: int) -> bool:
        for prompt in session.prompts_for(seat):
            action = pass_action(prompt, seat)
            if action is None:
                continue
            try:
                await self.service.submit(session, seat, action.move, action.args, prompt.key)
            except IllegalInput:
                continue
            return True
        return False

    # Pauses and vacations ---------------------------------------------------------------

    async def vote_pause(self, session: Session, user_id: int, days: int) -> TablePace:
        """A member votes to pause the table for `days` (1..7; the first vote sets the length):
        when every human seat has voted, every clock stops until the pause ends."""
        table = await self._table(session)
        if not 1 <= days <= 7:
            raise IllegalInput("bad_pause", maximum=7)
        if session.seat_of(user_id) is None:
            raise IllegalInput("not_a_player")
        now = self.now()
        if table.paused_until and table.paused_until > now:
            raise IllegalInput("already_paused")
        if table.paused_until:  # the last pause ran out: its votes to end it are void
            table = replace(table, paused_until=None, pause_votes=(), pause_days=0)
        votes = tuple(sorted({*table.pause_votes, user_id}))
        if not _humans(session) <= set(votes):
            table = replace(table, pause_votes=votes, pause_days=table.pause_days or days)
            await self.store.save_table_pace(table)
            return table
        until = now + (table.pause_days or days) * DAY
        table = replace(table, paused_until=until, pause_votes=(), pause_days=0)
        await self.store.save_table_pace(table)
        await self._rebase(session, table, until)
        return table

    async def end_pause(self, session: Session, user_id: int) -> TablePace:
        """A player asks to end the pause early: the clocks run again once every player has
        asked (one alone could end a pause the others agreed on while they are away, and let
        their clocks run out). Before a pause is agreed, it withdraws the request."""
        table = await self._table(session)
        if session.seat_of(user_id) is None:
            raise IllegalInput("not_a_player")
        now = self.now()
        if table.paused_until and table.paused_until > now:
            votes = tuple(sorted({*table.pause_votes, user_id}))
            if not _humans(session) <= set(votes):
                table = replace(table, pause_votes=votes)
                await self.store.save_table_pace(table)
                return table
        table = replace(table, paused_until=None, pause_votes=(), pause_days=0)
        await self.store.save_table_pace(table)
        await self._rebase(session, table, now)
        return table

    async def _rebase(self, session: Session, table: TablePace, resume_at: float) -> None:
        now = self.now()
        prefs = await self._prefs(session)
        for clock in await self.store.clocks(session.id):
            if clock.running:
                mine = prefs[clock.user_id]
                stops = self._stops(table, mine)
                moved = clocks.checkpoint(clock, now, stops, resume_at)
                await self.store.save_clock(self._planned(moved, now, stops, mine))

    async def _table(self, session: Session) -> TablePace:
        table = await self.store.table_pace(session.id)
        if table is None:
            raise IllegalInput("live_table")
        return table

    async def vacation_left(self, user_id: int) -> int:
        """Vacation days left this calendar year (in the player's time zone)."""
        now = self.now()
        prefs = (await self.store.user_prefs([user_id]))[user_id]
        here = clocks.zone(prefs.tz)
        today = datetime.fromtimestamp(now, here)
        since = datetime(today.year, 1, 1, tzinfo=here).timestamp()
        booked = await self.store.vacations(user_id, since)
        taken = sum(ends - max(starts, since) for starts, ends in booked)
        return max(0, VACATION_DAYS - int(-(-taken // DAY)))

    async def start_vacation(self, user_id: int, days: int) -> float:
        """Stop the player's clocks for `days` from now; returns when the vacation ends."""
        if not 1 <= days <= await self.vacation_left(user_id):
            raise IllegalInput("no_vacation_left", left=await self.vacation_left(user_id))
        now = self.now()
        ends = now + days * DAY
        await self.store.add_vacation(user_id, now, ends)
        await self._rebase_user(user_id, ends)
        return ends

    async def end_vacation(self, user_id: int) -> None:
        """Back early: the unused days return to the allowance, the clocks run from now."""
        now = self.now()
        await self.store.end_vacation(user_id, now)
        await self._rebase_user(user_id, now)

    async def set_prefs(self, prefs: UserPrefs) -> None:
        """Store a player's settings and re-plan their running clocks (quiet hours moved).
        Their running clocks are first charged up to now under the hours they ran in: quiet
        hours moved over the past refund nothing (else moving them every few hours would keep
        a clock full and stall the table). Moving them to begin now every twelve hours would
        still stop a clock for good: while one runs where quiet hours stop it, they move once a
        day (stored per player, for every process and across restarts; a clock still runs at
        least a quarter of the time)."""
        await self._limit_quiet_moves(prefs)
        await self._rebase_user(prefs.user_id, None)
        await self.store.save_user_prefs(prefs)
        await self._rebase_user(prefs.user_id, None)

    async def _limit_quiet_moves(self, prefs: UserPrefs) -> None:
        old = (await self.store.user_prefs([prefs.user_id]))[prefs.user_id].quiet
        if old == prefs.quiet or not (old.any or prefs.quiet.any):
            return
        for clock in await self.store.clocks_of_user(prefs.user_id):
            table = await self.store.table_pace(clock.session_id) if clock.running else None
            if table is not None and table.quiet_stops:
                break
        else:
            return
        now = self.now()
        moved = await self.store.claim_quiet_move(prefs.user_id, now, QUIET_MOVES_EVERY)
        if moved is not None:
            hours = -(-(moved + QUIET_MOVES_EVERY - now) // HOUR)
            raise IllegalInput("quiet_moved_recently", hours=max(1, int(hours)))

    async def _rebase_user(self, user_id: int, resume_at: float | None) -> None:
        now = self.now()
        mine = (await self.store.user_prefs([user_id]))[user_id]
        for clock in await self.store.clocks_of_user(user_id):
            if not clock.running:
                continue
            table = await self.store.table_pace(clock.session_id)
            if table is None:
                continue
            stops = self._stops(table, mine)
            if resume_at is None:  # charged up to now, running on from when it would have
                moved = clocks.checkpoint(clock, now, stops, clock.running_since or now)
            else:
                moved = clocks.checkpoint(
                    clock, now, stops, max(resume_at, table.paused_until or 0.0)
                )
            await self.store.save_clock(self._planned(moved, now, stops, mine))

    # What the board and /game mine show -------------------------------------------------

    async def games_of(self, user_id: int) -> list[MyGame]:
        """The player's open async games, their turn first, then the longest waiting; read from
        the stored rows and clocks (no game is replayed to list it)."""
        now = self.now()
        found = []
        for mine in await self.store.clocks_of_user(user_id):
            row = await self.store.session(mine.session_id)
            table = await self.store.table_pace(mine.session_id)
            if row is None or table is None or row.damage is not None:
                continue
            seated = await self.store.clocks(row.id)
            prefs = await self.store.user_prefs([c.user_id for c in seated])
            running = [c for c in seated if c.running_since is not None]
            since = min((c.running_since or now for c in running), default=now)
            stops = self._stops(table, prefs[user_id])
            found.append(
                MyGame(
                    row.id,
                    row.game,
                    row.guild_id,
                    row.channel_id,
                    row.meta.board,
                    tuple(row.seats[c.seat].name for c in running if c.seat < len(row.seats)),
                    mine.running,
                    mine.left(now, stops),
                    max(0.0, now - since),
                )
            )
        return sorted(found, key=lambda g: (not g.my_turn, -g.waited, g.session_id))

    async def waiting(self, session: Session) -> list[tuple[int, float]]:
        """(seat, time left) of every running clock, for "waiting on Bob · 5 h left"."""
        table = await self.store.table_pace(session.id)
        if table is None:
            return []
        now = self.now()
        prefs = await self._prefs(session)
        return [
            (c.seat, c.left(now, self._stops(table, prefs[c.user_id])))
            for c in await self.store.clocks(session.id)
            if c.running
        ]


def pass_action(prompt: Prompt, seat: int) -> Action | None:
    """The input that passes at this prompt, if the rules offer one: a move named `pass`
    without required fields, or a `one` field with a `pass` choice (its other fields asked
    only for other choices)."""
    if seat not in prompt.seats:
        return None
    if prompt.move == "pass" and all(f.optional or f.needs for f in prompt.fields):
        return Action(seat=seat, move=prompt.move, args={})
    for field in prompt.fields:
        if field.kind != "one" or "pass" not in {c.value for c in field.options}:
            continue
        args = {field.name: "pass"}
        if all(f is field or f.optional or not f.is_asked(args) for f in prompt.fields):
            return Action(seat=seat, move=prompt.move, args=args)
    return None
