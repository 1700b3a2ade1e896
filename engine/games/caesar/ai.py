"""Caesar AI: a heuristic that plays from its own view. Moves are scored in the counters the
seat gains or loses: a grabbed neutral, a fight's expected result with its best card (a loss or
a tie throws the own stack away; what the loser loses is not counted again, since attacking a
defender who answers with a high card rarely pays). Each candidate is then looked at from the
next player's side: the best reply that player would have on the board it leaves (a stack left
open to a bigger one costs, a fight that leaves it exposed too). A move that ends the game is
scored by who would win. In a duel it bids the card with the best expected result, the flag
when nothing else helps. The lookahead wins more often against the random baseline than the
move scores alone (bench.ai prints normal against random)."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from engine.core import Action, Prompt
from engine.games.caesar.board import (
    NEUTRAL,
    RAYS,
    SQUARES,
    Board,
    movable,
    sight,
    square_name,
)
from engine.games.caesar.cards import FLAG, FULL_HAND, card_value
from engine.games.caesar.state import CaesarView, next_seat
from engine.rng import Rng
from engine.styles import STEADY, Style

_CARD_COST = 0.2  # value of keeping a high card for later fights
_FLAG_COST = 0.6
_MERGE_VALUE = 0.3  # joining two own stacks: no counters, but a stronger stack
_REPLY_WEIGHT = 0.8  # how much of the next player's best reply a move is charged
_END_VALUE = 30.0  # a move that ends the game: won (+) or lost (-), on top of the counters

Outcomes = tuple[float, float, float, float]  # chances of win, loss, tie, flag


def decide(
    view: CaesarView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    rng = Rng(rng_state)
    if prompt.move == "place":
        return Action(seat=seat, move="place", args={"square": _ai_place(view, seat, rng)})
    if prompt.move == "fight_card":
        return Action(seat=seat, move="fight_card", args={"card": _ai_card(view, seat)})
    return _ai_turn(view, seat, rng)


def _ai_place(view: CaesarView, seat: int, rng: Rng) -> str:
    """Next to empty squares (neutrals to ally with later) and own counters, away from other
    players' counters, adjacent or in line."""
    board = view.board
    best, best_score = None, None
    for square in range(SQUARES):
        if board[square]:
            continue
        score = 0.0
        for ray in RAYS[square]:
            stack = board[ray[0]]
            if not stack:
                score += 1.0  # likely a neutral neighbour to ally with
            elif stack[-1] == seat:
                score += 0.5
            else:
                score -= 1.5
            seen = next((board[t] for t in ray if board[t]), None)
            if seen is not None and seen[-1] not in (seat, NEUTRAL):
                score -= 0.5
        score += rng.below(100) / 1000
        if best_score is None or score > best_score:
            best, best_score = square, score
    assert best is not None
    return square_name(best)


# Duels -----------------------------------------------------------------------------------


@cache
def _outcomes(mine: int, theirs: int, card: int) -> Outcomes:
    """Chances of each result for `card` played with a stack of `mine` against `theirs`, the
    other card being any of the ten."""
    if card == FLAG:
        return 0.0, 0.0, 0.0, 1.0
    win = loss = tie = 0
    for other in FULL_HAND:
        if other == FLAG:
            continue
        a, b = mine + card, theirs + other
        win += a > b
        loss += a < b
        tie += a == b
    n = len(FULL_HAND)
    return win / n, loss / n, tie / n, 1 / n


@cache
def _fight_value(mine: int, theirs: int, card: int) -> float:
    """Expected counters gained from playing `card` with a stack of `mine` against `theirs`,
    less what the card is worth kept."""
    if card == FLAG:
        return -_FLAG_COST
    win, loss, tie, _ = _outcomes(mine, theirs, card)
    return win * theirs - (loss + tie) * mine - _CARD_COST * card


@cache
def _best_card(hand: tuple[int, ...], mine: int, theirs: int) -> tuple[int, float]:
    """The card with the best expected value (the flag cancels a hopeless fight); ties go to
    the cheaper number."""
    options = [(c, _fight_value(mine, theirs, c)) for c in hand]
    return max(options, key=lambda cv: (cv[1], -cv[0] if cv[0] != FLAG else -10))


def _ai_card(view: CaesarView, seat: int) -> int | str:
    assert view.fighters is not None and view.fight_squares is not None and view.hand
    a_sq, d_sq = view.fight_squares
    mine, theirs = (a_sq, d_sq) if view.fighters[0] == seat else (d_sq, a_sq)
    hand = tuple(view.hand)
    card, _ = _best_card(hand, len(view.board[mine]), len(view.board[theirs]))
    return card_value(card)


# Turns -----------------------------------------------------------------------------------


def _ai_turn(view: CaesarView, seat: int, rng: Rng) -> Action:
    candidates = _scored_moves(view, seat)
    best = max(c[0] for c in candidates)
    top = [c for c in candidates if c[0] >= best - 1e-9]
    _, move, (a, b) = top[rng.below(len(top))]
    if move == "pass":
        return Action(seat=seat, move="turn", args={"action": "pass"})
    return Action(
        seat=seat, move="turn", args={"action": f"{move}:{square_name(a)}-{square_name(b)}"}
    )


class _Turn(NamedTuple):
    """What every move of one turn is looked at against."""

    view: CaesarView
    seat: int
    nxt: int  # who replies
    share: float  # the weight of a third seat's counters
    alive: tuple[int, ...]
    theirs: tuple[int, ...]  # the squares `nxt` holds now


def _scored_moves(view: CaesarView, seat: int) -> list[tuple[float, str, tuple[int, int]]]:
    """Every legal move with its value: what it gains now, less the next player's best reply
    on the board it leaves (or, when it ends the game, who wins)."""
    board = view.board
    nxt = next_seat(view.eliminated, seat)
    alive = tuple(s for s in range(view.seats) if not view.eliminated[s])
    theirs = tuple(s for s, stack in enumerate(board) if stack and stack[-1] == nxt)
    turn = _Turn(view, seat, nxt, 1 / max(1, len(alive) - 1), alive, theirs)
    hand = tuple(view.hand or ())
    out: list[tuple[float, str, tuple[int, int]]] = []
    attacks = False
    for a in range(SQUARES):
        if not board[a] or board[a][-1] != seat:
            continue
        for b in sight(board, a):
            target = board[b][-1]
            if target in (seat, NEUTRAL):
                gain = len(board[b]) if target == NEUTRAL else _MERGE_VALUE
                value = gain + _after_move(turn, _moved(board, a, b), (a, b), 0)
                out.append((value, "ally", (a, b)))
            else:
                attacks = True
                out.append((_attack_value(turn, hand, a, b), "attack", (a, b)))
    if not attacks:
        passes = view.passes + 1
        ends = passes >= len(alive)
        value = _end_value(board, turn) if ends else _after_move(turn, board, (), passes)
        out.append((value, "pass", (0, 0)))
    return out


def _attack_value(turn: _Turn, hand: tuple[int, ...], a: int, b: int) -> float:
    """An attack's expected value with the best card, each result's board looked at in turn;
    a fight that empties a duellist's hand ends the game, scored by its winner."""
    board = turn.view.board
    card, value = _best_card(hand, len(board[a]), len(board[b]))
    win, loss, tie, flag = _outcomes(len(board[a]), len(board[b]), card)
    ends = len(hand) <= 1 or turn.view.hand_sizes[board[b][-1]] <= 1
    total = value
    for chance, after in (
        (win, _moved(board, a, b)),
        (loss, _moved(board, b, a)),
        (tie, _removed(board, a, b)),
        (flag, board),
    ):
        if chance:
            rest = _end_value(after, turn) if ends else _after_move(turn, after, (a, b), 0)
            total += chance * rest
    return total


def _after_move(turn: _Turn, board: Board, changed: tuple[int, ...], passes: int) -> float:
    """The value of leaving `board` (differing from the view's on `changed` squares) to the
    next seat after `passes` passes in a row: the game ends if nobody can move, else that seat
    makes the move that is best for it, which costs this seat its share; when its pass would
    end the game this seat loses, it passes. (The AI's hot path: the hard AI's rollouts run it
    for every move considered, hence the inlined rays over the replying seat's squares only.)"""
    nxt, share = turn.nxt, turn.share
    best = 0.0
    moves = attacks = False
    squares = [s for s in turn.theirs if s not in changed]
    squares += [s for s in changed if board[s] and board[s][-1] == nxt]
    for a in squares:
        for ray in RAYS[a]:
            for b in ray:
                if board[b]:
                    moves = True
                    target = board[b][-1]
                    if target == NEUTRAL:
                        value = len(board[b]) * share
                    elif target != nxt:
                        attacks = True
                        value = _reply_value(len(board[a]), len(board[b]))
                        value = value if target == turn.seat else value * share
                    else:
                        value = 0.0
                    if value > best:
                        best = value
                    break
    if not moves and not any(movable(board, s) for s in turn.alive):
        return _end_value(board, turn)
    if nxt == turn.seat:
        return 0.0
    if not attacks and passes + 1 >= len(turn.alive):
        return min(-_REPLY_WEIGHT * best, _end_value(board, turn))
    return -_REPLY_WEIGHT * best


@cache
def _reply_value(mine: int, theirs: int) -> float:
    """What an attack is worth to a seat whose hand is unknown (its best card from all ten)."""
    return _best_card(FULL_HAND, mine, theirs)[1]


def _end_value(board: Board, turn: _Turn) -> float:
    """The game ends on `board`: a win (or shared win) is worth much more than counters."""
    totals = [0] * turn.view.seats
    for stack in board:
        if stack and stack[-1] != NEUTRAL:
            totals[stack[-1]] += len(stack)
    mine = totals[turn.seat]
    lead = mine - max((totals[s] for s in turn.alive if s != turn.seat), default=0)
    if mine == 0:
        return -_END_VALUE
    return lead + (_END_VALUE if lead > 0 else -_END_VALUE if lead < 0 else 0.0)


def _moved(board: Board, a: int, b: int) -> Board:
    """`a`'s whole stack put on top of `b`'s."""
    out = list(board)
    out[b] = board[b] + board[a]
    out[a] = ()
    return tuple(out)


def _removed(board: Board, a: int, b: int) -> Board:
    out = list(board)
    out[a] = ()
    out[b] = ()
    return tuple(out)
