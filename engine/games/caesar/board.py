"""Caesar's 5×5 board: square names, stacks and their owners, lines of sight and the paths a
seat may ally or attack along. A square is an index `row * 5 + col`, named `a1`..`e5`."""

from __future__ import annotations

SIZE = 5
SQUARES = SIZE * SIZE
NEUTRAL = -1
COLUMNS = "abcde"
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))

Board = tuple[tuple[int, ...], ...]


def square_name(index: int) -> str:
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


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
    row, col = divmod(square, SIZE)
    seen = []
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            if board[r * SIZE + c]:
                seen.append(r * SIZE + c)
                break
            r, c = r + dr, c + dc
    return sorted(seen)


def ally_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    paths = []
    for square in range(SQUARES):
        if owner(board, square) == seat:
            paths.extend(
                (square, t) for t in sight(board, square) if owner(board, t) in (seat, NEUTRAL)
            )
    return paths


def attack_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    """Attacks for `seat`. Eliminated players own no group, so every other owner is a target."""
    paths = []
    for square in range(SQUARES):
        if owner(board, square) == seat:
            paths.extend(
                (square, t) for t in sight(board, square) if owner(board, t) not in (seat, NEUTRAL)
            )
    return paths


def counts(board: Board, seats: int) -> tuple[int, ...]:
    """Counters (of any colour) in the groups each seat owns."""
    totals = [0] * seats
    for stack in board:
        if stack and stack[-1] != NEUTRAL:
            totals[stack[-1]] += len(stack)
    return tuple(totals)
