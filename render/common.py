"""Shared look for every board: one font, one colour-blind-safe palette, one token style.

Players are told apart by colour (Okabe–Ito palette, safe for the common colour-vision
deficiencies) *and* by a letter inside a distinct shape, so no information rests on colour alone.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FONT_PATH = Path(__file__).parent / "fonts" / "ipaexg.ttf"  # IPAexGothic: Latin + Japanese

WIDTH = 1200  # wide enough to stay readable when a phone scales the image down
BACKGROUND = (246, 241, 230)
PANEL = (232, 223, 204)
PANEL_DARK = (201, 187, 158)
INK = (33, 30, 26)
MUTED = (110, 102, 90)
HIGHLIGHT = (178, 34, 34)
WHITE = (255, 255, 255)

# Okabe–Ito: orange, sky blue, bluish green, vermillion, blue, reddish purple.
PLAYER_COLOURS = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (213, 94, 0),
    (0, 114, 178),
    (204, 121, 167),
)
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon")
LETTERS = "ABCDEF"


class Labels:
    """Board texts in one language: `labels("round", round=3)` formats the catalog's
    `board.round`, falling back to English, then to the key itself."""

    def __init__(self, catalog: dict[str, dict[str, str]], locale: str) -> None:
        self.primary = catalog.get(locale, {})
        self.fallback = catalog.get("en", {})

    def __call__(self, key: str, /, **args: object) -> str:
        full = f"board.{key}"
        template = self.primary.get(full) or self.fallback.get(full) or key
        return template.format(**args) if args else template


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size, layout_engine=ImageFont.Layout.BASIC)


def canvas(height: int, width: int = WIDTH) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, ImageDraw.Draw(image)


def encode_png(image: Image.Image) -> bytes:
    """Fast, deterministic PNG: level 1 costs a fraction of the default for ~15% more bytes."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def player_colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(seat: int) -> str:
    return LETTERS[seat % len(LETTERS)]


def _polygon(
    cx: float, cy: float, r: float, sides: int, rotation: float
) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(rotation + 2 * math.pi * i / sides),
            cy + r * math.sin(rotation + 2 * math.pi * i / sides),
        )
        for i in range(sides)
    ]


def token(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, label: str | None = None
) -> None:
    """A player's piece: their shape in their colour, with their letter (or `label`) inside."""
    colour = player_colour(seat)
    shape = PLAYER_SHAPES[seat % len(PLAYER_SHAPES)]
    box = (cx - r, cy - r, cx + r, cy + r)
    if shape == "circle":
        draw.ellipse(box, fill=colour, outline=INK, width=2)
    elif shape == "square":
        draw.rectangle(
            (cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9),
            fill=colour,
            outline=INK,
            width=2,
        )
    else:
        sides, rotation = {
            "triangle": (3, -math.pi / 2),
            "diamond": (4, 0.0),
            "hexagon": (6, 0.0),
            "pentagon": (5, -math.pi / 2),
        }[shape]
        draw.polygon(
            _polygon(cx, cy + (r * 0.15 if sides == 3 else 0), r * 1.1, sides, rotation),
            fill=colour,
            outline=INK,
            width=2,
        )
    text = label if label is not None else player_letter(seat)
    draw.text((cx, cy), text, font=font(max(10, int(r * 1.1))), fill=INK, anchor="mm")


def player_label(seat: int, names: list[str]) -> str:
    """ "A · Alice": the letter ties the name to the token even without colour."""
    name = names[seat] if seat < len(names) else f"Player {seat + 1}"
    return f"{player_letter(seat)} · {name}"


def title(draw: ImageDraw.ImageDraw, text: str, subtitle: str = "") -> None:
    draw.text((24, 18), text, font=font(40), fill=INK)
    if subtitle:
        draw.text((24, 66), subtitle, font=font(26), fill=MUTED)


def legend(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    names: list[str],
    extra: list[str] | None = None,
    row_height: int = 44,
) -> int:
    """Player rows (token + letter · name + optional extra text); returns the y below them."""
    for seat in range(len(names)):
        token(draw, x + 18, y + row_height // 2, 16, seat)
        line = player_label(seat, names) + (f"   {extra[seat]}" if extra else "")
        draw.text((x + 46, y + row_height // 2), line, font=font(26), fill=INK, anchor="lm")
        y += row_height
    return y


# Cached drawing for boards that re-render often -------------------------------------------------
# Encoding dominates a render, and a palette PNG encodes in a fraction of an RGB one's time. These
# helpers let a renderer draw its static parts once, stamp cached glyphs and tokens per render,
# and map the result onto a fixed palette that keeps every colour and the text's antialiasing.

RGB = tuple[int, int, int]


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    face = font(size)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def stamp_text(
    image: Image.Image, xy: tuple[int, int], text: str, size: int, fill: RGB, anchor: str = "la"
) -> None:
    """One line of text, the same pixels as `ImageDraw.text` at whole-pixel `xy`, from a glyph
    mask cached by (text, size, anchor): repeated labels cost a paste, not a rasterisation."""
    mask, left, top = _text_mask(text, size, anchor)
    image.paste(fill, (int(xy[0]) + left, int(xy[1]) + top), mask)


@lru_cache(maxsize=256)
def _token_sprite(seat: int, r: int, label: str | None) -> tuple[Image.Image, int]:
    centre = math.ceil(r * 1.3) + 2  # polygons reach 1.1 r (+0.15 r for the triangle) + outline
    sprite = Image.new("RGBA", (2 * centre + 1, 2 * centre + 1), (0, 0, 0, 0))
    token(ImageDraw.Draw(sprite), centre, centre, r, seat, label)
    return sprite, centre


def stamp_token(
    image: Image.Image, cx: float, cy: float, r: int, seat: int, label: str | None = None
) -> None:
    """`token()` pasted from a cached sprite (centred on the nearest whole pixel)."""
    sprite, centre = _token_sprite(seat, r, label)
    image.paste(sprite, (round(cx) - centre, round(cy) - centre), sprite)


def ramp_palette(
    colours: Sequence[RGB], blends: Sequence[tuple[RGB, RGB]], steps: int = 15
) -> Image.Image:
    """A palette image holding `colours` exactly plus `steps` evenly spaced mixes of each
    (foreground, background) pair: the antialiasing shades of text drawn in those colours.
    At most 256 entries; the caller picks pairs and steps to fit."""
    entries: list[RGB] = list(dict.fromkeys(colours))
    for fg, bg in blends:
        for step in range(1, steps + 1):
            t = step / (steps + 1)
            mix = tuple(round(b + (f - b) * t) for f, b in zip(fg, bg, strict=True))
            if mix not in entries:
                entries.append(mix)  # type: ignore[arg-type]
    if len(entries) > 256:
        raise ValueError(f"{len(entries)} palette entries, at most 256 fit")
    entries += [entries[0]] * (256 - len(entries))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for entry in entries for channel in entry])
    return palette


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Map an RGB board onto `palette` (nearest entry, no dithering). The mapping costs a few ms
    and the palette PNG then encodes several times faster than the RGB one (one byte per pixel)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
