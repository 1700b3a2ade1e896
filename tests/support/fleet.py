"""A generic prompt with one `fleet` field (the fleet builder, outside any game)."""

from __future__ import annotations

from engine.core import Choice, Field, Kind, Msg, Prompt


def fleet_prompt() -> Prompt:
    field = Field(
        name="fleet",
        kind="fleet",
        label=Msg(key="field.fleet"),
        options=tuple(Choice(value=v, label=Msg(key=v)) for v in ("S1", "S2")),
        attachments=tuple(Choice(value=v, label=Msg(key=v)) for v in ("W1", "A1")),
        min=1,
        max=3,
        per_head=2,
    )
    return Prompt(key="k", move="m", kind=Kind.TURN, seats=(0,), fields=(field,), text=Msg(key="t"))
