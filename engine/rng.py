"""A tiny seeded RNG whose whole state is one 64-bit integer kept inside the game state.

Python's `random` only guarantees `random()` across versions and its state is 7 KB of JSON;
splitmix64 is fully specified, so a stored game replays identically on any interpreter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """splitmix64. Mutable while in use; write `state` back into the game state afterwards."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so there is no modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def derive_seed(*parts: int | str) -> int:
    """A stable 64-bit seed from several parts (session seed, seat, step...), no hashing salt."""
    rng = Rng(0x5EED)
    for part in parts:
        value = part if isinstance(part, int) else int.from_bytes(part.encode(), "little")
        rng.state = (rng.state ^ value) * 0x100000001B3 & _MASK
    return rng.next64()
