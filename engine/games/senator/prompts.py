"""Who must act in Senator, and the prompts they get: the flag's square, then card and entry."""

from __future__ import annotations

from engine.core import Choice, Kind, Msg, Prompt, choice, one_of
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


def _push_prompt(state: SenatorState, seat: int) -> Prompt:
    occupied = tuple(cell is not None for cell in state.board)
    cards = (Choice(value=v, label=Msg(key="card", args={"value": v})) for v in state.hands[seat])
    card_field = one_of("card", "field.card", cards)
    entry_field = one_of(
        "entry", "field.entry", (_ENTRY_CHOICES[e] for e in open_entries(occupied))
    )
    number = len(state.pushes) + 1
    total = cards_per_player(state.seats) * state.seats
    return Prompt(
        key=f"p{number}.push",
        move="push",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(card_field, entry_field),
        text=Msg(key="prompt.push", args={"seat": seat, "number": number, "total": total}),
        public_options=not state.hidden,
    )
