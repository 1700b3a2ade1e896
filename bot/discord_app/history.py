"""/game history pages without holding the event loop, whatever the log's length.

A game's public events are replayed once, in a thread (TableService.replay_after), and kept;
the next request only replays the inputs logged since. Only the page shown is worded, so a
page of a 5,000-input game costs the loop what a page of a short one does.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import cid
from bot.frontend.texts import Texts
from engine.core import Event
from table.service import Replayed, Session, TableService

PAGE = 15
KEPT = 32  # games whose replayed history stays in memory (least recently asked go first)


@dataclass
class _Known:
    replayed: Replayed | None = None
    public: list[tuple[int, Event]] = field(default_factory=list)  # (seq, public event)


class History:
    def __init__(self) -> None:
        self._known: OrderedDict[int, _Known] = OrderedDict()
        self._lock = asyncio.Lock()  # one replay at a time: a bounded cost, whoever asks

    async def public_events(self, service: TableService, session: Session) -> list[tuple]:
        async with self._lock:
            known = self._known.pop(session.id, None) or _Known()
            if known.replayed is None or known.replayed.seq < session.seq:
                replayed = await service.replay_after(session, known.replayed)
                known.public += [
                    (row.seq, event)
                    for row, events in replayed.steps
                    for event in events
                    if event.to is None
                ]
                known.replayed = Replayed(replayed.seq, replayed.state, [])
            self._known[session.id] = known
            while len(self._known) > KEPT:
                self._known.popitem(last=False)
            return known.public

    async def page(
        self, service: TableService, session: Session, texts: Texts, page: int
    ) -> tuple[str, Any]:
        """The content and ◀ ▶ buttons of history page `page` (clamped) for `texts`' reader."""
        public = await self.public_events(service, session)
        if not public:
            return texts("history.empty"), None
        pages = max(1, -(-len(public) // PAGE))
        page = max(0, min(page, pages - 1))
        lines = [
            f"#{seq} {texts.event(event)}" for seq, event in public[page * PAGE : (page + 1) * PAGE]
        ]
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
