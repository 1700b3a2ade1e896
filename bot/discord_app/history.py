"""/game history pages without holding the event loop, whatever the log's length.

A game's public events are replayed once, in a thread (TableService.replay_after), and kept;
the next request only replays the inputs logged since. Only the page shown is worded, so a
page of a 5,000-input game costs the loop what a page of a short one does.

Memory is bounded by bytes, not by a count of games: the events of all games together stay
under KEPT_BYTES (as JSON); past it, the least recently asked games' events go to the database
in chunks of CHUNK (a multiple of PAGE, so a page reads one or two), and a page there is read
back from it. The chunks are derived from the log, so storing one again changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import cid
from bot.frontend.texts import Texts
from engine.core import Event
from table.service import Replayed, Session, TableService
from table.store import StorageError

log = logging.getLogger("forum.history")
PAGE = 15
CHUNK = 16 * PAGE  # public events per stored chunk
KEPT_BYTES = 4 * 1024 * 1024  # public events kept in memory, all games together (as JSON)
KEPT_GAMES = 64  # games whose replay position stays in memory (the least recently asked go)

Line = tuple[int, Event]  # (seq, public event)


@dataclass
class _Known:
    replayed: Replayed | None = None
    count: int = 0  # public events in all
    spilled: int = 0  # chunks in the database: events [0, spilled * CHUNK)
    tail: list[tuple[int, Event, int]] = field(default_factory=list)  # (seq, event, bytes)
    bytes: int = 0  # of the tail


class History:
    def __init__(self) -> None:
        self._known: OrderedDict[int, _Known] = OrderedDict()
        self._lock = asyncio.Lock()  # one replay at a time: a bounded cost, whoever asks

    def kept_bytes(self) -> int:
        return sum(known.bytes for known in self._known.values())

    async def _update(self, service: TableService, session: Session) -> _Known:
        """The game's events replayed up to its latest input, within the byte budget."""
        known = self._known.pop(session.id, None) or _Known()
        if known.replayed is None or known.replayed.seq < session.seq:
            replayed = await service.replay_after(session, known.replayed)
            new = await asyncio.to_thread(_public, replayed)  # thousands of events: off the loop
            known.tail += new
            known.count += len(new)
            known.bytes += sum(size for _, _, size in new)
            known.replayed = Replayed(replayed.seq, replayed.state, [])
        self._known[session.id] = known
        while len(self._known) > KEPT_GAMES:
            self._known.popitem(last=False)
        await self._within_budget(service)
        return known

    async def _within_budget(self, service: TableService) -> None:
        """Spill the least recently asked games' whole chunks until the budget holds; with no
        whole chunk left to spill, forget the least recently asked game (replayed if asked)."""
        while self.kept_bytes() > KEPT_BYTES and self._known:
            spillable = [(i, k) for i, k in self._known.items() if len(k.tail) >= CHUNK]
            if spillable:
                if not await self._spill(service, *spillable[0]):
                    return  # the database refuses: memory holds it until it accepts
            elif len(self._known) > 1:
                self._known.popitem(last=False)
            else:
                return

    async def _spill(self, service: TableService, session_id: int, known: _Known) -> bool:
        while len(known.tail) >= CHUNK:
            part = known.tail[:CHUNK]
            text = json.dumps([[seq, event.model_dump(mode="json")] for seq, event, _ in part])
            try:
                await service.store.spill_history(session_id, known.spilled, text)
            except StorageError as error:
                log.warning("history of session %s kept in memory: %s", session_id, error)
                return False
            del known.tail[:CHUNK]
            known.spilled += 1
            known.bytes -= sum(size for _, _, size in part)
        return True

    async def lines(
        self, service: TableService, session: Session, start: int, stop: int
    ) -> list[Line]:
        """Public events `start`..`stop` (exclusive) of the game, from the database below
        what memory keeps."""
        async with self._lock:
            known = await self._update(service, session)
            first = known.spilled * CHUNK
            stop = min(stop, known.count)
            found: list[Line] = []
            if start < first:
                chunks = await service.store.history_chunks(
                    session.id, start // CHUNK, (min(stop, first) - 1) // CHUNK
                )
                for chunk, text in chunks:
                    for offset, (seq, event) in enumerate(json.loads(text)):
                        if start <= chunk * CHUNK + offset < stop:
                            found.append((seq, Event.model_validate(event)))
            tail = known.tail[max(0, start - first) : max(0, stop - first)]
            return found + [(seq, event) for seq, event, _ in tail]

    async def count(self, service: TableService, session: Session) -> int:
        async with self._lock:
            return (await self._update(service, session)).count

    async def page(
        self, service: TableService, session: Session, texts: Texts, page: int
    ) -> tuple[str, Any]:
        """The content and ◀ ▶ buttons of history page `page` (clamped) for `texts`' reader."""
        count = await self.count(service, session)
        if not count:
            return texts("history.empty"), None
        pages = max(1, -(-count // PAGE))
        page = max(0, min(page, pages - 1))
        shown = await self.lines(service, session, page * PAGE, (page + 1) * PAGE)
        lines = [f"#{seq} {texts.event(event)}" for seq, event in shown]
        view = Components()
        for op, target, label in (
            ("prev", page - 1, "button.previous"),
            ("next", page + 1, "button.next"),
        ):
            view.add_item(
                discord.ui.Button(
                    label=texts(label),
                    disabled=not 0 <= target < pages,
                    custom_id=cid(session.id, "history", op, max(0, min(target, pages - 1))),
                )
            )
        title = texts("history.title", page=page + 1, pages=pages)
        return f"**{title}**\n" + "\n".join(lines)[:1900], view


def _public(replayed: Replayed) -> list[tuple[int, Event, int]]:
    """The replayed inputs' public events, each with its size as JSON (the budget's unit)."""
    return [
        (row.seq, event, len(event.model_dump_json()))
        for row, events in replayed.steps
        for event in events
        if event.to is None
    ]
