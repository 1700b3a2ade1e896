"""Out-of-date choosers close themselves: a click on one takes its buttons away and says where
the player's current decision is, so old messages stop collecting "out of date" replies."""

from __future__ import annotations

import discord

from bot.discord_app.private_prompts import PrivatePrompts, public_turn
from bot.frontend.texts import Texts
from table.service import Session

__all__ = ["close", "pointer", "public_turn"]  # public_turn: where the router finds it


def board_link(session: Session) -> str:
    board = session.row.meta.board
    if not board:
        return f"<#{session.row.channel_id}>"
    return f"https://discord.com/channels/{session.row.guild_id or '@me'}/{session.row.channel_id}/{board}"


def pointer(prompts: PrivatePrompts, session: Session, seat: int, texts: Texts) -> str:
    if prompts.private_prompt(session, seat) is not None:
        return texts("chooser.current_private", board=board_link(session))
    if public_turn(session, seat) is not None:
        return texts("chooser.current_turn", board=board_link(session))
    return texts("chooser.nothing")


async def close(
    prompts: PrivatePrompts,
    interaction: discord.Interaction,
    session: Session,
    seat: int,
    texts: Texts,
    reason: str,
) -> bool:
    """Edit the clicked out-of-date chooser (never the board); False when nothing was edited."""
    message = interaction.message
    if (
        message is None
        or interaction.type != discord.InteractionType.component
        or message.id == session.row.meta.board
    ):
        return False
    if message.guild is not None and not message.flags.ephemeral:  # asked in the open
        closed = prompts.wording.channel_texts(session)("error.stale")
        content = f"{message.content}\n{closed}"[:2000]
    else:
        content = f"{texts(reason)}\n{pointer(prompts, session, seat, texts)}"
    await interaction.response.edit_message(content=content, view=None)
    return True
