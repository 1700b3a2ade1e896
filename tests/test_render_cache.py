"""The drawing caches of render.common and render.png (issue 20): a cached shape, piece or
scanline buffer gives exactly the pixels drawing afresh gives."""

from __future__ import annotations

import random
import zlib

import pytest
from PIL import Image, ImageDraw

from render.common import (
    BASE_PALETTE,
    BOARD_ROWS,
    HIGHLIGHT,
    INK,
    PANEL,
    PANEL_DARK,
    WHITE,
    Pen,
    _Pieces,
    canvas,
    font,
    layer,
    piece,
)
from render.png import BAND_ROWS, DeflatedBands, adler32_combine, palette_png, scanlines

COLOURS = (None, INK, WHITE, PANEL, PANEL_DARK, HIGHLIGHT)


def _index(colour: tuple[int, int, int] | None) -> int | None:
    return None if colour is None else BASE_PALETTE.ink(colour)


def test_pen_rounded_rectangle_has_imagedraws_pixels() -> None:
    """Whole, half and quarter pixel boxes, outlines wider than the box, partial corners."""
    rng = random.Random(20)
    for _ in range(600):
        board, pen = canvas(220, 300, palette=BASE_PALETTE)
        reference = board.copy()
        step = rng.choice([1, 0.5, 0.25])
        x0, y0 = rng.randint(0, 200) * step, rng.randint(0, 120) * step
        box = (x0, y0, x0 + rng.randint(0, 90) * step, y0 + rng.randint(0, 90) * step)
        radius = rng.choice([0, 3, 5, 6.5, 10, 40])
        fill, outline, width = rng.choice(COLOURS), rng.choice(COLOURS), rng.choice([0, 1, 2, 5])
        corners = tuple(rng.random() < 0.5 for _ in range(4)) if rng.random() < 0.2 else None
        try:
            ImageDraw.Draw(reference).rounded_rectangle(
                box, radius, _index(fill), _index(outline), width, corners=corners
            )
        except ValueError:  # an outline wider than a thin box: Pillow refuses, and so must Pen
            with pytest.raises(ValueError):
                pen.rounded_rectangle(box, radius, fill, outline, width, corners=corners)  # type: ignore[arg-type]
            continue
        pen.rounded_rectangle(box, radius, fill, outline, width, corners=corners)  # type: ignore[arg-type]
        assert board.tobytes() == reference.tobytes(), (box, radius, fill, outline, width)


def _card(pen: Pen, label: str, seat: int) -> None:
    pen.rounded_rectangle((0, 0, 160, 60), radius=10, fill=PANEL, outline=INK, width=2)
    pen.token(30, 30, 18, seat)
    pen.text((56, 30), label, font=font(24), fill=INK, anchor="lm")
    pen.rounded_rectangle((120, 14, 150, 46), radius=5, fill=WHITE, outline=HIGHLIGHT, width=2)


def test_a_piece_has_the_pixels_drawn_in_place_cached_or_not() -> None:
    drawn, pen = canvas(120, 300, palette=BASE_PALETTE)
    pen.rounded_rectangle((40, 30, 200, 90), radius=10, fill=PANEL, outline=INK, width=2)
    pen.token(70, 60, 18, 2)
    pen.text((96, 60), "B · ボブ", font=font(24), fill=INK, anchor="lm")
    pen.rounded_rectangle((160, 44, 190, 76), radius=5, fill=WHITE, outline=HIGHLIGHT, width=2)
    for _ in range(2):  # drawn into the cache, then pasted from it
        board, _ = canvas(120, 300, palette=BASE_PALETTE)
        piece(board, (40, 30), (161, 61), _card, "B · ボブ", 2)
        assert board.tobytes() == drawn.tobytes()
    other, _ = canvas(120, 300, palette=BASE_PALETTE)
    piece(other, (40, 30), (161, 61), _card, "C · Carol", 2)
    assert other.tobytes() != drawn.tobytes(), "a piece is keyed by what it shows"


def test_a_piece_over_mixed_pixels_is_drawn_over_them() -> None:
    board, pen = canvas(120, 300, palette=BASE_PALETTE)
    pen.line((0, 50, 300, 50), fill=INK, width=3)
    expected = board.copy()
    Pen(expected).text((46, 40), "A", font=font(24), fill=HIGHLIGHT)
    piece(board, (40, 30), (60, 40), lambda p: p.text((6, 10), "A", font=font(24), fill=HIGHLIGHT))
    assert board.tobytes() == expected.tobytes()


def test_kept_scanline_buffers_hold_nothing_of_an_earlier_board() -> None:
    first = Image.new("P", (40, 10), 7)
    second = Image.new("P", (40, 10), 3)
    second.putpixel((39, 9), 9)
    scanlines(first)
    rows = scanlines(second)
    expected = b"".join(b"\x00" + second.tobytes()[y * 40 : (y + 1) * 40] for y in range(10))
    assert rows == expected


def test_a_board_drawn_in_its_png_rows_gives_the_rows_of_its_pixels() -> None:
    """A board is drawn straight into its PNG scanlines (render.png.RowsImage): drawing past
    its edges never touches a row's filter byte, and its rows are those of a plain copy of it,
    also once extended by `layer` (the results strip's way)."""
    board, pen = canvas(60, 90, palette=BASE_PALETTE)
    pen.rectangle((-10, -10, 200, 12), fill=INK)
    pen.rectangle((80, 20, 95, 70), fill=HIGHLIGHT, outline=WHITE, width=3)
    pen.text((70, 30), "端 edge", font=font(24), fill=INK)
    pen.token(88, 50, 18, 1)
    rows = bytes(scanlines(board))
    assert rows == bytes(scanlines(board.copy()))
    assert all(rows[y * 91] == 0 for y in range(60))
    taller, _ = layer(board, 100)
    extended = bytes(scanlines(taller))
    assert extended[: len(rows)] == rows
    assert extended[len(rows) :] == bytes(91 * 40), "background (index 0) below"
    assert bytes(scanlines(taller.copy())) == extended


def test_a_board_given_other_pixels_is_written_from_them() -> None:
    board, _ = canvas(10, 20, palette=BASE_PALETTE)
    board.im = Image.new("P", (20, 10), 5).im  # what an in-place Pillow conversion would do
    assert bytes(scanlines(board)) == (b"\x00" + b"\x05" * 20) * 10


def test_the_piece_cache_keeps_its_pixel_budget_dropping_the_least_recent() -> None:
    pieces = _Pieces(budget=3 * 100)
    images = [Image.new("P", (10, 10), n) for n in range(5)]
    for n in range(3):
        pieces.put((n,), images[n])
    assert pieces.get((0,)) is images[0]  # now the most recent
    pieces.put((3,), images[3])
    assert pieces.get((1,)) is None, "the least recently used went first"
    assert [pieces.get((n,)) is not None for n in (0, 2, 3)] == [True, True, True]
    assert pieces.held == 300
    pieces.cache_clear()
    assert pieces.get((0,)) is None and pieces.held == 0


def _board_rows(seed: int, height: int = 150, width: int = 300) -> bytearray:
    """Scanlines of a flat board with a few random boxes (repeating rows, like a real board)."""
    rng = random.Random(seed)
    board, pen = canvas(height, width, palette=BASE_PALETTE)
    for _ in range(12):
        x, y = rng.randint(0, width), rng.randint(0, height)
        pen.rectangle((x, y, x + rng.randint(1, 80), y + rng.randint(1, 30)), fill=INK)
    return bytearray(scanlines(board))


def test_band_deflated_rows_inflate_to_the_rows_whatever_the_bands_kept() -> None:
    """render.png.DeflatedBands: the stream inflates (zlib, Adler-32 checked) to the very rows;
    a band reused from an earlier board gives the bytes a cold encoder gives; a band changed
    in one pixel is deflated anew, never taken for the one kept; the budget holds."""
    width = 301
    bands = DeflatedBands(budget=6 * width * BAND_ROWS)
    for seed in range(8):
        rows = _board_rows(seed, height=140 + seed)
        stream = bands.zlib_stream(rows, width)
        assert zlib.decompress(stream) == rows, f"seed {seed}"
        assert stream == DeflatedBands().zlib_stream(rows, width), f"seed {seed}: cache-dependent"
        assert bands.zlib_stream(rows, width) == stream
        changed = bytearray(rows)
        changed[len(rows) // width // 2 * width + 7] ^= 1  # one pixel of a middle row
        assert zlib.decompress(bands.zlib_stream(changed, width)) == changed, f"seed {seed}"
        assert bands.held <= bands.budget
    assert adler32_combine(zlib.adler32(b"abc"), zlib.adler32(b"defg"), 4) == zlib.adler32(
        b"abcdefg"
    )


def _static_layer(height: int = 200, width: int = 120) -> Image.Image:
    board, pen = canvas(height, width, palette=BASE_PALETTE)
    for y in range(0, height, 9):
        pen.rectangle((y % 50, y, y % 50 + 40, y + 4), fill=PANEL_DARK)
    return board


def test_rows_given_back_are_lent_again_restored_to_the_layer_and_only_once() -> None:
    """render.png.RowsPool: a board's rows are lent again only once given back (explicit
    ownership, nothing counted): a board still held keeps its pixels; a board drawn on rows
    given back by another board of the same layer (only its changed bands restored) has the
    pixels a board on fresh rows has; a grown board has the board's rows and background below,
    in rows of its own; rows given back twice are lent to one board only."""
    static = _static_layer()
    rng = random.Random(31)
    for round_ in range(6):
        boards = []
        for _ in range(3):
            board, pen = layer(static, 230 + rng.randint(0, 30))
            x, y = rng.randint(0, 100), rng.randint(0, 150)  # on the layer
            pen.rectangle((x, y, x + 15, y + rng.randint(1, 60)), fill=HIGHLIGHT)
            boards.append((board, bytes(scanlines(board))))
        for board, rows in boards:
            assert bytes(scanlines(board)) == rows, f"round {round_}: a held board changed"
            palette_png(board, DeflatedBands())  # learns which bands differ from the layer
            BOARD_ROWS.release(board)
            BOARD_ROWS.release(board)
        expected = bytes(scanlines(static)) + bytes(121 * 30)  # background (index 0) below
        again = [layer(static, 230)[0] for _ in range(4)]
        assert all(bytes(scanlines(board)) == expected for board in again), f"round {round_}"
        assert len({id(board.rows) for board in again}) == 4, "rows lent twice"
        taller = again[0].grown(240)
        assert taller is not None
        assert bytes(scanlines(taller)) == expected + bytes(121 * 10), f"round {round_}"
        assert taller.rows is not again[0].rows, "a grown board drew on the board's rows"
        BOARD_ROWS.release(taller)
        BOARD_ROWS.release(again[0])
        assert sum(rows is again[0].rows for rows, _ in BOARD_ROWS.free) == 1
