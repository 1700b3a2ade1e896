"""Circus Maximus determinisation: nothing is hidden but the future draws, so the state is
the view's, with a fresh RNG."""

from __future__ import annotations

from engine.games.circus_maximus.state import CircusState, CircusView
from engine.rng import Rng
from engine.search import world


def sample(view: CircusView, rng: Rng) -> CircusState:
    clockwise = [(view.start + i) % view.seats for i in range(view.seats)]
    placing = tuple(clockwise + clockwise[::-1] + clockwise)
    return world(CircusState, view, rng=rng.next64(), placing=placing)
