"""Senator's rules: setup, the two moves (place the flag, push a card) and the final score."""

from __future__ import annotations

from engine.core import Action, Event, Outcome, evolved, outcome_by_score, require
from engine.games.senator.board import (
    FLAG,
    INDEX,
    LINES,
    SQUARES,
    cards_per_player,
    entry_words,
    push_board,
    score_board,
)
from engine.games.senator.state import SenatorOptions, SenatorState, to_move
from engine.rng import Rng


def start(options: SenatorOptions, seats: int, seed: int) -> SenatorState:
    require(seats == 2 or options.flag_effect == "none", "flag_needs_two_players")
    rng = Rng(seed)
    first = rng.below(seats)
    cards = tuple(range(1, cards_per_player(seats) + 1))
    return SenatorState(
        seats=seats,
        rng=rng.state,
        flag_effect=options.flag_effect,
        flag_scope=options.flag_scope,
        hidden=options.hidden,
        start=first,
        phase="flag" if seats == 2 else "push",
        board=(None,) * len(SQUARES),
        hands=(cards,) * seats,
    )


def place_flag(state: SenatorState, action: Action) -> tuple[SenatorState, list[Event]]:
    require(state.phase == "flag", "wrong_phase")
    require(action.seat == to_move(state), "not_your_turn")
    square = action.args.get("square")
    require(isinstance(square, str) and square in INDEX, "bad_square")
    assert isinstance(square, str)
    board = list(state.board)
    board[INDEX[square]] = (FLAG, 0)
    state = state.model_copy(update={"board": tuple(board), "phase": "push", "flag_square": square})
    return state, [Event(type="flag_placed", data={"seat": action.seat, "square": square})]


def push(state: SenatorState, action: Action) -> tuple[SenatorState, list[Event]]:
    require(state.phase == "push", "wrong_phase")
    seat = action.seat
    require(seat == to_move(state), "not_your_turn")
    card = action.args.get("card")
    require(type(card) is int and card in state.hands[seat], "card_not_in_hand")
    assert isinstance(card, int)
    entry = action.args.get("entry")
    require(isinstance(entry, str) and entry in LINES, "bad_entry")
    assert isinstance(entry, str)
    board = push_board(state.board, entry, (seat, card))
    require(board is not None, "line_full", entry=entry)
    assert board is not None
    hands = list(state.hands)
    hands[seat] = tuple(v for v in state.hands[seat] if v != card)
    state = evolved(
        state, board=board, hands=tuple(hands), pushes=(*state.pushes, (seat, card, entry))
    )
    where = entry_words(entry)
    if state.hidden:
        events = [
            Event(type="pushed_hidden", data={"seat": seat, **where}),
            Event(type="pushed_own", data={"seat": seat, "card": card, **where}, to=(seat,)),
        ]
    else:
        events = [Event(type="pushed", data={"seat": seat, "card": card, **where})]
    if None not in board:
        return _end(state, events)
    return state, events


def _end(state: SenatorState, events: list[Event]) -> tuple[SenatorState, list[Event]]:
    """The board is full: the game is over, and a hidden game's cards are turned face up."""
    if state.hidden:
        events.append(Event(type="revealed", data={}))
    state = state.model_copy(update={"phase": "over"})
    return state, events


def outcome(state: SenatorState) -> Outcome | None:
    if state.phase != "over":
        return None
    return outcome_by_score(
        score_board(state.board, state.seats, state.flag_effect, state.flag_scope)
    )
