"""Caesar board: the 5×5 grid with every stack (top owner as a big token, the counters inside as
a column of stripes, bottom to top, and the size), the black pawn between the two duelling
stacks, and one row per player with counters owned, cards left and status."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.caesar import COLUMNS, FLAG, NEUTRAL, SIZE, CaesarView, square_name
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    WHITE,
    Labels,
    canvas,
    font,
    player_colour,
    player_label,
    title,
    token,
)

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
HEIGHT = BOARD_Y + SIZE * CELL + 40


def draw(view: CaesarView, names: list[str], labels: Labels) -> Image.Image:
    image, pen = canvas(HEIGHT)
    title(pen, labels("title"), _fit(_subtitle(view, names, labels), 1200 - 2 * MARGIN, 26))
    _board(pen, view, labels)
    _players(pen, view, names, labels)
    return image


def _name(seat: int, names: list[str]) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _winners(view: CaesarView) -> tuple[int, ...]:
    alive = [s for s in range(view.seats) if not view.eliminated[s]]
    best = max((view.counts[s] for s in alive), default=None)
    return tuple(s for s in alive if view.counts[s] == best)


END_REASONS = ("cards", "last_player", "passes", "frozen")


def _subtitle(view: CaesarView, names: list[str], labels: Labels) -> str:
    def who(seat: int) -> str:
        return f"{_name(seat, names)} ({_letter(seat)})"

    if view.phase == "place":
        round_no = view.placed // view.seats + 1
        return labels("placement", round=round_no, player=who(view.active))
    if view.phase == "fight" and view.fighters and view.fight_squares:
        a, d = view.fighters
        src, dst = (square_name(s) for s in view.fight_squares)
        return labels("fight", attacker=who(a), source=src, defender=who(d), target=dst)
    if view.phase == "over":
        reason = view.end_reason
        if reason in END_REASONS:
            reason = labels(f"end.{reason}")
        winners = _winners(view)
        best = labels("and").join(who(s) for s in winners) if winners else labels("nobody")
        return labels("over", reason=reason, winners=best)
    return labels("to_move", player=who(view.active))


def _letter(seat: int) -> str:
    return "ABCDE"[seat]


def _cell_box(square: int) -> tuple[int, int, int, int]:
    row, col = divmod(square, SIZE)
    x, y = BOARD_X + col * CELL, BOARD_Y + row * CELL
    return x, y, x + CELL, y + CELL


def _board(pen: ImageDraw.ImageDraw, view: CaesarView, labels: Labels) -> None:
    for col in range(SIZE):
        cx = BOARD_X + col * CELL + CELL / 2
        pen.text((cx, BOARD_Y - 22), COLUMNS[col], font=font(28), fill=MUTED, anchor="mm")
    for row in range(SIZE):
        cy = BOARD_Y + row * CELL + CELL / 2
        pen.text((BOARD_X - 24, cy), str(row + 1), font=font(28), fill=MUTED, anchor="mm")
    fighting = set(view.fight_squares or ())
    for square in range(SIZE * SIZE):
        x0, y0, x1, y1 = _cell_box(square)
        pen.rectangle((x0, y0, x1, y1), fill=PANEL, outline=PANEL_DARK, width=2)
        stack = view.board[square]
        if stack:
            _stack(pen, x0, y0, stack, labels("neutral_mark"))
        else:
            pen.text(
                ((x0 + x1) / 2, (y0 + y1) / 2),
                square_name(square),
                font=font(22),
                fill=PANEL_DARK,
                anchor="mm",
            )
    for square in sorted(fighting):
        x0, y0, x1, y1 = _cell_box(square)
        pen.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), outline=HIGHLIGHT, width=6)
    if view.fight_squares:
        _pawn(pen, *view.fight_squares)


def _stack(
    pen: ImageDraw.ImageDraw, x0: int, y0: int, stack: tuple[int, ...], neutral: str
) -> None:
    """Top owner as a large token, size beside it, and the stripes of every counter inside."""
    top = stack[-1]
    cx, cy = x0 + 48, y0 + 52
    if top == NEUTRAL:
        pen.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), fill=NEUTRAL_COLOUR, outline=INK, width=2)
        pen.text((cx, cy), neutral, font=font(32), fill=INK, anchor="mm")
    else:
        token(pen, cx, cy, 30, top)
    pen.text((x0 + 48, y0 + 104), f"×{len(stack)}", font=font(30), fill=INK, anchor="mm")
    # the counters inside, bottom to top, as a column of coloured stripes with letters
    left, right = x0 + CELL - 34, x0 + CELL - 10
    bottom, room = y0 + CELL - 10, CELL - 20
    step = min(20, room / len(stack))
    for index, counter in enumerate(stack):
        y_bottom = bottom - index * step
        colour = NEUTRAL_COLOUR if counter == NEUTRAL else player_colour(counter)
        pen.rectangle((left, y_bottom - step, right, y_bottom), fill=colour, outline=INK, width=1)
        if step >= 16:
            letter = neutral if counter == NEUTRAL else _letter(counter)
            pen.text(
                ((left + right) / 2, y_bottom - step / 2),
                letter,
                font=font(13),
                fill=INK,
                anchor="mm",
            )


def _pawn(pen: ImageDraw.ImageDraw, source: int, target: int) -> None:
    """The black pawn between the two duelling stacks, on a bar from the attacker's cell edge
    to the defender's (an arrowhead points at the defender)."""
    (sr, sc), (tr, tc) = divmod(source, SIZE), divmod(target, SIZE)
    dr, dc = (tr > sr) - (tr < sr), (tc > sc) - (tc < sc)
    half = CELL / 2
    ax0, ay0, ax1, ay1 = _cell_box(source)
    tx0, ty0, tx1, ty1 = _cell_box(target)
    ax, ay = (ax0 + ax1) / 2 + dc * (half - 14), (ay0 + ay1) / 2 + dr * (half - 14)
    bx, by = (tx0 + tx1) / 2 - dc * (half - 14), (ty0 + ty1) / 2 - dr * (half - 14)
    pen.line((ax, ay, bx, by), fill=BLACK, width=6)
    tip = (bx + dc * 4, by + dr * 4)
    side = ((bx - dc * 14) - dr * 10, (by - dr * 14) - dc * 10)
    other = ((bx - dc * 14) + dr * 10, (by - dr * 14) + dc * 10)
    pen.polygon([tip, side, other], fill=BLACK)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    pen.ellipse((mx - 27, my - 27, mx + 27, my + 27), fill=WHITE, outline=BLACK, width=3)
    pen.ellipse((mx - 8, my - 19, mx + 8, my - 3), fill=BLACK)
    pen.polygon(
        [(mx - 6, my - 5), (mx + 6, my - 5), (mx + 14, my + 17), (mx - 14, my + 17)], fill=BLACK
    )


def _players(pen: ImageDraw.ImageDraw, view: CaesarView, names: list[str], labels: Labels) -> None:
    y = BOARD_Y - 40
    over = view.phase == "over"
    heading = labels("final_counters") if over else labels("players")
    pen.text((PANEL_X, y), heading, font=font(26), fill=INK)
    y += 44
    winners = _winners(view) if over else ()
    fighters = view.fighters or ()
    for seat in range(view.seats):
        box = (PANEL_X, y, PANEL_X + PANEL_W, y + ROW_H - 8)
        active = view.phase in ("place", "main") and view.active == seat
        fill = WHITE if active else PANEL
        pen.rounded_rectangle(
            box,
            radius=10,
            fill=fill,
            outline=HIGHLIGHT if active or seat in fighters else PANEL_DARK,
            width=4 if active or seat in fighters else 2,
        )
        token(pen, PANEL_X + 32, y + 39, 20, seat)
        out = view.eliminated[seat]
        status, hot = _status(view, seat, active, winners, labels)
        right = PANEL_X + PANEL_W - 14
        pen.text(
            (right, y + 24), status, font=font(22), fill=HIGHLIGHT if hot else MUTED, anchor="rm"
        )
        room = right - (PANEL_X + 62) - font(22).getlength(status) - 12
        label = _fit(player_label(seat, names), room, 26)
        pen.text(
            (PANEL_X + 62, y + 24), label, font=font(26), fill=MUTED if out else INK, anchor="lm"
        )
        counters = _plural(labels, "counters", view.counts[seat])
        cards = _plural(labels, "cards_left", view.hand_sizes[seat])
        pen.text(
            (PANEL_X + 62, y + 58),
            _fit(f"{counters} · {cards}", PANEL_W - 76, 24),
            font=font(24),
            fill=MUTED if out else INK,
            anchor="lm",
        )
        y += ROW_H
    _last_fight(pen, view, y + 6, labels)


def _plural(labels: Labels, key: str, count: int) -> str:
    return labels(f"{key}.one" if count == 1 else f"{key}.other", count=count)


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


def _last_fight(pen: ImageDraw.ImageDraw, view: CaesarView, y: int, labels: Labels) -> None:
    fight = view.last_fight
    if fight is None or y > HEIGHT - 90:
        return
    pen.text((PANEL_X, y), labels("last_fight"), font=font(24), fill=INK)
    a, d = fight.attacker, fight.defender
    ca, cd = (_card_text(c, labels) for c in fight.cards)
    if fight.result == "attacker":
        result = labels("wins", letter=_letter(a))
    elif fight.result == "defender":
        result = labels("wins", letter=_letter(d))
    else:
        result = labels(f"result.{fight.result}")
    text = f"{_letter(a)} {fight.source} ({ca}) → {_letter(d)} {fight.target} ({cd}) · {result}"
    pen.text((PANEL_X, y + 38), _fit(text, PANEL_W, 24), font=font(24), fill=INK)


def _card_text(card: int, labels: Labels) -> str:
    return labels("flag") if card == FLAG else str(card)


def _fit(text: str, width: float, size: int) -> str:
    """Cut `text` with an ellipsis so it fits `width` pixels."""
    if font(size).getlength(text) <= width:
        return text
    while text and font(size).getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
