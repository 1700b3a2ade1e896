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

Boards (`render_png`) are deflated in bands of rows with full flushes (`DeflatedBands`), so a
band already deflated (unchanged since the board was last drawn, or a static part every game of a
table size shares) is found and its bytes reused: only changed bands are deflated. A flushed band
costs about twice the one-shot deflate per byte, so a board that changed everywhere costs more.
"""

from __future__ import annotations

import struct
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from typing import Generic, TypeVar

from isal import isal_zlib
from PIL import Image, ImagePalette

T = TypeVar("T")
DEFLATE_LEVEL = 1  # ISA-L's levels are 0-3; see the module docstring for the measurement
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ADLER_BASE = 65521  # Adler-32's modulus (RFC 1950)
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, fastest (what ISA-L level 1 writes)
LAST_EMPTY_BLOCK = b"\x03\x00"  # a final, empty block of fixed codes: ends the deflate stream
BAND_ROWS = 32  # rows deflated apart; see `DeflatedBands`
BAND_BYTES_KEPT = 16 << 20  # the raw bands kept to compare with (their deflate is ~5 % of that)
ROW_BUFFERS = 4  # boards (about 1 MB each) or sizes a pool keeps buffers for


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
    so the filter bytes stay 0. Copies and crops are plain images.

    A board's rows are lent by a `RowsPool` (`RowsPool.board`) and given back by
    `RowsPool.release` once its PNG is written; a board nobody releases keeps them."""

    def __init__(self, size: tuple[int, int], rows: bytearray, lease: Lease | None = None) -> None:
        """A view of `rows` (at least `(width + 1) * height + 1` bytes: Pillow's buffer check
        counts the offset on top of height × stride) as a board of `size`."""
        super().__init__()
        self.lease = lease
        self._map(rows, size)

    def _map(self, rows: bytearray, size: tuple[int, int]) -> None:
        self.rows = rows
        self.length = (size[0] + 1) * size[1]
        self.mapped = Image.core.map_buffer(rows, size, "raw", 1, ("P", size[0] + 1, 1))
        self.im = self.mapped
        self._mode = "P"
        self._size = size
        self.palette = ImagePalette.ImagePalette()

    def grown(self, height: int) -> RowsImage | None:
        """This board `height` rows tall, the new rows index 0: its rows copied into rows of that
        height lent by its pool (a new buffer without one), on the same layer; or None once
        Pillow has given it other pixels. The board itself keeps its own rows and lease: whoever
        holds it gives them back (`RowsPool.release`) as before."""
        if self.im is not self.mapped or height < self.height:
            return None
        needed = (self.width + 1) * height + 1
        layer = None if self.lease is None else self.lease.layer
        pool = None if self.lease is None else self.lease.pool
        rows = bytearray(needed) if pool is None else pool.take(needed, layer)[0]
        view = memoryview(rows)
        view[: self.length] = memoryview(self.rows)[: self.length]
        view[self.length : needed] = bytes(needed - self.length)
        del view  # an exported buffer would keep the rows from being resized
        return RowsImage((self.width, height), rows, None if pool is None else Lease(pool, layer))

    def scanlines(self) -> memoryview | None:
        """The rows, or None if Pillow has since given the image other pixels."""
        return memoryview(self.rows)[: self.length] if self.im is self.mapped else None


class LayerRows:
    """A static layer's scanlines (copied once, so the layer can never change under them) and
    its full bands' deflates, made when a board first reuses them: a board drawn on the layer
    shares every band it did not draw on with the layer, and the layer's deflate of it."""

    def __init__(self, rows: bytes | memoryview, row_length: int) -> None:
        self.rows = bytes(rows)
        self.row_length = row_length
        self.step = row_length * BAND_ROWS
        self.full_bands = len(self.rows) // self.step
        self.deflated: list[tuple[bytes, int] | None] = [None] * self.full_bands

    def band(self, index: int) -> tuple[bytes, int]:
        """Band `index`'s deflate and Adler-32 (a race between threads deflates it twice)."""
        done = self.deflated[index]
        if done is None:
            start = index * self.step
            done = self.deflated[index] = _deflated(self.rows[start : start + self.step])
        return done


class Lease:
    """A board's claim on rows lent by a pool: the layer they were drawn on, and after the
    board's PNG is written, which bands differ from that layer (None: unknown, all)."""

    def __init__(self, pool: RowsPool, layer: LayerRows | None) -> None:
        self.pool: RowsPool | None = pool  # None once given back
        self.layer = layer
        self.dirty: set[int] | None = None


class RowsPool:
    """Scanline buffers lent to one board at a time (explicit ownership: a board gives its rows
    back with `release` once its PNG is written, and only then are they lent again). A fresh
    1 MB bytearray is fresh memory from the system each time, and its page faults cost a board
    several copies' worth of CPU. Rows given back on a layer's board keep which bands differ
    from the layer, so the next board on that layer copies those bands only. Owned by whoever
    renders; a lock lets threads share one."""

    def __init__(self, kept: int = ROW_BUFFERS) -> None:
        self.kept = kept
        self.free: list[tuple[bytearray, Lease]] = []  # least recently given back first
        self.lock = threading.Lock()

    def board(self, size: tuple[int, int], top: LayerRows | None = None) -> RowsImage:
        """A board of `size`: its first rows the layer `top`'s (same width), the rest index 0."""
        width, height = size
        needed = (width + 1) * height + 1
        rows, given_back = self.take(needed, top)
        length = (width + 1) * height
        view = memoryview(rows)
        layer_length = 0 if top is None else len(top.rows)
        if top is not None and given_back is not None and given_back.layer is top:
            dirty = range(top.full_bands) if given_back.dirty is None else given_back.dirty
            for index in dirty:
                start = index * top.step
                if index < top.full_bands:
                    view[start : start + top.step] = top.rows[start : start + top.step]
            tail = top.full_bands * top.step
            view[tail:layer_length] = top.rows[tail:]
        elif top is not None:
            view[:layer_length] = top.rows
        end = max(length, layer_length) + 1
        view[layer_length:end] = bytes(end - layer_length)
        del view  # an exported buffer would keep the rows from being resized
        return RowsImage(size, rows, Lease(self, top))

    def take(self, needed: int, top: LayerRows | None) -> tuple[bytearray, Lease | None]:
        """A free buffer of that length or up to a quarter longer (a game's boards vary in
        height), one last drawn on `top` first, else a new one."""
        with self.lock:
            fits = [
                i
                for i, (rows, _) in enumerate(self.free)
                if needed <= len(rows) <= needed + needed // 4
            ]
            same = [i for i in fits if self.free[i][1].layer is top]
            if same or fits:
                return self.free.pop((same or fits)[-1])
        return bytearray(needed), None

    def release(self, image: Image.Image) -> None:
        """`image`'s rows are free again: call once its PNG is written and nothing else will
        read or draw on it."""
        if not isinstance(image, RowsImage):
            return  # not a board of rows: nothing was lent
        lease = image.lease
        if lease is None or lease.pool is not self:
            return  # not lent by this pool, or given back already
        lease.pool = None
        with self.lock:
            self.free.append((image.rows, lease))
            if len(self.free) > self.kept:
                del self.free[0]


class KeptBySize(Generic[T]):
    """Scratch things (a mask, a row buffer) kept for the last `kept` sizes and lent to one
    user at a time (a lock, not a per-thread copy): making and zeroing a fresh one costs a
    board as much as using it. The user leaves it as it found it (zeroed)."""

    def __init__(self, make: Callable[[tuple[int, int]], T], kept: int = ROW_BUFFERS) -> None:
        self.make = make
        self.kept = kept
        self.by_size: dict[tuple[int, int], T] = {}  # least recently used first
        self.lock = threading.Lock()

    @contextmanager
    def borrow(self, size: tuple[int, int]) -> Iterator[T]:
        with self.lock:
            thing = self.by_size.pop(size, None)
            if thing is None:
                thing = self.make(size)
                if len(self.by_size) >= self.kept:
                    del self.by_size[next(iter(self.by_size))]
            self.by_size[size] = thing
            yield thing


# One column wider than the images they take, whose column 0 stays zero: the filter bytes.
_WIDE = KeptBySize(lambda size: Image.new("P", size, 0))


def scanlines(image: Image.Image) -> bytes | memoryview:
    """A palette image's rows as PNG scanlines, each led by its filter type 0 (none): a
    `RowsImage`'s own, else the image goes one column right into a kept buffer of its size."""
    if isinstance(image, RowsImage) and (rows := image.scanlines()) is not None:
        return rows
    size = (image.width + 1, image.height)
    image.load()  # an opened file's pixels are read on first use
    with _WIDE.borrow(size) as wide:
        wide.im.paste(image.im, (1, 0, *size))
        return pixel_bytes(wide)


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two strings one after the other, from each one's own (zlib's
    `adler32_combine`, which Python does not expose)."""
    a = (first & 0xFFFF) + (second & 0xFFFF) - 1
    b = (first >> 16) + (second >> 16) + second_length * ((first & 0xFFFF) - 1)
    return (b % ADLER_BASE) << 16 | a % ADLER_BASE


def _deflated(band: bytes) -> tuple[bytes, int]:
    """A band's raw deflate ended by a full flush (byte-aligned, no reference to anything
    before it, so the same band gives the same bytes wherever it lies), and its Adler-32."""
    compressor = isal_zlib.compressobj(DEFLATE_LEVEL, isal_zlib.DEFLATED, -15)
    deflated = compressor.compress(band) + compressor.flush(isal_zlib.Z_FULL_FLUSH)
    return deflated, isal_zlib.adler32(band)


class DeflatedBands:
    """A zlib stream of a board's scanlines made of bands of `BAND_ROWS` rows, each deflated
    on its own and ended by a full flush (byte-aligned, no reference to earlier bands), so a
    band's compressed bytes depend on its own bytes only, and a band seen before (unchanged
    since the last board of the game, a static layer's part shared by every game of that
    table size) is found by its CRC-32, compared byte for byte, and its deflate reused:
    only the bands that changed are deflated. The stream ends with an empty last block and
    the Adler-32 of the whole, combined from the bands' own. Bands kept: least recently used
    dropped past `budget` raw bytes; a lock lets threads share one."""

    def __init__(self, budget: int = BAND_BYTES_KEPT) -> None:
        self.budget = budget
        self.held = 0
        self.lock = threading.Lock()
        # (length, CRC-32) -> (raw band, its deflate, its Adler-32): least recently used first
        self.bands: OrderedDict[tuple[int, int], tuple[bytes, bytes, int]] = OrderedDict()

    def cache_clear(self) -> None:
        """Forget every band (as `functools.lru_cache` does; tests encode cold with it)."""
        with self.lock:
            self.bands.clear()
            self.held = 0

    def zlib_stream(
        self, rows: bytes | memoryview, row_length: int, lease: Lease | None = None
    ) -> bytes:
        """The rows' zlib stream; a band of a board drawn on a layer (its `lease`'s) that still
        equals the layer's is the layer's deflate, and the lease learns which bands differ."""
        view = memoryview(rows)
        step = row_length * BAND_ROWS
        layer = lease.layer if lease is not None else None
        shared = layer.full_bands if layer is not None and layer.step == step else 0
        dirty: set[int] = set()
        parts = [ZLIB_HEADER]
        adler = 1
        for index, start in enumerate(range(0, len(view), step)):
            band = view[start : start + step]
            if index < shared and layer.rows.startswith(band, start):  # type: ignore[union-attr]  # shared > 0 only with a layer
                deflated, band_adler = layer.band(index)  # type: ignore[union-attr]  # shared > 0 only with a layer
            else:
                dirty.add(index)
                _, deflated, band_adler = self._band(band)
            parts.append(deflated)
            adler = adler32_combine(adler, band_adler, len(band))
        parts += (LAST_EMPTY_BLOCK, struct.pack(">I", adler))
        if lease is not None:
            lease.dirty = dirty
        return b"".join(parts)

    def _band(self, band: memoryview) -> tuple[bytes, bytes, int]:
        key = (len(band), isal_zlib.crc32(band))  # ISA-L's CRC-32: 2.5x its Adler-32's speed
        with self.lock:
            kept = self.bands.get(key)
            if kept is not None and kept[0].startswith(band):  # same length: a memcmp
                self.bands.move_to_end(key)
                return kept
        raw = bytes(band)
        entry = (raw, *_deflated(raw))
        with self.lock:
            kept = self.bands.pop(key, None)
            self.held += len(raw) - (len(kept[0]) if kept is not None else 0)
            self.bands[key] = entry
            while self.held > self.budget and len(self.bands) > 1:
                _, (old, _, _) = self.bands.popitem(last=False)
                self.held -= len(old)
        return entry


def palette_png(image: Image.Image, bands: DeflatedBands | None = None) -> bytes:
    """An 8-bit palette PNG of a `P` image (every palette entry written, no transparency): its
    rows deflated in one go, or band by band reusing what `bands` has deflated before."""
    if image.mode != "P":
        raise ValueError(f"a palette image is needed, not {image.mode}")
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    image.load()  # a palette set since is installed on first use
    rows = scanlines(image)
    if bands is None:
        pixels = isal_zlib.compress(rows, DEFLATE_LEVEL)
    else:
        own = isinstance(image, RowsImage) and image.scanlines() is not None
        lease = image.lease if own and isinstance(image, RowsImage) else None
        pixels = bands.zlib_stream(rows, image.width + 1, lease)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _plte(image.im.getpalette(image.im.getpalettemode(), "RGB")),
            _chunk(b"IDAT", pixels),
            _chunk(b"IEND", b""),
        )
    )
