"""Secret Nim's models: its options, its full state and what one seat (or a spectator) may see
of it, with the redaction (`view`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel
from pydantic import Field as DataField

from engine.core import GameState, Secrets, trusted_view

MOST = 3  # stones added or taken at once


class NimOptions(BaseModel):
    start_pile: int = DataField(default=5, ge=1, le=12)  # stones on the table before the adding


class NimState(GameState):
    secrets = Secrets(per_seat=("added",))  # each seat's addition, its own until the reveal
    phase: Literal["add", "take", "over"] = "add"
    added: tuple[int | None, ...]  # each seat's secret addition, None until made
    pile: int  # the stones on the table: the additions join it when revealed
    turn: int = 0
    winner: int | None = None


class NimView(BaseModel):
    seat: int | None
    phase: str
    added: tuple[bool, ...]  # who has added, not how much
    own: int | None  # the seat's own addition, None for a spectator or before it is made
    pile: int
    turn: int
    winner: int | None


def view(state: NimState, seat: int | None) -> NimView:
    """What `seat` may know: whether each seat has added, and its own addition only."""
    own = state.added[seat] if seat is not None else None
    added = tuple(stones is not None for stones in state.added)
    return trusted_view(NimView, state, seat=seat, added=added, own=own)
