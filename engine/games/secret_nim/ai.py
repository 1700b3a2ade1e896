"""Secret Nim's AI, from its own view only: it adds a random amount, then takes so that the
pile left is a multiple of MOST + 1 (the winning strategy of Nim with one pile), or one stone
when it cannot. It plays the same whatever its style (engine.styles): Nim has one best move."""

from __future__ import annotations

from engine.core import Action, Prompt
from engine.games.secret_nim.state import MOST, NimView
from engine.rng import Rng
from engine.styles import STEADY, Style


def decide(
    view: NimView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    if prompt.move == "add":
        return Action(seat=seat, move="add", args={"stones": 1 + Rng(rng_state).below(MOST)})
    return Action(seat=seat, move="take", args={"stones": view.pile % (MOST + 1) or 1})
