"""Imperium's AI: a simple player from its own view. It only ever spends markers on regions
that will be scored soon, and puts them where a few markers can still buy a good position.

Its style (engine.styles) sets how much later regions count against the one being scored
(reach), how far ahead it wants to be before it stops adding markers and how much a rival's
lead puts it off (risk), and a liking of each region (taste): two AIs no longer pick the same
three regions from the same board, which made them tie each other down to 0 points.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, Prompt, trusted
from engine.games.imperium.state import PICKS, ImperiumView, schedule
from engine.rng import Rng
from engine.styles import STEADY, Style


def decide(
    view: ImperiumView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    """Built unvalidated: the AI's own input, played at every step of a playout."""
    if prompt.move == "place_short":
        return trusted(
            Action, seat=seat, move="place_short", args={"regions": _ai_place(view, prompt)}
        )
    regions = _ai_select(view, seat, rng_state, style)
    return trusted(Action, seat=seat, move="select", args={"regions": regions})


def _ai_select(view: ImperiumView, seat: int, rng_state: int, style: Style) -> list[int]:
    wanted = 2 + round(2 * style.reach)  # regions in view; STEADY: 3
    upcoming = _upcoming(view.resolving, view.round, view.thirty_points, wanted)
    rng = Rng(rng_state)
    order = rng.shuffled(upcoming)  # ties between equal regions fall randomly
    resolving = view.resolving
    later = 0.25 + 0.5 * style.reach  # the urgency of a region not scored now; STEADY: 0.5
    margin = round(2 * (1 - style.risk))  # STEADY: one marker ahead of the strongest rival
    deterrence = 2 * (1 - style.risk)  # STEADY: the value divided by 1 + the rival's lead
    # Per region in that order: my markers, the strongest rival's, value, urgency, and the gain
    # of one more marker there; a pick changes only its own region's gain (incremental).
    mine, rivals, values, urgencies = [], [], [], []
    for region in order:
        counts = view.board[region - 1]
        mine.append(counts[seat])
        rivals.append(max(counts[:seat] + counts[seat + 1 :]))
        values.append(view.values[region - 1][0] * style.taste(region) * style.whim(rng))
        urgencies.append(1.0 if region in resolving else later)
    rows = list(zip(mine, rivals, values, urgencies, strict=True))
    gains = [_gain(*row, margin, deterrence) for row in rows]
    picks: list[int] = []
    for _ in range(PICKS):
        best = gains.index(max(gains))  # the first region of the highest gain
        mine[best] += 1
        gains[best] = _gain(
            mine[best], rivals[best], values[best], urgencies[best], margin, deterrence
        )
        picks.append(order[best])
    return picks


@lru_cache(maxsize=256)
def _upcoming(
    resolving: tuple[int, ...], round_no: int, thirty_points: bool, wanted: int
) -> tuple[int, ...]:
    """The regions scored this round, then the next rounds' until there are `wanted` (at most
    four rounds ahead)."""
    upcoming = list(resolving)
    ahead = round_no + 1
    while len(upcoming) < wanted and ahead <= round_no + 4:
        upcoming.extend(r for r in schedule(ahead, thirty_points) if r not in upcoming)
        ahead += 1
    return tuple(upcoming)


def _gain(
    mine: int, rivals: int, value: float, urgency: float, margin: int, deterrence: float
) -> float:
    """The value of one more marker in a region: the value of leading it, discounted by
    distance, or little when already `margin` ahead even if a rival adds one."""
    if mine > rivals + margin:
        return 0.1 * urgency
    lead = float(1 + max(0, rivals - mine))
    discount: float = lead**deterrence
    return value * urgency / discount


def _ai_place(view: ImperiumView, prompt: Prompt) -> list[int]:
    field = prompt.fields[0]
    selection = list(view.revealed[prompt.seats[0]])
    ordered = sorted(selection, key=lambda r: (r not in view.resolving, r))
    return ordered[: field.count]
