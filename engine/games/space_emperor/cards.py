"""The card set as data (space_emperor_<set>.json in this package), validated when loaded.

A malformed file is refused with a `CardDataError` naming the record and the field, so a typo in
the data can never surface as a crash in the middle of a game.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator
from pydantic import Field as DataField

from engine.core import CardText, Msg
from engine.data import load

ShipClass = Literal["FT", "BB", "CV", "CR", "DD"]
CardKind = Literal[
    "ship",
    "star_system",
    "trade",
    "monster",
    "black_hole",
    "supernova",
    "defect",
    "spy",
    "terrorist",
    "secret_police",
    "admiral",
    "esp",
    "super_weapon",
]
Special = Literal["bh_tractor", "planet_auto_success", "tie_survive", "reroll_misses"]

# Section 1 of the spec: how many cards of each kind one deck holds.
DECK_COUNTS: dict[str, int] = {
    "ship": 51,
    "star_system": 6,
    "trade": 4,
    "monster": 4,
    "black_hole": 1,
    "supernova": 1,
    "defect": 1,
    "spy": 3,
    "terrorist": 3,
    "secret_police": 4,
    "admiral": 4,
    "esp": 2,
    "super_weapon": 16,
}
DECK_SIZE = 100
OPEN_KINDS = frozenset({"trade", "monster", "black_hole", "supernova", "defect"})
SUPPORT_KINDS = frozenset({"admiral", "esp", "super_weapon"})


class CardDataError(ValueError):
    """The card file breaks the data format of spec section 8.1."""


class Card(BaseModel):
    """One physical card (spec 8.1)."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
    id: str = DataField(min_length=1)
    kind: CardKind
    name: str = DataField(min_length=1)
    ship_class: ShipClass | None = DataField(default=None, alias="class")
    strength: int | None = DataField(default=None, ge=1, le=12)
    allowed_classes: tuple[ShipClass, ...] = ()
    scope: Literal["carrier", "fleet"] | None = None
    extra_dice: int = DataField(default=0, ge=0, le=6)
    special: Special | None = None

    @model_validator(mode="after")
    def _fields_fit_the_kind(self) -> Card:
        if self.kind == "ship" and (self.ship_class is None or self.strength is None):
            raise ValueError("a ship needs 'class' and 'strength'")
        if self.kind == "monster" and self.strength is None:
            raise ValueError("a monster needs 'strength'")
        if self.kind not in ("ship", "monster") and self.strength is not None:
            raise ValueError(f"a {self.kind} has no 'strength'")
        if self.kind == "super_weapon":
            expected = "carrier" if self.allowed_classes else "fleet"
            if self.scope != expected:
                raise ValueError(f"'scope' must be {expected!r} (carrier iff allowed_classes)")
        elif self.scope or self.allowed_classes or self.extra_dice or self.special:
            raise ValueError("only a super_weapon has scope, allowed_classes, extra_dice, special")
        return self


class CardSet(BaseModel):
    model_config = ConfigDict(frozen=True)
    name: str
    cards: dict[str, Card]

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]


def parse_card_set(name: str, data: Any) -> CardSet:
    """Validate a card file's content: every record, unique ids, section 1's counts."""
    records = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(records, list):
        raise CardDataError(f"card set {name}: the file needs a 'cards' list")
    cards: dict[str, Card] = {}
    for index, record in enumerate(records):
        label = record.get("id", "?") if isinstance(record, dict) else "?"
        try:
            card = Card.model_validate(record)
        except ValidationError as error:
            problem = error.errors()[0]
            where = ".".join(str(part) for part in problem["loc"]) or "record"
            raise CardDataError(
                f"card set {name}: record {index} ({label}), field {where}: {problem['msg']}"
            ) from None
        if card.id in cards:
            raise CardDataError(f"card set {name}: record {index} ({card.id}): duplicate id")
        cards[card.id] = card
    _check_counts(name, cards)
    return CardSet(name=name, cards=cards)


def _check_counts(name: str, cards: dict[str, Card]) -> None:
    if len(cards) != DECK_SIZE:
        raise CardDataError(f"card set {name}: {len(cards)} cards, exactly {DECK_SIZE} needed")
    counts: Counter[str] = Counter(card.kind for card in cards.values())
    for kind, expected in DECK_COUNTS.items():
        if counts[kind] != expected:
            raise CardDataError(
                f"card set {name}: {counts[kind]} cards of kind {kind}, {expected} needed"
            )


@cache
def card_set(name: str) -> CardSet:
    """The named card set (space_emperor_<name>.json in this package), validated once."""
    return parse_card_set(name, load(__package__, f"space_emperor_{name}"))


DEFAULT_CARD_SET = "designed_v1"
TEXT_KINDS = {"super_weapon": "weapon"}  # the catalog's name for a kind, where it differs


def card_texts(card: Card) -> CardText:
    """A card's name and what it does: its kind's `card.<kind>.*` texts (learn.py) filled in
    from its data."""
    name = Msg(key="card.name", args={"name": card.name})
    args: dict[str, Any] = {"name": name, "strength": card.strength}
    if card.ship_class is not None:
        args["class"] = Msg(key=f"card.class.{card.ship_class}")
    kind = TEXT_KINDS.get(card.kind, card.kind)
    if card.kind == "super_weapon" and card.scope == "fleet":
        kind = "weapon.fleet"
    elif card.kind == "super_weapon":
        return _carrier_weapon(card, name)
    return CardText(
        name=name,
        text=Msg(key=f"card.{kind}.text", args=args),
        short=Msg(key=f"card.{kind}.short", args=args),
    )


def _carrier_weapon(card: Card, name: Msg) -> CardText:
    classes = [Msg(key=f"card.class.{ship_class}") for ship_class in card.allowed_classes]
    nothing = Msg(key="card.nothing")

    def words(part: str, suffix: str) -> Msg:
        extra = Msg(key=f"card.weapon.extra{suffix}", args={"extra": card.extra_dice})
        special = Msg(key=f"card.special.{card.special}{suffix}") if card.special else nothing
        args = {"name": name, "classes": classes, "special": special}
        args["extra"] = extra if card.extra_dice else nothing
        return Msg(key=f"card.weapon.{part}", args=args)

    return CardText(name=name, text=words("text", ""), short=words("short", ".short"))


def board_lines(systems: Any, card_set_name: str) -> list[Msg]:
    """Every system in play with its owner and garrison by name (the board shows the units as
    symbols), then the legend of those symbols."""
    cards = card_set(card_set_name)
    lines = []
    for system in systems:
        units = [_unit_words(unit, cards) for unit in system.garrison]
        key = "board_text.system" if system.owner is not None else "board_text.neutral"
        name = Msg(key="card.name", args={"name": cards[system.id].name})
        lines.append(Msg(key=key, args={"system": name, "seat": system.owner, "units": units}))
    return [*lines, Msg(key="board_text.legend")]


def _unit_words(unit: tuple[str, ...], cards: CardSet) -> Msg:
    words = []
    for card_id in unit:
        card = cards[card_id]
        name = Msg(key="card.name", args={"name": card.name})
        if card.kind in ("ship", "monster"):
            symbol = f"{card.ship_class or ''}{card.strength}"
            name = Msg(key="board_text.ship", args={"name": name, "symbol": symbol})
        words.append(name)
    args = dict(zip(("ship", "second", "third"), words, strict=False))
    return Msg(key=f"board_text.unit.{len(words)}", args=args)
