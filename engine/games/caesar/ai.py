"""Caesar AI: a heuristic that plays from its own view. It grabs neutral stacks, fights only
when the odds (sizes plus an unknown card) favour it, and bids the cheapest card that does the
job."""

from __future__ import annotations

from engine.core import Action, Prompt
from engine.games.caesar.board import (
    DIRECTIONS,
    NEUTRAL,
    SIZE,
    SQUARES,
    ally_paths,
    attack_paths,
    sight,
    square_name,
)
from engine.games.caesar.cards import FLAG, FULL_HAND, card_value
from engine.games.caesar.state import CaesarView
from engine.rng import Rng

_OPPONENT_CARDS = FULL_HAND  # an opponent's card is unknown: assume any of the ten
_CARD_COST = 0.2  # value of keeping a high card for later fights
_FLAG_COST = 0.6
_MERGE_VALUE = 0.3  # joining two own stacks: no counters, but a stronger stack


def decide(view: CaesarView, prompt: Prompt, seat: int, rng_state: int) -> Action:
    rng = Rng(rng_state)
    if prompt.move == "place":
        return Action(seat=seat, move="place", args={"square": _ai_place(view, seat, rng)})
    if prompt.move == "fight_card":
        return Action(seat=seat, move="fight_card", args={"card": _ai_card(view, seat)})
    return _ai_turn(view, seat, rng)


def _ai_place(view: CaesarView, seat: int, rng: Rng) -> str:
    board = view.board
    best, best_score = None, None
    for square in range(SQUARES):
        if board[square]:
            continue
        score = 0.0
        row, col = divmod(square, SIZE)
        for dr, dc in DIRECTIONS:
            r, c = row + dr, col + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                continue
            stack = board[r * SIZE + c]
            if not stack:
                score += 1.0  # likely a neutral neighbour to ally with
            elif stack[-1] == seat:
                score += 0.5
            else:
                score -= 1.5
        for t in sight(board, square):
            if board[t][-1] not in (seat, NEUTRAL):
                score -= 0.5
        score += rng.below(100) / 1000
        if best_score is None or score > best_score:
            best, best_score = square, score
    assert best is not None
    return square_name(best)


def _fight_value(mine: int, theirs: int, card: int) -> float:
    """Expected counters gained by playing `card` with a stack of `mine` against `theirs`."""
    if card == FLAG:
        return -_FLAG_COST
    total = 0.0
    for other in _OPPONENT_CARDS:
        if other == FLAG:
            continue
        a, b = mine + card, theirs + other
        if a > b:
            total += theirs
        else:  # a loss gives my stack away; a tie throws it away
            total -= mine
    return total / len(_OPPONENT_CARDS) - _CARD_COST * card


def _best_card(hand: tuple[int, ...], mine: int, theirs: int) -> tuple[int, float]:
    """The card with the best expected value (the flag cancels a hopeless fight); ties go to
    the cheaper number."""
    options = [(c, _fight_value(mine, theirs, c)) for c in hand]
    return max(options, key=lambda cv: (cv[1], -cv[0] if cv[0] != FLAG else -10))


def _ai_card(view: CaesarView, seat: int) -> int | str:
    assert view.fighters is not None and view.fight_squares is not None and view.hand
    a_sq, d_sq = view.fight_squares
    mine, theirs = (a_sq, d_sq) if view.fighters[0] == seat else (d_sq, a_sq)
    card, _ = _best_card(view.hand, len(view.board[mine]), len(view.board[theirs]))
    return card_value(card)


def _ai_turn(view: CaesarView, seat: int, rng: Rng) -> Action:
    board = view.board
    hand = view.hand or ()
    candidates: list[tuple[float, str, tuple[int, int]]] = []
    for a, b in ally_paths(board, seat):
        value = 1.0 + len(board[b]) if board[b][-1] == NEUTRAL else _MERGE_VALUE
        candidates.append((value, "ally", (a, b)))
    attacks = attack_paths(board, seat)
    for a, b in attacks:
        _, value = _best_card(hand, len(board[a]), len(board[b]))
        candidates.append((value, "attack", (a, b)))
    if not attacks:
        candidates.append((0.0, "pass", (0, 0)))
    best = max(c[0] for c in candidates)
    top = [c for c in candidates if c[0] >= best - 1e-9]
    _, move, (a, b) = top[rng.below(len(top))]
    if move == "pass":
        return Action(seat=seat, move="turn", args={"action": "pass"})
    return Action(
        seat=seat, move="turn", args={"action": f"{move}:{square_name(a)}-{square_name(b)}"}
    )
