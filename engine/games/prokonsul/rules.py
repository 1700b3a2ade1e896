"""Prokonsul's rules: the deal, the moves (select; offer, answer, respond; propose, vote,
no_decision; move_pawn), the steps that follow them without an input (reveal, petitions, a won or
undecided round, governors, the next round, the end) and the outcome."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, Msg, Outcome, require
from engine.games.prokonsul.state import (
    Offer,
    ProkonsulOptions,
    ProkonsulState,
    Proposal,
    board,
    eligible_winners,
    holding,
    limit,
    pawn_options,
    province_args,
    targets,
)
from engine.rng import Rng

Step = tuple[ProkonsulState, list[Event]]


def start(options: ProkonsulOptions, seats: int, seed: int) -> ProkonsulState:
    data = board()
    ids = tuple(p["id"] for p in data["provinces"])
    rng = Rng(seed)
    tiebreak = tuple(rng.shuffled(range(seats)))
    pawn = rng.below(len(ids))
    hand = tuple(data["short_cards"] if options.short_game else data["cards"])
    return ProkonsulState(
        seats=seats,
        rng=rng.state,
        negotiation=options.negotiation,
        allow_no_decision=options.free_allow_no_decision,
        top_two_only=options.free_top_two_only,
        short_game=options.short_game,
        quiet=options.quiet_petitions,
        provinces=ids,
        values=tuple(int(p["value"]) for p in data["provinces"]),
        links=tuple((ids.index(a), ids.index(b)) for a, b in data["links"]),
        link_bonus=int(data["link_bonus"]),
        full_hand=hand,
        pawn=pawn,
        visited=(pawn,),
        tiebreak=tiebreak,
        chips=(int(data["start_chips"]),) * seats,
        hands=(hand,) * seats,
        supply=(int(data["counters"]),) * seats,
        candidates=((),) * len(ids),
        governor=(None,) * len(ids),
        chosen=(None,) * seats,
    )


# Input checks -------------------------------------------------------------------------------


def _text(raw: object) -> str:
    if raw is None:
        return ""
    require(isinstance(raw, str) and len(raw) <= limit("text_max"), "bad_text")
    return raw.strip()  # type: ignore[union-attr]


def _is_int(raw: object) -> bool:
    return type(raw) is int


def _amount(raw: object, chips: int) -> int:
    require(_is_int(raw) and raw >= 0, "bad_amount")  # type: ignore[operator]
    require(raw <= chips, "not_enough_chips")  # type: ignore[operator]
    return raw  # type: ignore[return-value]


def _replace(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


# Moves: the secret card and the black pawn --------------------------------------------------


def select(state: ProkonsulState, action: Action) -> Step:
    seat = action.seat
    events: list[Event] = []
    require(state.phase == "select", "wrong_phase")
    card = action.args.get("card")
    require(_is_int(card) and card in state.hands[seat], "bad_card")
    first = state.chosen[seat] is None
    chosen = _replace(state.chosen, seat, card)
    state = state.model_copy(update={"chosen": chosen})
    if first:
        events.append(Event(type="chosen", data={"seat": seat}))
        events.append(Event(type="your_card", data={"card": card}, to=(seat,)))
    else:
        events.append(Event(type="choice_changed", data={"card": card}, to=(seat,)))
    if any(c is None for c in chosen):
        return state, events
    return _reveal(state, events), events


def move_pawn(state: ProkonsulState, action: Action) -> Step:
    seat = action.seat
    events: list[Event] = []
    require(state.phase == "pawn", "wrong_phase")
    require(seat == state.winner, "not_your_turn")
    raw = action.args.get("province")
    require(isinstance(raw, str) and raw in state.provinces, "bad_province")
    province = state.provinces.index(raw)  # type: ignore[arg-type]
    if state.short_game:
        require(province not in state.visited, "province_visited")
    else:
        require(state.governor[province] is None, "province_governed")
        require(province != state.pawn, "same_province")
    state = _move_pawn(state, province, seat, events)
    return _next_round(state, events), events


# Moves: the petition (strict and two_way) ---------------------------------------------------


def offer(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    require(state.phase == "petition", "wrong_phase")
    require(seat == state.petitioner and state.offer is None, "not_your_turn")
    target = args.get("target")
    require(_is_int(target) and target in targets(state), "bad_target")
    chips = _amount(args.get("chips"), state.chips[seat])
    text = _text(args.get("text"))
    return _make_offer(state, seat, target, chips, text, 0, events), events  # type: ignore[arg-type]


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
    chips = args.get("chips")
    require(_is_int(chips) and 0 <= chips <= limit("counter_max"), "bad_amount")  # type: ignore[operator]
    text = _text(args.get("text"))
    events.append(
        Event(
            type="counter",
            data={"seat": seat, "seat_petitioner": state.petitioner, "chips": chips},
        )
    )
    if text:
        events.append(Event(type="promise", data={"seat": seat, "text": text}))
    standing = standing.model_copy(
        update={"counter": chips, "counter_text": text, "counters": standing.counters + 1}
    )
    return state.model_copy(update={"offer": standing, "exchanges": state.exchanges + 1}), events


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
    chips = _amount(args.get("chips"), state.chips[seat])
    text = _text(args.get("text"))
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
    return state.model_copy(update={"offer": made, "exchanges": state.exchanges + 1})


def _next_petitioner(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    while True:
        petitioner = next(
            (s for s in state.queue if s not in state.petitioned and state.held[s]), None
        )
        if petitioner is None:
            first = state.first_petitioner
            assert first is not None
            events.append(Event(type="fallback", data={"seat": first}))
            return _round_won(state, first, "fallback", events)
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
            state = state.model_copy(update={"tiebreak": tiebreak})
            events.append(
                Event(type="track_moved", data={"seat": petitioner, "seats": list(tiebreak)})
            )
        state = state.model_copy(
            update={
                "petitioner": petitioner,
                "petitioned": (*state.petitioned, petitioner),
                "barred": (),
                "offer": None,
            }
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
    state = state.model_copy(
        update={
            "barred": (*state.barred, state.offer.target),
            "offer": None,
            "exchanges": state.exchanges + 1,
        }
    )
    return _continue_petition(state, events)


def _continue_petition(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    if targets(state):
        return state
    events.append(Event(type="petition_failed", data={"seat": state.petitioner}))
    return _next_petitioner(state, events)


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
    state = state.model_copy(
        update={
            "chips": tuple(chips),
            "held": tuple(held),
            "offer": None,
            "exchanges": state.exchanges + 1,
            "payments": (*state.payments, (petitioner, target, amount)),
        }
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
        return _round_won(state, petitioner, "petition", events)
    return _continue_petition(state, events)


# Moves: the free negotiation ----------------------------------------------------------------


def propose(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    require(state.phase == "free", "wrong_phase")
    require(all(p.proposer != seat for p in state.proposals), "already_proposed")
    winner = args.get("winner")
    require(_is_int(winner) and 0 <= winner < state.seats, "bad_winner")  # type: ignore[operator]
    require(winner in eligible_winners(state), "not_top_two")
    raw_members = args.get("members")
    require(
        isinstance(raw_members, list | tuple)
        and all(_is_int(m) and 0 <= m < state.seats for m in raw_members)
        and len(set(raw_members)) == len(raw_members)
        and winner in raw_members,
        "bad_members",
    )
    members = tuple(sorted(raw_members))  # type: ignore[arg-type]
    require(sum(state.revealed[m] for m in members) >= state.threshold, "no_majority")
    transfers = _transfers(state, args, winner)  # type: ignore[arg-type]
    text = _text(args.get("text"))
    number = state.proposals_made + 1
    proposal = Proposal(
        id=number,
        proposer=seat,
        winner=winner,  # type: ignore[arg-type]
        members=members,
        transfers=transfers,
        text=text,
    )
    require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
    if seat in proposal.involved:
        proposal = proposal.model_copy(update={"accepted": (seat,)})
    events += _proposal_events(state, proposal)
    state = state.model_copy(
        update={"proposals": (*state.proposals, proposal), "proposals_made": number}
    )
    return _check_coalition(state, proposal, events), events


def _transfers(
    state: ProkonsulState, args: dict[str, Any], winner: int
) -> tuple[tuple[int, int, int], ...]:
    """The payment lines as (payer, payee, chips): `pay_<seat>` is what the winner pays that
    seat, a negative one what that seat pays the winner; the winner's own line is ignored."""
    cap = limit("transfer_max")
    transfers: list[tuple[int, int, int]] = []
    for other in range(state.seats):
        amount = args.get(f"pay_{other}", 0)
        require(_is_int(amount) and -cap <= amount <= cap, "bad_amount")
        if other == winner or amount == 0:
            continue
        if amount > 0:
            transfers.append((winner, other, amount))
        else:
            transfers.append((other, winner, -amount))
    return tuple(transfers)


def _proposal_events(state: ProkonsulState, proposal: Proposal) -> list[Event]:
    number, members = proposal.id, proposal.members
    proposed = {
        "id": number,
        "seat": proposal.proposer,
        "seat_winner": proposal.winner,
        "seats": list(members),
        "cards": sum(state.revealed[m] for m in members),
    }
    events = [Event(type="proposed", data=proposed)]
    for payer, payee, amount in proposal.transfers:
        events.append(
            Event(
                type="proposed_payment",
                data={"id": number, "seat_payer": payer, "seat_payee": payee, "chips": amount},
            )
        )
    if proposal.text:
        events.append(
            Event(type="promise", data={"seat": proposal.proposer, "text": proposal.text})
        )
    return events


def vote(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    require(state.phase == "free", "wrong_phase")
    number = args.get("proposal")
    proposal = next((p for p in state.proposals if _is_int(number) and p.id == number), None)
    require(proposal is not None, "no_such_proposal")
    assert proposal is not None
    require(seat in proposal.involved, "not_involved")
    reply = args.get("answer")
    require(reply in ("accept", "decline"), "bad_answer")
    if reply == "decline":
        kind = "withdrawn" if seat == proposal.proposer else "proposal_declined"
        events.append(Event(type=kind, data={"seat": seat, "id": proposal.id}))
        remaining = tuple(p for p in state.proposals if p.id != proposal.id)
        return state.model_copy(update={"proposals": remaining}), events
    require(seat not in proposal.accepted, "already_answered")
    require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
    proposal = proposal.model_copy(update={"accepted": (*proposal.accepted, seat)})
    events.append(Event(type="proposal_accepted", data={"seat": seat, "id": proposal.id}))
    proposals = tuple(proposal if p.id == proposal.id else p for p in state.proposals)
    state = state.model_copy(update={"proposals": proposals})
    return _check_coalition(state, proposal, events), events


def no_decision(state: ProkonsulState, action: Action) -> Step:
    seat = action.seat
    events: list[Event] = []
    require(state.phase == "free", "wrong_phase")
    require(state.allow_no_decision, "not_allowed")
    said = action.args.get("vote")
    require(said in ("end", "continue"), "bad_answer")
    pressed = seat in state.no_decision
    require(pressed == (said == "continue"), "no_change")
    if said == "continue":
        events.append(Event(type="no_decision_retracted", data={"seat": seat}))
        votes = tuple(s for s in state.no_decision if s != seat)
        return state.model_copy(update={"no_decision": votes}), events
    events.append(Event(type="no_decision_pressed", data={"seat": seat}))
    votes = tuple(sorted((*state.no_decision, seat)))
    state = state.model_copy(update={"no_decision": votes})
    if len(votes) < state.seats:
        return state, events
    return _undecided(state, events), events


def _check_coalition(
    state: ProkonsulState, proposal: Proposal, events: list[Event]
) -> ProkonsulState:
    if any(s not in proposal.accepted for s in proposal.involved):
        return state
    chips = list(state.chips)
    for payer, payee, amount in proposal.transfers:
        assert chips[payer] >= amount
        chips[payer] -= amount
        chips[payee] += amount
        events.append(
            Event(
                type="transfer",
                data={"seat_payer": payer, "seat_payee": payee, "chips": amount},
            )
        )
    events.append(
        Event(
            type="coalition",
            data={"id": proposal.id, "seat": proposal.winner, "seats": list(proposal.members)},
        )
    )
    held = tuple(
        proposal.members if s == proposal.winner else () if s in proposal.members else (s,)
        for s in range(state.seats)
    )
    paid = tuple(t for t in proposal.transfers if t[2])
    state = state.model_copy(
        update={"chips": tuple(chips), "held": held, "payments": state.payments + paid}
    )
    return _round_won(state, proposal.winner, "coalition", events)


# Steps without an input ---------------------------------------------------------------------


def _reveal(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    """Every card is chosen: turn them up, then the round is won at once, or negotiated."""
    state = _revealed(state)
    revealed, threshold = state.revealed, state.threshold
    events.append(
        Event(
            type="revealed",
            data={
                "round": state.round,
                "cards": list(revealed),
                "total": state.total,
                "threshold": threshold,
            },
        )
    )
    for seat, card in enumerate(revealed):
        events.append(Event(type="played", data={"seat": seat, "card": card}))
    strong = [s for s in range(state.seats) if revealed[s] >= threshold]
    if strong:
        events.append(
            Event(type="immediate_win", data={"seat": strong[0], "card": revealed[strong[0]]})
        )
        return _round_won(state, strong[0], "immediate", events)
    if state.negotiation == "free":
        if state.top_two_only:
            data = {"threshold": threshold, "seats": eligible_winners(state)}
            events.append(Event(type="free_open_top_two", data=data))
        else:
            events.append(Event(type="free_open", data={"threshold": threshold}))
        return state.model_copy(update={"phase": "free"})
    tiebreak = state.tiebreak
    queue = tuple(sorted(range(state.seats), key=lambda s: (-revealed[s], tiebreak.index(s))))
    events.append(Event(type="petition_order", data={"seats": list(queue)}))
    state = state.model_copy(
        update={"phase": "petition", "queue": queue, "first_petitioner": queue[0]}
    )
    return _next_petitioner(state, events)


def _revealed(state: ProkonsulState) -> ProkonsulState:
    """The chosen cards face up and out of the hands; last round's negotiation cleared."""
    revealed = tuple(card for card in state.chosen if card is not None)
    hands = tuple(
        tuple(c for c in hand if c != card)
        for hand, card in zip(state.hands, revealed, strict=True)
    )
    total = sum(revealed)
    return state.model_copy(
        update={
            "revealed": revealed,
            "revealed_round": state.round,
            "hands": hands,
            "chosen": (None,) * state.seats,
            "held": tuple((s,) for s in range(state.seats)),
            "total": total,
            "threshold": total // 2 + 1,
            "queue": (),
            "petitioned": (),
            "first_petitioner": None,
            "petitioner": None,
            "barred": (),
            "offer": None,
            "winner": None,
            "result": "",
            "proposals": (),
            "proposals_made": 0,
            "no_decision": (),
            "payments": (),
            "decided": None,
        }
    )


def _round_won(state: ProkonsulState, winner: int, how: str, events: list[Event]) -> ProkonsulState:
    x = state.pawn
    state = state.model_copy(
        update={
            "winner": winner,
            "decided": x,
            "result": how,
            "petitioner": None,
            "offer": None,
            "barred": (),
            "proposals": (),
            "no_decision": (),
        }
    )
    events.append(Event(type="round_won", data={"seat": winner, **province_args(state, x)}))
    state = _counters(state, winner, x, events)
    if _game_over(state):
        return _finish(state, events)
    options = pawn_options(state)
    if not options:
        events.append(Event(type="pawn_stays", data=province_args(state, x)))
        return _next_round(state, events)
    if len(options) == 1:
        state = _move_pawn(state, options[0], winner, events)
        return _next_round(state, events)
    return state.model_copy(update={"phase": "pawn"})


def _counters(state: ProkonsulState, winner: int, x: int, events: list[Event]) -> ProkonsulState:
    """The round winner's counter on province `x`: a candidate, or (the second win, or any win
    in the short game) its governor."""
    if state.short_game:
        if state.supply[winner] > 0:
            supply = _replace(state.supply, winner, state.supply[winner] - 1)
            return _install_governor(state.model_copy(update={"supply": supply}), winner, x, events)
        events.append(
            Event(type="no_counter_left", data={"seat": winner, **province_args(state, x)})
        )
        return state
    if winner in state.candidates[x]:
        supply = list(state.supply)
        returned = [s for s in state.candidates[x] if s != winner]
        for seat in returned:
            supply[seat] += 1
        candidates = _replace(state.candidates, x, ())
        state = state.model_copy(update={"supply": tuple(supply), "candidates": candidates})
        state = _install_governor(state, winner, x, events)
        if returned:
            events.append(
                Event(type="counters_returned", data={"seats": returned, **province_args(state, x)})
            )
        return state
    if state.supply[winner] > 0:
        candidates = _replace(state.candidates, x, tuple(sorted((*state.candidates[x], winner))))
        supply = _replace(state.supply, winner, state.supply[winner] - 1)
        state = state.model_copy(update={"candidates": candidates, "supply": supply})
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
    return state.model_copy(update={"governor": governor, "chips": tuple(chips)})


def _undecided(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    """free: everyone pressed "end without decision"."""
    events.append(
        Event(type="no_decision", data={"round": state.round, **province_args(state, state.pawn)})
    )
    state = state.model_copy(
        update={"winner": None, "result": "none", "proposals": (), "no_decision": ()}
    )
    if _game_over(state):
        return _finish(state, events)
    if state.short_game:
        options = pawn_options(state)
        rng = Rng(state.rng)
        province = options[rng.below(len(options))]
        state = state.model_copy(update={"rng": rng.state})
        state = _move_pawn(state, province, None, events)
    else:
        events.append(Event(type="pawn_stays", data=province_args(state, state.pawn)))
    return _next_round(state, events)


def _move_pawn(
    state: ProkonsulState, province: int, seat: int | None, events: list[Event]
) -> ProkonsulState:
    visited = state.visited if province in state.visited else (*state.visited, province)
    events.append(
        Event(type="pawn_moved", data={"seat": seat, **province_args(state, province)})
        if seat is not None
        else Event(type="pawn_drawn", data=province_args(state, province))
    )
    return state.model_copy(update={"pawn": province, "visited": visited})


def _game_over(state: ProkonsulState) -> bool:
    if state.short_game:
        return len(state.visited) == len(state.provinces)
    return all(g is not None for g in state.governor)


def _next_round(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    hands = state.hands
    if all(not hand for hand in hands):
        hands = (state.full_hand,) * state.seats
        events.append(Event(type="hands_refilled", data={"count": len(state.full_hand)}))
    round_no = state.round + 1
    events.append(
        Event(type="round_started", data={"round": round_no, **province_args(state, state.pawn)})
    )
    return state.model_copy(
        update={
            "round": round_no,
            "phase": "select",
            "hands": hands,
            "chosen": (None,) * state.seats,
            "petitioner": None,
            "offer": None,
            "barred": (),
            "proposals": (),
            "no_decision": (),
        }
    )


def _finish(state: ProkonsulState, events: list[Event]) -> ProkonsulState:
    """Every province is governed (or visited): the chips are shown, best first; the core
    announces the outcome."""
    state = state.model_copy(update={"phase": "over", "petitioner": None, "offer": None})
    result = outcome(state)
    assert result is not None
    for seat in sorted(range(state.seats), key=lambda s: result.ranks[s]):
        events.append(Event(type="final_chips", data={"seat": seat, "chips": state.chips[seat]}))
    return state


def outcome(state: ProkonsulState) -> Outcome | None:
    """Chips, then the tie-break track (leftmost first), so ranks are always distinct."""
    if state.phase != "over":
        return None
    order = sorted(range(state.seats), key=lambda s: (-state.chips[s], state.tiebreak.index(s)))
    ranks = [0] * state.seats
    for place, seat in enumerate(order):
        ranks[seat] = place + 1
    return Outcome(
        scores=state.chips,
        ranks=tuple(ranks),
        winners=(order[0],),
        reason=Msg(key="outcome.reason"),
    )
