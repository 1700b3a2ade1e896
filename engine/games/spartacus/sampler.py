"""Spartacus determinisation. Every card was shown face up when played and the view lists each
seat's played cards, so the other hands are known (a full hand less what the seat played, as a
player counting cards knows them). What is drawn is which won pile holds which played card: the
piles lie face down, and only their number per seat is public (the latest trick stays on its
taker's pile)."""

from __future__ import annotations

import itertools

from engine.games.spartacus.cards import full_hand
from engine.games.spartacus.state import SpartacusState, SpartacusView
from engine.rng import Rng
from engine.search import world


def sample(view: SpartacusView, rng: Rng) -> SpartacusState:
    full = full_hand(view.no_flags)
    hands = tuple(
        tuple(card for card in full if card not in view.played[seat]) for seat in range(view.seats)
    )
    in_trick = [card for _, card in view.trick]
    taken = [card for cards in view.played for card in cards]
    for card in in_trick:
        taken.remove(card)
    won = view.won if view.won is not None else _piles(view, taken, rng)
    return world(
        SpartacusState, view, rng=rng.next64(), hands=hands, active=view.active or 0, won=won
    )


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
