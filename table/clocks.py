"""Per-seat clocks of async tables, as pure functions of an injected time (no I/O, no sleeping).

A clock is stored as the time it had at its last checkpoint (`remaining`) plus when it started
running (`running_since`; None while its seat owes nothing). Time between `running_since` and
now is charged except the *stops*: the bot's downtime (so a restart never costs anyone time)
and, when the table chooses so, the player's quiet hours. A pause by consent or a vacation is
a checkpoint whose `running_since` lies in the future: nothing is charged before it.

Reminders fall at fixed points of the clock a turn started with (REMINDER_POINTS), and every
notice (turn start, reminders) is moved out of the player's quiet hours.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from table.pace import DAY, Pace

REMINDER_POINTS = (0.5, 0.9)  # share of the turn's clock used when a reminder is due
HORIZON = 400 * DAY  # no clock event is searched further ahead (a clock never holds more)
Interval = tuple[float, float]
Stops = Callable[[float, float], list[Interval]]  # the stopped intervals overlapping [a, b]


class BadZone(ValueError):
    """Not an IANA time zone name."""


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise BadZone(name) from None


@dataclass(frozen=True)
class QuietHours:
    """A player's time zone and nightly quiet window [start, end) in minutes of their day
    (start > end wraps midnight; start == end: none)."""

    tz: str = "UTC"
    start: int = 0
    end: int = 0

    @property
    def any(self) -> bool:
        return self.start != self.end

    def windows(self, a: float, b: float) -> list[Interval]:
        """The quiet intervals (UTC seconds) that overlap [a, b]."""
        if not self.any or b <= a:
            return []
        here = zone(self.tz)
        day = datetime.fromtimestamp(a, here).date() - timedelta(days=1)
        last = datetime.fromtimestamp(b, here).date()
        found = []
        while day <= last:
            begin = _local(day, self.start, here)
            length = (self.end - self.start) % 1440
            finish = _local(day + timedelta(days=(self.start + length) // 1440), self.end, here)
            if finish > a and begin < b:
                found.append((begin, finish))
            day += timedelta(days=1)
        return found

    def contains(self, at: float) -> bool:
        return any(begin <= at < end for begin, end in self.windows(at, at + 1))

    def after(self, at: float) -> float:
        """`at`, or the end of the quiet window it falls in: when a notice may arrive."""
        for begin, end in self.windows(at, at + 1):
            if begin <= at < end:
                return end
        return at


NOTICE_WAYS = ("dm", "mention", "off")  # how a player's turn notices reach them


@dataclass(frozen=True)
class UserPrefs:
    """What a player set for themselves with `/game me` (one row of `user_prefs`)."""

    user_id: int
    tz: str = "UTC"
    quiet_start: int = 0
    quiet_end: int = 0
    notices: str = "dm"

    @property
    def quiet(self) -> QuietHours:
        return QuietHours(self.tz, self.quiet_start, self.quiet_end)


def _local(day: date, minute: int, here: ZoneInfo) -> float:
    moment = datetime.combine(day, datetime.min.time(), here)
    return (moment + timedelta(minutes=minute)).timestamp()


def merged(intervals: Sequence[Interval]) -> list[Interval]:
    out: list[Interval] = []
    for begin, end in sorted(intervals):
        if out and begin <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], end))
        else:
            out.append((begin, end))
    return out


def stops_of(quiet: QuietHours | None, downtimes: Sequence[Interval]) -> Stops:
    """The stops of one seat's clock: the bot's downtimes, plus the player's quiet hours when
    the table stops clocks in them (`quiet` None otherwise)."""
    down = sorted(downtimes)

    def stops(a: float, b: float) -> list[Interval]:
        found = [d for d in down[: bisect_right(down, (b,))] if d[1] > a]
        if quiet is not None:
            found += quiet.windows(a, b)
        return merged(found)

    return stops


def charged(a: float, b: float, stops: Stops) -> float:
    """Seconds of [a, b] a running clock is charged (outside every stop)."""
    if b <= a:
        return 0.0
    stopped = sum(min(end, b) - max(begin, a) for begin, end in stops(a, b))
    return max(0.0, (b - a) - stopped)


def when_charged(a: float, amount: float, stops: Stops) -> float:
    """The moment a clock running from `a` has been charged `amount` seconds."""
    at, left, step = a, max(0.0, amount), DAY
    while at - a < HORIZON:
        stretch = charged(at, at + step, stops)
        if stretch >= left:
            return _within(at, at + step, left, stops)
        left -= stretch
        at += step
    return at


def _within(a: float, b: float, amount: float, stops: Stops) -> float:
    at, left = a, amount
    for begin, end in stops(a, b):
        if begin > at:
            if begin - at >= left:
                return at + left
            left -= begin - at
        at = max(at, end)
    return at + left


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock on an async table (one row of the `clocks` table).

    `turn` counts the times the seat started owing an input: notices are keyed by it, so each
    is sent once per turn. `budget` is what the clock held when this turn started (reminder
    points are shares of it); `reminded` how many reminder points passed; `notified` whether
    the turn's first notice went out; `timed_out` whether its clock ran out (then AI-played).
    """

    session_id: int
    seat: int
    user_id: int
    remaining: float
    running_since: float | None = None
    turn: int = 0
    budget: float = 0.0
    reminded: int = 0
    notified: bool = False
    timed_out: bool = False
    due_at: float | None = None

    @property
    def running(self) -> bool:
        return self.running_since is not None

    def left(self, now: float, stops: Stops) -> float:
        if self.running_since is None:
            return self.remaining
        return max(0.0, self.remaining - charged(self.running_since, now, stops))


def new_clock(session_id: int, seat: int, user_id: int, pace: Pace) -> SeatClock:
    return SeatClock(session_id, seat, user_id, pace.bank)


def start(clock: SeatClock, now: float, resume_at: float = 0.0) -> SeatClock:
    """The seat starts owing: a new turn (`resume_at`: a pause or vacation ends later)."""
    return replace(
        clock,
        running_since=max(now, resume_at),
        turn=clock.turn + 1,
        budget=clock.remaining,
        reminded=0,
        notified=False,
    )


def stop(clock: SeatClock, now: float, stops: Stops, pace: Pace) -> SeatClock:
    """The seat answered: charge its time, add the pace's time per move (up to the cap)."""
    left = clock.left(now, stops)
    return replace(clock, remaining=min(pace.cap, left + pace.seconds), running_since=None)


def checkpoint(clock: SeatClock, now: float, stops: Stops, resume_at: float) -> SeatClock:
    """Charge the clock up to now and let it run again only from `resume_at` (a pause or a
    vacation starts: its future start; it ends early: now)."""
    if clock.running_since is None:
        return clock
    left = clock.left(now, stops)
    return replace(clock, remaining=left, running_since=max(now, resume_at))


def next_due(clock: SeatClock, now: float, stops: Stops, quiet: QuietHours) -> float | None:
    """When the scan must look at this clock next: its next notice (the turn's first, then
    each reminder point, never inside the player's quiet hours) or its expiry, whichever is
    first; None while its seat owes nothing."""
    since = clock.running_since
    if since is None:
        return None
    expires = when_charged(since, clock.remaining, stops)
    if not clock.notified:
        return min(expires, quiet.after(max(since, now)))
    if clock.reminded >= len(REMINDER_POINTS):
        return expires
    used = clock.budget - clock.remaining  # charged this turn before the last checkpoint
    share = REMINDER_POINTS[clock.reminded] * clock.budget - used
    at = when_charged(since, share, stops) if share > 0 else since
    return min(expires, quiet.after(max(at, now)))


def step(
    clock: SeatClock, now: float, stops: Stops, quiet: QuietHours
) -> tuple[SeatClock, str | None, bool]:
    """What a due clock does at `now`: (the clock after it, the notice to send if any: `turn`,
    `remind1`, `remind2`…, whether it ran out). At most one notice, and none in quiet hours:
    a turn that started at night is announced once, when the player's morning comes."""
    since = clock.running_since
    if since is None or since > now:
        return clock, None, False
    if clock.left(now, stops) <= 0:
        return clock, None, True
    if quiet.contains(now):
        return clock, None, False
    passed = reminders_passed(clock, now, stops)
    if not clock.notified:
        return replace(clock, notified=True, reminded=passed), "turn", False
    if passed > clock.reminded:
        return replace(clock, reminded=passed), f"remind{passed}", False
    return clock, None, False


def reminders_passed(clock: SeatClock, now: float, stops: Stops) -> int:
    """How many reminder points the clock has passed by `now` (at least `reminded`)."""
    if clock.running_since is None or clock.budget <= 0:
        return clock.reminded
    used = clock.budget - clock.left(now, stops)
    passed = sum(1 for point in REMINDER_POINTS if used >= point * clock.budget - 0.01)
    return max(clock.reminded, passed)
