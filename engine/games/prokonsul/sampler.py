"""Prokonsul determinisation. Secret: the other hands (a draw of the common hand size from the
full hand, less the latest card each revealed), their face-down cards this round (redrawn from
those hands) and their chips (only totals at the end are public): drawn around the seat's own
count, as a player who has not counted every deal would guess."""

from __future__ import annotations

from engine.games.prokonsul.state import ProkonsulState, ProkonsulView, board
from engine.rng import Rng
from engine.search import world


def sample(view: ProkonsulView, rng: Rng) -> ProkonsulState:
    data = board()
    full = tuple(data["short_cards"] if view.short_game else data["cards"])
    hands = tuple(_hand(view, seat, full, rng) for seat in range(view.seats))
    chosen = tuple(
        None if not done else view.own_choice if seat == view.seat else rng.choice(hands[seat])
        for seat, done in enumerate(view.chosen)
    )
    seed = rng.next64()  # before the chips are drawn: a seed gives the same worlds
    return world(
        ProkonsulState,
        view,
        rng=seed,
        full_hand=full,
        chips=_chips(view, int(data["start_chips"]), rng),
        hands=hands,
        chosen=chosen,
    )


def _hand(view: ProkonsulView, seat: int, full: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    if seat == view.seat and view.own_hand is not None:
        return view.own_hand
    if view.hand_size >= len(full):
        return full
    gone = view.revealed[seat] if view.revealed else None
    drawn = set(rng.shuffled([c for c in full if c != gone])[: view.hand_size])
    return tuple(c for c in full if c in drawn)


def _chips(view: ProkonsulView, start: int, rng: Rng) -> tuple[int, ...]:
    if view.final_chips is not None:
        return view.final_chips
    own = view.own_chips if view.own_chips is not None else start
    return tuple(
        own if seat == view.seat else max(0, own + rng.below(2 * start + 1) - start)
        for seat in range(view.seats)
    )
