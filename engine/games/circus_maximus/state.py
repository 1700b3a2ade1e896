"""Circus Maximus state, views and the small rules every module shares (rules, prompts, AI,
board): what a view shows is derived here, since nothing is hidden."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, trusted_view
from engine.games.circus_maximus.track import DIRECTIONS, Cell, Drive, drive

CHARIOTS = 3  # per player
ROUND_LIMIT = 30
BACK_ALLOWANCE = 6  # cards a chariot's turn may take back ("Other card"): see the docstring
ARROWS = {"E": "→", "W": "←", "NE": "↗", "NW": "↖", "SE": "↘", "SW": "↙"}


class CircusOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    straight_line: bool = False
    six_cards: bool = False
    exactly_two: bool = False
    continue_for_placings: bool = False


class Chariot(BaseModel):
    """Chariot `i` belongs to seat i // 3 and is its number i % 3 + 1."""

    model_config = ConfigDict(frozen=True)
    seat: int
    cell: Cell | None = None  # None until placed
    segment: int = 0
    finished: bool = False


class Step(BaseModel):
    """One card action of the moving chariot this turn; `direction` None is a burned card."""

    model_config = ConfigDict(frozen=True)
    card: int
    direction: str | None = None


class LastMove(BaseModel):
    """What the last race input changed, for the board's highlight."""

    model_config = ConfigDict(frozen=True)
    chariot: int
    kind: Literal["place", "move", "burn"]
    card: int = 0
    direction: str | None = None
    path: tuple[Cell, ...] = ()  # the cell left, then every cell entered


class CircusState(GameState):
    straight_line: bool = False
    six_cards: bool = False
    exactly_two: bool = False
    continue_for_placings: bool = False
    phase: Literal["place", "race", "over"] = "place"
    start: int = 0
    inputs: int = 0  # accepted inputs: keeps every prompt key fresh
    placing: tuple[int, ...] = ()  # seats in snake order, one per chariot to place
    round: int = 0
    chariots: tuple[Chariot, ...] = ()
    cards: tuple[tuple[int, ...], ...] = ()  # face-up cards per seat this round
    order: tuple[int, ...] = ()  # this round's move order (chariot indexes)
    turn: int = 0  # index into `order` of the moving chariot
    steps: tuple[Step, ...] = ()
    selected: int | None = None  # card chosen for the next action, not yet used
    backs: int = 0  # cards taken back in this chariot's turn (at most BACK_ALLOWANCE)
    places: tuple[int, ...] = ()  # seats in the order their teams completed
    last: LastMove | None = None
    called: bool = False  # the race was called at the round limit


class Target(BaseModel):
    """A legal destination of the selected card."""

    model_config = ConfigDict(frozen=True)
    direction: str
    cell: Cell
    finishes: bool


class CircusView(BaseModel):
    """Everything (nothing is hidden), plus what the board and the AI derive from it."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    straight_line: bool
    six_cards: bool
    exactly_two: bool
    continue_for_placings: bool
    phase: str
    start: int
    round: int
    round_limit: int
    chariots: tuple[Chariot, ...]
    deck: tuple[int, ...]
    cards: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]
    turn: int
    moving: int | None  # the chariot whose turn it is, or the next to be placed
    to_place: tuple[int, ...]  # seats still to place a chariot, in placement order
    to_act: int | None
    steps: tuple[Step, ...]
    selected: int | None
    targets: tuple[Target, ...]
    places: tuple[int, ...]
    last: LastMove | None
    called: bool


def deck(six_cards: bool) -> tuple[int, ...]:
    return tuple(range(1, 7 if six_cards else 6))


def chariot_number(index: int) -> int:
    return index % CHARIOTS + 1


def occupied(chariots: tuple[Chariot, ...]) -> frozenset[Cell]:
    return frozenset(c.cell for c in chariots if c.cell is not None)


def straight_direction(steps: tuple[Step, ...]) -> str | None:
    """`straight_line`: the direction the next move must keep (None: free again)."""
    for step in reversed(steps):
        if step.direction is None:
            return None
        return step.direction
    return None


def cards_needed(exactly_two: bool, others: int) -> int:
    """§4 rule 3 / §7: cards the owner must keep for its chariots still to move."""
    return (2 if exactly_two else 1) * others


def turn_limit(exactly_two: bool) -> int:
    return 2 if exactly_two else 3


def next_to_place(state: CircusState, seat: int) -> int:
    """The chariot `seat` places next: its chariots go down in number order."""
    first = seat * CHARIOTS
    placed = sum(state.chariots[first + k].cell is not None for k in range(CHARIOTS))
    return first + placed


def placer(state: CircusState) -> int:
    """The seat whose chariot is placed next (placement phase)."""
    return state.placing[sum(c.cell is not None for c in state.chariots)]


def targets(
    chariots: tuple[Chariot, ...], mover: int, card: int, required: str | None
) -> list[tuple[str, Drive]]:
    """Every direction in which `card` legally moves chariot `mover` (§5.1, straight_line)."""
    chariot = chariots[mover]
    assert chariot.cell is not None
    taken = occupied(chariots)
    found = []
    for name in DIRECTIONS:
        if required is not None and name != required:
            continue
        result = drive(chariot.cell, chariot.segment, card, name, taken)
        if isinstance(result, Drive):
            found.append((name, result))
    return found


def required_direction(state: CircusState) -> str | None:
    """The direction `straight_line` binds the next move to, if any."""
    return straight_direction(state.steps) if state.straight_line else None


def view(state: CircusState, seat: int | None) -> CircusView:
    """Every seat and the public see the same: the whole state and what it implies."""
    moving: int | None = None
    to_act: int | None = None
    if state.phase == "place":
        to_act = placer(state)
        moving = next_to_place(state, to_act)
    elif state.phase == "race":
        moving = state.order[state.turn]
        to_act = state.chariots[moving].seat
    found: tuple[Target, ...] = ()
    if moving is not None and state.selected is not None:
        found = tuple(
            Target(direction=name, cell=way.path[-1], finishes=way.finished)
            for name, way in targets(
                state.chariots, moving, state.selected, required_direction(state)
            )
        )
    return trusted_view(
        CircusView,
        state,
        seat=seat,
        round_limit=ROUND_LIMIT,
        deck=deck(state.six_cards),
        moving=moving,
        to_place=state.placing[sum(c.cell is not None for c in state.chariots) :],
        to_act=to_act,
        targets=found,
    )
