"""Checks of the raw values a negotiation input carries (promise texts, chip amounts)."""

from __future__ import annotations

from engine.core import IllegalInput, int_arg, require
from engine.games.prokonsul.state import limit


def promise_text(raw: object) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise IllegalInput("bad_text")
    require(len(raw) <= limit("text_max"), "bad_text", maximum=limit("text_max"), length=len(raw))
    return raw.strip()


def is_int(raw: object) -> bool:
    return type(raw) is int


def chip_amount(raw: object, chips: int) -> int:
    amount = int_arg(raw, "bad_amount", 0)
    require(amount <= chips, "not_enough_chips")
    return amount
