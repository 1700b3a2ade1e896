"""Secret Nim determinisation, for the hard AI: a full state consistent with a seat's view.
The other seats' unrevealed additions are drawn afresh; its own is the one it made."""

from __future__ import annotations

from engine.games.secret_nim.state import MOST, NimState, NimView
from engine.rng import Rng
from engine.search import world


def sample(view: NimView, rng: Rng) -> NimState:
    added = tuple(
        view.own if seat == view.seat else 1 + rng.below(MOST) if done else None
        for seat, done in enumerate(view.added)
    )
    return world(NimState, view, rng=rng.next64(), seats=len(view.added), added=added)
