"""Card data: the pydantic schema of spec section 8 and the loader of a card-set file.

A card set is imperial_settlers_<set>.json in this package; adding one needs no code. Every
record is validated on its own so an error names the card and the field; the cross-record rules
of 8.5 (which decks carry raze/deal rewards, the deck sizes) are checked afterwards.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

FACTIONS = ("romans", "barbarians", "egyptians", "japanese")
DECKS = ("common", *FACTIONS)
SELECTORS = (
    "location",
    "common_location",
    "faction_location",
    "production_location",
    "feature_location",
    "action_location",
    "deal",
    "samurai",
    "seal",
)

if TYPE_CHECKING:
    # For mypy a good is a string: the rules index goods by names they compute, and a dict's
    # key type is invariant (a dict of Literal keys is no dict[str, int]). Pydantic checks the
    # names below whenever card data or a state loads.
    Good = str
    CostGood = str
    Resource = str
else:
    Good = Literal[
        "wood",
        "stone",
        "food",
        "gold",
        "worker",
        "raze",
        "defense",
        "vp",
        "card_common",
        "card_faction",
        "card_any",
        "samurai",
        "seal",
    ]
    # Costs are paid from what a player holds: resources, workers, tokens, seals (never cards
    # or VP).
    CostGood = Literal["wood", "stone", "food", "gold", "worker", "raze", "defense", "seal"]
    Resource = Literal["wood", "stone", "food", "gold"]  # what a building's cost may ask

Amount = Annotated[int, Field(ge=0, strict=True)]
Goods = dict[Good, Amount]
Cost = dict[CostGood, Amount]
Trigger = Literal[
    "on_build",
    "on_deal",
    "on_raze_location",
    "on_raze_hand",
    "on_lookout_end",
    "game_end",
    "static",
]
StaticKey = Literal["deal_food_cost", "own_common_raze_extra", "samurai_raze_extra"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Scaled(_Strict):
    """8.2: floor(count of `per` / divisor) times `gain`."""

    per: str
    divisor: Annotated[int, Field(ge=1, strict=True)] = 1
    gain: Goods

    @field_validator("per")
    @classmethod
    def _known_selector(cls, value: str) -> str:
        if value in SELECTORS or (value.startswith("tag:") and len(value) > 4):
            return value
        raise ValueError(f"unknown selector {value!r} (known: {', '.join(SELECTORS)}, tag:<name>)")


class Filter(_Strict):
    origin: Literal["any", "common", "faction"] = "any"
    type: Literal["any", "production", "feature", "action"] = "any"


class Feature(_Strict):
    trigger: Trigger | list[Trigger]
    filter: Filter = Filter()
    gain: Goods | None = None
    per: Scaled | None = None
    static: dict[StaticKey, Amount] | None = None

    @property
    def triggers(self) -> tuple[str, ...]:
        return (self.trigger,) if isinstance(self.trigger, str) else tuple(self.trigger)


class ActionSpec(_Strict):
    cost: Cost
    gain: Goods
    max_uses: Annotated[int, Field(ge=1, strict=True)] = 1


class StorageEntry(_Strict):
    goods: list[Good] = Field(min_length=1)
    limit: Annotated[int, Field(ge=1, strict=True)]


class Card(_Strict):
    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    name_ja: str = Field(min_length=1)
    deck: Literal["common", "romans", "barbarians", "egyptians", "japanese"]
    copies: Annotated[int, Field(ge=1, strict=True)]
    type: Literal["production", "feature", "action"]
    cost: dict[Resource, Amount]
    foundation: bool = False
    raze: Goods | None = None
    deal: Goods | None = None
    build_bonus: Goods | None = None
    production: Goods | None = None
    production_per: Scaled | None = None
    feature: Feature | None = None
    action: ActionSpec | None = None
    storage: list[StorageEntry] = []
    tags: list[str] = []

    @property
    def origin(self) -> str:
        return "common" if self.deck == "common" else "faction"


class Faction(_Strict):
    name: str
    name_ja: str
    base_production: Goods
    board_action: ActionSpec
    max_seals: Annotated[int, Field(ge=0, strict=True)] = 0
    seal_foundation: bool = False  # a sun seal may replace the discarded foundation (8.4)
    faction_cards_razable: bool = False  # J1/J2: own cards razable from hand and by opponents


class CardSet(BaseModel):
    model_config = ConfigDict(frozen=True)
    card_set: str
    deck_sizes: dict[str, int]
    factions: dict[str, Faction]
    cards: dict[str, Card]

    def deck(self, name: str, scale: int = 1) -> list[str]:
        """Card ids of a deck in data order, `copies` times each (times `scale` for common)."""
        factor = scale if name == "common" else 1
        return [
            c.id for c in self.cards.values() if c.deck == name for _ in range(c.copies * factor)
        ]


class CardDataError(ValueError):
    """A malformed card file; the message names the record and the field."""


def parse_card_set(raw: dict[str, Any]) -> CardSet:
    """Validate a card-set document (the parsed JSON) into a CardSet."""
    if not isinstance(raw, dict) or not isinstance(raw.get("cards"), list):
        raise CardDataError("card set: field 'cards' must be a list of card records")
    cards: dict[str, Card] = {}
    for index, record in enumerate(raw["cards"]):
        name = record.get("id", f"#{index}") if isinstance(record, dict) else f"#{index}"
        card = _validated(Card, record, f"card {name}")
        if card.id in cards:
            raise CardDataError(f"card {card.id}: field 'id': duplicate id")
        _check_card(card)
        cards[card.id] = card
    factions = {}
    for key, record in (raw.get("factions") or {}).items():
        if key not in FACTIONS:
            raise CardDataError(f"faction {key}: unknown faction (known: {', '.join(FACTIONS)})")
        factions[key] = _validated(Faction, record, f"faction {key}")
    missing = set(FACTIONS) - set(factions)
    if missing:
        raise CardDataError(f"card set: field 'factions': missing {', '.join(sorted(missing))}")
    sizes = raw.get("deck_sizes") or {}
    for deck in DECKS:
        counted = sum(c.copies for c in cards.values() if c.deck == deck)
        if sizes.get(deck) != counted:
            raise CardDataError(
                f"deck {deck}: field 'copies': the cards add up to {counted}, "
                f"deck_sizes says {sizes.get(deck)}"
            )
    return CardSet(
        card_set=str(raw.get("card_set", "")), deck_sizes=sizes, factions=factions, cards=cards
    )


def _validated(model: type[BaseModel], record: Any, what: str) -> Any:
    try:
        return model.model_validate(record)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "record"
        raise CardDataError(f"{what}: field '{where}': {first['msg']}") from None


def _check_card(card: Card) -> None:
    """The per-card rules of 8.1 and 8.5 that one record can break."""

    def bad(field: str, why: str) -> CardDataError:
        return CardDataError(f"card {card.id}: field '{field}': {why}")

    common = card.deck == "common"
    razable = common or card.deck == "japanese"
    if razable and card.raze is None:
        raise bad("raze", "required on common and Japanese cards")
    if not razable and card.raze is not None:
        raise bad("raze", "only common and Japanese cards have a raze reward")
    if common and card.deal is not None:
        raise bad("deal", "common cards cannot be dealt")
    if not common and card.deal is None:
        raise bad("deal", "required on faction cards")
    if common and card.foundation:
        raise bad("foundation", "only faction cards need a foundation")
    if card.type == "production" and card.production is None and card.production_per is None:
        raise bad("production", "a production location needs production or production_per")
    if card.type == "feature" and card.feature is None and not card.storage:
        raise bad("feature", "a feature location needs feature or storage")
    if card.type == "action" and card.action is None:
        raise bad("action", "an action location needs action")
    if card.type != "action" and card.action is not None:
        raise bad("action", "only action locations have an action")
    if card.feature is not None:
        _check_feature(card, bad)


def _check_feature(card: Card, bad: Any) -> None:
    feature = card.feature
    assert feature is not None
    if "static" in feature.triggers:
        if feature.static is None or feature.triggers != ("static",):
            raise bad(
                "feature.static", "trigger 'static' needs a static table and no other trigger"
            )
    elif feature.gain is None and feature.per is None:
        raise bad("feature.gain", "a triggered feature needs gain or per")


def card_set_names() -> tuple[str, ...]:
    """The card sets present as data files."""
    folder = resources.files(__package__)
    prefix = "imperial_settlers_"
    return tuple(
        sorted(
            entry.name[len(prefix) : -len(".json")]
            for entry in folder.iterdir()
            if entry.name.startswith(prefix) and entry.name.endswith(".json")
        )
    )


@cache
def load_card_set(name: str) -> CardSet:
    """imperial_settlers_<name>.json of this package, validated once."""
    path = resources.files(__package__).joinpath(f"imperial_settlers_{name}.json")
    try:
        raw = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise CardDataError(f"card set {name}: no data file {path}") from None
    return parse_card_set(raw)
