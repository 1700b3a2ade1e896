"""Hannibal gegen Rom: rules (rules.py), map data loading (board.py), piece movement shared by
rules and AI (position.py), the AI (ai.py) and the text catalog (strings.py)."""

from engine.games.hannibal.rules import Hannibal, HannibalOptions, HannibalState, HannibalView

__all__ = ["Hannibal", "HannibalOptions", "HannibalState", "HannibalView"]
