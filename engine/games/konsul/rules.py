"""Konsul's rules: the deal, the three moves (bid, flip, give_up), the steps that follow them
without an input (success, failure, a new round, the end) and the outcome."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, Msg, Outcome, competition_ranks, evolved, int_arg, require
from engine.games.konsul.cards import (
    card_label,
    grid_deck,
    is_valid_set,
    set_value,
    slot_index,
    slot_name,
    starting_hand,
)
from engine.games.konsul.state import (
    KonsulOptions,
    KonsulState,
    face_down,
    final_scores,
    give_up_slots,
    turned_cards,
    winners,
)
from engine.rng import Rng

Step = tuple[KonsulState, list[Event]]


def start(options: KonsulOptions, seats: int, seed: int) -> KonsulState:
    rng = Rng(seed)
    deck = grid_deck()
    slots = tuple(rng.shuffled(deck))
    first = rng.below(seats)
    return KonsulState(
        seats=seats,
        rng=rng.state,
        count_bidding=options.count_bidding,
        slots=slots,
        face_up=(False,) * len(slots),
        known=(False,) * len(slots),
        unrevealed=tuple(sorted(deck)),
        hands=tuple(starting_hand(seat) for seat in range(seats)),
        eliminated=(False,) * seats,
        start=first,
        to_act=first,
        passed=(False,) * seats,
    )


def _next_seat(state: KonsulState, after: int, skip_passed: bool) -> int:
    """The next seat clockwise after `after` that is still in (not eliminated, not passed)."""
    for step in range(1, state.seats + 1):
        seat = (after + step) % state.seats
        if state.eliminated[seat] or (skip_passed and state.passed[seat]):
            continue
        return seat
    return after


# Moves --------------------------------------------------------------------------------------


def bid(state: KonsulState, action: Action) -> Step:
    seat = action.seat
    require(state.phase == "auction", "wrong_phase")
    require(not state.eliminated[seat], "eliminated")
    require(not state.passed[seat], "already_passed")
    require(seat == state.to_act, "not_your_turn")
    amount = action.args.get("bid")
    update: dict[str, Any] = {"inputs": state.inputs + 1, "flash": (), "changed": ()}
    if amount == "pass":
        require(state.high > 0, "opening_pass")
        passed = list(state.passed)
        passed[seat] = True
        update["passed"] = tuple(passed)
        events = [Event(type="passed", data={"seat": seat})]
    else:
        amount = int_arg(amount, "bad_bid")
        require(amount >= 1, "bid_too_low")
        require(amount > state.high, "bid_not_higher", high=state.high)
        update |= {"high": amount, "high_bidder": seat}
        events = [Event(type="bid", data={"seat": seat, "amount": amount})]
    state = evolved(state, **update)
    still_in = [s for s in range(state.seats) if not state.eliminated[s] and not state.passed[s]]
    if still_in == [state.high_bidder]:
        return _auction_won(state, events)
    return evolved(state, to_act=_next_seat(state, seat, True)), events


def flip(state: KonsulState, action: Action) -> Step:
    require(state.phase == "flipping", "wrong_phase")
    require(action.seat == state.bidder, "not_your_turn")
    choice = action.args.get("slot")
    if choice == "stop":
        value = set_value(turned_cards(state), state.count_bidding)
        require(value >= state.bid, "below_bid", value=value, bid=state.bid)
        return _success(state, [])
    index = slot_index(choice) if isinstance(choice, str) else None
    require(index is not None and index < len(state.slots), "bad_slot")
    assert index is not None
    require(state.slots[index] is not None, "empty_slot", slot=slot_name(index))
    require(not state.face_up[index], "face_up", slot=slot_name(index))
    return _turn(evolved(state, changed=()), index, [])


def give_up(state: KonsulState, action: Action) -> Step:
    seat = action.seat
    require(state.phase == "give_up", "wrong_phase")
    require(seat == state.bidder, "not_your_turn")
    given = int_arg(action.args.get("card"), "not_in_hand")
    require(given in state.hands[seat], "not_in_hand")
    name = action.args.get("slot")
    index = slot_index(name) if isinstance(name, str) else None
    require(index is not None, "bad_slot")
    assert index is not None
    if index < len(state.slots):
        require(state.slots[index] is None, "slot_occupied", slot=slot_name(index))
    else:
        require(name in give_up_slots(state), "bad_slot")
    slots, face_up, known = list(state.slots), list(state.face_up), list(state.known)
    if index == len(slots):
        slots.append(None)
        face_up.append(False)
        known.append(False)
    slots[index], face_up[index], known[index] = given, True, True
    hand = list(state.hands[seat])
    hand.remove(given)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    state = _regridded(state, slots, face_up, known, hands)
    events = [Event(type="gave_up", data={"seat": seat, "slot": slot_name(index)})]
    return _after_failure(state, seat, events)


def _regridded(
    state: KonsulState,
    slots: list[int | None],
    face_up: list[bool],
    known: list[bool],
    hands: list[tuple[int, ...]],
    **more: Any,
) -> KonsulState:
    """The state with cards moved between the grid and a hand (a give-up, a success)."""
    grid = {"slots": tuple(slots), "face_up": tuple(face_up), "known": tuple(known)}
    return evolved(state, **grid, hands=tuple(hands), **more)


# Steps without an input ---------------------------------------------------------------------


def _auction_won(state: KonsulState, events: list[Event]) -> Step:
    winner = state.high_bidder
    events.append(Event(type="auction_won", data={"seat": winner, "amount": state.high}))
    state = evolved(state, phase="flipping", bidder=winner, bid=state.high, to_act=None)
    return _continue_flipping(state, events)


def _turn(state: KonsulState, index: int, events: list[Event]) -> Step:
    """Turn the card at `index` for the bidder: a misfit fails, else flipping goes on."""
    seat = state.bidder
    state = _reveal(state, index)
    card = card_label(state.slots[index])  # type: ignore[arg-type]  # the slot just revealed holds a card
    events.append(
        Event(type="flipped", data={"seat": seat, "slot": slot_name(index), "card": card})
    )
    cards = [*turned_cards(state), state.slots[index]]
    state = evolved(state, turned=(*state.turned, index), changed=(*state.changed, index))
    if not is_valid_set(cards):  # type: ignore[arg-type]  # turned slots hold cards
        events.append(Event(type="misfit", data={"seat": seat, "slot": slot_name(index)}))
        return _failure(state, events)
    return _continue_flipping(state, events)


def _reveal(state: KonsulState, index: int) -> KonsulState:
    """Turn the card at `index` face up; its first showing takes it out of `unrevealed`."""
    face_up = list(state.face_up)
    face_up[index] = True
    update: dict[str, Any] = {"face_up": tuple(face_up), "inputs": state.inputs + 1, "flash": ()}
    if not state.known[index]:
        known = list(state.known)
        known[index] = True
        unrevealed = list(state.unrevealed)
        unrevealed.remove(state.slots[index])  # type: ignore[arg-type]  # the slot just revealed holds a card
        update |= {"known": tuple(known), "unrevealed": tuple(unrevealed)}
    return evolved(state, **update)


def _continue_flipping(state: KonsulState, events: list[Event]) -> Step:
    """Spec §3.2.4: no face-down card left ends the turn. A last face-down card that must be
    turned (the set is below the bid) is turned without asking: there is no choice."""
    down = face_down(state)
    reached = set_value(turned_cards(state), state.count_bidding) >= state.bid
    if not down:
        if reached:
            return _success(state, events)
        events.append(Event(type="ran_out", data={"seat": state.bidder}))
        return _failure(state, events)
    if not reached and len(down) == 1:
        return _turn(state, down[0], events)
    return state, events


def _success(state: KonsulState, events: list[Event]) -> Step:
    seat = state.bidder
    assert seat is not None
    taken = [i for i, up in enumerate(state.face_up) if up]
    slots, face_up, known = list(state.slots), list(state.face_up), list(state.known)
    hands = list(state.hands)
    hands[seat] = (*hands[seat], *(card for i in taken if (card := slots[i]) is not None))
    for i in taken:
        slots[i], face_up[i], known[i] = None, False, False
    flash = tuple((i, state.slots[i]) for i in taken)
    state = _regridded(state, slots, face_up, known, hands, changed=tuple(taken), flash=flash)
    events.append(Event(type="success", data={"seat": seat, "count": len(taken)}))
    if all(c is None for c in slots):
        return _finish(state), events
    return _new_round(state, seat, events)


def _failure(state: KonsulState, events: list[Event]) -> Step:
    seat = state.bidder
    assert seat is not None
    if state.hands[seat]:
        return evolved(state, phase="give_up"), events
    eliminated = list(state.eliminated)
    eliminated[seat] = True
    state = evolved(state, eliminated=tuple(eliminated))
    events.append(Event(type="eliminated", data={"seat": seat}))
    return _after_failure(state, seat, events)


def _after_failure(state: KonsulState, seat: int, events: list[Event]) -> Step:
    """Spec §3.3 steps 3–4: every face-up card goes face down; the next player starts."""
    shown = tuple((i, c) for i, c in enumerate(state.slots) if state.face_up[i] and c is not None)
    state = evolved(
        state,
        face_up=(False,) * len(state.slots),
        flash=shown,
        changed=tuple(i for i, _ in shown),
    )
    if state.eliminated.count(False) == 1:
        return _finish(evolved(state, last_standing=True)), events
    return _new_round(state, _next_seat(state, seat, False), events)


def _new_round(state: KonsulState, first: int, events: list[Event]) -> Step:
    state = evolved(
        state,
        phase="auction",
        round=state.round + 1,
        inputs=0,
        start=first,
        to_act=first,
        high=0,
        high_bidder=None,
        passed=(False,) * state.seats,
        bidder=None,
        bid=0,
        turned=(),
    )
    events.append(Event(type="round_started", data={"round": state.round, "seat": first}))
    return state, events


def _finish(state: KonsulState) -> KonsulState:
    """The grid is empty or one player is left: the core announces the outcome."""
    return evolved(state, phase="over", to_act=None, bidder=None, turned=())


def outcome(state: KonsulState) -> Outcome | None:
    """Score = cards in hand; eliminated players score 0 and never win (spec §6)."""
    if state.phase != "over":
        return None
    scores = final_scores(state)
    reason = Msg(key="reason.last_standing") if state.last_standing else None
    return Outcome(
        scores=scores, ranks=competition_ranks(scores), winners=winners(state), reason=reason
    )
