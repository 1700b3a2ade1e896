"""The alt text of a board image (the attachment's `description`, read by screen readers): the
game, whose turn it is, the scores and what happened last, in the channel's language.

Generic over every game: it reads the public view, the pending prompts, the outcome and the
board's narration. A running score is read from the public view field the game declares
(`Game.score_field`, one number per seat) when it keeps one; otherwise the outcome gives the
scores at the end.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from pydantic import BaseModel

from bot.frontend.texts import Texts
from engine.core import Outcome, Prompt

DESCRIPTION_LIMIT = 1024  # Discord's attachment description limit
LATEST_EVENTS = 3


def describe_board(
    t: Texts,
    view: BaseModel | None,
    outcome: Outcome | None,
    waiting: Sequence[int],
    recent: Iterable[str],
    hinted: bool = False,
) -> str:
    """One paragraph: "<game> board. Waiting for alice. Scores: alice 3, bob 5. Latest: …".

    `waiting` are the seats the pending prompts wait for (see `waiting_seats`); a finished
    game that used hints says it is not rated, as its image's results strip does."""
    parts = [t("alt.board", game=t("name"))]
    seats = len(t.names)
    if outcome is not None:
        parts.append(t("alt.finished", seats=list(outcome.winners)))
        parts.append(t("alt.hinted") if hinted else "")
        scores: Sequence[int] | None = outcome.scores
    else:
        parts.append(t("alt.waiting", seats=waiting) if waiting else "")
        field = t.game.score_field if t.game is not None else None
        scores = _running_scores(view, field, seats)
    if scores is not None:
        parts.append(t("alt.scores", seat_scores=[[s, n] for s, n in enumerate(scores)]))
    latest = [line.lstrip("• ").strip() for line in recent][-LATEST_EVENTS:]
    if latest:
        parts.append(t("alt.latest", events=" ".join(latest)))
    text = " ".join(part for part in parts if part)
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def waiting_seats(prompts: Sequence[Prompt]) -> list[int]:
    """The seats that owe an answer (a secret's seats that still owe)."""
    return sorted({s for p in prompts for s in p.seats})


def _running_scores(view: BaseModel | None, field: str | None, seats: int) -> Sequence[int] | None:
    """The declared score row, when it has one number per seat (engine.testing checks that it
    does in every running game)."""
    value = getattr(view, field, None) if field is not None else None
    if not isinstance(value, list | tuple) or len(value) != seats:
        return None
    return value if all(isinstance(item, int) for item in value) else None
