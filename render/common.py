"""Shared look and one fast pipeline for every board.

Look: one font, one colour-blind-safe palette (Okabe–Ito), one token style; players are told
apart by colour *and* by a letter inside a distinct shape, so no information rests on colour.

Pipeline (every renderer, so a new game inherits it): a renderer draws RGB on a `Pen`, usually
over a static layer it caches per (seat count, language); the Pen stamps every text from a glyph
cache and every token from a sprite cache; `render_png` then maps the image onto the game's
`Palette` (its meaningful colours exactly, plus the antialiasing shades of its text) and encodes
one byte per pixel at `PNG_LEVEL`. Same view, same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from table.i18n import format_text, term

FONT_PATH = Path(__file__).parent / "fonts" / "ipaexg.ttf"  # IPAexGothic: Latin + Japanese

WIDTH = 1200  # wide enough to stay readable when a phone scales the image down
BACKGROUND = (246, 241, 230)
PANEL = (232, 223, 204)
PANEL_DARK = (201, 187, 158)
INK = (33, 30, 26)
MUTED = (110, 102, 90)
HIGHLIGHT = (178, 34, 34)
WHITE = (255, 255, 255)

# Okabe–Ito: orange, sky blue, bluish green, vermillion, blue, reddish purple, yellow (seven
# seats: Space Emperor's largest table).
PLAYER_COLOURS = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (213, 94, 0),
    (0, 114, 178),
    (204, 121, 167),
    (240, 228, 66),
)
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon", "octagon")
LETTERS = "ABCDEFG"
# zlib level of the palette PNG, chosen by measurement over sampled boards of every game
# (per board: level 1 2.8 ms / 45 KB, level 2 2.85 ms / 43 KB, level 3 3.9 ms / 41 KB,
# level 6 9.2 ms / 33 KB): level 2 is as fast as level 1 and a little smaller.
PNG_LEVEL = 2

RGB = tuple[int, int, int]


class Labels:
    """Board texts in one language: `labels("round", round=3)` formats the catalog's
    `board.round`, falling back to English, then to the key itself."""

    def __init__(self, catalog: dict[str, dict[str, str]], locale: str) -> None:
        self.primary = catalog.get(locale, {})
        self.fallback = catalog.get("en", {})

    def __call__(self, key: str, /, **args: object) -> str:
        full = f"board.{key}"
        template = self.primary.get(full) or self.fallback.get(full) or key
        return format_text(template, args) if args else template

    def term(self, text: str) -> str:
        """A name the catalog translates (`term.<text>`), else as it is."""
        return term(text, self.primary)


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_PATH), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


@lru_cache(maxsize=2048)
def fit(text: str, size: int, width: float) -> str:
    """`text`, cut with an ellipsis (by bisection) so it fits `width` pixels at `size`."""
    if text_width(text, size) <= width:
        return text
    low, high = 0, len(text)  # text[:low] + "…" fits; text[:high] + "…" does not (or is all)
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle] + "…", size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low] + "…"


NO_LINE_START = "、。，．,.)）」』・：:！？!?…ー"  # kinsoku: never begin a wrapped line


def wrap(text: str, size: int, width: int) -> list[str]:
    """Lines of `text` that fit `width` pixels: broken at spaces where there are any (English),
    else between characters (Japanese), never starting a line with closing punctuation."""
    lines: list[str] = []
    line = ""
    for char in text:
        if not line or text_width(line + char, size) <= width:
            line += char
            continue
        cut = line.rfind(" ")
        if char == " ":
            lines.append(line)
            line = ""
        elif cut > 0:
            lines.append(line[:cut])
            line = line[cut + 1 :] + char
        elif (opened := line.rfind("（")) > 0 and "）" not in line[opened:]:
            lines.append(line[:opened])  # keep a short bracketed note whole
            line = line[opened:] + char
        elif char in NO_LINE_START and len(line) > 1:
            lines.append(line[:-1])
            line = line[-1] + char
        else:
            lines.append(line)
            line = char
    if line:
        lines.append(line)
    return [part.strip() for part in lines]


# Glyph and sprite caches -----------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    face = font(size)
    left, top, right, bottom = face.getbbox(text, anchor=anchor)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def stamp_text(
    image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la"
) -> None:
    """One line of text, the same pixels as `ImageDraw.text` at whole-pixel `xy`, from a glyph
    mask cached by (text, size, anchor): repeated labels cost a paste, not a rasterisation."""
    mask, left, top = _text_mask(text, size, anchor)
    image.paste(fill, (round(xy[0]) + left, round(xy[1]) + top), mask)


@lru_cache(maxsize=256)
def _token_sprite(seat: int, r: int, label: str | None) -> tuple[Image.Image, int]:
    centre = math.ceil(r * 1.3) + 2  # polygons reach 1.1 r (+0.15 r for the triangle) + outline
    sprite = Image.new("RGBA", (2 * centre + 1, 2 * centre + 1), (0, 0, 0, 0))
    _draw_token(ImageDraw.Draw(sprite), centre, centre, r, seat, label)
    return sprite, centre


def stamp_token(
    image: Image.Image, cx: float, cy: float, r: float, seat: int, label: str | None = None
) -> None:
    """`token()` pasted from a cached sprite (centred on the nearest whole pixel)."""
    sprite, centre = _token_sprite(seat, round(r), label)
    image.paste(sprite, (round(cx) - centre, round(cy) - centre), sprite)


class Pen(ImageDraw.ImageDraw):
    """ImageDraw whose single-line text (in the board font, in an RGB colour, on an RGB image)
    is stamped from the glyph cache; shapes are ImageDraw's own. `canvas` and `layer` hand these out, so a
    renderer written with plain `pen.text(..., font=font(n))` calls gets the cache for free."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image

    def text(  # type: ignore[override]
        self,
        xy: tuple[float, float],
        text: Any,
        fill: Any = None,
        font: ImageFont.FreeTypeFont | None = None,
        anchor: str | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        cached = (
            self.image.mode == "RGB"
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(fill, tuple)
            and len(fill) == 3
            and isinstance(font, ImageFont.FreeTypeFont)
            and font.path == str(FONT_PATH)
            and not args
            and not kwargs
        )
        if not cached:
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
        elif text:
            stamp_text(self.image, xy, text, int(font.size), fill, anchor or "la")

    def token(self, cx: float, cy: float, r: float, seat: int, label: str | None = None) -> None:
        stamp_token(self.image, cx, cy, r, seat, label)


def canvas(height: int, width: int = WIDTH) -> tuple[Image.Image, Pen]:
    image = Image.new("RGB", (width, height), BACKGROUND)
    return image, Pen(image)


def layer(cached: Image.Image, height: int | None = None) -> tuple[Image.Image, Pen]:
    """A fresh copy of a cached static layer to draw one board on, extended with background
    below when the board needs to be taller than the layer (so a cache key need not hold every
    height a board can take)."""
    if height is None or height <= cached.height:
        image = cached.copy()
    else:
        image = Image.new("RGB", (cached.width, height), BACKGROUND)
        image.paste(cached, (0, 0))
    return image, Pen(image)


# Palette output ----------------------------------------------------------------------------------


NEAR = 6  # Pillow's palette mapping looks colours up in cells 4 levels wide per channel


def ramp_palette(
    colours: Sequence[RGB], blends: Sequence[tuple[RGB, RGB]], steps: int = 15
) -> Image.Image:
    """A palette image holding `colours` exactly plus `steps` evenly spaced mixes of each
    (foreground, background) pair: the antialiasing shades of text drawn in those colours.
    A mix within `NEAR` of an exact colour is left out: Pillow's mapping could give it that
    colour's pixels. At most 256 entries; the caller picks pairs and steps to fit."""
    exact: list[RGB] = list(dict.fromkeys(colours))
    entries = list(exact)
    for fg, bg in blends:
        for step in range(1, steps + 1):
            t = step / (steps + 1)
            mix = tuple(round(b + (f - b) * t) for f, b in zip(fg, bg, strict=True))
            if mix not in entries and not _near(mix, exact):  # type: ignore[arg-type]
                entries.append(mix)  # type: ignore[arg-type]
    if len(entries) > 256:
        raise ValueError(f"{len(entries)} palette entries, at most 256 fit")
    entries += [entries[0]] * (256 - len(entries))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for entry in entries for channel in entry])
    return palette


def _near(colour: RGB, others: Sequence[RGB]) -> bool:
    return any(
        max(abs(a - b) for a, b in zip(colour, other, strict=True)) <= NEAR for other in others
    )


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Map an RGB board onto `palette` (nearest entry, no dithering). The mapping costs a few ms
    and the palette PNG then encodes several times faster than the RGB one (one byte per pixel)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


class Palette:
    """A board's 256 colours: every colour that carries meaning (`colours`, kept exact) plus the
    antialiasing shades of text in each (text colour, colour under it) pair of `text_on`, as many
    shades per pair as fit."""

    def __init__(self, colours: Sequence[RGB], text_on: Sequence[tuple[RGB, RGB]]) -> None:
        pairs = tuple(dict.fromkeys(text_on))
        self.colours: tuple[RGB, ...] = tuple(
            dict.fromkeys([*colours, *(c for pair in pairs for c in pair)])
        )
        steps = min(15, (256 - len(self.colours)) // max(1, len(pairs)))
        if steps < 3:
            raise ValueError(f"{len(self.colours)} colours and {len(pairs)} text pairs: too many")
        self.image = ramp_palette(self.colours, pairs, steps)
        swatches = Image.new("RGB", (len(self.colours), 1))
        swatches.putdata(self.colours)
        mapped = to_palette(swatches, self.image).convert("RGB").tobytes()
        if mapped != bytes(channel for colour in self.colours for channel in colour):
            raise ValueError("a meaningful colour does not map onto itself")

    def apply(self, image: Image.Image) -> Image.Image:
        if image.mode == "P":
            return image
        return to_palette(image if image.mode == "RGB" else image.convert("RGB"), self.image)


BASE_COLOURS = (BACKGROUND, PANEL, PANEL_DARK, INK, MUTED, HIGHLIGHT, WHITE, *PLAYER_COLOURS)
# The text pairs of the shared parts (titles, rows, tokens' letters, the results strip).
BASE_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (HIGHLIGHT, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (HIGHLIGHT, PANEL),
    (INK, WHITE),
    *((INK, colour) for colour in PLAYER_COLOURS),
)
BASE_PALETTE = Palette(BASE_COLOURS, BASE_TEXT_ON)


@lru_cache(maxsize=64)
def board_palette(colours: Sequence[RGB] = (), text_on: Sequence[tuple[RGB, RGB]] = ()) -> Palette:
    """The shared colours and text pairs plus a game's own (arguments are hashable tuples)."""
    return Palette([*BASE_COLOURS, *colours], [*BASE_TEXT_ON, *text_on])


FILL_PIXELS = 64  # a colour covering this many pixels is a fill, not an antialiasing shade
MAX_FILLS = 24


def fill_palette(image: Image.Image) -> Palette:
    """For a renderer that declares no PALETTE: the shared colours plus the image's own fills
    (its most used other colours, exact), derived from the image alone so the bytes stay
    deterministic. Costs a colour count per render: a game should declare its PALETTE."""
    counts = image.getcolors(1 << 16) or []
    chosen = list(BASE_COLOURS)
    for _, colour in sorted((-n, c) for n, c in counts if n >= FILL_PIXELS):
        if len(chosen) == len(BASE_COLOURS) + MAX_FILLS:
            break
        if not _near(colour, chosen):  # a shade next to a chosen colour would be confused
            chosen.append(colour)
    extra = tuple(chosen[len(BASE_COLOURS) :])
    return board_palette(extra, tuple((INK, colour) for colour in extra))


def encode_png(image: Image.Image, palette: Palette | None = None) -> bytes:
    """Deterministic palette PNG: an RGB image is first mapped onto `palette` (by default the
    shared colours plus the image's own fills, see `fill_palette`)."""
    if palette is None and image.mode != "P":
        palette = fill_palette(image.convert("RGB") if image.mode != "RGB" else image)
    buffer = io.BytesIO()
    (palette or BASE_PALETTE).apply(image).save(buffer, format="PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


# Players -----------------------------------------------------------------------------------------


def player_colour(seat: int) -> RGB:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]


def player_letter(seat: int) -> str:
    return LETTERS[seat % len(LETTERS)]


def player_name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if seat < len(names) else f"Player {seat + 1}"


def player_label(seat: int, names: Sequence[str]) -> str:
    """ "A · Alice": the letter ties the name to the token even without colour."""
    return f"{player_letter(seat)} · {player_name(seat, names)}"


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
    """A player's piece: their shape in their colour, with their letter (or `label`) inside.
    On a `Pen` it is stamped from the sprite cache."""
    if isinstance(draw, Pen):
        draw.token(cx, cy, r, seat, label)
    else:
        _draw_token(draw, cx, cy, r, seat, label)


def _draw_token(
    draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, label: str | None
) -> None:
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
            "octagon": (8, math.pi / 8),
        }[shape]
        draw.polygon(
            _polygon(cx, cy + (r * 0.15 if sides == 3 else 0), r * 1.1, sides, rotation),
            fill=colour,
            outline=INK,
            width=2,
        )
    text = label if label is not None else player_letter(seat)
    draw.text((cx, cy), text, font=font(max(10, int(r * 1.1))), fill=INK, anchor="mm")


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
