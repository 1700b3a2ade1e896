"""Shared look and one fast pipeline for every board.

Look: one font, one colour-blind-safe palette (Okabe–Ito), one token style; players are told
apart by colour *and* by a letter inside a distinct shape, so no information rests on colour.

Pipeline (every renderer, so a new game inherits it): a renderer draws on a `Pen` over a board
in its game's `Palette` (`canvas(height, palette=PALETTE)`), usually over a static layer it
caches per (seat count, language); the Pen draws RGB colours as that palette's indices, stamps
every text from a glyph cache already in the palette's antialiasing shades and every token from
a sprite cache; parts that change rarely are `piece`s cached by what they show. A board's pixels
live inside its own PNG scanlines (render/png.py `RowsImage`), so `render_png` deflates them
where they were drawn. No board is mapped from RGB. Same view, same bytes.

This is the kit renderers draw with; the pixel plumbing under it (row buffers, stamps and their
pastes, masks) is render/raster.py, which never imports it."""

from __future__ import annotations

import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from engine.core import SEAT_COLOURS, SEAT_SHAPES
from engine.i18n import format_text, term
from render.png import DeflatedBands, LayerRows, RowsImage, palette_png
from render.raster import (
    BOARD_ROWS,
    MASKS,
    RGB,
    SOLID,
    SPRITE_AREA,
    Stamp,
    large,
    layer_rows,
    near,
    paste_stamp,
    ramp_palette,
    rounded_sprite,
    to_palette,
    to_stamp,
    uniform,
    whole_quarters,
)

FONT_PATH = Path(__file__).parent / "fonts" / "ipaexg.ttf"  # IPAexGothic: Latin + Japanese

WIDTH = 1200  # wide enough to stay readable when a phone scales the image down
# The smallest text a WIDTH board draws: 9 px when a phone shows it 390 px wide (issue 29,
# bench.run --phone). Smaller secondary texts go into the board's words (Game.board_text).
SMALL_TEXT = 28
# The smallest token that still carries its seat's letter at SMALL_TEXT; a smaller one is told
# apart by its colour and shape alone (legends name both).
LETTER_TOKEN_R = 26
BACKGROUND = (246, 241, 230)
PANEL = (232, 223, 204)
PANEL_DARK = (201, 187, 158)
INK = (33, 30, 26)
MUTED = (110, 102, 90)
HIGHLIGHT = (178, 34, 34)
WHITE = (255, 255, 255)

# Okabe–Ito, by the colour ids the engine gives seats (engine.core.SEAT_COLOURS): seven seats,
# Space Emperor's largest table.
COLOUR_RGB: dict[str, RGB] = {
    "orange": (230, 159, 0),
    "sky_blue": (86, 180, 233),
    "bluish_green": (0, 158, 115),
    "vermillion": (213, 94, 0),
    "blue": (0, 114, 178),
    "reddish_purple": (204, 121, 167),
    "yellow": (240, 228, 66),
}
PLAYER_COLOURS = tuple(COLOUR_RGB[colour] for colour in SEAT_COLOURS)
PLAYER_SHAPES = SEAT_SHAPES
LETTERS = "ABCDEFG"

# The phone probe (bench.run --phone): while a list is set here, every text a board draws notes
# (font size in px, text), so the smallest text can be checked at a phone's width. Off (None) by
# default: one `is None` test per text.
TEXT_PROBE: list[tuple[int, str]] | None = None


def probe_text(size: int, text: str) -> None:
    if TEXT_PROBE is not None and text.strip():
        TEXT_PROBE.append((size, text))


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


def wrap(text: str, size: int, width: int, breaks: str = "") -> list[str]:
    """Lines of `text` that fit `width` pixels: broken at spaces where there are any (English),
    else between characters (Japanese), never starting a line with closing punctuation. With
    `breaks`, Japanese text breaks only after one of those characters (or before an opening
    bracket), so a word and its number stay on one line ("労働者1", not "労" / "働者1"); a
    piece wider than a whole line is still broken between characters."""
    if breaks and " " not in text:
        return list(_wrapped_at(text, size, width, breaks))
    return list(_wrapped(text, size, width))


@lru_cache(maxsize=1024)
def _wrapped_at(text: str, size: int, width: int, breaks: str) -> tuple[str, ...]:
    pieces = re.findall(rf"（[^（]*|[^（{re.escape(breaks)}]*[{re.escape(breaks)}]?", text)
    lines: list[str] = []
    line = ""
    for piece in filter(None, pieces):
        if text_width(line + piece, size) <= width:
            line += piece
            continue
        if line:
            lines.append(line)
        *whole, line = _wrapped(piece, size, width) or ("",)
        lines += whole
    if line:
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int) -> tuple[str, ...]:
    """`wrap`, cached: measuring a text character by character costs a board a millisecond."""
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
    return tuple(part.strip() for part in lines)


# Palette -----------------------------------------------------------------------------------------


PALETTE_KEY = "forum.palette"  # a board's `info` entry: which Palette its indices are in
_PALETTES: list[Palette] = []


class Palette:
    """A board's 256 colours: every colour that carries meaning (`colours`, kept exact) plus the
    antialiasing shades of text in each (text colour, colour under it) pair of `text_on`, as many
    shades per pair as fit. Boards are drawn in its indices (`canvas(height, palette=...)`), so
    no board is mapped from RGB: a shape's colour is one look-up, a text's shades come mapped
    from the glyph cache."""

    def __init__(self, colours: Sequence[RGB], text_on: Sequence[tuple[RGB, RGB]]) -> None:
        pairs = tuple(dict.fromkeys(text_on))
        self.colours: tuple[RGB, ...] = tuple(
            dict.fromkeys([*colours, *(c for pair in pairs for c in pair)])
        )
        steps = min(15, (256 - len(self.colours)) // max(1, len(pairs)))
        if steps < 3:
            raise ValueError(f"{len(self.colours)} colours and {len(pairs)} text pairs: too many")
        self.image = ramp_palette(self.colours, pairs, steps)
        flat = self.image.getpalette() or []
        self.flat = bytes(flat)  # as bytes, Pillow installs it without converting a list
        self.entries: tuple[RGB, ...] = tuple(
            (flat[i], flat[i + 1], flat[i + 2]) for i in range(0, len(flat), 3)
        )
        self._index: dict[RGB, int] = {}
        for index, entry in enumerate(self.entries):
            self._index.setdefault(entry, index)
        if [self.ink(colour) for colour in self.colours] != [
            self.to_index(colour) for colour in self.colours
        ]:
            raise ValueError("a meaningful colour does not map onto itself")
        self.key = len(_PALETTES)
        _PALETTES.append(self)

    def to_index(self, colour: RGB) -> int:
        """The entry Pillow's mapping gives `colour` (what an RGB pixel of it becomes)."""
        return to_palette(Image.new("RGB", (1, 1), colour), self.image).getpixel((0, 0))  # type: ignore[return-value]  # a P image's pixel is its index

    def ink(self, colour: RGB) -> int:
        """The index a shape in `colour` is drawn in: its own entry, else where the mapping of
        an RGB board would have put it."""
        index = self._index.get(colour)
        if index is None:
            index = self._index[colour] = self.to_index(colour)
        return index

    def new(
        self, size: tuple[int, int], colour: RGB = BACKGROUND, top: LayerRows | None = None
    ) -> Image.Image:
        """A blank board of `size` in these colours, drawn straight into its PNG rows lent by
        `BOARD_ROWS` (see render/png.py `RowsImage`); its first rows are the layer `top`'s
        (same width) when given."""
        first_row = 0 if top is None else len(top.rows) // (size[0] + 1)
        return self._painted(BOARD_ROWS.board(size, top), first_row, colour)

    def _painted(self, image: Image.Image, first_row: int, colour: RGB = BACKGROUND) -> Image.Image:
        """`image` (index 0 from `first_row` down) in `colour` there, in these colours."""
        ink = self.ink(colour)
        if ink:
            image.im.paste(ink, (0, first_row, *image.size))
        image.putpalette(self.flat)
        image.info[PALETTE_KEY] = self.key
        return image

    def taller(self, board: Image.Image, height: int) -> tuple[Image.Image, Pen]:
        """`board` (drawn in these colours) `height` tall, background below: its rows copied
        into rows lent by its pool (render/png.py `RowsImage.grown`), else into a new board."""
        image = board.grown(height) if isinstance(board, RowsImage) else None
        if image is None:
            return layer(board, height)
        return self._painted(image, board.height), Pen(image)

    def apply(self, image: Image.Image) -> Image.Image:
        """An RGB image mapped onto this palette (a board already in it is returned as is)."""
        if image.mode == "P":
            return image
        mapped = to_palette(image if image.mode == "RGB" else image.convert("RGB"), self.image)
        mapped.info[PALETTE_KEY] = self.key
        return mapped


def palette_of(image: Image.Image) -> Palette:
    """The Palette a `P` board was made in (by `Palette.new` or `Palette.apply`)."""
    key = image.info.get(PALETTE_KEY)
    if key is None:
        raise ValueError("a palette board must come from Palette.new or Palette.apply")
    return _PALETTES[key]


# Glyph and sprite caches -----------------------------------------------------------------------


@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, anchor: str) -> tuple[Image.Image, int, int]:
    face = font(size)
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)))
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


@lru_cache(maxsize=4096)
def _shaded_text(
    text: str, size: int, anchor: str, fill: RGB, under: int, palette: Palette
) -> Stamp:
    """A text in `fill` over the palette entry `under`, already in the palette's shades (the
    pixels an RGB board mapped onto it would get), and the mask of the pixels it covers."""
    mask, _, _ = _text_mask(text, size, anchor)
    shaded = Image.new("RGB", mask.size, palette.entries[under])
    shaded.paste(fill, (0, 0), mask)
    return to_stamp(palette.apply(shaded), mask.point(SOLID))


def _blend(
    image: Image.Image, origin: tuple[int, int], source: RGB | Image.Image, mask: Image.Image
) -> None:
    """`source` through `mask` onto a palette board over a mixed background: blended in RGB
    and mapped back, only where `mask` touches."""
    box = (*origin, origin[0] + mask.width, origin[1] + mask.height)
    region = image.crop(box).convert("RGB")
    region.paste(source, (0, 0), mask)
    alpha = mask.getchannel("A") if mask.mode == "RGBA" else mask
    image.paste(palette_of(image).apply(region), origin, alpha.point(SOLID))


def stamp_text(
    image: Image.Image, xy: tuple[float, float], text: str, size: int, fill: RGB, anchor: str = "la"
) -> None:
    """One line of text, the same pixels as `ImageDraw.text` at whole-pixel `xy`, from a glyph
    mask cached by (text, size, anchor): repeated labels cost a paste, not a rasterisation. On a
    palette board over one colour, the shaded glyphs are cached too."""
    probe_text(size, text)
    mask, left, top = _text_mask(text, size, anchor)
    origin = (round(xy[0]) + left, round(xy[1]) + top)
    if image.mode != "P":
        image.paste(fill, origin, mask)
        return
    under = uniform(image.im, (*origin, origin[0] + mask.width, origin[1] + mask.height))
    if under is None:
        _blend(image, origin, fill, mask)
        return
    paste_stamp(image, _shaded_text(text, size, anchor, fill, under, palette_of(image)), origin)


@lru_cache(maxsize=256)
def _token_sprite(seat: int, r: int, label: str | None) -> tuple[Image.Image, int]:
    centre = math.ceil(r * 1.3) + 2  # polygons reach 1.1 r (+0.15 r for the triangle) + outline
    sprite = Image.new("RGBA", (2 * centre + 1, 2 * centre + 1), (0, 0, 0, 0))
    _draw_token(ImageDraw.Draw(sprite), centre, centre, r, seat, label)
    return sprite, centre


@lru_cache(maxsize=512)
def _token_in(seat: int, r: int, label: str | None, palette: Palette) -> Stamp | None:
    """A token sprite in the palette's indices and its mask; None when its edge is translucent
    (a label wider than the shape), so it must be blended over what lies under it."""
    sprite, _ = _token_sprite(seat, r, label)
    alpha = sprite.getchannel("A")
    if set(alpha.histogram()[1:255]) != {0}:
        return None
    return to_stamp(palette.apply(sprite.convert("RGB")), alpha)


def stamp_token(
    image: Image.Image, cx: float, cy: float, r: float, seat: int, label: str | None = None
) -> None:
    """`token()` pasted from a cached sprite (centred on the nearest whole pixel)."""
    probe_text(_token_font_size(round(r)), label if label is not None else _letter(seat, round(r)))
    sprite, centre = _token_sprite(seat, round(r), label)
    origin = (round(cx) - centre, round(cy) - centre)
    if image.mode != "P":
        image.paste(sprite, origin, sprite)
        return
    mapped = _token_in(seat, round(r), label, palette_of(image))
    if mapped is None:
        _blend(image, origin, sprite, sprite)
    else:
        paste_stamp(image, mapped, origin)


class Pen(ImageDraw.ImageDraw):
    """ImageDraw whose single-line text (in the board font, in an RGB colour) is stamped from the
    glyph cache, and which draws RGB colours on a palette board in that board's indices; shapes
    are ImageDraw's own. `canvas` and `layer` hand these out, so a renderer written with plain
    `pen.text(..., font=font(n))` calls gets the cache for free."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image
        self.board_palette = palette_of(image) if image.mode == "P" else None

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        if self.board_palette is not None:
            ink = self.board_palette.ink(ink) if isinstance(ink, tuple) else ink
            fill = self.board_palette.ink(fill) if isinstance(fill, tuple) else fill
        return super()._getink(ink, fill)

    def polygon(  # type: ignore[override]  # the palette-aware pen takes what Pillow takes
        self,
        xy: Sequence[tuple[float, float]],
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
    ) -> None:
        """ImageDraw's polygon, whose wide outline (clipped by the polygon's own fill) draws
        through a mask kept for the board's size (lent to one pen at a time) and cleared around the
        polygon after use: ImageDraw makes and fills a mask the whole board's size each time
        (a quarter of a Circus Maximus board's drawing went on four of them). Same pixels."""
        ink, fill_ink = self._getink(outline, fill)
        if ink is None or ink == fill_ink or width <= 1 or not isinstance(xy[0], tuple | list):
            super().polygon(xy, fill, outline, width)
            return
        if fill_ink is not None:
            self.draw.draw_polygon(xy, fill_ink, 1)
        with MASKS.borrow(self.image.size) as (mask, mask_pen):
            mask_pen.draw_polygon(xy, self._getink(1)[0], 1)
            self.draw.draw_polygon(xy, ink, 0, width * 2 - 1, mask.im)
            xs, ys = [x for x, _ in xy], [y for _, y in xy]
            box = (math.floor(min(xs)) - 2, math.floor(min(ys)) - 2, math.ceil(max(xs)) + 3)
            left, top = max(0, box[0]), max(0, box[1])
            right, bottom = min(mask.width, box[2]), min(mask.height, math.ceil(max(ys)) + 3)
            if left < right and top < bottom:
                mask.im.paste(0, (left, top, right, bottom))

    def text(  # type: ignore[override]  # the palette-aware pen takes what Pillow takes
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
            self.image.mode in ("RGB", "P")
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
            if isinstance(font, ImageFont.FreeTypeFont):
                probe_text(int(font.size), str(text))
            super().text(xy, text, fill, font, anchor, *args, **kwargs)
        elif text and isinstance(font, ImageFont.FreeTypeFont):  # always, when cached
            stamp_text(self.image, xy, text, int(font.size), fill, anchor or "la")

    def token(self, cx: float, cy: float, r: float, seat: int, label: str | None = None) -> None:
        stamp_token(self.image, cx, cy, r, seat, label)

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        *,
        corners: tuple[bool, bool, bool, bool] | None = None,
    ) -> None:
        """ImageDraw's rounded rectangle (its corners cost 40-90 µs of Python a call), pasted
        on a palette board from a sprite cached by its shape and ink indices."""
        if self.board_palette is None or not whole_quarters(xy) or large(xy):
            super().rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
            return
        ink, fill_ink = self._getink(outline, fill)
        x0, y0, x1, y1 = xy
        # An even shift keeps ImageDraw's banker's rounding of halves, so the pixels are the same;
        # the margin holds an outline wider than the box, which reaches back past its near edge.
        reach = max(0, width) + 2
        ox, oy = (math.floor(x0) - reach) & ~1, (math.floor(y0) - reach) & ~1
        local = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
        sprite, mask = rounded_sprite(local, radius, fill_ink, ink, width, corners)
        self.image.im.paste(sprite.im, (ox, oy, ox + sprite.width, oy + sprite.height), mask.im)


def canvas(
    height: int, width: int = WIDTH, palette: Palette | None = None
) -> tuple[Image.Image, Pen]:
    """A blank board: in `palette`'s indices (every renderer's way), or RGB without one."""
    if palette is None:
        image = Image.new("RGB", (width, height), BACKGROUND)
    else:
        image = palette.new((width, height))
    return image, Pen(image)


def layer(cached: Image.Image, height: int | None = None) -> tuple[Image.Image, Pen]:
    """A fresh copy of a cached static layer to draw one board on, extended with background
    below when the board needs to be taller than the layer (so a cache key need not hold every
    height a board can take)."""
    height = max(height or 0, cached.height)
    if cached.mode == "P":  # copied row for row into a board drawn in its PNG rows
        image = palette_of(cached).new((cached.width, height), top=layer_rows(cached))
    elif height == cached.height:
        image = cached.copy()
    else:
        image = Image.new("RGB", (cached.width, height), BACKGROUND)
        image.paste(cached, (0, 0))
    return image, Pen(image)


PLAIN = 0  # every board palette's index of BACKGROUND (its first colour)


def piece(
    image: Image.Image,
    origin: tuple[int, int],
    size: tuple[int, int],
    draw: Callable[..., None],
    *args: Hashable,
    under: int | None = None,
) -> None:
    """`draw(pen, *args)` in the box at `origin` (the pen's coordinates are the box's own; what
    falls outside it is clipped). Over one colour the box is pasted from a cache keyed by
    `draw`, `args`, that colour and the palette, so `draw` must draw from its arguments alone:
    a piece shows only what its key holds, and the bytes are the same warm or cold. A caller
    whose layer is one palette index `under` the box says so, and the box is not checked."""
    box = (*origin, origin[0] + size[0], origin[1] + size[1])
    core = image.im
    if under is None:  # a large box is drawn afresh
        under = uniform(core, box, size[0] * size[1] <= SPRITE_AREA)
    if under is None:
        region = image.crop(box)
        region.info[PALETTE_KEY] = image.info[PALETTE_KEY]
        draw(Pen(region), *args)
    else:
        region = _piece(size, under, image.info[PALETTE_KEY], draw, args)
    core.paste(region.im, box)


# The piece cache is bounded by the pixels it holds rather than by count: a board pastes from 2
# (a results strip, 254 KB) to 25 pieces (Senator's squares, 15 KB each). 24 MB holds the
# pieces of a few hundred boards in play at once; each entry costs about 1 KB besides its pixels.
PIECE_BYTES = 24 << 20


class _Pieces:
    """Drawn pieces by (size, colour under, palette, draw, args), least recently used first."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.held = 0
        self.images: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        """Without the lock: each dictionary call is atomic under the GIL, and a piece evicted
        between the two is simply not moved. A board takes up to 25 pieces."""
        image = self.images.get(key)
        if image is not None:
            try:  # noqa: SIM105 (contextlib.suppress costs a context manager per piece)
                self.images.move_to_end(key)
            except KeyError:
                pass
        return image

    def cache_clear(self) -> None:
        """Forget every piece (as `functools.lru_cache` does; tests draw cold with it)."""
        with self.lock:
            self.images.clear()
            self.held = 0

    def put(self, key: Hashable, image: Image.Image) -> None:
        with self.lock:
            if key in self.images:
                return
            self.images[key] = image
            self.held += image.width * image.height
            while self.held > self.budget and len(self.images) > 1:
                _, old = self.images.popitem(last=False)
                self.held -= old.width * old.height


_PIECES = _Pieces(PIECE_BYTES)


def _piece(
    size: tuple[int, int], under: int, palette: int, draw: Callable[..., None], args: tuple
) -> Image.Image:
    key = (size, under, palette, draw, args)  # short: hashed anew costs less than a _Key
    image = _PIECES.get(key)
    if image is None:
        image = Image.new("P", size, under)
        image.putpalette(_PALETTES[palette].flat)  # a blended text reads it
        image.info[PALETTE_KEY] = palette
        draw(Pen(image), *args)
        _PIECES.put(key, image)
    return image


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
        rgb: RGB = colour  # type: ignore[assignment]  # an RGB image's colours are (r, g, b)
        if not near(rgb, chosen):  # a shade next to a chosen colour would be confused
            chosen.append(rgb)
    extra = tuple(chosen[len(BASE_COLOURS) :])
    return board_palette(extra, tuple((INK, colour) for colour in extra))


def encode_png(
    image: Image.Image, palette: Palette | None = None, bands: DeflatedBands | None = None
) -> bytes:
    """Deterministic palette PNG (see render/png.py): a board drawn in its palette is written as
    it is; an RGB image is first mapped onto `palette` (by default the shared colours plus the
    image's own fills, see `fill_palette`). With `bands`, its rows are deflated band by band,
    reusing the bands deflated before."""
    if image.mode != "P":
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        image = (palette or fill_palette(rgb)).apply(rgb)
    return palette_png(image, bands)


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
    text = label if label is not None else _letter(seat, r)
    if text:
        draw.text((cx, cy), text, font=font(_token_font_size(r)), fill=INK, anchor="mm")


def _letter(seat: int, r: float) -> str:
    """The seat's letter, on a token large enough to show it readably."""
    return player_letter(seat) if r >= LETTER_TOKEN_R else ""


def _token_font_size(r: float) -> int:
    return max(10, int(r * 1.1))


def title(draw: ImageDraw.ImageDraw, text: str, subtitle: str = "") -> None:
    draw.text((24, 18), text, font=font(40), fill=INK)
    if subtitle:
        draw.text((24, 66), subtitle, font=font(SMALL_TEXT), fill=MUTED)


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
        draw.text((x + 46, y + row_height // 2), line, font=font(SMALL_TEXT), fill=INK, anchor="lm")
        y += row_height
    return y
