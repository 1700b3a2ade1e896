"""Board data lives in JSON files beside the games so designed values can be corrected without code."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(package: str, name: str) -> dict[str, Any]:
    """`<name>.json` of the game package `package` (a module passes its `__package__`), parsed
    once."""
    data: dict[str, Any] = json.loads(
        resources.files(package).joinpath(f"{name}.json").read_text("utf-8")
    )
    return data
