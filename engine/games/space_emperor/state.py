"""Space Emperor's state, options, views and the working context every rule function mutates.

`apply` deep-copies the state into a `Ctx`, the rules mutate that copy and append events, and
the copy is returned only when the input was accepted, so a refused input changes nothing.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator
from pydantic import Field as DataField

from engine.core import Event, GameState, Secrets
from engine.games.space_emperor.cards import Card, CardSet, card_set
from engine.rng import Rng

PLANET = -1  # an attacking slot's target when it goes for the planet


class SpaceEmperorOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)  # shared by every working copy
    allow_seven_players: bool = False
    first_player: Literal["random", "host"] = "random"
    hand_limit: int = DataField(default=5, ge=1, le=20)
    fleet_card_limit: int = DataField(default=3, ge=1, le=6)
    zero_tie_sinks: bool = True
    always_prompt_reactions: bool = True
    endgame_turn_limit: int | None = DataField(default=6, ge=1, le=50)
    final_tiebreak: Literal["shared", "fleet_strength"] = "shared"
    card_set: Literal["designed_v1"] = "designed_v1"

    @field_validator("endgame_turn_limit", mode="before")
    @classmethod
    def _null_means_unlimited(cls, value: Any) -> Any:
        """`/game new options: endgame_turn_limit=null` arrives as text."""
        if isinstance(value, str) and value.strip().lower() in ("null", "none", "unlimited"):
            return None
        return value


class Unit(BaseModel):
    """A ship (or space monster) with the support cards attached to it."""

    ship: str
    supports: list[str] = []

    def cards(self) -> list[str]:
        return [self.ship, *self.supports]


class System(BaseModel):
    """A star system on the table: owned (`owner` a seat) or neutral (`owner` None)."""

    id: str
    owner: int | None
    garrison: list[Unit] = []


class Slot(BaseModel):
    """One slot of a deployed fleet. `shown[i]`: card i (ship first) was public before the
    reveal (it came from a garrison). `target`: a defending slot's attacking slot; an
    attacking slot's defending slot or PLANET; None while undecided."""

    unit: Unit
    shown: list[bool]
    target: int | None = None
    faces: list[int] = []
    rerolled: list[int] = []  # faces before a Fire-Control re-roll
    mod: int = 0
    hits: int | None = None
    sunk: bool = False
    planet: Literal["", "success", "failed"] = ""


class Battle(BaseModel):
    """An attack or a monster raid in progress (spec 3.3, 5.2-5.6)."""

    attacker: int | None  # None: a space monster attacks
    defender: int | None  # None: a neutral system
    system: str
    attack: list[Slot]
    defence: list[Slot] = []
    stage: Literal["defend", "targets", "assign", "escape", "planet", "done"] = "defend"
    revealed: bool = False
    no_sortie: bool = False
    result: Literal["", "attacker", "defender"] = ""
    captured: bool = False
    escapes: list[tuple[str, int, int]] = []  # (ESP card, side 0 attack / 1 defence, from slot)
    planet_next: int = 0


class Relocation(BaseModel):
    seat: int
    units: list[Unit]


class Operation(BaseModel):
    """A spy or terrorist waiting for the target's reaction (spec 3.5); replaced, never
    changed, so working copies share it."""

    model_config = ConfigDict(frozen=True)
    kind: Literal["spy", "terrorist"]
    card: str
    target_seat: int
    target_system: str | None = None


class SpaceEmperorState(GameState):
    secrets = Secrets(per_seat=("hands",), order=("deck",))
    options: SpaceEmperorOptions
    deck: list[str]
    discard: list[str] = []
    hands: list[list[str]]
    systems: list[System] = []
    active: int = 0
    stage: str = "act"
    endgame_turn: bool = False
    endgame_turns: list[int]
    retired: list[bool]
    winner: int | None = None  # instant victory
    over: bool = False
    battle: Battle | None = None
    last_battle: Battle | None = None  # concluded by the latest input: kept for the board
    relocations: list[Relocation] = []
    redirect: tuple[int, str] | None = None  # (seat who may redirect, monster card)
    operation: Operation | None = None
    black_hole: tuple[int, str, str | None] | None = None  # (affected seat, card, hit system)
    drawn: list[str] = []  # this turn's public draws (open cards, star systems)
    changed: list[str] = []  # systems / places the last input changed (for the board)
    turn: int = 0
    step: int = 0  # accepted inputs so far: prompt keys


class SlotView(BaseModel):
    model_config = ConfigDict(frozen=True)
    cards: tuple[str | None, ...]  # ship first; None = face down to this reader
    face_up: tuple[bool, ...]  # which cards everyone sees (what a board may draw)
    target: int | None
    faces: tuple[int, ...]
    rerolled: tuple[int, ...]
    mod: int
    hits: int | None
    sunk: bool
    planet: str


class BattleView(BaseModel):
    model_config = ConfigDict(frozen=True)
    attacker: int | None
    defender: int | None
    system: str
    attack: tuple[SlotView, ...]
    defence: tuple[SlotView, ...]
    stage: str
    revealed: bool
    no_sortie: bool
    result: str
    captured: bool
    live: bool = True  # False: the battle the latest input concluded (kept for the board)
    escapes: tuple[tuple[str, int, int], ...] = ()  # revealed ESPs waiting to escape
    planet_next: int = 0


class SystemView(BaseModel):
    model_config = ConfigDict(frozen=True)
    id: str
    owner: int | None
    garrison: tuple[tuple[str, ...], ...]  # each unit: ship first, then its supports


class SpaceEmperorView(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    card_set: str
    fleet_card_limit: int
    hand_limit: int
    stage: str
    active: int
    turn: int
    deck: int
    discard: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    hand: tuple[str, ...]
    systems: tuple[SystemView, ...]
    destroyed: tuple[str, ...]
    retired: tuple[bool, ...]
    endgame_turn: bool
    endgame_turns: tuple[int, ...]
    battle: BattleView | None
    waiting: tuple[int, ...]
    winner: int | None
    over: bool
    changed: tuple[str, ...]
    drawn: tuple[str, ...]
    operation: tuple[Literal["spy", "terrorist"], int, str | None] | None  # kind, seat, system
    scores: tuple[int, ...]
    # Public rules and queued steps (all announced at the table), so a seat's view fixes the
    # whole public state: what the search's sampler rebuilds a world from.
    zero_tie_sinks: bool = True
    always_prompt_reactions: bool = True
    endgame_turn_limit: int | None = None
    final_tiebreak: str = "shared"
    allow_seven_players: bool = False
    first_player: str = "random"
    operation_card: str | None = None
    relocations: tuple[tuple[int, tuple[tuple[str, ...], ...]], ...] = ()
    redirect: tuple[int, str] | None = None
    black_hole: tuple[int, str, str | None] | None = None


def working_copy(state: SpaceEmperorState) -> SpaceEmperorState:
    """A copy safe to mutate: every list and mutable model is new, only immutable values and
    frozen models are shared (tests/test_space_emperor_working_copy.py walks every field to
    prove it). `model_copy(deep=True)` costs most of an AI game; these are plain lists of ids."""
    copy = state.model_copy()
    copy.deck = list(state.deck)
    copy.discard = list(state.discard)
    copy.hands = [list(hand) for hand in state.hands]
    copy.systems = [
        System.model_construct(
            id=system.id,
            owner=system.owner,
            garrison=[
                Unit.model_construct(ship=unit.ship, supports=list(unit.supports))
                for unit in system.garrison
            ],
        )
        for system in state.systems
    ]
    copy.endgame_turns = list(state.endgame_turns)
    copy.retired = list(state.retired)
    copy.battle = None if state.battle is None else state.battle.model_copy(deep=True)
    copy.last_battle = (
        None if state.last_battle is None else state.last_battle.model_copy(deep=True)
    )
    copy.relocations = [r.model_copy(deep=True) for r in state.relocations]
    copy.drawn = list(state.drawn)
    copy.changed = list(state.changed)
    return copy


class Ctx:
    """A mutable working copy of the state plus the events and randomness of one input."""

    def __init__(self, state: SpaceEmperorState, randomness: Any) -> None:
        self.state = state
        self.rand = randomness
        self.events: list[Event] = []
        self.cards: CardSet = card_set(state.options.card_set)

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    def say(self, type_: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
        self.events.append(Event(type=type_, data=data, to=to))

    def system_count(self) -> int:
        return sum(1 for card in self.cards.cards.values() if card.kind == "star_system")

    def system(self, system_id: str) -> System:
        return next(s for s in self.state.systems if s.id == system_id)

    def owned(self, seat: int) -> list[System]:
        return sorted((s for s in self.state.systems if s.owner == seat), key=lambda s: s.id)

    def to_discard(self, *card_ids: str) -> None:
        self.state.discard.extend(card_ids)

    def mark(self, *places: str) -> None:
        for place in places:
            if place not in self.state.changed:
                self.state.changed.append(place)


class Randomness:
    """Spec 5.0: d6 / pick / shuffle over the state's seeded RNG. Tests substitute a scripted
    implementation with the same three methods and `state`."""

    def __init__(self, state: int) -> None:
        self.rng = Rng(state)

    @property
    def state(self) -> int:
        return self.rng.state

    def d6(self) -> int:
        return 1 + self.rng.below(6)

    def pick(self, items: list[Any]) -> Any:
        return self.rng.choice(items)

    def shuffle(self, items: list[Any]) -> list[Any]:
        return self.rng.shuffled(items)
