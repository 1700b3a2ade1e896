"""Board texts at a phone's width (issue 29): the smallest text of every board, in px, when the
image is shown 390 px wide, as most Discord members see it. A text is readable there from 9 px.

The text height is the font's pixel size as drawn (render.common's probe notes every text a board
draws), scaled by 390 / the image's width. Boards: every game at its smallest and largest table,
the start, middle and end of one seeded AI game, both languages.

`python -m bench.phone --shots DIR` screenshots every game's board message (start, middle, end;
both languages) as a phone shows it, 390 px wide, with headless chromium (see bench.phone_page):
to look at, not kept in git.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import os
import shutil
import struct
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from bench.fakediscord.layout import walk
from bench.phone_page import font_config, page
from engine.ai import play_out
from engine.core import Game, Outcome, PublicView, playable_seats
from engine.registry import GAMES
from render import common, render_png

PHONE_WIDTH = 390
READABLE = 9.0  # px at PHONE_WIDTH
NAMES = ["アリス", "Bob", "Carol", "大輔", "Eve", "Fay", "源"]
STAGES = ("start", "middle", "end")


@dataclass(frozen=True)
class Smallest:
    """The smallest text of one board at PHONE_WIDTH."""

    height: float
    text: str
    board: str


def phone_boards(game: Game, seats: int, seed: int) -> Iterator[tuple[str, PublicView, Any]]:
    """(stage, public view, outcome or None) at the start, middle and end of a seeded AI game."""
    start = game.setup(game.parse_options({}), seats, seed)
    _, actions = play_out(game, start, seed)
    state = start
    yield "start", game.public_view(state), None
    for index, action in enumerate(actions):
        if index == len(actions) // 2:
            yield "middle", game.public_view(state), None
        state, _ = game.apply(state, action)
    yield "end", game.public_view(state), game.outcome(state)


def png_width(png: bytes) -> int:
    return struct.unpack(">I", png[16:20])[0]


def smallest_text(
    game_id: str, view: PublicView, seats: int, locale: str, outcome: Outcome | None
) -> tuple[float, str]:
    """(height at PHONE_WIDTH, text) of the smallest text the board draws."""
    common.TEXT_PROBE = []
    try:
        png = render_png(game_id, view, NAMES[:seats], locale, outcome=outcome)
        drawn = common.TEXT_PROBE
    finally:
        common.TEXT_PROBE = None
    scale = PHONE_WIDTH / png_width(png)
    size, text = min(drawn, default=(10_000, ""))
    return size * scale, text


def game_smallest(game_id: str) -> dict[str, Smallest]:
    """Per board (table size and stage, both languages) the smallest text, keyed by board."""
    game = GAMES[game_id]
    sizes = playable_seats(game)
    found: dict[str, Smallest] = {}
    for seats in sorted({sizes[0], sizes[-1]}):
        for stage, view, outcome in phone_boards(game, seats, seed=seats):
            for locale in ("en", "ja"):
                board = f"{seats}p {stage}"
                height, text = smallest_text(game_id, view, seats, locale, outcome)
                if board not in found or height < found[board].height:
                    found[board] = Smallest(height, text, f"{board} {locale}")
    return found


def bench_phone() -> None:
    print(f"phone: smallest board text when shown {PHONE_WIDTH} px wide (readable ≥ {READABLE})")
    worst = 10_000.0
    for game_id in sorted(GAMES):
        boards = game_smallest(game_id)
        small = min(boards.values(), key=lambda found: found.height)
        heights = "  ".join(f"{board} {found.height:4.1f}" for board, found in boards.items())
        mark = "ok " if small.height >= READABLE else "LOW"
        print(f"  {mark} {game_id:18s} {heights}   smallest {small.text[:30]!r} ({small.board})")
        worst = min(worst, small.height)
    print(f"phone: smallest text of all boards {worst:.1f} px (target ≥ {READABLE})")


# Screenshots of the board message at a phone's width -------------------------------------------

SHOT_OPTIONS = {"imperial_settlers": "rounds=1", "prokonsul": "short_game=true"}
SHOT_MIDDLE = 4  # the human seat's inputs before the middle board (short games end by 12)
SHOT_HEIGHT = 6000  # the window chromium draws in; the shot is cut to the page's height


@dataclass(frozen=True)
class BoardMessage:
    """A board message as the bot sent it to the fake Discord."""

    label: str
    components: list[dict[str, Any]]
    png: bytes | None


async def board_messages(game_id: str, locale: str, workdir: Path) -> list[BoardMessage]:
    """The board message at the start, middle and end of one game of a member and AIs, played
    through the real bot and the fake Discord, the server in `locale`."""
    from bench.bot_harness import Harness
    from bench.fakediscord import FakeDiscord

    shots = []
    async with FakeDiscord(guild_locale=locale) as fake:
        harness = Harness(fake, workdir / f"{game_id}-{locale}.sqlite3")
        try:
            alice = fake.add_user("alice", locale=locale)
            bot = await harness.start()
            ai = GAMES[game_id].min_seats - 1
            await harness.open_table([alice], game_id, SHOT_OPTIONS.get(game_id), ai=ai)
            session = await bot.service.in_channel(fake.channel_id)
            assert session is not None
            for stage, inputs in zip(STAGES, (0, SHOT_MIDDLE, None), strict=True):
                await harness.play_seat(session, 0, inputs)
                board = harness.board()
                png = board.png()
                shown = copy.deepcopy(board.components)
                label = f"{game_id}-{locale}-{stage}"
                shots.append(BoardMessage(label, shown, png.data if png is not None else None))
        finally:
            await harness.stop()
    return shots


def screenshot(message: BoardMessage, folder: Path, scale: float = 1.0) -> Path:
    """The message as a 390 px page (bench.phone_page) and chromium's screenshot of it, cut to
    the page's height: `<label>.png` in `folder` (the page and board image beside it)."""
    image = None
    if message.png is not None:
        image = f"{message.label}-board.png"
        (folder / image).write_bytes(message.png)
    html_path = folder / f"{message.label}.html"
    html_path.write_text(page(message.components, image), encoding="utf-8")
    shot = folder / f"{message.label}.png"
    subprocess.run(
        [
            shutil.which("chromium") or "chromium",
            "--headless",
            "--no-sandbox",
            "--hide-scrollbars",
            f"--force-device-scale-factor={scale}",
            f"--screenshot={shot}",
            f"--window-size={PHONE_WIDTH},{SHOT_HEIGHT}",
            html_path.as_uri(),
        ],
        check=True,
        capture_output=True,
        timeout=60,
        env={**os.environ, "FONTCONFIG_FILE": str(font_config(folder))},
    )
    _cut_to_page(shot)
    return shot


def _cut_to_page(shot: Path) -> None:
    """Drop the empty window below the page (rows of the page's background colour only)."""
    with Image.open(shot) as opened:
        image = opened.convert("RGB")
    background = Image.new("RGB", image.size, image.getpixel((0, image.height - 1)))
    box = ImageChops.difference(image, background).getbbox()
    bottom = min(image.height, (box[3] if box else image.height) + 16)
    image.crop((0, 0, image.width, bottom)).save(shot, optimize=True)


async def shoot_all(folder: Path, games: list[str], locales: list[str], scale: float) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as workdir:
        for game_id in games:
            for locale in locales:
                for message in await board_messages(game_id, locale, Path(workdir)):
                    shot = screenshot(message, folder, scale)
                    chars = sum(len(c.get("content", "")) for _, c in walk(message.components))
                    print(f"{shot}  ({chars} characters of text)")


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.phone", description="board messages at a phone's width"
    )
    parser.add_argument("--shots", type=Path, help="screenshot every board message into DIR")
    parser.add_argument("--games", default=",".join(sorted(GAMES)))
    parser.add_argument("--locales", default="en,ja")
    parser.add_argument("--scale", type=float, default=1.0, help="device pixels per CSS px")
    args = parser.parse_args()
    if args.shots is None:
        bench_phone()
        return
    games, locales = args.games.split(","), args.locales.split(",")
    asyncio.run(shoot_all(args.shots, games, locales, args.scale))


if __name__ == "__main__":
    main()
