"""Discord components for any prompt, built from its fields alone (no game knowledge here).

The draft logic and plain summary are bot.frontend.drafts'. Every component carries a custom_id
of bot.discord_app.custom_id, so routing needs no stored view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

import discord

from bot.discord_app.custom_id import cid, parse_index
from bot.frontend import fleet_builder
from bot.frontend.drafts import (
    Draft,
    amount_indexes,
    asked_fields,
    current_field,
    lone_answer,
    pick,
    picked,
    summary,
)
from bot.frontend.safe_text import LABEL_MAX, OPTION_MAX, clip
from bot.frontend.texts import Texts
from engine.core import Field, Prompt

BUTTONS_MAX = 20  # four rows of five; the fifth row holds Undo / Confirm
SELECT_MAX = 25
ROW = 5  # buttons in a row
STEPS = (-5, -1, 1, 5)  # a stepper's moves along the amounts


class Components(discord.ui.View):
    """A plain bundle of components. Never stored by discord.py: bot.discord_app.router handles clicks."""

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
    if item.kind == "int" and 0 <= item.min < item.max:  # a count: a stepper, or type it
        lines.append(texts("chooser.stepper"))
        _add_count_stepper(view, sid, prompt, item, draft, texts)
    if item.kind in ("int", "text"):
        enter = texts("button.enter")
        row = 2 if item.kind == "int" and 0 <= item.min < item.max else 0
        view.add_item(_button(enter, cid(sid, prompt.key, "m"), row, discord.ButtonStyle.primary))
    elif item.kind == "fleet":
        _add_fleet_builder(view, sid, prompt, item, draft, texts)
    elif len(amount_indexes(item)) > ROW:
        lines.append(texts("chooser.stepper"))
        _add_stepper(view, sid, prompt, item, draft, texts)
    elif item.kind == "subset" or len(item.options) > BUTTONS_MAX:
        _add_select(view, sid, prompt, item, draft, texts)
    else:
        _add_option_buttons(view, sid, prompt, item, texts)
    if picked(prompt, draft):
        view.add_item(_button(texts("button.undo"), cid(sid, prompt.key, "u"), 4))
    return "\n".join(lines), view


def _add_stepper(
    view: Components, sid: int, prompt: Prompt, item: Field, draft: Draft, texts: Texts
) -> None:
    """Amounts as one control: − / + move along them, one button takes the amount shown, the
    other options (Pass) stay buttons below. The amount shown is `draft.page`, an option index."""
    amounts = amount_indexes(item)
    shown = draft.page if draft.page in amounts else amounts[0]
    _add_steps(view, sid, prompt, amounts, shown)
    choice = item.options[shown]
    take = texts("chooser.take", value=texts.label(choice.label, choice.value))
    success = discord.ButtonStyle.success
    view.add_item(_button(take, cid(sid, prompt.key, "v", shown), 1, success))
    others = [index for index in range(len(item.options)) if index not in amounts]
    for place, index in enumerate(others[: ROW * 2]):
        choice = item.options[index]
        label = texts.label(choice.label, choice.value)
        style = discord.ButtonStyle.primary
        view.add_item(_button(label, cid(sid, prompt.key, "v", index), 2 + place // ROW, style))


def _add_count_stepper(
    view: Components, sid: int, prompt: Prompt, item: Field, draft: Draft, texts: Texts
) -> None:
    """A whole number in [min, max] (chips to offer) as one control: − / + and one button
    taking the number shown (`draft.page`); "Enter values…" below still lets it be typed."""
    shown = draft.page if item.min <= draft.page <= item.max else item.min
    _add_steps(view, sid, prompt, range(item.min, item.max + 1), shown)
    take = texts("chooser.take", value=shown)
    success = discord.ButtonStyle.success
    view.add_item(_button(take, cid(sid, prompt.key, "q", shown), 1, success))


def _add_steps(
    view: Components, sid: int, prompt: Prompt, values: Sequence[int], shown: int
) -> None:
    """The − / + buttons of a stepper over `values` (`shown` among them): each carries the
    value it moves to (op "p"), so a click needs nothing stored; no two lead to one value."""
    position = values.index(shown)
    targets: dict[int, str] = {}
    for step in STEPS:
        target = values[min(max(position + step, 0), len(values) - 1)]
        if target != shown and target not in targets:
            targets[target] = f"{step:+d}".replace("-", "−")
    for target, label in targets.items():
        view.add_item(_button(label, cid(sid, prompt.key, "p", target), 0))


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
    select: discord.ui.Select[Any] = discord.ui.Select(
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
    """Submissions are routed by custom_id in bot.discord_app.router; nothing to do here."""

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
