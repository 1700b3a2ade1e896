"""Board data lives in JSON files beside the games so designed values can be corrected without code."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """engine/games/data/<name>.json, parsed once."""
    text = resources.files("engine.games").joinpath("data", f"{name}.json").read_text("utf-8")
    return json.loads(text)
