"""Imperium board: nine regions with values and markers, the score track, the latest reveal."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.imperium import ImperiumView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    WHITE,
    WIDTH,
    canvas,
    font,
    player_label,
    title,
    token,
)

MARGIN = 24
REGION_W, REGION_H, REGION_GAP = 374, 178, 15
GRID_TOP = 112
TRACK_TOP = GRID_TOP + 3 * (REGION_H + REGION_GAP) + 10
TRACK_CELL = (WIDTH - 2 * MARGIN) / 31
PAWN_STEP = 26
PLAYERS_TOP = TRACK_TOP + 100 + 5 * PAWN_STEP
ROW_H = 58
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def draw(view: ImperiumView, names: list[str]) -> Image.Image:
    image, pen = canvas(PLAYERS_TOP + 60 + ROW_H * view.seats)
    title(pen, "Imperium", _subtitle(view))
    for index in range(9):
        _region(pen, view, index + 1)
    _score_track(pen, view)
    _players(pen, view, names)
    return image


def _subtitle(view: ImperiumView) -> str:
    limit = "first to 30" if view.thirty_points else "8 rounds"
    if view.phase == "over":
        return f"Game over · {limit}"
    scoring = " & ".join(str(r) for r in view.resolving)
    return f"Round {view.round} ({limit}) · scoring now: region {scoring}"


def _region(pen: ImageDraw.ImageDraw, view: ImperiumView, number: int) -> None:
    col, row = (number - 1) % 3, (number - 1) // 3
    x = MARGIN + col * (REGION_W + REGION_GAP)
    y = GRID_TOP + row * (REGION_H + REGION_GAP)
    resolving = number in view.resolving
    pen.rounded_rectangle(
        (x, y, x + REGION_W, y + REGION_H),
        radius=14,
        fill=PANEL,
        outline=HIGHLIGHT if resolving else PANEL_DARK,
        width=6 if resolving else 2,
    )
    pen.text((x + 18, y + 6), str(number), font=font(64), fill=HIGHLIGHT if resolving else INK)
    values = "  ".join(f"{ORDINALS[i]} {v}" for i, v in enumerate(view.values[number - 1]))
    pen.text((x + 78, y + 22), values, font=font(24), fill=MUTED)
    if resolving:
        pen.text((x + 78, y + 52), "scoring now", font=font(22), fill=HIGHLIGHT)
    counts = view.board[number - 1]
    present = [(seat, count) for seat, count in enumerate(counts) if count]
    for slot, (seat, count) in enumerate(present):
        cx = x + 36 + slot * 68
        token(pen, cx, y + 122, 24, seat)
        pen.text((cx + 28, y + 146), f"×{count}", font=font(24), fill=INK, anchor="lm")


def _score_track(pen: ImageDraw.ImageDraw, view: ImperiumView) -> None:
    pen.text((MARGIN, TRACK_TOP), "Score", font=font(26), fill=INK)
    top = TRACK_TOP + 36
    for cell in range(31):
        x = MARGIN + cell * TRACK_CELL
        fill = PANEL_DARK if cell % 5 == 0 else PANEL
        pen.rectangle((x, top, x + TRACK_CELL - 2, top + 36), fill=fill)
        pen.text((x + TRACK_CELL / 2, top + 18), str(cell), font=font(18), fill=INK, anchor="mm")
    stacked: dict[int, int] = {}
    for seat, score in enumerate(view.scores):
        cell = min(score, 30)
        level = stacked.get(cell, 0)
        stacked[cell] = level + 1
        cx = MARGIN + cell * TRACK_CELL + TRACK_CELL / 2
        token(pen, cx, top + 56 + level * PAWN_STEP, 12, seat)


def _players(pen: ImageDraw.ImageDraw, view: ImperiumView, names: list[str]) -> None:
    top = PLAYERS_TOP
    heading = f"Cards revealed in round {view.revealed_round}" if view.revealed else "Players"
    pen.text((MARGIN, top), heading, font=font(26), fill=INK)
    for seat in range(view.seats):
        y = top + 44 + seat * ROW_H
        token(pen, MARGIN + 22, y + ROW_H / 2, 20, seat)
        label = player_label(seat, names)
        pen.text((MARGIN + 54, y + ROW_H / 2), label, font=font(28), fill=INK, anchor="lm")
        status = f"{view.scores[seat]} pts · {view.supply[seat]} markers"
        if view.phase == "select":
            status += " · chosen ✓" if view.submitted[seat] else " · choosing…"
        if view.placing == seat:
            status += " · placing"
        pen.text((560, y + ROW_H / 2), status, font=font(24), fill=MUTED, anchor="lm")
        if view.revealed:
            _cards(pen, 940, y + 8, view.revealed[seat])


def _cards(pen: ImageDraw.ImageDraw, x: int, y: int, regions: tuple[int, ...]) -> None:
    for slot, number in enumerate(regions):
        left = x + slot * 78
        pen.rounded_rectangle((left, y, left + 66, y + 44), radius=6, fill=WHITE, outline=INK, width=2)
        pen.text((left + 33, y + 22), str(number), font=font(28), fill=INK, anchor="mm")
