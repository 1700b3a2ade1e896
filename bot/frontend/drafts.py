"""A player's answer to a prompt, assembled field by field, and its plain-text summary: the
front-end-neutral half of the choosers (bot.discord_app.chooser draws the Discord components)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.frontend import fleet_builder
from bot.frontend.safe_text import neutral
from bot.frontend.texts import Texts
from engine.core import Field, Prompt


@dataclass
class Draft:
    """A player's answer being assembled, field by field."""

    values: dict[str, Any] = field(default_factory=dict)
    page: int = 0
    finished: set[str] = field(default_factory=set)  # `fleet` fields the player closed


def amount_indexes(item: Field) -> list[int]:
    """The indexes of a field's amounts (see Field.amounts: a bid's numbers; not its Pass)."""
    if item.kind != "one" or not item.amounts:
        return []
    return [
        index
        for index, choice in enumerate(item.options)
        if isinstance(choice.value, int) and not isinstance(choice.value, bool)
    ]


def asked_fields(prompt: Prompt, draft: Draft) -> list[Field]:
    """The fields this answer needs, given what is already chosen (see Field.needs)."""
    return [item for item in prompt.fields if item.is_asked(draft.values)]


def current_field(prompt: Prompt, draft: Draft) -> Field | None:
    """The first field still to fill; a pick-one field with a single option fills itself."""
    for item in asked_fields(prompt, draft):
        value = draft.values.get(item.name)
        if item.kind == "one" and value is None and len(item.options) == 1:
            draft.values[item.name] = item.options[0].value
            continue
        if item.kind == "multiset":
            if len(value or []) < item.count:
                return item
        elif item.kind == "fleet":
            if item.name not in draft.finished:
                return item
        elif value is None:
            return item
    return None


def picked(prompt: Prompt, draft: Draft) -> bool:
    """Whether the player chose anything (a lone option filled in by itself does not count)."""
    return any(
        (
            draft.values.get(item.name) not in (None, [])
            and not (item.kind == "one" and len(item.options) == 1)
        )
        or item.name in draft.finished
        for item in asked_fields(prompt, draft)
    )


def lone_answer(prompt: Prompt, draft: Draft) -> Field | None:
    """The field to show as a single button when the whole answer is one forced option (e.g.
    Pass): one click answers it, with no "Confirm?" about nothing the player chose."""
    fields = asked_fields(prompt, draft)
    if picked(prompt, draft) or not fields or any(item.kind != "one" for item in fields):
        return None
    return fields[0]


def is_immediate(prompt: Prompt, draft: Draft) -> bool:
    """A single real pick-one choice: that click is the whole answer, no confirm step.
    Anything more (two choices, numbers, text, several picks) is confirmed first."""
    fields = asked_fields(prompt, draft)
    choices = [item for item in fields if len(item.options) > 1]
    return all(item.kind == "one" for item in fields) and len(choices) <= 1


def pick(prompt: Prompt, draft: Draft, index: int) -> None:
    """Record option `index` of the current field."""
    item = current_field(prompt, draft)
    if item is None or not 0 <= index < len(item.options):
        return
    value = item.options[index].value
    if item.kind == "fleet":
        fleet_builder.add_head(item, draft.values.setdefault(item.name, []), value)
        return
    if item.kind == "multiset":
        draft.values.setdefault(item.name, []).append(value)
    else:
        draft.values[item.name] = value
    draft.page = 0


def take_number(prompt: Prompt, draft: Draft, value: int) -> None:
    """A count stepper's number for the current `int` field (the rules judge its range)."""
    item = current_field(prompt, draft)
    if item is not None and item.kind == "int":
        draft.values[item.name] = value
        draft.page = 0


def fill_typed(prompt: Prompt, draft: Draft, typed: dict[str, str]) -> None:
    """Values typed into the modal; ints stay text when unreadable so the rules reject them."""
    for item in prompt.fields:
        if item.name in typed:
            text = typed[item.name].strip()
            if item.kind == "int":
                draft.values[item.name] = int(text) if re.fullmatch(r"-?\d+", text) else text
            else:
                draft.values[item.name] = text


def undo(prompt: Prompt, draft: Draft) -> None:
    for item in reversed(prompt.fields):
        value = draft.values.get(item.name)
        if item.kind == "fleet" and (value or item.name in draft.finished):
            if item.name in draft.finished:
                draft.finished.discard(item.name)
            elif value:  # always, when not finished
                fleet_builder.undo(value)
                if not value:
                    del draft.values[item.name]
            return
        if isinstance(value, list) and value and item.kind == "multiset":
            value.pop()
            return
        if value is not None:
            del draft.values[item.name]
            return


def args_of(prompt: Prompt, draft: Draft) -> dict[str, Any]:
    args = {item.name: draft.values.get(item.name) for item in asked_fields(prompt, draft)}
    for item in asked_fields(prompt, draft):
        fleet = args[item.name]
        if item.kind == "fleet" and fleet is not None:
            args[item.name] = [list(group) for group in fleet if group]
    return args


def summary(prompt: Prompt, draft: Draft, texts: Texts) -> str:
    parts = []
    for item in asked_fields(prompt, draft):
        value = draft.values.get(item.name)
        if value is None or value == []:
            continue
        shown = _value_text(item, value, texts)
        parts.append(texts("chooser.field_value", label=texts.msg(item.label), value=shown))
    return " · ".join(parts)


def _value_text(item: Field, value: Any, texts: Texts) -> str:
    labels = {choice.value: texts.msg(choice.label) for choice in item.options + item.attachments}
    if item.kind == "fleet":
        return fleet_builder.describe(
            value,
            lambda v: labels.get(v, neutral(v)),
            lambda slot, names: texts("chooser.fleet_slot", slot=slot, cards=names),
        )
    values = value if isinstance(value, list) else [value]
    return ", ".join(labels.get(v, neutral(v)) for v in values)


class DraftBook:
    """The answers members are building, one per (session, member, prompt key). One part owns
    it (bot.discord_app.private_prompts, which forgets a game's drafts when it ends); the
    router fills it click by click."""

    def __init__(self) -> None:
        self._drafts: dict[tuple[int, int, str], Draft] = {}

    def of(self, session_id: int, user_id: int, key: str) -> Draft:
        """The member's draft for this prompt, a new one the first time."""
        return self._drafts.setdefault((session_id, user_id, key), Draft())

    def drop(self, session_id: int, user_id: int, key: str) -> None:
        """Done with: the answer was accepted."""
        self._drafts.pop((session_id, user_id, key), None)

    def forget(self, session_id: int) -> None:
        """Every draft of a game that has ended."""
        for key in [key for key in self._drafts if key[0] == session_id]:
            del self._drafts[key]

    def __len__(self) -> int:
        return len(self._drafts)
