"""Imperium's AI: a simple player from its own view. It only ever spends markers on regions
that will be scored soon, and puts them where a few markers can still buy a good position.

Its style (engine.styles) sets how much later regions count against the one being scored
(reach), how far ahead it wants to be before it stops adding markers and how much a rival's
lead puts it off (risk), and a liking of each region (taste): two AIs no longer pick the same
three regions from the same board, which made them tie each other down to 0 points.
"""

from __future__ import annotations

from engine.core import Action, Prompt
from engine.games.imperium.state import PICKS, ImperiumView, schedule
from engine.rng import Rng
from engine.styles import STEADY, Style


def decide(
    view: ImperiumView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    if prompt.move == "place_short":
        return Action(seat=seat, move="place_short", args={"regions": _ai_place(view, prompt)})
    regions = _ai_select(view, seat, rng_state, style)
    return Action(seat=seat, move="select", args={"regions": regions})


def _ai_select(view: ImperiumView, seat: int, rng_state: int, style: Style) -> list[int]:
    upcoming = list(view.resolving)
    ahead = view.round + 1
    wanted = 2 + round(2 * style.reach)  # regions in view; STEADY: 3
    while len(upcoming) < wanted and ahead <= view.round + 4:
        upcoming.extend(r for r in schedule(ahead, view.thirty_points) if r not in upcoming)
        ahead += 1
    rng = Rng(rng_state)
    order = rng.shuffled(upcoming)  # ties between equal regions fall randomly
    # Per region in that order: [region, my markers, the strongest rival's, value, urgency].
    rows = []
    for region in order:
        counts = view.board[region - 1]
        rivals = max(counts[:seat] + counts[seat + 1 :])
        urgency = 1.0 if region in view.resolving else 0.25 + 0.5 * style.reach
        value = view.values[region - 1][0] * style.taste(region) * style.whim(rng)
        rows.append([region, counts[seat], rivals, value, urgency])
    margin = round(2 * (1 - style.risk))  # STEADY: one marker ahead of the strongest rival
    deterrence = 2 * (1 - style.risk)  # STEADY: the value divided by 1 + the rival's lead
    picks: list[int] = []
    for _ in range(PICKS):
        best, best_gain = rows[0], -1.0
        for row in rows:  # the first region of the highest gain, as max() would pick
            _, mine, rivals, value, urgency = row
            # The value of one more marker there: the value of leading it, discounted by
            # distance, or little when already safely ahead even if a rival adds one.
            if mine > rivals + margin:
                gain = 0.1 * urgency
            else:
                gain = value * urgency / (1 + max(0, rivals - mine)) ** deterrence
            if gain > best_gain:
                best, best_gain = row, gain
        best[1] += 1
        picks.append(best[0])
    return picks


def _ai_place(view: ImperiumView, prompt: Prompt) -> list[int]:
    field = prompt.fields[0]
    selection = list(view.revealed[prompt.seats[0]])
    ordered = sorted(selection, key=lambda r: (r not in view.resolving, r))
    return ordered[: field.count]
