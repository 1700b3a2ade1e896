"""Spartacus cards: what a trick holds, which cards may follow, and what piles and hands are
worth. Shared by the rules, the views, the AI and the board, so it depends on none of them."""

from __future__ import annotations

from typing import Protocol

FLAG = 0
NUMBERS = tuple(range(1, 11))
JOKER_PENALTY = 10
PASS = "pass"

Trick = tuple[tuple[int, int], ...]  # (seat, card) in play order


class Scoring(Protocol):
    """The variant switches that decide what cards are worth (a state or a view)."""

    @property
    def flags_as_jokers(self) -> bool: ...

    @property
    def joker_penalty(self) -> bool: ...

    @property
    def joker_voids_trick(self) -> bool: ...


def full_hand(no_flags: bool) -> tuple[int, ...]:
    return NUMBERS if no_flags else (FLAG, *NUMBERS)


def lowest_card(trick: Trick) -> int | None:
    """The lowest number card of the trick (every number undercuts the previous ones)."""
    numbers = [card for _, card in trick if card != FLAG]
    return min(numbers) if numbers else None


def trick_leader(trick: Trick, jokers: bool) -> int | None:
    """Base: the player of the lowest number card. Jokers: the player of the last card."""
    if jokers:
        return trick[-1][0] if trick else None
    low = lowest_card(trick)
    return next(seat for seat, card in trick if card == low) if low is not None else None


def legal_cards(hand: tuple[int, ...], trick: Trick) -> tuple[int, ...]:
    """Cards of `hand` that may be played now (the same check with or without jokers)."""
    low = lowest_card(trick)
    return tuple(card for card in hand if card == FLAG or low is None or card < low)


def may_pass(trick: Trick, jokers: bool) -> bool:
    if jokers:
        return bool(trick)
    return lowest_card(trick) is not None


def pile_value(cards: tuple[int, ...], state: Scoring) -> int:
    """Spec §5 and §7: what a won trick is worth."""
    numbers = sum(card for card in cards if card != FLAG)
    flags = sum(1 for card in cards if card == FLAG)
    if not state.flags_as_jokers:
        return numbers * (1 << flags)
    value = 0 if state.joker_voids_trick and flags else numbers
    return value - (JOKER_PENALTY * flags if state.joker_penalty else 0)


def hand_penalty(cards: tuple[int, ...], state: Scoring) -> int:
    numbers = sum(card for card in cards if card != FLAG)
    flags = sum(1 for card in cards if card == FLAG)
    if not state.flags_as_jokers:
        return numbers * (1 << flags)
    return numbers + (JOKER_PENALTY * flags if state.joker_penalty else 0)


def card_text(card: int, jokers: bool) -> str:
    if card != FLAG:
        return str(card)
    return "★" if jokers else "⚑"


def cards_text(cards: tuple[int, ...] | list[int], jokers: bool) -> str:
    return " ".join(card_text(card, jokers) for card in cards) or "-"
