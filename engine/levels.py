"""The three AI levels a seat can be given: easy, normal and hard.

- `easy`: the heuristic, but a seeded share of its decisions is a random legal input instead.
- `normal`: the game's heuristic (engine.ai).
- `hard`: the determinised search (engine.search), from the seat's own view only.
"""

from __future__ import annotations

from typing import Literal

from engine.ai import choose_action, random_action
from engine.core import Action, AnyGame, GameState, Prompt
from engine.rng import Rng, derive_seed
from engine.styles import STEADY, Style

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = ("easy", "normal", "hard")
DEFAULT_LEVEL: Level = "normal"
# How often the easy AI plays a random input instead of its heuristic's choice.
EASY_MISTAKES = 0.35


def level_action(
    game: AnyGame,
    state: GameState,
    prompt: Prompt,
    seat: int,
    seed: int,
    level: str,
    style: Style = STEADY,
) -> Action:
    """The decision of an AI seat of `level` (an unknown level plays as `normal`) in its
    `style`; the hard level's search plays every seat of its rollouts STEADY."""
    if level == "hard":
        from engine.registry import SEARCH  # the registry imports every game: load it late
        from engine.search import search_action

        spec = SEARCH.get(game.id)
        if spec is not None:
            return search_action(game, spec, game.view(state, seat), prompt, seat, seed)
    if level == "easy" and Rng(derive_seed(seed, "mistake")).below(1000) < EASY_MISTAKES * 1000:
        return random_action(game, state, prompt, seat, seed)
    return choose_action(game, state, prompt, seat, seed, style=style)


def level_action_by_id(
    game_id: str, state: GameState, prompt: Prompt, seat: int, seed: int, level: str = "hard"
) -> Action:
    """`level_action` for a worker process: the game is named, so the call pickles small."""
    from engine.registry import get_game

    return level_action(get_game(game_id), state, prompt, seat, seed, level)


def hint_by_id(
    game_id: str, state: GameState, prompt: Prompt, seat: int, seed: int
) -> tuple[Action, float | None]:
    """The hard AI's suggestion for a member's seat, searched from that seat's view alone, with
    the share of sampled games it won; for a worker process, like `level_action_by_id`."""
    from engine.registry import SEARCH, get_game
    from engine.search import searched

    game = get_game(game_id)
    return searched(game, SEARCH[game_id], game.view(state, seat), prompt, seat, seed)
