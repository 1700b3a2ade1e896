"""Prokonsul: rules (rules.py), the AI (ai.py) and the text catalog (strings.py)."""

from engine.games.prokonsul.rules import (
    Offer,
    Prokonsul,
    ProkonsulOptions,
    ProkonsulState,
    ProkonsulView,
    Proposal,
)

__all__ = ["Offer", "Prokonsul", "ProkonsulOptions", "ProkonsulState", "ProkonsulView", "Proposal"]
