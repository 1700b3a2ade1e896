"""engine/README.md's "Adding a game", proven: Secret Nim (tests/nim_game.py, with its renderer
tests/nim_render.py) is registered by a fixture alone, the way a real game is by its one registry
line, and then passes the conformance suite, draws its board and is played through the bot."""

from __future__ import annotations

import io
from collections import Counter

import pytest
from PIL import Image

import engine.registry
from bench.bot_harness import Harness
from bot.strings import BOT
from engine.i18n import Localizer
from engine.testing import check_game
from render import render_png
from table.testing import FUZZ_SEEDS, fuzz_game
from tests import nim_render
from tests.nim_game import Nim
from tests.test_bot_games import assert_final_board, play_to_the_end


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Nim:
    """The game and its renderer in the registry (engine.registry), as its entry would put them."""
    game = Nim()
    monkeypatch.setitem(engine.registry.GAMES, game.id, game)
    monkeypatch.setitem(engine.registry.RENDERERS, game.id, nim_render.__name__)
    return game


def test_the_example_passes_the_conformance_suite(nim: Nim) -> None:
    assert check_game(nim) == [
        "check_score_field: no running score declared",
        "check_sampler: no hard level (no search declared)",
    ]


async def test_the_example_refuses_fuzzed_inputs_by_code(nim: Nim) -> None:
    figures: Counter[str] = Counter()
    for seed in FUZZ_SEEDS:
        await fuzz_game(nim, seed, figures, Localizer(BOT))
    assert figures["accepted"] > 0 and any(k.startswith("refused.") for k in figures)


def test_the_example_draws_its_board_in_both_languages(nim: Nim) -> None:
    state = nim.setup(nim.parse_options({}), 2, 1)
    with pytest.raises(TypeError, match="PublicView"):
        render_png(nim.id, nim.view(state, 0), ["Ann", "Bo"])
    boards = {locale: render_png(nim.id, nim.public_view(state), ["Ann", "Bo"], locale)
              for locale in ("en", "ja")}  # fmt: skip
    assert boards["en"] != boards["ja"]
    for board in boards.values():
        image = Image.open(io.BytesIO(board))
        assert image.format == "PNG" and image.mode == "P" and image.width == 1200


async def test_the_example_is_played_to_the_end_through_discord(
    nim: Nim, harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    session, player = await play_to_the_end(harness, monkeypatch, nim.id, seed=3, ai=1)
    assert_final_board(harness, session, "nim seed 3")
    assert player.paths["dm"] > 0, "the secret addition is asked by DM"
    assert player.paths["board"] + player.paths["take_turn"] > 0, "turns are taken on the board"
