"""Caesar's 5×5 board: square names, stacks and their owners, lines of sight and the paths a
seat may ally or attack along. A square is an index `row * 5 + col`, named `a1`..`e5`."""

from __future__ import annotations

from collections import Counter

from engine.core import Msg

SIZE = 5
SQUARES = SIZE * SIZE
NEUTRAL = -1
COLUMNS = "abcde"
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))

Board = tuple[tuple[int, ...], ...]

NAMES = tuple(f"{COLUMNS[index % SIZE]}{index // SIZE + 1}" for index in range(SQUARES))


def _ray(square: int, dr: int, dc: int) -> tuple[int, ...]:
    row, col = divmod(square, SIZE)
    out = []
    r, c = row + dr, col + dc
    while 0 <= r < SIZE and 0 <= c < SIZE:
        out.append(r * SIZE + c)
        r, c = r + dr, c + dc
    return tuple(out)


# Per square, the squares outward in each direction: sight and paths are searched by every
# rules step and AI decision (the hard AI's rollouts), so the geometry is computed once.
RAYS = tuple(
    tuple(ray for dr, dc in DIRECTIONS if (ray := _ray(s, dr, dc))) for s in range(SQUARES)
)


def square_name(index: int) -> str:
    return NAMES[index]


def parse_square(raw: object) -> int | None:
    """`"c3"` -> 12; None for anything that is not a square name."""
    if not isinstance(raw, str):
        return None
    text = raw.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345":
        return None
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


def owner(board: Board, square: int) -> int | None:
    """Seat (or NEUTRAL) of the top counter, None when the square is empty."""
    stack = board[square]
    return stack[-1] if stack else None


def line_check(board: Board, a: int, b: int) -> str | None:
    """None when `a` and `b` are in line; else the error code (`not_in_line` / `blocked`)."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    if a == b or (ra != rb and ca != cb):
        return "not_in_line"
    dr = (rb > ra) - (rb < ra)
    dc = (cb > ca) - (cb < ca)
    r, c = ra + dr, ca + dc
    while (r, c) != (rb, cb):
        if board[r * SIZE + c]:
            return "blocked"
        r, c = r + dr, c + dc
    return None


def sight(board: Board, square: int) -> list[int]:
    """The first occupied square in each direction from `square` (the squares in line with it)."""
    seen = []
    for ray in RAYS[square]:
        for t in ray:
            if board[t]:
                seen.append(t)
                break
    return sorted(seen)


def movable(board: Board, seat: int) -> bool:
    """Whether `seat` has any alliance or attack: one of its stacks sees another stack (own or
    neutral: an alliance; another seat's: an attack)."""
    for square, stack in enumerate(board):
        if stack and stack[-1] == seat:
            for ray in RAYS[square]:
                for t in ray:
                    if board[t]:
                        return True
    return False


def _paths(board: Board, seat: int, allied: bool) -> list[tuple[int, int]]:
    """`seat`'s paths to its own or neutral stacks (`allied`) or to other seats' stacks."""
    paths: list[tuple[int, int]] = []
    for square, stack in enumerate(board):
        if stack and stack[-1] == seat:
            paths.extend(
                (square, t)
                for t in sight(board, square)
                if (board[t][-1] in (seat, NEUTRAL)) == allied
            )
    return paths


def ally_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    return _paths(board, seat, allied=True)


def attack_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    """Attacks for `seat`. Eliminated players own no group, so every other owner is a target."""
    return _paths(board, seat, allied=False)


def counts(board: Board, seats: int) -> tuple[int, ...]:
    """Counters (of any colour) in the groups each seat owns."""
    totals = [0] * seats
    for stack in board:
        if stack and stack[-1] != NEUTRAL:
            totals[stack[-1]] += len(stack)
    return tuple(totals)


def board_lines(board: Board) -> list[Msg]:
    """Every stack of two or more counters, by square: its size, its owner on top and who is in
    it (the board shows the members as coloured stripes), then the legend of the board."""
    lines = []
    for index, stack in enumerate(board):
        if len(stack) < 2:
            continue
        members = Counter(seat for seat in stack if seat != NEUTRAL)
        top = stack[-1]
        args = {
            "square": square_name(index),
            "count": len(stack),
            "top": Msg(key="board_text.nobody")
            if top == NEUTRAL
            else Msg(key="seat", args={"seat": top}),
            "seat_members": sorted(members.items()),
            "neutral": stack.count(NEUTRAL),
        }
        lines.append(Msg(key="board_text.stack", args=args))
    return [*lines, Msg(key="board_text.legend")]
