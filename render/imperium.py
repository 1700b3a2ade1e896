"""Imperium board: nine regions with values and markers, the score track, the latest reveal.

Everything that only depends on the seat count, the region values and the language (title,
panels, values, score-track cells and numbers) is drawn once into a cached background; a render
copies it, pastes the highlighted panels, tokens and cached glyphs, and maps the result onto a
fixed palette (`PALETTE`, applied by render_png).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.imperium.state import ImperiumView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    SMALL_TEXT,
    WHITE,
    WIDTH,
    Labels,
    board_palette,
    canvas,
    font,
    layer,
    player_label,
    player_letter,
    stamp_text,
    stamp_token,
    title,
)
from render.raster import paste_image

MARGIN = 24
REGION_W, REGION_H, REGION_GAP = 374, 178, 15
GRID_TOP = 112
TRACK_TOP = GRID_TOP + 3 * (REGION_H + REGION_GAP) + 10
# The score track in two rows of 16 cells (0-15, 16-30), so its numbers and pawns stay readable
# where a phone shows the board 390 px wide; pawns stand two abreast under their number.
TRACK_COLUMNS = 16
TRACK_CELL = (WIDTH - 2 * MARGIN) / TRACK_COLUMNS
NUMBER_H = 36
PAWN_R, PAWN_STEP = 16, 36
MARKER_STEP = 70  # between seats' markers in a region
ROW_H = 58

# The shared colours and text pairs, plus the score track's numbers on its darker cells.
PALETTE = board_palette(text_on=((INK, PANEL_DARK),))


def draw(view: ImperiumView, names: list[str], labels: Labels) -> Image.Image:
    texts = _static_texts(labels)
    image, _ = layer(_background(view.seats, view.values, texts))
    stamp_text(image, (24, 66), _subtitle(view, labels), SMALL_TEXT, MUTED)
    for number in view.resolving:
        panel = _resolving_panel(number, view.values[number - 1], texts)
        paste_image(image, panel, _region_origin(number))
    for region, counts, points in view.last_scored:
        if region not in view.resolving:
            _just_scored(image, region, view, counts, points, texts)
    for number in range(1, 10):
        _markers(image, view, number)
    _score_pawns(image, view)
    _players(image, view, names, labels)
    return image


def _subtitle(view: ImperiumView, labels: Labels) -> str:
    limit = labels("limit_thirty") if view.thirty_points else labels("limit_rounds")
    if view.phase == "over":
        return labels("over", limit=limit)
    scoring = labels("and").join(str(r) for r in view.resolving)
    return labels("round", round=view.round, limit=limit, regions=scoring)


# Static parts, drawn once per (seat count, values table, language) ---------------------------


class _StaticTexts(NamedTuple):
    """The words in the cached images. They are the caches' key (with the seat count and values),
    so a board drawn in one language is never reused for another."""

    title: str
    score: str
    scoring_now: str
    just_scored: str
    values_legend: str


def _static_texts(labels: Labels) -> _StaticTexts:
    return _StaticTexts(
        labels("title"),
        labels("score"),
        labels("scoring_now"),
        labels("just_scored"),
        labels("values_legend"),
    )


@lru_cache(maxsize=8)
def _background(
    seats: int, values: tuple[tuple[int, ...], ...], texts: _StaticTexts
) -> Image.Image:
    image, pen = canvas(_players_top(seats) + 60 + ROW_H * seats, palette=PALETTE)
    title(pen, texts.title)
    for number in range(1, 10):
        x, y = _region_origin(number)
        _panel(pen, x, y, number, values[number - 1], texts, resolving=False)
    _score_cells(pen, texts.score, seats)
    pen.text(
        (WIDTH - MARGIN, TRACK_TOP),
        texts.values_legend,
        font=font(SMALL_TEXT),
        fill=MUTED,
        anchor="ra",
    )
    return image


def _track_row_h(seats: int) -> int:
    return NUMBER_H + PAWN_STEP * -(-seats // 2) + 8


def _players_top(seats: int) -> int:
    return TRACK_TOP + 40 + 2 * _track_row_h(seats) + 16


def _track_cell(score: int, seats: int) -> tuple[float, int]:
    """Left edge and top of a score's cell on the two-row track."""
    row, column = divmod(min(score, 30), TRACK_COLUMNS)
    return MARGIN + column * TRACK_CELL, TRACK_TOP + 40 + row * _track_row_h(seats)


@lru_cache(maxsize=32)
def _resolving_panel(number: int, values: tuple[int, ...], texts: _StaticTexts) -> Image.Image:
    image, pen = canvas(REGION_H + 1, REGION_W + 1, palette=PALETTE)
    _panel(pen, 0, 0, number, values, texts, resolving=True)
    return image


@lru_cache(maxsize=32)
def _scored_panel(number: int, values: tuple[int, ...], texts: _StaticTexts) -> Image.Image:
    """A region scored at the end of the latest round: framed in ink, marked "just scored"."""
    image, pen = canvas(REGION_H + 1, REGION_W + 1, palette=PALETTE)
    _panel(pen, 0, 0, number, values, texts, resolving=False)
    pen.rounded_rectangle((0, 0, REGION_W, REGION_H), radius=14, outline=INK, width=4)
    pen.text((78, 52), texts.just_scored, font=font(SMALL_TEXT), fill=INK)
    return image


def _just_scored(
    image: Image.Image,
    number: int,
    view: ImperiumView,
    counts: tuple[int, ...],
    points: tuple[int, ...],
    texts: _StaticTexts,
) -> None:
    """The latest scoring of a region, kept visible after the region was emptied: the markers
    that stood there and what each seat earned; once new markers arrive, the points only."""
    paste_image(
        image, _scored_panel(number, view.values[number - 1], texts), _region_origin(number)
    )
    x, y = _region_origin(number)
    present = [(seat, count) for seat, count in enumerate(counts) if count]
    if any(view.board[number - 1]):
        earned = "  ".join(f"{player_letter(seat)} +{points[seat]}" for seat, _ in present)
        stamp_text(image, (x + 78, y + 88), earned, SMALL_TEXT, HIGHLIGHT)
        return
    for slot, (seat, _) in enumerate(present):
        cx = x + 40 + slot * MARKER_STEP
        stamp_token(image, cx, y + 112, 22, seat)  # its count is in the board's words
        colour = HIGHLIGHT if points[seat] else MUTED
        stamp_text(image, (cx, y + 156), f"+{points[seat]}", SMALL_TEXT, colour, "mm")


def _region_origin(number: int) -> tuple[int, int]:
    col, row = (number - 1) % 3, (number - 1) // 3
    return MARGIN + col * (REGION_W + REGION_GAP), GRID_TOP + row * (REGION_H + REGION_GAP)


def _panel(
    pen: ImageDraw.ImageDraw,
    x: int,
    y: int,
    number: int,
    values: tuple[int, ...],
    texts: _StaticTexts,
    resolving: bool,
) -> None:
    pen.rounded_rectangle(
        (x, y, x + REGION_W, y + REGION_H),
        radius=14,
        fill=PANEL,
        outline=HIGHLIGHT if resolving else PANEL_DARK,
        width=6 if resolving else 2,
    )
    pen.text((x + 18, y + 6), str(number), font=font(64), fill=HIGHLIGHT if resolving else INK)
    # The points for 1st, 2nd, ... (the legend below the players says so).
    listed = " · ".join(str(v) for v in values)
    pen.text((x + 78, y + 18), listed, font=font(SMALL_TEXT), fill=MUTED)
    if resolving:
        pen.text((x + 78, y + 52), texts.scoring_now, font=font(SMALL_TEXT), fill=HIGHLIGHT)


def _score_cells(pen: ImageDraw.ImageDraw, heading: str, seats: int) -> None:
    pen.text((MARGIN, TRACK_TOP), heading, font=font(SMALL_TEXT), fill=INK)
    for cell in range(31):
        x, top = _track_cell(cell, seats)
        fill = PANEL_DARK if cell % 5 == 0 else PANEL
        pen.rectangle((x, top, x + TRACK_CELL - 3, top + NUMBER_H), fill=fill)
        middle = (x + TRACK_CELL / 2, top + NUMBER_H / 2)
        pen.text(middle, str(cell), font=font(28), fill=INK, anchor="mm")


# Per-render parts --------------------------------------------------------------------------


def _markers(image: Image.Image, view: ImperiumView, number: int) -> None:
    x, y = _region_origin(number)
    present = [(seat, count) for seat, count in enumerate(view.board[number - 1]) if count]
    for slot, (seat, count) in enumerate(present):
        cx = x + 40 + slot * MARKER_STEP
        stamp_token(image, cx, y + 110, 28, seat)
        stamp_text(image, (cx, y + 158), f"×{count}", SMALL_TEXT, INK, "mm")  # under its token


def _score_pawns(image: Image.Image, view: ImperiumView) -> None:
    stacked: dict[int, int] = {}
    for seat, score in enumerate(view.scores):
        cell = min(score, 30)
        place = stacked.get(cell, 0)
        stacked[cell] = place + 1
        x, top = _track_cell(cell, view.seats)
        line, side = divmod(place, 2)
        cx = x + TRACK_CELL / 2 + (side - 0.5) * PAWN_STEP
        stamp_token(image, cx, top + NUMBER_H + 4 + PAWN_STEP / 2 + line * PAWN_STEP, PAWN_R, seat)


def _players(image: Image.Image, view: ImperiumView, names: list[str], labels: Labels) -> None:
    top = _players_top(view.seats)
    revealed = labels("revealed", round=view.revealed_round)
    heading = revealed if view.revealed else labels("players")
    stamp_text(image, (MARGIN, top), heading, SMALL_TEXT, INK)
    for seat in range(view.seats):
        y = top + 44 + seat * ROW_H
        middle = y + ROW_H // 2
        stamp_token(image, MARGIN + 22, middle, 20, seat)
        stamp_text(image, (MARGIN + 54, middle), player_label(seat, names), 28, INK, "lm")
        status = [
            labels("points", points=view.scores[seat]),
            labels("markers", count=view.supply[seat]),
        ]
        # Who is still choosing or placing is in the board's words (Game.board_text).
        stamp_text(image, (560, middle), " · ".join(status), SMALL_TEXT, MUTED, "lm")
        if view.revealed:
            for slot, number in enumerate(view.revealed[seat]):
                paste_image(image, _card(number), (940 + slot * 78, y + 8))


@lru_cache(maxsize=16)
def _card(number: int) -> Image.Image:
    image, pen = canvas(45, 67, palette=PALETTE)
    pen.rounded_rectangle((0, 0, 66, 44), radius=6, fill=WHITE, outline=INK, width=2)
    pen.text((33, 22), str(number), font=font(28), fill=INK, anchor="mm")
    return image
