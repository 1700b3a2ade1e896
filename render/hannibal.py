"""Hannibal gegen Rom board: the map (regions, land borders, sea routes), legions per region with
Hannibal as his own piece, fleets per route, then one row per player (role, hand size, public
discards, chips), the battle in progress or the last card exchange, and the series.

Pieces take the token (colour, shape, letter) of the player holding their side, so a series
that swaps roles still ties every piece to a player; the private texts name that look from the
same place (engine.core.seat_look). The sea, borders, regions and names depend only on the
language and are drawn once into a cached background; a render pastes tokens and cached glyphs
and outlines what the last input changed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.hannibal.board import ROLES, Board, Role, board
from engine.games.hannibal.state import HannibalView, seat_of
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    LETTER_TOKEN_R,
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
    player_letter,
    stamp_text,
    stamp_token,
)

MARGIN = 24
MAP_TOP = 104
MAP_BOTTOM = MAP_TOP + 712
BOX_W, BOX_H = 196, 112
PANEL_TOP = MAP_BOTTOM + 16
ROW_H = 64
HEIGHT = PANEL_TOP + 2 * ROW_H + 190
SEA = (208, 228, 240)
SEA_LINE = (52, 120, 170)
ISLAND = (221, 233, 203)

_MAP = (SEA, SEA_LINE, ISLAND)
# Players keep their seat's colour, as on every board.
_COLOURS = (BACKGROUND, PANEL, PANEL_DARK, INK, MUTED, HIGHLIGHT, WHITE, *_MAP, *PLAYER_COLOURS[:2])
_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (HIGHLIGHT, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (INK, ISLAND),
    (MUTED, ISLAND),
    (INK, WHITE),
    (INK, SEA),
    *((INK, colour) for colour in PLAYER_COLOURS[:2]),
)
PALETTE = board_palette(_COLOURS, _TEXT_ON)  # applied by render_png, with the results strip's


def to_canvas(point: tuple[int, int]) -> tuple[int, int]:
    """Map data coordinates (1000×700) onto the image, stretched sideways: the regions' boxes
    are wider than tall, and the sea routes between them need room for their fleets."""
    x, y = point
    return round(MARGIN + 8 + BOX_W // 2 + (x - 140) * 1.3), round(MAP_TOP + 62 + (y - 80))


def draw(view: HannibalView, names: list[str], labels: Labels) -> Image.Image:
    map_ = board()
    texts = _static_texts(labels, map_)
    image, _ = layer(_background(texts))
    pen = Pen(image)
    status = fit(_status(view, names, labels), SMALL_TEXT, WIDTH - 2 * MARGIN)
    stamp_text(image, (MARGIN, 64), status, SMALL_TEXT, MUTED)
    _highlights(pen, view, map_)
    for region in map_.regions:
        _legions(image, view, map_, region)
    for route in map_.routes:
        _fleets(image, view, map_, route)
    _players(image, view, names, labels)
    _battle_panel(image, view, labels, texts)
    legend = fit(labels("legend", core=texts.core), SMALL_TEXT, WIDTH - 2 * MARGIN)
    stamp_text(image, (MARGIN, HEIGHT - 44), legend, SMALL_TEXT, MUTED)
    return image


def _name(seat: int, names: list[str]) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def _who(view: HannibalView, role: Role, names: list[str]) -> str:
    seat = seat_of(view, role)
    return f"{player_letter(seat)} · {_name(seat, names)}"


def _status(view: HannibalView, names: list[str], labels: Labels) -> str:
    prefix = labels("game", game=view.game) + " · " if view.series else ""
    if view.phase == "over":
        winner = (
            labels("winner", player=f"{player_letter(view.winner)} · {_name(view.winner, names)}")
            if view.winner is not None
            else labels("nobody")
        )
        reason = labels(f"end.{view.end_reason}")
        if view.series:
            reason += " · " + labels("series_over", games=len(view.results))
        return prefix + labels("over", reason=reason) + " · " + winner
    if view.phase == "declare":
        return prefix + labels("declaring", player=_who(view, "carthage", names))
    if view.phase == "cards":
        return prefix + labels("choosing")
    return prefix + labels(
        "to_move",
        turn=view.turn,
        player=_who(view, view.active, names),
        role=labels(view.active),
    )


# Static parts, drawn once per language ---------------------------------------------------------


class _StaticTexts(NamedTuple):
    """The words in the cached background; the cache's key, so languages never mix."""

    title: str
    regions: tuple[str, ...]
    core: str


def _static_texts(labels: Labels, map_: Board) -> _StaticTexts:
    return _StaticTexts(
        labels("title"),
        tuple(labels(f"region.{region}") for region in map_.regions),
        labels("core"),
    )


@lru_cache(maxsize=4)
def _background(texts: _StaticTexts) -> Image.Image:
    map_ = board()
    image, pen = canvas(HEIGHT, palette=PALETTE)
    pen.text((MARGIN, 14), texts.title, font=font(40), fill=INK)
    pen.rectangle((MARGIN, MAP_TOP, WIDTH - MARGIN, MAP_BOTTOM), fill=SEA, outline=SEA_LINE)
    for a, neighbours in map_.land.items():
        for b in neighbours:
            if a < b:
                pen.line(
                    (to_canvas(map_.positions[a]), to_canvas(map_.positions[b])),
                    fill=PANEL_DARK,
                    width=22,
                )
    for route in map_.routes:
        start, finish = (to_canvas(map_.positions[end]) for end in map_.route_ends[route])
        _dashed(pen, start, finish)
    for index, region in enumerate(map_.regions):
        _region_box(pen, map_, region, texts.regions[index], texts.core)
    for route in map_.routes:
        x, y = _route_anchor(map_, route)
        pen.rounded_rectangle(
            (x - 30, y - 19, x + 30, y + 19), radius=8, fill=WHITE, outline=SEA_LINE, width=2
        )
        pen.text((x, y), route, font=font(SMALL_TEXT), fill=INK, anchor="mm")
    return image


def _dashed(pen: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int]) -> None:
    length = max(1.0, ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5)
    steps = int(length // 18)
    for step in range(0, steps, 2):
        t0, t1 = step / steps, min(1.0, (step + 1) / steps)
        pen.line(
            (
                a[0] + (b[0] - a[0]) * t0,
                a[1] + (b[1] - a[1]) * t0,
                a[0] + (b[0] - a[0]) * t1,
                a[1] + (b[1] - a[1]) * t1,
            ),
            fill=SEA_LINE,
            width=6,
        )


def _box(map_: Board, region: str) -> tuple[int, int, int, int]:
    x, y = to_canvas(map_.positions[region])
    return x - BOX_W // 2, y - BOX_H // 2, x + BOX_W // 2, y + BOX_H // 2


def _region_box(pen: ImageDraw.ImageDraw, map_: Board, region: str, name: str, core: str) -> None:
    capital = next((role for role, r in map_.capitals.items() if r == region), None)
    fill = ISLAND if region in map_.islands else PANEL
    outline = INK if capital else PANEL_DARK  # capitals named, not coloured: roles swap
    left, top, right, bottom = _box(map_, region)
    pen.rounded_rectangle(
        (left, top, right, bottom), radius=14, fill=fill, outline=outline, width=6 if capital else 2
    )
    name = fit(name, SMALL_TEXT, BOX_W - 12)
    pen.text(((left + right) // 2, top + 6), name, font=font(SMALL_TEXT), fill=INK, anchor="ma")
    if region in map_.cores:  # the legend under the map says what the mark means
        pen.text((right - 8, bottom - 6), core, font=font(SMALL_TEXT), fill=MUTED, anchor="rd")


def _route_anchor(map_: Board, route: str) -> tuple[int, int]:
    a, b = (to_canvas(map_.positions[end]) for end in map_.route_ends[route])
    return (a[0] + b[0]) // 2, (a[1] + b[1]) // 2


def _stacked(map_: Board, route: str) -> bool:
    """A route running sideways has its fleets above and below its label, else beside it."""
    a, b = (to_canvas(map_.positions[end]) for end in map_.route_ends[route])
    return abs(a[0] - b[0]) > abs(a[1] - b[1])


def _fleet_slots(map_: Board, route: str) -> tuple[tuple[int, int], tuple[int, int]]:
    x, y = _route_anchor(map_, route)
    if _stacked(map_, route):
        return (x - 20, y - 42), (x - 20, y + 42)
    return (x - 100, y), (x + 46, y)


# Per-render parts ---------------------------------------------------------------------------


def _highlights(pen: ImageDraw.ImageDraw, view: HannibalView, map_: Board) -> None:
    marked = set(view.changed)
    if view.combat is not None:
        marked.add(view.combat.place)
    for place in sorted(marked):
        if place in map_.positions:
            left, top, right, bottom = _box(map_, place)
            pen.rounded_rectangle(
                (left - 5, top - 5, right + 5, bottom + 5), radius=18, outline=HIGHLIGHT, width=6
            )
        elif place in map_.route_ends:
            x, y = _route_anchor(map_, place)
            w, h = (44, 58) if _stacked(map_, place) else (106, 26)
            pen.rounded_rectangle(
                (x - w, y - h, x + w, y + h), radius=14, outline=HIGHLIGHT, width=5
            )


def _legions(image: Image.Image, view: HannibalView, map_: Board, region: str) -> None:
    """A row along the box's bottom: each side's legions (token × count), then Hannibal."""
    left, _, _, bottom = _box(map_, region)
    x, y = left + 22, bottom - 36
    for index, role in enumerate(ROLES):
        count = view.legions[region][index]
        if count:
            stamp_token(image, x, y, 16, seat_of(view, role))
            stamp_text(image, (x + 19, y), f"×{count}", SMALL_TEXT, INK, "lm")
            x += 74
    if view.hannibal == region:
        stamp_token(image, x + 8, y, LETTER_TOKEN_R, seat_of(view, "carthage"), "H")


def _fleets(image: Image.Image, view: HannibalView, map_: Board, route: str) -> None:
    for index, role in enumerate(ROLES):
        count = view.fleets[route][index]
        if count:
            cx, cy = _fleet_slots(map_, route)[index]
            stamp_token(image, cx, cy, 16, seat_of(view, role))
            stamp_text(image, (cx + 19, cy), f"×{count}", SMALL_TEXT, INK, "lm")


def _players(image: Image.Image, view: HannibalView, names: list[str], labels: Labels) -> None:
    for seat in (0, 1):
        role: Role = "rome" if seat == view.rome_seat else "carthage"
        middle = PANEL_TOP + seat * ROW_H + ROW_H // 2
        stamp_token(image, MARGIN + 22, middle, 20, seat)
        name = f"{player_letter(seat)} · {_name(seat, names)} · {labels(role)}"
        stamp_text(image, (MARGIN + 54, middle), fit(name, SMALL_TEXT, 430), SMALL_TEXT, INK, "lm")
        parts = [labels("cards", count=view.hand_sizes[seat])]
        if view.discards[seat]:
            parts.append(labels("discards", cards=", ".join(map(str, view.discards[seat]))))
        if view.core_control:
            parts.append(labels("chips", count=view.chips[seat]))
        if role == "carthage" and view.hannibal is not None:
            parts.append(labels("hannibal_key"))
        if view.combat is not None and view.phase == "cards":
            parts.append(labels("chosen") if view.combat.chosen[seat] else labels("waiting"))
        line = fit(" · ".join(parts), SMALL_TEXT, WIDTH - MARGIN - 500)
        stamp_text(image, (500, middle), line, SMALL_TEXT, MUTED, "lm")


def _battle_panel(
    image: Image.Image, view: HannibalView, labels: Labels, texts: _StaticTexts
) -> None:
    y = PANEL_TOP + 2 * ROW_H + 14
    map_ = board()

    def place_name(place: str) -> str:
        if place in map_.regions:
            return texts.regions[map_.regions.index(place)]
        return place

    combat = view.combat
    if combat is not None:
        key = "battle_naval" if combat.naval else "battle"
        fighter = {
            "hannibal": labels("fighter_hannibal"),
            "ordinary": labels("fighter_ordinary"),
            None: labels("fighter_pending"),
        }[combat.fighter]
        parts = [
            labels(key, place=place_name(combat.place)),
            labels("units", rome=combat.units[0], carthage=combat.units[1]),
        ]
        if not combat.naval and view.hannibal == combat.place:
            parts.append(fighter)
        stamp_text(image, (MARGIN, y), " · ".join(parts), SMALL_TEXT, HIGHLIGHT)
        y += 44
    last = view.last_exchange
    if last is not None:
        carthage = f"{last.carthage_card}" + ("+1" if last.hannibal else "")
        line = labels(
            "last_exchange", place=place_name(last.place), rome=last.rome_card, carthage=carthage
        )
        stamp_text(image, (MARGIN, y), line, SMALL_TEXT, INK)
        y += 40
    if view.series:
        marks = [
            labels("draw_mark") if winner < 0 else player_letter(winner) for winner in view.results
        ]
        stamp_text(
            image, (MARGIN, y), labels("series", results=" ".join(marks) or "—"), SMALL_TEXT, INK
        )
