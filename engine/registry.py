"""Every playable game, by id. Adding a game is one line here (plus its module and renderer)."""

from __future__ import annotations

from engine.core import Game
from engine.games.caesar import Caesar
from engine.games.hannibal import Hannibal
from engine.games.imperium import Imperium
from engine.games.konsul import Konsul
from engine.games.prokonsul import Prokonsul
from engine.games.senator import Senator
from engine.games.seven_hills import SevenHills
from engine.games.spartacus import Spartacus

GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Caesar(),
        Hannibal(),
        Imperium(),
        Konsul(),
        Prokonsul(),
        Senator(),
        SevenHills(),
        Spartacus(),
    )
}


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None
