"""Who must act in Secret Nim and how: one SECRET prompt while seats still add (the same
options for everyone), then the TURN prompt of the seat to take."""

from __future__ import annotations

from engine.core import Kind, Msg, Prompt, choice, one_of
from engine.games.secret_nim.state import MOST, NimState

STONES = one_of(
    "stones", "field.stones", [choice(count, "stones", count=count) for count in range(1, MOST + 1)]
)


def pending(state: NimState) -> list[Prompt]:
    if state.phase == "add":
        waiting = tuple(seat for seat, stones in enumerate(state.added) if stones is None)
        done = tuple(seat for seat, stones in enumerate(state.added) if stones is not None)
        return [
            Prompt(
                key="add",
                move="add",
                kind=Kind.SECRET,
                seats=waiting,
                done=done,
                fields=(STONES,),
                text=Msg(key="prompt.add"),
            )
        ]
    if state.phase == "take":
        return [
            Prompt(
                key=f"take.{state.pile}",
                move="take",
                kind=Kind.TURN,
                seats=(state.turn,),
                fields=(STONES,),
                text=Msg(key="prompt.take", args={"pile": state.pile}),
            )
        ]
    return []


def private_lines(state: NimState, seat: int) -> list[Msg]:
    """The seat's own addition, before the reveal."""
    stones = state.added[seat]
    return (
        []
        if stones is None or state.phase != "add"
        else [Msg(key="private.added", args={"count": stones})]
    )
