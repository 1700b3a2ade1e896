"""How a Prokonsul round ends: the winner's counter (a candidate, or a governor paid the
province's value and link bonuses), the black pawn, then the next round or the end of the game."""

from __future__ import annotations

from typing import Any

from engine.core import Event, evolved
from engine.games.prokonsul.state import ProkonsulState, final_order, pawn_options, province_args
from engine.rng import Rng


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def round_won(state: ProkonsulState, winner: int, how: str, events: list[Event]) -> ProkonsulState:
    """`winner` took the round (`how`: immediate, petition, fallback, coalition): his counter
    goes on the province, then the pawn moves and a round starts, or the game ends."""
    x = state.pawn
    state = evolved(
        state,
        **{
            "winner": winner,
            "decided": x,
            "result": how,
            "petitioner": None,
            "offer": None,
            "barred": (),
            "proposals": (),
            "no_decision": (),
            "spent": (),
            "withdrawn": (),
        },
    )
    events.append(Event(type="round_won", data={"seat": winner, **province_args(state, x)}))
    state = _counters(state, winner, x, events)
    if _game_over(state):
        return _finish(state, events)
    options = pawn_options(state)
    if not options:
        events.append(Event(type="pawn_stays", data=province_args(state, x)))
        return next_round(state, events)
    if len(options) == 1:
        state = pawn_to(state, options[0], winner, events)
        return next_round(state, events)
    return evolved(state, **{"phase": "pawn"})


def _counters(state: ProkonsulState, winner: int, x: int, events: list[Event]) -> ProkonsulState:
    """The round winner's counter on province `x`: a candidate, or (the second win, or any win
    in the short game) its governor."""
    if state.short_game:
        if state.supply[winner] > 0:
            supply = _replace(state.supply, winner, state.supply[winner] - 1)
            return _install_governor(evolved(state, **{"supply": supply}), winner, x, events)
        events.append(
            Event(type="no_counter_left", data={"seat": winner, **province_args(state, x)})
        )
        return state
    if winner in state.candidates[x]:
        returned_to = list(state.supply)
        returned = [s for s in state.candidates[x] if s != winner]
        for seat in returned:
            returned_to[seat] += 1
        candidates = _replace(state.candidates, x, ())
        state = evolved(state, **{"supply": tuple(returned_to), "candidates": candidates})
        state = _install_governor(state, winner, x, events)
        if returned:
            events.append(
                Event(type="counters_returned", data={"seats": returned, **province_args(state, x)})
            )
        return state
    if state.supply[winner] > 0:
        candidates = _replace(state.candidates, x, tuple(sorted((*state.candidates[x], winner))))
        supply = _replace(state.supply, winner, state.supply[winner] - 1)
        state = evolved(state, **{"candidates": candidates, "supply": supply})
        events.append(Event(type="candidate", data={"seat": winner, **province_args(state, x)}))
        return state
    events.append(Event(type="no_counter", data={"seat": winner, **province_args(state, x)}))
    return state


def _install_governor(
    state: ProkonsulState, winner: int, x: int, events: list[Event]
) -> ProkonsulState:
    governor = _replace(state.governor, x, winner)
    value = state.values[x]
    chips = list(state.chips)
    chips[winner] += value
    events.append(
        Event(type="governor", data={"seat": winner, "chips": value, **province_args(state, x)})
    )
    for a, b in state.links:
        if x not in (a, b):
            continue
        other = b if a == x else a
        if governor[other] == winner:
            chips[winner] += state.link_bonus
            other_args = province_args(state, other)
            events.append(
                Event(
                    type="link_bonus",
                    data={
                        "seat": winner,
                        "chips": state.link_bonus,
                        **province_args(state, x),
                        "name2": other_args["name"],
                        "name2_ja": other_args["name_ja"],
                    },
                )
            )
    return evolved(state, **{"governor": governor, "chips": tuple(chips)})


def undecided(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    """free: everyone pressed "end without decision"."""
    events.append(
        Event(type="no_decision", data={"round": state.round, **province_args(state, state.pawn)})
    )
    state = evolved(state, **{"winner": None, "result": "none", "proposals": (), "no_decision": ()})
    if _game_over(state):
        return _finish(state, events)
    if state.short_game:
        options = pawn_options(state)
        rng = Rng(state.rng)
        province = options[rng.below(len(options))]
        state = evolved(state, **{"rng": rng.state})
        state = pawn_to(state, province, None, events)
    else:
        events.append(Event(type="pawn_stays", data=province_args(state, state.pawn)))
    return next_round(state, events)


def pawn_to(
    state: ProkonsulState, province: int, seat: int | None, events: list[Event]
) -> ProkonsulState:
    """The black pawn to `province`, moved by the round winner `seat` (None: drawn at random)."""
    visited = state.visited if province in state.visited else (*state.visited, province)
    events.append(
        Event(type="pawn_moved", data={"seat": seat, **province_args(state, province)})
        if seat is not None
        else Event(type="pawn_drawn", data=province_args(state, province))
    )
    return evolved(state, **{"pawn": province, "visited": visited})


def _game_over(state: ProkonsulState) -> bool:
    if state.short_game:
        return len(state.visited) == len(state.provinces)
    return all(g is not None for g in state.governor)


def next_round(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    hands = state.hands
    if all(not hand for hand in hands):
        hands = (state.full_hand,) * state.seats
        events.append(Event(type="hands_refilled", data={"count": len(state.full_hand)}))
    round_no = state.round + 1
    events.append(
        Event(type="round_started", data={"round": round_no, **province_args(state, state.pawn)})
    )
    return evolved(
        state,
        **{
            "round": round_no,
            "phase": "select",
            "hands": hands,
            "chosen": (None,) * state.seats,
            "petitioner": None,
            "offer": None,
            "barred": (),
            "proposals": (),
            "no_decision": (),
        },
    )


def _finish(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    """Every province is governed (or visited): the chips are shown, best first; the core
    announces the outcome."""
    state = evolved(state, **{"phase": "over", "petitioner": None, "offer": None})
    for seat in final_order(state):
        events.append(Event(type="final_chips", data={"seat": seat, "chips": state.chips[seat]}))
    return state
