"""Where a prompt is answered: out of the channel's sight, or with buttons on the board."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Kind, Prompt


def is_private(prompt: Prompt) -> bool:
    """Answered out of the channel's sight (DM or ephemeral)."""
    return prompt.kind == Kind.SECRET or not prompt.public_options


def fits_on_board(prompt: Prompt) -> bool:
    """One pick among at most ten options: the board's own buttons answer it."""
    return (
        len(prompt.fields) == 1
        and prompt.fields[0].kind == "one"
        and len(prompt.fields[0].options) <= 10
    )


def requests(prompts: Sequence[Prompt]) -> list[Prompt]:
    """The pending requests as players see them: prompts that share a key are one request (a
    secret request offering each seat its own options, engine.core.secret_prompts), merged into
    one prompt whose seats are all those still owing, in order, and whose `done` all who
    answered."""
    merged: dict[str, Prompt] = {}
    for prompt in prompts:
        first = merged.get(prompt.key)
        if first is None:
            merged[prompt.key] = prompt
            continue
        seats = (*first.seats, *(s for s in prompt.seats if s not in first.seats))
        done = (*first.done, *(s for s in prompt.done if s not in first.done))
        merged[prompt.key] = first.model_copy(
            update={"seats": seats, "done": tuple(s for s in done if s not in seats)}
        )
    return list(merged.values())
