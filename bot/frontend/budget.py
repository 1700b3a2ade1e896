"""Discord's REST limits as a budget the bot spends, instead of 429s it collects.

Discord allows a bot about 50 requests per second in all (interaction responses, followups and
edits through an interaction token are exempt) and about 5 message writes per 5 s in one
channel. Per-route buckets (the channel's, or the tight one for opening DM channels) Discord
announces in rate-limit headers, and discord.py waits on those itself. The budget is an aiohttp
trace on the client's session: a request waits for room in the global window and, when it
writes a message, in its channel's window, at the moment it is sent (after discord.py's bucket
wait, so a request held there is not counted early and its retries are counted too). While
urgent requests (a board its players are waiting for) queue for the global window, normal ones
(a progress update) leave them the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import re
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import aiohttp

URGENT, NORMAL = 0, 1
priority: contextvars.ContextVar[int] = contextvars.ContextVar("rest_priority", default=NORMAL)
# A request made inside `unless(outdated)` is dropped, unsent, if `outdated()` holds when room
# for it appears: a turn ping that waited in a busy channel until the turn was over.
_outdated: contextvars.ContextVar[Callable[[], bool] | None] = contextvars.ContextVar(
    "rest_outdated", default=None
)
API_PATH = re.compile(r"^/api/v\d+(/.*)$")
MESSAGE_PATH = re.compile(r"^/channels/(\d+)/messages(?:/\d+)?$")
EXEMPT = ("/interactions/", "/webhooks/")  # interaction endpoints: exempt from the global limit
# Our clock and Discord's differ by the request's travel time: keep the windows a little wider.
CLOCK_MARGIN = 0.05


@contextlib.contextmanager
def at(level: int) -> Iterator[None]:
    """REST requests made inside the block go at `level` (URGENT or NORMAL)."""
    token = priority.set(level)
    try:
        yield
    finally:
        priority.reset(token)


class Dropped(Exception):
    """A request whose reason passed while it waited for room (see `unless`): never sent."""


@contextlib.contextmanager
def unless(outdated: Callable[[], bool]) -> Iterator[None]:
    """Requests made inside the block are dropped (Dropped) if `outdated()` when they may go."""
    token = _outdated.set(outdated)
    try:
        yield
    finally:
        _outdated.reset(token)


@dataclass(frozen=True)
class Limits:
    per_second: int = 45
    channel_messages: int = 5
    channel_window: float = 5.0
    global_window: float = 1.0  # Discord's; shorter only to test the budget quickly


@dataclass
class _Waiter:
    channel_id: int | None
    admitted: asyncio.Future[None]


class RestBudget:
    """Waiting requests queue by priority, first come first served; one timer admits them as
    room appears, so a full budget costs one wake-up per admitted request, not one per waiter
    per window (hundreds of sleepers re-checking the window took most of the event loop)."""

    def __init__(self, limits: Limits | None = None, clock: Callable[[], float] = time.monotonic):
        self.limits = limits or Limits()
        self.clock = clock
        self._global: deque[float] = deque()
        self._channels: dict[int, deque[float]] = {}
        self._pruned_at = 0.0
        self._queues: tuple[deque[_Waiter], deque[_Waiter]] = (deque(), deque())  # URGENT, NORMAL
        self._timer: asyncio.TimerHandle | None = None
        self.spent: deque[float] = deque(maxlen=100_000)  # admission times, for measurements

    async def acquire(self, channel_id: int | None = None, level: int | None = None) -> None:
        """Wait until one more request fits; `channel_id` when it writes a message there."""
        level = priority.get() if level is None else level
        ahead = self._queues[URGENT] or (level > URGENT and self._queues[NORMAL])
        if not ahead and self._waits(channel_id) == (0.0, 0.0):
            self._admit(channel_id)
            return
        waiter = _Waiter(channel_id, asyncio.get_running_loop().create_future())
        self._queues[min(level, NORMAL)].append(waiter)
        self._dispatch()
        await waiter.admitted

    def _admit(self, channel_id: int | None) -> None:
        now = self.clock()
        self._global.append(now)
        if channel_id is not None:
            self._channels.setdefault(channel_id, deque()).append(now)
        self.spent.append(now)
        if now - self._pruned_at > self.limits.channel_window:
            self._prune(now)

    def _prune(self, now: float) -> None:
        """Forget the windows of channels with no write in their window (every DM channel
        ever written would otherwise keep one for as long as the bot runs)."""
        span = self.limits.channel_window * (1 + CLOCK_MARGIN)
        self._channels = {c: w for c, w in self._channels.items() if w and w[-1] > now - span}
        self._pruned_at = now

    def _dispatch(self) -> None:
        """Admit every queued request that fits now, urgent first, each in arrival order (one
        whose channel is full lets later ones past); then sleep until the next may fit."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        next_wait = float("inf")
        for queue in self._queues:
            for waiter in list(queue):
                if waiter.admitted.done():  # its request was cancelled while it waited
                    queue.remove(waiter)
                    continue
                global_wait, channel_wait = self._waits(waiter.channel_id)
                if global_wait > 0:
                    next_wait = min(next_wait, global_wait)
                    break
                if channel_wait > 0:
                    next_wait = min(next_wait, channel_wait)
                    continue
                queue.remove(waiter)
                self._admit(waiter.channel_id)
                waiter.admitted.set_result(None)
            else:
                continue
            break  # the global window is full: nobody further may go
        if next_wait != float("inf"):
            self._timer = asyncio.get_running_loop().call_later(next_wait, self._dispatch)

    def _waits(self, channel_id: int | None) -> tuple[float, float]:
        """Seconds until the global window, and the channel's, have room for one more."""
        now = self.clock()
        limits = self.limits
        span = limits.global_window * (1 + CLOCK_MARGIN)
        global_wait = _room(self._global, limits.per_second, span, now)
        if channel_id is None:
            return global_wait, 0.0
        window = self._channels.get(channel_id)
        if window is None:
            return global_wait, 0.0
        span = limits.channel_window * (1 + CLOCK_MARGIN)
        channel_wait = _room(window, limits.channel_messages, span, now)
        if not window:  # a channel's window is kept only while it holds a recent write
            del self._channels[channel_id]
        return global_wait, channel_wait

    def trace(self) -> aiohttp.TraceConfig:
        """Pass as the client's `http_trace`: every request of the bot's token takes its room
        as it leaves, after discord.py's own wait on the bucket that Discord announced for its
        route, and again on each retry; so a request that waits there is counted when it is
        sent, not before, and the global window holds what Discord sees."""
        config = aiohttp.TraceConfig()

        async def on_request_start(
            session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
        ) -> None:
            await self.admit(params.method, params.url.path)

        config.on_request_start.append(on_request_start)
        return config

    async def admit(self, method: str, url_path: str) -> None:
        """Wait for room for a request to `url_path` (the URL's path, with its /api/vN)."""
        match = API_PATH.match(url_path)
        if match is None or match.group(1).startswith(EXEMPT):
            return  # the gateway, or an interaction's token: not bound to the global limit
        channel = MESSAGE_PATH.match(match.group(1)) if method != "GET" else None
        await self.acquire(int(channel.group(1)) if channel else None)
        outdated = _outdated.get()
        if outdated is not None and outdated():
            raise Dropped(f"{method} {url_path}")


def _room(window: deque[float], limit: int, span: float, now: float) -> float:
    """Seconds until `window` (admission times) has room for one more within `span`."""
    while window and window[0] <= now - span:
        window.popleft()
    return 0.0 if len(window) < limit else window[0] + span - now
