"""How the hard AI scores a rollout it cuts short: only a series' second game is ever cut
(`HORIZON` covers a whole single game), so a series' first-game decision costs no more than a
single game's and the worst decision stays under a second."""

from __future__ import annotations

import math

from engine.games.seven_hills.state import SIDES, SevenHillsState, full_hand

# Inputs a rollout plays before it is cut: every card of both hands, flags included.
HORIZON = SIDES * len(full_hand(barricades=True))
# A game's score margin (hills are worth 28 in all) that makes the series about 3 to 1.
SERIES_SPREAD = 10.0


def estimate(state: SevenHillsState, seat: int) -> float:
    """The seat's chance of the series from the settled games' totals: the game in progress
    is played by both sides with what is left, so it is counted as even."""
    totals = [sum(result.scores[side] for result in state.results) for side in range(SIDES)]
    return 0.5 + 0.5 * math.tanh((totals[seat] - totals[1 - seat]) / SERIES_SPREAD)
