"""Board texts at a phone's width (issue 29): the smallest text of every board, in px, when the
image is shown 390 px wide, as most Discord members see it. A text is readable there from 9 px.

The text height is the font's pixel size as drawn (render.common's probe notes every text a board
draws), scaled by 390 / the image's width. Boards: every game at its smallest and largest table,
the start, middle and end of one seeded AI game, both languages.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

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
