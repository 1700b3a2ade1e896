"""Idle timers: remind players who owe an answer, then hand their seats to the AI (or abort),
as the server's settings say. Deadlines are stored, so they survive a restart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.discord_app.async_tables import AsyncTables
from bot.discord_app.private_prompts import PrivatePrompts
from bot.discord_app.sending import NO_PINGS, pings, table_channel
from bot.frontend.ai_seats import AiSeats
from bot.frontend.settings import ServerSettings
from bot.frontend.wording import Wording
from table.service import Session, SessionBroken, TableService

REARM_SECONDS = 60.0
Step = Callable[[Session], Awaitable[None]]


class Deadlines:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        settings: ServerSettings,
        clock: Callable[[], float],
        wording: Wording,
        prompts: PrivatePrompts,
        ai: AiSeats,
        *,
        expire_lobby: Callable[[Session], Awaitable[bool]],
        close_board: Step,
        tables: AsyncTables,
    ) -> None:
        self.client = client
        self.service = service
        self.settings = settings
        self.clock = clock
        self.wording = wording
        self.prompts = prompts
        self.ai = ai
        self.expire_lobby = expire_lobby
        self.close_board = close_board
        self.tables = tables  # async tables: clocks instead of the minute timers
        self._armed: dict[int, float] = {}  # session -> reminder due time stored (0: none)

    def owing_humans(self, session: Session) -> list[int]:
        return sorted({s for p in session.pending() for s in p.seats if not session.is_ai(s)})

    async def arm(self, session: Session) -> None:
        """Remind idle players `reminder_minutes` after the latest change. The stored deadline
        moves at most once a minute, so busy games do not write it on every input."""
        if await self.tables.table_of(session) is not None:
            return  # its clocks were settled before its board was posted
        armed = self._armed.get(session.id)
        minutes = (await self.settings.of(session.row.guild_id)).reminder_minutes
        if minutes <= 0 or not self.owing_humans(session):
            if armed != 0.0:
                await self.service.store.clear_deadline(session.id)
                self._armed[session.id] = 0.0
            return
        due = self.clock() + minutes * 60
        if not armed or due - armed >= REARM_SECONDS:
            await self.service.store.set_deadline(session.id, due, "remind")
            self._armed[session.id] = due

    async def fire(self) -> None:
        await self.tables.fire()
        # Claimed (taken off the table) first, so with several processes each fires once.
        due = await self.service.store.claim_due_deadlines(self.clock())
        for session_id, _, stage in due:
            self._armed.pop(session_id, None)  # nothing stored any more: the next change arms
            try:
                session = await self.service.get(session_id)
            except SessionBroken:  # it waits for /game abort; it needs no reminder
                continue
            if stage == "lobby":
                if await self.expire_lobby(session):
                    await self.close_board(session)
            elif session.status != "active":
                continue
            elif stage == "remind":
                await self._remind(session)
            else:
                await self._idle(session)

    async def _remind(self, session: Session) -> None:
        owing = self.owing_humans(session)
        t = self.wording.channel_texts(session)
        mentions = " ".join(f"<@{session.seats[s].user_id}>" for s in owing)
        channel = await table_channel(self.client, session.row.channel_id)
        allowed = pings(session.seats[s].user_id for s in owing)
        if channel is not None:
            await channel.send(t("reminder", seats=mentions), allowed_mentions=allowed)
        for seat in owing:
            await self.prompts.dm(
                session,
                seat,
                self.wording.seat_texts(session, seat)("reminder", seats=[seat]),
                None,
            )
        settings = await self.settings.of(session.row.guild_id)
        due = self.clock() + settings.idle_minutes * 60
        await self.service.store.set_deadline(session.id, due, "idle")
        self._armed.pop(session.id, None)  # the next change arms the reminder again

    async def _idle(self, session: Session) -> None:
        owing = self.owing_humans(session)
        t = self.wording.channel_texts(session)
        channel = await table_channel(self.client, session.row.channel_id)
        if (await self.settings.of(session.row.guild_id)).idle_policy == "abort":
            await self.service.abort(session)
            if channel is not None:
                await channel.send(t("idle_abort"), allowed_mentions=NO_PINGS)
            await self.close_board(session)
            return
        for seat in owing:
            await self.service.hand_seat_to_ai(session, seat)
        if channel is not None:
            await channel.send(t("idle_ai", seats=owing), allowed_mentions=NO_PINGS)
        await self.service.store.clear_deadline(session.id)
        self._armed.pop(session.id, None)
        self.ai.schedule(session)

    def forget(self, session_id: int) -> None:
        self._armed.pop(session_id, None)
        self.tables.forget(session_id)
