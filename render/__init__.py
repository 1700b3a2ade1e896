"""Board images drawn from public views only, so a hidden card can never reach a picture.

Each game has `render/<game id>.py` with `draw(view, names, labels) -> PIL.Image.Image`;
`render_png` finds it by that convention, so adding a game needs no registry line here.
`labels` words the board's texts in the reader's language from the game's catalog (`board.*`).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from pydantic import BaseModel

from engine.registry import get_game
from render.common import Labels, encode_png


def render_png(game_id: str, view: BaseModel, names: Sequence[str], locale: str = "en") -> bytes:
    module = importlib.import_module(f"render.{game_id}")
    return encode_png(module.draw(view, list(names), Labels(get_game(game_id).strings, locale)))
