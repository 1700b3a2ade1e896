"""Discord's REST rate limits, enforced and announced as Discord does.

- Global: about 50 requests per second per bot token, over every route except the interaction
  endpoints (callbacks, followups and edits through an interaction token, all under
  /interactions/ and /webhooks/), which Discord exempts.
- Per-route buckets, announced on every answer of their routes in `X-RateLimit-Limit`,
  `-Remaining`, `-Reset`, `-Reset-After` and `-Bucket` (the hash discord.py keys its own buckets
  by). A bucket is a fixed window: its first request opens it, it refills whole when it resets.
  - Message writes (send, edit, delete) in one channel: about 5 per 5 s, one bucket per channel.
  - Opening a DM channel (`POST /users/@me/channels`): one bucket for the whole bot. Discord does
    not document its size and keeps it tight; the fake uses 5 per 5 s.

A refusal is a 429 with a `Via` header (without it discord.py takes the answer for a Cloudflare
ban), JSON `retry_after` in seconds, and `global` telling which limit was hit.
"""

from __future__ import annotations

import math
import re
import time
from collections import deque
from dataclasses import dataclass, field

EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")
CHANNEL_MESSAGE = re.compile(r"^/channels/(\d+)/messages(?:/\d+)?$")
OPEN_DM = "/users/@me/channels"


@dataclass
class RateLimits:
    global_per_second: int = 50
    channel_messages: int = 5
    channel_window: float = 5.0
    dm_opens: int = 5
    dm_window: float = 5.0
    enabled: bool = True


@dataclass
class Refusal:
    retry_after: float
    is_global: bool


@dataclass
class Bucket:
    """One announced bucket: `limit` requests per window that opens at its first request."""

    name: str
    limit: int
    window: float
    used: int = 0
    resets: float = 0.0  # monotonic time the current window ends

    def admit(self, now: float) -> Refusal | None:
        if now >= self.resets:
            self.used, self.resets = 0, now + self.window
        if self.used >= self.limit:
            return Refusal(retry_after=max(0.001, self.resets - now), is_global=False)
        self.used += 1
        return None

    def headers(self, now: float) -> dict[str, str]:
        """What Discord says about this bucket on an answer of one of its routes."""
        if now >= self.resets:  # the window has ended: the next request opens a full one
            remaining, reset_after = self.limit, self.window
        else:
            remaining = max(0, self.limit - self.used)
            reset_after = math.ceil((self.resets - now) * 1000) / 1000  # never announce it early
        return {
            "X-RateLimit-Limit": str(self.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": self.name,
        }


@dataclass
class Limiter:
    """The global sliding window and the per-route buckets; `check` admits or refuses one
    more request, `headers` announces its route's bucket."""

    limits: RateLimits = field(default_factory=RateLimits)
    refused: int = 0
    refused_routes: dict[str, int] = field(default_factory=dict)  # 429s per bucket kind
    _global: deque[float] = field(default_factory=deque)
    _buckets: dict[tuple[str, int], Bucket] = field(default_factory=dict)

    def check(self, method: str, path: str, now: float | None = None) -> Refusal | None:
        if not self.limits.enabled or path.startswith(EXEMPT_PREFIXES):
            return None
        now = time.monotonic() if now is None else now
        refusal = self._admit_global(now)
        bucket = self.bucket(method, path, now)
        if refusal is None and bucket is not None:
            refusal = bucket.admit(now)
            if refusal is not None:
                self._global.pop()  # the refused request did not count globally either
        if refusal is not None:
            self.refused += 1
            kind = "global" if refusal.is_global else (bucket.name if bucket else "?")
            self.refused_routes[kind] = self.refused_routes.get(kind, 0) + 1
        return refusal

    def headers(self, method: str, path: str, now: float | None = None) -> dict[str, str]:
        if not self.limits.enabled or path.startswith(EXEMPT_PREFIXES):
            return {}
        now = time.monotonic() if now is None else now
        bucket = self.bucket(method, path, now)
        return {} if bucket is None else bucket.headers(now)

    def bucket(self, method: str, path: str, now: float) -> Bucket | None:
        """The bucket a request falls in (opened on first use), or None for unlimited routes."""
        limits = self.limits
        if method == "POST" and path == OPEN_DM:
            key, limit, window = ("open-dm", 0), limits.dm_opens, limits.dm_window
        elif method != "GET" and (match := CHANNEL_MESSAGE.match(path)):
            key = ("channel-messages", int(match.group(1)))
            limit, window = limits.channel_messages, limits.channel_window
        else:
            return None
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(key[0], limit, window)
        bucket.limit, bucket.window = limit, window  # a test may change the limits
        return bucket

    def _admit_global(self, now: float) -> Refusal | None:
        window = self._global
        while window and window[0] <= now - 1.0:
            window.popleft()
        if len(window) >= self.limits.global_per_second:
            return Refusal(retry_after=max(0.001, window[0] + 1.0 - now), is_global=True)
        window.append(now)
        return None
