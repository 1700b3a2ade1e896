"""Who may do what: the legality helpers shared by the rules, the prompts and the AI."""

from __future__ import annotations

from engine.games.imperial_settlers.cards import CardSet
from engine.games.imperial_settlers.state import Player, SettlersState

EXCHANGE_GOODS = ("wood", "stone", "food", "card_common", "card_faction")


def clockwise(state: SettlersState, first: int) -> list[int]:
    return [(first + i) % state.seats for i in range(state.seats)]


def drawable(state: SettlersState, seat: int) -> list[str]:
    """Decks a `card_any` draw can come from (a deck or its discard pile holds cards)."""
    faction = state.players[seat].faction
    return [d for d in ("common", faction) if state.decks[d] or state.discards[d]]


def samurai_spots(state: SettlersState, seat: int) -> list[int]:
    return [loc.uid for loc in state.players[seat].empire if loc.face_up and not loc.samurai]


def foundation_candidates(state: SettlersState, cards: CardSet, seat: int) -> list[str]:
    """What may be discarded for a foundation: any own location or foundation, or a seal."""
    player = state.players[seat]
    found = [str(loc.uid) for loc in player.empire]
    if cards.factions[player.faction].seal_foundation and player.goods.get("seal", 0) >= 1:
        found.append("seal")
    return found


def hand_razable(cards: CardSet, player: Player, card_id: str) -> bool:
    """4.3: common cards, and own faction cards when the faction's cards are razable (J1)."""
    card = cards.cards[card_id]
    if card.raze is None:
        return False
    return card.deck == "common" or (
        card.deck == player.faction and cards.factions[card.deck].faction_cards_razable
    )
