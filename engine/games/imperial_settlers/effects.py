"""The card interpreter: every 8.3 effect word applied to a (copied, mutable) state.

`Ctx` carries the state being changed, the events produced and the tasks an effect queues
(a choice of deck, a samurai to place). Each effect's result is an event naming its source card,
so narration and history show what a card did.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core import Event
from engine.games.imperial_settlers.cards import Card, CardSet, Scaled, StaticKey
from engine.games.imperial_settlers.messages import deck as deck_arg
from engine.games.imperial_settlers.messages import goods_msg
from engine.games.imperial_settlers.messages import source as source_arg
from engine.games.imperial_settlers.state import (
    HELD,
    TIE_BREAK_GOODS,
    Location,
    Player,
    Score,
    SettlersState,
    Task,
)
from engine.rng import Rng

CHOICE_GOODS = ("card_any", "samurai")  # gains that ask their owner when they happen


class Ctx:
    """One input's worth of changes to `state` (already a private copy)."""

    def __init__(self, state: SettlersState, cards: CardSet) -> None:
        self.state = state
        self.cards = cards
        self.events: list[Event] = []
        self.queued: list[Task] = []

    def event(self, type_: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(type=type_, data=data, to=to))

    def player(self, seat: int) -> Player:
        return self.state.players[seat]

    def card(self, card_id: str) -> Card:
        return self.cards.cards[card_id]

    # Goods ------------------------------------------------------------------------------

    def grant(self, seat: int, goods: dict[str, int], source: str, reason: str) -> None:
        """Gain `goods` now; a draw from either deck or a samurai waits as a task."""
        gained = self.apply_goods(seat, goods)
        if gained:
            self.event(
                "effect",
                seat=seat,
                reason=reason,
                source=source_arg(self.cards, source),
                goods=goods_msg(gained),
            )
        for good in CHOICE_GOODS:
            for _ in range(goods.get(good, 0)):
                self.queued.append(Task(kind=good, seat=seat, source=source))

    def apply_goods(self, seat: int, goods: dict[str, int]) -> dict[str, int]:
        """Fixed gains (everything but the choice goods); returns what was really gained."""
        player = self.player(seat)
        gained: dict[str, int] = {}
        for good, amount in goods.items():
            if amount <= 0 or good in CHOICE_GOODS:
                continue
            if good == "vp":
                player.vp += amount
            elif good == "seal":
                limit = self.cards.factions[player.faction].max_seals
                amount = max(0, min(amount, limit - player.goods.get("seal", 0)))
                if not amount:
                    continue
                player.goods["seal"] = player.goods.get("seal", 0) + amount
            elif good in ("card_common", "card_faction"):
                deck = "common" if good == "card_common" else player.faction
                amount = self.draw(seat, deck, amount)
                if not amount:
                    continue
            else:
                player.goods[good] = player.goods.get(good, 0) + amount
            gained[good] = gained.get(good, 0) + amount
        return gained

    def pay(self, seat: int, payment: dict[str, int]) -> None:
        goods = self.player(seat).goods
        for good, amount in payment.items():
            goods[good] = goods.get(good, 0) - amount

    def scaled(self, seat: int, spec: Scaled) -> dict[str, int]:
        times = count(self.state, self.cards, seat, spec.per) // spec.divisor
        return {good: amount * times for good, amount in spec.gain.items() if amount * times}

    # Cards ------------------------------------------------------------------------------

    def draw(self, seat: int, deck: str, amount: int = 1) -> int:
        """Draw from the top of `deck` (reshuffling its discard when empty, 5.1); the drawer
        alone sees the cards. Returns how many were drawn."""
        drawn = [card for _ in range(amount) if (card := self.take_top(deck)) is not None]
        if drawn:
            self.player(seat).hand.extend(drawn)
            self.event("drew", seat=seat, count=len(drawn), deck=deck_arg(deck))
            self.event("drew_private", to=(seat,), cards=drawn)
        return len(drawn)

    def take_top(self, deck: str) -> str | None:
        state = self.state
        if not state.decks[deck] and state.discards[deck]:
            rng = Rng(state.rng)
            state.decks[deck] = rng.shuffled(state.discards[deck])
            state.discards[deck] = []
            state.rng = rng.state
            self.event("reshuffled", deck=deck_arg(deck))
        return state.decks[deck].pop(0) if state.decks[deck] else None

    def discard(self, card_id: str) -> None:
        self.state.discards[self.card(card_id).deck].append(card_id)

    # Triggers ---------------------------------------------------------------------------

    def fire(self, seat: int, trigger: str, built: Card | None = None) -> None:
        """The owner's features with `trigger`, in build order (5.3)."""
        for location in list(self.player(seat).empire):
            card = self.card(location.card)
            feature = card.feature
            if not location.face_up or feature is None or trigger not in feature.triggers:
                continue
            if built is not None and not _matches(feature.filter, built):
                continue
            goods = dict(feature.gain or {})
            if feature.per is not None:
                for good, amount in self.scaled(seat, feature.per).items():
                    goods[good] = goods.get(good, 0) + amount
            self.grant(seat, goods, location.card, trigger)

    def produce(self, seat: int) -> None:
        """3.2 for one player: defence token, board, deals, production locations."""
        player = self.player(seat)
        self.grant(seat, {"defense": 1}, "supply", "production")
        self.grant(
            seat, dict(self.cards.factions[player.faction].base_production), "board", "production"
        )
        for deal in list(player.deals):
            self.grant(seat, dict(self.card(deal).deal or {}), deal, "deal")
        for location in list(player.empire):
            card = self.card(location.card)
            if location.face_up and card.type == "production":
                self.grant(seat, production_of(self, seat, card), card.id, "production")


def production_of(ctx: Ctx, seat: int, card: Card) -> dict[str, int]:
    goods = dict(card.production or {})
    if card.production_per is not None:
        for good, amount in ctx.scaled(seat, card.production_per).items():
            goods[good] = goods.get(good, 0) + amount
    return goods


def _matches(filter_: Any, card: Card) -> bool:
    return filter_.origin in ("any", card.origin) and filter_.type in ("any", card.type)


def count(state: SettlersState, cards: CardSet, seat: int, selector: str) -> int:
    player = state.players[seat]
    if selector == "deal":
        return len(player.deals)
    if selector == "seal":
        return player.goods.get("seal", 0)
    built = [loc for loc in player.empire if loc.face_up]
    if selector == "samurai":
        return sum(loc.samurai for loc in built)
    if selector.startswith("tag:"):
        return sum(selector[4:] in cards.cards[loc.card].tags for loc in built)
    return sum(_selects(selector, cards.cards[loc.card]) for loc in built)


def _selects(selector: str, card: Card) -> bool:
    if selector == "location":
        return True
    kind = selector.removesuffix("_location")
    return kind in (card.origin, card.type)


# Statics, costs, payments --------------------------------------------------------------------


def static(state: SettlersState, cards: CardSet, seat: int, key: StaticKey) -> int | None:
    """The strongest value of a static feature the player owns (None when none)."""
    values = [
        (feature.static or {}).get(key)
        for loc in state.players[seat].empire
        if loc.face_up and (feature := cards.cards[loc.card].feature) is not None
    ]
    present = [v for v in values if v is not None]
    if not present:
        return None
    return min(present) if key == "deal_food_cost" else max(present)


def raze_cost(state: SettlersState, cards: CardSet, owner: int, location: Location) -> int:
    """4.4: 2 + defence token + samurai (1, or the owner's samurai_raze_extra) + praetorian."""
    cost = 2 + int(location.defence)
    if location.samurai:
        cost += static(state, cards, owner, "samurai_raze_extra") or 1
    if cards.cards[location.card].deck == "common":
        cost += static(state, cards, owner, "own_common_raze_extra") or 0
    return cost


def razable(state: SettlersState, cards: CardSet, location: Location) -> bool:
    """Common locations, and faction locations of a faction whose cards are razable (J2)."""
    card = cards.cards[location.card]
    if not location.face_up:
        return False
    return card.deck == "common" or cards.factions[card.deck].faction_cards_razable


def payments(cost: dict[str, int], held: dict[str, int]) -> list[dict[str, int]]:
    """Every exact way to pay `cost` from `held` (4.0): gold may stand in for wood, stone or
    food. The auto-payment (matching resources first, gold for the shortfall) comes first."""
    for good, amount in cost.items():
        if good not in ("wood", "stone", "food") and held.get(good, 0) < amount:
            return []
    flexible = [good for good in ("wood", "stone", "food") if cost.get(good)]
    ranges = [
        range(max(0, cost[g] - held.get(g, 0)), cost[g] + 1) for g in flexible
    ]  # gold used for each
    found = []
    for golds in product(*ranges):
        gold = cost.get("gold", 0) + sum(golds)
        if gold > held.get("gold", 0):
            continue
        paid = {g: cost[g] for g in cost if g not in flexible and cost[g]}
        for good, used in zip(flexible, golds, strict=True):
            if cost[good] - used:
                paid[good] = cost[good] - used
        if gold:
            paid["gold"] = gold
        found.append((gold, paid))
    found.sort(key=lambda item: item[0])
    return [paid for _, paid in found]


def can_pay(cost: dict[str, int], held: dict[str, int]) -> bool:
    """Whether `payments` finds any way, without listing them (a hot path of the menus and the
    AI): the cheapest way uses gold only for the shortfall of wood, stone and food."""
    gold = 0
    for good, amount in cost.items():
        if good not in ("wood", "stone", "food"):
            if held.get(good, 0) < amount:
                return False
        elif amount:
            short = max(0, amount - held.get(good, 0))
            if short > amount:
                return False
            gold += short
    return gold + cost.get("gold", 0) <= held.get("gold", 0)


def is_goods_map(raw: Any) -> bool:
    return isinstance(raw, dict) and all(
        k in HELD and type(v) is int and v >= 0 for k, v in raw.items()
    )


def deal_cost(state: SettlersState, cards: CardSet, seat: int) -> dict[str, int]:
    food = static(state, cards, seat, "deal_food_cost")
    food = 1 if food is None else food
    return {"food": food} if food else {}


# Cleanup storage (3.4, 8.3) ------------------------------------------------------------------


def storage_plan(
    state: SettlersState, cards: CardSet, seat: int
) -> tuple[dict[str, int], list[str], int]:
    """What storage keeps for sure, and the ambiguous part: (kept, goods to choose among,
    how many of them may be kept). Single-good entries are applied first."""
    player = state.players[seat]
    remaining = {g: player.goods.get(g, 0) for g in HELD if g != "seal"}
    kept: dict[str, int] = {}
    entries = [
        entry for loc in player.empire if loc.face_up for entry in cards.cards[loc.card].storage
    ]
    entries.sort(key=lambda entry: len(entry.goods) > 1)
    open_goods: list[str] = []
    open_limit = 0
    for entry in entries:
        held = [g for g in entry.goods if remaining.get(g, 0) > 0]
        total = sum(remaining[g] for g in held)
        if len(held) > 1 and total > entry.limit:
            open_goods += [g for g in held if g not in open_goods]
            open_limit += entry.limit
            continue
        budget = entry.limit
        for good in held:
            take = min(budget, remaining[good])
            kept[good] = kept.get(good, 0) + take
            remaining[good] -= take
            budget -= take
    if open_goods:
        open_limit = min(open_limit, sum(remaining[g] for g in open_goods))
    return kept, open_goods, open_limit


def cleanup_goods(player: Player) -> None:
    """3.4 step 2: keep what storage allows and the sun seals; discard the rest."""
    kept = dict(player.kept or {})
    seals = player.goods.get("seal", 0)
    player.goods = {g: n for g, n in kept.items() if n}
    if seals:
        player.goods["seal"] = seals
    player.kept = None
    player.passed = False
    player.board_uses = 0
    for location in player.empire:
        location.defence = False
        location.uses = 0


# Final scoring (section 6) -------------------------------------------------------------------


def final_score(state: SettlersState, cards: CardSet, seat: int) -> Score:
    player = state.players[seat]
    built = [loc for loc in player.empire if loc.face_up]
    common = sum(cards.cards[loc.card].deck == "common" for loc in built)
    faction = len(built) - common
    bonus = 0
    for location in built:
        feature = cards.cards[location.card].feature
        if feature is None or "game_end" not in feature.triggers:
            continue
        bonus += (feature.gain or {}).get("vp", 0)
        if feature.per is not None:
            times = count(state, cards, seat, feature.per.per) // feature.per.divisor
            bonus += feature.per.gain.get("vp", 0) * times
    total = player.vp + common + 2 * faction + bonus
    held = sum(player.goods.get(g, 0) for g in TIE_BREAK_GOODS)
    return Score(
        vp=player.vp,
        common=common,
        faction=2 * faction,
        bonus=bonus,
        total=total,
        held=held,
        hand=len(player.hand),
    )
