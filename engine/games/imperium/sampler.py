"""Imperium determinisation: only the other seats' face-down selections of this round are
hidden; each is redrawn as three random regions."""

from __future__ import annotations

from engine.games.imperium.state import PICKS, REGIONS, ImperiumState, ImperiumView
from engine.rng import Rng
from engine.search import world


def sample(view: ImperiumView, rng: Rng) -> ImperiumState:
    hidden = tuple(
        view.own_selection
        if seat == view.seat
        else (tuple(sorted(rng.choice(REGIONS) for _ in range(PICKS))) if done else None)
        for seat, done in enumerate(view.submitted)
    )
    return world(ImperiumState, view, rng=rng.next64(), hidden=hidden)
