"""A game's cards by name, for `/game card` (any front end may use it): the names in a reader's
language, matched against what the reader typed, and one card worded in full."""

from __future__ import annotations

import unicodedata
from collections import Counter

from bot.frontend.texts import Texts
from engine.core import Game

SUGGESTIONS = 25  # Discord's autocomplete limit


def card_names(game: Game, t: Texts) -> list[tuple[str, str]]:
    """(card id, name in the reader's language) for every card of the game; a name that
    several cards share is told apart by the card's id ("Trade · OC03")."""
    names = [(card_id, t.msg(game.card(card_id).name)) for card_id in game.cards()]
    shared = Counter(name for _, name in names)
    return [
        (card_id, f"{name} · {card_id}" if shared[name] > 1 else name) for card_id, name in names
    ]


def matching(game: Game, t: Texts, typed: str) -> list[tuple[str, str]]:
    """The cards whose name (or id) holds what was typed: those it starts first."""
    wanted = _folded(typed)
    names = card_names(game, t)
    starts = [n for n in names if _folded(n[1]).startswith(wanted) or n[0] == typed]
    inside = [n for n in names if n not in starts and wanted in _folded(n[1])]
    return (starts + inside)[:SUGGESTIONS]


def find(game: Game, t: Texts, typed: str) -> str | None:
    """The card meant: its id (an autocomplete's value), or the one card its name matches."""
    if typed in game.cards():
        return typed
    exact = [card_id for card_id, name in card_names(game, t) if _folded(name) == _folded(typed)]
    found = exact or [card_id for card_id, _ in matching(game, t, typed)]
    return found[0] if len(found) == 1 else None


def card_text(game: Game, t: Texts, card_id: str) -> str:
    card = game.card(card_id)
    return f"**{t.msg(card.name)}**\n{t.msg(card.text)}"


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()
