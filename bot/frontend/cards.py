"""A game's cards by name, for `/game card` (any front end may use it): the names in a reader's
language, matched against what the reader typed, and one card worded in full."""

from __future__ import annotations

import asyncio
import unicodedata
from collections import Counter, OrderedDict
from concurrent.futures import Executor

from bot.frontend.texts import Texts
from engine.core import Game
from render.cards import card_png

SUGGESTIONS = 25  # Discord's autocomplete limit


# (game, locale) -> (card id, shown name, folded name): a game's names in a language never
# change, and autocomplete asks on every keystroke (about 14 ms to word Space Emperor's 100).
_NAMES: dict[tuple[str, str], list[tuple[str, str, str]]] = {}


def card_names(game: Game, t: Texts) -> list[tuple[str, str]]:
    """(card id, name in the reader's language) for every card of the game; a name that
    several cards share is told apart by the card's id ("Trade · OC03")."""
    return [(card_id, shown) for card_id, shown, _ in _worded(game, t)]


def _worded(game: Game, t: Texts) -> list[tuple[str, str, str]]:
    key = (game.id, t.locale)
    if key not in _NAMES:
        names = [(card_id, t.msg(game.card(card_id).name)) for card_id in game.cards()]
        shared = Counter(name for _, name in names)
        shown = [(c, f"{name} · {c}" if shared[name] > 1 else name) for c, name in names]
        _NAMES[key] = [(c, name, _folded(name)) for c, name in shown]
    return _NAMES[key]


def matching(game: Game, t: Texts, typed: str) -> list[tuple[str, str]]:
    """The cards whose name (or id) holds what was typed: those it starts first."""
    wanted = _folded(typed)
    names = _worded(game, t)
    starts = [n for n in names if n[2].startswith(wanted) or n[0] == typed]
    inside = [n for n in names if n not in starts and wanted in n[2]]
    return [(card_id, shown) for card_id, shown, _ in starts + inside][:SUGGESTIONS]


def find(game: Game, t: Texts, typed: str) -> str | None:
    """The card meant: its id (an autocomplete's value), or the one card its name matches."""
    if typed in game.cards():
        return typed
    wanted = _folded(typed)
    exact = [card_id for card_id, _, folded in _worded(game, t) if folded == wanted]
    found = exact or [card_id for card_id, _ in matching(game, t, typed)]
    return found[0] if len(found) == 1 else None


def card_text(game: Game, t: Texts, card_id: str) -> str:
    card = game.card(card_id)
    return f"**{t.msg(card.name)}**\n{t.msg(card.text)}"


# (game, card, locale) -> the card's picture: a pure function of the three, so a member who
# repeats /game card costs the render pool one picture per card and language, and the kept
# pictures (about 20 kB each) are bounded.
PICTURES_KEPT = 128
_PICTURES: OrderedDict[tuple[str, str, str], bytes] = OrderedDict()


def picture_kept(game: Game, card_id: str, locale: str) -> bool:
    return (game.id, card_id, locale) in _PICTURES


async def picture(game: Game, card_id: str, locale: str, pool: Executor | None) -> bytes:
    """The card as its board draws it, with its name and text (render.cards), drawn in the
    render pool like a board: never on the event loop."""
    key = (game.id, card_id, locale)
    png = _PICTURES.get(key)
    if png is None:
        loop = asyncio.get_running_loop()
        png = await loop.run_in_executor(pool, card_png, game.id, card_id, locale)
        _PICTURES[key] = png
    _PICTURES.move_to_end(key)
    while len(_PICTURES) > PICTURES_KEPT:
        _PICTURES.popitem(last=False)
    return png


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()
