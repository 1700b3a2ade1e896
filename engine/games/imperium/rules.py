"""Imperium's rules: setup, the two moves (select three regions, place when short of markers),
the automatic reveal, placement and scoring that follow, and the outcome."""

from __future__ import annotations

from itertools import combinations

from engine.core import (
    Action,
    Event,
    Outcome,
    evolved,
    outcome_by_score,
    require,
    required,
    trusted,
)
from engine.games.imperium.state import (
    BASE_ROUNDS,
    MARKERS,
    PICKS,
    REGIONS,
    THIRTY,
    ImperiumOptions,
    ImperiumState,
    region_values,
    schedule,
)


def position_points(counts: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """Spec §5: tie groups take the lowest position they occupy; the bottom group scores 0."""
    n = len(counts)
    points = [0] * n
    position = 0
    for count in sorted(set(counts), reverse=True):
        group = [seat for seat in range(n) if counts[seat] == count]
        position += len(group)
        if position == n or count == 0:
            continue
        earned = values[position - 1] if position <= len(values) else 0
        for seat in group:
            points[seat] = earned
    return tuple(points)


def start(options: ImperiumOptions, seats: int, seed: int) -> ImperiumState:
    return ImperiumState(
        seats=seats,
        rng=seed,
        thirty_points=options.thirty_points,
        round_cap=options.round_cap,
        values=region_values(),
        scores=(0,) * seats,
        supply=(MARKERS,) * seats,
        board=((0,) * seats,) * len(REGIONS),
        hidden=(None,) * seats,
    )


def select(state: ImperiumState, action: Action) -> tuple[ImperiumState, list[Event]]:
    require(state.phase == "select", "wrong_phase")
    require(state.hidden[action.seat] is None, "already_submitted")
    regions = required(_region_list(action.args.get("regions")), "bad_selection")
    require(len(regions) == PICKS, "bad_selection")
    hidden = list(state.hidden)
    hidden[action.seat] = tuple(regions)
    state = evolved(state, hidden=tuple(hidden))
    events = [_event("submitted", seat=action.seat)]
    if any(pick is None for pick in hidden):
        return state, events
    return _reveal(state, events)


def place_short(state: ImperiumState, action: Action) -> tuple[ImperiumState, list[Event]]:
    seat = action.seat
    require(state.phase == "place" and state.placing == seat, "not_your_turn")
    k = min(state.supply[seat], PICKS)
    regions = required(_region_list(action.args.get("regions")), "wrong_count", count=k)
    require(len(regions) == k, "wrong_count", count=k)
    require(_is_submultiset(regions, state.revealed[seat]), "not_in_selection")
    events: list[Event] = []
    board = [list(row) for row in state.board]
    supply = list(state.supply)
    _place(board, supply, seat, tuple(regions), events)
    state = _with_markers(state, board, supply, phase="place", placing=seat)
    return _continue_placement(state, seat + 1, events)


# Automatic steps -------------------------------------------------------------------------


def _reveal(state: ImperiumState, events: list[Event]) -> tuple[ImperiumState, list[Event]]:
    revealed = tuple(pick for pick in state.hidden if pick is not None)
    state = evolved(
        state, revealed=revealed, revealed_round=state.round, hidden=(None,) * state.seats
    )
    events.append(_event("revealed", round=state.round, selections=[list(p) for p in revealed]))
    return _continue_placement(state, 0, events)


def _continue_placement(
    state: ImperiumState, first: int, events: list[Event]
) -> tuple[ImperiumState, list[Event]]:
    board = [list(row) for row in state.board]
    supply = list(state.supply)
    for seat in range(first, state.seats):
        selection = state.revealed[seat]
        k = min(supply[seat], PICKS)
        if k == 0:
            events.append(_event("forfeit", seat=seat, count=PICKS))
            continue
        if k == PICKS:  # the whole selection: nothing to choose
            _place(board, supply, seat, selection, events)
            continue
        choices = {tuple(sorted(c)) for c in combinations(selection, k)}
        if len(choices) > 1:
            return _with_markers(state, board, supply, phase="place", placing=seat), events
        _place(board, supply, seat, next(iter(choices)), events)
        events.append(_event("forfeit", seat=seat, count=PICKS - k))
    state = _with_markers(state, board, supply, phase="select", placing=None)
    return _resolve_round(state, events)


def _resolve_round(state: ImperiumState, events: list[Event]) -> tuple[ImperiumState, list[Event]]:
    for index, region in enumerate(schedule(state.round, state.thirty_points)):
        state = _score_region(state, region, events, first=index == 0)
        if state.thirty_points and max(state.scores) >= THIRTY:
            return _end(state, events)
    last_round = (not state.thirty_points and state.round >= BASE_ROUNDS) or (
        state.round_cap and state.round >= state.round_cap
    )
    if last_round:
        return _end(state, events)
    round_no = state.round + 1
    events.append(
        _event(
            "round_started", round=round_no, regions=list(schedule(round_no, state.thirty_points))
        )
    )
    return evolved(state, round=round_no), events


def _end(state: ImperiumState, events: list[Event]) -> tuple[ImperiumState, list[Event]]:
    return evolved(state, phase="over", placing=None), events


def outcome(state: ImperiumState) -> Outcome | None:
    if state.phase != "over":
        return None
    return outcome_by_score(state.scores)


def _event(kind: str, **data: object) -> Event:
    """A public event built unvalidated: the rules' own values, made at every step of a
    playout."""
    return trusted(Event, type=kind, data=data, to=None)


def _region_list(raw: object) -> list[int] | None:
    """A list of region numbers 1..9, or None when anything is off (bools are not ints here)."""
    if not isinstance(raw, list | tuple):
        return None
    if not all(type(r) is int and 1 <= r <= 9 for r in raw):
        return None
    return list(raw)


def _is_submultiset(part: list[int], whole: tuple[int, ...]) -> bool:
    return all(part.count(r) <= whole.count(r) for r in set(part))


def _place(
    board: list[list[int]],
    supply: list[int],
    seat: int,
    regions: tuple[int, ...],
    events: list[Event],
) -> None:
    for region in regions:
        board[region - 1][seat] += 1
    supply[seat] -= len(regions)
    events.append(_event("placed", seat=seat, regions=list(regions)))


def _with_markers(
    state: ImperiumState, board: list[list[int]], supply: list[int], **update: object
) -> ImperiumState:
    """One copy of the state for a whole run of placements."""
    return evolved(state, board=tuple(tuple(row) for row in board), supply=tuple(supply), **update)


def _score_region(
    state: ImperiumState, region: int, events: list[Event], first: bool
) -> ImperiumState:
    """Score `region` and empty it; `first` of the round's scorings replaces `last_scored`."""
    counts = state.board[region - 1]
    points = position_points(counts, state.values[region - 1])
    scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    supply = tuple(s + c for s, c in zip(state.supply, counts, strict=True))
    board = list(state.board)
    board[region - 1] = (0,) * state.seats
    events.append(
        _event(
            "scored",
            region=region,
            counts=list(counts),
            points=list(points),
            seat_points=[[seat, p] for seat, p in enumerate(points) if p],
        )
    )
    scored = (
        ((region, counts, points),) if first else (*state.last_scored, (region, counts, points))
    )
    return evolved(state, scores=scores, supply=supply, board=tuple(board), last_scored=scored)
