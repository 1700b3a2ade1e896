"""Where a prompt is answered: out of the channel's sight, or with buttons on the board."""

from __future__ import annotations

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
