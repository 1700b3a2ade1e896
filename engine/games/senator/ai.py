"""Senator's AI: a one-move lookahead from the seat's own view. The evaluation counts every card
where it stands as if the game ended now, plus a fraction of cards on the stairs (they may still
be pushed in). In the hidden game the board is rebuilt from the public push log with estimated
values (the average of the cards that owner has already played, as far as the seat knows)."""

from __future__ import annotations

from engine.core import Action, Prompt
from engine.games.senator.board import (
    FLAG,
    IS_SENATE,
    SQUARES,
    Cell,
    card_value,
    cards_per_player,
    push_board,
)
from engine.games.senator.state import SenatorView
from engine.rng import Rng
from engine.styles import STEADY, Style


def decide(
    view: SenatorView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    if prompt.move == "place_flag":
        return Action(seat=seat, move="place_flag", args={"square": _ai_flag(view)})
    card, entry = _ai_push(view, prompt, seat, rng_state)
    return Action(seat=seat, move="push", args={"card": card, "entry": entry})


def _ai_flag(view: SenatorView) -> str:
    """The flag only matters with an effect; the centre keeps it in play the longest."""
    return "c3" if view.flag_effect in ("none", "double", "neutralize") else "c1"


def _known_board(view: SenatorView, seat: int) -> tuple[Cell, ...]:
    if not view.hidden or view.phase == "over":
        return tuple(
            None
            if sq.kind == "empty"
            else (FLAG, 0)
            if sq.kind == "flag"
            else (sq.seat or 0, sq.value or 0)
            for sq in view.board
        )
    full = tuple(range(1, cards_per_player(view.seats) + 1))
    estimate = []
    for s in range(view.seats):
        hand = view.hands[s]
        if s == seat and hand is not None and len(hand) < len(full):
            played = [v for v in full if v not in hand]
            estimate.append(round(sum(played) / len(played)))
        else:
            estimate.append(round(sum(full) / len(full)))
    board: tuple[Cell, ...] = (None,) * len(SQUARES)
    if view.flag_square is not None:
        board = tuple(
            (FLAG, 0) if SQUARES[i] == view.flag_square else c for i, c in enumerate(board)
        )
    for push in view.pushes:
        board = push_board(board, push.entry, (push.seat, estimate[push.seat])) or board
    return board


def _evaluate(board: tuple[Cell, ...], seat: int, view: SenatorView, stair_weight: float) -> float:
    flag = next((i for i, c in enumerate(board) if c is not None and c[0] == FLAG), None)
    totals = [0.0] * view.seats
    for i, cell in enumerate(board):
        if cell is None or cell[0] < 0:
            continue
        points: float = card_value(i, cell[1], flag, view.flag_effect, view.flag_scope)
        if not IS_SENATE[i] and points == 0:
            points = stair_weight * cell[1]
        totals[cell[0]] += points
    rivals = max(t for s, t in enumerate(totals) if s != seat)
    return totals[seat] - rivals


def _ai_push(view: SenatorView, prompt: Prompt, seat: int, rng_state: int) -> tuple[int, str]:
    cards = [c.value for c in prompt.fields[0].options]
    entries = [c.value for c in prompt.fields[1].options]
    board = _known_board(view, seat)
    left = sum(cell is None for cell in board)
    stair_weight = 0.25 * (left - 1) / len(SQUARES)
    rng = Rng(rng_state)
    best: tuple[float, int, int] | None = None
    choice = (int(cards[0]), str(entries[0]))
    for entry in entries:
        for card in cards:
            after = push_board(board, str(entry), (seat, int(card)))
            if after is None:
                continue
            score = (_evaluate(after, seat, view, stair_weight), -int(card), rng.below(1 << 16))
            key = (round(score[0], 6), score[1], score[2])
            if best is None or key > best:
                best = key
                choice = (int(card), str(entry))
    return choice
