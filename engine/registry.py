"""Every playable game, by id, with its renderer. Adding a game is two lines here: its import
and its `Entry` (plus its package and renderer)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import AnyGame, SearchSpec
from engine.games.caesar import Caesar
from engine.games.circus_maximus import CircusMaximus
from engine.games.hannibal import Hannibal
from engine.games.imperial_settlers import ImperialSettlers
from engine.games.imperium import Imperium
from engine.games.konsul import Konsul
from engine.games.prokonsul import Prokonsul
from engine.games.senator import Senator
from engine.games.seven_hills import SevenHills
from engine.games.space_emperor import SpaceEmperor
from engine.games.spartacus import Spartacus
from engine.i18n import check_card_texts, check_learning_texts

# What `python -m bot` plays in the terminal when neither a token nor `[local] game` is set.
DEFAULT_LOCAL_GAME = "imperium"


@dataclass(frozen=True)
class Entry:
    """One playable game and the module that draws its board (`draw` and `PALETTE`, see
    render/__init__.py). The renderer is named by its dotted path, not imported: the engine stays
    free of Pillow, and only render/ imports it (`render.renderer`)."""

    game: AnyGame
    renderer: str


ENTRIES = (
    Entry(Caesar(), "render.caesar"),
    Entry(CircusMaximus(), "render.circus_maximus"),
    Entry(Hannibal(), "render.hannibal"),
    Entry(ImperialSettlers(), "render.imperial_settlers"),
    Entry(Imperium(), "render.imperium"),
    Entry(Konsul(), "render.konsul"),
    Entry(Prokonsul(), "render.prokonsul"),
    Entry(Senator(), "render.senator"),
    Entry(SevenHills(), "render.seven_hills"),
    Entry(SpaceEmperor(), "render.space_emperor"),
    Entry(Spartacus(), "render.spartacus"),
)
GAMES: dict[str, AnyGame] = {entry.game.id: entry.game for entry in ENTRIES}
# Each game's renderer module, by game id (a test registers an example game in both dicts).
RENDERERS: dict[str, str] = {entry.game.id: entry.renderer for entry in ENTRIES}

for _game in GAMES.values():
    check_card_texts(_game)
    check_learning_texts(_game)


def get_game(game_id: str) -> AnyGame:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


# The hard AI's search per game: sampler, rollout policy and budget (see engine.search), as each
# game declares it (`search`); a game without one has no hard level.
SEARCH: dict[str, SearchSpec] = {
    game.id: game.search for game in GAMES.values() if game.search is not None
}
# The games whose players may ask for the hard AI's suggestion: each declares it (`hints`).
HINTS: frozenset[str] = frozenset(game.id for game in GAMES.values() if game.hints)
