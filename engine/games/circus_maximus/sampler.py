"""Circus Maximus determinisation: nothing is hidden but the future draws, so the state is
the view's, with a fresh RNG."""

from __future__ import annotations

from engine.games.circus_maximus.state import CircusState, CircusView
from engine.rng import Rng


def sample(view: CircusView, rng: Rng) -> CircusState:
    clockwise = [(view.start + i) % view.seats for i in range(view.seats)]
    return CircusState(
        seats=view.seats,
        rng=rng.next64(),
        straight_line=view.straight_line,
        six_cards=view.six_cards,
        exactly_two=view.exactly_two,
        continue_for_placings=view.continue_for_placings,
        phase=view.phase,  # type: ignore[arg-type]
        start=view.start,
        placing=tuple(clockwise + clockwise[::-1] + clockwise),
        round=view.round,
        chariots=view.chariots,
        cards=view.cards,
        order=view.order,
        turn=view.turn,
        steps=view.steps,
        selected=view.selected,
        places=view.places,
        last=view.last,
        called=view.called,
    )
