"""Seven Hills board: the hills in a row, Sabine (B) cards above and Latin (A) cards below them,
face-down cards as hatched backs, removed cards and the score line. Drawn from the public view,
so a face-down value never reaches the picture."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.seven_hills.state import FLAG, CardView, HillView, SevenHillsView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    RGB,
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
    player_colour,
    player_label,
    player_letter,
    title,
    token,
    wrap,
)
from render.raster import Stamp, paste_stamp, to_stamp

MARGIN = 24
NOTE_H = 36  # a line of the footer notes
COLUMN = (WIDTH - 2 * MARGIN) // 7
CARD_W, CARD_H = 68, 54
CARD_GAP = 8
ROW_STEP = CARD_H + CARD_GAP
HILL_H = 150
PLAYER_H = 60
HAND_LINE = 30  # an open hand gets its own line under the name, clear of the status text
HILL_FILL = (168, 186, 140)
HILL_DARK = (96, 116, 78)

PALETTE = board_palette(
    colours=(HILL_FILL, HILL_DARK),
    text_on=((INK, HILL_FILL), (MUTED, HILL_FILL), (HIGHLIGHT, HILL_FILL), (HILL_DARK, HILL_FILL)),
)


def draw(view: SevenHillsView, names: list[str], labels: Labels) -> Image.Image:
    rows = max(2, *(_rows(len(side)) for hill in view.hills for side in hill.cards))
    layout = _Layout(rows, view.open_hand_cards is not None, bool(view.removed))
    image, pen = layer(_background(layout, labels("title"), _notes(view, labels)))
    subtitle = fit(_subtitle(view, names, labels), SMALL_TEXT, WIDTH - 2 * MARGIN)
    pen.text((24, 66), subtitle, font=font(SMALL_TEXT), fill=MUTED)
    _player_row(pen, view, names, 1, layout.b_row, labels)
    _player_row(pen, view, names, 0, layout.a_row, labels)
    mover = 1 - view.turn if view.turn is not None and view.last_hill is not None else None
    for index, hill in enumerate(view.hills):
        x = MARGIN + index * COLUMN
        _hill(pen, view, hill, x, layout.hills_top, labels)
        last = mover if hill.number == view.last_hill else None
        _side(pen, hill, 1, x, layout.hills_top - 8, upward=True, settled=view.settled, last=last)
        _side(pen, hill, 0, x, layout.a_band + 8, upward=False, settled=view.settled, last=last)
    _removed(pen, view, layout.removed_top, labels)
    return image


class _Layout:
    """Where each band goes: fixed by the card rows, an open hand line and removed cards."""

    def __init__(self, rows: int, open_hands: bool, removed: bool) -> None:
        band = rows * ROW_STEP + 10
        player_h = PLAYER_H + (HAND_LINE if open_hands else 0)
        self.key = (rows, open_hands, removed)
        self.b_row = 112
        self.hills_top = self.b_row + player_h + band
        self.a_band = self.hills_top + HILL_H
        self.a_row = self.a_band + band
        self.removed_top = self.a_row + player_h + 12
        self.footer = self.removed_top + (CARD_H + 56 if removed else 36)
        self.height = self.footer + 2 * NOTE_H + 8  # the notes take up to two lines

    def __hash__(self) -> int:
        return hash(self.key)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Layout) and other.key == self.key


@lru_cache(maxsize=8)
def _background(layout: _Layout, heading: str, notes: str) -> Image.Image:
    """Title and the footer notes (each hill is a piece of its own)."""
    image, pen = canvas(layout.height, palette=PALETTE)
    title(pen, heading)
    for line, text in enumerate(wrap(notes, SMALL_TEXT, WIDTH - 2 * MARGIN)[:2]):
        at = (MARGIN, layout.footer + line * NOTE_H)
        pen.text(at, text, font=font(SMALL_TEXT), fill=MUTED)
    return image


def _mound(
    pen: ImageDraw.ImageDraw, x: int, y: int, outline: tuple[int, int, int], width: int
) -> None:
    left, right = x + 8, x + COLUMN - 8
    base = y + HILL_H - 28
    pen.pieslice(
        (left, y + 30, right, y + 30 + 2 * (base - y - 30)),
        start=180,
        end=360,
        fill=HILL_FILL,
        outline=outline,
        width=width,
    )
    pen.line((left, base, right, base), fill=HILL_DARK, width=2)


def _rows(count: int) -> int:
    return (count + 1) // 2


def _subtitle(view: SevenHillsView, names: list[str], labels: Labels) -> str:
    parts = [labels("game_of_two", game=view.game)] if view.games == 2 else []
    rules = [
        labels(key)
        for flag, key in (
            (view.no_repeat_values, "rule.no_repeats"),
            (view.barricades, "rule.barricades"),
            (view.highest_card, "rule.highest_card"),
            (view.open_hands, "rule.open_game"),
        )
        if flag
    ]
    if view.phase == "over":
        totals = [sum(r.scores[s] for r in view.results) for s in range(2)]
        if totals[0] == totals[1]:
            verdict = labels("draw")
        else:
            verdict = labels("wins", player=player_label(0 if totals[0] > totals[1] else 1, names))
        parts += [labels("over"), f"{totals[0]} – {totals[1]}", verdict]
    else:
        assert view.turn is not None
        parts.append(labels("to_play", player=player_label(view.turn, names)))
        if view.last_hill is not None:
            parts.append(labels("hill_blocked", hill=view.last_hill))
    if rules:
        parts.append(labels("list_separator").join(rules))
    return " · ".join(parts)


def _player_row(
    pen: Pen,
    view: SevenHillsView,
    names: list[str],
    seat: int,
    y: int,
    labels: Labels,
) -> None:
    """A player's line, as a piece keyed by its words (its box reaches past the turn frame)."""
    height = PLAYER_H + (HAND_LINE if view.open_hand_cards is not None else 0)
    tribe = labels("tribe.latins" if seat == 0 else "tribe.sabines")
    label = labels("player_tribe", player=player_label(seat, names), tribe=tribe)
    status = [labels("hand", count=view.hand_sizes[seat])]
    if view.start == seat:
        status.append(labels("start_player"))
    if view.games == 2 and view.results:
        series = " + ".join(str(r.scores[seat]) for r in view.results)
        status.append(labels("series", scores=series))
    elif view.phase == "over":
        status.append(labels("points", points=view.results[-1].scores[seat]))
    active = view.turn == seat
    if active:
        status.append(labels("your_turn"))
    hand = ""
    if view.open_hand_cards is not None:
        flag = labels("flag_short")
        cards = " ".join(flag if v == FLAG else str(v) for v in view.open_hand_cards[seat])
        hand = labels("cards", cards=cards)
    shown = (seat, height, active, label, " · ".join(status), hand)
    image = pen.image
    piece(image, (ROW_LEFT, y), (WIDTH - 2 * ROW_LEFT + 1, height), _player_line, *shown)


ROW_LEFT = MARGIN - 6  # a player line's box, from the left of its turn frame (an even shift)


def _player_line(
    pen: Pen, seat: int, height: int, active: bool, label: str, status: str, hand: str
) -> None:
    mid = PLAYER_H // 2
    dx = -ROW_LEFT
    if active:
        pen.rounded_rectangle(
            (MARGIN - 6 + dx, 4, WIDTH - MARGIN + 6 + dx, height - 4),
            radius=10,
            outline=HIGHLIGHT,
            width=3,
        )
    token(pen, MARGIN + 22 + dx, mid, 18, seat)
    pen.text((MARGIN + 52 + dx, mid), label, font=font(28), fill=INK, anchor="lm")
    pen.text((WIDTH - MARGIN - 6 + dx, mid), status, font=font(SMALL_TEXT), fill=MUTED, anchor="rm")
    if hand:
        pen.text(
            (MARGIN + 52 + dx, mid + HAND_LINE), hand, font=font(SMALL_TEXT), fill=INK, anchor="lm"
        )


def _hill(pen: Pen, view: SevenHillsView, hill: HillView, x: int, y: int, labels: Labels) -> None:
    """The hill's state under its number, as a piece keyed by what it shows: once settled the
    owner's token beside the number and the mound outlined in the owner's colour (its wide arc
    costs 0.2 ms to draw); else a status word; each side's known total."""
    winner = hill.winner if view.settled else None
    status: tuple[str, RGB] | None = None
    if winner is not None:
        status = None
    elif view.settled:
        status = (labels("nobody"), MUTED)
    elif view.last_hill == hill.number:
        status = (labels("blocked"), HIGHLIGHT)
    elif not hill.revealed and (hill.cards[0] or hill.cards[1]):
        status = (labels("hidden"), MUTED)
    elif hill.revealed and not view.open_hands:
        status = (labels("revealed"), HILL_DARK)
    totals: list[int | None] = [None, None]
    for seat in (0, 1):
        values = [card.value for card in hill.cards[seat]]
        if values and None not in values and (hill.revealed or view.settled):
            totals[seat] = sum(v for v in values if v is not None)
    if view.highest_card:
        totals = [None, None]
    image = pen.image
    piece(image, (x, y), (COLUMN, HILL_H), _hill_piece, hill.number, winner, status, *totals)


def _hill_piece(
    pen: ImageDraw.ImageDraw,
    number: int,
    winner: int | None,
    status: tuple[str, RGB] | None,
    total_a: int | None,
    total_b: int | None,
) -> None:
    base = HILL_H - 28
    cx = COLUMN // 2
    _mound(pen, 0, 0, HILL_DARK, 2)
    pen.text((cx, 78), str(number), font=font(52), fill=INK, anchor="mm")
    if winner is not None:  # drawn over the plain hill, whose number peeks out beside its own
        _mound(pen, 0, 0, player_colour(winner), 7)
        pen.text((cx - 22, 78), str(number), font=font(52), fill=INK, anchor="mm")
        token(pen, cx + 30, 80, 16, winner)
    if status is not None:
        pen.text((cx, base - 16), status[0], font=font(SMALL_TEXT), fill=status[1], anchor="mm")
    for total, ty in ((total_b, 14), (total_a, base + 14)):
        if total is not None:
            pen.text((cx, ty), f"Σ {total}", font=font(SMALL_TEXT), fill=INK, anchor="mm")


def _side(
    pen: Pen,
    hill: HillView,
    seat: int,
    x: int,
    y: int,
    *,
    upward: bool,
    settled: bool,
    last: int | None,
) -> None:
    """Cards in play order from the hill outward, two per row; the card just played (the
    newest on the mover's side of the last hill) carries a red dot."""
    cards = hill.cards[seat]
    inner = (COLUMN - 2 * CARD_W - CARD_GAP) // 2
    for slot, card in enumerate(cards):
        row, col = divmod(slot, 2)
        left = x + inner + col * (CARD_W + CARD_GAP)
        top = y - (row + 1) * ROW_STEP + CARD_GAP if upward else y + row * ROW_STEP
        guard = hill.guard == seat and card.value == FLAG and card.up and not settled
        _card(pen, left, top, seat, card, guard)
        if last == seat and slot == len(cards) - 1:
            cx, cy = left + CARD_W - 4, top + 4
            pen.ellipse((cx - 9, cy - 9, cx + 9, cy + 9), fill=HIGHLIGHT, outline=WHITE, width=2)


def _card(pen: Pen, left: int, top: int, seat: int, card: CardView, guard: bool = False) -> None:
    """A card pasted from a sprite cached on what it shows (with the mask of its rounded shape)."""
    stamp = _card_sprite(seat, card.value, card.up, guard)
    paste_stamp(pen.image, stamp, (left, top))


@lru_cache(maxsize=256)
def _card_sprite(seat: int, value: int, up: bool, guard: bool) -> Stamp:
    image, pen = canvas(CARD_H + 1, CARD_W + 1, palette=PALETTE)
    mask = Image.new("L", image.size, 0)  # the very pixels of the card's outline and fill
    width = 4 if guard and up else 2
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, CARD_W, CARD_H), radius=7, fill=255, outline=255, width=width
    )
    left, top = 0, 0
    box = (left, top, left + CARD_W, top + CARD_H)
    colour = player_colour(seat)
    if not up:
        pen.rounded_rectangle(box, radius=7, fill=colour, outline=INK, width=2)
        for offset in range(-CARD_H, CARD_W, 12):  # hatched back
            x0, x1 = left + max(offset, 0), left + min(offset + CARD_H, CARD_W)
            if x1 > x0:
                y0 = top + CARD_H - (x0 - left - offset)
                y1 = top + CARD_H - (x1 - left - offset)
                pen.line((x0 + 1, y0 - 1, x1 - 1, y1 + 1), fill=INK, width=1)
        return to_stamp(image, mask)
    pen.rounded_rectangle(
        box, radius=7, fill=WHITE, outline=HIGHLIGHT if guard else INK, width=4 if guard else 2
    )
    pen.rectangle((left + 3, top + 3, left + 12, top + CARD_H - 3), fill=colour)
    cx, cy = left + CARD_W // 2 + 6, top + CARD_H // 2
    if value == FLAG:
        _flag(pen, cx, cy, colour)
    else:
        pen.text((cx, cy), str(value), font=font(34), fill=INK, anchor="mm")
    return to_stamp(image, mask)


def _flag(pen: ImageDraw.ImageDraw, cx: int, cy: int, colour: tuple[int, int, int]) -> None:
    pole = cx - 12
    pen.line((pole, cy - 18, pole, cy + 18), fill=INK, width=3)
    pen.polygon(
        [(pole, cy - 18), (pole + 26, cy - 10), (pole, cy - 2)], fill=colour, outline=INK, width=2
    )


def _removed(pen: Pen, view: SevenHillsView, top: int, labels: Labels) -> None:
    if not view.removed:
        if view.results and view.games == 2:
            _results_line(pen, view, top, labels)
        return
    pen.text((MARGIN, top), labels("out_of_play"), font=font(SMALL_TEXT), fill=INK)
    y = top + 36
    for slot, removed in enumerate(view.removed):
        left = MARGIN + slot * (CARD_W + 40)
        if left + CARD_W > WIDTH - MARGIN:
            break
        _card(pen, left, y, removed.seat, CardView(value=removed.value, up=True))
        pen.text(
            (left + CARD_W + 4, y + CARD_H // 2),
            labels("hill_short", hill=removed.hill),
            font=font(SMALL_TEXT),
            fill=MUTED,
            anchor="lm",
        )
    if view.results and view.games == 2:
        _results_line(pen, view, top, labels, right=True)


def _results_line(
    pen: ImageDraw.ImageDraw, view: SevenHillsView, top: int, labels: Labels, right: bool = False
) -> None:
    text = "   ".join(
        labels("game_result", game=n, a=r.scores[0], b=r.scores[1]) + _verdict(r.scores, labels)
        for n, r in enumerate(view.results, 1)
    )
    if right:
        pen.text((WIDTH - MARGIN, top), text, font=font(SMALL_TEXT), fill=MUTED, anchor="ra")
    else:
        pen.text((MARGIN, top), text, font=font(SMALL_TEXT), fill=MUTED)


def _verdict(scores: tuple[int, int], labels: Labels) -> str:
    """Who won one game of a series, or that it was a draw."""
    if scores[0] == scores[1]:
        return labels("game_draw")
    return labels("game_won", letter=player_letter(0 if scores[0] > scores[1] else 1))


def _notes(view: SevenHillsView, labels: Labels) -> str:
    notes = [labels("note.order"), labels("note.last")]
    if not view.open_hands:
        notes.append(labels("note.hatched"))
    if view.barricades:
        notes.append(labels("note.guard"))
    return labels("notes", notes=" · ".join(notes))
