"""Canaries for the Pillow internals render/ relies on (issue 31.7): each test exercises one
private API exactly as render/png.py, render/raster.py or render/common.py calls it, and fails
with a message that names the API and the code that needs it, so a Pillow upgrade that changes
one is caught here rather than as a wrong board. pyproject.toml bounds Pillow below its next
major version."""

from __future__ import annotations

from typing import Any

import PIL
import pytest
from PIL import Image, ImageDraw, ImagePalette

from render.png import RowsImage, pixel_bytes


def _broken(api: str, user: str) -> str:
    return (
        f"Pillow {PIL.__version__} changed {api}, which {user} relies on: adapt it there, or "
        "keep Pillow at the last version these canaries passed with (pyproject.toml)"
    )


def test_map_buffer_views_the_bytes_between_filter_bytes() -> None:
    """render/png.py RowsImage: `Image.core.map_buffer(rows, size, "raw", 1, ("P", stride, 1))`
    maps a palette image onto a bytearray from offset 1 with a stride one byte wider, and
    drawing writes the bytearray in place; assigning `im`, `_mode` and `_size` makes an Image."""
    rows = bytearray(3 * 5 + 1)
    try:
        core = Image.core.map_buffer(rows, (4, 3), "raw", 1, ("P", 5, 1))
        image = Image.Image()
        image.im, image._mode, image._size = core, "P", (4, 3)
        image.palette = ImagePalette.ImagePalette()
        ImageDraw.Draw(image).rectangle((1, 1, 2, 2), fill=7)
    except (AttributeError, TypeError, ValueError) as error:
        pytest.fail(
            _broken("Image.core.map_buffer or Image's im/_mode/_size", "RowsImage") + f": {error}"
        )
    expected = b"\0\0\0\0\0" + b"\0\0\x07\x07\0" + b"\0\0\x07\x07\0" + b"\0"
    assert bytes(rows) == expected, _broken("map_buffer's offset and stride", "RowsImage")
    assert image.size == (4, 3) and image.mode == "P", _broken("Image._mode/_size", "RowsImage")


def test_a_rows_image_is_drawn_in_place_through_the_private_mapping() -> None:
    board = RowsImage((3, 2), bytearray(4 * 2 + 1))
    board.im.paste(5, (0, 1, 3, 2))
    assert bytes(board.rows) == b"\0\0\0\0\0\x05\x05\x05\0", _broken(
        "ImagingCore.paste", "RowsImage"
    )


def test_raw_encoder_reads_a_whole_image_in_one_call() -> None:
    """render/png.py pixel_bytes: `Image._getencoder(mode, "raw", mode)` with `setimage`,
    `encode(buffer size)` answering status 1 and the pixels, and `cleanup`."""
    image = Image.new("P", (7, 3), 2)
    image.putpixel((6, 2), 9)
    try:
        data = pixel_bytes(image)
    except (AttributeError, TypeError, RuntimeError) as error:
        pytest.fail(_broken("Image._getencoder and the raw encoder", "pixel_bytes") + f": {error}")
    assert data == image.tobytes(), _broken("the raw encoder's output", "pixel_bytes")


def test_core_draw_polygon_draws_through_a_mask() -> None:
    """render/raster.py MASKS and render/common.py Pen.polygon: `Image.core.draw(im, 0)` and
    `draw_polygon(xy, ink, fill, width, mask_core)`, ImageDraw's own way of clipping a wide
    outline by the polygon's fill."""
    image = Image.new("P", (20, 20), 0)
    mask = Image.new("1", (20, 20), 0)
    square = [(4, 4), (15, 4), (15, 15), (4, 15)]
    try:
        Image.core.draw(mask.im, 0).draw_polygon(square, 1, 1)
        ImageDraw.Draw(image).draw.draw_polygon(square, 3, 0, 5, mask.im)
    except (AttributeError, TypeError) as error:
        pytest.fail(_broken("Image.core.draw / draw_polygon's mask", "Pen.polygon") + f": {error}")
    assert image.getpixel((5, 5)) == 3, _broken("draw_polygon's wide outline", "Pen.polygon")
    assert image.getpixel((2, 2)) == 0, _broken("draw_polygon's mask clipping", "Pen.polygon")


def test_getink_and_core_queries_answer_as_the_pen_expects() -> None:
    """render/common.py: ImageDraw's `_getink(ink, fill)` returns (ink, fill) indices; the
    core's `crop`, `getbbox`, `getextrema`, `getpalettemode` and `getpalette(mode, rawmode)`."""
    image = Image.new("P", (6, 6), 0)
    image.putpalette(bytes(range(256)) * 3)
    image.putpixel((2, 3), 4)
    try:
        ink, fill = ImageDraw.Draw(image)._getink(4, 2)
        core: Any = image.im
        region = core.crop((0, 0, 6, 6))
        found = (region.getbbox(), region.getextrema(), core.crop((0, 0, 2, 2)).getbbox())
        palette = core.getpalette(core.getpalettemode(), "RGB")
    except (AttributeError, TypeError, ValueError) as error:
        pytest.fail(
            _broken("ImageDraw._getink or an ImagingCore query", "render/common.py") + f": {error}"
        )
    assert (ink, fill) == (4, 2), _broken("ImageDraw._getink", "Pen")
    assert found == ((2, 3, 3, 4), (0, 4), None), _broken(
        "ImagingCore.getbbox/getextrema", "raster.uniform"
    )
    assert palette[:6] == bytes([0, 1, 2, 3, 4, 5]), _broken(
        "ImagingCore.getpalette", "palette_png"
    )


def test_set_blocks_max_exists() -> None:
    """render/raster.py keeps a few freed image blocks for reuse (`Image.core.set_blocks_max`)."""
    assert hasattr(Image.core, "set_blocks_max") and hasattr(Image.core, "get_blocks_max"), _broken(
        "Image.core.set_blocks_max", "render/raster.py"
    )
    assert Image.core.get_blocks_max() >= 1, _broken(
        "Image.core.set_blocks_max", "render/raster.py"
    )
