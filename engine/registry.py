"""Every playable game, by id. Adding a game is one line here (plus its module and renderer)."""

from __future__ import annotations

from engine.core import Game, SearchSpec
from engine.games import (
    caesar_sampler,
    imperium_sampler,
    senator_sampler,
    seven_hills_sampler,
    spartacus_sampler,
)
from engine.games.caesar import Caesar
from engine.games.circus_maximus import CircusMaximus
from engine.games.hannibal import Hannibal
from engine.games.imperial_settlers import ImperialSettlers
from engine.games.imperial_settlers import sampler as settlers_sampler
from engine.games.imperium import Imperium
from engine.games.konsul import Konsul
from engine.games.konsul import sampler as konsul_sampler
from engine.games.prokonsul import Prokonsul
from engine.games.prokonsul import sampler as prokonsul_sampler
from engine.games.senator import Senator
from engine.games.seven_hills import SevenHills
from engine.games.space_emperor import SpaceEmperor
from engine.games.space_emperor import sampler as space_emperor_sampler
from engine.games.spartacus import Spartacus

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


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(sorted(GAMES))}") from None


# The hard AI's search per game: sampler, rollout policy and budget (see engine.search). A game
# declares its own as `search`; the entries below belong to games not yet moved to the package
# layout of engine/README.md (issue 21) and go as each one moves.
SEARCH: dict[str, SearchSpec] = {
    game.id: game.search for game in GAMES.values() if game.search is not None
} | {
    "caesar": SearchSpec(caesar_sampler.sample, rollouts=55),
    "imperial_settlers": SearchSpec(settlers_sampler.sample, rollouts=10, worlds=4),
    "imperium": SearchSpec(imperium_sampler.sample, rollouts=500),
    "konsul": SearchSpec(konsul_sampler.sample, rollouts=25),
    "prokonsul": SearchSpec(prokonsul_sampler.sample, rollouts=34),
    "senator": SearchSpec(senator_sampler.sample, rollouts=240, policy="random"),
    "seven_hills": SearchSpec(seven_hills_sampler.sample, rollouts=300, policy="random"),
    "space_emperor": SearchSpec(space_emperor_sampler.sample, rollouts=12, worlds=4, margin=0.3),
    "spartacus": SearchSpec(spartacus_sampler.sample, rollouts=150),
}
