"""A table's pace, timeout policy and how durations are written, in English and Japanese.

`live` is the table everyone sits at together: no clocks (the server's minute timers apply, as
before). An async pace `X` gives each seat a clock: a bank of 2·X at the start, X added after
each of its moves, and never more than 3·X saved (BGA's turn-based clocks: an initial bank plus
time per move, capped so a fast player cannot bank a week). Paces run from 1 hour to 14 days
(Diplomacy sites: 1 h to 2 weeks).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

HOUR = 3600
DAY = 24 * HOUR
PACE_MIN = HOUR
PACE_MAX = 14 * DAY
BANK_MOVES = 2  # the bank a clock starts with, in moves of the pace
CAP_MOVES = 3  # the most a clock may save, in moves of the pace
PACES = ("live", "1h", "4h", "12h", "1d", "2d", "3d", "7d")  # offered first (autocomplete)
POLICIES = ("ai", "pass", "abort")  # what a clock that runs out does to its seat

_PACE = re.compile(r"^\s*(\d{1,3})\s*(h|hours?|d|days?|w|weeks?|時間|日|週間?)\s*$", re.I)
_UNIT = {"h": HOUR, "時": HOUR, "d": DAY, "日": DAY, "w": 7 * DAY, "週": 7 * DAY}
_LIVE = ("live", "ライブ", "リアルタイム")


class BadPace(ValueError):
    """Text that is not a pace (or one outside 1 hour .. 14 days)."""


@dataclass(frozen=True)
class Pace:
    """Seconds per move; 0 is live."""

    seconds: int = 0

    @property
    def live(self) -> bool:
        return self.seconds == 0

    @property
    def bank(self) -> float:
        return float(BANK_MOVES * self.seconds)

    @property
    def cap(self) -> float:
        return float(CAP_MOVES * self.seconds)

    @property
    def name(self) -> str:
        """The canonical short name (`live`, `12h`, `3d`), stored and typed by players."""
        if self.live:
            return "live"
        if self.seconds % DAY == 0:
            return f"{self.seconds // DAY}d"
        return f"{self.seconds // HOUR}h"

    def describe(self, locale: str | None) -> str:
        """`1 day per move` / `1手1日`, or the live wording."""
        if self.live:
            return "ライブ（全員がそろって遊ぶ）" if _ja(locale) else "live (everyone at the table)"
        amount = duration(self.seconds, locale)
        return f"1手{amount}" if _ja(locale) else f"{amount} per move"


LIVE = Pace(0)


def parse_pace(text: str) -> Pace:
    """`live`, `12h`, `1d`, `3 days`, `1日`, `12時間`, `1週間`… as a Pace; BadPace otherwise."""
    if text.strip().lower() in _LIVE:
        return LIVE
    found = _PACE.match(text)
    if found is None:
        raise BadPace(text)
    seconds = int(found.group(1)) * _UNIT[found.group(2)[0].lower()]
    if not PACE_MIN <= seconds <= PACE_MAX:
        raise BadPace(text)
    return Pace(seconds)


def duration(seconds: float, locale: str | None) -> str:
    """A time left or waited, in its two largest units: `2 d 5 h`, `5 h 20 min`, `40 min` /
    `2日5時間`, `5時間20分`, `40分`. Never negative."""
    minutes = max(0, int(seconds // 60))
    amounts = (minutes // 1440, minutes // 60 % 24, minutes % 60)
    units = ("日", "時間", "分") if _ja(locale) else (" d", " h", " min")
    first = next((index for index, amount in enumerate(amounts) if amount), None)
    if first is None:
        return "1分未満" if _ja(locale) else "< 1 min"
    shown = [
        f"{amounts[index]}{units[index]}"
        for index in range(first, min(first + 2, 3))
        if amounts[index]
    ]
    return ("" if _ja(locale) else " ").join(shown)


POLICY_TEXT = {
    "en": {
        "ai": "the AI plays the seat",
        "pass": "the seat passes (the AI plays where passing is not allowed)",
        "abort": "the game is aborted",
    },
    "ja": {
        "ai": "AIがその席を引き継ぐ",
        "pass": "その席はパスする（パスできない場面はAIが打つ）",
        "abort": "ゲームを中止する",
    },
}


def describe_policy(policy: str, locale: str | None) -> str:
    return POLICY_TEXT["ja" if _ja(locale) else "en"][policy]


def _ja(locale: str | None) -> bool:
    return bool(locale) and str(locale).startswith("ja")


@dataclass(frozen=True)
class TablePace:
    """An async table's settings (one row of `async_tables`): pace, timeout policy, whether its
    clocks stop in each player's quiet hours, and a pause by consent (its end, and the humans
    who agreed to the pause being asked for, and its length, until all have)."""

    session_id: int
    pace: Pace
    policy: str = "ai"
    quiet_stops: bool = False
    paused_until: float | None = None
    pause_votes: tuple[int, ...] = ()
    pause_days: int = 0  # the length the first vote asked for
