"""What an interaction carries, typed for the code that reads it: discord.py types its payload
as a union of TypedDicts (one per interaction kind) and its channel id as optional, while a
command or a component always comes from a channel and is read by key."""

from __future__ import annotations

from typing import Any, cast

import discord


def data_of(interaction: discord.Interaction) -> dict[str, Any]:
    """The interaction's payload (custom id, picked values, modal fields), or {} without one."""
    return cast(dict[str, Any], interaction.data or {})


def channel_of(interaction: discord.Interaction) -> int:
    """The channel a command or a component was used in (Discord always sends it for those)."""
    assert interaction.channel_id is not None, "an interaction from no channel"
    return interaction.channel_id
