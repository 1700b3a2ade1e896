"""Circus Maximus rules: setup, the three moves (`place`, `card`, `drive`), the round and turn
bookkeeping of §3–§5 and the final standings."""

from __future__ import annotations

from engine.core import (
    Action,
    Event,
    Move,
    Msg,
    Outcome,
    competition_ranks,
    evolved,
    int_arg,
    require,
)
from engine.games.circus_maximus.state import (
    ARROWS,
    BACK_ALLOWANCE,
    CHARIOTS,
    ROUND_LIMIT,
    Chariot,
    CircusOptions,
    CircusState,
    LastMove,
    Step,
    cards_needed,
    chariot_number,
    deck,
    next_to_place,
    occupied,
    placer,
    straight_direction,
    turn_limit,
)
from engine.games.circus_maximus.track import DIRECTIONS, LAP, TRACK, Drive, drive, order_key
from engine.rng import Rng

Result = tuple[CircusState, list[Event]]


def start(options: CircusOptions, seats: int, seed: int) -> CircusState:
    require(options.six_cards or not options.exactly_two, "exactly_two_needs_six_cards")
    rng = Rng(seed)
    first = rng.below(seats)
    clockwise = [(first + i) % seats for i in range(seats)]
    snake = clockwise + clockwise[::-1] + clockwise
    return CircusState(
        seats=seats,
        rng=rng.state,
        **options.model_dump(),
        start=first,
        placing=tuple(snake),
        chariots=tuple(Chariot(seat=i // CHARIOTS) for i in range(seats * CHARIOTS)),
        cards=tuple(() for _ in range(seats)),
    )


def move_order(chariots: tuple[Chariot, ...]) -> tuple[int, ...]:
    racing = [i for i, c in enumerate(chariots) if not c.finished and c.cell is not None]
    return tuple(
        sorted(
            racing,
            key=lambda i: order_key(chariots[i].cell, chariots[i].segment),  # type: ignore[arg-type]  # a racing chariot is on the track
            reverse=True,
        )
    )


# Moves ----------------------------------------------------------------------------------------


def place(state: CircusState, action: Action) -> Result:
    require(state.phase == "place", "wrong_phase")
    seat = placer(state)
    require(action.seat == seat, "not_your_turn")
    number = int_arg(action.args.get("cell"), "not_a_start_cell", 1, len(TRACK.starts))
    cell = TRACK.starts[number - 1]
    require(cell not in occupied(state.chariots), "cell_occupied", n=number)
    index = next_to_place(state, seat)
    chariots = list(state.chariots)
    chariots[index] = evolved(chariots[index], cell=cell)
    state = evolved(
        state,
        chariots=tuple(chariots),
        last=LastMove(chariot=index, kind="place", path=(cell,)),
    )
    data = {"seat": seat, "chariot": chariot_number(index), "n": number}
    events = [Event(type="placed", data=data)]
    if all(c.cell is not None for c in state.chariots):
        return _new_round(state, events)
    return state, events


def _mover(state: CircusState, action: Action) -> tuple[int, int]:
    require(state.phase == "race", "wrong_phase")
    mover = state.order[state.turn]
    seat = state.chariots[mover].seat
    require(action.seat == seat, "not_your_turn")
    return mover, seat


def card(state: CircusState, action: Action) -> Result:
    _mover_index, seat = _mover(state, action)
    require(state.selected is None, "choose_direction")
    chosen = action.args.get("card")
    if chosen == "end":
        require(bool(state.steps), "end_too_early")
        require(not state.exactly_two, "two_cards_needed")
        return _end_turn(state, [])
    require(type(chosen) is int and chosen in state.cards[seat], "card_not_available")
    state = evolved(state, selected=chosen)
    if "to" not in action.args:
        return state, []
    require(action.args["to"] != "back", "bad_direction")
    return drive_card(state, action)  # the spec's move(card, dir) or burn(card) at once


def drive_card(state: CircusState, action: Action) -> Result:
    mover, seat = _mover(state, action)
    chosen = state.selected
    require(chosen is not None, "choose_card")
    assert chosen is not None
    to = action.args.get("to")
    if to == "back":
        require(state.backs < BACK_ALLOWANCE, "no_more_backs", count=BACK_ALLOWANCE)
        return evolved(state, selected=None, backs=state.backs + 1), []
    if to == "burn":
        return _burn(state, mover, seat, chosen)
    require(isinstance(to, str) and to in DIRECTIONS, "bad_direction")
    assert isinstance(to, str)
    if state.straight_line:
        required = straight_direction(state.steps)
        require(required in (None, to), "must_go_straight", arrow=ARROWS.get(required or "", ""))
    chariot = state.chariots[mover]
    assert chariot.cell is not None
    result = drive(chariot.cell, chariot.segment, chosen, to, occupied(state.chariots))
    require(isinstance(result, Drive), str(result))
    assert isinstance(result, Drive)
    return _move(state, mover, seat, chosen, to, result)


def _counted(move: Move) -> Move:
    """Every accepted input, a choice taken back included, renews the prompt keys."""

    def counted(state: CircusState, action: Action) -> Result:
        after, events = move(state, action)
        return evolved(after, inputs=after.inputs + 1), events

    return counted


MOVES: dict[str, Move] = {
    "place": _counted(place),
    "card": _counted(card),
    "drive": _counted(drive_card),
}


# State changes -------------------------------------------------------------------------------


def _burn(state: CircusState, mover: int, seat: int, card: int) -> Result:
    cell = state.chariots[mover].cell
    assert cell is not None
    state = _use_card(state, seat, card, None)
    state = evolved(state, last=LastMove(chariot=mover, kind="burn", card=card, path=(cell,)))
    data = {"seat": seat, "chariot": chariot_number(mover), "card": card}
    return _after_action(state, mover, seat, [Event(type="burned", data=data)], finished=False)


def _move(state: CircusState, mover: int, seat: int, card: int, to: str, way: Drive) -> Result:
    state = _use_card(state, seat, card, to)
    chariot = state.chariots[mover]
    assert chariot.cell is not None
    chariots = list(state.chariots)
    chariots[mover] = evolved(
        chariot, cell=way.path[-1], segment=way.segment, finished=way.finished
    )
    last = LastMove(
        chariot=mover, kind="move", card=card, direction=to, path=(chariot.cell, *way.path)
    )
    state = evolved(state, chariots=tuple(chariots), last=last)
    data = {"seat": seat, "chariot": chariot_number(mover), "card": card, "arrow": ARROWS[to]}
    events = [Event(type="finished" if way.finished else "moved", data=data)]
    if chariot.segment < LAP <= way.segment:
        events.append(Event(type="lap", data={"seat": seat, "chariot": chariot_number(mover)}))
    if way.finished and _chariots_in(state, seat) == CHARIOTS:
        state = evolved(state, places=(*state.places, seat))
        events.append(Event(type="team_complete", data={"seat": seat, "place": len(state.places)}))
        if not state.continue_for_placings:
            return _game_over(state), events
    if way.finished and _race_is_full(state):
        return _game_over(state), events
    return _after_action(state, mover, seat, events, finished=way.finished)


def _use_card(state: CircusState, seat: int, card: int, direction: str | None) -> CircusState:
    cards = list(state.cards)
    hand = list(cards[seat])
    hand.remove(card)
    cards[seat] = tuple(hand)
    return evolved(
        state,
        cards=tuple(cards),
        steps=(*state.steps, Step(card=card, direction=direction)),
        selected=None,
    )


def _after_action(
    state: CircusState, mover: int, seat: int, events: list[Event], finished: bool
) -> Result:
    """§4 rules 2–4: the turn goes on only while another card action is possible."""
    others = sum(state.chariots[i].seat == seat for i in state.order[state.turn + 1 :])
    spare = len(state.cards[seat]) - 1 >= cards_needed(state.exactly_two, others)
    if finished or len(state.steps) >= turn_limit(state.exactly_two) or not spare:
        return _end_turn(state, events)
    return state, events


def _end_turn(state: CircusState, events: list[Event]) -> Result:
    state = evolved(state, turn=state.turn + 1, steps=(), selected=None, backs=0)
    if state.turn < len(state.order):
        return state, events
    return _new_round(state, events)


def _new_round(state: CircusState, events: list[Event]) -> Result:
    """§3 ROUND_START: every card face up again, the move order fixed for the round."""
    if state.round >= ROUND_LIMIT:
        events.append(Event(type="race_called", data={"round": state.round}))
        return _game_over(evolved(state, called=True)), events
    hand = deck(state.six_cards)
    state = evolved(
        state,
        phase="race",
        round=state.round + 1,
        cards=tuple(hand for _ in range(state.seats)),
        order=move_order(state.chariots),
        turn=0,
        steps=(),
        selected=None,
        backs=0,
    )
    events.append(Event(type="round_started", data={"round": state.round}))
    return state, events


def _race_is_full(state: CircusState) -> bool:
    """`continue_for_placings` ends when the finish cells are full or nobody races on."""
    finished = sum(c.finished for c in state.chariots)
    return finished >= len(TRACK.finish) or finished == len(state.chariots)


def _game_over(state: CircusState) -> CircusState:
    """The race is decided; the core announces it with the outcome."""
    return evolved(state, phase="over", selected=None)


# Outcome --------------------------------------------------------------------------------------


def _chariots_in(state: CircusState, seat: int) -> int:
    return sum(c.finished for c in state.chariots if c.seat == seat)


def _standing(state: CircusState, seat: int) -> tuple[int, int, int]:
    """Higher is better: completed place, chariots in, then (called race) fewer steps left."""
    place = len(state.places) - state.places.index(seat) if seat in state.places else 0
    left = 0
    if state.called:
        left = -sum(
            TRACK.steps_left(c.cell, c.segment)
            for c in state.chariots
            if c.seat == seat and not c.finished and c.cell is not None
        )
    return place, _chariots_in(state, seat), left


def outcome(state: CircusState) -> Outcome | None:
    if state.phase != "over":
        return None
    keys = [_standing(state, seat) for seat in range(state.seats)]
    order = sorted(set(keys), reverse=True)
    ranks = competition_ranks([-order.index(key) for key in keys])
    scores = tuple(_chariots_in(state, seat) for seat in range(state.seats))
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    reason = Msg(key="reason.called", args={"round": ROUND_LIMIT}) if state.called else None
    return Outcome(scores=scores, ranks=ranks, winners=winners, reason=reason)
