"""The Seven Hills' options, state and views (board data from seven_hills.json), card texts,
and what each seat may see of the state."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Msg, Secrets, trusted_view
from engine.data import load

_DATA = load(__package__, "seven_hills")
HILLS: tuple[int, ...] = tuple(_DATA["hills"])
CARDS: tuple[int, ...] = tuple(_DATA["cards"])
FLAG: int = _DATA["flag"]
SIDES = 2

Card = tuple[int, bool]  # (value, face up); value FLAG is the flag


class SevenHillsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series: bool = False
    no_repeat_values: bool = False
    barricades: bool = False
    highest_card: bool = False
    open_hands: bool = False


class Hill(BaseModel):
    """One hill: each side's cards in play order, whether it is revealed, the active guard."""

    model_config = ConfigDict(frozen=True)
    revealed: bool = False
    cards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    guard: int | None = None  # seat whose face-up flag waits for the next card here


class Removed(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    hill: int
    value: int


class GameResult(BaseModel):
    model_config = ConfigDict(frozen=True)
    start: int
    scores: tuple[int, int]
    winners: tuple[int | None, ...]  # per hill, None = nobody


class SevenHillsState(GameState):
    secrets = Secrets(per_seat=("hands",))
    series: bool = False
    no_repeat_values: bool = False
    barricades: bool = False
    highest_card: bool = False
    open_hands: bool = False
    phase: Literal["play", "over"] = "play"
    game: int = 1
    start: int = 0  # start player of the current game (wins tied hills)
    turn: int = 0
    plays: int = 0  # plays so far in the current game
    last_hill: int | None = None
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    hills: tuple[Hill, ...]
    removed: tuple[Removed, ...] = ()
    results: tuple[GameResult, ...] = ()


class CardView(BaseModel):
    model_config = ConfigDict(frozen=True)
    value: int | None  # None: face down and hidden from this viewer; FLAG (0) is the flag
    up: bool


class HillView(BaseModel):
    model_config = ConfigDict(frozen=True)
    number: int
    revealed: bool
    cards: tuple[tuple[CardView, ...], tuple[CardView, ...]]
    guard: int | None
    winner: int | None = None  # once the current game is settled


class SevenHillsView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series: bool
    no_repeat_values: bool
    barricades: bool
    highest_card: bool
    open_hands: bool
    phase: str
    game: int
    games: int
    start: int
    turn: int | None
    plays: int
    last_hill: int | None
    hills: tuple[HillView, ...]
    removed: tuple[Removed, ...]
    hand_sizes: tuple[int, int]
    hand: tuple[int, ...] | None  # the viewer's own hand
    open_hand_cards: tuple[tuple[int, ...], ...] | None  # both hands, only with open_hands
    results: tuple[GameResult, ...]
    settled: bool  # the current game's hills have been settled (winner fields are set)


def card_text(value: int) -> str:
    return "🚩" if value == FLAG else str(value)


def cards_text(values: list[int] | tuple[int, ...]) -> str:
    return ", ".join(card_text(v) for v in values) if values else "—"


def full_hand(barricades: bool) -> tuple[int, ...]:
    return ((FLAG,) if barricades else ()) + CARDS


def view(state: SevenHillsState, seat: int | None) -> SevenHillsView:
    own = seat if seat is not None and 0 <= seat < state.seats else None
    settled = state.phase == "over"
    winners = state.results[-1].winners if settled else (None,) * len(HILLS)
    hills = tuple(
        HillView.model_construct(
            number=number,
            revealed=hill.revealed,
            cards=tuple(
                tuple(
                    CardView.model_construct(value=value if (up or side == own) else None, up=up)
                    for value, up in hill.cards[side]
                )
                for side in range(SIDES)
            ),  # type: ignore[arg-type]  # SIDES entries: the pair the tuple type says
            guard=hill.guard,
            winner=winners[index],
        )
        for index, (number, hill) in enumerate(zip(HILLS, state.hills, strict=True))
    )
    return trusted_view(
        SevenHillsView,
        state,
        seat=seat,
        games=2 if state.series else 1,
        turn=state.turn if state.phase == "play" else None,
        hills=hills,
        hand_sizes=(len(state.hands[0]), len(state.hands[1])),
        hand=state.hands[own] if own is not None else None,
        open_hand_cards=state.hands if state.open_hands else None,
        settled=settled,
    )


def private_lines(state: SevenHillsState, seat: int) -> list[Msg]:
    """A seat's hand and its face-down cards on the hills, for its DM and `/game hand`."""
    if not 0 <= seat < state.seats:
        return []
    lines = [Msg(key="private.hand", args={"cards": cards_text(state.hands[seat])})]
    hidden = [
        (number, [v for v, up in hill.cards[seat] if not up])
        for number, hill in zip(HILLS, state.hills, strict=True)
    ]
    hidden = [(number, values) for number, values in hidden if values]
    for number, values in hidden:
        lines.append(
            Msg(key="private.face_down", args={"hill": number, "cards": cards_text(values)})
        )
    if not hidden and state.phase == "play":
        lines.append(Msg(key="private.no_face_down"))
    return lines
