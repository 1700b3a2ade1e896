"""What Imperial Settlers' events and choices say about cards and goods: keys and arguments,
never words (strings.py words them in each language). A card or a faction is named by its id,
which the catalogue lists as `term.<id>`; goods, a foundation and an effect's source are nested
`Msg`s."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Msg, trusted
from engine.games.imperial_settlers.cards import CardSet


def goods_msg(amounts: dict[str, int]) -> Msg:
    """Goods as "2 wood, 1 food" / "木材2・食料1" (zero amounts left out)."""
    return _goods(tuple(amounts.items()))


@lru_cache(maxsize=2048)
def _goods(amounts: tuple[tuple[str, int], ...]) -> Msg:
    """Cached and shared: the action menu is rebuilt for every decision (Msgs are frozen)."""
    items = [(good, n) for good, n in amounts if n]
    args = {
        f"g{i}": trusted(Msg, key=f"good.{good}", args={"n": n})
        for i, (good, n) in enumerate(items)
    }
    return trusted(Msg, key=f"goods.{len(items)}", args=args)


def source(cards: CardSet, source_id: str) -> str | Msg:
    """The source of an effect: a card (by id), the faction board or the supply."""
    if source_id in cards.cards:
        return source_id
    return Msg(key="source.board" if source_id == "board" else "source.supply")


def deck(deck_id: str) -> str | Msg:
    """A deck: the common one, or a faction's (by the faction's id)."""
    return Msg(key="deck.common") if deck_id == "common" else deck_id
