"""A greedy Imperial Settlers AI that sees only its own view and the prompt.

Every offered option gets a value in victory points: a location is worth its final-scoring
points plus what it will produce or score over the rounds left, a deal its reward times the
productions left, an activation its gain less a small price for the goods spent (goods are
discarded at cleanup anyway). The best option is taken; when nothing is worth anything, pass.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import Action, Prompt
from engine.games.imperial_settlers.cards import Card, CardSet, load_card_set
from engine.games.imperial_settlers.effects import can_pay, final_score
from engine.games.imperial_settlers.state import PlayerView, SettlersState, SettlersView
from engine.styles import STEADY, Style

WORTH = {
    "wood": 0.35,
    "stone": 0.4,
    "food": 0.4,
    "gold": 0.5,
    "worker": 0.2,
    "raze": 0.45,
    "defense": 0.05,
    "vp": 1.0,
    "card_common": 0.5,
    "card_faction": 0.6,
    "card_any": 0.6,
    "samurai": 0.3,
    "seal": 0.6,
}
# The price of a good spent during the round (it would be discarded at cleanup anyway).
SPEND = {"worker": 0.1, "vp": 1.0}
SPEND_OTHER = 0.25
# The factions by how well this heuristic plays them (normal vs normal, 2 players, 60 games with
# random factions: each faction's win share egyptians 0.77, japanese 0.59, romans 0.59,
# barbarians 0.03): it picks the one it plays best. With Romans first, the seat choosing second
# always got Barbarians and seat 1 won 93% of normal-vs-normal games.
FACTION_ORDER = ("egyptians", "romans", "japanese", "barbarians")
# Points of lead that make a game cut short about 73% won (logistic scale of `estimate`).
LEAD_SCALE = 3.0


def decide(
    view: SettlersView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    cards = load_card_set(view.card_set)
    field = prompt.fields[0]
    values = [choice.value for choice in field.options]
    if prompt.move == "store":
        return Action(
            seat=seat, move="store", args={"keep": _keep(view, seat, field.count, values)}
        )
    chooser = _CHOOSERS.get(prompt.move)
    value = chooser(view, seat, cards, values) if chooser else values[0]
    return Action(seat=seat, move=prompt.move, args={field.name: value})


def _best(values: list[Any], score: Any) -> Any:
    return max(values, key=score)


def _faction(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    return min(values, key=FACTION_ORDER.index)


def _pick(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    me = view.players[seat]
    return _best(values, lambda c: location_value(view, me, cards, cards.cards[c]))


def _act(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    best = _best(values, lambda v: option_value(view, seat, cards, v))
    return best if option_value(view, seat, cards, best) > 0 else "pass"


def _foundation(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    me = view.players[seat]
    by_uid = {loc.uid: loc for loc in me.empire}

    def keep_value(value: Any) -> float:
        if value == "cancel":
            return 99.0
        if value == "seal":
            return WORTH["seal"] * 2
        location = by_uid[value]
        if not location.face_up:
            return 0.0
        return location_value(view, me, cards, cards.cards[location.card])

    return min(values, key=keep_value)


def _first(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    return values[0]


def _done(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    return "done"


def _faction_deck(view: SettlersView, seat: int, cards: CardSet, values: list[Any]) -> Any:
    return "faction" if "faction" in values else values[0]


_CHOOSERS = {
    "faction": _faction,
    "pick": _pick,
    "act": _act,
    "foundation": _foundation,
    "exchange_more": _done,
    "defend": _first,  # "defend" is listed first whenever a token is held
    "confirm": _first,
    "draw": _faction_deck,
    "samurai": _first,
}


def _keep(view: SettlersView, seat: int, count: int, values: list[Any]) -> list[str]:
    held = dict(view.players[seat].goods)
    keep: list[str] = []
    for good in sorted(values, key=lambda g: -WORTH.get(g, 0)):
        while len(keep) < count and held.get(good, 0) > 0:
            keep.append(good)
            held[good] -= 1
    return keep


# Values --------------------------------------------------------------------------------------


def worth(goods: dict[str, int]) -> float:
    return sum(WORTH.get(good, 0) * amount for good, amount in goods.items())


def spend(goods: dict[str, int]) -> float:
    return sum(SPEND.get(good, SPEND_OTHER) * amount for good, amount in goods.items())


def location_value(view: SettlersView, me: PlayerView, cards: CardSet, card: Card) -> float:
    """Final points plus what the card yields over the rounds left, for this player."""
    if card.deck not in ("common", me.faction):
        return worth(card.raze or {}) * 0.5
    left = view.rounds - view.round
    value = 1.0 if card.deck == "common" else 2.0
    if card.production:
        value += worth(card.production) * (left + 1)
    if card.production_per is not None:
        value += worth(card.production_per.gain) * (left + 1) * 1.5 / card.production_per.divisor
    if card.action is not None:
        gain = worth(card.action.gain) - spend(card.action.cost)
        value += max(0.0, gain) * left * 0.8 * card.action.max_uses
    feature = card.feature
    if feature is not None:
        per_trigger = worth(feature.gain or {}) + (
            worth(feature.per.gain) * 2 if feature.per else 0
        )
        expected = {
            "on_build": 1.5 * left + 1,
            "on_lookout_end": left,
            "game_end": 1.0,
            "on_deal": left,
        }
        value += per_trigger * max(
            (expected.get(t, 0.3 * left) for t in feature.triggers), default=0
        )
        if feature.static:
            value += 0.5
    value += 0.3 * len(card.storage)
    return value


def option_value(view: SettlersView, seat: int, cards: CardSet, value: Any) -> float:
    me = view.players[seat]
    verb, _, rest = str(value).partition(":")
    left = view.rounds - view.round
    if verb == "build":
        card = cards.cards[rest]
        lost = _cheapest_foundation(view, me, cards) if card.foundation else 0.0
        return location_value(view, me, cards, card) - spend(card.cost) + 0.5 - lost
    if verb == "deal":
        card = cards.cards[rest]
        dealt = worth(card.deal or {}) * (left + 1) - SPEND_OTHER
        return dealt - 0.4 * location_value(view, me, cards, card)
    if verb == "activate":
        return _activation_value(me, cards, rest)
    if verb == "raze":
        owner, _, uid = rest.partition(":")
        target = view.players[int(owner)]
        location = next(loc for loc in target.empire if str(loc.uid) == uid)
        card = cards.cards[location.card]
        lost = 1.0 if card.deck == "common" else 2.0
        return worth(card.raze or {}) + lost + 0.5 - 2 * WORTH["raze"]
    if verb == "raze_hand":
        card = cards.cards[rest]
        return worth(card.raze or {}) - WORTH["raze"] - 0.3 * location_value(view, me, cards, card)
    if verb == "exchange":
        return 0.6 if _enables_a_build(view, me, cards, rest) else 0.05
    return 0.0


def _enables_a_build(view: SettlersView, me: PlayerView, cards: CardSet, good: str) -> bool:
    """Would one more `good` let the player build a card in hand that it cannot pay now?"""
    if good not in ("wood", "stone", "food"):
        return False
    more = {**me.goods, good: me.goods.get(good, 0) + 1, "worker": me.goods.get("worker", 0) - 2}
    for card_id in set(view.hand):
        card = cards.cards[card_id]
        if card.deck not in ("common", me.faction) or can_pay(card.cost, me.goods):
            continue
        if can_pay(card.cost, more):
            return True
    return False


def _cheapest_foundation(view: SettlersView, me: PlayerView, cards: CardSet) -> float:
    """What building on a foundation costs: the least valuable own location (0 for a razed
    one, a seal's worth for a seal)."""
    values = [
        location_value(view, me, cards, cards.cards[loc.card]) if loc.face_up else 0.0
        for loc in me.empire
    ]
    if me.goods.get("seal", 0):
        values.append(WORTH["seal"] * 2)
    return min(values, default=0.0)


def _activation_value(me: PlayerView, cards: CardSet, rest: str) -> float:
    if rest == "board":
        spec = cards.factions[me.faction].board_action
    else:
        location = next(loc for loc in me.empire if str(loc.uid) == rest)
        spec = cards.cards[location.card].action  # type: ignore[assignment]  # an action location has an action
    return worth(spec.gain) - spend(spec.cost)


# The hard AI's estimate ------------------------------------------------------------------------


def estimate(state: SettlersState, seat: int) -> float:
    """The seat's share of the win in a game cut short (a rollout at the search's horizon): a
    logistic of its lead in expected final points over the best rival."""
    cards = load_card_set(state.card_set)
    left = max(0, state.rounds - state.round)
    points = [_expected_points(state, cards, p, left) for p in range(state.seats)]
    lead = points[seat] - max(points[p] for p in range(state.seats) if p != seat)
    return 1.0 / (1.0 + math.exp(-lead / LEAD_SCALE))


def _expected_points(state: SettlersState, cards: CardSet, seat: int, left: int) -> float:
    """Final score so far, plus what goods, hand and every production still to come are worth."""
    player = state.players[seat]
    yearly = dict(cards.factions[player.faction].base_production) if player.faction else {}
    income = worth(yearly) + sum(worth(cards.cards[deal].deal or {}) for deal in player.deals)
    for location in player.empire:
        card = cards.cards[location.card]
        if location.face_up and card.production:
            income += worth(card.production)
    held = worth({g: n for g, n in player.goods.items() if g != "seal"})
    return (
        final_score(state, cards, seat).total
        + income * left
        + held * 0.5
        + WORTH["seal"] * player.goods.get("seal", 0)
        + 0.5 * len(player.hand)
    )
