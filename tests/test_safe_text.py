"""bot.frontend.safe_text: member text made inert, and clipping to Discord's limits."""

from __future__ import annotations

import re

from bench.fakediscord.mentions import unwanted_pings
from bot.frontend.safe_text import ZWSP, clip, neutral, neutral_all

EVIL = [
    "@everyone",
    "@here",
    "<@123>",
    "<@!123>",
    "<@&456>",
    "<#789>",
    "</game new:1>",
    "[x](https://evil.example)",
    "[x](<https://evil.example>)",
    "**bold** __under__ ~~gone~~ ||spoiler|| `code`",
    "line one\n# Big header\n> quote\n- item",
    "https://evil.example/path_a_b",
]


def test_neutral_text_pings_nobody_even_with_everything_allowed() -> None:
    for text in EVIL:
        shown = neutral(text)
        assert unwanted_pings(shown, None) == [], (text, shown)  # no allowed_mentions at all
        assert "\n" not in shown
        assert "](" not in shown.replace("\\]", "").replace("\\(", ""), shown
        assert not re.search(r"(?<!\\)[*_~|`]", shown), shown  # every markdown mark escaped
        assert "://" not in shown and "<@" not in shown and "<#" not in shown, shown


def test_neutral_text_reads_as_typed() -> None:
    """Discord hides the backslash of an escape and the zero-width space."""
    for text in EVIL:
        shown = re.sub(r"\\(.)", r"\1", neutral(text)).replace(ZWSP, "")
        assert shown == text.replace("\n", " "), (text, shown)


def test_neutral_bounds_length_and_walks_lists() -> None:
    assert len(neutral("a" * 5000)) == 300 and neutral("a" * 5000).endswith("…")
    assert neutral_all(["@here", ("x_y",), 3]) == [neutral("@here"), [neutral("x_y")], 3]


def test_clip() -> None:
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…" and len(clip("x" * 2001)) == 2000
