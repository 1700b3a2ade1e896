"""Imperium's AI: a simple player from its own view. It only ever spends markers on regions
that will be scored soon, and puts them where a few markers can still buy a good position."""

from __future__ import annotations

from engine.core import Action, Prompt
from engine.games.imperium.state import PICKS, ImperiumView, schedule
from engine.rng import Rng


def decide(view: ImperiumView, prompt: Prompt, seat: int, rng_state: int) -> Action:
    if prompt.move == "place_short":
        return Action(seat=seat, move="place_short", args={"regions": _ai_place(view, prompt)})
    return Action(seat=seat, move="select", args={"regions": _ai_select(view, seat, rng_state)})


def _ai_select(view: ImperiumView, seat: int, rng_state: int) -> list[int]:
    upcoming = list(view.resolving)
    ahead = view.round + 1
    while len(upcoming) < 3 and ahead <= view.round + 4:
        upcoming.extend(r for r in schedule(ahead, view.thirty_points) if r not in upcoming)
        ahead += 1
    order = Rng(rng_state).shuffled(upcoming)  # ties between equal regions fall randomly
    # Per region in that order: [region, my markers, the strongest rival's, value, urgency].
    rows: list[list[float]] = []
    for region in order:
        counts = view.board[region - 1]
        rivals = max(counts[:seat] + counts[seat + 1 :])
        urgency = 1.0 if region in view.resolving else 0.5
        rows.append([region, counts[seat], rivals, view.values[region - 1][0], urgency])
    picks: list[int] = []
    for _ in range(PICKS):
        best, best_gain = rows[0], -1.0
        for row in rows:  # the first region of the highest gain, as max() would pick
            _, mine, most, value, urgency = row
            # The value of one more marker there: the value of leading it, discounted by
            # distance, or little when already safely ahead even if a rival adds one.
            gain = 0.1 * urgency if mine > most + 1 else value * urgency / (1 + max(0, most - mine))
            if gain > best_gain:
                best, best_gain = row, gain
        best[1] += 1
        picks.append(int(best[0]))
    return picks


def _ai_place(view: ImperiumView, prompt: Prompt) -> list[int]:
    field = prompt.fields[0]
    selection = list(view.revealed[prompt.seats[0]])
    ordered = sorted(selection, key=lambda r: (r not in view.resolving, r))
    return ordered[: field.count]
