"""Circus Maximus (Knizia): chariot races on a hex track; see rules.py."""

from engine.games.circus_maximus.rules import CircusMaximus

__all__ = ["CircusMaximus"]
