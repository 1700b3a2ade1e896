"""The step-by-step builder of a `fleet` field (engine.core.Field kind "fleet"): an ordered list
of groups, each a head followed by attachments (Space Emperor: ships in deployment order with
their supports). Pure functions over the draft's list of groups; bot.discord_app.chooser shows `choices`,
`can_add_slot` and `can_finish` as buttons and routes the clicks here. No game knowledge.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core import Choice, Field

OPS = ("a", "n", "d")  # add attachment `arg`, start the next slot, done

Groups = list[list[Any]]


def cards(groups: Groups) -> list[Any]:
    return [value for group in groups for value in group]


def has_room(item: Field, groups: Groups) -> bool:
    return len(cards(groups)) < item.max


def add_head(item: Field, groups: Groups, value: Any) -> None:
    """A head fills the open slot, or opens a new one while the fleet has room."""
    if groups and not groups[-1]:
        groups[-1].append(value)
    elif has_room(item, groups) and value not in cards(groups):
        groups.append([value])


def click(item: Field, groups: Groups, op: str, picks: Sequence[int] = ()) -> bool:
    """Apply one builder click (`picks`: the attachments of an `a`, as indexes); True when it
    closed the fleet (`d` with enough slots)."""
    if op == "d":
        groups[:] = [group for group in groups if group]
        return len(groups) >= max(item.min, 1)
    if op == "n" and groups and groups[-1] and has_room(item, groups):
        groups.append([])
    elif op == "a" and groups and groups[-1]:
        for index in picks:
            if index >= len(item.attachments):
                continue
            value = item.attachments[index].value
            fits = len(groups[-1]) - 1 < item.per_head and has_room(item, groups)
            if fits and value not in cards(groups):
                groups[-1].append(value)
    return False


def undo(groups: Groups) -> None:
    """Take back the last step: an empty slot, else the last card."""
    if groups and not groups[-1]:
        groups.pop()
    elif groups:
        groups[-1].pop()
        if not groups[-1]:
            groups.pop()


def choices(item: Field, groups: Groups) -> tuple[str, list[tuple[int, Choice]]]:
    """What to offer now: ("v", unused heads) while a slot is open, else ("a", attachments that
    still fit behind the current head)."""
    used = set(cards(groups))
    if not groups or not groups[-1]:
        return "v", [(i, c) for i, c in enumerate(item.options) if c.value not in used]
    if len(groups[-1]) - 1 >= item.per_head or not has_room(item, groups):
        return "a", []
    return "a", [(i, c) for i, c in enumerate(item.attachments) if c.value not in used]


def can_add_slot(item: Field, groups: Groups) -> bool:
    heads = {c.value for c in item.options}
    return bool(groups and groups[-1] and has_room(item, groups) and heads - set(cards(groups)))


def can_finish(groups: Groups) -> bool:
    return any(groups)


def describe(groups: Groups, label: Callable[[Any], str], slot: Callable[[int, str], str]) -> str:
    """ "1. ship + support; 2. ship" through the reader's labels."""
    return "; ".join(
        slot(number, " + ".join(label(v) for v in group) or "…")
        for number, group in enumerate(groups, start=1)
    )
