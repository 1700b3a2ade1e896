"""Konsul: cards and data (cards.py), rules (rules.py), the AI (ai.py) and texts (strings.py)."""

from engine.games.konsul.rules import Konsul, KonsulOptions, KonsulState, KonsulView

__all__ = ["Konsul", "KonsulOptions", "KonsulState", "KonsulView"]
