"""Konsul board: the 5×7 grid (face-down backs named by slot, face-up cards in their colours,
banners with a flag), the slots beside the grid, the auction or the turn in progress, and the
players with their card counts. Drawn from the public view, which holds no face-down card: a
card turned back shows as a back again, except on the one image right after the input that
turned it back (`flash`), where it is marked with a folded back corner; cards a success just took
show once on their emptied slots with a red corner.

The title, the labels around the grid and all 35 grid backs are drawn once into a cached
background (they are what most slots show most of the time); a render pastes only the slots
that differ, cached card sprites, glyphs and tokens, then maps the result onto a fixed palette.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.konsul.cards import (
    BANNER,
    card_of_id,
    colour_of,
    data,
    grid_size,
    number_of,
    slot_name,
)
from engine.games.konsul.state import FACE_DOWN, KonsulView
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
    board_palette,
    canvas,
    font,
    layer,
    player_label,
    stamp_text,
    stamp_token,
    title,
)
from render.raster import paste_image

MARGIN = 24
CARD_W, CARD_H = 98, 128
PITCH_X, PITCH_Y = CARD_W + 10, CARD_H + 10
STATUS_TOP = 96
GRID_TOP = 168  # column numbers; cards start LABEL_H lower
LABEL_H = 32
GRID_LEFT = 64
SIDE_LEFT = GRID_LEFT + 7 * PITCH_X + 24
SIDE_COLUMNS = 3
PLAYERS_TOP = GRID_TOP + LABEL_H + 5 * PITCH_Y + 14
ROW_H = 54

BACK = (64, 58, 92)
BACK_LINE = (112, 104, 146)
BACK_TEXT = (226, 220, 240)
FLAG = (128, 52, 140)
# Card faces: red, blue, green, yellow, white (data colours 0..4) and the ink on each.
FACES = ((196, 44, 44), (36, 92, 186), (34, 128, 64), (240, 200, 40), WHITE)
FACE_INK = (WHITE, WHITE, WHITE, INK, INK)
if len(data().colours) > len(FACES):
    raise ValueError(
        f"konsul.json has {len(data().colours)} colours; this board draws {len(FACES)}"
    )

_COLOURS = (
    BACKGROUND,
    PANEL,
    PANEL_DARK,
    INK,
    MUTED,
    HIGHLIGHT,
    WHITE,
    BACK,
    BACK_LINE,
    BACK_TEXT,
    FLAG,
    *FACES,
    *PLAYER_COLOURS,
)
# Every (text colour, colour under it) on this board; shapes are drawn unantialiased.
_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (HIGHLIGHT, PANEL),
    (BACK_TEXT, BACK),
    (INK, PANEL_DARK),
    *((ink, face) for ink, face in zip(FACE_INK, FACES, strict=True)),
    *((INK, colour) for colour in PLAYER_COLOURS),
)
PALETTE = board_palette(_COLOURS, _TEXT_ON)  # applied by render_png, with the results strip's


def draw(view: KonsulView, names: list[str], labels: Labels) -> Image.Image:
    texts = _static_texts(labels, view.count_bidding)
    image, _ = layer(_background(view.seats, texts))
    _status(image, view, names, labels)
    flash = dict(view.flash)
    changed = set(view.changed)
    for index, cell in enumerate(view.cells):
        shown = flash.get(index)
        if index < grid_size() and cell == FACE_DOWN and shown is None and index not in changed:
            continue  # the background already shows this back
        sprite = _slot_sprite(index, cell, shown, index in changed, texts)
        paste_image(image, sprite, _slot_origin(index))
    if len(view.cells) > grid_size():
        stamp_text(image, (SIDE_LEFT, GRID_TOP), texts.beside, SMALL_TEXT, INK)
    if flash:
        taken = {view.cells[i] is None for i in flash}
        _flash_legend(image, len(view.cells), sorted(taken), texts)
    _players(image, view, names, labels)
    return image


# Static parts -------------------------------------------------------------------------------


class _StaticTexts(NamedTuple):
    """The words in cached images; part of the caches' keys, so languages never mix."""

    title: str
    mode: str
    colours: tuple[str, ...]
    banner: str
    beside: str
    shown: str
    taken: str


def _static_texts(labels: Labels, count_bidding: bool) -> _StaticTexts:
    return _StaticTexts(
        labels("title"),
        labels("mode_count" if count_bidding else "mode_value"),
        tuple(labels(f"colour.{i}") for i in range(len(data().colours))),
        labels("banner"),
        labels("beside"),
        labels("shown"),
        labels("taken"),
    )


@lru_cache(maxsize=16)
def _background(seats: int, texts: _StaticTexts) -> Image.Image:
    image, pen = canvas(PLAYERS_TOP + 12 + ROW_H * seats, palette=PALETTE)
    title(pen, texts.title)
    pen.text((WIDTH - MARGIN, 30), texts.mode, font=font(SMALL_TEXT), fill=MUTED, anchor="ra")
    info = data()
    for column in range(info.columns):
        x = GRID_LEFT + column * PITCH_X + CARD_W // 2
        pen.text((x, GRID_TOP + 12), str(column + 1), font=font(SMALL_TEXT), fill=INK, anchor="mm")
    for row, name in enumerate(info.rows):
        y = GRID_TOP + LABEL_H + row * PITCH_Y + CARD_H // 2
        pen.text((MARGIN + 14, y), name, font=font(SMALL_TEXT), fill=INK, anchor="mm")
    for index in range(grid_size()):
        paste_image(image, _back(slot_name(index), False), _slot_origin(index))
    return image


def _slot_origin(index: int) -> tuple[int, int]:
    columns = data().columns
    if index < grid_size():
        column, row = index % columns, index // columns
        return GRID_LEFT + column * PITCH_X, GRID_TOP + LABEL_H + row * PITCH_Y
    extra = index - grid_size()
    column, row = extra % SIDE_COLUMNS, extra // SIDE_COLUMNS
    return SIDE_LEFT + column * PITCH_X, GRID_TOP + LABEL_H + row * PITCH_Y


# Card sprites -------------------------------------------------------------------------------


def _slot_sprite(
    index: int, cell: int | None, shown: int | None, changed: bool, texts: _StaticTexts
) -> Image.Image:
    name = slot_name(index)
    if shown is not None:
        return _face(shown, changed, "taken" if cell is None else "back", texts)
    if cell is None:
        return _empty(name, changed)
    if cell == FACE_DOWN:
        return _back(name, changed)
    return _face(cell, changed, "", texts)


def _card_canvas() -> tuple[Image.Image, ImageDraw.ImageDraw]:
    return canvas(CARD_H, CARD_W, palette=PALETTE)


def _frame(pen: ImageDraw.ImageDraw, fill: tuple[int, int, int], changed: bool) -> None:
    outline, width = (HIGHLIGHT, 6) if changed else (INK, 2)
    pen.rounded_rectangle(
        (0, 0, CARD_W - 1, CARD_H - 1), 10, fill=fill, outline=outline, width=width
    )


@lru_cache(maxsize=128)
def _back(name: str, changed: bool) -> Image.Image:
    image, pen = _card_canvas()
    _frame(pen, BACK, changed)
    inset = 9 if changed else 7
    pen.rounded_rectangle(
        (inset, inset, CARD_W - 1 - inset, CARD_H - 1 - inset), 6, outline=BACK_LINE, width=2
    )
    pen.text((CARD_W // 2, CARD_H // 2), name, font=font(28), fill=BACK_TEXT, anchor="mm")
    return image


@lru_cache(maxsize=64)
def _empty(name: str, changed: bool) -> Image.Image:
    image, pen = _card_canvas()
    outline, width = (HIGHLIGHT, 5) if changed else (PANEL_DARK, 2)
    pen.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 10, outline=outline, width=width)
    pen.text((CARD_W // 2, CARD_H // 2), name, font=font(SMALL_TEXT), fill=MUTED, anchor="mm")
    return image


def card_face(card_id: str, labels: Labels) -> Image.Image:
    """One card face up as the grid shows it (render.cards draws `/game card` with it)."""
    card = card_of_id(card_id)
    if card is None:
        raise KeyError(card_id)
    return _face(card, False, "", _static_texts(labels, False))


@lru_cache(maxsize=256)
def _face(card: int, changed: bool, fold: str, texts: _StaticTexts) -> Image.Image:
    """A face-up card; `fold` "back" or "taken" marks a card shown by the last input only."""
    image, pen = _card_canvas()
    colour = colour_of(card)
    if card == BANNER:
        _frame(pen, PANEL, changed)
        _flag(pen)
        caption, ink = texts.banner, INK
    else:
        assert colour is not None
        _frame(pen, FACES[colour], changed)
        ink = FACE_INK[colour]
        pen.text((CARD_W // 2, 52), str(number_of(card)), font=font(60), fill=ink, anchor="mm")
        caption = texts.colours[colour]
    pen.text((CARD_W // 2, CARD_H - 22), caption, font=font(SMALL_TEXT), fill=ink, anchor="mm")
    if fold:
        corner = BACK if fold == "back" else HIGHLIGHT
        pen.polygon([(CARD_W - 40, 0), (CARD_W - 1, 0), (CARD_W - 1, 40)], fill=corner)
        pen.line([(CARD_W - 40, 0), (CARD_W - 1, 40)], fill=INK, width=2)
    return image


def _flag(pen: ImageDraw.ImageDraw) -> None:
    pen.rectangle((30, 18, 35, 92), fill=INK)
    pen.polygon([(36, 20), (76, 32), (36, 46), (76, 58), (36, 70)], fill=FLAG)


def _flash_legend(image: Image.Image, slots: int, kinds: list[bool], texts: _StaticTexts) -> None:
    """What the folded corners mean: face down again (False) and taken (True)."""
    extra_rows = -(-(slots - grid_size()) // SIDE_COLUMNS)
    y = GRID_TOP + LABEL_H + extra_rows * PITCH_Y + 8
    for taken in kinds:
        paste_image(image, _legend_corner(taken), (SIDE_LEFT, y))
        stamp_text(
            image,
            (SIDE_LEFT + 40, y + 16),
            texts.taken if taken else texts.shown,
            SMALL_TEXT,
            INK,
            "lm",
        )
        y += 42


@lru_cache(maxsize=2)
def _legend_corner(taken: bool) -> Image.Image:
    image, pen = canvas(32, 32, palette=PALETTE)
    pen.rectangle((0, 0, 31, 31), fill=WHITE, outline=INK, width=2)
    pen.polygon([(0, 0), (31, 0), (31, 31)], fill=HIGHLIGHT if taken else BACK)
    return image


# Per-render texts ---------------------------------------------------------------------------


NAME_MAX = 14  # characters of a player's name on the board; longer names end in "…"


def _name(names: list[str], seat: int | None) -> str:
    """ "A · Alice", the name clipped so the status bar and the player rows never overflow."""
    if seat is None:
        return "—"
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    if len(name) > NAME_MAX:
        name = name[: NAME_MAX - 1] + "…"
    return player_label(seat, [*names[:seat], name])


def _status(image: Image.Image, view: KonsulView, names: list[str], labels: Labels) -> None:
    stamp_text(image, (MARGIN, 66), labels("round", round=view.round), SMALL_TEXT, MUTED)
    if view.phase == "over":
        winners = ", ".join(_name(names, s) for s in view.winners)
        key = "last_standing" if view.eliminated.count(False) == 1 else "over"
        line = labels(key, names=winners)
    elif view.phase == "auction" and view.high == 0:
        line = labels("opening", name=_name(names, view.to_act))
    elif view.phase == "auction":
        line = labels(
            "bidding",
            name=_name(names, view.to_act),
            high=view.high,
            holder=_name(names, view.high_bidder),
        )
    elif view.phase == "flipping":
        key = "flipping_count" if view.count_bidding else "flipping"
        line = labels(key, name=_name(names, view.bidder), value=view.set_value, bid=view.bid)
    else:
        line = labels("giving_up", name=_name(names, view.bidder))
    paste_image(image, _status_bar(), (MARGIN, STATUS_TOP))
    stamp_text(image, (MARGIN + 16, STATUS_TOP + 26), line, 28, INK, "lm")


@lru_cache(maxsize=1)
def _status_bar() -> Image.Image:
    image, pen = canvas(53, WIDTH - 2 * MARGIN, palette=PALETTE)
    pen.rounded_rectangle(
        (0, 0, WIDTH - 2 * MARGIN - 1, 52), 10, fill=PANEL, outline=PANEL_DARK, width=2
    )
    return image


def _players(image: Image.Image, view: KonsulView, names: list[str], labels: Labels) -> None:
    acting = view.to_act if view.phase == "auction" else view.bidder
    for seat in range(view.seats):
        y = PLAYERS_TOP + seat * ROW_H
        middle = y + ROW_H // 2
        on_turn = seat in view.winners if view.phase == "over" else seat == acting
        if on_turn:
            paste_image(image, _acting_row(), (MARGIN, y + 2))
        stamp_token(image, MARGIN + 26, middle, 18, seat)
        stamp_text(image, (MARGIN + 56, middle), _name(names, seat), SMALL_TEXT, INK, "lm")
        status = _player_status(view, seat, labels)
        stamp_text(
            image, (560, middle), " · ".join(status), SMALL_TEXT, INK if on_turn else MUTED, "lm"
        )


def _player_status(view: KonsulView, seat: int, labels: Labels) -> list[str]:
    status = [labels("cards", count=view.hand_counts[seat])]
    if view.eliminated[seat]:
        return [*status, labels("out")]
    if seat in view.winners:
        return [*status, labels("winner")]
    if view.phase == "auction":
        if view.passed[seat]:
            status.append(labels("passed"))
        elif view.high_bidder == seat:
            status.append(labels("high", amount=view.high))
        elif view.to_act == seat:
            status.append(labels("to_bid"))
        if view.start == seat:
            status.append(labels("starts"))
    elif view.bidder == seat:
        status.append(labels("turning", amount=view.bid))
    return status


@lru_cache(maxsize=1)
def _acting_row() -> Image.Image:
    image, pen = canvas(ROW_H - 4, WIDTH - 2 * MARGIN, palette=PALETTE)
    pen.rounded_rectangle((0, 0, WIDTH - 2 * MARGIN - 1, ROW_H - 5), 10, fill=PANEL)
    pen.rectangle((0, 6, 6, ROW_H - 11), fill=HIGHLIGHT)
    return image
