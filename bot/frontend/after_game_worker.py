"""Replays and exports of finished games, away from the live games.

Everything here runs in one low-priority worker of its own (bot.frontend.render_pool.after_game_pool),
never in the live boards' pool or render slots, behind a short queue: a request beyond it is
refused ("busy, try again") instead of waiting or piling up work. A finished game never
changes, so its export text and its animation are made once and kept (bounded, the least
recently asked dropped first); the same replay asked while it is being made waits for it.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from typing import Any, TypeVar

from bot.frontend.replay import FrameStep, animation, board, frame_steps
from table.export import GameExport, build_export, dump_export, load_export
from table.service import Session, TableService

QUEUE_LIMIT = 4  # jobs waiting for or in the worker
KEPT_BYTES = 64 * 1024 * 1024  # exports and animations kept in memory, all together
# The replay strips' frames the worker keeps for page-by-page clicks, all games together, as
# the JSON of their public views (a game's strip holds at most replay.MAX_BOARDS of them): a
# byte budget, as a count of games would let a few long games grow the worker without bound.
KEPT_STEPS_BYTES = 8 * 1024 * 1024

T = TypeVar("T")


class Busy(Exception):
    """The after-game queue is full: the asker is told to try again later."""


class AfterGameWorker:
    def __init__(self, pool: Executor) -> None:
        self.pool = pool
        self.queued = 0  # jobs waiting for or in the worker now
        self.jobs = 0  # jobs ever given to the worker
        self._kept: OrderedDict[Hashable, Any] = OrderedDict()
        self._sizes: dict[Hashable, int] = {}
        self._making: dict[Hashable, asyncio.Future] = {}

    async def export_json(self, service: TableService, session: Session) -> str:
        """The finished game's export, built once (in a thread: thousands of inputs)."""
        outcome = session.outcome()
        assert outcome is not None, "only finished games are exported"

        async def make() -> str:
            inputs = [row async for rows in service.log_parts(session.id) for row in rows]
            return await asyncio.to_thread(
                lambda: dump_export(build_export(session.row, inputs, outcome))
            )

        return await self._once(("export", session.id), make)

    async def animation(self, session_id: int, export: str, locale: str) -> tuple[bytes, str, int]:
        """(file, extension, frames) of the game's replay, made once per language."""
        return await self._once(
            ("replay", session_id, locale), lambda: self.run(animation, export, locale)
        )

    async def page(
        self, session_id: int, export: str, locale: str, page: int
    ) -> tuple[bytes, str, int, int]:
        """(board PNG, caption, boards, page clamped) of one board of the replay strip."""
        return await self.run(replay_page, session_id, export, locale, page)

    async def run(self, job: Callable[..., T], *args: Any) -> T:
        if self.queued >= QUEUE_LIMIT:
            raise Busy
        self.queued += 1
        self.jobs += 1
        try:
            call = functools.partial(job, *args)
            return await asyncio.get_running_loop().run_in_executor(self.pool, call)
        finally:
            self.queued -= 1

    async def _once(self, key: Hashable, make: Callable[[], Any]) -> Any:
        if key in self._kept:
            self._kept.move_to_end(key)
            return self._kept[key]
        making = self._making.get(key)
        if making is not None:
            return await asyncio.shield(making)
        future = asyncio.ensure_future(make())
        self._making[key] = future
        try:
            result = await asyncio.shield(future)
        finally:
            self._making.pop(key, None)
        self._keep(key, result)
        return result

    def _keep(self, key: Hashable, value: Any) -> None:
        self._kept[key] = value
        self._sizes[key] = len(value) if isinstance(value, str) else len(value[0])
        while sum(self._sizes.values()) > KEPT_BYTES and len(self._kept) > 1:
            old, _ = self._kept.popitem(last=False)
            self._sizes.pop(old, None)

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


# In the worker -------------------------------------------------------------------------------

_steps: OrderedDict[tuple[int, str], tuple[GameExport, list[FrameStep], int]] = OrderedDict()


def kept_bytes() -> int:
    """What the kept strips weigh against KEPT_STEPS_BYTES."""
    return sum(size for _, _, size in _steps.values())


def replay_page(
    session_id: int, export_json: str, locale: str, page: int
) -> tuple[bytes, str, int, int]:
    """One board of a replay; the game's frames stay in the worker for the next click (its
    export without the log: the boards need only the game, names and hints)."""
    key = (session_id, locale)
    if key not in _steps:
        export = load_export(export_json)
        steps = frame_steps(export, locale)
        size = sum(len(s.view.view.model_dump_json()) + len(s.caption) for s in steps)
        _steps[key] = (export.model_copy(update={"inputs": []}), steps, size)
        while kept_bytes() > KEPT_STEPS_BYTES and len(_steps) > 1:
            _steps.popitem(last=False)
    _steps.move_to_end(key)
    export, steps, _ = _steps[key]
    page = max(0, min(page, len(steps) - 1))
    return board(export, steps[page], locale), steps[page].caption, len(steps), page
