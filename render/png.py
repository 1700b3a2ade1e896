"""PNG files written directly from a palette image: IHDR, PLTE, IDAT, IEND.

Why not Pillow's writer: measured over the sampled boards of every game (462 boards, 2 cores,
under load), Pillow's palette PNG at zlib level 2 took 12.3 ms median per board; the same
pixels as rows with filter 0 (none), deflated by ISA-L (`isal`) at level 1, take 0.43 ms and
come out 9 % smaller (median; the largest file is 9 % larger, on a few Konsul boards). zlib-ng
level 1 took 0.82 ms and made files 22 % larger; libdeflate level 1 6.8 ms (19 % smaller);
ISA-L level 2 is no smaller than level 1, level 3 is 10 ms. A PNG filter other than 0 gains
nothing on flat boards (their rows repeat exactly) and costs a pass over the pixels.

Boards are drawn straight into their scanlines (`RowsImage`, which every `Palette.new` board
is), so writing one deflates its rows where they lie. Any other palette image is read out: Pillow's
`tobytes()` does it in 64 KB chunks (5 ms for a 1200×800 board); one raw-encoder call with a
buffer of the whole image takes 0.04 ms, and pasting the board one column to the right of a zero
column yields the filter bytes for free. Same image, same bytes.
"""

from __future__ import annotations

import struct
import sys
import threading
from functools import lru_cache

from isal import isal_zlib
from PIL import Image, ImagePalette

DEFLATE_LEVEL = 1  # ISA-L's levels are 0-3; see the module docstring for the measurement
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    crc = isal_zlib.crc32(data, isal_zlib.crc32(kind))  # zlib's value, 3× as fast (ISA-L)
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)


def pixel_bytes(image: Image.Image) -> bytes:
    """The image's pixels, row after row, read out in one call."""
    encoder = Image._getencoder(image.mode, "raw", image.mode)
    try:
        encoder.setimage(image.im, (0, 0, *image.size))
        _, status, data = encoder.encode(image.width * image.height * len(image.mode) + 16)
    finally:
        encoder.cleanup()
    if status != 1:  # 1: the whole image fitted in the buffer
        raise RuntimeError(f"raw encoder status {status}")
    return data


@lru_cache(maxsize=64)
def _plte(palette: bytes) -> bytes:
    """A board palette's chunk (a few dozen palettes in all, 780 bytes each)."""
    return _chunk(b"PLTE", palette)


class RowsImage(Image.Image):
    """A palette image whose pixels live inside its own PNG scanlines: `rows` is the IDAT stream
    before deflate (each row led by its filter byte 0), and the image is Pillow's view of the
    bytes between those filter bytes. Drawing on it writes the rows in place, so writing the
    PNG deflates them as they are: no pixel read-out, no copy into a row buffer (measured: 0.08
    ms of a 1200×900 board, a quarter of its deflate). Pillow clips every drawing to the image,
    so the filter bytes stay 0. Copies and crops are plain images."""

    def __init__(self, size: tuple[int, int], top: bytes | memoryview = b"") -> None:
        """A board of `size` in index 0, or starting with the scanlines `top` (another board's
        rows of the same width), the rest index 0."""
        super().__init__()
        width, height = size
        length = (width + 1) * height
        # Pillow's buffer check counts the offset on top of height × stride: one spare byte.
        self.rows = _row_buffer(length + 1)
        view = memoryview(self.rows)
        view[: len(top)] = top
        if len(top) < length:
            view[len(top) :] = bytes(length + 1 - len(top))
        else:
            view[length] = 0
        del view  # an exported buffer would pin the rows, and keep them from being reused
        self.mapped = Image.core.map_buffer(self.rows, size, "raw", 1, ("P", width + 1, 1))
        self.im = self.mapped
        self._mode = "P"
        self._size = size
        self.palette = ImagePalette.ImagePalette()

    def scanlines(self) -> memoryview | None:
        """The rows, or None if Pillow has since given the image other pixels."""
        return memoryview(self.rows)[:-1] if self.im is self.mapped else None


_kept_rows = threading.local()


def _row_buffer(length: int) -> bytearray:
    """A bytearray of `length` for a board's rows (contents undefined), reused from this
    thread's last boards of that length once nothing holds them any more: nothing but this
    pool refers to a buffer when its board, the board's pen, every memoryview and Pillow's
    mapping of it are gone. A fresh 1 MB bytearray is fresh memory from the system each time,
    and its page faults cost a board several copies' worth of CPU."""
    kept: list[bytearray] = _kept_rows.__dict__.setdefault("buffers", [])
    for index in range(len(kept)):  # (enumerate's tuple would hold one more reference)
        rows = kept[index]
        if len(rows) == length and sys.getrefcount(rows) == 3:  # `kept`, `rows`, the argument
            kept.append(kept.pop(index))
            return rows
    rows = bytearray(length)
    kept.append(rows)
    if len(kept) > ROW_BUFFERS:
        del kept[0]  # the least recently used
    return rows


ROW_BUFFERS = 4  # board sizes a thread keeps a scanline buffer for (about 1 MB each)
_buffers = threading.local()


def scanlines(image: Image.Image) -> bytes | memoryview:
    """A palette image's rows as PNG scanlines, each led by its filter type 0 (none): a
    `RowsImage`'s own, else the image goes one column right into a buffer of its size kept per
    thread (its column 0 stays zero): allocating and zeroing a fresh one cost a board as much as
    copying the pixels."""
    if isinstance(image, RowsImage) and (rows := image.scanlines()) is not None:
        return rows
    size = (image.width + 1, image.height)
    kept: dict[tuple[int, int], Image.Image] = _buffers.__dict__.setdefault("by_size", {})
    wide = kept.pop(size, None)
    if wide is None:
        wide = Image.new("P", size, 0)
        if len(kept) >= ROW_BUFFERS:
            del kept[next(iter(kept))]  # the least recently used size
    kept[size] = wide
    image.load()  # an opened file's pixels are read on first use
    wide.im.paste(image.im, (1, 0, *size))
    return pixel_bytes(wide)


def palette_png(image: Image.Image) -> bytes:
    """An 8-bit palette PNG of a `P` image (every palette entry written, no transparency)."""
    if image.mode != "P":
        raise ValueError(f"a palette image is needed, not {image.mode}")
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    image.load()  # a palette set since is installed on first use
    pixels = isal_zlib.compress(scanlines(image), DEFLATE_LEVEL)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _plte(image.im.getpalette(image.im.getpalettemode(), "RGB")),
            _chunk(b"IDAT", pixels),
            _chunk(b"IEND", b""),
        )
    )
