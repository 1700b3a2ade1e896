"""Hannibal's state and views, the constants every module shares, and what a seat may know
(its view and private lines)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Msg, Secrets, trusted_view
from engine.games.hannibal.board import Role
from engine.games.hannibal.position import Position, units

FULL_HAND = (1, 2, 3, 4, 5)
Fighter = Literal["hannibal", "ordinary"]


class HannibalOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series: bool = False
    core_control: bool = False


class Combat(BaseModel):
    """A battle under way. `cards[seat]` is secret until both are in."""

    model_config = ConfigDict(frozen=True)
    place: str
    naval: bool
    attacker: Role
    fighter: Fighter | None = None  # None: Carthage still has to declare
    cards: tuple[int | None, int | None] = (None, None)


class Exchange(BaseModel):
    """The latest revealed card exchange (public)."""

    model_config = ConfigDict(frozen=True)
    place: str
    rome_card: int
    carthage_card: int
    hannibal: bool  # Hannibal fought (+1 for Carthage)
    losers: tuple[Role, ...]


class LastMove(BaseModel):
    model_config = ConfigDict(frozen=True)
    role: Role
    piece: str
    origin: str
    dest: str


class HannibalState(GameState):
    secrets = Secrets(per_seat=("hands",))
    series: bool = False
    core_control: bool = False
    phase: Literal["move", "declare", "cards", "over"] = "move"
    game: int = 1
    rome_seat: int
    active: Role = "rome"
    turn: int = 1
    exchanges: int = 0  # card exchanges in this game (prompt keys)
    legions: dict[str, tuple[int, int]]
    hannibal: str | None
    fleets: dict[str, tuple[int, int]]
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # by seat: secret
    discards: tuple[tuple[int, ...], tuple[int, ...]]  # by seat: public
    chips: tuple[int, int] = (0, 0)  # by seat
    combat: Combat | None = None
    last_move: LastMove | None = None
    last_exchange: Exchange | None = None
    changed: tuple[str, ...] = ()
    results: tuple[int, ...] = ()  # series: winner seat of each finished game, -1 = draw
    end_reason: str = ""
    winner: int | None = None  # of the game (or series) once over


class CombatView(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: str
    naval: bool
    attacker: Role
    fighter: Fighter | None
    chosen: tuple[bool, bool]  # by seat: a card is chosen (never which)
    units: tuple[int, int]  # (Rome, Carthage) in the place


class HannibalView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series: bool
    core_control: bool
    phase: str
    game: int
    rome_seat: int
    active: Role
    turn: int
    legions: dict[str, tuple[int, int]]
    hannibal: str | None
    fleets: dict[str, tuple[int, int]]
    hand_sizes: tuple[int, int]
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    chips: tuple[int, int]
    combat: CombatView | None
    last_move: LastMove | None
    last_exchange: Exchange | None
    changed: tuple[str, ...]
    results: tuple[int, ...]
    end_reason: str
    winner: int | None
    hand: tuple[int, ...] | None = None  # own cards
    own_card: int | None = None  # own chosen battle card, before the reveal


def seat_of(state: HannibalState | HannibalView, role: Role) -> int:
    return state.rome_seat if role == "rome" else 1 - state.rome_seat


def role_of(state: HannibalState | HannibalView, seat: int) -> Role:
    return "rome" if seat == state.rome_seat else "carthage"


def position_of(state: HannibalState | HannibalView) -> Position:
    return Position(state.legions, state.hannibal, state.fleets)


def combat_units(state: HannibalState, combat: Combat) -> tuple[int, int]:
    """(Rome, Carthage) units in the battle's place."""
    position = position_of(state)
    return units(position, "rome", combat.place), units(position, "carthage", combat.place)


def view(state: HannibalState, seat: int | None) -> HannibalView:
    """A player sees its own hand and chosen battle card; of the other's it learns only whether
    a card is chosen. The rest is public."""
    own = seat is not None and 0 <= seat < 2
    combat = state.combat
    combat_view = None
    own_card = None
    if combat is not None:
        combat_view = trusted_view(
            CombatView,
            combat,
            chosen=(combat.cards[0] is not None, combat.cards[1] is not None),
            units=combat_units(state, combat),
        )
        own_card = combat.cards[seat] if own else None  # type: ignore[index]  # own implies seat is not None
    return trusted_view(
        HannibalView,
        state,
        seat=seat,
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        combat=combat_view,
        hand=state.hands[seat] if own else None,  # type: ignore[index]  # own implies seat is not None
        own_card=own_card,
    )


def private_lines(state: HannibalState, seat: int) -> list[Msg]:
    role = role_of(state, seat)
    hand = ", ".join(map(str, state.hands[seat]))
    lines = [
        Msg(key=f"private.role.{role}", args={"look": seat}),
        Msg(key="private.hand", args={"cards": hand, "count": len(state.hands[seat])}),
    ]
    combat = state.combat
    if combat is not None and state.phase == "cards":
        card = combat.cards[seat]
        if card is None:
            lines.append(Msg(key="private.no_card"))
        else:
            lines.append(Msg(key="private.card", args={"card": card}))
    return lines
