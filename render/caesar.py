"""Caesar board: the 5×5 grid with every stack (top owner as a big token, the counters inside as
a column of stripes, bottom to top, and the size), the black pawn between the two duelling
stacks, one row per player with counters owned, cards left and status, and under the board the
last move (its squares outlined on the grid) and the legend of the neutral counters.

The grid's coordinates, empty squares, title and legend are a static layer cached per language;
a stack's cell keeps its centre for the token and its right edge for the stripes, so the pawn
(drawn small, on the border between the duellists) never covers a counter."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from engine.games.caesar.board import COLUMNS, NEUTRAL, SIZE, square_name
from engine.games.caesar.cards import FLAG
from engine.games.caesar.state import CaesarView, LastMove
from render.common import (
    HIGHLIGHT,
    INK,
    LETTER_TOKEN_R,
    MUTED,
    PANEL,
    PANEL_DARK,
    SMALL_TEXT,
    WHITE,
    Labels,
    Pen,
    board_palette,
    canvas,
    fit,
    font,
    layer,
    piece,
    player_colour,
    player_label,
    player_letter,
    player_name,
    text_width,
    title,
)
from render.raster import paste_image

MARGIN = 24
CELL = 126
BOARD_X = 64
BOARD_Y = 150
BOARD_END = BOARD_X + SIZE * CELL
PANEL_X = BOARD_END + 34
PANEL_W = 1200 - MARGIN - PANEL_X
ROW_H = 86
NEUTRAL_COLOUR = (168, 168, 168)
BLACK = (20, 20, 20)
CAPTION_Y = BOARD_Y + SIZE * CELL + 18
HEIGHT = CAPTION_Y + 96
PAWN_R = 17

PALETTE = board_palette(
    colours=(NEUTRAL_COLOUR, BLACK),
    text_on=((INK, NEUTRAL_COLOUR), (PANEL_DARK, PANEL), (HIGHLIGHT, WHITE), (MUTED, WHITE)),
)


def draw(view: CaesarView, names: list[str], labels: Labels) -> Image.Image:
    legend = labels("neutral_legend", mark=labels("neutral_mark"))
    image, pen = layer(_background(labels("title"), labels("neutral_mark"), legend))
    pen.text(
        (24, 66),
        fit(_subtitle(view, names, labels), SMALL_TEXT, 1200 - 2 * MARGIN),
        font=font(SMALL_TEXT),
        fill=MUTED,
    )
    _board(pen, view, labels)
    _players(pen, view, names, labels)
    _caption(pen, view, names, labels)
    return image


@lru_cache(maxsize=4)
def _background(heading: str, neutral: str, legend: str) -> Image.Image:
    """Title, coordinates, the empty grid (each square named) and the neutral legend."""
    image, pen = canvas(HEIGHT, palette=PALETTE)
    title(pen, heading)
    for col in range(SIZE):
        cx = BOARD_X + col * CELL + CELL / 2
        pen.text((cx, BOARD_Y - 22), COLUMNS[col], font=font(28), fill=MUTED, anchor="mm")
    for row in range(SIZE):
        cy = BOARD_Y + row * CELL + CELL / 2
        pen.text((BOARD_X - 24, cy), str(row + 1), font=font(28), fill=MUTED, anchor="mm")
    for square in range(SIZE * SIZE):
        x0, y0, x1, y1 = _cell_box(square)
        pen.rectangle((x0, y0, x1, y1), fill=PANEL, outline=PANEL_DARK, width=2)
    y = CAPTION_Y + 58
    _neutral_chip(pen, MARGIN + 26, y, LETTER_TOKEN_R, neutral)
    pen.text(
        (MARGIN + 62, y),
        fit(legend, SMALL_TEXT, 1200 - 2 * MARGIN - 62),
        font=font(SMALL_TEXT),
        fill=MUTED,
        anchor="lm",
    )
    return image


def _winners(view: CaesarView) -> tuple[int, ...]:
    alive = [s for s in range(view.seats) if not view.eliminated[s]]
    best = max((view.counts[s] for s in alive), default=None)
    return tuple(s for s in alive if view.counts[s] == best)


END_REASONS = ("cards", "last_player", "passes", "frozen")


def _who(seat: int, names: list[str]) -> str:
    return f"{player_name(seat, names)} ({player_letter(seat)})"


def _subtitle(view: CaesarView, names: list[str], labels: Labels) -> str:
    if view.phase == "place":
        round_no = view.placed // view.seats + 1
        return labels("placement", round=round_no, player=_who(view.active, names))
    if view.phase == "fight" and view.fighters and view.fight_squares:
        a, d = view.fighters
        src, dst = (square_name(s) for s in view.fight_squares)
        return labels(
            "fight", attacker=_who(a, names), source=src, defender=_who(d, names), target=dst
        )
    if view.phase == "over":
        reason = view.end_reason
        if reason in END_REASONS:
            reason = labels(f"end.{reason}")
        winners = _winners(view)
        best = labels("and").join(_who(s, names) for s in winners) if winners else labels("nobody")
        return labels("over", reason=reason, winners=best)
    return labels("to_move", player=_who(view.active, names))


def _cell_box(square: int) -> tuple[int, int, int, int]:
    row, col = divmod(square, SIZE)
    x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return x, y, x + CELL, y + CELL


def _board(pen: Pen, view: CaesarView, labels: Labels) -> None:
    neutral = labels("neutral_mark")
    for square, stack in enumerate(view.board):
        if stack:
            paste_image(pen.image, _cell(stack, neutral), _cell_box(square)[:2])
    last = view.last_move
    if last is not None and last.kind != "pass" and view.phase != "fight":
        for square in last.squares:  # the last move's squares, outlined thinner than a duel's
            x0, y0, x1, y1 = _cell_box(square)
            pen.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=HIGHLIGHT, width=4)
    for square in view.fight_squares or ():
        x0, y0, x1, y1 = _cell_box(square)
        pen.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT, width=6)
    if view.fight_squares:
        _pawn(pen, *view.fight_squares)


@lru_cache(maxsize=1024)
def _cell(stack: tuple[int, ...], neutral: str) -> Image.Image:
    """An occupied cell, cached on its stack: a move redraws only the cells it changed."""
    image, pen = canvas(CELL + 1, CELL + 1, palette=PALETTE)
    pen.rectangle((0, 0, CELL, CELL), fill=PANEL, outline=PANEL_DARK, width=2)
    _stack(pen, 0, 0, stack, neutral)
    return image


def _neutral_chip(pen: Pen, cx: float, cy: float, r: int, mark: str) -> None:
    pen.ellipse((cx - r, cy - r, cx + r, cy + r), fill=NEUTRAL_COLOUR, outline=INK, width=2)
    pen.text((cx, cy), mark, font=font(max(10, int(r * 1.1))), fill=INK, anchor="mm")


def _stack(pen: Pen, x0: int, y0: int, stack: tuple[int, ...], neutral: str) -> None:
    """Top owner as a large token, size under it, and the stripes of every counter inside."""
    top = stack[-1]
    cx, cy = x0 + 50, y0 + 50
    if top == NEUTRAL:
        _neutral_chip(pen, cx, cy, 28, neutral)
    else:
        pen.token(cx, cy, 28, top)
    pen.text((cx, y0 + 96), f"×{len(stack)}", font=font(SMALL_TEXT), fill=INK, anchor="mm")
    # the counters inside, bottom to top, as a column of coloured stripes (the board's words
    # list them by player); kept clear of the cell's borders, where the pawn of a duel sits
    left, right = x0 + 86, x0 + 106
    bottom, room = y0 + CELL - 22, CELL - 44
    step = min(20, room / len(stack))
    for index, counter in enumerate(stack):
        y_bottom = bottom - index * step
        colour = NEUTRAL_COLOUR if counter == NEUTRAL else player_colour(counter)
        pen.rectangle((left, y_bottom - step, right, y_bottom), fill=colour, outline=INK, width=1)


def _pawn(pen: Pen, source: int, target: int) -> None:
    """The black pawn on the border between the two duelling stacks, on a bar from the
    attacker's cell to the defender's (an arrowhead points at the defender)."""
    (sr, sc), (tr, tc) = divmod(source, SIZE), divmod(target, SIZE)
    dr, dc = (tr > sr) - (tr < sr), (tc > sc) - (tc < sc)
    ax0, ay0, ax1, ay1 = _cell_box(source)
    tx0, ty0, tx1, ty1 = _cell_box(target)
    half = CELL / 2
    ax, ay = (ax0 + ax1) / 2 + dc * (half - 8), (ay0 + ay1) / 2 + dr * (half - 8)
    bx, by = (tx0 + tx1) / 2 - dc * (half - 8), (ty0 + ty1) / 2 - dr * (half - 8)
    if dr:  # a vertical duel: the bar runs in the gap beside the token and the stripes
        ax = bx = ax0 + 78
    else:
        ay = by = ay0 + 112
    pen.line((ax, ay, bx, by), fill=BLACK, width=5)
    tip = (bx + dc * 4, by + dr * 4)
    side = ((bx - dc * 10) - dr * 8, (by - dr * 10) - dc * 8)
    other = ((bx - dc * 10) + dr * 8, (by - dr * 10) + dc * 8)
    pen.polygon([tip, side, other], fill=BLACK)
    if dr:
        mx, my = ax, (ay + by) / 2
    else:
        mx, my = (ax + bx) / 2, ay
    r = PAWN_R
    pen.ellipse((mx - r, my - r, mx + r, my + r), fill=WHITE, outline=BLACK, width=2)
    pen.ellipse((mx - 5, my - 12, mx + 5, my - 2), fill=BLACK)
    pen.polygon(
        [(mx - 4, my - 3), (mx + 4, my - 3), (mx + 9, my + 11), (mx - 9, my + 11)], fill=BLACK
    )


def _players(pen: Pen, view: CaesarView, names: list[str], labels: Labels) -> None:
    y = BOARD_Y - 40
    over = view.phase == "over"
    heading = labels("final_counters") if over else labels("players")
    pen.text((PANEL_X, y), heading, font=font(SMALL_TEXT), fill=INK)
    y += 44
    winners = _winners(view) if over else ()
    for seat in range(view.seats):
        words = _row_words(view, names, labels, seat, winners)
        piece(pen.image, (PANEL_X, y), (PANEL_W + 1, ROW_H - 7), _row, *words)
        y += ROW_H


def _row_words(
    view: CaesarView, names: list[str], labels: Labels, seat: int, winners: tuple[int, ...]
) -> tuple[int, bool, bool, str, bool, str, bool, str]:
    """What one player's row shows (the row is cached by it)."""
    active = view.phase in ("place", "main") and view.active == seat
    hot = active or seat in (view.fighters or ())
    status, lit = _status(view, seat, active, winners, labels)
    room = PANEL_W - 14 - 62 - text_width(status, SMALL_TEXT) - 12
    label = fit(player_label(seat, names), SMALL_TEXT, room)
    counters = labels("counters", count=view.counts[seat])
    cards = labels("cards_left", count=view.hand_sizes[seat])
    line = fit(f"{counters} · {cards}", SMALL_TEXT, PANEL_W - 76)
    return seat, active, hot, status, lit, label, view.eliminated[seat], line


def _row(
    pen: Pen,
    seat: int,
    active: bool,
    hot: bool,
    status: str,
    lit: bool,
    label: str,
    out: bool,
    line: str,
) -> None:
    """One player's row of the side panel, in its own coordinates."""
    pen.rounded_rectangle(
        (0, 0, PANEL_W, ROW_H - 8),
        radius=10,
        fill=WHITE if active else PANEL,
        outline=HIGHLIGHT if hot else PANEL_DARK,
        width=4 if hot else 2,
    )
    pen.token(32, 39, 20, seat)
    colour = HIGHLIGHT if lit else MUTED
    pen.text((PANEL_W - 14, 24), status, font=font(SMALL_TEXT), fill=colour, anchor="rm")
    ink = MUTED if out else INK
    pen.text((62, 24), label, font=font(SMALL_TEXT), fill=ink, anchor="lm")
    pen.text((62, 58), line, font=font(SMALL_TEXT), fill=ink, anchor="lm")


def _status(
    view: CaesarView, seat: int, active: bool, winners: tuple[int, ...], labels: Labels
) -> tuple[str, bool]:
    """The seat's status word and whether it is highlighted."""
    if view.eliminated[seat]:
        return labels("out"), False
    if seat in winners:
        return "★ " + labels("winner"), True
    if view.fighters and view.submitted and seat in view.fighters:
        index = view.fighters.index(seat)
        return (labels("card_chosen") if view.submitted[index] else labels("choosing")), False
    if active:
        return "▶ " + labels("your_move"), True
    return "", False


def _caption(pen: Pen, view: CaesarView, names: list[str], labels: Labels) -> None:
    """What the last input did, in words (its squares are outlined on the grid)."""
    text = _last_move_text(view.last_move, view, names, labels)
    if text:
        pen.text(
            (MARGIN, CAPTION_Y + 14),
            fit(text, SMALL_TEXT, 1200 - 2 * MARGIN),
            font=font(SMALL_TEXT),
            fill=INK,
            anchor="lm",
        )


def _last_move_text(
    last: LastMove | None, view: CaesarView, names: list[str], labels: Labels
) -> str:
    if last is None:
        return ""
    player = _who(last.seat, names)
    squares = [square_name(s) for s in last.squares]
    if last.kind == "place":
        return labels("last.place", player=player, square=squares[0])
    if last.kind in ("ally", "attack"):
        return labels(f"last.{last.kind}", player=player, source=squares[0], target=squares[1])
    if last.kind == "pass":
        return labels("last.pass", player=player)
    fight = view.last_fight
    if fight is None:
        return ""
    a, d = fight.attacker, fight.defender
    ca, cd = (_card_text(c, labels) for c in fight.cards)
    if fight.result in ("attacker", "defender"):
        result = labels("wins", letter=player_letter(a if fight.result == "attacker" else d))
    else:
        result = labels(f"result.{fight.result}")
    duel = f"{player_letter(a)} {fight.source} ({ca}) → {player_letter(d)} {fight.target} ({cd})"
    return f"{labels('last_fight')}: {duel} · {result}"


def _card_text(card: int, labels: Labels) -> str:
    return labels("flag") if card == FLAG else str(card)
