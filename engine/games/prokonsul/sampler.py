"""Prokonsul determinisation. Secret: the other hands (a draw of the common hand size from the
full hand, less the latest card each revealed), their face-down cards this round (redrawn from
those hands) and their chips (only totals at the end are public): drawn around the seat's own
count, as a player who has not counted every deal would guess."""

from __future__ import annotations

from engine.games.prokonsul.rules import ProkonsulState, ProkonsulView, board
from engine.rng import Rng


def sample(view: ProkonsulView, rng: Rng) -> ProkonsulState:
    data = board()
    full = tuple(data["short_cards"] if view.short_game else data["cards"])
    hands = tuple(_hand(view, seat, full, rng) for seat in range(view.seats))
    chosen = tuple(
        None if not done else view.own_choice if seat == view.seat else rng.choice(hands[seat])
        for seat, done in enumerate(view.chosen)
    )
    return ProkonsulState(
        seats=view.seats,
        rng=rng.next64(),
        negotiation=view.negotiation,  # type: ignore[arg-type]
        allow_no_decision=view.allow_no_decision,
        top_two_only=view.top_two_only,
        short_game=view.short_game,
        provinces=view.provinces,
        values=view.values,
        links=view.links,
        link_bonus=view.link_bonus,
        full_hand=full,
        round=view.round,
        phase=view.phase,  # type: ignore[arg-type]
        pawn=view.pawn,
        visited=view.visited,
        tiebreak=view.tiebreak,
        chips=_chips(view, int(data["start_chips"]), rng),
        hands=hands,
        supply=view.supply,
        candidates=view.candidates,
        governor=view.governor,
        chosen=chosen,
        revealed=view.revealed,
        revealed_round=view.revealed_round,
        held=view.held,
        total=view.total,
        threshold=view.threshold,
        queue=view.queue,
        petitioned=view.petitioned,
        first_petitioner=view.first_petitioner,
        petitioner=view.petitioner,
        barred=view.barred,
        offer=view.offer,
        winner=view.winner,
        result=view.result,
        proposals=view.proposals,
        proposals_made=view.proposals_made,
        no_decision=view.no_decision,
        payments=view.payments,
        decided=view.decided,
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
