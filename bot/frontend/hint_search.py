"""A hint's search and wording, shared by the Discord Hint button (bot.discord_app.hints) and local mode:
the hard AI's suggestion from the asker's view alone, searched off the event loop, and the game
marked hinted (so not rated) before the suggestion is shown."""

from __future__ import annotations

import asyncio

from bot.frontend.drafts import Draft, summary
from bot.frontend.texts import Texts
from engine.ai import ai_seed
from engine.core import Action, Prompt
from engine.levels import hint_by_id
from engine.rng import derive_seed
from table.service import Session, TableService


async def suggest(
    service: TableService, session: Session, prompt: Prompt, seat: int
) -> tuple[Action, float | None]:
    """The hard AI's input for `seat` and the share of sampled games it won, searched in the
    service's AI pool; the session's stored meta says `hinted` from then on."""
    seed = derive_seed(ai_seed(session.row.seed, session.seq, seat), "hint")
    loop = asyncio.get_running_loop()
    action, share = await loop.run_in_executor(
        service.ai_pool, hint_by_id, session.row.game, session.live(), prompt, seat, seed
    )
    await service.set_meta(session, durable=True, hinted=True)  # stored before it is shown
    return action, share


def hint_line(texts: Texts, prompt: Prompt, action: Action, share: float | None) -> str:
    """`💡 Hint: <the input> — <one-line reason>. (This game will not be rated.)`"""
    move = summary(prompt, Draft(values=dict(action.args)), texts) or texts.msg(prompt.text)
    reason = (
        texts("hint.won", share=round(share * 100)) if share is not None else texts("hint.only")
    )
    return texts("hint.line", move=move, reason=reason)
