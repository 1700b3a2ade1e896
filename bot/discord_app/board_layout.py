"""The board as a layout message (Discord's Components V2, `discord.ui.LayoutView`).

One container holds the board image, then, in text a phone scales to its reader: who is to move
and what is awaited, each seat and its running score with what the game puts in words of its
board (public holdings, the legend of its symbols: `Game.board_lines`), the latest events; then
the board's buttons in the rows they always had. Nothing here knows a game.

Discord's rules for these messages (bench.fakediscord.layout enforces them): no content or
embeds, at most 40 components, 4,000 characters of text. The biggest board is a container, a
gallery, three texts, two separators and at most five rows of five buttons (a board's buttons
are a `Components`, which holds at most 25): 37 components. Each text has its share of 4,000.

A message keeps the layout flag for ever, and a message posted before layouts (content and
buttons: a lobby, or a board of an older version of the bot) takes the flag only when its
content and embeds are cleared in the same edit. Every board edit clears them (`CLEARED`), so
such a message becomes a layout board by its next edit, in place: same message, same id.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontend.safe_text import clip

BOARD_IMAGE = "board.png"
ROW_WIDTH = 5  # an action row holds five buttons or one select
STATUS_SHARE, SEATS_SHARE, EVENTS_SHARE = 1200, 1800, 900  # of Discord's 4,000 characters
ACCENT = 0xB8860B  # the board's gold edge
CLEARED: dict[str, Any] = {"content": None, "embeds": []}  # see the module docstring


@dataclass(frozen=True)
class BoardText:
    """The board's text, in three parts shown one under the other."""

    status: list[str]  # the title, who is to move and what is awaited (or the results)
    seats: list[str]  # one line per seat, then the board in words (holdings, legend)
    events: list[str]  # the latest events, oldest first


class Layout(discord.ui.LayoutView):
    """A plain bundle of layout components, never stored by discord.py: bot.router handles the
    clicks (as `bot.discord_app.chooser.Components` for legacy messages)."""

    def __init__(self, shows_image: bool = False) -> None:
        super().__init__(timeout=None)
        self.shows_image = shows_image  # whether it names the board image

    def is_dispatchable(self) -> bool:
        return False


def board_layout(text: BoardText, buttons: discord.ui.View, image_alt: str | None) -> Layout:
    """The board message's components; `image_alt` None shows no image (a closed board)."""
    parts: list[discord.ui.Item[Any]] = []
    if image_alt is not None:
        media = discord.MediaGalleryItem(f"attachment://{BOARD_IMAGE}", description=image_alt)
        parts.append(discord.ui.MediaGallery(media))
    shares = ((text.status, STATUS_SHARE), (text.seats, SEATS_SHARE), (text.events, EVENTS_SHARE))
    for index, shown in enumerate(
        clip("\n".join(lines), share) for lines, share in shares if lines
    ):
        if index:
            parts.append(discord.ui.Separator())
        parts.append(discord.ui.TextDisplay(shown))
    parts += action_rows(buttons)
    layout = Layout(shows_image=image_alt is not None)
    layout.add_item(discord.ui.Container(*parts, accent_colour=ACCENT))
    _unlink(layout)
    return layout


def action_rows(view: discord.ui.View) -> list[discord.ui.ActionRow[Any]]:
    """The view's items in the rows they were given (`row`, else the first), in order."""
    by_row: dict[int, list[discord.ui.Item[Any]]] = defaultdict(list)
    for item in view.children:
        by_row[item.row or 0].append(item)
    rows: list[discord.ui.ActionRow[Any]] = []
    for _, items in sorted(by_row.items()):
        current: list[discord.ui.Item[Any]] = []
        for item in items:
            if sum(i.width for i in current) + item.width > ROW_WIDTH:
                rows.append(discord.ui.ActionRow(*current))
                current = []
            current.append(item)
        if current:
            rows.append(discord.ui.ActionRow(*current))
    return rows


def _unlink(layout: Layout) -> None:
    """Drop the items' links back to their parents and view, which only a dispatched view uses:
    without those reference cycles a sent board is freed at once, not by the cyclic garbage
    collector, whose pauses held up the event loop (issue 20)."""
    for item in list(layout.walk_children()):
        item._update_view(None)
        item._parent = None
