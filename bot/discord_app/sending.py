"""Sends that ping nobody by default (`pings` names the players a message means to address),
and private answers clipped to Discord's limit (see bot.frontend.safe_text)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

import discord

from bot.frontend.safe_text import clip

NO_PINGS = discord.AllowedMentions.none()
# Where a game's messages go: a game is only ever opened in a channel members write in.
GameChannel = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel


def game_channel(channel: object) -> GameChannel:
    """`channel` (what get_channel or fetch_channel found for a game's channel id) as the text
    channel it is; a declaration for the type checker, no check at run time."""
    return cast(GameChannel, channel)


async def table_channel(client: discord.Client, channel_id: int) -> GameChannel | None:
    """A game's channel, from the cache or else fetched: a thread auto-archived after a quiet
    day is out of the cache but still there (a message sent to it unarchives it). None only
    when Discord says it is gone or closed to the bot."""
    found = client.get_channel(channel_id)
    if found is not None:
        return game_channel(found)
    try:
        return game_channel(await client.fetch_channel(channel_id))
    except (discord.NotFound, discord.Forbidden):
        return None


def pings(user_ids: Iterable[int]) -> discord.AllowedMentions:
    """Allowed mentions that ping exactly these players (never roles or everyone)."""
    users = [discord.Object(id=int(uid)) for uid in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


async def reply_privately(
    interaction: discord.Interaction,
    text: str,
    view: Any = None,
    file: discord.File | None = None,
) -> None:
    """An ephemeral answer to `interaction`, clipped to Discord's limit and pinging nobody; a
    follow-up when the interaction was already answered."""
    kwargs: dict[str, Any] = {
        "content": clip(text),
        "ephemeral": True,
        "allowed_mentions": NO_PINGS,
    }
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)
