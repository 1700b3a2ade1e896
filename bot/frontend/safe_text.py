"""Member-written text made safe to echo, and every text clipped to Discord's limits.

Any member is a possible adversary: a display name or a promise can hold `@everyone`, a role
mention, a masked phishing link or markdown that breaks the message. `neutral` shows such text as
typed but inert; `clip` keeps contents, labels and values inside Discord's limits (a longer one is
an HTTP 400). Discord's sends that ping nobody are in bot.discord_app.sending.
"""

from __future__ import annotations

import re
from functools import lru_cache

CONTENT_MAX = 2000
LABEL_MAX = 80  # a button's label
OPTION_MAX = 100  # a select option's label or value; a custom id
NAME_MAX = 32  # a member's display name as Discord bounds it
ARG_MAX = 300  # one member-typed argument echoed in a message
ZWSP = "\u200b"

_BREAKS = re.compile(r"[\r\n\v\f\x85\u2028\u2029]+")
_MARKDOWN = re.compile(r"([\\*_~|`>#\-\[\]()])")
_MENTION = re.compile(r"([@<])")
_LINK = re.compile(r"(?<=:)(?=//)")


def clip(text: str, limit: int = CONTENT_MAX) -> str:
    """`text` cut to `limit` characters, ending with "…" when something was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def neutral(text: object, limit: int = ARG_MAX) -> str:
    """Member text shown as typed but inert: one line, no mention, no link, no markdown.

    A zero-width space after `@` and `<` breaks `@everyone`, `@here`, `<@id>`, `<@&id>`, `<#id>`
    and `</command:id>`, and after `:` in `https://` breaks links; a backslash escapes markdown
    (masked links included)."""
    return _neutral(str(text), limit)


@lru_cache(maxsize=4096)
def _neutral(text: str, limit: int) -> str:
    """Cached: the same few names and words are neutralised for every message of every game
    (bench.load: about 28 calls per input on the event loop)."""
    text = _BREAKS.sub(" ", clip(text, limit))
    text = _MARKDOWN.sub(r"\\\1", text)
    text = _MENTION.sub(rf"\1{ZWSP}", text)
    return _LINK.sub(ZWSP, text)


def neutral_all(value: object) -> object:
    """`neutral` applied to every string inside lists and tuples; other values unchanged."""
    if isinstance(value, str):
        return neutral(value)
    if isinstance(value, list | tuple):
        return [neutral_all(item) for item in value]
    return value
