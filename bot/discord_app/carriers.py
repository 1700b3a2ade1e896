"""Clicks as a way to write without spending the bot's REST budget.

Whatever a bot does through an interaction's token (editing the message the component was
clicked on, followup messages in the channel of the click) is exempt from Discord's global
limit, for 15 minutes after the click. So the latest click on a game's board can carry the
board's next edits, and a player's latest click in their DMs can carry their next private
messages; the bot's own REST calls are left for what no click can carry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

# An interaction token works for 15 minutes; keep a margin for the request itself.
CARRIER_SECONDS = 14 * 60
UPDATES = (
    discord.InteractionResponseType.deferred_message_update,
    discord.InteractionResponseType.message_update,
)


@dataclass
class Carrier:
    interaction: Any  # discord.Interaction (or a stand-in with the same methods)
    message_id: int | None  # the clicked message, editable as the token's "original"
    sent: set[int] = field(default_factory=set)  # followups posted through this token

    @property
    def fresh(self) -> bool:
        age = discord.utils.utcnow() - self.interaction.created_at
        return age.total_seconds() < CARRIER_SECONDS

    def can_edit(self, message_id: int) -> bool:
        return message_id == self.message_id or message_id in self.sent

    async def edit(self, message_id: int, **fields: Any) -> None:
        if message_id == self.message_id:
            await self.interaction.edit_original_response(**fields)
        else:
            await self.interaction.followup.edit_message(message_id, **fields)

    async def send(self, **fields: Any) -> int:
        message = await self.interaction.followup.send(wait=True, **fields)
        self.sent.add(message.id)
        return message.id


class Carriers:
    def __init__(self) -> None:
        self._boards: dict[int, Carrier] = {}  # session -> latest click on its board
        self._private: dict[tuple[int, int], Carrier] = {}  # (session, seat) -> latest DM click

    def note(
        self, session_id: int, seat: int | None, board_id: int | None, interaction: Any
    ) -> None:
        """Remember an answered click: on the board (answered by updating the board, so its
        token edits the board) or in the seat's DMs (its token posts there)."""
        message = getattr(interaction, "message", None)
        answered_by_update = interaction.response.type in UPDATES
        if message is not None and message.id == board_id and answered_by_update:
            self._boards[session_id] = Carrier(interaction, message.id)
        elif seat is not None and interaction.guild_id is None:
            editable = message.id if message is not None and answered_by_update else None
            self._private[(session_id, seat)] = Carrier(interaction, editable)

    def board(self, session_id: int, board_id: int) -> Carrier | None:
        carrier = self._boards.get(session_id)
        return carrier if carrier and carrier.fresh and carrier.message_id == board_id else None

    def private(self, session_id: int, seat: int) -> Carrier | None:
        carrier = self._private.get((session_id, seat))
        return carrier if carrier and carrier.fresh else None

    def forget(self, session_id: int) -> None:
        self._boards.pop(session_id, None)
        for key in [key for key in self._private if key[0] == session_id]:
            del self._private[key]
