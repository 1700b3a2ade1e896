"""Who may read a finished game (its replay, export, history), from where.

Game ids are sequential, so any member can name any game: a game is shown only on its own
server, only to someone asking from its own channel or thread or to one of its players, and
never to a member who cannot view that channel. Every refusal reads like "no such game", so
nobody learns that a hidden game exists.
"""

from __future__ import annotations

import discord

from table.service import Session


def may_read(interaction: discord.Interaction, session: Session) -> bool:
    if (session.row.guild_id or 0) != (interaction.guild_id or 0):
        return False
    channel_id = session.row.channel_id
    if interaction.channel_id == channel_id:
        return True  # the member is in the game's channel: they see it already
    return session.seat_of(interaction.user.id) is not None and can_view(interaction, channel_id)


def can_view(interaction: discord.Interaction, channel_id: int) -> bool:
    """The asker's permissions on the game's channel (a thread: on its parent). A channel the
    bot cannot find (deleted, or an old thread out of its cache) is trusted to players only,
    which the caller has checked."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel_or_thread(channel_id)
    if channel is None:
        return True
    return channel.permissions_for(member).view_channel
