"""Who must act in Prokonsul and how: the secret card, the petition (offer, answer, respond), the
free negotiation (vote, propose, end without decision), the black pawn; and who may talk."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt, TableTalk, choice, one_of
from engine.games.prokonsul.state import (
    ProkonsulState,
    Proposal,
    allowance_left,
    eligible_winners,
    holding,
    limit,
    pawn_options,
    province_args,
    targets,
)


@lru_cache(maxsize=64)
def _card_choice(value: int) -> Choice:
    """Prompts are rebuilt for every decision (an AI playout builds thousands): choices are
    immutable, so each card's is built once."""
    return Choice(value=value, label=Msg(key="card", args={"value": value}))


def _seat_choice(seat: int) -> Choice:
    return choice(seat, "seat", seat=seat)


def _picks(prefix: str, values: tuple[str, ...]) -> tuple[Choice, ...]:
    """Choices labelled `<prefix>.<value>`: answers, decisions, no-decision votes."""
    return tuple(choice(value, f"{prefix}.{value}") for value in values)


def _chips_field(key: str, most: int, needs: tuple[str, tuple[str, ...]] | None = None) -> Field:
    return Field(name="chips", kind="int", label=Msg(key=key), min=0, max=most, needs=needs)


def _promise_field(needs: tuple[str, tuple[str, ...]] | None = None) -> Field:
    """The free, non-binding promise text that may go with an offer or proposal."""
    return Field(
        name="text",
        kind="text",
        label=Msg(key="field.promise"),
        max=limit("text_max"),
        optional=True,
        needs=needs,
    )


def pending(state: ProkonsulState) -> list[Prompt]:
    if state.phase == "select":
        return _select_prompts(state)
    if state.phase == "petition":
        return [_petition_prompt(state)]
    if state.phase == "free":
        return _free_prompts(state)
    if state.phase == "pawn":
        return [_pawn_prompt(state)]
    return []


def _select_prompts(state: ProkonsulState) -> list[Prompt]:
    """One prompt per distinct hand. A seat is listed (owing or done) only in the prompt of
    its own hand, so a revision is offered that seat's hand, never another's. Prompts of
    hands whose seats have all chosen (kept for revisions) come after those still owed."""
    groups: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
    for seat, card in enumerate(state.chosen):
        owing, done = groups.setdefault(state.hands[seat], ([], []))
        if card is None:
            owing.append(seat)
        elif allowance_left(state, seat):
            done.append(seat)
    text = Msg(key="prompt.select", args={"round": state.round, **province_args(state, state.pawn)})
    return [
        Prompt(
            key=f"r{state.round}.select",
            move="select",
            kind=Kind.SECRET,
            seats=tuple(owing),
            done=tuple(done),
            fields=(one_of("card", "field.card", (_card_choice(v) for v in hand)),),
            text=text,
            revisable=True,
        )
        for hand, (owing, done) in sorted(groups.items(), key=lambda g: not g[1][0])
    ]


# The petition (strict and two_way) ----------------------------------------------------------


def _petition_prompt(state: ProkonsulState) -> Prompt:
    petitioner = state.petitioner
    assert petitioner is not None
    key = f"r{state.round}.p{petitioner}.x{state.exchanges}"
    if state.offer is None:
        return _offer_prompt(state, petitioner, key)
    if state.offer.counter is None:
        return _answer_prompt(state, petitioner, key)
    return _respond_prompt(state, petitioner, key)


def _offer_prompt(state: ProkonsulState, petitioner: int, key: str) -> Prompt:
    """The petitioner's offer to one of the players still holding cards."""
    held = holding(state, petitioner)
    fields = (
        one_of("target", "field.target", (_seat_choice(t) for t in targets(state))),
        _chips_field("field.chips", state.chips[petitioner]),
        _promise_field(),
    )
    need = state.threshold - held
    args = {"seat": petitioner, "held": held, "threshold": state.threshold, "need": need}
    return _petitioner_prompt(key, "offer", petitioner, fields, Msg(key="prompt.offer", args=args))


def _petitioner_prompt(
    key: str, move: str, petitioner: int, fields: tuple[Field, ...], text: Msg
) -> Prompt:
    """A petitioner's turn: its chips field's maximum is his chip total, so it is his alone."""
    return Prompt(
        key=key,
        move=move,
        kind=Kind.TURN,
        seats=(petitioner,),
        fields=fields,
        text=text,
        public_options=False,
    )


def _answer_prompt(state: ProkonsulState, petitioner: int, key: str) -> Prompt:
    """The target's answer to the open offer; two_way adds a counter-proposal."""
    offer = state.offer
    assert offer is not None
    two_way = state.negotiation == "two_way"
    answers = ("accept", "decline", "counter") if two_way else ("accept", "decline")
    fields = [one_of("answer", "field.answer", _picks("answer", answers))]
    if two_way:
        countering = ("answer", ("counter",))
        fields += [
            _chips_field("field.counter", limit("counter_max"), countering),
            _promise_field(countering),
        ]
    return Prompt(
        key=key,
        move="answer",
        kind=Kind.REPLY,
        seats=(offer.target,),
        fields=tuple(fields),
        text=Msg(
            key="prompt.answer_promise" if offer.text else "prompt.answer",
            args={
                "seat": offer.target,
                "seat_petitioner": petitioner,
                "chips": offer.chips,
                "text": offer.text,
            },
        ),
    )


def _respond_prompt(state: ProkonsulState, petitioner: int, key: str) -> Prompt:
    """two_way: the petitioner's response to a counter-proposal."""
    offer = state.offer
    assert offer is not None
    decisions = ("accept_counter", "offer", "break_off")
    reoffering = ("decision", ("offer",))
    fields = (
        one_of("decision", "field.decision", _picks("decision", decisions)),
        _chips_field("field.chips", state.chips[petitioner], reoffering),
        _promise_field(reoffering),
    )
    args = {"seat": petitioner, "seat_target": offer.target, "chips": offer.counter}
    return _petitioner_prompt(
        key, "respond", petitioner, fields, Msg(key="prompt.respond", args=args)
    )


# The free negotiation -------------------------------------------------------------------------


def _free_prompts(state: ProkonsulState) -> list[Prompt]:
    prompts = [p for proposal in state.proposals for p in _vote_prompts(state, proposal)]
    open_by = {p.proposer for p in state.proposals}
    proposers = tuple(
        s for s in range(state.seats) if s not in open_by and allowance_left(state, s)
    )
    if proposers:
        prompts.append(_propose_prompt(state, proposers))
    if state.allow_no_decision:
        prompts.append(_no_decision_prompt(state))
    return prompts


def _vote_prompts(state: ProkonsulState, proposal: Proposal) -> list[Prompt]:
    """One prompt per involved seat that has not accepted; those that have are in `done`."""
    field = one_of("proposal", "field.proposal", (choice(proposal.id, "proposal", id=proposal.id),))
    answers = one_of("answer", "field.answer", _picks("answer", ("accept", "decline")))
    return [
        Prompt(
            key=f"r{state.round}.q{proposal.id}",
            move="vote",
            kind=Kind.REPLY,
            seats=(seat,),
            done=_may_take_back(state, proposal.accepted),
            revisable=True,
            fields=(field, answers),
            text=Msg(
                key="prompt.vote",
                args={
                    "seat": seat,
                    "id": proposal.id,
                    "seat_winner": proposal.winner,
                    "chips": proposal.net(seat),
                },
            ),
        )
        for seat in proposal.involved
        if seat not in proposal.accepted
    ]


def _may_take_back(state: ProkonsulState, seats: tuple[int, ...]) -> tuple[int, ...]:
    """Those of `seats` (who have answered) with round allowance left to take it back."""
    return tuple(s for s in seats if allowance_left(state, s))


def _propose_prompt(state: ProkonsulState, proposers: tuple[int, ...]) -> Prompt:
    cap = limit("transfer_max")
    seats = tuple(_seat_choice(s) for s in range(state.seats))
    fields = [
        one_of("winner", "field.winner", (_seat_choice(s) for s in eligible_winners(state))),
        Field(
            name="members",
            kind="subset",
            label=Msg(key="field.members"),
            options=seats,
            min=2,
            max=state.seats,
        ),
    ]
    fields += [
        Field(
            name=f"pay_{s}",
            kind="int",
            label=Msg(key="field.pay", args={"seat": s}),
            min=-cap,
            max=cap,
        )
        for s in range(state.seats)
    ]
    fields.append(_promise_field())
    return Prompt(
        key=f"r{state.round}.propose",
        move="propose",
        kind=Kind.TURN,
        seats=proposers,
        fields=tuple(fields),
        text=Msg(key="prompt.propose", args={"threshold": state.threshold}),
    )


def _no_decision_prompt(state: ProkonsulState) -> Prompt:
    """Those who have not pressed are `seats`; those who have are `done` and may retract."""
    waiting = tuple(s for s in range(state.seats) if s not in state.no_decision)
    votes = _picks("no_decision", ("end", "continue"))
    return Prompt(
        key=f"r{state.round}.nodecision",
        move="no_decision",
        kind=Kind.TURN,
        seats=waiting,
        done=_may_take_back(state, state.no_decision),
        revisable=True,
        fields=(one_of("vote", "field.no_decision", votes),),
        text=Msg(key="prompt.no_decision", args={"seats": list(state.no_decision)}),
    )


def _pawn_prompt(state: ProkonsulState) -> Prompt:
    assert state.winner is not None
    provinces = (
        Choice(value=state.provinces[p], label=Msg(key="province", args=province_args(state, p)))
        for p in pawn_options(state)
    )
    return Prompt(
        key=f"r{state.round}.pawn",
        move="move_pawn",
        kind=Kind.TURN,
        seats=(state.winner,),
        fields=(one_of("province", "field.province", provinces),),
        text=Msg(key="prompt.move_pawn", args={"seat": state.winner}),
    )


def table_talk(state: ProkonsulState) -> TableTalk | None:
    """Quiet petitions: while a petition runs, only the petitioner and his target speak."""
    if state.quiet == "off" or state.phase != "petition" or state.petitioner is None:
        return None
    speakers: tuple[int, ...] = (state.petitioner,)
    if state.offer is not None:
        speakers += (state.offer.target,)
    return TableTalk(
        speakers=speakers,
        policy=state.quiet,
        rule=Msg(
            key=f"talk.{state.negotiation}",
            args={"seat": state.petitioner, "seats": list(speakers)},
        ),
    )
