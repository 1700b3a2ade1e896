"""`/game learn`: a game against easy AIs, to learn one by playing it. Nobody is rated (every seat
is marked as hinted, table.ratings), the learner's decisions all come through choosers (none is
answered straight from the board), and the first time a member meets each kind of decision its
chooser opens with a one-line tip on the rule behind it (Game.tip). The tips a member was shown
are remembered in the store, in every server; `/game me tips off` stops them (OFF)."""

from __future__ import annotations

from bot.frontend.texts import Texts
from engine.core import Prompt
from table.service import Session, TableService
from table.store import Store

OFF = "*"  # the member's tips row saying they turned tips off
LEVEL = "easy"


async def tip_line(store: Store, session: Session, user_id: int, prompt: Prompt, t: Texts) -> str:
    """ "💡 <tip>" the first time the member meets this kind of decision in a learning game
    (and notes it shown), else ""."""
    if not session.row.meta.learning:
        return ""
    key = f"{session.row.game}.{prompt.move}"
    seen = await store.tips(user_id)
    if OFF in seen or key in seen:
        return ""
    await store.add_tip(user_id, key)
    return t("learn.tip", tip=t.msg(session.game.tip(prompt)))


async def begin(service: TableService, session: Session, user_id: int, ai_name: str) -> None:
    """Easy AIs fill the member's new table to the game's least count (one at least); the game
    is marked as a learning one, unrated, and starts."""
    for _ in range(max(1, session.game.min_seats - len(session.seats))):
        await service.add_ai(session, user_id, ai_name, LEVEL)
    everyone = tuple(range(len(session.seats)))
    await service.set_meta(session, learning=True, hinted=True, hinted_seats=everyone)
    await service.start(session, user_id)
