"""The render worker gets the public view as JSON (bot.frontend.board_image): it must come back
equal."""

from __future__ import annotations

import pytest

from engine.ai import play_out
from engine.registry import GAMES

SEED = 7


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_public_view_of_a_game_comes_back_equal_from_its_json(game_id: str) -> None:
    print(f"seed {SEED}")
    game = GAMES[game_id]
    seats = min(game.max_seats, max(game.min_seats, 3))
    state = game.setup(game.parse_options({}), seats, SEED)
    _, actions = play_out(game, state, SEED)
    for action in actions:
        view = game.public_view(state).view
        back = game.View.model_validate_json(view.model_dump_json())
        assert type(back) is type(view)
        assert back == view
        state, _ = game.apply(state, action)
