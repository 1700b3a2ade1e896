"""AI seats: each session's AI moves, played one after another in a background task."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from bot.frontend.settings import ServerSettings
from engine.core import Event
from table.service import Session, TableService

Spawn = Callable[[Coroutine[Any, Any, Any]], asyncio.Task]
Changed = Callable[[Session, list[Event]], None]


class AiSeats:
    def __init__(
        self, service: TableService, settings: ServerSettings, spawn: Spawn, changed: Changed
    ) -> None:
        """`changed` is told of every AI move, as a player's input would be (bot.discord_app.play)."""
        self.service = service
        self.settings = settings
        self.spawn = spawn
        self.changed = changed
        self._tasks: dict[int, asyncio.Task] = {}

    def schedule(self, session: Session) -> None:
        running = self._tasks.get(session.id)
        if running is not None and not running.done():
            return
        if self.service.ai_turns(session):
            self._tasks[session.id] = self.spawn(self._run(session))

    async def _run(self, session: Session) -> None:
        while session.status == "active" and self.service.ai_turns(session):
            delay = (await self.settings.of(session.row.guild_id)).ai_delay_seconds
            await asyncio.sleep(delay)
            result = await self.service.play_ai(session)
            if result is None:
                return
            self.changed(session, result.events)

    def forget(self, session_id: int) -> None:
        """A game that has ended: its task is done or ends at its next check (not active)."""
        self._tasks.pop(session_id, None)
