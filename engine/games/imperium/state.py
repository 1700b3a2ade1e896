"""Imperium's options, state and views, the round schedule, and what each seat may see."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Msg, Secrets, hidden_option, trusted_view
from engine.data import load

REGIONS = range(1, 10)
MARKERS = 14
PICKS = 3
BASE_ROUNDS = 8
THIRTY = 30
_CYCLE = ((1, 2), (3,), (4,), (5,), (6,), (7,), (8,), (9,))


def region_values() -> tuple[tuple[int, ...], ...]:
    data = load(__package__, "imperium")["region_values"]
    return tuple(tuple(data[str(region)]) for region in REGIONS)


def schedule(round_no: int, thirty_points: bool) -> tuple[int, ...]:
    """Regions resolved at the end of `round_no`, in resolution order (spec §3, §7)."""
    if round_no <= 7:
        return (round_no,)
    if not thirty_points:
        return (8, 9) if round_no == BASE_ROUNDS else ()
    if round_no in (8, 9):
        return (round_no,)
    return _CYCLE[(round_no - 10) % len(_CYCLE)]


class ImperiumOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    thirty_points: bool = False
    round_cap: int = hidden_option(0, ge=0)  # a safety cap for AI-only runs, not a rule


class ImperiumState(GameState):
    secrets = Secrets(per_seat=("hidden",))
    thirty_points: bool = False
    round_cap: int = 0
    round: int = 1
    phase: Literal["select", "place", "over"] = "select"
    values: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    supply: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]  # board[region - 1][seat] = markers
    hidden: tuple[tuple[int, ...] | None, ...]  # this round's face-down selections: secret
    revealed: tuple[tuple[int, ...], ...] = ()  # the latest reveal, public
    revealed_round: int = 0
    placing: int | None = None  # seat owing a `place_short`
    # The latest scoring, public: (region, markers per seat, points per seat) for each region
    # scored at the end of the latest round, so a board can show it after the region is emptied.
    last_scored: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()


class ImperiumView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    thirty_points: bool
    round_cap: int = 0
    round: int
    phase: str
    resolving: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    supply: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]
    submitted: tuple[bool, ...]
    revealed: tuple[tuple[int, ...], ...]
    revealed_round: int
    placing: int | None
    last_scored: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()
    own_selection: tuple[int, ...] | None = None


def view(state: ImperiumState, seat: int | None) -> ImperiumView:
    own = state.hidden[seat] if seat is not None and 0 <= seat < state.seats else None
    return trusted_view(
        ImperiumView,
        state,
        seat=seat,
        resolving=schedule(state.round, state.thirty_points) if state.phase != "over" else (),
        submitted=tuple(pick is not None for pick in state.hidden),
        own_selection=own,
    )


def private_lines(state: ImperiumState, seat: int) -> list[Msg]:
    """A seat's supply and face-down selection, for its DM and `/game hand`."""
    lines = [Msg(key="private.supply", args={"count": state.supply[seat]})]
    own = state.hidden[seat]
    if own is not None:
        lines.append(Msg(key="private.selection", args={"regions": ", ".join(map(str, own))}))
    elif state.phase == "select":
        lines.append(Msg(key="private.no_selection"))
    return lines


def board_lines(view: ImperiumView) -> list[Msg]:
    """Each seat's score, markers left and whether it has chosen (the board shows no status),
    what the latest scoring paid, then the board's legend."""
    lines = []
    for seat in range(view.seats):
        status = (
            "board.placing"
            if view.placing == seat
            else ("board.chosen" if view.submitted[seat] else "board.choosing")
            if view.phase == "select"
            else "board_text.none"
        )
        args = {"seat": seat, "points": view.scores[seat], "count": view.supply[seat]}
        lines.append(Msg(key="board_text.seat", args=args | {"status": Msg(key=status)}))
    for region, counts, points in view.last_scored:
        paid = [[seat, points[seat]] for seat, count in enumerate(counts) if count]
        lines.append(Msg(key="board_text.scored", args={"region": region, "seat_paid": paid}))
    return [*lines, Msg(key="board_text.legend")]
