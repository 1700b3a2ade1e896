"""Coalesced publishing: each game's board shows its latest state, at Discord's pace.

A state change only marks its session dirty. One worker per dirty session publishes the latest
state (board, DMs, public replies) when its channel may be written again: at most one board
per channel per `interval` (Discord allows about 5 writes per 5 s in a channel), however many
inputs arrived meanwhile. Changes that move the game on to a new decision are urgent: their
REST calls take the budget's room before mere progress updates (see bot.frontend.budget).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from bot.frontend import budget
from table.service import Session

LATENCY_SAMPLES = 100_000


@dataclass
class Dirty:
    """What a session's next publish must show."""

    since: float  # when the oldest change not yet on the board happened
    urgent: bool = False
    restarted: bool = False


Publish = Callable[[Session, Dirty], Awaitable[None]]
Spawn = Callable[[Coroutine[Any, Any, Any]], asyncio.Task]
Sleep = Callable[[float], Awaitable[None]]


class Publisher:
    def __init__(
        self,
        publish: Publish,
        spawn: Spawn,
        interval: float,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        """`clock` and `sleep` are injectable so that tests run the pacing in virtual time."""
        self.publish = publish
        self.spawn = spawn
        self.interval = interval
        self.clock = clock
        self.sleep = sleep
        self.dirty: dict[int, Dirty] = {}
        self._workers: dict[int, asyncio.Task] = {}
        self._next_at: dict[int, float] = {}  # channel id -> earliest next publish
        # Seconds from a change to the publish that showed it (worst case per publish).
        self.latency: deque[float] = deque(maxlen=LATENCY_SAMPLES)

    def mark(self, session: Session, *, urgent: bool = False, restarted: bool = False) -> None:
        entry = self.dirty.get(session.id)
        if entry is None:
            self.dirty[session.id] = Dirty(self.clock(), urgent, restarted)
        else:
            entry.urgent |= urgent
            entry.restarted |= restarted
        worker = self._workers.get(session.id)
        if worker is None or worker.done():
            self._workers[session.id] = self.spawn(self._work(session))

    async def _work(self, session: Session) -> None:
        channel = session.row.channel_id
        while session.id in self.dirty:
            delay = self._next_at.get(channel, 0.0) - self.clock()
            if delay > 0:
                await self.sleep(delay)
            entry = self.dirty.pop(session.id)
            self._next_at[channel] = self.clock() + self.interval
            with budget.at(budget.URGENT if entry.urgent else budget.NORMAL):
                await self.publish(session, entry)
            self.latency.append(self.clock() - entry.since)
        self._workers.pop(session.id, None)

    def forget(self, channel_id: int) -> None:
        """The channel's game has ended: no pace to keep for it any more."""
        self._next_at.pop(channel_id, None)
