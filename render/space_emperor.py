"""Space Emperor board: the six star systems (owner, garrison; neutral, destroyed or still in
the deck), the players (hand sizes, systems, who acts), the deck and discard, and — during an
attack or a raid — both fleets: face-down hand cards as card backs until the reveal, then each
ship's dice (hits filled) and whether it sank.

The panels, headings and the empty battle area are drawn once into a cached background (keyed
on the seat count, whether a battle is shown and the localized static texts); a render pastes
cached glyphs, tokens, dice and card chips onto a copy and maps it onto a fixed palette.
A seventh seat gets its own colour, letter and shape here (render.common knows six).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageDraw

from engine.games.space_emperor.cards import DEFAULT_CARD_SET, CardSet, card_set
from engine.games.space_emperor.state import PLANET, SlotView, SpaceEmperorView, SystemView
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAIN,
    PLAYER_COLOURS,
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
    player_label,
    stamp_text,
    stamp_token,
    text_width,
)
from render.raster import paste_image

MARGIN = 24
SYSTEM_W, SYSTEM_H, GAP = 376, 214, 12
SYSTEMS_TOP = 112
PLAYERS_TOP = SYSTEMS_TOP + 2 * (SYSTEM_H + GAP) + 8
PLAYER_ROW = 50
BATTLE_SLOT_H = 256
CHIP_H, CHIP_STEP = 36, 40  # a card of a fleet slot
CARD_BACK = (44, 52, 84)
HIT = (0, 120, 80)
GARRISON_LINES = 3
UNIT_GAP = "  "  # between two units of a garrison line

_COLOURS = (
    BACKGROUND, PANEL, PANEL_DARK, INK, MUTED, HIGHLIGHT, WHITE, CARD_BACK, HIT,
    *PLAYER_COLOURS,
)  # fmt: skip
_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (HIGHLIGHT, PANEL),
    (HIGHLIGHT, BACKGROUND),
    (INK, PANEL_DARK),
    (INK, WHITE),
    (WHITE, CARD_BACK),
    (WHITE, HIT),
    *((INK, colour) for colour in PLAYER_COLOURS),
)
PALETTE = board_palette(_COLOURS, _TEXT_ON)  # applied by render_png, with the results strip's


class _StaticTexts(NamedTuple):
    title: str
    attack: str
    defence: str


def _static_texts(labels: Labels) -> _StaticTexts:
    return _StaticTexts(labels("title"), labels("attack"), labels("defence"))


def _rows(seats: int) -> int:
    return math.ceil(seats / 2)


def _battle_top(seats: int) -> int:
    return PLAYERS_TOP + _rows(seats) * PLAYER_ROW + 16


def draw(view: SpaceEmperorView, names: list[str], labels: Labels) -> Image.Image:
    cards = card_set(view.card_set)
    texts = _static_texts(labels)
    image, _ = layer(_background(view.seats, view.battle is not None, texts))
    subtitle = fit(_subtitle(view, names, labels), SMALL_TEXT, WIDTH - 2 * MARGIN)
    stamp_text(image, (MARGIN, 66), subtitle, SMALL_TEXT, MUTED)
    by_id = {s.id: s for s in view.systems}
    systems = sorted(c.id for c in cards.cards.values() if c.kind == "star_system")
    for index, system_id in enumerate(systems):
        _system(image, index, system_id, by_id.get(system_id), view, cards, names, labels)
    _players(image, view, names, labels)
    if view.battle is not None:
        _battle(image, view, cards, names, labels)
    return image


def _subtitle(view: SpaceEmperorView, names: list[str], labels: Labels) -> str:
    parts = [labels("turn", turn=view.turn), labels("deck", count=view.deck)]
    if view.discard:
        top = labels.term(card_set(view.card_set)[view.discard[-1]].name)
        parts.append(labels("discard_top", count=len(view.discard), card=top))
    else:
        parts.append(labels("discard", count=0))
    if view.drawn:
        parts.append(
            labels("last_draw", card=labels.term(card_set(view.card_set)[view.drawn[-1]].name))
        )
    if view.over:
        parts.append(labels("over"))
    elif view.waiting:
        who = _name(view.waiting[0], names)
        parts.append(labels(f"stage.{view.stage}", name=who))
    if view.endgame_turn and not view.over:
        parts.append(labels("endgame"))
    return " · ".join(parts)


def _name(seat: int, names: list[str]) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


# Static parts ------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _background(seats: int, battle: bool, texts: _StaticTexts) -> Image.Image:
    height = _battle_top(seats) + (2 * BATTLE_SLOT_H + 110 if battle else 0) + 12
    image, pen = canvas(height, palette=PALETTE)
    pen.text((MARGIN, 18), texts.title, font=font(40), fill=INK)
    if battle:
        top = _battle_top(seats)
        for side, heading in enumerate((texts.attack, texts.defence)):
            y = top + 44 + side * (BATTLE_SLOT_H + 28)
            pen.text((MARGIN, y), heading, font=font(SMALL_TEXT), fill=INK)
    return image


def _system_origin(index: int) -> tuple[int, int]:
    col, row = index % 3, index // 3
    return MARGIN + col * (SYSTEM_W + GAP), SYSTEMS_TOP + row * (SYSTEM_H + GAP)


# Systems -----------------------------------------------------------------------------------


def _system(
    image: Image.Image,
    index: int,
    system_id: str,
    system: SystemView | None,
    view: SpaceEmperorView,
    cards: CardSet,
    names: list[str],
    labels: Labels,
) -> None:
    """A system's panel, as a piece keyed by the words and token it shows."""
    name = labels.term(cards[system_id].name)
    if system is None:
        gone = system_id in view.destroyed
        state = labels("destroyed") if gone else labels("in_deck")
        shown: tuple = (name, MUTED, state, HIGHLIGHT if gone else MUTED, None, "", ())
    else:
        owner = system.owner
        label = "" if owner is None else player_label(owner, names)[:24]
        lines = tuple(_garrison_lines(system.garrison, cards, labels))
        shown = (name, INK, labels("neutral") if owner is None else "", MUTED, owner, label, lines)
    size = (SYSTEM_W + 1, SYSTEM_H + 1)
    changed = system_id in view.changed  # on a box the background leaves plain
    piece(image, _system_origin(index), size, _system_panel, changed, *shown, under=PLAIN)


def _system_panel(
    pen: Pen,
    changed: bool,
    name: str,
    name_fill: RGB,
    state: str,
    state_fill: RGB,
    owner: int | None,
    label: str,
    lines: tuple[str, ...],
) -> None:
    image = pen.image
    pen.rounded_rectangle(
        (0, 0, SYSTEM_W, SYSTEM_H), radius=12, fill=PANEL, outline=PANEL_DARK, width=2
    )
    if changed:
        image.paste(_frame(), (0, 0), _frame_mask())
    stamp_text(image, (16, 12), name, 30, name_fill)
    if name_fill == MUTED:  # not in play: destroyed or still in the deck
        stamp_text(image, (16, 56), state, SMALL_TEXT, state_fill)
        return
    if owner is None:
        stamp_text(image, (16, 56), state, SMALL_TEXT, state_fill)
    else:
        stamp_token(image, 34, 70, 16, owner)
        stamp_text(image, (60, 70), fit(label, SMALL_TEXT, SYSTEM_W - 70), SMALL_TEXT, INK, "lm")
    for line, text in enumerate(lines[:GARRISON_LINES]):  # kept inside the panel
        stamp_text(image, (16, 94 + line * 36), text, SMALL_TEXT, INK)
    extra = len(lines) - GARRISON_LINES
    if extra > 0:
        stamp_text(image, (SYSTEM_W - 16, 12), f"+{extra}", SMALL_TEXT, MUTED, "ra")


def _garrison_lines(
    garrison: tuple[tuple[str, ...], ...], cards: CardSet, labels: Labels
) -> list[str]:
    """The units as symbols, as many to a line as fit: a ship's class and dice with its number
    of support cards ("BB5+2"), a monster's name and dice. The board's words name every card;
    its legend explains the symbols."""
    symbols = [_unit_symbol(unit, cards, labels) for unit in garrison]
    lines: list[str] = []
    for symbol in symbols:
        joined = f"{lines[-1]}{UNIT_GAP}{symbol}" if lines else symbol
        if lines and text_width(joined, SMALL_TEXT) <= SYSTEM_W - 32:
            lines[-1] = joined
        else:
            lines.append(fit(symbol, SMALL_TEXT, SYSTEM_W - 32))
    return lines


def _unit_symbol(unit: tuple[str, ...], cards: CardSet, labels: Labels) -> str:
    head = cards[unit[0]]
    if head.kind == "monster":
        return f"{labels.term(head.name)} {head.strength}"
    supports = f"+{len(unit) - 1}" if len(unit) > 1 else ""
    return f"{head.ship_class}{head.strength}{supports}"


@lru_cache(maxsize=1)
def _frame() -> Image.Image:
    return PALETTE.new((SYSTEM_W + 1, SYSTEM_H + 1), HIGHLIGHT)


@lru_cache(maxsize=1)
def _frame_mask() -> Image.Image:
    mask = Image.new("L", (SYSTEM_W + 1, SYSTEM_H + 1), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, SYSTEM_W, SYSTEM_H), radius=12, outline=255, width=6
    )
    return mask


def _card_name(cards: CardSet, card_id: str, labels: Labels) -> str:
    card = cards[card_id]
    name = labels.term(card.name)
    if card.kind == "ship":
        return f"{name} {card.ship_class}{card.strength}"
    if card.kind == "monster":
        return f"{name} {card.strength}"
    return name


# Players -----------------------------------------------------------------------------------


def _players(image: Image.Image, view: SpaceEmperorView, names: list[str], labels: Labels) -> None:
    """A row per player, as a piece keyed by what it shows (two columns of rows)."""
    rows = _rows(view.seats)
    for seat in range(view.seats):
        col, row = seat // rows, seat % rows
        x = MARGIN + col * (WIDTH // 2 - MARGIN)
        status = [
            labels("hand", count=view.hand_sizes[seat]),
            labels("systems", count=view.scores[seat]),
        ]
        if view.retired[seat]:
            status.append(labels("retired"))
        shown = (
            seat,
            seat == view.active and not view.over,
            fit(player_label(seat, names), SMALL_TEXT, 300 - 66 - 8),
            " · ".join(status),
            HIGHLIGHT if seat in view.waiting else MUTED,
        )
        size = (WIDTH // 2 - MARGIN if col == 0 else WIDTH - x, PLAYER_ROW)
        piece(image, (x, PLAYERS_TOP + row * PLAYER_ROW), size, _player_row, *shown, under=PLAIN)


def _player_row(
    pen: Pen, seat: int, active: bool, label: str, status: str, status_fill: RGB
) -> None:
    image, middle = pen.image, PLAYER_ROW // 2
    if active:
        stamp_text(image, (0, middle), "▶", SMALL_TEXT, HIGHLIGHT, "lm")
    stamp_token(image, 42, middle, 17, seat)
    stamp_text(image, (66, middle), label, SMALL_TEXT, INK, "lm")
    status = fit(status, SMALL_TEXT, WIDTH // 2 - MARGIN - 300 - 8)
    stamp_text(image, (300, middle), status, SMALL_TEXT, status_fill, "lm")


# Battle ------------------------------------------------------------------------------------


def _battle(
    image: Image.Image, view: SpaceEmperorView, cards: CardSet, names: list[str], labels: Labels
) -> None:
    battle = view.battle
    assert battle is not None
    top = _battle_top(view.seats)
    where = labels("battle_at", system=labels.term(cards[battle.system].name))
    stamp_text(image, (MARGIN, top), where, 28, HIGHLIGHT)
    for side, (fleet, seat) in enumerate(
        ((battle.attack, battle.attacker), (battle.defence, battle.defender))
    ):
        y = top + 44 + side * (BATTLE_SLOT_H + 28)
        if seat is not None:
            stamp_token(image, MARGIN + 180, y + 14, 14, seat)
            stamp_text(
                image,
                (MARGIN + 202, y + 14),
                fit(player_label(seat, names), SMALL_TEXT, 300),
                SMALL_TEXT,
                INK,
                "lm",
            )
        if side == 1 and battle.no_sortie:
            stamp_text(image, (MARGIN + 520, y + 14), labels("no_sortie"), SMALL_TEXT, MUTED, "lm")
        for index, slot in enumerate(fleet):
            _slot(
                image, MARGIN + index * (SYSTEM_W + GAP), y + 34, side, index, slot, cards, labels
            )


def _slot(
    image: Image.Image,
    x: int,
    y: int,
    side: int,
    index: int,
    slot: SlotView,
    cards: CardSet,
    labels: Labels,
) -> None:
    paste_image(image, _slot_panel(), (x, y))
    name = f"{'AD'[side]}{index + 1}"
    stamp_text(image, (x + 12, y + 6), name + _target_text(side, slot, labels), SMALL_TEXT, INK)
    for row, card in enumerate(slot.cards):
        hidden = card is None or not slot.face_up[row]  # a board draws what everyone sees
        chip = (
            _back_chip() if hidden or card is None else _face_chip(_card_name(cards, card, labels))
        )
        paste_image(image, chip, (x + 12, y + 42 + row * CHIP_STEP))
    dice_y = y + 42 + 3 * CHIP_STEP + 2
    for die, face in enumerate(slot.faces[:9]):
        hit = face + slot.mod >= 6
        paste_image(image, _die(face, hit), (x + 12 + die * 39, dice_y))
    result = []
    if slot.faces:
        result.append(labels("hits", mod=slot.mod, hits=slot.hits or 0))
    if slot.planet:
        result.append(labels("planet") + (" ✓" if slot.planet == "success" else " ×"))
    if slot.sunk:
        result.append(labels("sunk"))
    colour = HIGHLIGHT if slot.sunk else INK
    stamp_text(image, (x + 12, dice_y + 42), " · ".join(result), SMALL_TEXT, colour)


def _target_text(side: int, slot: SlotView, labels: Labels) -> str:
    if slot.target is None:
        return ""
    if slot.target == PLANET:
        return " → " + labels("planet")
    return f" → {'DA'[side]}{slot.target + 1}"


@lru_cache(maxsize=1)
def _slot_panel() -> Image.Image:
    image, pen = canvas(BATTLE_SLOT_H - 10, SYSTEM_W, palette=PALETTE)
    pen.rounded_rectangle(
        (0, 0, SYSTEM_W - 1, BATTLE_SLOT_H - 11), radius=10, fill=PANEL, outline=PANEL_DARK, width=2
    )
    return image


@lru_cache(maxsize=1)
def _back_chip() -> Image.Image:
    image, pen = canvas(CHIP_H, 340, palette=PALETTE)
    pen.rectangle((0, 0, 339, CHIP_H - 1), fill=PANEL)
    pen.rounded_rectangle((0, 0, 339, CHIP_H - 1), radius=6, fill=CARD_BACK)
    pen.text((170, CHIP_H // 2), "?", font=font(SMALL_TEXT), fill=WHITE, anchor="mm")
    return image


def card_face(card_id: str, labels: Labels) -> Image.Image:
    """One card face up as a fleet slot shows it (render.cards draws `/game card` with it)."""
    return _face_chip(_card_name(card_set(DEFAULT_CARD_SET), card_id, labels))


@lru_cache(maxsize=256)
def _face_chip(text: str) -> Image.Image:
    image, pen = canvas(CHIP_H, 340, palette=PALETTE)
    pen.rectangle((0, 0, 339, CHIP_H - 1), fill=PANEL)
    pen.rounded_rectangle((0, 0, 339, CHIP_H - 1), radius=6, fill=WHITE, outline=INK, width=1)
    text = fit(text, SMALL_TEXT, 320)
    pen.text((10, CHIP_H // 2), text, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    return image


@lru_cache(maxsize=16)
def _die(face: int, hit: bool) -> Image.Image:
    image, pen = canvas(36, 36, palette=PALETTE)
    pen.rectangle((0, 0, 35, 35), fill=PANEL)
    fill, ink = (HIT, WHITE) if hit else (WHITE, INK)
    pen.rounded_rectangle((0, 0, 35, 35), radius=5, fill=fill, outline=INK, width=1)
    pen.text((18, 18), str(face), font=font(SMALL_TEXT), fill=ink, anchor="mm")
    return image
