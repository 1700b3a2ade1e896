"""Konsul's options, state and view, the state queries the other modules share, and the redaction
of a state into what one seat (or a spectator) may know."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import GameState, Msg, Secrets, trusted_view
from engine.games.konsul.cards import BANNER, colour_of, number_of, set_value, slot_name

FACE_DOWN = -1  # a view's cell for a face-down card (None: empty slot)
Phase = Literal["auction", "flipping", "give_up", "over"]


class KonsulOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count_bidding: bool = False


class KonsulState(GameState):
    secrets = Secrets(per_seat=("hands",))
    count_bidding: bool = False
    phase: Phase = "auction"
    round: int = 1
    inputs: int = 0  # inputs accepted this round: part of every prompt key
    slots: tuple[int | None, ...]  # card per slot, None = empty; X slots are appended
    face_up: tuple[bool, ...]
    known: tuple[bool, ...]  # this slot's card was shown since it was put there
    unrevealed: tuple[int, ...]  # sorted: cards of the initial grid never shown yet
    hands: tuple[tuple[int, ...], ...]
    eliminated: tuple[bool, ...]
    start: int
    to_act: int | None = None
    high: int = 0
    high_bidder: int | None = None
    passed: tuple[bool, ...]
    bidder: int | None = None
    bid: int = 0
    turned: tuple[int, ...] = ()  # the slots of this turn's set, in turning order
    flash: tuple[tuple[int, int], ...] = ()  # (slot, card) shown by the last input, gone again
    changed: tuple[int, ...] = ()  # slots the last input changed
    last_standing: bool = False


class KonsulView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know. `cells`: None = empty slot,
    FACE_DOWN, or the face-up card. `flash`: cards the last input showed that are no longer face
    up (their slot is face down again, or empty when a success took them)."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    count_bidding: bool
    phase: str
    round: int
    cells: tuple[int | None, ...]
    flash: tuple[tuple[int, int], ...]
    changed: tuple[int, ...]
    hand_counts: tuple[int, ...]
    eliminated: tuple[bool, ...]
    passed: tuple[bool, ...]
    start: int
    to_act: int | None
    high: int
    high_bidder: int | None
    bidder: int | None
    bid: int
    turned: tuple[int, ...]
    set_value: int
    winners: tuple[int, ...]
    hand: tuple[int, ...] | None  # the seat's own hand
    remembered: tuple[tuple[int, int], ...]  # the seat's memory: (face-down slot, card)
    unrevealed: tuple[int, ...]  # the seat's memory: cards never shown yet


def turned_cards(state: KonsulState) -> list[int]:
    return [card for i in state.turned if (card := state.slots[i]) is not None]  # face up


def face_down(state: KonsulState) -> list[int]:
    return [i for i, c in enumerate(state.slots) if c is not None and not state.face_up[i]]


def give_up_slots(state: KonsulState) -> list[str]:
    """Every empty slot, or (none being empty) the one new slot beside the grid (§3.3)."""
    empty = [slot_name(i) for i, c in enumerate(state.slots) if c is None]
    return empty or [slot_name(len(state.slots))]


def final_scores(state: KonsulState) -> tuple[int, ...]:
    """Cards in hand; an eliminated seat scores 0."""
    return tuple(
        0 if out else len(hand) for hand, out in zip(state.hands, state.eliminated, strict=True)
    )


def winners(state: KonsulState) -> tuple[int, ...]:
    """The best scores among the seats still in, once the game is over; none before."""
    if state.phase != "over":
        return ()
    scores = final_scores(state)
    alive = [s for s in range(state.seats) if not state.eliminated[s]]
    best = max(scores[s] for s in alive)
    return tuple(s for s in alive if scores[s] == best)


def view(state: KonsulState, seat: int | None) -> KonsulView:
    own = seat is not None and 0 <= seat < state.seats
    cells = tuple(
        None if c is None else (c if state.face_up[i] else FACE_DOWN)
        for i, c in enumerate(state.slots)
    )
    remembered = (
        tuple(
            (i, c)
            for i, c in enumerate(state.slots)
            if c is not None and state.known[i] and not state.face_up[i]
        )
        if own
        else ()
    )
    return trusted_view(
        KonsulView,
        state,
        seat=seat,
        cells=cells,
        hand_counts=tuple(len(h) for h in state.hands),
        set_value=set_value(turned_cards(state), state.count_bidding),
        winners=winners(state),
        hand=tuple(sorted(state.hands[seat])) if own else None,  # type: ignore[index]  # own implies seat is not None
        remembered=remembered,
        unrevealed=state.unrevealed if own else (),
    )


def private_lines(state: KonsulState, seat: int) -> list[Msg]:
    """The seat's hand by colour, for a DM."""
    hand = sorted(state.hands[seat])
    if not hand:
        return [Msg(key="private.empty_hand")]
    lines = [Msg(key="private.hand", args={"count": len(hand)})]
    banners = hand.count(BANNER)
    if banners:
        lines.append(Msg(key="private.banners", args={"count": banners}))
    for colour in sorted({colour_of(c) for c in hand if c != BANNER}):  # type: ignore[type-var]  # number cards have a colour
        values = [number_of(c) for c in hand if colour_of(c) == colour]
        lines.append(Msg(key=f"private.colour.{colour}", args={"values": values}))
    return lines
