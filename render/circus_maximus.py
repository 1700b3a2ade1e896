"""Circus Maximus board: the hex track with start and finish cells, the chariots, the round's
move order and every player's cards left this round.

The track, the title and the panels depend only on the seat count and the language, so they are
drawn once into a cached background; a render pastes the chariots (cached token sprites labelled
with the player's letter and the chariot's number), the highlight of the last move or the
destinations of the chosen card (cached arrow glyphs), the order strip and the cards, then maps
the image onto a fixed palette so the PNG encodes one byte per pixel.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.circus_maximus.state import ARROWS, CircusView, chariot_number
from engine.games.circus_maximus.track import TRACK, Cell
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAYER_COLOURS,
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
    stamp_text,
    stamp_token,
    text_width,
    title,
)
from render.raster import paste_image

MARGIN = 24
SIZE = 28  # hex radius
HALF_W = SIZE * math.sqrt(3) / 2
TRACK_TOP = 124
ORIGIN_X = (WIDTH - (TRACK.columns + 1) * HALF_W) / 2
TRACK_BOTTOM = TRACK_TOP + int((TRACK.rows - 1) * 1.5 * SIZE + 2 * SIZE)
ORDER_TOP = TRACK_BOTTOM + 14
PLAYERS_TOP = ORDER_TOP + 72
ROW_H = 56
ORDER_STEP = 62  # between chariots of the move order
TOKEN_R = 26  # its chariot number at SMALL_TEXT
CARD_W, CARD_H = 36, 44
CARDS_X = 430  # where a player's row shows their cards

LIGHT = (222, 205, 170)  # the straights
DARK = (176, 152, 112)  # the turns
START = (240, 228, 196)
FINISH = (255, 247, 214)
WALL = (92, 80, 64)

_COLOURS = (
    BACKGROUND, PANEL, PANEL_DARK, INK, MUTED, HIGHLIGHT, WHITE,
    LIGHT, DARK, START, FINISH, WALL, *PLAYER_COLOURS,
)  # fmt: skip
# Every (text colour, colour under it) on this board; hexes and tokens are unantialiased.
_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (HIGHLIGHT, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (HIGHLIGHT, PANEL),
    (INK, WHITE),
    (MUTED, START),
    (INK, FINISH),
    (HIGHLIGHT, LIGHT),
    (HIGHLIGHT, DARK),
    *((INK, colour) for colour in PLAYER_COLOURS),
)
PALETTE = board_palette(_COLOURS, _TEXT_ON)  # applied by render_png, with the results strip's


def draw(view: CircusView, names: list[str], labels: Labels) -> Image.Image:
    texts = _static_texts(labels)
    image, _ = layer(_background(view.seats, texts))
    subtitle = fit(_subtitle(view, names, labels), SMALL_TEXT, WIDTH - 2 * MARGIN)
    stamp_text(image, (MARGIN, 66), subtitle, SMALL_TEXT, MUTED)
    _highlight(image, view)
    for index, chariot in enumerate(view.chariots):
        if chariot.cell is not None:
            x, y = centre(chariot.cell)
            stamp_token(image, x, y, TOKEN_R, chariot.seat, _name(index))
    _start_tags(image, view)
    _targets(image, view)
    _order(image, view, labels)
    _players(image, view, names, labels)
    return image


def centre(cell: Cell) -> tuple[float, float]:
    return ORIGIN_X + cell[0] * HALF_W, TRACK_TOP + SIZE + cell[1] * 1.5 * SIZE


def _name(index: int) -> str:
    """A chariot's token: its player's shape and colour, its own number inside (a letter too
    would not fit a triangle at a readable size; the player rows tie shape to letter)."""
    return str(chariot_number(index))


def _subtitle(view: CircusView, names: list[str], labels: Labels) -> str:
    parts = []
    if view.round:
        parts.append(labels("round", round=view.round, limit=view.round_limit))
    if view.phase == "over":
        parts.append(labels("called", round=view.round) if view.called else labels("over"))
    elif view.phase == "place" and view.to_act is not None and view.moving is not None:
        player = fit(player_label(view.to_act, names), 26, 280)
        parts.append(labels("placing", player=player, chariot=chariot_number(view.moving)))
    elif view.to_act is not None and view.moving is not None:
        player = fit(player_label(view.to_act, names), 26, 280)
        parts.append(labels("moving", player=player, chariot=chariot_number(view.moving)))
        if view.selected is not None:
            parts.append(labels("choose_arrow", card=view.selected))
    return " · ".join(parts)


# Static parts, drawn once per (seat count, language) -------------------------------------------


class _StaticTexts(NamedTuple):
    """The words in the cached background; part of its cache key with the seat count."""

    title: str
    start: str
    finish: str
    direction: str
    order: str


def _static_texts(labels: Labels) -> _StaticTexts:
    return _StaticTexts(
        labels("title"), labels("start"), labels("finish"), labels("race_direction"),
        labels("order"),
    )  # fmt: skip


@lru_cache(maxsize=8)
def _background(seats: int, texts: _StaticTexts) -> Image.Image:
    image, pen = canvas(PLAYERS_TOP + ROW_H * seats + 56, palette=PALETTE)
    title(pen, texts.title)
    _legend(pen, texts)
    for cell, section in TRACK.section.items():
        fill = START if cell in TRACK.starts else (DARK if section in "BD" else LIGHT)
        _hex(pen, cell, fill, PANEL_DARK)
    for cell in TRACK.walls:
        _hex(pen, cell, WALL, WALL)
    for cell in TRACK.finish:
        _hex(pen, cell, FINISH, INK)
        _thin_boundary(pen, cell)
    for number, cell in enumerate(TRACK.starts, 1):
        x, y = centre(cell)
        pen.text((x, y), str(number), font=font(SMALL_TEXT), fill=MUTED, anchor="mm")
    x, y = centre(TRACK.starts[0])
    pen.text((x - HALF_W, y - SIZE - 2), texts.start, font=font(SMALL_TEXT), fill=INK, anchor="ld")
    pen.text((MARGIN, ORDER_TOP + 30), texts.order, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    return image


def _corners(cell: Cell, radius: float = SIZE) -> list[tuple[float, float]]:
    x, y = centre(cell)
    return [
        (
            x + radius * math.cos(math.radians(60 * i - 30)),
            y + radius * math.sin(math.radians(60 * i - 30)),
        )
        for i in range(6)
    ]


def _hex(pen: ImageDraw.ImageDraw, cell: Cell, fill: tuple[int, int, int], edge) -> None:
    pen.polygon(_corners(cell, SIZE - 1), fill=fill, outline=edge, width=2)


def _thin_boundary(pen: ImageDraw.ImageDraw, cell: Cell) -> None:
    """A finish cell's two upper edges are its thin (open) boundary: drawn light over the ink."""
    corners = _corners(cell, SIZE - 1)
    top = corners[4]  # pointy top
    for side in (corners[3], corners[5]):
        pen.line((side, top), fill=FINISH, width=2)
        pen.line((side, top), fill=HIGHLIGHT, width=1)


def _legend(pen: ImageDraw.ImageDraw, texts: _StaticTexts) -> None:
    """Top right: which cells are the finish, and which way the race runs."""
    right: float = WIDTH - MARGIN
    width = pen.textlength(texts.direction, font=font(SMALL_TEXT))
    pen.text((right - width, 40), texts.direction, font=font(SMALL_TEXT), fill=MUTED, anchor="lm")
    right -= width + 28
    width = pen.textlength(texts.finish, font=font(SMALL_TEXT))
    pen.text((right - width, 40), texts.finish, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    x, y = right - width - 24, 40
    corners = [
        (x + 16 * math.cos(math.radians(60 * i - 30)), y + 16 * math.sin(math.radians(60 * i - 30)))
        for i in range(6)
    ]
    pen.polygon(corners, fill=FINISH, outline=INK, width=2)


# Per-render parts --------------------------------------------------------------------------


def _highlight(image: Image.Image, view: CircusView) -> None:
    """The last move: its path outlined, the cell it left ringed."""
    if view.last is None or not view.last.path:
        return
    pen = Pen(image)
    for cell in view.last.path:
        pen.polygon(_corners(cell, SIZE - 2), outline=HIGHLIGHT, width=4)
    if view.last.kind == "move":
        x, y = centre(view.last.path[0])
        pen.ellipse((x - 7, y - 7, x + 7, y + 7), fill=HIGHLIGHT)


def _start_tags(image: Image.Image, view: CircusView) -> None:
    """A start cell's number, hidden under a chariot or the last move's dot, tagged on the
    cell's upper right corner instead, so placements can still be told by number."""
    covered = {chariot.cell for chariot in view.chariots if chariot.cell is not None}
    if view.last is not None and view.last.kind == "move" and view.last.path:
        covered.add(view.last.path[0])
    for number, cell in enumerate(TRACK.starts, 1):
        if cell in covered:
            image.paste(_tag(number), tag_origin(cell))


def tag_origin(cell: Cell) -> tuple[int, int]:
    """Where a covered start cell's number tag goes: over the cell's upper right corner."""
    x, y = centre(cell)
    return round(x + HALF_W - 28), round(y - SIZE - 10)


@lru_cache(maxsize=16)
def _tag(number: int) -> Image.Image:
    image, pen = canvas(32, 38, palette=PALETTE)
    pen.rounded_rectangle((0, 0, 37, 31), radius=5, fill=WHITE, outline=MUTED, width=1)
    pen.text((19, 16), str(number), font=font(SMALL_TEXT), fill=INK, anchor="mm")
    return image


def _targets(image: Image.Image, view: CircusView) -> None:
    """Where the chosen card can take the moving chariot, each marked with its button's arrow."""
    if not view.targets or view.moving is None:
        return
    pen = Pen(image)
    mover = view.chariots[view.moving].cell
    assert mover is not None
    mx, my = centre(mover)
    pen.ellipse((mx - 25, my - 25, mx + 25, my + 25), outline=HIGHLIGHT, width=4)
    for target in view.targets:
        pen.polygon(_corners(target.cell, SIZE - 2), fill=WHITE, outline=HIGHLIGHT, width=4)
        x, y = centre(target.cell)
        stamp_text(
            image, (round(x), round(y)), ARROWS[target.direction], SMALL_TEXT, HIGHLIGHT, "mm"
        )


def _order(image: Image.Image, view: CircusView, labels: Labels) -> None:
    """This round's move order: chariots that have moved are marked done, the mover ringed.
    During the placement: the players still to place, in snake order."""
    pen = Pen(image)
    y = ORDER_TOP + 30
    x = MARGIN + text_width(labels("order"), SMALL_TEXT) + 48
    if view.phase == "place":
        for position, seat in enumerate(view.to_place):
            cx = x + position * ORDER_STEP
            if position == 0:
                pen.rectangle((cx - 32, y - 32, cx + 32, y + 32), outline=HIGHLIGHT, width=4)
            stamp_token(image, cx, y, TOKEN_R, seat)
        return
    for position, index in enumerate(view.order):
        seat = view.chariots[index].seat
        cx = x + position * ORDER_STEP
        if view.phase == "race" and position == view.turn:
            pen.rectangle((cx - 32, y - 32, cx + 32, y + 32), outline=HIGHLIGHT, width=4)
        stamp_token(image, cx, y, TOKEN_R, seat, _name(index))
        if position < view.turn or view.phase == "over":
            pen.line((cx - 24, y + 30, cx + 24, y + 30), fill=MUTED, width=4)
    if view.phase == "race" and not view.order:
        stamp_text(image, (x, y), labels("moved_all"), SMALL_TEXT, MUTED, "lm")


def _players(image: Image.Image, view: CircusView, names: list[str], labels: Labels) -> None:
    for seat in range(view.seats):
        top = PLAYERS_TOP + seat * ROW_H
        words = _row_words(view, names, labels, seat)
        piece(image, (MARGIN, top), (WIDTH - MARGIN, ROW_H), _row, *words)
    rules = [labels(f"rule.{name}") for name in _VARIANTS if getattr(view, name)]
    if rules:
        y = PLAYERS_TOP + view.seats * ROW_H + 14
        text = labels("rules", rules=labels("list_separator").join(rules))
        stamp_text(image, (MARGIN, y), text, SMALL_TEXT, MUTED)


_VARIANTS = ("straight_line", "six_cards", "exactly_two", "continue_for_placings")


def _row_words(
    view: CircusView, names: list[str], labels: Labels, seat: int
) -> tuple[int, bool, str, tuple[tuple[int, bool], ...], str]:
    """What one player's row shows (the row is cached by it): name, cards (face up or not),
    status."""
    active = seat == view.to_act and view.phase != "over"
    name = fit(player_label(seat, names), SMALL_TEXT, CARDS_X - MARGIN - 66)
    left = view.deck if view.phase == "place" else view.cards[seat]
    cards = tuple((card, card in left) for card in view.deck)
    mine = [c for c in view.chariots if c.seat == seat]
    status = [labels("chariots_in", count=sum(c.finished for c in mine))]
    if seat in view.places:
        status.append(labels("place", place=view.places.index(seat) + 1))
    laps = sum(c.segment >= 4 and not c.finished for c in mine)
    if laps:
        status.append(f"{labels('lap_mark')} ×{laps}")
    return seat, active, name, cards, " · ".join(status)


def _row(
    pen: Pen, seat: int, active: bool, name: str, cards: tuple[tuple[int, bool], ...], status: str
) -> None:
    """One player's row, in its own coordinates (from MARGIN across, to the board's edge)."""
    middle = ROW_H // 2
    pen.rectangle(
        (0, 3, WIDTH - 2 * MARGIN, ROW_H - 3),
        fill=PANEL,
        outline=HIGHLIGHT if active else PANEL_DARK,
        width=4 if active else 2,
    )
    pen.token(28, middle, 18, seat)
    pen.text((56, middle), name, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    for slot, (card, face_up) in enumerate(cards):
        at = (CARDS_X - MARGIN + slot * (CARD_W + 6), middle - CARD_H // 2)
        paste_image(pen.image, _card(card, face_up), at)
    pen.text((720 - MARGIN, middle), status, font=font(SMALL_TEXT), fill=INK, anchor="lm")


def card_face(card_id: str, labels: Labels) -> Image.Image:
    """One card face up as a player's row shows it (render.cards draws `/game card` with it)."""
    return _card(int(card_id), True)


@lru_cache(maxsize=16)
def _card(number: int, face_up: bool) -> Image.Image:
    image, pen = canvas(CARD_H, CARD_W, palette=PALETTE)
    pen.rectangle((0, 0, CARD_W, CARD_H), fill=PANEL)
    if face_up:
        pen.rounded_rectangle(
            (0, 0, CARD_W - 1, CARD_H - 1), radius=5, fill=WHITE, outline=INK, width=2
        )
        pen.text(
            (CARD_W / 2, CARD_H / 2), str(number), font=font(SMALL_TEXT), fill=INK, anchor="mm"
        )
    else:
        pen.rounded_rectangle(
            (0, 0, CARD_W - 1, CARD_H - 1), radius=5, fill=PANEL_DARK, outline=MUTED, width=2
        )
    return image
