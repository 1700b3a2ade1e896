"""Async tables on Discord (issue 28): table.turn_clocks wired to the board, DMs and channel.

A table with a pace settles its clocks before each board is posted (so the board's "waiting on
Bob · 5 h left" is current), and the timer loop runs the deadline scan: turn notices and
reminders go out by DM (or a channel mention, as the player chose), with a link to the board;
a clock that runs out is announced and its policy followed (the AI plays, the board shows the
pass, or the game closes). Live tables never reach this: they keep the minute timers.

One DM per turn: the turn's notice DM carries the seat's decision (its private view and
chooser), a hidden choice as well as a public turn, and no other DM is sent for it
(bot.discord_app.private_prompts defers to `carries`). A public turn's chooser in a DM is safe:
the router checks its clicks as it checks the board's (the clicker's seat, the prompt still the
current one, the message that offered it), commits before it answers, and closes an out-of-date
chooser saying where the current decision is. Each reminder edits that DM and attaches the
chooser anew (with the player's draft); a seat whose DMs are closed gets the channel notice with
its "Your hand" button, as on a live table.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.private_prompts import DM_CLOSED, PrivatePrompts
from bot.discord_app.sending import NO_PINGS, table_channel
from bot.frontend.ai_seats import AiSeats
from bot.frontend.clock_texts import (
    notice_text,
    pace_line,
    rated_last_line,
    timeout_text,
    waiting_lines,
)
from bot.frontend.safe_text import clip
from bot.frontend.texts import Texts
from bot.frontend.wording import Wording
from engine.core import IllegalInput, Prompt
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
        prompts: PrivatePrompts,
        ai: AiSeats,
        *,
        close_board: Step,
        republish: Callable[[Session], None],
    ) -> None:
        self.client = client
        self.service = service
        self.clocks = TurnClocks(service, clock)
        self.wording = wording
        self.prompts = prompts
        self.dm_channels = prompts.dm_channels
        self.ai = ai
        self.close_board = close_board
        self.republish = republish
        self._paces: dict[int, TablePace | None] = {}  # session -> its pace (None: live)
        self._waiting: dict[int, list[tuple[int, float]]] = {}  # as the latest board shows
        self._timed_out: dict[int, list[int]] = {}
        self._scanning = asyncio.Lock()

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
        """One deadline scan and what it found, delivered before another scan starts here (a
        second caller, as a test's, waits for the timer's scan to be delivered)."""
        async with self._scanning:
            await self._scan()

    async def _scan(self) -> None:
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
        text = await self._notice_text(session, table, notice.seat, notice.kind)
        if notice.way == "mention":  # an archived thread is fetched, and the post unarchives it
            channel = await table_channel(self.client, session.row.channel_id)
            if channel is not None:
                t = self.wording.seat_texts(session, notice.seat)
                mention = t("clock.notice.mention", user=notice.user_id)
                allowed = discord.AllowedMentions(users=[discord.Object(notice.user_id)])
                await channel.send(mention + text, allowed_mentions=allowed)
            return
        try:
            dm = await self.dm_channels.channel(notice.user_id)
            await self._dm_notice(session, dm, notice, text)
        except discord.Forbidden as error:  # DMs closed: the board still says it
            decision = self.prompts.turn_decision(session, notice.seat)
            if (
                error.code == DM_CLOSED
                and decision
                and notice.seat not in session.row.meta.dm_closed
            ):
                await self.prompts.dm_fallback(session, notice.seat)  # its "Your hand" button
                dm_closed = (*session.row.meta.dm_closed, notice.seat)
                await self.service.set_meta(session, dm_closed=dm_closed)

    async def _notice_text(self, session: Session, table: TablePace, seat: int, kind: str) -> str:
        t = self.wording.seat_texts(session, seat)
        left = dict(await self.clocks.waiting(session)).get(seat, 0.0)
        return notice_text(
            t, kind, game=t("name"), link=board_link(session), left=left, policy=table.policy
        )

    def _with_decision(
        self, session: Session, seat: int, text: str
    ) -> tuple[dict[str, Any], Prompt | None]:
        """The notice DM's fields: the notice, then the seat's decision and its chooser."""
        decision = self.prompts.turn_decision(session, seat)
        if decision is None:
            return {"content": text, "view": Components(), "allowed_mentions": NO_PINGS}, None
        body, view, prompt = decision
        fields = {"content": clip(f"{text}\n{body}"), "view": view, "allowed_mentions": NO_PINGS}
        return fields, prompt

    async def _dm_notice(
        self, session: Session, dm: discord.PartialMessageable, notice: Notice, text: str
    ) -> None:
        """A reminder edits the turn's notice DM (one request, no pile of DMs) and attaches its
        chooser anew; a new DM only for the turn's start or when that one is gone, and its id
        is kept for the next."""
        store = self.service.store
        turn = (notice.session_id, notice.seat, notice.turn)
        fields, prompt = self._with_decision(session, notice.seat, text)
        old = None if notice.kind == "turn" else await store.notice_message(*turn, "turn")
        sent_id = None
        if old is not None:
            try:
                await dm.get_partial_message(old).edit(**fields)
                sent_id = old
            except discord.NotFound:
                log.info("notice DM %s gone: sending a new one", old)
        if sent_id is None:
            sent_id = (await dm.send(**fields)).id
            await store.set_notice_message(*turn, "turn", sent_id)
        if notice.kind != "turn":
            await store.set_notice_message(*turn, notice.kind, sent_id)
        await self._carried(session, notice.seat, prompt, sent_id)

    async def _carried(
        self, session: Session, seat: int, prompt: Prompt | None, message_id: int
    ) -> None:
        """A private prompt sent in the notice DM counts as sent (stored at once)."""
        if prompt is not None:
            before = session.row.meta
            self.prompts.carried(session, seat, prompt, message_id)
            if session.row.meta != before:
                await self.service.set_meta(session)

    # Turn DMs (private_prompts.TurnDms) ------------------------------------------------

    async def carries(self, session: Session, seat: int) -> bool:
        """At an async table, the decisions of a seat whose notices come by DM (and whose DMs
        are open) go in its turn's notice DM."""
        if await self.table_of(session) is None or seat in session.row.meta.dm_closed:
            return False
        user = session.seats[seat].user_id
        return (await self.service.store.user_prefs([user]))[user].notices == "dm"

    async def refresh(self, session: Session, seat: int) -> None:
        """The seat's decision changed within its turn (or the bot restarted): its notice DM,
        if already sent, is edited to show it, worded as the latest notice it received."""
        table = await self.table_of(session)
        clock = next(
            (c for c in await self.service.store.clocks(session.id) if c.seat == seat), None
        )
        if table is None or clock is None or not clock.running:
            return
        turn = (session.id, seat, clock.turn)
        message = await self.service.store.notice_message(*turn, "turn")
        if message is None:
            return  # not sent yet: the scan sends it with the decision
        kind = ("turn", "remind1", "remind2")[min(clock.reminded, 2)]
        fields, prompt = self._with_decision(
            session, seat, await self._notice_text(session, table, seat, kind)
        )
        # Gone, or DMs closed since: the next reminder sends anew or falls back to the channel.
        with contextlib.suppress(discord.NotFound, discord.Forbidden):
            dm = await self.dm_channels.channel(session.seats[seat].user_id)
            await dm.get_partial_message(message).edit(**fields)
            await self._carried(session, seat, prompt, message)

    async def _timed_out_now(self, timeout: Timeout) -> None:
        try:
            session = await self.service.get(timeout.session_id)
        except (SessionBroken, IllegalInput):
            return
        t = self.wording.channel_texts(session)
        channel = await table_channel(self.client, session.row.channel_id)
        if channel is not None:
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
