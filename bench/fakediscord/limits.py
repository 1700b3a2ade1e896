"""Discord's REST rate limits, enforced as Discord does: a 429 with `retry_after`.

- Global: about 50 requests per second per bot token, over every route except the interaction
  endpoints (callbacks, followups and edits through an interaction token, all under
  /interactions/ and /webhooks/), which Discord exempts.
- Per channel: message sends, edits and deletes, about 5 per 5 seconds in one channel.

The 429 carries a `Via` header (without it discord.py takes the answer for a Cloudflare ban),
JSON `retry_after` in seconds, and `global` telling which limit was hit.
"""

from __future__ import annotations

import re
import time
from collections import deque
from dataclasses import dataclass, field

EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
CHANNEL_MESSAGE = re.compile(r"^/channels/(\d+)/messages(?:/\d+)?$")


@dataclass
class RateLimits:
    global_per_second: int = 50
    channel_messages: int = 5
    channel_window: float = 5.0
    enabled: bool = True


@dataclass
class Refusal:
    retry_after: float
    is_global: bool


@dataclass
class Limiter:
    """Sliding windows of accepted requests; `check` admits or refuses one more."""

    limits: RateLimits = field(default_factory=RateLimits)
    refused: int = 0
    _global: deque[float] = field(default_factory=deque)
    _channels: dict[int, deque[float]] = field(default_factory=dict)

    def check(self, method: str, path: str, now: float | None = None) -> Refusal | None:
        if not self.limits.enabled or path.startswith(EXEMPT_PREFIXES):
            return None
        now = time.monotonic() if now is None else now
        refusal = self._admit(self._global, self.limits.global_per_second, 1.0, now, True)
        if refusal is None and method != "GET" and (match := CHANNEL_MESSAGE.match(path)):
            window = self._channels.setdefault(int(match.group(1)), deque())
            limits = self.limits
            refusal = self._admit(
                window, limits.channel_messages, limits.channel_window, now, False
            )
            if refusal is not None:
                self._global.pop()  # the refused request did not count globally either
        if refusal is not None:
            self.refused += 1
        return refusal

    @staticmethod
    def _admit(
        window: deque[float], limit: int, span: float, now: float, is_global: bool
    ) -> Refusal | None:
        while window and window[0] <= now - span:
            window.popleft()
        if len(window) >= limit:
            return Refusal(retry_after=max(0.001, window[0] + span - now), is_global=is_global)
        window.append(now)
        return None
