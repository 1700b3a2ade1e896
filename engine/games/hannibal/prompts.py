"""Who must act in Hannibal and how: the turn's move (exactly the legal moves), Carthage's
Hannibal declaration, and one SECRET card prompt per player still choosing."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt, choice, one_of, secret_prompts
from engine.games.hannibal.board import board
from engine.games.hannibal.position import Move, legal_moves
from engine.games.hannibal.state import Combat, HannibalState, combat_units, position_of, seat_of
from engine.games.hannibal.strings import place_args


def pending(state: HannibalState) -> list[Prompt]:
    if state.phase == "move":
        return [_move_prompt(state)]
    if state.phase == "declare" and state.combat is not None:
        return [_declare_prompt(state, state.combat)]
    if state.phase == "cards" and state.combat is not None:
        return _card_prompts(state, state.combat)
    return []


def _move_prompt(state: HannibalState) -> Prompt:
    moves = legal_moves(board(), position_of(state), state.active)
    seat = seat_of(state, state.active)
    return Prompt(
        key=f"g{state.game}.t{state.turn}",
        move="move",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(one_of("move", "field.move", (_move_choice(m) for m in moves)),),
        text=Msg(key=f"prompt.move.{state.active}", args={"seat": seat}),
    )


def _declare_prompt(state: HannibalState, combat: Combat) -> Prompt:
    options = (
        choice("hannibal", "choice.fight_hannibal"),
        choice("ordinary", "choice.fight_ordinary"),
    )
    seat = seat_of(state, "carthage")
    return Prompt(
        key=f"g{state.game}.t{state.turn}.d{state.exchanges}",
        move="declare",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(one_of("fighter", "field.fighter", options),),
        text=Msg(key="prompt.declare", args={"seat": seat, **place_args(combat.place)}),
    )


def _card_prompts(state: HannibalState, combat: Combat) -> list[Prompt]:
    """One secret request per exchange: each player still choosing is offered their own hand."""
    done = tuple(seat for seat in (0, 1) if combat.cards[seat] is not None)
    rome, carthage = combat_units(state, combat)
    key = "prompt.card_naval" if combat.naval else "prompt.card"
    if combat.fighter == "hannibal":
        key = "prompt.card_hannibal"
    text = Msg(key=key, args={**place_args(combat.place), "rome": rome, "carthage": carthage})
    return secret_prompts(
        f"g{state.game}.x{state.exchanges}",
        "card",
        text,
        {seat: (_card_field(state.hands[seat]),) for seat in (0, 1) if combat.cards[seat] is None},
        done,
    )


def _card_field(hand: tuple[int, ...]) -> Field:
    return one_of("card", "field.card", (choice(c, "card", card=c) for c in hand))


@lru_cache(maxsize=512)
def _move_choice(move: Move) -> Choice:
    """Choices are immutable and rebuilt for every turn prompt, so equal ones are shared."""
    return choice(
        move.code,
        f"choice.{move.piece}",
        **place_args(move.origin, "from"),
        **place_args(move.dest, "to"),
    )
