"""Imperial Settlers: cards (data schema and loader), effects (the card interpreter), rules
(the flow), prompts, AI and texts."""

from engine.games.imperial_settlers.rules import ImperialSettlers

__all__ = ["ImperialSettlers"]
