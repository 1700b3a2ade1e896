"""The quiet-petition rule in chat: players other than the allowed speakers are reminded by DM
(or their message removed, where the server lets the bot). Message content is never read."""

from __future__ import annotations

import discord

from bot.discord_app.private_prompts import PrivatePrompts
from bot.discord_app.sending import NO_PINGS
from bot.frontend.wording import Wording
from table.service import Session, TableService


class TableTalk:
    def __init__(self, service: TableService, wording: Wording, prompts: PrivatePrompts) -> None:
        self.service = service
        self.wording = wording
        self.prompts = prompts
        self._reminded: dict[int, tuple[int, set[int]]] = {}  # session -> (seq, seats reminded)

    async def enforce(self, session: Session, message: discord.Message) -> None:
        """Players other than the allowed speakers are reminded (or their message removed)."""
        seat = session.seat_of(message.author.id)
        rule = session.game.table_talk(session.live())
        if rule is None or seat is None or seat in rule.speakers:
            return
        texts = self.wording.seat_texts(session, seat)
        remind = texts("quiet.remind", seat=seat, rule=texts.msg(rule.rule))
        if rule.policy == "enforce":
            me = message.guild.me if message.guild is not None else None
            if me is not None and message.channel.permissions_for(me).manage_messages:
                await message.delete()
            elif not session.row.meta.quiet_warned:
                await self.service.set_meta(session, quiet_warned=True)
                await message.channel.send(
                    self.wording.channel_texts(session)("quiet.no_permission"),
                    allowed_mentions=NO_PINGS,
                )
        seq, reminded = self._reminded.get(session.id, (session.seq, set()))
        if seq != session.seq:  # a new moment of the game: everyone may be reminded again
            reminded = set()
        self._reminded[session.id] = (session.seq, reminded)
        if seat not in reminded:  # one reminder per player per moment of the game
            reminded.add(seat)
            await self.prompts.dm(session, seat, remind, None)

    def forget(self, session_id: int) -> None:
        self._reminded.pop(session_id, None)
