"""Imperium determinisation: only the other seats' face-down selections of this round are
hidden; each is redrawn as three random regions."""

from __future__ import annotations

from engine.games.imperium import PICKS, REGIONS, ImperiumState, ImperiumView
from engine.rng import Rng


def sample(view: ImperiumView, rng: Rng) -> ImperiumState:
    hidden = tuple(
        view.own_selection
        if seat == view.seat
        else (tuple(sorted(rng.choice(REGIONS) for _ in range(PICKS))) if done else None)
        for seat, done in enumerate(view.submitted)
    )
    return ImperiumState(
        seats=view.seats,
        rng=rng.next64(),
        thirty_points=view.thirty_points,
        round_cap=view.round_cap,
        round=view.round,
        phase=view.phase,  # type: ignore[arg-type]
        values=view.values,
        scores=view.scores,
        supply=view.supply,
        board=view.board,
        hidden=hidden,
        revealed=view.revealed,
        revealed_round=view.revealed_round,
        placing=view.placing,
        last_scored=view.last_scored,
    )
