"""An animated replay from a game's public boards (PNG bytes from `render_png`), each frame
captioned with what happened, small enough for Discord's upload limit.

Frames are the boards themselves, so a replay can show nothing the boards never showed. GIF is
preferred: every Discord client animates it (animated WebP only some), and boards are palette
images of at most 256 colours, so each frame keeps its board's palette and the board decodes
exactly (only the caption's antialiasing snaps to that palette); Pillow writes each frame as the
rectangle that changed, unchanged pixels transparent. A GIF over the upload limit falls back to
lossy animated WebP at quality 80, which keeps the board texts readable at a fifth of the
lossless size (a 113-frame Konsul game: 2.3 MB in 5 s, against 27 MB lossless); APNG without WebP
support. Too large: the frames are scaled down, then (long games) sampled evenly, keeping the
last board.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw, features

from render.common import BACKGROUND, INK, PANEL, fit, font

UPLOAD_LIMIT = 10 * 1024 * 1024  # Discord's default attachment limit
MAX_FRAMES = 120  # a longer game is sampled evenly (bot.frontend.replay draws only kept boards)
FRAME_MS = 1200
LAST_FRAME_MS = 5000
CAPTION_H = 44
CAPTION_SIZE = 22
SCALES = (1.0, 0.75, 0.5, 0.35)
WEBP_QUALITY = 80


def sample(count: int, limit: int) -> list[int]:
    """`limit` indexes of `count` spread evenly, always the first and the last."""
    if count <= limit:
        return list(range(count))
    if limit <= 1:
        return [count - 1]
    return sorted({round(i * (count - 1) / (limit - 1)) for i in range(limit)})


def captioned(board: bytes, caption: str, size: tuple[int, int]) -> Image.Image:
    """The board on a canvas of `size` (boards of one game may differ in height), with its
    caption in a band below."""
    image = Image.open(io.BytesIO(board)).convert("RGB")
    frame = Image.new("RGB", (size[0], size[1] + CAPTION_H), BACKGROUND)
    frame.paste(image, (0, 0))
    draw = ImageDraw.Draw(frame)
    draw.rectangle((0, size[1], size[0], size[1] + CAPTION_H), fill=PANEL)
    text = fit(caption, CAPTION_SIZE, size[0] - 24)
    draw.text((12, size[1] + CAPTION_H // 2), text, fill=INK, font=font(CAPTION_SIZE), anchor="lm")
    return frame


def board_size(boards: Sequence[bytes]) -> tuple[int, int]:
    sizes = [Image.open(io.BytesIO(board)).size for board in boards]
    return max(w for w, _ in sizes), max(h for _, h in sizes)


def animate(
    boards: Sequence[bytes], captions: Sequence[str], limit: int = UPLOAD_LIMIT
) -> tuple[bytes, str]:
    """(file bytes, extension) of the animation of `boards`, under `limit` bytes."""
    if not boards:
        raise ValueError("a replay needs at least one board")
    size = board_size(boards)
    frames = [captioned(b, c, size) for b, c in zip(boards, captions, strict=True)]
    gif = _gif(boards, frames)
    if gif is not None and len(gif) <= limit:
        return gif, "gif"
    kept = list(range(len(frames)))
    while True:
        chosen = [frames[i] for i in kept]
        for scale in SCALES:
            data, extension = _encode(chosen, scale)
            if len(data) <= limit:
                return data, extension
        if len(kept) <= 1:
            raise ValueError("even one board does not fit the upload limit")
        kept = sample(len(frames), len(kept) // 2)


def _gif(boards: Sequence[bytes], frames: list[Image.Image]) -> bytes | None:
    """The lossless GIF of the captioned `frames`, each mapped onto its own board's palette
    (the board's pixels keep their indices); None when a board is not a palette image."""
    images = [Image.open(io.BytesIO(board)) for board in boards]
    if any(image.mode != "P" for image in images):
        return None
    mapped = []
    for frame, image in zip(frames, images, strict=True):
        # Pillow's palette mapping is approximate (a 6-bit cache), so the board's own indices
        # are pasted over the mapped frame: only the caption band is mapped.
        indexed = frame.quantize(palette=image, dither=Image.Dither.NONE)
        indexed.paste(image, (0, 0))
        mapped.append(indexed)
    durations = [FRAME_MS] * (len(mapped) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    mapped[0].save(
        buffer, "GIF", save_all=True, append_images=mapped[1:], duration=durations, loop=0
    )
    return buffer.getvalue()


def _encode(frames: list[Image.Image], scale: float) -> tuple[bytes, str]:
    if scale != 1.0:
        width, height = frames[0].size
        target = (round(width * scale), round(height * scale))
        frames = [f.resize(target, Image.Resampling.LANCZOS) for f in frames]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    buffer = io.BytesIO()
    if features.check("webp"):
        frames[0].save(
            buffer,
            "WEBP",
            save_all=True,
            append_images=frames[1:],
            duration=durations,
            loop=0,
            quality=WEBP_QUALITY,
            method=0,
        )
        return buffer.getvalue(), "webp"
    frames[0].save(
        buffer, "PNG", save_all=True, append_images=frames[1:], duration=durations, loop=0
    )
    return buffer.getvalue(), "png"
