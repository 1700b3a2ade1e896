"""Prokonsul determinisation. Secret: the other hands (a draw of the common hand size from the
full hand, less the latest card each revealed), their face-down cards this round and their chips
(only totals at the end are public).

Chips are what a player who follows the public board can tell: the bank pays only governors
(the province's value, and the link bonus for two linked provinces of one governor), so every
seat's payouts and the table's total are public, and deals between players sum to zero. The
others share what this seat gained or lost in deals, each around his payouts, with a zero-sum
spread that grows with the rounds played. A face-down card another seat has chosen is the one
the heuristic would choose in its seat (opponents are modelled, never looked at)."""

from __future__ import annotations

from itertools import pairwise

from engine.core import evolved
from engine.games.prokonsul.ai import choose_card
from engine.games.prokonsul.state import ProkonsulState, ProkonsulView, board
from engine.games.prokonsul.state import view as seat_view
from engine.rng import Rng
from engine.search import world


def sample(view: ProkonsulView, rng: Rng) -> ProkonsulState:
    data = board()
    full = tuple(data["short_cards"] if view.short_game else data["cards"])
    hands = tuple(_hand(view, seat, full, rng) for seat in range(view.seats))
    seed = rng.next64()  # before the chips are drawn: a seed gives the same worlds
    state = world(
        ProkonsulState,
        view,
        rng=seed,
        full_hand=full,
        chips=_chips(view, int(data["start_chips"]), rng),
        hands=hands,
        chosen=tuple(view.own_choice if seat == view.seat else None for seat in range(view.seats)),
    )
    return _chosen(state, view, rng)


def _hand(view: ProkonsulView, seat: int, full: tuple[int, ...], rng: Rng) -> tuple[int, ...]:
    if seat == view.seat and view.own_hand is not None:
        return view.own_hand
    if view.hand_size >= len(full):
        return full
    gone = view.revealed[seat] if view.revealed else None
    drawn = set(rng.shuffled([c for c in full if c != gone])[: view.hand_size])
    return tuple(c for c in full if c in drawn)


def _chosen(state: ProkonsulState, view: ProkonsulView, rng: Rng) -> ProkonsulState:
    """Each other seat that has chosen plays what the heuristic picks from its sampled view."""
    chosen = list(state.chosen)
    for seat, done in enumerate(view.chosen):
        if done and seat != view.seat:
            chosen[seat] = choose_card(seat_view(state, seat), seat, Rng(rng.next64()))
    return evolved(state, chosen=tuple(chosen))


def payouts(view: ProkonsulView) -> list[int]:
    """What the bank has paid each seat: its provinces' values and one bonus per link whose
    two provinces it governs."""
    paid = [0] * view.seats
    for province, seat in enumerate(view.governor):
        if seat is not None:
            paid[seat] += view.values[province]
    for a, b in view.links:
        governor = view.governor[a]
        if governor is not None and governor == view.governor[b]:
            paid[governor] += view.link_bonus
    return paid


def _chips(view: ProkonsulView, start: int, rng: Rng) -> tuple[int, ...]:
    if view.final_chips is not None:
        return view.final_chips
    paid = payouts(view)
    seat = view.seat if view.seat is not None else 0
    own = view.own_chips if view.own_chips is not None else start + paid[seat]
    others = [s for s in range(view.seats) if s != seat]
    dealt = start + paid[seat] - own  # what the others gained in deals with this seat, together
    chips = [start + paid[s] + dealt // len(others) for s in range(view.seats)]
    chips[seat] = own
    for s in others[: dealt % len(others)]:
        chips[s] += 1
    spread = min(start // 4, view.round // 4)
    for a, b in pairwise(others):  # zero-sum spread between neighbours
        shift = max(-chips[b], min(rng.below(2 * spread + 1) - spread, chips[a]))
        chips[a] -= shift
        chips[b] += shift
    return tuple(max(0, c) for c in chips)
