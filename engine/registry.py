"""Every playable game, by id. Adding a game is one line here (plus its module and renderer)."""

from __future__ import annotations

from engine.core import Game
from engine.games.imperium import Imperium

GAMES: dict[str, Game] = {game.id: game for game in (Imperium(),)}


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None
