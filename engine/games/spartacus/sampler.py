"""Spartacus determinisation: the other hands are drawn from the full hand each seat started
with; every card already played and off the table is dealt into the won piles, whose number
per seat is public (the latest trick stays on its taker's pile)."""

from __future__ import annotations

import itertools

from engine.games.spartacus.cards import full_hand
from engine.games.spartacus.state import SpartacusState, SpartacusView
from engine.rng import Rng
from engine.search import world

RETRIES = 50  # draws of the other hands until the latest trick's cards can be among the played


def sample(view: SpartacusView, rng: Rng) -> SpartacusState:
    for _ in range(RETRIES):
        hands, played = _deal(view, rng)
        if _holds(played, view.last_trick[1] if view.last_trick else ()):
            break
    won = view.won if view.won is not None else _piles(view, played, rng)
    return world(
        SpartacusState,
        view,
        rng=rng.next64(),
        hands=tuple(hands),
        active=view.active or 0,
        won=won,
    )


def _deal(view: SpartacusView, rng: Rng) -> tuple[list[tuple[int, ...]], list[int]]:
    """Hands (the other seats' drawn from what they have not played) and the cards played
    before this trick. The latest trick's cards that the seat did not play itself are first
    given to other seats able to have played them."""
    full = full_hand(view.no_flags)
    left = [list(full) for _ in range(view.seats)]
    for who, card in view.trick:
        left[who].remove(card)
    hidden = [seat for seat in range(view.seats) if _known_hand(view, seat) is None]
    needed = list(view.last_trick[1]) if view.last_trick else []
    for seat in range(view.seats):
        hand = _known_hand(view, seat)
        if hand is not None:
            for card in hand:
                left[seat].remove(card)
            for card in left[seat]:
                if card in needed:
                    needed.remove(card)
    gone: list[list[int]] = [[] for _ in range(view.seats)]
    for card in needed:
        able = [s for s in hidden if card in left[s] and len(left[s]) > view.hand_sizes[s]]
        if able:
            seat = rng.choice(able)
            left[seat].remove(card)
            gone[seat].append(card)
    hands: list[tuple[int, ...]] = []
    played: list[int] = []
    for seat in range(view.seats):
        hand = _known_hand(view, seat)
        if hand is None:
            drawn = rng.shuffled(left[seat])
            hand = tuple(sorted(drawn[: view.hand_sizes[seat]]))
            left[seat] = drawn[view.hand_sizes[seat] :]
        hands.append(tuple(hand))
        played += left[seat] + gone[seat]
    return hands, played


def _known_hand(view: SpartacusView, seat: int) -> tuple[int, ...] | None:
    if seat == view.seat:
        return view.hand
    return view.final_hands[seat] if view.final_hands else None


def _holds(cards: list[int], wanted: tuple[int, ...]) -> bool:
    pool = list(cards)
    for card in wanted:
        if card not in pool:
            return False
        pool.remove(card)
    return True


def _piles(
    view: SpartacusView, played: list[int], rng: Rng
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Deal `played` into each seat's public number of piles, at least one card a pile."""
    last = view.last_trick
    if last is not None:
        for card in last[1]:
            if card in played:
                played.remove(card)
    counts = [
        n - (1 if last is not None and last[0] == seat else 0)
        for seat, n in enumerate(view.tricks_won)
    ]
    cards = rng.shuffled(played)
    total = sum(counts)
    cuts = sorted(rng.shuffled(range(1, len(cards)))[: max(0, total - 1)]) if total else []
    bounds = [0, *cuts, len(cards)] if total else [0, 0]
    piles = [tuple(cards[a:b]) for a, b in itertools.pairwise(bounds)]
    out: list[tuple[tuple[int, ...], ...]] = []
    for seat, count in enumerate(counts):
        mine, piles = piles[:count], piles[count:]
        if last is not None and last[0] == seat:
            mine.append(last[1])
        out.append(tuple(mine))
    return tuple(out)
