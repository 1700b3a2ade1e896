"""The board's narration: each session's latest public events, as lines under its title."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from bot.frontend.texts import Texts
from engine.core import Event

NARRATION_LINES = 10


class Narration:
    def __init__(self) -> None:
        self._lines: dict[int, deque[str]] = {}

    def add(self, session_id: int, t: Texts, events: list[Event]) -> None:
        """Kept per session, so that coalesced publishes lose none of them."""
        recent = self._lines.setdefault(session_id, deque(maxlen=NARRATION_LINES))
        recent.extend(f"• {t.event(e)}" for e in events if e.to is None)

    def recent(self, session_id: int) -> Sequence[str]:
        return self._lines.get(session_id, ())

    def forget(self, session_id: int) -> None:
        self._lines.pop(session_id, None)

    def __len__(self) -> int:
        """How many sessions have a narration kept."""
        return len(self._lines)
