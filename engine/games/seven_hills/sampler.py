"""Seven Hills determinisation: the other side's hand and its face-down hill cards are drawn
from its full hand less what it has shown (face-up cards, removed cards)."""

from __future__ import annotations

from collections import Counter

from engine.games.seven_hills.state import SIDES, Hill, SevenHillsState, SevenHillsView, full_hand
from engine.rng import Rng
from engine.search import world


def sample(view: SevenHillsView, rng: Rng) -> SevenHillsState:
    hands = list(view.open_hand_cards or ((), ()))
    hidden: list[list[int]] = [[], []]
    for side in range(SIDES):
        if side == view.seat:
            hands[side] = tuple(view.hand or ())
            continue
        pool = Counter(full_hand(view.barricades))
        pool.subtract(
            c.value for hill in view.hills for c in hill.cards[side] if c.up and c.value is not None
        )
        pool.subtract(r.value for r in view.removed if r.seat == side)
        if view.open_hand_cards is not None:
            pool.subtract(hands[side])
        drawn = rng.shuffled(sorted(pool.elements()))
        if view.open_hand_cards is None:
            hands[side] = tuple(drawn[: view.hand_sizes[side]])
            drawn = drawn[view.hand_sizes[side] :]
        hidden[side] = drawn
    hills = tuple(
        Hill(
            revealed=hill.revealed,
            cards=tuple(
                tuple(
                    (c.value if c.value is not None else hidden[side].pop(), c.up)
                    for c in hill.cards[side]
                )
                for side in range(SIDES)
            ),
            guard=hill.guard,
        )
        for hill in view.hills
    )
    turn = view.turn if view.turn is not None else 0
    return world(
        SevenHillsState, view, rng=rng.next64(), turn=turn, hands=tuple(hands), hills=hills
    )
