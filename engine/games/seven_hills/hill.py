"""The rules of one hill, on plain values so the AI can simulate them too: one play (spec §3
steps 2-3), the end-of-game reveal, and who takes the hill (§5)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from engine.core import trusted
from engine.games.seven_hills.state import FLAG, Card, Hill, card_text, cards_text

Note = tuple[str, dict[str, Any]]  # an event type and its data, narrated by the rules


_HILL = partial(trusted, Hill)  # a validated Hill's parts make a valid Hill: skip the checks


class SimHill(NamedTuple):
    """A `Hill` as a plain tuple, for the AI's many simulated plays."""

    revealed: bool
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    guard: int | None


def _flag_index(side: list[Card]) -> int | None:
    for index, (value, _up) in enumerate(side):
        if value == FLAG:
            return index
    return None


def _barricade(number: int, seat_flag: int, seat_card: int, card: int) -> Note:
    """A flag and the card it stopped leave the hill."""
    data = {"hill": number, "seat_flag": seat_flag, "seat_card": seat_card, "card": card_text(card)}
    return "barricade", data


def play_on_hill(
    hill: Hill | SimHill,
    number: int,
    seat: int,
    card: int,
    *,
    no_repeat: bool,
    barricades: bool,
    narrate: bool = True,
    build: Callable[..., Any] = _HILL,
) -> tuple[Any, list[tuple[int, int]], list[Note]]:
    """Spec §3 steps 2-3: the new hill, the removed cards (seat, value) and narration notes.

    The AI's simulations pass `narrate=False` and build a light `SimHill` instead of a `Hill`.
    The variants' steps are helpers that update `sides`, `removed` and `notes` in place.
    """
    sides = [list(hill.cards[0]), list(hill.cards[1])]
    removed: list[tuple[int, int]] = []
    notes: list[Note] = []
    guard = hill.guard
    revealed = hill.revealed
    if revealed:
        sides[seat].append((card, True))
        notes.append(("placed_up", {"seat": seat, "hill": number, "card": card_text(card)}))
        if barricades:
            guard = _barricade_face_up(sides, number, seat, card, guard, removed, notes)
    else:
        sides[seat].append((card, False))
        if not sides[1 - seat]:
            notes.append(("placed_hidden", {"seat": seat, "hill": number}))
        else:
            revealed = True
            sides = [[(value, True) for value, _up in side] for side in sides]
            if narrate:
                notes.append(("revealed", _reveal_data(seat, number, card, sides)))
            stays = not no_repeat or _keeps_value(sides, number, seat, card, removed, notes)
            if barricades:
                stays = _flags_at_reveal(sides, number, seat, card, stays, removed, notes)
                if card == FLAG and stays:
                    guard = seat
                    notes.append(("guard_set", {"seat": seat, "hill": number}))
    new = build(revealed=revealed, cards=(tuple(sides[0]), tuple(sides[1])), guard=guard)
    return new, removed, notes


def _barricade_face_up(
    sides: list[list[Card]],
    number: int,
    seat: int,
    card: int,
    guard: int | None,
    removed: list[tuple[int, int]],
    notes: list[Note],
) -> int | None:
    """A card just played on a revealed hill: an active guard stops it (both leave), or a flag
    becomes the guard. Returns the hill's guard afterwards."""
    if guard is not None:
        sides[seat].pop()
        flag_at = _flag_index(sides[guard])
        assert flag_at is not None
        del sides[guard][flag_at]
        removed += [(guard, FLAG), (seat, card)]
        notes.append(_barricade(number, guard, seat, card))
        return None
    if card == FLAG:
        notes.append(("guard_set", {"seat": seat, "hill": number}))
        return seat
    return guard


def _keeps_value(
    sides: list[list[Card]],
    number: int,
    seat: int,
    card: int,
    removed: list[tuple[int, int]],
    notes: list[Note],
) -> bool:
    """`no_repeat_values`: the card that turned the hill up leaves when the opponent has its
    value there. Returns whether it stays."""
    if not any(value == card for value, _up in sides[1 - seat]):
        return True
    sides[seat].pop()
    removed.append((seat, card))
    notes.append(("repeat_removed", {"seat": seat, "hill": number, "card": card_text(card)}))
    return False


def _flags_at_reveal(
    sides: list[list[Card]],
    number: int,
    seat: int,
    card: int,
    stays: bool,
    removed: list[tuple[int, int]],
    notes: list[Note],
) -> bool:
    """`barricades`, at the reveal: the opponent's face-down flag as its last card stops the
    revealing card; followed by a card, it takes that card. Returns whether the revealing card
    is still on the hill."""
    opp = 1 - seat
    flag_at = _flag_index(sides[opp])
    if flag_at is None:
        return stays
    if flag_at == len(sides[opp]) - 1 and stays:
        del sides[opp][flag_at]
        sides[seat].pop()
        removed += [(opp, FLAG), (seat, card)]
        notes.append(_barricade(number, opp, seat, card))
        return False
    if flag_at < len(sides[opp]) - 1:
        victim = sides[opp][flag_at + 1][0]
        del sides[opp][flag_at : flag_at + 2]
        removed += [(opp, FLAG), (opp, victim)]
        notes.append(_barricade(number, opp, opp, victim))
    return stays


def _reveal_data(seat: int, number: int, card: int, sides: list[list[Card]]) -> dict[str, Any]:
    return {
        "seat": seat,
        "hill": number,
        "card": card_text(card),
        "seat_a": 0,
        "cards_a": cards_text([v for v, _ in sides[0]]),
        "seat_b": 1,
        "cards_b": cards_text([v for v, _ in sides[1]]),
    }


def end_reveal(
    hill: Hill, number: int, barricades: bool
) -> tuple[Hill, list[tuple[int, int]], list[Note]]:
    """Spec §3 game end: turn up a one-sided hill; a followed face-down flag takes the next card."""
    if hill.revealed or not (hill.cards[0] or hill.cards[1]):
        return hill, [], []
    owner = 0 if hill.cards[0] else 1
    sides = [[(value, True) for value, _up in side] for side in hill.cards]
    notes: list[Note] = [
        (
            "end_revealed",
            {"seat": owner, "hill": number, "cards": cards_text([v for v, _ in sides[owner]])},
        )
    ]
    removed: list[tuple[int, int]] = []
    flag_at = _flag_index(sides[owner]) if barricades else None
    if flag_at is not None and flag_at < len(sides[owner]) - 1:
        victim = sides[owner][flag_at + 1][0]
        del sides[owner][flag_at : flag_at + 2]
        removed += [(owner, FLAG), (owner, victim)]
        notes.append(_barricade(number, owner, owner, victim))
    new = trusted(Hill, revealed=True, cards=(tuple(sides[0]), tuple(sides[1])), guard=None)
    return new, removed, notes


def hill_winner(
    values: tuple[list[int], list[int]] | list[list[int]], start: int, highest: bool
) -> int | None:
    """Spec §5: who takes a hill with these card values per side (flags count 0, cannot qualify)."""
    qualifies = [any(v != FLAG for v in side) for side in values]
    if not any(qualifies):
        return None
    if qualifies[0] != qualifies[1]:
        return 0 if qualifies[0] else 1
    if highest:
        # Lists compare element by element; an equal prefix loses to the longer list (§7).
        keys: list[Any] = [sorted(side, reverse=True) for side in values]
    else:
        keys = [sum(side) for side in values]
    if keys[0] == keys[1]:
        return start
    return 0 if keys[0] > keys[1] else 1


def hill_values(hill: Hill) -> tuple[list[int], list[int]]:
    return [v for v, _ in hill.cards[0]], [v for v, _ in hill.cards[1]]
