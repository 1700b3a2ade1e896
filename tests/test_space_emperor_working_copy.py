"""Space Emperor's rules mutate a working copy of the state (engine/games/space_emperor/state.py
`working_copy`, hand-written for speed). This proves it safe: along seeded random games, no
mutable object (a list, dict, set or mutable model, at any depth) reachable from the copy is
reachable from the original too, so a field added to the state and missed there fails here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from engine.games.space_emperor.state import working_copy
from engine.registry import GAMES
from engine.testing import trajectory

GAME = GAMES["space_emperor"]


def _is_mutable(value: Any) -> bool:
    if isinstance(value, list | dict | set | bytearray):
        return True
    return isinstance(value, BaseModel) and not value.model_config.get("frozen", False)


def _children(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, BaseModel):
        yield from ((f".{name}", getattr(value, name)) for name in type(value).model_fields)
    elif isinstance(value, dict):
        yield from ((f"[{key!r}]", item) for key, item in value.items())
    elif isinstance(value, list | tuple | set):
        yield from ((f"[{index}]", item) for index, item in enumerate(value))


def shared_mutables(original: Any, copy: Any, path: str = "state") -> Iterator[str]:
    """The paths at which `copy` holds the very mutable object `original` holds."""
    if _is_mutable(original) and original is copy:
        yield path
        return
    if type(original) is not type(copy):
        return
    for (name, left), (_, right) in zip(_children(original), _children(copy), strict=False):
        yield from shared_mutables(left, right, path + name)


def test_the_walk_finds_a_shared_list() -> None:
    """The check can fail: a copy that shares one hand is caught at that hand."""
    state = GAME.setup(GAME.parse_options({}), 3, 1)
    careless = working_copy(state)
    careless.hands[0] = state.hands[0]
    assert list(shared_mutables(state, careless)) == ["state.hands[0]"]


@pytest.mark.parametrize("seed", range(3))
def test_the_working_copy_shares_no_mutable_object(seed: int) -> None:
    checked = 0
    for state, _ in trajectory(GAME, 4, seed):
        copy = working_copy(state)
        assert copy == state, f"seed {seed}: the copy differs"
        shared = list(shared_mutables(state, copy))
        assert not shared, f"seed {seed} step {checked}: shared with the original: {shared}"
        checked += 1
    assert checked > 0
