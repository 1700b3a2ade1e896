"""Caesar determinisation: each other hand is a random draw of its size from the full hand,
less the card it spent in the latest (public) fight; a fight card chosen but not revealed is
redrawn from that hand."""

from __future__ import annotations

from engine.games.caesar.cards import FULL_HAND
from engine.games.caesar.state import CaesarState, CaesarView, Fight
from engine.rng import Rng
from engine.search import world


def sample(view: CaesarView, rng: Rng) -> CaesarState:
    hands = tuple(
        tuple(view.hand or ()) if seat == view.seat else _draw(view, seat, rng)
        for seat in range(view.seats)
    )
    return world(CaesarState, view, rng=rng.next64(), hands=hands, fight=_fight(view, hands, rng))


def _draw(view: CaesarView, seat: int, rng: Rng) -> tuple[int, ...]:
    spent: tuple[int, ...] = ()
    if view.last_fight is not None and seat in (view.last_fight.attacker, view.last_fight.defender):
        spent = (
            view.last_fight.cards[(view.last_fight.attacker, view.last_fight.defender).index(seat)],
        )
    left = [c for c in FULL_HAND if c not in spent]
    drawn = set(rng.shuffled(left)[: view.hand_sizes[seat]])
    return tuple(c for c in FULL_HAND if c in drawn)


def _fight(view: CaesarView, hands: tuple[tuple[int, ...], ...], rng: Rng) -> Fight | None:
    if view.fighters is None or view.fight_squares is None or view.submitted is None:
        return None
    cards = tuple(
        None
        if not done
        else view.own_card
        if seat == view.seat
        else hands[seat][0]
        if len(hands[seat]) == 1
        else rng.choice(hands[seat])
        for seat, done in zip(view.fighters, view.submitted, strict=True)
    )
    attacker, defender = view.fighters
    source, target = view.fight_squares
    return Fight(attacker=attacker, defender=defender, source=source, target=target, cards=cards)
