"""Konsul's cards, slots and sets: the designed data (konsul.json beside this module), validated
when loaded, and the pure helpers every other part of the game uses.

A card is an int: 0 is a banner (all banners are identical wild cards), a number card is
`10 * colour + value` (colour index into `colours`, value 1..9). Ints keep states and views small
and cheap to copy, which matters for full AI games per second.

A set is valid iff some *mode* fits every card of it: a mode is ("colour", c) or ("value", v) and
a banner fits every mode. This is the spec's rule (§5) stated once, for the rules and the AI.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from engine.core import CardText, Msg
from engine.data import load

BANNER = 0
Mode = tuple[str, int]


class DataError(ValueError):
    """A malformed data file; the message names the file, the record and the field."""


class KonsulData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    colours: tuple[str, ...]
    rows: tuple[str, ...]
    columns: int
    grid_values: tuple[int, ...]
    banners: int
    banner_value: int
    hand_values: tuple[int, ...]
    hand_colour_offsets: tuple[int, ...]

    @field_validator("colours")
    @classmethod
    def _colours(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if not 1 <= len(value) <= 9 or len(set(value)) != len(value):
            raise ValueError("1 to 9 distinct colour names")
        return value

    @field_validator("grid_values", "hand_values")
    @classmethod
    def _values(cls, value: tuple[int, ...]) -> tuple[int, ...]:
        if not value or len(set(value)) != len(value) or not all(1 <= v <= 9 for v in value):
            raise ValueError("distinct card values between 1 and 9")
        return value

    @field_validator("columns", "banners", "banner_value")
    @classmethod
    def _positive(cls, value: int) -> int:
        if value < 1:
            raise ValueError("must be at least 1")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> KonsulData:
        slots = len(self.rows) * self.columns
        deck = len(self.colours) * len(self.grid_values) + self.banners
        if slots != deck:
            raise ValueError(f"the grid has {slots} slots but the deck {deck} cards")
        if set(self.grid_values) & set(self.hand_values):
            raise ValueError("hand_values must not repeat grid_values")
        offsets = self.hand_colour_offsets
        if len(offsets) != len(self.hand_values) or len(set(offsets)) != len(offsets):
            raise ValueError("hand_colour_offsets: one distinct offset per hand value")
        return self


def parse_data(raw: dict[str, Any], source: str = "konsul.json") -> KonsulData:
    """The validated data, or DataError naming the field that is wrong."""
    record = {key: value for key, value in raw.items() if not key.startswith("_")}
    try:
        return KonsulData.model_validate(record)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(map(str, item['loc'])) or 'record'}: {item['msg']}"
            for item in error.errors()
        )
        raise DataError(f"{source}: konsul data record is malformed: {problems}") from None


@cache
def data() -> KonsulData:
    return parse_data(load(__package__, "konsul"))


def card(colour: int, value: int) -> int:
    return 10 * colour + value


def colour_of(c: int) -> int | None:
    return None if c == BANNER else c // 10


def number_of(c: int) -> int:
    return 0 if c == BANNER else c % 10


def worth(c: int) -> int:
    """What a card adds to a set's value (§5): its number, a banner 2."""
    return data().banner_value if c == BANNER else c % 10


def grid_deck() -> list[int]:
    info = data()
    numbers = [card(c, v) for c in range(len(info.colours)) for v in info.grid_values]
    return numbers + [BANNER] * info.banners


def starting_hand(seat: int) -> tuple[int, ...]:
    """Designed default (spec §2): seat i holds the 6 of colour i, the 7 of i+1, the 8 of i+2."""
    info = data()
    return tuple(
        card((seat + offset) % len(info.colours), value)
        for value, offset in zip(info.hand_values, info.hand_colour_offsets, strict=True)
    )


def grid_size() -> int:
    return len(data().rows) * data().columns


@cache
def slot_name(index: int) -> str:
    """A1 … E7 inside the grid, X1, X2, … beside it."""
    info = data()
    size = grid_size()
    if index >= size:
        return f"X{index - size + 1}"
    return f"{info.rows[index // info.columns]}{index % info.columns + 1}"


@lru_cache(maxsize=512)  # bounded: names come from player input
def slot_index(name: str) -> int | None:
    """The index of slot `name` (any index for X slots; the caller checks it exists)."""
    info = data()
    if not isinstance(name, str) or len(name) < 2:
        return None
    head, tail = name[0].upper(), name[1:]
    if not (tail.isascii() and tail.isdigit()):  # '²'.isdigit() holds, int('²') fails
        return None
    number = int(tail)
    if head == "X":
        return grid_size() + number - 1 if number >= 1 else None
    if head in info.rows and 1 <= number <= info.columns:
        return info.rows.index(head) * info.columns + number - 1
    return None


@cache
def all_modes() -> tuple[Mode, ...]:
    info = data()
    values = sorted({*info.grid_values, *info.hand_values})
    return (*(("colour", c) for c in range(len(info.colours))), *(("value", v) for v in values))


def fits(c: int, mode: Mode) -> bool:
    if c == BANNER:
        return True
    kind, key = mode
    return c // 10 == key if kind == "colour" else c % 10 == key


@cache
def _modes_of_card(c: int) -> frozenset[Mode]:
    return frozenset(mode for mode in all_modes() if fits(c, mode))


def modes_of(cards: Iterable[int]) -> tuple[Mode, ...]:
    """Every mode fitting all `cards`, in `all_modes` order; empty means the set is invalid."""
    return _modes_of_set(tuple(sorted(cards)))


@lru_cache(maxsize=4096)
def _modes_of_set(cards: tuple[int, ...]) -> tuple[Mode, ...]:
    common = set(all_modes())
    for c in cards:
        common &= _modes_of_card(c)
    return tuple(mode for mode in all_modes() if mode in common)


def is_valid_set(cards: Iterable[int]) -> bool:
    return bool(modes_of(cards))


def set_value(cards: Iterable[int], count_bidding: bool) -> int:
    """What counts against the bid: the value (§5) or, with count_bidding, the number of cards."""
    cards = tuple(cards)
    return len(cards) if count_bidding else sum(worth(c) for c in cards)


def mode_totals(cards: Iterable[int], count_bidding: bool) -> dict[Mode, int]:
    """For every mode, what the `cards` fitting it are worth together (one pass over them)."""
    totals = dict.fromkeys(all_modes(), 0)
    for c in cards:
        amount = 1 if count_bidding else worth(c)
        for mode in _modes_of_card(c):
            totals[mode] += amount
    return totals


def best_set_bound(cards: Iterable[int], count_bidding: bool) -> int:
    """The most a valid set drawn from `cards` can be worth: an upper bound for useful bids."""
    return max(mode_totals(cards, count_bidding).values(), default=0)


def card_label(c: int) -> Msg:
    colour = colour_of(c)
    if colour is None:
        return Msg(key="card.banner")
    return Msg(key=f"card.colour.{colour}", args={"value": number_of(c)})


def card_id(c: int) -> str:
    """A card's id for its texts (`Game.card`): "banner", or colour and value ("red6")."""
    colour = colour_of(c)
    return "banner" if colour is None else f"{data().colours[colour]}{number_of(c)}"


@cache
def card_ids() -> tuple[str, ...]:
    """Every distinct card of the game: the banner, then each colour's numbers (grid and hand)."""
    values = sorted((*data().grid_values, *data().hand_values))
    colours = range(len(data().colours))
    return ("banner", *(card_id(card(colour, v)) for colour in colours for v in values))


def card_texts(c: int) -> CardText:
    """A card's name and what it does (the catalog's `card.*`)."""
    if c == BANNER:
        return CardText(
            name=card_label(c),
            text=Msg(key="card.banner.text", args={"value": data().banner_value}),
            short=Msg(key="card.banner.short", args={"value": data().banner_value}),
        )
    name = card_label(c)
    return CardText(
        name=name,
        text=Msg(key="card.number.text", args={"card": name, "value": number_of(c)}),
        short=Msg(key="card.number.short"),
    )


def card_of_id(identifier: str) -> int | None:
    return {card_id(c): c for c in (BANNER, *_numbered())}.get(identifier)


@cache
def _numbered() -> tuple[int, ...]:
    values = (*data().grid_values, *data().hand_values)
    return tuple(card(colour, v) for colour in range(len(data().colours)) for v in values)
