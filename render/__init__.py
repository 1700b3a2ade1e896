"""Board images drawn from public views only, so a hidden card can never reach a picture.

Each game has a renderer module (`render/<game id>.py`) with `draw(view, names, labels) ->
PIL.Image.Image` and a `PALETTE` (render.common.Palette) holding every colour it draws, which it draws its board in
(`canvas(..., palette=PALETTE)`); the game's registry entry (engine.registry) names that module,
and `renderer` imports it (an RGB board from a renderer without a palette gets `fill_palette`,
slower), so adding a game needs no line here. `labels` words the board's texts in the reader's language from the game's catalog (`board.*`). Given the
game's `outcome`, the board gets the shared final-results strip (winner, ranks, scores).

`render_png` takes a `PublicView` (`Game.public_view(state)`) and refuses anything else, a seat's
bare view above all: "boards show only what every player may see" is checked here, once, rather
than trusted to every caller.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from engine.core import Outcome, PublicView
from engine.registry import RENDERERS, get_game
from render.common import Labels, encode_png
from render.png import DeflatedBands
from render.raster import BOARD_ROWS
from render.results import with_results

# Bands of boards already deflated, shared by every board this process draws: the static
# layers' parts common to every game of a table size, and what did not change since a game's
# last board. Each render worker is its own process, so each has its own.
BOARD_BANDS = DeflatedBands()


def renderer(game_id: str) -> ModuleType:
    """The module drawing `game_id`'s board, as its registry entry names it."""
    get_game(game_id)  # an unknown id is refused naming the known ones
    return importlib.import_module(RENDERERS[game_id])


def render_png(
    game_id: str,
    public: PublicView[Any],  # any game's View (PublicView is invariant in it)
    names: Sequence[str],
    locale: str = "en",
    *,
    outcome: Outcome | None = None,
    hinted: bool = False,  # hints were used: the results strip says so
) -> bytes:
    if not isinstance(public, PublicView):
        raise TypeError(
            f"render_png draws a PublicView (game.public_view(state)), not {type(public).__name__}"
        )
    module = renderer(game_id)
    strings = get_game(game_id).strings
    palette = getattr(module, "PALETTE", None)
    board = module.draw(public.view, list(names), Labels(strings, locale))
    image = board
    if outcome is not None:  # drawn on a copy of the board, taller by the results strip
        image = with_results(board, outcome, names, strings, locale, hinted)
    png = encode_png(image, palette, BOARD_BANDS)
    BOARD_ROWS.release(image)  # nothing reads the boards any more
    BOARD_ROWS.release(board)
    return png
