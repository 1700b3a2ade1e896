"""Checks of the raw values a negotiation input carries (promise texts, chip amounts)."""

from __future__ import annotations

from engine.core import require
from engine.games.prokonsul.state import limit


def promise_text(raw: object) -> str:
    if raw is None:
        return ""
    require(isinstance(raw, str) and len(raw) <= limit("text_max"), "bad_text")
    return raw.strip()  # type: ignore[union-attr]


def is_int(raw: object) -> bool:
    return type(raw) is int


def chip_amount(raw: object, chips: int) -> int:
    require(is_int(raw) and raw >= 0, "bad_amount")  # type: ignore[operator]
    require(raw <= chips, "not_enough_chips")  # type: ignore[operator]
    return raw  # type: ignore[return-value]
