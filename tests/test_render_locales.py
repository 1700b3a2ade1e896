"""Every board image is drawn in the reader's language: for each registered game, a mid-game
public view renders to a different PNG in English and Japanese, and every `board.*` label a
renderer asks for over a whole game exists in both catalogs (a missing one would silently fall
back to English, or to the bare key)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.ai import play_out
from engine.core import Game, playable_seats
from engine.registry import GAMES
from render import render_png, renderer
from render.common import Labels

NAMES = ["アリス", "Bob", "Carol", "大輔", "Eve"]
LOCALES = ("en", "ja")


class RecordingLabels(Labels):
    """Labels that note every key asked for."""

    def __init__(self, catalog: dict[str, dict[str, str]], locale: str, used: set[str]) -> None:
        super().__init__(catalog, locale)
        self.used = used

    def __call__(self, key: str, /, **args: object) -> str:
        self.used.add(key)
        return super().__call__(key, **args)


def _game_states(game: Game, seed: int = 3) -> list:
    """Every state of one AI game at the most seats the default options allow, start to
    finish (Space Emperor's seventh seat needs an option)."""
    start = game.setup(game.parse_options({}), playable_seats(game)[-1], seed)
    _, actions = play_out(game, start, seed)
    states = [start]
    for action in actions:
        states.append(game.apply(states[-1], action)[0])
    return states


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_mid_game_board_is_localized(game_id: str) -> None:
    game = GAMES[game_id]
    states = _game_states(game)
    view = game.public_view(states[len(states) // 2])
    names = NAMES[: view.view.seats]
    pngs = {locale: render_png(game_id, view, names, locale) for locale in LOCALES}
    for locale, png in pngs.items():
        image = Image.open(io.BytesIO(png))
        assert image.format == "PNG", (game_id, locale)
        image.load()  # a truncated or corrupt file fails here
        assert image.width >= 1000, (game_id, locale, image.size)
        assert render_png(game_id, view, names, locale) == png, f"{game_id} {locale}: not stable"
    assert pngs["en"] != pngs["ja"], f"{game_id}: the Japanese board is the English one"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_board_label_used_is_in_both_catalogs(game_id: str) -> None:
    game = GAMES[game_id]
    module = renderer(game_id)
    states = _game_states(game)
    used: set[str] = set()
    for state in [*states[::5], states[-1]]:
        view = game.view(state, None)
        for locale in LOCALES:
            module.draw(view, NAMES[: view.seats], RecordingLabels(game.strings, locale, used))
    assert used, f"{game_id}: the renderer asks for no label at all"
    for locale in LOCALES:
        missing = sorted(key for key in used if not game.strings[locale].get(f"board.{key}"))
        assert not missing, f"{game_id}: no {locale} text for these board.* keys: {missing}"
