"""A player's private view (hand, chips…) beside a decision: whole when short, otherwise folded
to its first line with a "Show my hand" button, so a turn prompt holds what can be done now
rather than the whole hand again (an Imperial Settlers hand of 13 cards is ~1,600 characters).
The full view stays one click away, and DM edits that are news (no decision) show it whole."""

from __future__ import annotations

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import cid
from bot.frontend.texts import Texts

INLINE_MAX = 400  # characters of private view shown beside a decision


def folded(private: str) -> tuple[str, bool]:
    """(what to show beside a decision, whether the rest is behind the button)."""
    if len(private) <= INLINE_MAX:
        return private, False
    return private.split("\n", 1)[0].rstrip(":："), True


def add_show_button(view: Components, session_id: int, t: Texts) -> None:
    view.add_item(
        discord.ui.Button(
            label=t("button.show_private"),
            row=4,
            style=discord.ButtonStyle.secondary,
            custom_id=cid(session_id, "hand", "view"),
        )
    )
