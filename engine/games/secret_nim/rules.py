"""Secret Nim's rules: the start, the two moves and the outcome. Pure functions of the state:
each move checks its phase, turn and argument with `require`, and builds the next state with
`evolved`."""

from __future__ import annotations

from engine.core import Action, Event, Outcome, evolved, outcome_by_score, require
from engine.games.secret_nim.state import MOST, NimOptions, NimState


def start(options: NimOptions, seats: int, seed: int) -> NimState:
    return NimState(seats=seats, rng=seed, added=(None,) * seats, pile=options.start_pile)


def _stones(action: Action) -> int:
    """The `stones` argument: any JSON may arrive, only 1..MOST passes."""
    count = action.args.get("stones")
    require(type(count) is int and 1 <= count <= MOST, "bad_stones", most=MOST)
    assert isinstance(count, int)
    return count


def add(state: NimState, action: Action) -> tuple[NimState, list[Event]]:
    require(state.phase == "add", "wrong_phase")
    require(state.added[action.seat] is None, "already_submitted")
    added = list(state.added)
    added[action.seat] = _stones(action)
    if None in added:
        return evolved(state, added=tuple(added)), [Event(type="added", data={"seat": action.seat})]
    pile = state.pile + sum(stones for stones in added if stones is not None)
    revealed = Event(type="revealed", data={"pile": pile})
    return evolved(state, added=tuple(added), pile=pile, phase="take"), [revealed]


def take(state: NimState, action: Action) -> tuple[NimState, list[Event]]:
    require(state.phase == "take", "wrong_phase")
    require(action.seat == state.turn, "not_your_turn")
    count = min(_stones(action), state.pile)
    pile = state.pile - count
    events = [Event(type="taken", data={"seat": action.seat, "count": count, "pile": pile})]
    if pile == 0:
        return evolved(state, pile=pile, phase="over", winner=action.seat), events
    return evolved(state, pile=pile, turn=(action.seat + 1) % state.seats), events


MOVES = {"add": add, "take": take}


def outcome(state: NimState) -> Outcome | None:
    if state.winner is None:
        return None
    return outcome_by_score(tuple(int(seat == state.winner) for seat in range(state.seats)))
