"""A hint's search and wording, shared by the Discord Hint button (bot.discord_app.hints) and local
mode: the hard AI's suggestion from the asker's view alone, searched in the hints' own worker
(never the live boards' pool: a hint never slows another game's board), at most HINT_QUEUE at a
time, and answered from a cache when the position was already searched. The asking seat is
marked hinted (so not rated) before the suggestion is shown; the other seats are rated."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Hashable
from concurrent.futures import Executor

from bot.frontend.drafts import Draft, summary
from bot.frontend.texts import Texts
from engine.ai import ai_seed
from engine.core import Action, Prompt
from engine.levels import hint_by_id
from engine.rng import derive_seed
from table.service import Session, TableService

HINT_QUEUE = 2  # searches waiting for or in the hints' worker; another click is told "busy"
KEPT_HINTS = 512  # searched positions whose hint is kept (the least recently asked go first)

Hint = tuple[Action, float | None]


class HintsBusy(Exception):
    """The hints' worker has HINT_QUEUE searches already: the asker is told to try again."""


class Hints:
    """Hint searches: their own small low-priority worker, a short queue, a cache per position
    (the session's input count, the seat and the prompt: any input changes the position)."""

    def __init__(self, pool: Executor | None) -> None:
        self.pool = pool  # None: the loop's default threads (tests, local mode)
        self.searches = 0  # searches ever run
        self.queued = 0
        self._kept: OrderedDict[Hashable, Hint] = OrderedDict()

    def known(self, session: Session, prompt: Prompt, seat: int) -> Hint | None:
        """The hint already searched for this position, if any (no search, no cost)."""
        key = _position(session, prompt, seat)
        if key in self._kept:
            self._kept.move_to_end(key)
        return self._kept.get(key)

    async def suggest(
        self, service: TableService, session: Session, prompt: Prompt, seat: int
    ) -> Hint:
        """The hard AI's input for `seat` and the share of sampled games it won; the seat is
        stored as hinted before it is returned."""
        known = self.known(session, prompt, seat)
        if known is not None:
            return known
        if self.queued >= HINT_QUEUE:
            raise HintsBusy
        key = _position(session, prompt, seat)
        seed = derive_seed(ai_seed(session.row.seed, session.seq, seat), "hint")
        self.queued += 1
        self.searches += 1
        try:
            hint = await asyncio.get_running_loop().run_in_executor(
                self.pool, hint_by_id, session.row.game, session.live(), prompt, seat, seed
            )
        finally:
            self.queued -= 1
        await service.mark_hinted(session, seat)  # stored before it is shown
        self._kept[key] = hint
        while len(self._kept) > KEPT_HINTS:
            self._kept.popitem(last=False)
        return hint


def _position(session: Session, prompt: Prompt, seat: int) -> Hashable:
    return session.id, session.seq, seat, prompt.key


def hint_line(texts: Texts, prompt: Prompt, action: Action, share: float | None) -> str:
    """`💡 Hint: <the input> — <one-line reason>. (You will not be rated for this game.)`"""
    move = summary(prompt, Draft(values=dict(action.args)), texts) or texts.msg(prompt.text)
    reason = (
        texts("hint.won", share=round(share * 100)) if share is not None else texts("hint.only")
    )
    return texts("hint.line", move=move, reason=reason)
