"""A network-free Discord for the load benchmark: the bot's real discord.py HTTP client sends
its requests here instead of the network, and this answers and counts them as Discord would."""

from __future__ import annotations

import asyncio
import itertools
import os
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
import yarl

from bench.fakediscord.limits import CHANNEL_MESSAGE, EXEMPT_PREFIXES, Limiter
from bot.discord_app.client import ForumBot

DM_IDS = 1 << 40  # ids this stand-in hands out (DM channels, messages) start here
BOT_USER = {"id": "1", "username": "Forum", "discriminator": "0", "avatar": None, "bot": True}


@dataclass
class Click:
    """An answered click as the bot's carriers see it: its token edits the clicked message and
    posts followups in its channel, exempt from the global limit (counted apart here)."""

    standin: StandInDiscord
    message: discord.Object | None
    guild_id: int | None
    response: Any
    created_at: Any = field(default_factory=discord.utils.utcnow)

    @property
    def followup(self) -> Click:
        return self

    async def edit_original_response(self, **fields: Any) -> None:
        await self.standin.exempt_call()

    async def edit_message(self, message_id: int, **fields: Any) -> None:
        await self.standin.exempt_call()

    async def send(self, **fields: Any) -> discord.Object:
        await self.standin.exempt_call()
        return discord.Object(id=next(self.standin._ids))


@dataclass
class Response:
    type: discord.InteractionResponseType


class StandInDiscord:
    def __init__(self, bot: ForumBot, latency: float = 0.04) -> None:
        self.bot = bot
        self.latency = latency
        self.limiter = Limiter()
        self._ids = itertools.count(DM_IDS)
        self.reset_counts()
        bot.http.request = self.request  # type: ignore[method-assign]
        bot.get_channel = bot.get_partial_messageable  # type: ignore[method-assign]

    def reset_counts(self) -> None:
        self.rest_times: list[float] = []
        self.channel_times: dict[int, list[float]] = defaultdict(list)
        self.rest_calls = 0
        self.routes: Counter[str] = Counter()  # what the REST budget was spent on
        self.interaction_calls = 0
        self.refused = 0

    async def existing_board(self, channel_id: int) -> int:
        return next(self._ids)

    def click_on_board(self, board_id: int) -> Click:
        """A board button, answered with a deferred update of the board."""
        deferred = Response(discord.InteractionResponseType.deferred_message_update)
        return Click(self, discord.Object(id=board_id), 1, deferred)

    def click_in_dm(self, message_id: int | None) -> Click:
        """A chooser button in a player's DMs, answered by updating that message."""
        update = Response(discord.InteractionResponseType.message_update)
        message = discord.Object(id=message_id) if message_id else None
        return Click(self, message, None, update)

    async def exempt_call(self) -> None:
        await asyncio.sleep(self.latency)
        self.interaction_calls += 1

    async def request(self, route: discord.http.Route, **kwargs: Any) -> Any:
        path = route.url[len(discord.http.Route.BASE) :]
        # As the client's trace does when a request leaves for Discord: the budget first.
        await self.bot.budget.admit(route.method, yarl.URL(route.url).path)
        while (refusal := self.limiter.check(route.method, path)) is not None:
            self.refused += 1  # discord.py waits `retry_after` and tries again
            await asyncio.sleep(refusal.retry_after)
        now = time.monotonic()  # as Discord counts it: when the request arrives
        await asyncio.sleep(self.latency)
        if not path.startswith(EXEMPT_PREFIXES):
            self.rest_calls += 1
            self.rest_times.append(now)
            where = " (a DM)" if "channel_id" in route.path and _is_dm(path) else ""
            self.routes[f"{route.method} {route.path}{where}"] += 1
            if route.method != "GET" and (match := CHANNEL_MESSAGE.match(path)):
                self.channel_times[int(match.group(1))].append(now)
        return self._answer(route, path, kwargs)

    def _answer(self, route: discord.http.Route, path: str, kwargs: dict[str, Any]) -> Any:
        if path == "/users/@me/channels":
            recipient = str(kwargs["json"]["recipient_id"])
            user = {**BOT_USER, "id": recipient, "username": f"u{recipient}", "bot": False}
            return {"id": str(next(self._ids)), "type": 1, "recipients": [user]}
        match = CHANNEL_MESSAGE.match(path)
        if match and route.method in ("POST", "PATCH"):
            message_id = path.rsplit("/", 1)[1] if route.method == "PATCH" else next(self._ids)
            return _message(int(match.group(1)), int(message_id))
        return None

    def max_per_second(self) -> int:
        return _max_in_window(self.rest_times, 1.0)

    def max_per_channel(self) -> int:
        return max((_max_in_window(t, 5.0) for t in self.channel_times.values()), default=0)


def _is_dm(path: str) -> bool:
    """The stand-in numbers DM channels from 2**40 and game channels below (see load.py)."""
    parts = path.split("/")
    return len(parts) > 2 and parts[2].isdigit() and int(parts[2]) >= DM_IDS


def _message(channel_id: int, message_id: int) -> dict[str, Any]:
    return {
        "id": str(message_id),
        "channel_id": str(channel_id),
        "author": BOT_USER,
        "content": "",
        "timestamp": "2026-01-01T00:00:00+00:00",
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": False,
        "type": 0,
        "flags": 0,
        "components": [],
    }


def _max_in_window(times: list[float], span: float) -> int:
    """The most events inside any window of `span` seconds."""
    best, start = 0, 0
    ordered = sorted(times)
    for end, moment in enumerate(ordered):
        while ordered[start] <= moment - span:
            start += 1
        best = max(best, end - start + 1)
    return best


def _busy_jiffies() -> tuple[int, int]:
    with open("/proc/stat") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    busy = sum(fields) - fields[3] - fields[4]  # all but idle and iowait
    with open("/proc/self/stat") as own:
        parts = own.read().rsplit(")", 1)[1].split()
    return busy, int(parts[11]) + int(parts[12])  # utime + stime


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a process of ours has used so far."""
    with open(f"/proc/{pid}/stat") as stat:
        parts = stat.read().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


def load_of_others(
    before: tuple[float, int, float] | None = None, workers: Sequence[int] = ()
) -> Any:
    """Snapshot, or with `before`: the cores that processes other than this one and its render
    `workers` used on average since then (the machine is shared)."""
    busy, own = _busy_jiffies()
    hertz = os.sysconf("SC_CLK_TCK")
    ours = own / hertz + sum(process_cpu(pid) for pid in workers)
    now = (time.monotonic(), busy, ours)
    if before is None:
        return now
    seconds = max(1e-9, now[0] - before[0])
    return ((busy - before[1]) / hertz - (ours - before[2])) / seconds


def rss_mb() -> tuple[float, float]:
    """(current, peak) resident memory of this process in MB."""
    values = {}
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                values[line.split(":")[0]] = int(line.split()[1]) / 1024
    return values.get("VmRSS", 0.0), values.get("VmHWM", 0.0)
