"""Konsul determinisation: the face-down cards never shown are the `unrevealed` multiset in a
random order, and the other hands are the rest of the cards, dealt to their sizes."""

from __future__ import annotations

from collections import Counter

from engine.games.konsul.cards import grid_deck, starting_hand
from engine.games.konsul.state import FACE_DOWN, KonsulState, KonsulView
from engine.rng import Rng
from engine.search import world


def sample(view: KonsulView, rng: Rng) -> KonsulState:
    remembered = dict(view.remembered)
    unknown = [i for i, c in enumerate(view.cells) if c == FACE_DOWN and i not in remembered]
    drawn = iter(rng.shuffled(view.unrevealed))
    slots = tuple(
        None
        if c is None
        else (remembered[i] if i in remembered else next(drawn) if i in unknown else c)
        for i, c in enumerate(view.cells)
    )
    seed = rng.next64()  # before the hands are dealt: a seed gives the same worlds
    return world(
        KonsulState,
        view,
        rng=seed,
        slots=slots,
        face_up=tuple(c is not None and c != FACE_DOWN for c in view.cells),
        known=tuple(c is not None and i not in unknown for i, c in enumerate(view.cells)),
        hands=_hands(view, slots, rng),
        last_standing=view.phase == "over" and view.eliminated.count(False) == 1,
    )


def _hands(
    view: KonsulView, slots: tuple[int | None, ...], rng: Rng
) -> tuple[tuple[int, ...], ...]:
    """Own hand as seen; every other card not on the grid goes to the other hands."""
    pool = Counter(grid_deck())
    for seat in range(view.seats):
        pool.update(starting_hand(seat))
    pool.subtract(c for c in slots if c is not None)
    pool.subtract(view.hand or ())
    rest = iter(rng.shuffled(sorted(pool.elements())))
    return tuple(
        tuple(view.hand or ()) if seat == view.seat else tuple(next(rest) for _ in range(size))
        for seat, size in enumerate(view.hand_counts)
    )
