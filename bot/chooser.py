"""Discord components for any prompt, built from its fields alone (no game knowledge here).

Every component carries a custom_id of bot.custom_id, so routing needs no stored view.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

import discord

from bot import fleet_builder
from bot.custom_id import cid, parse_index
from bot.safe_text import LABEL_MAX, OPTION_MAX, clip, neutral
from bot.texts import Texts
from engine.core import Field, Prompt

BUTTONS_MAX = 20  # four rows of five; the fifth row holds Undo / Confirm
SELECT_MAX = 25


class Components(discord.ui.View):
    """A plain bundle of components. Never stored by discord.py: bot.router handles clicks."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False

    def add_item(self, item: discord.ui.Item[Any]) -> Self:
        """Added without the item's link back to its view, which only a dispatched view uses:
        without that reference cycle a sent view is freed at once, not by the cyclic garbage
        collector, whose pauses held up the event loop (issue 20)."""
        super().add_item(item)
        item._update_view(None)
        return self


@dataclass
class Draft:
    """A player's answer being assembled, field by field."""

    values: dict[str, Any] = field(default_factory=dict)
    page: int = 0
    finished: set[str] = field(default_factory=set)  # `fleet` fields the player closed


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


def pick_many(prompt: Prompt, draft: Draft, raw_values: Sequence[str]) -> None:
    """A select's values (option indexes as text) for the current field."""
    item = current_field(prompt, draft)
    if item is None:
        return
    indexes = [i for i in map(parse_index, raw_values) if i < len(item.options)]
    if item.kind == "subset":
        draft.values[item.name] = [item.options[i].value for i in indexes]
    else:
        for index in indexes[:1]:
            pick(prompt, draft, index)


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
            else:
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
        if item.kind == "fleet" and args[item.name] is not None:
            args[item.name] = [list(group) for group in args[item.name] if group]
    return args


def fleet_input(
    prompt: Prompt, draft: Draft, op: str, arg: str, values: Sequence[str] = ()
) -> None:
    """A click of the fleet builder (ops in fleet_builder.OPS) on the current field; the
    attachment indexes (`arg`, select `values`) are read strictly (MalformedId)."""
    picks = [parse_index(raw) for raw in (arg, *values)] if op == "a" else []
    item = current_field(prompt, draft)
    if item is not None and item.kind == "fleet":
        groups = draft.values.setdefault(item.name, [])
        if fleet_builder.click(item, groups, op, picks):
            draft.finished.add(item.name)


def _add_fleet_builder(
    view: Components, sid: int, prompt: Prompt, item: Field, draft: Draft, texts: Texts
) -> None:
    """Heads while a slot is open, then attachments for it; Next slot and Done below."""
    groups = draft.values.get(item.name) or []
    op, choices = fleet_builder.choices(item, groups)
    style = discord.ButtonStyle.primary if op == "v" else discord.ButtonStyle.secondary
    for position, (index, choice) in enumerate(choices[:BUTTONS_MAX]):
        label = texts.label(choice.label, choice.value)
        view.add_item(_button(label, cid(sid, prompt.key, op, index), position // 5, style))
    if fleet_builder.can_add_slot(item, groups):
        view.add_item(_button(texts("chooser.fleet_next"), cid(sid, prompt.key, "n"), 4))
    if fleet_builder.can_finish(groups):
        done = texts("chooser.fleet_done")
        view.add_item(_button(done, cid(sid, prompt.key, "d"), 4, discord.ButtonStyle.success))


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


def chooser(sid: int, prompt: Prompt, draft: Draft, texts: Texts) -> tuple[str, Components]:
    """The message content and components that ask for (the rest of) `prompt`."""
    view = Components()
    lines = [texts.msg(prompt.text)]
    item = current_field(prompt, draft)  # first: it fills single-option fields in
    done = summary(prompt, draft, texts)
    lone = lone_answer(prompt, draft) if item is None else None
    if lone is not None:
        lines.append(f"**{texts.msg(lone.label)}**")
        _add_option_buttons(view, sid, prompt, lone, texts)
        return "\n".join(lines), view
    if item is None:
        lines.append(texts("chooser.ready", summary=done))
        _add_confirm(view, sid, prompt, texts)
        return "\n".join(lines), view
    if done:
        lines.append(texts("chooser.progress", picks=done))
    lines.append(f"**{texts.msg(item.label)}**")
    if item.kind in ("int", "text"):
        view.add_item(
            _button(
                texts("button.enter"), cid(sid, prompt.key, "m"), 0, discord.ButtonStyle.primary
            )
        )
    elif item.kind == "fleet":
        _add_fleet_builder(view, sid, prompt, item, draft, texts)
    elif item.kind == "subset" or len(item.options) > BUTTONS_MAX:
        _add_select(view, sid, prompt, item, draft, texts)
    else:
        _add_option_buttons(view, sid, prompt, item, texts)
    if picked(prompt, draft):
        view.add_item(_button(texts("button.undo"), cid(sid, prompt.key, "u"), 4))
    return "\n".join(lines), view


def _add_option_buttons(
    view: Components, sid: int, prompt: Prompt, item: Field, texts: Texts
) -> None:
    for index, choice in enumerate(item.options):
        label = texts.label(choice.label, choice.value)
        view.add_item(
            _button(
                label, cid(sid, prompt.key, "v", index), index // 5, discord.ButtonStyle.primary
            )
        )


def _add_select(
    view: Components, sid: int, prompt: Prompt, item: Field, draft: Draft, texts: Texts
) -> None:
    start = draft.page * SELECT_MAX
    page = list(enumerate(item.options))[start : start + SELECT_MAX]
    options = [
        discord.SelectOption(
            label=texts.label(choice.label, choice.value, OPTION_MAX), value=str(index)
        )
        for index, choice in page
    ]
    many = item.kind == "subset"
    select = discord.ui.Select(
        custom_id=cid(sid, prompt.key, "s", draft.page),
        placeholder=texts("select.placeholder"),
        options=options,
        min_values=min(item.min, len(options)) if many else 1,
        max_values=min(max(item.max, 1), len(options)) if many else 1,
        row=0,
    )
    view.add_item(select)
    if draft.page > 0:
        view.add_item(
            _button(texts("button.previous"), cid(sid, prompt.key, "p", draft.page - 1), 1)
        )
    if start + SELECT_MAX < len(item.options):
        view.add_item(_button(texts("button.next"), cid(sid, prompt.key, "p", draft.page + 1), 1))


def _add_confirm(view: Components, sid: int, prompt: Prompt, texts: Texts) -> None:
    view.add_item(
        _button(texts("button.confirm"), cid(sid, prompt.key, "ok"), 0, discord.ButtonStyle.success)
    )
    view.add_item(_button(texts("button.reset"), cid(sid, prompt.key, "r"), 0))


def _button(
    label: str, custom_id: str, row: int, style: discord.ButtonStyle = discord.ButtonStyle.secondary
) -> discord.ui.Button:
    return discord.ui.Button(
        label=clip(label, LABEL_MAX), custom_id=custom_id, row=row, style=style
    )


def modal(sid: int, prompt: Prompt, draft: Draft, texts: Texts) -> discord.ui.Modal:
    """Text inputs for the remaining int/text fields (at most five, Discord's limit)."""
    form = _Form(title=texts("modal.title")[:45], custom_id=cid(sid, prompt.key, "f"))
    for item in asked_fields(prompt, draft):
        if item.kind not in ("int", "text") or item.name in draft.values:
            continue
        hint = f" ({item.min}–{item.max})" if item.kind == "int" else ""
        form.add_item(
            discord.ui.TextInput(
                label=clip(texts.label(item.label, limit=45 - len(hint)) + hint, 45),
                custom_id=item.name,
                required=not item.optional,
                max_length=min(item.max, 4000) if item.kind == "text" and item.max else None,
                style=discord.TextStyle.short,
            )
        )
        if len(form.children) == 5:
            break
    return form


class _Form(discord.ui.Modal):
    """Submissions are routed by custom_id in bot.router; nothing to do here."""

    def __init__(self, *, title: str, custom_id: str) -> None:
        super().__init__(title=title, custom_id=custom_id, timeout=900)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        return None


def modal_values(data: dict[str, Any]) -> dict[str, str]:
    """custom_id -> value from a modal submission, whatever the nesting (rows or labels)."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "custom_id" in node and "value" in node:
                found[node["custom_id"]] = node["value"]
            for child in node.values():
                walk(child)
        elif isinstance(node, list):
            for child in node:
                walk(child)

    walk(data.get("components", []))
    return found
