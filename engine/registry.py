"""Every playable game, by id. Adding a game is one line here (plus its module and renderer)."""

from __future__ import annotations

from engine.core import Game, SearchSpec
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
from engine.i18n import check_card_texts

# What `python -m bot` plays in the terminal when neither a token nor `[local] game` is set.
DEFAULT_LOCAL_GAME = "imperium"

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Caesar(),
        CircusMaximus(),
        Hannibal(),
        ImperialSettlers(),
        Imperium(),
        Konsul(),
        Prokonsul(),
        Senator(),
        SevenHills(),
        SpaceEmperor(),
        Spartacus(),
    )
}

for _game in GAMES.values():
    check_card_texts(_game)


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


# The hard AI's search per game: sampler, rollout policy and budget (see engine.search), as each
# game declares it (`search`); a game without one has no hard level.
SEARCH: dict[str, SearchSpec] = {
    game.id: game.search for game in GAMES.values() if game.search is not None
}
