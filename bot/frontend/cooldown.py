"""How often a member may repeat something: one wait after each use (a cooldown), or at most
N uses per window (thread creation). Time comes from an injected clock; entries whose time has
passed are swept, so memory holds only what still matters, and a hard cap bounds the rest.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable

SWEEP_EVERY = 256  # uses between two sweeps of expired entries
CAP = 50_000  # entries kept at most, whatever the clock says (the oldest go first)


class Cooldowns:
    """After a use, the same key must wait `seconds` before the next one."""

    def __init__(self, clock: Callable[[], float], cap: int = CAP) -> None:
        self._clock = clock
        self._cap = cap
        self._until: dict[Hashable, float] = {}
        self._uses = 0

    def wait(self, key: Hashable, seconds: float) -> float:
        """0 (and the wait starts now) when the key may go; else the seconds still to wait."""
        now = self._clock()
        left = self._until.get(key, now) - now
        if left > 0:
            return left
        self._tick(now)
        if seconds > 0:
            self._until.pop(key, None)  # re-inserted last: the dict stays oldest first
            self._until[key] = now + seconds
        return 0.0

    def refund(self, key: Hashable) -> None:
        """Forget the key's last use: what it asked for was refused by us, not done."""
        self._until.pop(key, None)

    def __len__(self) -> int:
        return len(self._until)

    def _tick(self, now: float) -> None:
        self._uses += 1
        if self._uses % SWEEP_EVERY == 0 or len(self._until) >= self._cap:
            for key in [k for k, until in self._until.items() if until <= now]:
                del self._until[key]
        while len(self._until) >= self._cap:
            del self._until[next(iter(self._until))]


class Windows:
    """At most `limit` uses of a key per `window` seconds (a sliding window)."""

    def __init__(self, clock: Callable[[], float], cap: int = CAP) -> None:
        self._clock = clock
        self._cap = cap
        self._uses: dict[Hashable, deque[float]] = {}
        self._count = 0

    def take(self, key: Hashable, limit: int, window: float) -> float:
        """0 (and the use is counted) when under the limit; else the seconds until a use
        leaves the window."""
        now = self._clock()
        times = self._uses.get(key, deque())
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) >= limit:
            return times[0] + window - now
        self._tick(now, window)
        times.append(now)
        self._uses.pop(key, None)
        self._uses[key] = times
        return 0.0

    def __len__(self) -> int:
        return len(self._uses)

    def _tick(self, now: float, window: float) -> None:
        self._count += 1
        if self._count % SWEEP_EVERY == 0 or len(self._uses) >= self._cap:
            for key in [k for k, t in self._uses.items() if not t or t[-1] <= now - window]:
                del self._uses[key]
        while len(self._uses) >= self._cap:
            del self._uses[next(iter(self._uses))]
