"""One card as a picture (`/game card`, issue 29): the card as its board draws it, above its
name and full text, so a player who meets it on the board recognises it.

A renderer whose board draws cards has `card_face(card_id, labels) -> Image` and draws its
board's cards through the same function: the picture is the board's own drawing, not a copy.
Any other game's card gets a plain face, its name on a card in the game's own first colour.
Drawn from the card's definition only (public data), in the reader's language.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.i18n import card_words
from engine.registry import get_game
from render import renderer
from render.common import (
    BACKGROUND,
    BASE_COLOURS,
    INK,
    PANEL,
    PANEL_DARK,
    RGB,
    SMALL_TEXT,
    WHITE,
    Labels,
    font,
    wrap,
)

PICTURE_W = 600
PAD = 24
FACE_MIN_W = 240  # a board's small card is shown enlarged, by a whole factor, to this width
FACE_MAX_W = PICTURE_W - 2 * PAD
NAME_SIZE = 40
LINE_H = 38  # SMALL_TEXT with its leading
PLAIN_FACE = (200, 280)  # width, height of a plain face (a card's proportions)


def card_image(game_id: str, card_id: str, locale: str) -> Image.Image:
    """The picture of one card (IllegalInput `unknown_card` for a card the game lacks)."""
    game = get_game(game_id)
    name, text, _ = card_words(game, card_id, locale)
    module = renderer(game_id)
    drawer = getattr(module, "card_face", None)
    if drawer is not None:
        face = enlarged(drawer(card_id, Labels(game.strings, locale)).convert("RGB"))
    else:
        face = plain_face(name, getattr(module, "PALETTE", None) and module.PALETTE.colours)
    lines = wrap(text, SMALL_TEXT, PICTURE_W - 2 * PAD)
    name_lines = wrap(name, NAME_SIZE, PICTURE_W - 2 * PAD)
    height = PAD + face.height + PAD + len(name_lines) * (NAME_SIZE + 10) + len(lines) * LINE_H
    image = Image.new("RGB", (PICTURE_W, height + PAD), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle(
        (0, 0, PICTURE_W - 1, image.height - 1), radius=16, outline=PANEL_DARK, width=4
    )
    image.paste(face, ((PICTURE_W - face.width) // 2, PAD))
    y = PAD + face.height + PAD
    for line in name_lines:
        pen.text((PAD, y), line, font=font(NAME_SIZE), fill=INK)
        y += NAME_SIZE + 10
    for line in lines:
        pen.text((PAD, y), line, font=font(SMALL_TEXT), fill=INK)
        y += LINE_H
    return image


def card_png(game_id: str, card_id: str, locale: str) -> bytes:
    """`card_image` as PNG bytes: what a render worker hands back to the event loop."""
    out = io.BytesIO()
    card_image(game_id, card_id, locale).save(out, format="PNG", optimize=True)
    return out.getvalue()


def enlarged(face: Image.Image) -> Image.Image:
    """A board's card scaled up by a whole factor (crisp edges) to at least FACE_MIN_W, never
    wider than the picture."""
    factor = max(1, min(-(-FACE_MIN_W // face.width), FACE_MAX_W // face.width))
    if factor == 1:
        return face
    return face.resize((face.width * factor, face.height * factor), Image.Resampling.LANCZOS)


def plain_face(name: str, colours: Sequence[RGB] | None) -> Image.Image:
    """A card with its name, in the game's first own colour (its palette's colours after the
    shared ones), or the shared panel colour for a game without colours of its own."""
    own = list(colours or ())[len(BASE_COLOURS) :]
    fill = own[0] if own else PANEL
    ink = INK if sum(fill) > 3 * 128 else WHITE
    width, height = PLAIN_FACE
    image = Image.new("RGB", (width, height), BACKGROUND)
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, width - 1, height - 1), radius=14, fill=fill, outline=INK, width=3)
    size = 72 if len(name) <= 3 else SMALL_TEXT
    lines = wrap(name, size, width - 24)[:4]
    top = height // 2 - len(lines) * (size + 6) // 2
    for index, line in enumerate(lines):
        pen.text(
            (width // 2, top + index * (size + 6)), line, font=font(size), fill=ink, anchor="ma"
        )
    return image
