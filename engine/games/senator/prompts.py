"""Who must act in Senator, and the prompts they get: the flag's square, then card and entry."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt, choice, one_of, trusted
from engine.games.senator.board import (
    ENTRIES,
    LINES,
    SENATE,
    SQUARES,
    cards_per_player,
    open_entries,
)
from engine.games.senator.state import SenatorState, to_move


def _entry_choice(entry: str) -> Choice:
    direction, line = entry.split("-")
    return choice(entry, f"entry.{direction}", line=line, square=SQUARES[LINES[entry][0]])


_ENTRY_CHOICES = {entry: _entry_choice(entry) for entry in ENTRIES}
_SQUARE_FIELD = one_of(
    "square",
    "field.square",
    (
        choice(square, "square.senate" if square in SENATE else "square.stairs", square=square)
        for square in SQUARES
    ),
)


def pending(state: SenatorState) -> list[Prompt]:
    seat = to_move(state)
    if seat is None:
        return []
    if state.phase == "flag":
        return [_flag_prompt(seat)]
    return [_push_prompt(state, seat)]


def _flag_prompt(seat: int) -> Prompt:
    return Prompt(
        key="flag",
        move="place_flag",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(_SQUARE_FIELD,),
        text=Msg(key="prompt.place_flag", args={"seat": seat}),
    )


# A search plays thousands of pushes per decision: the fields are built once per hand or board.
@lru_cache(maxsize=1024)
def _card_field(hand: tuple[int, ...]) -> Field:
    cards = (Choice(value=v, label=Msg(key="card", args={"value": v})) for v in hand)
    return one_of("card", "field.card", cards)


@lru_cache(maxsize=1024)
def _entry_field(entries: tuple[str, ...]) -> Field:
    return one_of("entry", "field.entry", (_ENTRY_CHOICES[e] for e in entries))


def _push_prompt(state: SenatorState, seat: int) -> Prompt:
    occupied = tuple(cell is not None for cell in state.board)
    card_field = _card_field(state.hands[seat])
    entry_field = _entry_field(open_entries(occupied))
    number = len(state.pushes) + 1
    total = cards_per_player(state.seats) * state.seats
    return trusted(
        Prompt,
        key=f"p{number}.push",
        move="push",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(card_field, entry_field),
        text=trusted(Msg, key="prompt.push", args={"seat": seat, "number": number, "total": total}),
        done=(),
        public_options=not state.hidden,
        revisable=False,
    )
