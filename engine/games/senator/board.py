"""Senator's board: the 21 squares, the senate, the 20 entry points with their lines (data in
senator.json), pushing a card in, and scoring a board with the flag's effect."""

from __future__ import annotations

from functools import cache

from engine.data import load

Cell = tuple[int, int] | None  # (seat, value); the flag is (FLAG, 0)
FLAG = -1
COLUMNS = "abcde"


@cache
def _board() -> tuple[tuple[str, ...], frozenset[str], dict[str, tuple[int, ...]]]:
    data = load(__package__, "senator")
    squares = tuple(data["squares"])
    index = {square: i for i, square in enumerate(squares)}
    entries = {name: tuple(index[s] for s in line) for name, line in data["entries"].items()}
    return squares, frozenset(data["senate"]), entries


SQUARES, SENATE, LINES = _board()
ENTRIES: tuple[str, ...] = tuple(LINES)
INDEX = {square: i for i, square in enumerate(SQUARES)}
IS_SENATE = tuple(square in SENATE for square in SQUARES)
COL = tuple(COLUMNS.index(square[0]) for square in SQUARES)
ROW = tuple(int(square[1]) - 1 for square in SQUARES)
_ARROWS = {"down": "↓", "up": "↑", "right": "→", "left": "←"}


def line_of(entry: str) -> tuple[int, ...]:
    """Square indices of `entry`'s line in push order (spec §4)."""
    return LINES[entry]


def entry_words(entry: str) -> dict[str, str]:
    """The entry as players read it: where the card goes in and which way it pushes."""
    direction, _ = entry.split("-")
    return {"entry": entry, "square": SQUARES[LINES[entry][0]], "arrow": _ARROWS[direction]}


@cache
def cards_per_player(seats: int) -> int:
    return int(load(__package__, "senator")["cards_per_player"][str(seats)])


def push_board(board: tuple[Cell, ...], entry: str, cell: Cell) -> tuple[Cell, ...] | None:
    """The board after pushing `cell` in at `entry`, or None when the line is full (spec §4):
    the contiguous block at the entry shifts one step into the first gap."""
    line = LINES[entry]
    gap = next((k for k, i in enumerate(line) if board[i] is None), None)
    if gap is None:
        return None
    out = list(board)
    for k in range(gap, 0, -1):
        out[line[k]] = board[line[k - 1]]
    out[line[0]] = cell
    return tuple(out)


_LINE_MASKS = tuple((entry, sum(1 << i for i in LINES[entry])) for entry in ENTRIES)


def open_entries(occupied: tuple[bool, ...]) -> tuple[str, ...]:
    """The entries whose line still has an empty square (as bit masks: a search asks often)."""
    empty = sum(1 << i for i, taken in enumerate(occupied) if not taken)
    return tuple(entry for entry, mask in _LINE_MASKS if empty & mask)


def affected(square: int, flag: int, scope: str) -> bool:
    """Spec §5: shares the flag's row or column (scope line) or is orthogonally adjacent."""
    if square == flag:
        return False
    dc, dr = abs(COL[square] - COL[flag]), abs(ROW[square] - ROW[flag])
    if scope == "adjacent":
        return dc + dr == 1
    return dc == 0 or dr == 0


def card_value(square: int, value: int, flag: int | None, effect: str, scope: str) -> int:
    senate = IS_SENATE[square]
    hit = flag is not None and effect != "none" and affected(square, flag, scope)
    if effect == "neutralize" and hit:
        return 0
    if senate:
        return 2 * value if hit and effect in ("double", "double_and_stairs") else value
    return value if hit and effect in ("stairs", "double_and_stairs") else 0


def score_board(
    board: tuple[Cell, ...], seats: int, effect: str = "none", scope: str = "line"
) -> tuple[int, ...]:
    """Every player's points for `board` as if the game ended now (spec §5)."""
    flag = next((i for i, c in enumerate(board) if c is not None and c[0] == FLAG), None)
    scores = [0] * seats
    for i, cell in enumerate(board):
        if cell is not None and cell[0] >= 0:
            scores[cell[0]] += card_value(i, cell[1], flag, effect, scope)
    return tuple(scores)
