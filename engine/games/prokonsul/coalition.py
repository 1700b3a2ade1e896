"""The free negotiation: coalition proposals with their payments, votes on them, and ending a
round without decision."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Event, evolved, int_arg, require
from engine.games.prokonsul.inputs import is_int, promise_text
from engine.games.prokonsul.rounds import round_won, undecided
from engine.games.prokonsul.state import (
    ProkonsulState,
    Proposal,
    Step,
    eligible_winners,
    limit,
    spend,
)


def propose(state: ProkonsulState, action: Action) -> Step:
    seat, args = action.seat, action.args
    events: list[Event] = []
    require(state.phase == "free", "wrong_phase")
    require(all(p.proposer != seat for p in state.proposals), "already_proposed")
    winner = int_arg(args.get("winner"), "bad_winner", 0, state.seats - 1)
    require(winner in eligible_winners(state), "not_top_two")
    raw_members = args.get("members")
    require(
        isinstance(raw_members, list | tuple)
        and all(is_int(m) and 0 <= m < state.seats for m in raw_members)
        and len(set(raw_members)) == len(raw_members)
        and winner in raw_members,
        "bad_members",
    )
    members = tuple(sorted(raw_members))  # type: ignore[arg-type]  # checked by require() above
    require(sum(state.revealed[m] for m in members) >= state.threshold, "no_majority")
    transfers = _transfers(state, args, winner)
    text = promise_text(args.get("text"))
    number = state.proposals_made + 1
    proposal = Proposal(
        id=number,
        proposer=seat,
        winner=winner,
        members=members,
        transfers=transfers,
        text=text,
    )
    require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
    require(proposal.terms not in state.withdrawn, "proposal_withdrawn")
    state = spend(state, seat)
    if seat in proposal.involved:
        proposal = evolved(proposal, **{"accepted": (seat,)})
    events += _proposal_events(state, proposal)
    state = evolved(state, **{"proposals": (*state.proposals, proposal), "proposals_made": number})
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
        require(is_int(amount) and -cap <= amount <= cap, "bad_amount")
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
    proposal = next((p for p in state.proposals if is_int(number) and p.id == number), None)
    require(proposal is not None, "no_such_proposal")
    assert proposal is not None
    require(seat in proposal.involved, "not_involved")
    reply = args.get("answer")
    require(reply in ("accept", "decline"), "bad_answer")
    if reply == "decline":
        return _declined(state, proposal, seat, events), events
    require(seat not in proposal.accepted, "already_answered")
    require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
    proposal = evolved(proposal, **{"accepted": (*proposal.accepted, seat)})
    events.append(Event(type="proposal_accepted", data={"seat": seat, "id": proposal.id}))
    proposals = tuple(proposal if p.id == proposal.id else p for p in state.proposals)
    state = evolved(state, **{"proposals": proposals})
    return _check_coalition(state, proposal, events), events


def _declined(
    state: ProkonsulState, proposal: Proposal, seat: int, events: list[Event]
) -> ProkonsulState:
    """A decline kills the proposal. Taking back one's own acceptance (for the proposer:
    withdrawing) spends the round allowance, and a withdrawn proposal may not be made again."""
    withdrawn = state.withdrawn
    if seat in proposal.accepted:
        state = spend(state, seat)
    if seat == proposal.proposer:
        withdrawn += (proposal.terms,)
    kind = "withdrawn" if seat == proposal.proposer else "proposal_declined"
    events.append(Event(type=kind, data={"seat": seat, "id": proposal.id}))
    remaining = tuple(p for p in state.proposals if p.id != proposal.id)
    return evolved(state, **{"proposals": remaining, "withdrawn": withdrawn})


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
        state = spend(state, seat)
        events.append(Event(type="no_decision_retracted", data={"seat": seat}))
        votes = tuple(s for s in state.no_decision if s != seat)
        return evolved(state, **{"no_decision": votes}), events
    events.append(Event(type="no_decision_pressed", data={"seat": seat}))
    votes = tuple(sorted((*state.no_decision, seat)))
    state = evolved(state, **{"no_decision": votes})
    if len(votes) < state.seats:
        return state, events
    return undecided(state, events), events


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
    state = evolved(
        state, **{"chips": tuple(chips), "held": held, "payments": state.payments + paid}
    )
    return round_won(state, proposal.winner, "coalition", events)
