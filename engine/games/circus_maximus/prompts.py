"""Who must act in Circus Maximus and how: each prompt is one pick-one field of at most ten
options (shown as buttons on the board)."""

from __future__ import annotations

from typing import Any

from engine.core import Field, Kind, Msg, Prompt, choice, one_of
from engine.games.circus_maximus.state import (
    ARROWS,
    BACK_ALLOWANCE,
    CircusState,
    chariot_number,
    next_to_place,
    occupied,
    placer,
    required_direction,
    targets,
)
from engine.games.circus_maximus.track import TRACK


def pending(state: CircusState) -> list[Prompt]:
    if state.phase == "place":
        return [_place_prompt(state)]
    if state.phase != "race":
        return []
    if state.selected is None:
        return [_card_prompt(state)]
    return [_drive_prompt(state)]


def _turn(state: CircusState, move: str, seat: int, field: Field, text: Msg) -> Prompt:
    """The one-field TURN prompt every input of the race is asked with."""
    return Prompt(
        key=f"m{state.inputs}.{move}",
        move=move,
        kind=Kind.TURN,
        seats=(seat,),
        fields=(field,),
        text=text,
    )


def _place_prompt(state: CircusState) -> Prompt:
    seat = placer(state)
    chariot = next_to_place(state, seat)
    taken = occupied(state.chariots)
    free = [n for n, cell in enumerate(TRACK.starts, 1) if cell not in taken]
    options = [choice(n, "choice.start", n=n) for n in free]
    text = Msg(key="prompt.place", args={"seat": seat, "chariot": chariot_number(chariot)})
    return _turn(state, "place", seat, one_of("cell", "field.cell", options), text)


def _card_prompt(state: CircusState) -> Prompt:
    mover = state.order[state.turn]
    seat = state.chariots[mover].seat
    options = [choice(card, "choice.card", card=card) for card in state.cards[seat]]
    if state.steps and not state.exactly_two:
        options.append(choice("end", "choice.end"))
        key = "prompt.card_more"
    else:
        key = "prompt.card_second" if state.steps else "prompt.card_first"
    cards = " ".join(str(card) for card in state.cards[seat])
    args = {"seat": seat, "chariot": chariot_number(mover), "cards": cards}
    return _turn(
        state, "card", seat, one_of("card", "field.card", options), Msg(key=key, args=args)
    )


def _drive_prompt(state: CircusState) -> Prompt:
    mover = state.order[state.turn]
    seat = state.chariots[mover].seat
    card = state.selected
    assert card is not None
    required = required_direction(state)
    options = [
        choice(name, f"dir_finish.{name}" if way.finished else f"dir.{name}")
        for name, way in targets(state.chariots, mover, card, required)
    ]
    options.append(choice("burn", "choice.burn", card=card))
    if state.backs < BACK_ALLOWANCE:
        options.append(choice("back", "choice.back"))
    args: dict[str, Any] = {"seat": seat, "chariot": chariot_number(mover), "card": card}
    key = "prompt.drive"
    if required is not None:
        key, args["arrow"] = "prompt.drive_straight", ARROWS[required]
    return _turn(state, "drive", seat, one_of("to", "field.to", options), Msg(key=key, args=args))
