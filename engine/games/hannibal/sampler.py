"""Hannibal determinisation. A hand is the full hand less its public discards, so the only
secret is the other side's battle card once chosen: it is redrawn from that hand."""

from __future__ import annotations

from engine.games.hannibal.state import FULL_HAND, Combat, HannibalState, HannibalView
from engine.rng import Rng
from engine.search import world


def sample(view: HannibalView, rng: Rng) -> HannibalState:
    hands = tuple(tuple(c for c in FULL_HAND if c not in view.discards[seat]) for seat in (0, 1))
    combat = None
    if view.combat is not None:
        cards = tuple(
            (view.own_card if seat == view.seat else rng.choice(hands[seat]))
            if view.combat.chosen[seat]
            else None
            for seat in (0, 1)
        )
        combat = Combat(
            place=view.combat.place,
            naval=view.combat.naval,
            attacker=view.combat.attacker,
            fighter=view.combat.fighter,
            cards=cards,
        )
    return world(HannibalState, view, rng=rng.next64(), hands=hands, combat=combat)
