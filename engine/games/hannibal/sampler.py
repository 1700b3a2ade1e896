"""Hannibal determinisation. A hand is the full hand less its public discards, so the only
secret is the other side's battle card once chosen: it is redrawn from that hand."""

from __future__ import annotations

from engine.games.hannibal.rules import FULL_HAND, Combat, HannibalState, HannibalView
from engine.rng import Rng


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
            cards=cards,  # type: ignore[arg-type]
        )
    return HannibalState(
        seats=view.seats,
        rng=rng.next64(),
        series=view.series,
        core_control=view.core_control,
        phase=view.phase,  # type: ignore[arg-type]
        game=view.game,
        rome_seat=view.rome_seat,
        active=view.active,
        turn=view.turn,
        legions=view.legions,
        hannibal=view.hannibal,
        fleets=view.fleets,
        hands=hands,  # type: ignore[arg-type]
        discards=view.discards,
        chips=view.chips,
        combat=combat,
        last_move=view.last_move,
        last_exchange=view.last_exchange,
        changed=view.changed,
        results=view.results,
        end_reason=view.end_reason,
        winner=view.winner,
    )
