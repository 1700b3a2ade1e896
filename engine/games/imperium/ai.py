"""Imperium's AI: a simple player from its own view. It only ever spends markers on regions
that will be scored soon, and puts them where a few markers can still buy a good position."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, Prompt, trusted
from engine.games.imperium.state import PICKS, ImperiumView, schedule
from engine.rng import Rng


def decide(view: ImperiumView, prompt: Prompt, seat: int, rng_state: int) -> Action:
    """Built unvalidated: the AI's own input, played at every step of a playout."""
    if prompt.move == "place_short":
        return trusted(
            Action, seat=seat, move="place_short", args={"regions": _ai_place(view, prompt)}
        )
    return trusted(
        Action, seat=seat, move="select", args={"regions": _ai_select(view, seat, rng_state)}
    )


def _ai_select(view: ImperiumView, seat: int, rng_state: int) -> list[int]:
    upcoming = _upcoming(view.resolving, view.round, view.thirty_points)
    order = Rng(rng_state).shuffled(upcoming)  # ties between equal regions fall randomly
    resolving = view.resolving
    # Per region in that order: my markers, the strongest rival's, value, urgency, and the gain
    # of one more marker there; a pick changes only its own region's gain (incremental).
    mine, rivals, values, urgencies = [], [], [], []
    for region in order:
        counts = view.board[region - 1]
        mine.append(counts[seat])
        rivals.append(max(counts[:seat] + counts[seat + 1 :]))
        values.append(view.values[region - 1][0])
        urgencies.append(1.0 if region in resolving else 0.5)
    gains = [_gain(*row) for row in zip(mine, rivals, values, urgencies, strict=True)]
    picks: list[int] = []
    for _ in range(PICKS):
        best = gains.index(max(gains))  # the first region of the highest gain
        mine[best] += 1
        gains[best] = _gain(mine[best], rivals[best], values[best], urgencies[best])
        picks.append(order[best])
    return picks


@lru_cache(maxsize=256)
def _upcoming(resolving: tuple[int, ...], round_no: int, thirty_points: bool) -> tuple[int, ...]:
    """The regions scored this round, then the next rounds' until there are three (at most
    four rounds ahead)."""
    upcoming = list(resolving)
    ahead = round_no + 1
    while len(upcoming) < 3 and ahead <= round_no + 4:
        upcoming.extend(r for r in schedule(ahead, thirty_points) if r not in upcoming)
        ahead += 1
    return tuple(upcoming)


def _gain(mine: int, rivals: int, value: int, urgency: float) -> float:
    """The value of one more marker in a region: the value of leading it, discounted by
    distance, or little when already safely ahead even if a rival adds one."""
    if mine > rivals + 1:
        return 0.1 * urgency
    return value * urgency / (1 + max(0, rivals - mine))


def _ai_place(view: ImperiumView, prompt: Prompt) -> list[int]:
    field = prompt.fields[0]
    selection = list(view.revealed[prompt.seats[0]])
    ordered = sorted(selection, key=lambda r: (r not in view.resolving, r))
    return ordered[: field.count]
