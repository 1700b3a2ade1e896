"""Async tables on Discord (issue 28): table.turn_clocks wired to the board, DMs and channel.

A table with a pace settles its clocks before each board is posted (so the board's "waiting on
Bob · 5 h left" is current), and the timer loop runs the deadline scan: turn notices and
reminders go out by DM (or a channel mention, as the player chose), with a link to the board;
a clock that runs out is announced and its policy followed (the AI plays, the board shows the
pass, or the game closes). Live tables never reach this: they keep the minute timers.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.discord_app.dm_channels import DmChannels
from bot.discord_app.sending import NO_PINGS
from bot.frontend.ai_seats import AiSeats
from bot.frontend.clock_texts import (
    notice_text,
    pace_line,
    rated_last_line,
    timeout_text,
    waiting_lines,
)
from bot.frontend.texts import Texts
from bot.frontend.wording import Wording
from engine.core import IllegalInput
from table.pace import Pace, TablePace
from table.service import Session, SessionBroken, TableService
from table.turn_clocks import Notice, Timeout, TurnClocks

log = logging.getLogger("forum.async")
Step = Callable[[Session], Awaitable[None]]


class AsyncTables:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        clock: Callable[[], float],
        wording: Wording,
        dm_channels: DmChannels,
        ai: AiSeats,
        *,
        close_board: Step,
        republish: Callable[[Session], None],
    ) -> None:
        self.client = client
        self.service = service
        self.clocks = TurnClocks(service, clock)
        self.wording = wording
        self.dm_channels = dm_channels
        self.ai = ai
        self.close_board = close_board
        self.republish = republish
        self._paces: dict[int, TablePace | None] = {}  # session -> its pace (None: live)
        self._waiting: dict[int, list[tuple[int, float]]] = {}  # as the latest board shows
        self._timed_out: dict[int, list[int]] = {}

    async def open_table(
        self, session: Session, pace: Pace, policy: str, quiet_stops: bool
    ) -> None:
        self._paces[session.id] = await self.clocks.open_table(session, pace, policy, quiet_stops)

    async def table_of(self, session: Session) -> TablePace | None:
        """The table's pace (read once per session and process), None for a live table."""
        if session.id not in self._paces:
            self._paces[session.id] = await self.service.store.table_pace(session.id)
        return self._paces[session.id]

    async def settle(self, session: Session) -> bool:
        """Clocks follow who owes an input now; False for a live table (nothing done)."""
        if await self.table_of(session) is None:
            return False
        await self.clocks.settle(session)
        self._waiting[session.id] = await self.clocks.waiting(session)
        stored = await self.service.store.clocks(session.id)
        self._timed_out[session.id] = [c.seat for c in stored if c.timed_out]
        return True

    def board_lines(self, session: Session, t: Texts) -> list[str]:
        """The pace, and who the table waits on with their time left (lobby and board); on a
        final board, the seats whose clock ran out and how they are rated."""
        table = self._paces.get(session.id)
        if table is None:
            return []
        if session.outcome() is not None:
            gone = self._timed_out.get(session.id)
            return [rated_last_line(t, gone)] if gone else []
        lines = [pace_line(t, table)]
        if session.status == "active":
            lines += waiting_lines(t, self._waiting.get(session.id, []))
        return lines

    # The deadline scan ------------------------------------------------------------------

    async def fire(self) -> None:
        notices, timeouts = await self.clocks.scan()
        for notice in notices:
            try:
                await self._deliver(notice)
            except (discord.HTTPException, IllegalInput) as error:
                log.warning("notice %s not delivered: %s", notice, error)
        for timeout in timeouts:
            await self._timed_out_now(timeout)

    async def _deliver(self, notice: Notice) -> None:
        session = await self.service.get(notice.session_id)
        table = await self.table_of(session)
        if table is None:
            return
        t = self.wording.seat_texts(session, notice.seat)
        left = dict(await self.clocks.waiting(session)).get(notice.seat, 0.0)
        text = notice_text(
            t, notice.kind, game=t("name"), link=board_link(session), left=left, policy=table.policy
        )
        if notice.way == "mention":
            table_channel = self.client.get_channel(session.row.channel_id)
            if isinstance(table_channel, discord.abc.Messageable):
                mention = t("clock.notice.mention", user=notice.user_id)
                allowed = discord.AllowedMentions(users=[discord.Object(notice.user_id)])
                await table_channel.send(mention + text, allowed_mentions=allowed)
            return
        with contextlib.suppress(discord.Forbidden):  # DMs closed: the board still says it
            dm = await self.dm_channels.channel(notice.user_id)
            await self._dm_notice(dm, notice, text)

    async def _dm_notice(self, dm: discord.PartialMessageable, notice: Notice, text: str) -> None:
        """A reminder edits the turn's notice DM (one request, no pile of DMs); a new DM only
        for the turn's start or when that one is gone, and its id is kept for the next."""
        store = self.service.store
        turn = (notice.session_id, notice.seat, notice.turn)
        old = None if notice.kind == "turn" else await store.notice_message(*turn, "turn")
        if old is not None:
            try:
                await dm.get_partial_message(old).edit(content=text, allowed_mentions=NO_PINGS)
                await store.set_notice_message(*turn, notice.kind, old)
                return
            except discord.NotFound:
                log.info("notice DM %s gone: sending a new one", old)
        sent = await dm.send(text, allowed_mentions=NO_PINGS)
        await store.set_notice_message(*turn, "turn", sent.id)
        if notice.kind != "turn":
            await store.set_notice_message(*turn, notice.kind, sent.id)

    async def _timed_out_now(self, timeout: Timeout) -> None:
        try:
            session = await self.service.get(timeout.session_id)
        except (SessionBroken, IllegalInput):
            return
        t = self.wording.channel_texts(session)
        channel = self.client.get_channel(session.row.channel_id)
        if isinstance(channel, discord.abc.Messageable):
            await channel.send(
                timeout_text(t, timeout.seat, timeout.done), allowed_mentions=NO_PINGS
            )
        if timeout.done == "abort":
            await self.close_board(session)
        elif session.status == "active":
            self.republish(session)
            self.ai.schedule(session)

    def forget(self, session_id: int) -> None:
        self._paces.pop(session_id, None)
        self._waiting.pop(session_id, None)
        self._timed_out.pop(session_id, None)


def board_link(session: Session) -> str:
    """The board message's link (the channel's, before the board is posted)."""
    guild = session.row.guild_id or "@me"
    board = session.row.meta.board
    base = f"https://discord.com/channels/{guild}/{session.row.channel_id}"
    return f"{base}/{board}" if board else base
