"""Boards readable on a phone (issue 29): every text a board draws is at least 9 px tall when the
image is shown 390 px wide, for every game, both languages, at the start, middle and end of a
seeded game at the smallest and largest table (the boards of `bench.run --phone`)."""

from __future__ import annotations

import pytest

from bench.phone import READABLE, game_smallest, smallest_text
from engine.registry import GAMES
from render import common


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_smallest_board_text_is_readable_at_390_px(game_id: str) -> None:
    boards = game_smallest(game_id)
    assert len(boards) >= 3, boards  # start, middle and end at least
    for board, small in boards.items():
        assert small.height >= READABLE, (game_id, board, small)


def test_the_probe_sees_every_text_and_is_off_afterwards() -> None:
    game = GAMES["imperium"]
    view = game.public_view(game.setup(game.parse_options({}), 3, 1))
    height, text = smallest_text("imperium", view, 3, "en", None)
    assert 0 < height < 100 and text
    assert common.TEXT_PROBE is None
