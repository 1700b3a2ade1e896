"""Space Emperor: rules (rules.py, turns.py, battle.py, fleet.py), card data (cards.py), prompts,
views, the AI (ai.py) and the text catalog (strings.py)."""

from engine.games.space_emperor.model import SpaceEmperorOptions, SpaceEmperorState
from engine.games.space_emperor.rules import SpaceEmperor
from engine.games.space_emperor.view import SpaceEmperorView

__all__ = ["SpaceEmperor", "SpaceEmperorOptions", "SpaceEmperorState", "SpaceEmperorView"]
