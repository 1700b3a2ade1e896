"""Caesar's fight cards: ints in states and views (FLAG = 0, numbers 1..9), "flag" or 1..9 in
inputs and choices."""

from __future__ import annotations

FLAG = 0  # the flag card inside hands; inputs and choices call it "flag"
FULL_HAND = (FLAG, 1, 2, 3, 4, 5, 6, 7, 8, 9)


def parse_card(raw: object) -> int | None:
    """1..9 or "flag" (FLAG); digit strings are accepted too; None otherwise."""
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == "flag":
            return FLAG
        if len(text) == 1 and text in "123456789":
            return int(text)
        return None
    if type(raw) is int and 1 <= raw <= 9:
        return raw
    return None


def card_value(card: int) -> int | str:
    """The input/choice value of a card: 1..9 or "flag"."""
    return "flag" if card == FLAG else card


def display_order(hand: tuple[int, ...]) -> list[int]:
    """Numbers ascending, flag last."""
    return sorted(hand, key=lambda c: (c == FLAG, c))
