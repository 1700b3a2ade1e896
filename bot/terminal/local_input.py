"""Typed answers at a local prompt, read the way a player means them.

Japanese IME input arrives full-width (`１ ２ ３`, `ＢＢ０２`), so every answer is NFKC
normalised first. One typed word picks an option by, in this order:

1. its code, in any case (`bb02` is `BB02`);
2. its listed number, where options are numbered (`2)`), which is always what the screen shows
   in front of the option;
3. its label as shown (`A1` in a list `[0] A1  [1] A2`), when exactly one option bears it.

So a label that is itself a number never hides a code or a listed number (`1` picks the option
coded 1, not one labelled "1"), and a label shared by two options picks neither. Anything else
is left as typed for the rules to judge.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from engine.core import Choice, Field, Msg

Label = Callable[[Choice], str]


def normalise(raw: str) -> str:
    return unicodedata.normalize("NFKC", raw).strip()


HINT_WORDS = frozenset({"?", "hint", "ヒント"})  # typed instead of an answer: ask for a hint


def asks_hint(raw: str) -> bool:
    return normalise(raw).casefold() in HINT_WORDS


def numbered(field: Field) -> bool:
    """Options get numbers too, unless their own codes are numbers (a card's value)."""
    return bool(field.options) and not any(
        str(choice.value).lstrip("-").isdigit() for choice in field.options
    )


def parse(field: Field, raw: str, label: Label) -> Any:
    """The value `field` expects from typed text (text it cannot place is returned as typed)."""
    text = normalise(raw)
    if field.kind in ("multiset", "subset"):
        return [pick(field.options, part, label, numbered(field)) for part in _words(text)]
    if field.kind == "int":
        return _int(text)
    if field.kind == "one":
        value = pick(field.options, text, label, numbered(field))
        # A number the list does not offer is still a number: the rules say why it is refused
        # (a bid equal to the high bid), instead of calling it "not a whole number".
        if isinstance(value, str) and any(isinstance(c.value, int) for c in field.options):
            return _int(value)
        return value
    return text


def parse_group(field: Field, head: str, behind: str, label: Label) -> list[Any]:
    """One fleet slot: a head from `options`, then attachments, each by code or label."""
    first = pick(field.options, normalise(head), label, False)
    behind_words = _words(normalise(behind))
    return [first, *(pick(field.attachments, part, label, False) for part in behind_words)]


def slot_problem(field: Field, group: list[Any], groups: list[list[Any]]) -> Msg | None:
    """Why one fleet slot cannot be right, judged as soon as it is typed (not after the last
    slot): a head or attachment that is not listed, one already in the fleet, too many."""
    heads = [choice.value for choice in field.options]
    extras = [choice.value for choice in field.attachments]
    used = [value for earlier in groups for value in earlier]
    strays = [str(v) for v in group[:1] if heads and v not in heads] + [
        str(v) for v in group[1:] if extras and v not in extras
    ]
    if strays:
        return Msg(key="local.error.not_listed", args={"answer": " ".join(strays)})
    again = [str(v) for i, v in enumerate(group) if v in used or v in group[:i]]
    if again:
        return Msg(key="local.error.fleet_twice", args={"answer": " ".join(again)})
    if len(group) - 1 > field.per_head or len(used) + len(group) > field.max:
        return Msg(
            key="local.error.fleet_size", args={"per_head": field.per_head, "total": field.max}
        )
    return None


def pick(options: tuple[Choice, ...], text: str, label: Label, by_number: bool) -> Any:
    """The option `text` names (see the module's rule), else `text` itself."""
    folded = text.casefold()
    for choice in options:
        if str(choice.value).casefold() == folded:
            return choice.value
    if by_number and text.isdigit() and 1 <= int(text) <= len(options):
        return options[int(text) - 1].value
    named = [choice.value for choice in options if normalise(label(choice)).casefold() == folded]
    return named[0] if len(named) == 1 else text


def problem(field: Field, value: Any) -> Msg | None:
    """Why `value` cannot be an answer to `field`, judged before the next question is asked;
    None when it may be (the rules still judge the whole input)."""
    codes = [choice.value for choice in field.options]
    if field.kind == "one" and codes and value not in codes:
        return Msg(key="local.error.not_listed", args={"answer": str(value)})
    if field.kind in ("multiset", "subset") and codes:
        strays = [str(item) for item in value if item not in codes]
        if strays:
            return Msg(key="local.error.not_listed", args={"answer": " ".join(strays)})
    if field.kind == "int" and not (isinstance(value, int) and field.min <= value <= field.max):
        return Msg(key="local.error.range", args={"minimum": field.min, "maximum": field.max})
    if field.kind == "text" and isinstance(value, str) and len(value) > field.max:
        return Msg(key="local.error.too_long", args={"maximum": field.max, "length": len(value)})
    return None


def _words(text: str) -> list[str]:
    return text.replace(",", " ").replace("、", " ").split()


def _int(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        return text
