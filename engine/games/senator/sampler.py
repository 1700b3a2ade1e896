"""Senator determinisation. The open game hides nothing. In the hidden game the other hands
are drawn from the cards each seat started with, the rest are its pushes in a random order,
and the board is rebuilt by replaying the public push log with those cards."""

from __future__ import annotations

from engine.games.senator.board import FLAG, SQUARES, Cell, cards_per_player, push_board
from engine.games.senator.state import SenatorState, SenatorView
from engine.rng import Rng
from engine.search import world


def sample(view: SenatorView, rng: Rng) -> SenatorState:
    full = tuple(range(1, cards_per_player(view.seats) + 1))
    hands: list[tuple[int, ...]] = []
    played: list[list[int]] = []
    for seat, hand in enumerate(view.hands):
        if hand is None:
            drawn = rng.shuffled(full)
            hand = tuple(sorted(drawn[: view.hand_sizes[seat]]))
        rest = rng.shuffled([c for c in full if c not in hand])
        hands.append(hand)
        played.append(rest)
    pushes = tuple(
        (p.seat, p.card if p.card is not None else played[p.seat].pop(), p.entry)
        for p in view.pushes
    )
    board = _board(view, pushes)
    return world(
        SenatorState, view, rng=rng.next64(), board=board, hands=tuple(hands), pushes=pushes
    )


def _board(view: SenatorView, pushes: tuple[tuple[int, int, str], ...]) -> tuple[Cell, ...]:
    if not view.hidden or view.phase == "over":
        return tuple(
            None if sq.kind == "empty" else (FLAG, 0) if sq.kind == "flag" else (sq.seat, sq.value)  # type: ignore[misc]  # an occupied square has a seat and value
            for sq in view.board
        )
    board: tuple[Cell, ...] = tuple(
        (FLAG, 0) if square == view.flag_square else None for square in SQUARES
    )
    for seat, card, entry in pushes:
        board = push_board(board, entry, (seat, card)) or board
    return board
