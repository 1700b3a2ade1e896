"""After every state change: the board first, then what else the change sends (private
prompts, public replies, turn pings, idle timers) and the AI seats' next moves.

Play only orders these steps and keeps what a change must carry to its publish; each step is a
part of its own (bot.discord_app.board, bot.discord_app.private_prompts,
bot.frontend.narration, bot.frontend.ai_seats, bot.discord_app.deadlines), wired together in
bot.discord_app.client. Nothing here knows a game's rules.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.discord_app.async_tables import AsyncTables
from bot.discord_app.board import Board
from bot.discord_app.carriers import Carriers
from bot.discord_app.deadlines import Deadlines
from bot.discord_app.private_prompts import PrivatePrompts
from bot.discord_app.sending import NO_PINGS, table_channel
from bot.discord_app.table_talk import TableTalk
from bot.discord_app.turn_pings import ping_turns
from bot.frontend.ai_seats import AiSeats, Spawn
from bot.frontend.narration import Narration
from bot.frontend.publisher import Dirty, Publisher
from bot.frontend.settings import ServerSettings
from bot.frontend.wording import Wording
from engine.core import Event
from table.service import Session, TableService

Metrics = dict[str, deque[float]]  # seconds per step, for measurements


@dataclass(frozen=True)
class Parts:
    """What Play coordinates, each with one purpose (the AI seats and the deadlines, which
    report back to Play, are Play's own: see `Play.__init__`)."""

    wording: Wording
    narration: Narration
    board: Board
    prompts: PrivatePrompts
    table_talk: TableTalk
    carriers: Carriers


@dataclass(frozen=True)
class Timing:
    """What the deadlines need besides the parts: the server settings, the Discord client, the
    clock (tests move it) and how an expired lobby is closed (bot.discord_app.gate)."""

    settings: ServerSettings
    client: discord.Client
    clock: Callable[[], float]
    expire_lobby: Callable[[Session], Awaitable[bool]]


class Play:
    def __init__(
        self,
        service: TableService,
        parts: Parts,
        timing: Timing,
        *,
        spawn: Spawn,
        metrics: Metrics,
        board_interval: float,
    ) -> None:
        self.service = service
        self.parts = parts
        self.wording = parts.wording
        self.narration = parts.narration
        self.board = parts.board
        self.prompts = parts.prompts
        # Each reports back here: an AI move is a change, an idle seat may close the board.
        self.ai = AiSeats(service, timing.settings, spawn, self.changed)
        tables = AsyncTables(
            timing.client,
            service,
            timing.clock,
            parts.wording,
            parts.prompts,
            self.ai,
            close_board=self.close_board,
            republish=self.publish,
        )
        parts.board.clock_lines = tables.board_lines
        parts.prompts.turn_dms = tables  # an async turn's notice DM carries its decision
        self.deadlines = Deadlines(
            timing.client,
            service,
            timing.settings,
            timing.clock,
            parts.wording,
            parts.prompts,
            self.ai,
            expire_lobby=timing.expire_lobby,
            close_board=self.close_board,
            tables=tables,
        )
        self.table_talk = parts.table_talk
        self.carriers = parts.carriers
        self.spawn = spawn
        self.metrics = metrics
        self._queued: dict[int, list[Event]] = defaultdict(list)  # private events not yet sent
        self._decisions: dict[int, frozenset[str]] = {}  # session -> prompt keys last marked
        self._following: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.publisher = Publisher(self.publish_now, spawn, board_interval)

    @property
    def renders(self) -> int:
        """Boards drawn so far (for measurements: a board shown again is not drawn again)."""
        return self.board.renders

    def changed(self, session: Session, events: list[Event]) -> None:
        """Mark the session's board dirty; the publisher shows its latest state soon.

        Urgent when the change moved the game on to new decisions (players wait for that
        board), not when it only recorded progress towards the same ones.
        """
        if session.status == "aborted":  # the input that reached the log's bound
            self.spawn(self.end_at_limit(session))
            return
        self.narration.add(session.id, self.wording.channel_texts(session), events)
        self._queued[session.id].extend(e for e in events if e.to is not None)
        decisions = frozenset(p.key for p in session.pending())
        urgent = decisions != self._decisions.get(session.id) or session.outcome() is not None
        self._decisions[session.id] = decisions
        self.publisher.mark(session, urgent=urgent)

    def repost(self, session: Session) -> None:
        """/game status: the board posted anew at the channel's end, with the image it shows
        (not drawn again while it is in memory)."""
        self.board.repost_next(session.row.channel_id)
        if session.status == "lobby":
            self.spawn(self.board.show_lobby(session))
        else:
            self.publish(session)

    def publish(self, session: Session, *, restarted: bool = False) -> None:
        """Re-show the session as it is (start-up recovery, /game status)."""
        self.publisher.mark(session, urgent=True, restarted=restarted)

    def lags(self, session: Session) -> bool:
        """Its board is missing, buried under chat, or does not show the log's last input:
        start-up recovery posts it again."""
        meta = session.row.meta
        return meta.board is None or meta.buried or meta.shown != session.seq

    def resume(self, session: Session) -> None:
        """Start-up, for a table whose board is current: the board is left as it is (no REST
        call); all that follows a board follows (owing players get their private chooser again,
        the drafts being lost with the process; AI seats play on)."""
        self.spawn(self._follow_up(session, [], restarted=True))

    async def publish_now(self, session: Session, dirty: Dirty) -> None:
        started = time.perf_counter()
        events = self._queued.pop(session.id, [])
        if session.state is None or session.status == "aborted":
            return  # an aborted game's board was closed by the abort itself
        seq, over = session.seq, session.outcome() is not None  # what this board shows
        await self.deadlines.tables.settle(session)  # an async table's clocks, as shown
        text, buttons = self.board.board_content(session)
        file = await self.board.render(session)
        fields = self.board.board_fields(session, text, buttons, file)
        await self.board.post_board(session, fields, file)
        if session.row.meta.shown != seq or over:
            # The last input the board shows: at start-up, only a board that lags its log is
            # posted again (see `resume`), and a finished game's final board is never lost.
            await self.service.set_meta(session, shown=seq)
        self.metrics["publish"].append(time.perf_counter() - started)
        self.spawn(self._follow_up(session, events, dirty.restarted))

    async def _follow_up(self, session: Session, events: list[Event], restarted: bool) -> None:
        """What a change sends besides the board (private messages, public replies, timers):
        one change after another per game, but never holding up the game's next board."""
        async with self._following[session.id]:
            await self.prompts.prompt_players(session, events, restarted=restarted)
            await self.prompts.ask_in_channel(session)
            await ping_turns(self.board, session)
            await self.deadlines.arm(session)
        if session.outcome() is not None:
            self.forget(session)
        elif session.status == "active":
            self.ai.schedule(session)

    async def end_at_limit(self, session: Session) -> None:
        """The game's log reached Game.input_limit and the store aborted it: say so, close."""
        t = self.wording.channel_texts(session)
        channel = await table_channel(self.board.client, session.row.channel_id)
        if channel is not None:
            await channel.send(
                t("input_limit", limit=session.game.input_limit()), allowed_mentions=NO_PINGS
            )
        await self.close_board(session)

    async def close_board(self, session: Session) -> None:
        """An aborted game: the board says so and loses its buttons."""
        await self.board.close(session)
        self.forget(session)

    def forget(self, session: Session) -> None:
        """Drop everything kept in memory for a game that has ended."""
        self._queued.pop(session.id, None)
        self._decisions.pop(session.id, None)
        self._following.pop(session.id, None)
        self.publisher.forget(session.row.channel_id)
        self.narration.forget(session.id)
        self.wording.forget(session.id)
        self.board.forget(session.id, session.row.channel_id)
        self.prompts.forget(session.id)
        self.ai.forget(session.id)
        self.deadlines.forget(session.id)
        self.table_talk.forget(session.id)
        self.carriers.forget(session.id)
