"""Pixel plumbing under the drawing kit (render/common.py): where boards' pixels live and how
cached pixels reach them. Scanline buffers lent to boards (`BOARD_ROWS`), a static layer's rows
taken once (`layer_rows`), palette images made from colour lists (`ramp_palette`), cached
pieces cut into stamps and pasted without Pillow's per-call checks (`to_stamp`, `paste_stamp`,
`paste_image`), the one-colour test under a box (`uniform`), and the rounded-box sprites and
polygon masks the kit's `Pen` pastes. It knows no colours, fonts or tokens: the kit draws with
it, never the other way round."""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.png import KeptBySize, LayerRows, RowsPool, scanlines

RGB = tuple[int, int, int]

# Pillow returns the memory of every freed image to the system by default, so each fresh image
# page-faults its memory in again: measured when boards were Pillow images (CPU time, best of
# 15, 8 boards of 4 games), 3.4-4.2 ms a Hannibal or Caesar render without reuse, 0.9-1.5 ms when
# Pillow keeps a few freed blocks (4 were as good as 32). Boards now live in their PNG rows
# (bytearrays); the blocks kept serve the crops, pieces and sprites, at most a few boards' worth.
PILLOW_BLOCKS_KEPT = 8
Image.core.set_blocks_max(PILLOW_BLOCKS_KEPT)

# Boards' scanline buffers, lent to each board and given back by the pipeline once its PNG is
# written (render_png): one pool per process, shared by its threads.
BOARD_ROWS = RowsPool()


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
            if mix not in entries and not near(mix, exact):  # type: ignore[arg-type]  # a mix of two RGB colours is RGB
                entries.append(mix)  # type: ignore[arg-type]  # a mix of two RGB colours is RGB
    if len(entries) > 256:
        raise ValueError(f"{len(entries)} palette entries, at most 256 fit")
    entries += [entries[0]] * (256 - len(entries))
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for entry in entries for channel in entry])
    return palette


def near(colour: RGB, others: Sequence[RGB]) -> bool:
    return any(
        max(abs(a - b) for a, b in zip(colour, other, strict=True)) <= NEAR for other in others
    )


def to_palette(image: Image.Image, palette: Image.Image) -> Image.Image:
    """Map an RGB image onto `palette` (nearest entry, no dithering)."""
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


SOLID = [0] + [255] * 255  # point() table: every pixel a mask touches at all


# A cached piece ready to paste, as parts (pixels' core, bilevel mask's core or None, box within
# the piece): kept as cores, so a stamp costs a paste a part and no Image property calls.
Stamp = tuple[tuple[Any, Any, int, int, int, int], ...]

STAMP_PARTS = 9  # more parts (a text's glyphs) cost more in calls than one masked paste


def _runs(kinds: Sequence[int]) -> list[tuple[int, int, int]]:
    """(kind, start, end) of each run of equal kinds."""
    runs: list[tuple[int, int, int]] = []
    for index, kind in enumerate(kinds):
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1], index + 1)
        else:
            runs.append((kind, index, index + 1))
    return runs


def _kind(line: bytes) -> int:
    """0: the mask covers none of `line`; 1: all of it; 2: some."""
    return 0 if not line.count(255) else 1 if not line.count(0) else 2


def to_stamp(pixels: Image.Image, mask: Image.Image) -> Stamp:
    """`mask` (0 or 255 only) cut in parts: what it covers whole is pasted without a mask (a
    row copy, where a masked paste tests every pixel: a rounded box's sprite pastes 4x faster),
    what it covers in part through a bilevel mask, and what it misses not at all."""
    width, height = mask.size
    data = mask.tobytes()
    parts = []
    for kind, top, bottom in _runs(
        [_kind(data[y * width : (y + 1) * width]) for y in range(height)]
    ):
        band = [_kind(data[top * width + x : bottom * width : width]) for x in range(width)]
        for column, left, right in _runs(band) if kind == 2 else [(kind, 0, width)]:
            box = (left, top, right, bottom)
            if column:
                cover = (
                    mask.crop(box).convert("1", dither=Image.Dither.NONE).im
                    if column == 2
                    else None
                )
                parts.append((pixels.crop(box).im, cover, *box))
    if len(parts) > STAMP_PARTS:
        bilevel = mask.convert("1", dither=Image.Dither.NONE)
        return ((pixels.im, bilevel.im, 0, 0, width, height),)
    return tuple(parts)


def uniform(core: Any, box: tuple[int, int, int, int], extrema: bool = True) -> int | None:
    """The one palette index under `box` of a board's core, or None where it holds several (or
    where it is not all index 0 and `extrema` is False: a large box's extrema cost 3-4 ns a
    pixel). Index 0 (every board palette's background) is checked first: Pillow finds a box all
    zero 100 times faster than it finds a box's extrema. One crop: it costs most of a check."""
    region = core.crop(box)
    if region.getbbox() is None:
        return 0
    if not extrema:
        return None
    low, high = region.getextrema()
    return low if low == high else None


def paste_stamp(image: Image.Image, stamp: Stamp, origin: tuple[int, int]) -> None:
    """A cached stamp in the board's own mode pasted through its mask, without Pillow's
    per-call conversions and checks."""
    x, y = origin
    core = image.im
    for pixels, mask, left, top, right, bottom in stamp:
        if mask is None:
            core.paste(pixels, (x + left, y + top, x + right, y + bottom))
        else:
            core.paste(pixels, (x + left, y + top, x + right, y + bottom), mask)


def paste_image(image: Image.Image, sprite: Image.Image, origin: tuple[int, int]) -> None:
    """A cached sprite in the board's mode pasted whole at `origin`: `Image.paste` without its
    per-call checks (a board pastes a dozen sprites, at a few µs of Python each)."""
    box = (*origin, origin[0] + sprite.width, origin[1] + sprite.height)
    image.im.paste(sprite.im, box)


def whole_quarters(xy: Any) -> bool:
    """A flat (x0, y0, x1, y1) on the board whose coordinates shift by whole pixels exactly.
    ImageDraw truncates towards zero, so a shift is exact only away from negatives, and the
    corners of a rounded rectangle reach half a pixel above and left of its rounded box."""
    return (
        isinstance(xy, tuple | list)
        and len(xy) == 4
        and all(isinstance(v, int) or (isinstance(v, float) and (v * 4).is_integer()) for v in xy)
        and min(xy) >= 1
    )


SPRITE_AREA = 80 * 80  # a masked paste of more pixels costs more than ImageDraw's corners


def large(xy: Any) -> bool:
    return (xy[2] - xy[0]) * (xy[3] - xy[1]) > SPRITE_AREA


@lru_cache(maxsize=512)
def rounded_sprite(
    xy: tuple[float, float, float, float],
    radius: float,
    fill: int | None,
    outline: int | None,
    width: int,
    corners: tuple[bool, bool, bool, bool] | None,
) -> tuple[Image.Image, Image.Image]:
    """A rounded rectangle drawn in palette indices on a small sprite, and the mask of the
    pixels it covers (everything not left at a spare index)."""
    spare = next(i for i in range(3) if i not in (fill, outline))
    reach = max(0, width) + 3  # an outline wider than the box draws past its far edge too
    size = (math.ceil(xy[2]) + reach, math.ceil(xy[3]) + reach)
    sprite = Image.new("L", size, spare)
    ImageDraw.Draw(sprite).rounded_rectangle(xy, radius, fill, outline, width, corners=corners)
    return sprite, sprite.point([0 if i == spare else 255 for i in range(256)])


def _blank_mask(size: tuple[int, int]) -> tuple[Image.Image, Any]:
    image = Image.new("1", size)
    return image, Image.core.draw(image.im, 0)


# A zeroed bilevel mask per board size and its drawing core (its user clears what it drew).
MASKS = KeptBySize(_blank_mask)


def layer_rows(cached: Image.Image) -> LayerRows:
    """The static layer's rows, taken once (anew if Pillow has since given it other pixels);
    the layer is marked read-only, so a Pillow drawing on it would draw on a copy instead."""
    kept: LayerRows | None = getattr(cached, "layer_rows", None)
    if kept is None or getattr(cached, "layer_core", None) is not cached.im:
        kept = LayerRows(scanlines(cached), cached.width + 1)
        cached.layer_rows, cached.layer_core = kept, cached.im  # type: ignore[attr-defined]  # kept on the layer itself
        cached.readonly = 1
    return kept
