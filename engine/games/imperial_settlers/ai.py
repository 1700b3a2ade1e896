"""Imperial Settlers AI (placeholder until the heuristic lands)."""

from __future__ import annotations

from engine.core import Action, Prompt


def decide(view, prompt: Prompt, seat: int, rng_state: int) -> Action | None:
    return None
