"""The petition of strict and two_way negotiation: offers, answers and counter-proposals, the
deal that moves cards and chips, and who petitions next."""

from __future__ import annotations

from engine.core import Action, Event, evolved, int_arg, require
from engine.games.prokonsul.inputs import chip_amount, promise_text
from engine.games.prokonsul.rounds import round_won
from engine.games.prokonsul.state import Offer, ProkonsulState, Step, holding, limit, targets


def offer(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    require(state.phase == "petition", "wrong_phase")
    require(seat == state.petitioner and state.offer is None, "not_your_turn")
    target = int_arg(args.get("target"), "bad_target")
    require(target in targets(state), "bad_target")
    chips = chip_amount(args.get("chips"), state.chips[seat])
    text = promise_text(args.get("text"))
    return _make_offer(state, seat, target, chips, text, 0, events), events


def _open_offer(state: ProkonsulState, seat: int, countered: bool) -> Offer:
    """The offer `seat` must now answer: as its target, or (`countered`) as the petitioner."""
    require(state.phase == "petition", "wrong_phase")
    standing = state.offer
    if countered:
        turn = seat == state.petitioner and standing is not None and standing.counter is not None
    else:
        turn = standing is not None and standing.counter is None and seat == standing.target
    require(turn, "not_your_turn")
    assert standing is not None and state.petitioner is not None
    return standing


def answer(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    standing = _open_offer(state, seat, countered=False)
    two_way = state.negotiation == "two_way"
    reply = args.get("answer")
    require(
        reply in (("accept", "decline", "counter") if two_way else ("accept", "decline")),
        "bad_answer",
    )
    if reply == "accept":
        return _deal(state, standing.chips, events), events
    if reply == "decline":
        events.append(
            Event(type="declined", data={"seat": seat, "seat_petitioner": state.petitioner})
        )
        return _bar_target(state, events), events
    chips = int_arg(args.get("chips"), "bad_amount", 0, limit("counter_max"))
    text = promise_text(args.get("text"))
    events.append(
        Event(
            type="counter",
            data={"seat": seat, "seat_petitioner": state.petitioner, "chips": chips},
        )
    )
    if text:
        events.append(Event(type="promise", data={"seat": seat, "text": text}))
    standing = evolved(
        standing, **{"counter": chips, "counter_text": text, "counters": standing.counters + 1}
    )
    return evolved(state, **{"offer": standing, "exchanges": state.exchanges + 1}), events


def respond(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    standing = _open_offer(state, seat, countered=True)
    assert standing.counter is not None
    decision = args.get("decision")
    require(decision in ("accept_counter", "offer", "break_off"), "bad_decision")
    if decision == "accept_counter":
        require(standing.counter <= state.chips[seat], "cannot_afford")
        return _deal(state, standing.counter, events), events
    if decision == "break_off":
        events.append(Event(type="broke_off", data={"seat": seat, "seat_target": standing.target}))
        return _bar_target(state, events), events
    chips = chip_amount(args.get("chips"), state.chips[seat])
    text = promise_text(args.get("text"))
    return _make_offer(state, seat, standing.target, chips, text, standing.counters, events), events


def _make_offer(
    state: ProkonsulState,
    seat: int,
    target: int,
    chips: int,
    text: str,
    counters: int,
    events: list[Event],
) -> ProkonsulState:
    events.append(Event(type="offer", data={"seat": seat, "seat_target": target, "chips": chips}))
    if text:
        events.append(Event(type="promise", data={"seat": seat, "text": text}))
    made = Offer(target=target, chips=chips, text=text, counters=counters)
    return evolved(state, **{"offer": made, "exchanges": state.exchanges + 1})


def next_petitioner(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    while True:
        petitioner = next(
            (s for s in state.queue if s not in state.petitioned and state.held[s]), None
        )
        if petitioner is None:
            first = state.first_petitioner
            assert first is not None
            events.append(Event(type="fallback", data={"seat": first}))
            return round_won(state, first, "fallback", events)
        card = state.revealed[petitioner]
        rival = any(
            q != petitioner
            and state.revealed[q] == card
            and q not in state.petitioned
            and state.held[q]
            for q in range(state.seats)
        )
        if rival:
            tiebreak = (*(s for s in state.tiebreak if s != petitioner), petitioner)
            state = evolved(state, **{"tiebreak": tiebreak})
            events.append(
                Event(type="track_moved", data={"seat": petitioner, "seats": list(tiebreak)})
            )
        state = evolved(
            state,
            **{
                "petitioner": petitioner,
                "petitioned": (*state.petitioned, petitioner),
                "barred": (),
                "offer": None,
            },
        )
        held = holding(state, petitioner)
        events.append(
            Event(
                type="petitioner",
                data={"seat": petitioner, "held": held, "need": state.threshold - held},
            )
        )
        if targets(state):
            return state
        events.append(Event(type="petition_failed", data={"seat": petitioner}))


def _bar_target(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    assert state.offer is not None
    state = evolved(
        state,
        **{
            "barred": (*state.barred, state.offer.target),
            "offer": None,
            "exchanges": state.exchanges + 1,
        },
    )
    return _continue_petition(state, events)


def _continue_petition(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    if targets(state):
        return state
    events.append(Event(type="petition_failed", data={"seat": state.petitioner}))
    return next_petitioner(state, events)


def _deal(state: ProkonsulState, amount: int, events: list[Event]) -> ProkonsulState:
    petitioner, standing = state.petitioner, state.offer
    assert petitioner is not None and standing is not None
    target = standing.target
    chips = list(state.chips)
    chips[petitioner] -= amount
    chips[target] += amount
    held = list(state.held)
    held[petitioner] = (*held[petitioner], *held[target])
    held[target] = ()
    state = evolved(
        state,
        **{
            "chips": tuple(chips),
            "held": tuple(held),
            "offer": None,
            "exchanges": state.exchanges + 1,
            "payments": (*state.payments, (petitioner, target, amount)),
        },
    )
    total = holding(state, petitioner)
    events.append(
        Event(
            type="accepted",
            data={
                "seat": target,
                "seat_petitioner": petitioner,
                "chips": amount,
                "held": total,
                "threshold": state.threshold,
            },
        )
    )
    if total >= state.threshold:
        return round_won(state, petitioner, "petition", events)
    return _continue_petition(state, events)
