"""Senator's options, state and views, and what each seat may see of the state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Msg, Secrets, trusted_view
from engine.games.senator.board import (
    FLAG,
    IS_SENATE,
    SQUARES,
    Cell,
    open_entries,
    score_board,
)

FlagEffect = Literal["none", "double", "stairs", "double_and_stairs", "neutralize"]
FlagScope = Literal["line", "adjacent"]


class SenatorOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    flag_effect: FlagEffect = "none"
    flag_scope: FlagScope = "line"
    hidden: bool = False


class SenatorState(GameState):
    secrets = Secrets(per_seat=("hands",), options={"hidden": True})
    flag_effect: FlagEffect = "none"
    flag_scope: FlagScope = "line"
    hidden: bool = False
    start: int = 0
    phase: Literal["flag", "push", "over"] = "push"
    board: tuple[Cell, ...]  # one cell per square, in SQUARES order
    hands: tuple[tuple[int, ...], ...]  # private in the hidden game
    pushes: tuple[tuple[int, int, str], ...] = ()  # (seat, card, entry); card private if hidden
    flag_square: str | None = None  # where the flag was placed (public)


class SquareView(BaseModel):
    model_config = ConfigDict(frozen=True)
    square: str
    senate: bool
    kind: Literal["empty", "card", "flag", "face_down"]
    seat: int | None = None
    value: int | None = None


class PushView(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    entry: str
    card: int | None = None  # None in the hidden game until the end


class SenatorView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    start: int
    hidden: bool
    flag_effect: str
    flag_scope: str
    phase: str
    turn: int | None
    board: tuple[SquareView, ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]  # None where the viewer may not see the hand
    pushes: tuple[PushView, ...]
    flag_square: str | None
    open_entries: tuple[str, ...]
    scores: tuple[int, ...] | None  # None while hidden


def to_move(state: SenatorState) -> int | None:
    if state.phase == "flag":
        return (state.start + 1) % state.seats
    if state.phase == "push":
        return (state.start + len(state.pushes)) % state.seats
    return None


def view(state: SenatorState, seat: int | None) -> SenatorView:
    secret = state.hidden and state.phase != "over"
    board = tuple(_square_view(i, cell, secret) for i, cell in enumerate(state.board))
    hands = tuple(
        hand if not state.hidden or s == seat else None for s, hand in enumerate(state.hands)
    )
    pushes = tuple(
        PushView.model_construct(seat=s, entry=e, card=None if secret else c)
        for s, c, e in state.pushes
    )
    occupied = tuple(cell is not None for cell in state.board)
    scores = (
        None
        if secret
        else score_board(state.board, state.seats, state.flag_effect, state.flag_scope)
    )
    return trusted_view(
        SenatorView,
        state,
        seat=seat,
        turn=to_move(state),
        board=board,
        hand_sizes=tuple(len(h) for h in state.hands),
        hands=hands,
        pushes=pushes,
        open_entries=open_entries(occupied) if state.phase == "push" else (),
        scores=scores,
    )


def private_lines(state: SenatorState, seat: int) -> list[Msg]:
    """A seat's hand, for its DM and `/game hand`."""
    hand = state.hands[seat]
    if not hand:
        return [Msg(key="private.no_cards")]
    return [Msg(key="private.hand", args={"cards": ", ".join(map(str, hand))})]


def _square_view(i: int, cell: Cell, secret: bool) -> SquareView:
    square, senate = SQUARES[i], IS_SENATE[i]
    if cell is None:
        return SquareView.model_construct(square=square, senate=senate, kind="empty")
    if secret:
        return SquareView.model_construct(square=square, senate=senate, kind="face_down")
    if cell[0] == FLAG:
        return SquareView.model_construct(square=square, senate=senate, kind="flag")
    return SquareView.model_construct(
        square=square, senate=senate, kind="card", seat=cell[0], value=cell[1]
    )
