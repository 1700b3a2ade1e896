"""Board images drawn from public views only, so a hidden card can never reach a picture.

Each game has `render/<game id>.py` with `draw(view, names) -> PIL.Image.Image`; `render_png`
finds it by that convention, so adding a game needs no registry line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

from pydantic import BaseModel

from render.common import encode_png


def render_png(game_id: str, view: BaseModel, names: Sequence[str]) -> bytes:
    module = importlib.import_module(f"render.{game_id}")
    return encode_png(module.draw(view, list(names)))
