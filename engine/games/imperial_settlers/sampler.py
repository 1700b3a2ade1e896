"""Imperial Settlers determinisation: the table, the task queue and the rules are public (in the
view); each deck's cards the seat has not seen are dealt afresh to the other hands (common and
their own faction's cards, in the counts the deck sizes imply), the decks and the discards. An
action in progress of another seat gets a foundation card it could pay for; a storage choice
another seat made at cleanup is redrawn from what it could keep."""

from __future__ import annotations

from collections import Counter

from engine.games.imperial_settlers.cards import DECKS, CardSet, load_card_set
from engine.games.imperial_settlers.effects import payments, storage_plan
from engine.games.imperial_settlers.state import (
    Location,
    Plan,
    Player,
    SettlersState,
    SettlersView,
)
from engine.rng import Rng
from engine.search import world


def sample(view: SettlersView, rng: Rng) -> SettlersState:
    cards = load_card_set(view.card_set)
    pools = _unseen(view, cards, rng)
    players = [
        Player(
            faction=p.faction,
            goods=dict(p.goods),
            vp=p.vp,
            hand=list(view.hand) if seat == view.seat else [],
            empire=[Location(**loc.model_dump()) for loc in p.empire],
            deals=list(p.deals),
            passed=p.passed,
            board_uses=p.board_uses,
            kept=dict(view.kept) if seat == view.seat and view.kept is not None else None,
        )
        for seat, p in enumerate(view.players)
    ]
    plan = view.plan
    for seat, player in enumerate(players):
        if seat == view.seat:
            continue
        building = view.plan_step == "foundation" and seat == view.active
        player.hand = _deal(view, cards, pools, seat, building)
        if building:
            card = cards.cards[player.hand[0]]
            plan = Plan(do=f"build:{card.id}", payment=payments(card.cost, player.goods)[0])
    if view.plan_step == "exchange" and plan is None:
        plan = Plan(do="exchange", pairs=view.plan_pairs)
    decks = {d: pools[d][: view.deck_sizes.get(d, 0)] for d in DECKS}
    discards = {d: pools[d][view.deck_sizes.get(d, 0) :] for d in DECKS}
    state = world(
        SettlersState,
        view,
        rng=rng.next64(),
        players=players,
        decks=decks,
        discards=discards,
        tasks=[t.model_copy() for t in view.tasks],
        raze=view.raze.model_copy() if view.raze else None,
        plan=plan,
    )
    _storage(state, cards, view, rng)
    return state


def _unseen(view: SettlersView, cards: CardSet, rng: Rng) -> dict[str, list[str]]:
    """Per deck, the cards the seat cannot place (shuffled): in other hands, decks, discards."""
    seen = Counter(view.hand) + Counter(view.display)
    for player in view.players:
        seen.update(loc.card for loc in player.empire)
        seen.update(player.deals)
    pools = {}
    for deck in DECKS:
        left = Counter(cards.deck(deck, view.common_scale)) - seen
        pools[deck] = rng.shuffled(sorted(left.elements()))
    return pools


def _deal(
    view: SettlersView, cards: CardSet, pools: dict[str, list[str]], seat: int, building: bool
) -> list[str]:
    """The seat's hand: its faction's cards beyond what that deck and discard hold, common
    cards for the rest. A seat choosing a foundation holds, first, a card it can pay for."""
    faction = view.players[seat].faction
    size = view.players[seat].hand_size
    own = 0
    if faction in pools:
        own = len(pools[faction]) - view.deck_sizes.get(faction, 0)
        own = max(0, min(size, own - view.discard_sizes.get(faction, 0)))
    counts = {faction: own, "common": size - own}
    hand: list[str] = []
    if building:
        goods = view.players[seat].goods
        for deck in (d for d in (faction, "common") if counts.get(d, 0) > 0):
            found = next(
                (
                    c
                    for c in pools[deck]
                    if cards.cards[c].foundation and payments(cards.cards[c].cost, goods)
                ),
                None,
            )
            if found is not None:
                pools[deck].remove(found)
                hand.append(found)
                counts[deck] -= 1
                break
    for deck, count in counts.items():
        if count > 0 and deck in pools:
            hand += pools[deck][:count]
            del pools[deck][:count]
    return hand


def _storage(state: SettlersState, cards: CardSet, view: SettlersView, rng: Rng) -> None:
    """Between cleanup and discard every seat has storage decided: the sure part follows from
    the table; a seat that already chose among open goods gets a choice it could make."""
    if not any(t.kind == "discard" for t in state.tasks):
        return
    asked = {t.seat for t in state.tasks if t.kind == "store"}
    for seat, player in enumerate(state.players):
        if seat == view.seat:
            continue
        kept, open_goods, limit = storage_plan(state, cards, seat)
        if open_goods and limit and seat not in asked:
            spare = [g for g in open_goods for _ in range(player.goods.get(g, 0) - kept.get(g, 0))]
            for good in rng.shuffled(spare)[:limit]:
                kept[good] = kept.get(good, 0) + 1
        player.kept = kept
