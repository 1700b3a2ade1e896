"""Senator board: the 21 squares (senate in the middle, stairs around it), the 20 entry arrows,
cards face up or face down, the flag, and a side panel with scores, hands and the last push."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.senator.board import COL, IS_SENATE, ROW, SQUARES, affected, line_of
from engine.games.senator.state import SenatorView
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAIN,
    SMALL_TEXT,
    WHITE,
    WIDTH,
    Labels,
    Pen,
    board_palette,
    canvas,
    fit,
    font,
    layer,
    piece,
    player_label,
    title,
    token,
    wrap,
)

CELL = 120
X0, Y0 = 92, 196  # top-left corner of the 5x5 grid
BAND = 34  # depth of the arrow band outside an entry square
PANEL_X = 780
LINE_H = 36  # a line of the side panel's text
HEIGHT = Y0 + 5 * CELL + 80
MARBLE = (252, 249, 240)
STAIRS = (214, 201, 174)
STEP_LINE = (178, 162, 130)
SENATE_EDGE = (120, 96, 60)
FLAG_YELLOW = (240, 228, 66)
FLAG_EDGE = (214, 180, 0)
CARD_BACK = (96, 84, 120)
ARROW_IDLE = (92, 84, 72)
ARROW_FULL = (205, 196, 178)
DIRECTIONS = {"down": (0, 1), "up": (0, -1), "right": (1, 0), "left": (-1, 0)}
EFFECTS = ("none", "double", "stairs", "double_and_stairs", "neutralize")
CARD_BACK_LINE = (190, 180, 210)
PALETTE = board_palette(
    colours=(
        MARBLE,
        STAIRS,
        STEP_LINE,
        SENATE_EDGE,
        FLAG_YELLOW,
        FLAG_EDGE,
        CARD_BACK,
        CARD_BACK_LINE,
        ARROW_IDLE,
        ARROW_FULL,
    ),
    text_on=(
        (MUTED, MARBLE),
        (MUTED, STAIRS),
        (INK, MARBLE),
        (INK, STAIRS),
        (WHITE, CARD_BACK),
        (MUTED, PANEL),
    ),
)


def draw(view: SenatorView, names: list[str], labels: Labels) -> Image.Image:
    image, pen = layer(_background(labels("title")))
    pen.text(
        (24, 66),
        fit(_subtitle(view, names, labels), SMALL_TEXT, WIDTH - 48),
        font=font(SMALL_TEXT),
        fill=MUTED,
    )
    last = view.pushes[-1].entry if view.pushes and view.phase != "flag" else None
    flag = next((i for i, sq in enumerate(view.board) if sq.kind == "flag"), None)
    for i in range(len(SQUARES)):
        hit = flag is not None and view.flag_effect != "none" and affected(i, flag, view.flag_scope)
        sq = view.board[i]
        shown = (sq.kind, sq.seat, sq.value, labels("flag") if sq.kind == "flag" else "")
        framed = last is not None and line_of(last)[0] == i
        x0, y0, _, _ = _cell_box(i)
        piece(image, (x0, y0), (CELL, CELL), _square, i, hit, framed, *shown, under=PLAIN)
    for entry in _all_entries():
        colour = _arrow_colour(entry, view, last)
        if colour != ARROW_IDLE:  # idle arrows are in the cached background
            _arrow(pen, entry, colour)
    _panel(pen, view, names, labels)
    return image


@lru_cache(maxsize=4)
def _background(heading: str) -> Image.Image:
    """Title, coordinates and the idle arrows (each square is a piece of its own, `_square`)."""
    image, pen = canvas(HEIGHT, palette=PALETTE)
    title(pen, heading)
    _coordinates(pen)
    _outer_edges(pen)
    for entry in _all_entries():
        _arrow(pen, entry, ARROW_IDLE)
    return image


def _all_entries() -> list[str]:
    return [f"{d}-{x}" for d in ("down", "up") for x in "abcde"] + [
        f"{d}-{n}" for d in ("right", "left") for n in range(1, 6)
    ]


def _subtitle(view: SenatorView, names: list[str], labels: Labels) -> str:
    total = sum(view.hand_sizes) + len(view.pushes)
    mode = " · " + labels("hidden_game") if view.hidden else ""
    if view.phase == "flag" and view.turn is not None:
        return labels("places_flag", player=player_label(view.turn, names)) + mode
    if view.phase == "push" and view.turn is not None:
        number = len(view.pushes) + 1
        player = player_label(view.turn, names)
        return labels("push", number=number, total=total, player=player) + mode
    scores = view.scores or ()
    best = max(scores, default=0)
    winners = [seat for seat, score in enumerate(scores) if score == best]
    result = "–".join(str(s) for s in scores)
    if len(winners) == 1:
        return labels("over_winner", player=player_label(winners[0], names), result=result)
    return labels("over_shared", result=result)


def _cell_box(i: int) -> tuple[int, int, int, int]:
    x, y = X0 + COL[i] * CELL, Y0 + ROW[i] * CELL
    return x, y, x + CELL, y + CELL


def _coordinates(pen: ImageDraw.ImageDraw) -> None:
    for c, letter in enumerate("abcde"):
        pen.text(
            (X0 + c * CELL + CELL / 2, Y0 - BAND - 24),
            letter,
            font=font(30),
            fill=MUTED,
            anchor="mm",
        )
    for r in range(5):
        pen.text(
            (X0 - BAND - 26, Y0 + r * CELL + CELL / 2),
            str(r + 1),
            font=font(30),
            fill=MUTED,
            anchor="mm",
        )


def _outer_edges(pen: ImageDraw.ImageDraw) -> None:
    """The last line of each square that no square right of or below it draws: a square's box
    is CELL × CELL and leaves its far edges to its neighbours (no two boxes share a pixel, so
    each lies on plain background and comes from the piece cache); where there is none, the
    edge is this line of the background, and so is the one pixel of the senate's frame that
    no box holds."""
    cells = set(zip(COL, ROW, strict=True))
    for i in range(len(SQUARES)):
        x0, y0, x1, y1 = _cell_box(i)
        if (COL[i] + 1, ROW[i]) not in cells:
            pen.rectangle((x1, y0, x1, y1), fill=PANEL_DARK)
        if (COL[i], ROW[i] + 1) not in cells:
            pen.rectangle((x0, y1, x1, y1), fill=PANEL_DARK)
    _senate_frame(pen, 0, 0)  # over them, as over the squares; its corner at e5 is in no box
    for i in range(len(SQUARES)):  # then every box cleared: what is left lies in none
        x0, y0, _, _ = _cell_box(i)
        pen.rectangle((x0, y0, x0 + CELL - 1, y0 + CELL - 1), fill=BACKGROUND)


def _square(
    pen: ImageDraw.ImageDraw,
    i: int,
    hit: bool,
    framed: bool,
    kind: str,
    seat: int | None,
    value: int | None,
    flag_word: str,
) -> None:
    """Square `i` in its own coordinates, cached by what it shows: the empty square (stairs
    drawn, name written) with its part of the senate's frame, then its frames (flag reach, last
    push) and contents; its far edges are its neighbours' (or the background's) to draw."""
    x0, y0, x1, y1 = 0, 0, CELL, CELL
    if IS_SENATE[i]:
        pen.rectangle((x0, y0, x1, y1), fill=MARBLE, outline=PANEL_DARK, width=2)
    else:
        pen.rectangle((x0, y0, x1, y1), fill=STAIRS, outline=PANEL_DARK, width=2)
        _steps(pen, i, (x0, y0, x1, y1))
    left, top, _, _ = _cell_box(i)
    _senate_frame(pen, -left, -top)
    if hit:
        pen.rectangle((x0 + 9, y0 + 9, x1 - 9, y1 - 9), outline=FLAG_EDGE, width=5)
    if framed:
        pen.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=HIGHLIGHT, width=5)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2 + 6
    if kind == "card" and seat is not None:
        token(pen, cx, cy, 40, seat, str(value))
    elif kind == "flag":
        _flag(pen, cx, cy, flag_word)
    elif kind == "face_down":
        _card_back(pen, cx, cy)


def _steps(pen: ImageDraw.ImageDraw, i: int, box: tuple[int, int, int, int]) -> None:
    """Three stair treads parallel to the board edge the square lies on."""
    x0, y0, x1, y1 = box
    col, row = COL[i], ROW[i]
    for k in (1, 2, 3):
        t = k * CELL // 4
        if row in (0, 4):
            y = y0 + t
            pen.line((x0 + 6, y, x1 - 6, y), fill=STEP_LINE, width=2)
        elif col in (0, 4):
            x = x0 + t
            pen.line((x, y0 + 6, x, y1 - 6), fill=STEP_LINE, width=2)


def _senate_frame(pen: ImageDraw.ImageDraw, dx: int, dy: int) -> None:
    """The senate's frame, shifted by (dx, dy) (a square draws it in its own coordinates)."""
    box = (X0 + CELL + dx, Y0 + CELL + dy, X0 + 4 * CELL + dx, Y0 + 4 * CELL + dy)
    pen.rectangle(box, outline=SENATE_EDGE, width=6)


def _flag(pen: ImageDraw.ImageDraw, cx: float, cy: float, word: str) -> None:
    pole_x = cx - 26
    pen.line((pole_x, cy - 42, pole_x, cy + 40), fill=INK, width=5)
    pen.polygon(
        [(pole_x + 2, cy - 40), (cx + 34, cy - 24), (pole_x + 2, cy - 6)],
        fill=FLAG_YELLOW,
        outline=INK,
        width=2,
    )
    pen.text((cx + 8, cy + 24), word, font=font(SMALL_TEXT), fill=INK, anchor="mm")


def _card_back(pen: ImageDraw.ImageDraw, cx: float, cy: float) -> None:
    pen.rounded_rectangle(
        (cx - 32, cy - 42, cx + 32, cy + 42), radius=8, fill=CARD_BACK, outline=INK, width=2
    )
    pen.rounded_rectangle(
        (cx - 24, cy - 34, cx + 24, cy + 34), radius=6, outline=CARD_BACK_LINE, width=2
    )
    pen.text((cx, cy), "?", font=font(40), fill=WHITE, anchor="mm")


def _arrow_colour(entry: str, view: SenatorView, last: str | None) -> tuple[int, int, int]:
    if entry == last:
        return HIGHLIGHT
    if view.phase == "push" and entry not in view.open_entries:
        return ARROW_FULL
    return ARROW_IDLE


def _arrow(pen: ImageDraw.ImageDraw, entry: str, colour: tuple[int, int, int]) -> None:
    """A triangle just outside the entry square, pointing in the push direction (the same
    pixels in every colour, so a coloured one covers the idle one under it exactly)."""
    first = line_of(entry)[0]
    dx, dy = DIRECTIONS[entry.split("-")[0]]
    x0, y0, x1, y1 = _cell_box(first)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # centre of the band on the side the push comes from
    bx, by = cx - dx * (CELL / 2 + BAND / 2), cy - dy * (CELL / 2 + BAND / 2)
    half, depth = 20, 13
    tip = (bx + dx * depth, by + dy * depth)
    base = [(bx - dx * depth - dy * half, by - dy * depth - dx * half)]
    base.append((bx - dx * depth + dy * half, by - dy * depth + dx * half))
    pen.polygon([tip, *base], fill=colour, outline=BACKGROUND if colour != HIGHLIGHT else INK)


def _panel(pen: Pen, view: SenatorView, names: list[str], labels: Labels) -> None:
    x, y = PANEL_X, 130
    height = 128
    for seat in range(view.seats):
        words = _seat_words(view, names, labels, seat)
        piece(pen.image, (x, y), (WIDTH - x, height + 1), _seat_box, *words, height, under=PLAIN)
        y += height + 14
    y += 6
    for line in wrap(_flag_text(view, labels), SMALL_TEXT, WIDTH - 20 - x):
        pen.text((x, y), line, font=font(SMALL_TEXT), fill=INK)
        y += LINE_H
    y += 10
    if view.pushes and view.phase != "flag":
        _last_push(pen, view, names, labels, (x, y))
    elif view.flag_square is not None:
        placed = labels("flag_placed", square=view.flag_square)
        pen.text((x, y), placed, font=font(SMALL_TEXT), fill=INK)


def _seat_words(
    view: SenatorView, names: list[str], labels: Labels, seat: int
) -> tuple[int, bool, str, str, str, tuple[int, ...]]:
    """What one player's box shows (the box is cached by it): seat, whether it is their turn,
    name, score, and the hand's cards or, when they are secret or gone, a line saying so."""
    label = player_label(seat, names) + (labels("starts") if seat == view.start else "")
    score = "?" if view.scores is None else str(view.scores[seat])
    what = labels("senate_score" if view.flag_effect == "none" else "points", score=score)
    hand = view.hands[seat]
    if hand is None:
        line = labels("secret_hand", count=view.hand_sizes[seat])
    else:
        line = "" if hand else labels("no_cards")
    return seat, view.turn == seat, label, what, line, tuple(hand or ())


def _seat_box(
    pen: ImageDraw.ImageDraw,
    seat: int,
    is_turn: bool,
    label: str,
    what: str,
    line: str,
    hand: tuple[int, ...],
    height: int,
) -> None:
    """One player's box of the side panel, in its own coordinates: token and name, score, hand."""
    pen.rounded_rectangle(
        (0, 0, WIDTH - 20 - PANEL_X, height),
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if is_turn else PANEL_DARK,
        width=5 if is_turn else 2,
    )
    token(pen, 30, 30, 18, seat)
    pen.text(
        (58, 30),
        fit(label, SMALL_TEXT, WIDTH - 40 - PANEL_X - 58),
        font=font(SMALL_TEXT),
        fill=INK,
        anchor="lm",
    )
    pen.text((16, 66), what, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    if line:
        pen.text((16, 102), line, font=font(SMALL_TEXT), fill=MUTED, anchor="lm")
    for k, value in enumerate(hand):
        left = 12 + k * 38
        pen.rounded_rectangle(
            (left, 86, left + 35, 120), radius=5, fill=WHITE, outline=INK, width=2
        )
        pen.text((left + 18, 103), str(value), font=font(SMALL_TEXT), fill=INK, anchor="mm")


def _last_push(
    pen: ImageDraw.ImageDraw,
    view: SenatorView,
    names: list[str],
    labels: Labels,
    at: tuple[int, int],
) -> None:
    """Who pushed last, which card (or a face-down one) and where it went in."""
    x, y = at
    push = view.pushes[-1]
    card = labels("face_down") if push.card is None else labels("card", value=push.card)
    pen.text((x, y), labels("last_push"), font=font(SMALL_TEXT), fill=MUTED)
    pen.text(
        (x, y + LINE_H),
        fit(
            labels("pushed", player=player_label(push.seat, names), card=card),
            SMALL_TEXT,
            WIDTH - 20 - x,
        ),
        font=font(SMALL_TEXT),
        fill=INK,
    )
    direction, line = push.entry.split("-")
    square = SQUARES[line_of(push.entry)[0]]
    entry = labels(f"entry.{direction}", line=line, square=square)
    pen.text(
        (x, y + 2 * LINE_H), fit(entry, SMALL_TEXT, WIDTH - 20 - x), font=font(SMALL_TEXT), fill=INK
    )


def _flag_text(view: SenatorView, labels: Labels) -> str:
    if view.seats != 2:
        return labels("no_flag")
    reach = labels("reach.line" if view.flag_scope == "line" else "reach.adjacent")
    effect = view.flag_effect if view.flag_effect in EFFECTS else "none"
    text = labels("flag_effect", effect=labels(f"effect.{effect}", reach=reach))
    if effect != "none":
        text += labels("yellow_frames")
    return text
