"""Caesar options, state and views, and the redaction that makes a view of a state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Secrets, trusted_view
from engine.games.caesar.board import NEUTRAL, Board, counts

COUNTERS = 5


class CaesarOptions(BaseModel):
    """The spec lists no variants; options exist so unknown names are rejected."""

    model_config = ConfigDict(extra="forbid")


class Fight(BaseModel):
    model_config = ConfigDict(frozen=True)
    attacker: int
    defender: int
    source: int  # attacker's square
    target: int  # defender's square
    cards: tuple[int | None, int | None] = (None, None)  # secret until both are in


class LastFight(BaseModel):
    """The latest revealed fight (public)."""

    model_config = ConfigDict(frozen=True)
    attacker: int
    defender: int
    source: str
    target: str
    cards: tuple[int, int]  # FLAG = 0
    result: Literal["flag", "attacker", "defender", "tie"]


class LastMove(BaseModel):
    """The latest public input's effect, for the board: who, what and on which squares."""

    model_config = ConfigDict(frozen=True)
    seat: int
    kind: Literal["place", "ally", "attack", "pass", "fight"]
    squares: tuple[int, ...] = ()


class CaesarState(GameState):
    secrets = Secrets(per_seat=("hands",))
    phase: Literal["place", "main", "fight", "over"] = "place"
    start: int = 0
    active: int = 0
    board: Board
    hands: tuple[tuple[int, ...], ...]  # secret
    eliminated: tuple[bool, ...]
    turn: int = 0  # main-phase turns started (prompt keys)
    passes: int = 0  # consecutive passes since the last ally or attack
    fight: Fight | None = None
    last_fight: LastFight | None = None
    last_move: LastMove | None = None
    end_reason: str = ""


class CaesarView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    phase: str
    start: int
    active: int
    turn: int
    placed: int
    board: Board
    counts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    eliminated: tuple[bool, ...]
    passes: int
    fighters: tuple[int, int] | None
    fight_squares: tuple[int, int] | None
    submitted: tuple[bool, bool] | None
    last_fight: LastFight | None
    last_move: LastMove | None
    end_reason: str
    hand: tuple[int, ...] | None = None  # own cards (FLAG = 0)
    own_card: int | None = None  # own submitted fight card


def next_seat(eliminated: tuple[bool, ...], seat: int) -> int:
    """Who moves after `seat`, skipping eliminated seats (for the rules and the AI's lookahead)."""
    seats = len(eliminated)
    for step in range(1, seats + 1):
        nxt = (seat + step) % seats
        if not eliminated[nxt]:
            return nxt
    return seat


def scores(state: CaesarState) -> tuple[int, ...]:
    """Counters in owned stacks; an eliminated seat scores 0."""
    totals = counts(state.board, state.seats)
    return tuple(0 if state.eliminated[s] else totals[s] for s in range(state.seats))


def view(state: CaesarState, seat: int | None) -> CaesarView:
    fight = state.fight
    own = seat is not None and 0 <= seat < state.seats
    own_card = None
    if own and fight is not None and seat in (fight.attacker, fight.defender):
        own_card = fight.cards[(fight.attacker, fight.defender).index(seat)]
    return trusted_view(
        CaesarView,
        state,
        seat=seat,
        placed=sum(1 for stack in state.board for c in stack if c != NEUTRAL)
        if state.phase == "place"
        else COUNTERS * state.seats,
        counts=scores(state),
        hand_sizes=tuple(len(h) for h in state.hands),
        fighters=(fight.attacker, fight.defender) if fight else None,
        fight_squares=(fight.source, fight.target) if fight else None,
        submitted=(fight.cards[0] is not None, fight.cards[1] is not None) if fight else None,
        hand=state.hands[seat] if own else None,  # type: ignore[index]  # own implies seat is not None
        own_card=own_card,
    )
