"""Prokonsul (Knizia): every round the players secretly play an influence card for the province
under the black pawn; whoever gathers a strict majority of the revealed total (by buying other
players' cards with chips) wins the round. Two wins in one province make a governor, who is paid
the province's value. Most chips when all seven provinces are governed wins.

Implements ../shared/rules/prokonsul.md with every variant: `negotiation` = strict / two_way /
free, `free_allow_no_decision`, `free_top_two_only`, `short_game`, plus `quiet_petitions`
(off / remind / enforce), which only drives `table_talk`. Board data is designed data
(engine/games/data/prokonsul.json). Decisions where the spec is silent or leaves the model open:

- Card selection is SECRET and may be changed until the last player has chosen: a seat listed
  in the prompt's `done` may send `select` again and its card is replaced. Players whose hands
  are identical share one prompt (the options are the hand), so prompts never show a hand to
  anybody else; every select prompt of a round has the same key.
- Chip totals are never in a view (not even the spectator view) before the game is over; every
  chip movement is a public event. The petitioner's offer prompt has an `int` field whose maximum
  is his chip total, so it is `public_options=False` and addressed to him alone.
- When the round winner has exactly one legal province for the black pawn it moves there without
  an input (the spec only says so when the current province is the last ungoverned one).
- two_way: a counter-proposal may ask 0..`counter_max` chips (an input bound from the data file,
  not a rule: the target must not learn the petitioner's total). The target answers accept /
  decline / counter; after a counter the petitioner answers accept_counter / offer / break_off.
- free: a proposal is (winner, members, one payment line per player, text). A payment line
  `pay_<seat>` is what the winner pays that seat (negative: what that seat pays the winner), up to
  `transfer_max` either way; the winner's own line is ignored. So transfers always run between
  the winner and another player (the spec's general payer/payee list is narrowed to what a
  button-and-number UI can express). Each player may have one open proposal at a time (he is
  not offered `propose` while one stands), so an AI seat never floods the table.
- free: a player who already accepted a proposal may still decline it until it completes (for
  the proposer this is withdrawing it), through the same `vote` prompt, where he is listed in
  `done`. Likewise "end round without decision" is a prompt whose `seats` have not pressed and
  whose `done` have; a pressed player retracts by answering `continue`. This keeps optional
  "undo" actions out of `seats`, so AI seats are never asked to answer them.
- free with `short_game`: a round ended without decision leaves its province ungoverned (it has
  been visited); the next unvisited province is then drawn at random, as nobody won the right to
  choose it.
- `free_allow_no_decision` and `free_top_two_only` have no effect unless `negotiation` is free.
- free: a proposer need not be involved in his own proposal (he may broker a coalition of
  others); an immediate win (one card alone is a majority) still ends the round before any
  proposal, as in the strict flow.
- A promise text is at most `text_max` characters; offers of 0 chips are allowed (spec §10).
- The latest round's revealed cards, holdings and winner stay in the view until the next
  reveal, so the board image can show how the last round ended.
- Final ranking: chips, then tie-break track (leftmost first), so ranks are always distinct.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import (
    Action,
    Choice,
    Event,
    Field,
    Game,
    GameState,
    Kind,
    Msg,
    Outcome,
    Prompt,
    Shortcut,
    ShortcutParam,
    TableTalk,
    handler_for,
    require,
)
from engine.data import load
from engine.games.prokonsul.strings import STRINGS
from engine.rng import Rng

Negotiation = Literal["strict", "two_way", "free"]


def board() -> dict[str, Any]:
    return load("engine.games.data", "prokonsul")


def _limit(name: str) -> int:
    return int(board()["limits"][name])


class ProkonsulOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    negotiation: Negotiation = "strict"
    free_allow_no_decision: bool = False
    free_top_two_only: bool = False
    short_game: bool = False
    quiet_petitions: Literal["off", "remind", "enforce"] = "remind"


class Offer(BaseModel):
    """The open offer of the current petition (public)."""

    model_config = ConfigDict(frozen=True)
    target: int
    chips: int
    text: str = ""
    counter: int | None = None  # two_way: the target's counter-proposal, awaiting the petitioner
    counter_text: str = ""
    counters: int = 0  # counter-proposals made so far in this negotiation


class Proposal(BaseModel):
    """A free-negotiation coalition proposal (public). Transfers are (payer, payee, chips)."""

    model_config = ConfigDict(frozen=True)
    id: int
    proposer: int
    winner: int
    members: tuple[int, ...]
    transfers: tuple[tuple[int, int, int], ...] = ()
    text: str = ""
    accepted: tuple[int, ...] = ()

    @property
    def involved(self) -> tuple[int, ...]:
        seats = set(self.members)
        for payer, payee, _ in self.transfers:
            seats.update((payer, payee))
        return tuple(sorted(seats))

    def outgoing(self, seat: int) -> int:
        return sum(amount for payer, _, amount in self.transfers if payer == seat)

    def net(self, seat: int) -> int:
        return sum(
            (amount if payee == seat else 0) - (amount if payer == seat else 0)
            for payer, payee, amount in self.transfers
        )


class ProkonsulState(GameState):
    negotiation: Negotiation = "strict"
    allow_no_decision: bool = False
    top_two_only: bool = False
    short_game: bool = False
    quiet: Literal["off", "remind", "enforce"] = "remind"
    provinces: tuple[str, ...]
    values: tuple[int, ...]
    links: tuple[tuple[int, int], ...]
    link_bonus: int
    full_hand: tuple[int, ...]
    round: int = 1
    phase: Literal["select", "petition", "free", "pawn", "over"] = "select"
    pawn: int
    visited: tuple[int, ...]  # provinces the black pawn has stood on (short game)
    tiebreak: tuple[int, ...]  # seats, leftmost first
    chips: tuple[int, ...]  # SECRET per seat until the end
    hands: tuple[tuple[int, ...], ...]  # SECRET per seat
    supply: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]  # per province: seats with a candidate counter
    governor: tuple[int | None, ...]
    chosen: tuple[int | None, ...]  # SECRET: this round's face-down cards
    revealed: tuple[int, ...] = ()  # the latest revealed card of each seat
    revealed_round: int = 0
    held: tuple[tuple[int, ...], ...] = ()  # per seat: whose revealed cards lie in front of him
    total: int = 0
    threshold: int = 0
    queue: tuple[int, ...] = ()
    petitioned: tuple[int, ...] = ()
    first_petitioner: int | None = None
    petitioner: int | None = None
    barred: tuple[int, ...] = ()
    offer: Offer | None = None
    exchanges: int = 0  # negotiation inputs this round (prompt keys)
    winner: int | None = None  # winner of the latest round (moves the pawn in phase "pawn")
    result: str = ""  # how the latest round ended
    proposals: tuple[Proposal, ...] = ()
    proposals_made: int = 0
    no_decision: tuple[int, ...] = ()
    # Public, for the board: the latest round's payments (payer, payee, chips) and the
    # province its winner's counter went to; both cleared by the next reveal.
    payments: tuple[tuple[int, int, int], ...] = ()
    decided: int | None = None


class ProkonsulView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know. No chip totals before the end."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    negotiation: str
    allow_no_decision: bool
    top_two_only: bool
    short_game: bool
    round: int
    phase: str
    provinces: tuple[str, ...]
    names: tuple[str, ...]
    positions: tuple[tuple[int, int], ...]
    values: tuple[int, ...]
    links: tuple[tuple[int, int], ...]
    link_bonus: int
    pawn: int
    visited: tuple[int, ...]
    tiebreak: tuple[int, ...]
    supply: tuple[int, ...]
    candidates: tuple[tuple[int, ...], ...]
    governor: tuple[int | None, ...]
    hand_size: int
    chosen: tuple[bool, ...]
    revealed: tuple[int, ...]
    revealed_round: int
    held: tuple[tuple[int, ...], ...]
    total: int
    threshold: int
    queue: tuple[int, ...]
    petitioned: tuple[int, ...]
    first_petitioner: int | None
    petitioner: int | None
    barred: tuple[int, ...]
    offer: Offer | None
    winner: int | None
    result: str
    proposals: tuple[Proposal, ...]
    proposals_made: int
    no_decision: tuple[int, ...]
    payments: tuple[tuple[int, int, int], ...] = ()
    decided: int | None = None
    final_chips: tuple[int, ...] | None = None  # only once the game is over
    own_hand: tuple[int, ...] | None = None
    own_choice: int | None = None
    own_chips: int | None = None

    def holding(self, seat: int) -> int:
        return sum(self.revealed[owner] for owner in self.held[seat]) if self.held else 0


def _text(raw: object) -> str:
    if raw is None:
        return ""
    require(isinstance(raw, str) and len(raw) <= _limit("text_max"), "bad_text")
    return raw.strip()  # type: ignore[union-attr]


def _is_int(raw: object) -> bool:
    return type(raw) is int


def _card_choice(value: int) -> Choice:
    return Choice(value=value, label=Msg(key="card", args={"value": value}))


def _seat_choice(seat: int) -> Choice:
    return Choice(value=seat, label=Msg(key="seat", args={"seat": seat}))


def _promise_field(needs: tuple[str, tuple[str, ...]] | None = None) -> Field:
    """The free, non-binding promise text that may go with an offer or proposal."""
    return Field(
        name="text",
        kind="text",
        label=Msg(key="field.promise"),
        max=_limit("text_max"),
        optional=True,
        needs=needs,
    )


class Prokonsul(Game[ProkonsulState, ProkonsulOptions, ProkonsulView]):
    id = "prokonsul"
    min_seats = 3
    max_seats = 5
    Options = ProkonsulOptions
    State = ProkonsulState
    max_inputs = 20_000
    shortcuts = (
        Shortcut(
            name="offer",
            move="offer",
            description="shortcut.offer",
            params=(
                ShortcutParam(
                    name="player", field="target", kind="seat", description="shortcut.offer.player"
                ),
                ShortcutParam(
                    name="chips", field="chips", kind="int", description="shortcut.offer.chips"
                ),
                ShortcutParam(
                    name="promise",
                    field="text",
                    kind="text",
                    description="shortcut.offer.promise",
                    required=False,
                ),
            ),
        ),
    )

    def start(self, options: ProkonsulOptions, seats: int, seed: int) -> ProkonsulState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
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

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: ProkonsulState) -> list[Prompt]:
        if state.phase == "select":
            return self._select_prompts(state)
        if state.phase == "petition":
            return [self._petition_prompt(state)]
        if state.phase == "free":
            return self._free_prompts(state)
        if state.phase == "pawn":
            return [self._pawn_prompt(state)]
        return []

    def _select_prompts(self, state: ProkonsulState) -> list[Prompt]:
        """One prompt per distinct hand. A seat is listed (owing or done) only in the prompt of
        its own hand, so a revision is offered that seat's hand, never another's. Prompts of
        hands whose seats have all chosen (kept for revisions) come after those still owed."""
        groups: dict[tuple[int, ...], tuple[list[int], list[int]]] = {}
        for seat, card in enumerate(state.chosen):
            owing, done = groups.setdefault(state.hands[seat], ([], []))
            (owing if card is None else done).append(seat)
        text = Msg(key="prompt.select", args={"round": state.round, **_pargs(state, state.pawn)})
        return [
            Prompt(
                key=f"r{state.round}.select",
                move="select",
                kind=Kind.SECRET,
                seats=tuple(owing),
                done=tuple(done),
                fields=(
                    Field(
                        name="card",
                        kind="one",
                        label=Msg(key="field.card"),
                        options=tuple(_card_choice(v) for v in hand),
                    ),
                ),
                text=text,
                revisable=True,
            )
            for hand, (owing, done) in sorted(groups.items(), key=lambda g: not g[1][0])
        ]

    def _petition_prompt(self, state: ProkonsulState) -> Prompt:
        petitioner = state.petitioner
        assert petitioner is not None
        key = f"r{state.round}.p{petitioner}.x{state.exchanges}"
        held = _holding(state, petitioner)
        offer = state.offer
        if offer is None:
            return Prompt(
                key=key,
                move="offer",
                kind=Kind.TURN,
                seats=(petitioner,),
                fields=(
                    Field(
                        name="target",
                        kind="one",
                        label=Msg(key="field.target"),
                        options=tuple(_seat_choice(t) for t in _targets(state)),
                    ),
                    Field(
                        name="chips",
                        kind="int",
                        label=Msg(key="field.chips"),
                        min=0,
                        max=state.chips[petitioner],
                    ),
                    _promise_field(),
                ),
                text=Msg(
                    key="prompt.offer",
                    args={
                        "seat": petitioner,
                        "held": held,
                        "threshold": state.threshold,
                        "need": state.threshold - held,
                    },
                ),
                public_options=False,
            )
        if offer.counter is None:
            answers = ["accept", "decline"] + (
                ["counter"] if state.negotiation == "two_way" else []
            )
            fields = [
                Field(
                    name="answer",
                    kind="one",
                    label=Msg(key="field.answer"),
                    options=tuple(Choice(value=a, label=Msg(key=f"answer.{a}")) for a in answers),
                )
            ]
            if state.negotiation == "two_way":
                fields += [
                    Field(
                        name="chips",
                        kind="int",
                        label=Msg(key="field.counter"),
                        min=0,
                        max=_limit("counter_max"),
                        needs=("answer", ("counter",)),
                    ),
                    _promise_field(("answer", ("counter",))),
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
        decisions = ("accept_counter", "offer", "break_off")
        return Prompt(
            key=key,
            move="respond",
            kind=Kind.TURN,
            seats=(petitioner,),
            fields=(
                Field(
                    name="decision",
                    kind="one",
                    label=Msg(key="field.decision"),
                    options=tuple(
                        Choice(value=d, label=Msg(key=f"decision.{d}")) for d in decisions
                    ),
                ),
                Field(
                    name="chips",
                    kind="int",
                    label=Msg(key="field.chips"),
                    min=0,
                    max=state.chips[petitioner],
                    needs=("decision", ("offer",)),
                ),
                _promise_field(("decision", ("offer",))),
            ),
            text=Msg(
                key="prompt.respond",
                args={"seat": petitioner, "seat_target": offer.target, "chips": offer.counter},
            ),
            public_options=False,
        )

    def _free_prompts(self, state: ProkonsulState) -> list[Prompt]:
        prompts: list[Prompt] = []
        answers = tuple(
            Choice(value=a, label=Msg(key=f"answer.{a}")) for a in ("accept", "decline")
        )
        for proposal in state.proposals:
            field = Field(
                name="proposal",
                kind="one",
                label=Msg(key="field.proposal"),
                options=(
                    Choice(value=proposal.id, label=Msg(key="proposal", args={"id": proposal.id})),
                ),
            )
            for seat in proposal.involved:
                if seat in proposal.accepted:
                    continue
                prompts.append(
                    Prompt(
                        key=f"r{state.round}.q{proposal.id}",
                        move="vote",
                        kind=Kind.REPLY,
                        seats=(seat,),
                        done=proposal.accepted,
                        revisable=True,
                        fields=(
                            field,
                            Field(
                                name="answer",
                                kind="one",
                                label=Msg(key="field.answer"),
                                options=answers,
                            ),
                        ),
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
                )
        open_by = {p.proposer for p in state.proposals}
        proposers = tuple(s for s in range(state.seats) if s not in open_by)
        if proposers:
            cap = _limit("transfer_max")
            fields = [
                Field(
                    name="winner",
                    kind="one",
                    label=Msg(key="field.winner"),
                    options=tuple(_seat_choice(s) for s in _eligible_winners(state)),
                ),
                Field(
                    name="members",
                    kind="subset",
                    label=Msg(key="field.members"),
                    options=tuple(_seat_choice(s) for s in range(state.seats)),
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
            prompts.append(
                Prompt(
                    key=f"r{state.round}.propose",
                    move="propose",
                    kind=Kind.TURN,
                    seats=proposers,
                    fields=tuple(fields),
                    text=Msg(key="prompt.propose", args={"threshold": state.threshold}),
                )
            )
        if state.allow_no_decision:
            waiting = tuple(s for s in range(state.seats) if s not in state.no_decision)
            prompts.append(
                Prompt(
                    key=f"r{state.round}.nodecision",
                    move="no_decision",
                    kind=Kind.TURN,
                    seats=waiting,
                    done=state.no_decision,
                    revisable=True,
                    fields=(
                        Field(
                            name="vote",
                            kind="one",
                            label=Msg(key="field.no_decision"),
                            options=tuple(
                                Choice(value=v, label=Msg(key=f"no_decision.{v}"))
                                for v in ("end", "continue")
                            ),
                        ),
                    ),
                    text=Msg(key="prompt.no_decision", args={"seats": list(state.no_decision)}),
                )
            )
        return prompts

    def _pawn_prompt(self, state: ProkonsulState) -> Prompt:
        assert state.winner is not None
        return Prompt(
            key=f"r{state.round}.pawn",
            move="move_pawn",
            kind=Kind.TURN,
            seats=(state.winner,),
            fields=(
                Field(
                    name="province",
                    kind="one",
                    label=Msg(key="field.province"),
                    options=tuple(
                        Choice(
                            value=state.provinces[p],
                            label=Msg(key="province", args=_pargs(state, p)),
                        )
                        for p in _pawn_options(state)
                    ),
                ),
            ),
            text=Msg(key="prompt.move_pawn", args={"seat": state.winner}),
        )

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: ProkonsulState, action: Action) -> tuple[ProkonsulState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handlers = {
            "select": self._apply_select,
            "offer": self._apply_offer,
            "answer": self._apply_answer,
            "respond": self._apply_respond,
            "move_pawn": self._apply_move_pawn,
            "propose": self._apply_propose,
            "vote": self._apply_vote,
            "no_decision": self._apply_no_decision,
        }
        handler = handler_for(handlers, action.move)
        events: list[Event] = []
        state = handler(state, action.seat, action.args, events)
        return state, events

    def _apply_select(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "select", "wrong_phase")
        card = args.get("card")
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
            return state
        return self._reveal(state, events)

    def _apply_offer(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "petition", "wrong_phase")
        require(seat == state.petitioner and state.offer is None, "not_your_turn")
        target = args.get("target")
        require(_is_int(target) and target in _targets(state), "bad_target")
        chips = _amount(args.get("chips"), state.chips[seat])
        text = _text(args.get("text"))
        return self._make_offer(state, seat, target, chips, text, 0, events)  # type: ignore[arg-type]

    def _make_offer(
        self,
        state: ProkonsulState,
        seat: int,
        target: int,
        chips: int,
        text: str,
        counters: int,
        events: list[Event],
    ) -> ProkonsulState:
        events.append(
            Event(type="offer", data={"seat": seat, "seat_target": target, "chips": chips})
        )
        if text:
            events.append(Event(type="promise", data={"seat": seat, "text": text}))
        offer = Offer(target=target, chips=chips, text=text, counters=counters)
        return state.model_copy(update={"offer": offer, "exchanges": state.exchanges + 1})

    def _apply_answer(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "petition", "wrong_phase")
        offer = state.offer
        require(
            offer is not None and offer.counter is None and seat == offer.target, "not_your_turn"
        )
        assert offer is not None and state.petitioner is not None
        answers = (
            ("accept", "decline", "counter")
            if state.negotiation == "two_way"
            else (
                "accept",
                "decline",
            )
        )
        answer = args.get("answer")
        require(answer in answers, "bad_answer")
        if answer == "accept":
            return self._deal(state, offer.chips, events)
        if answer == "decline":
            events.append(
                Event(type="declined", data={"seat": seat, "seat_petitioner": state.petitioner})
            )
            return self._bar_target(state, events)
        chips = args.get("chips")
        require(_is_int(chips) and 0 <= chips <= _limit("counter_max"), "bad_amount")  # type: ignore[operator]
        text = _text(args.get("text"))
        events.append(
            Event(
                type="counter",
                data={"seat": seat, "seat_petitioner": state.petitioner, "chips": chips},
            )
        )
        if text:
            events.append(Event(type="promise", data={"seat": seat, "text": text}))
        offer = offer.model_copy(
            update={"counter": chips, "counter_text": text, "counters": offer.counters + 1}
        )
        return state.model_copy(update={"offer": offer, "exchanges": state.exchanges + 1})

    def _apply_respond(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "petition", "wrong_phase")
        offer = state.offer
        require(
            seat == state.petitioner and offer is not None and offer.counter is not None,
            "not_your_turn",
        )
        assert offer is not None and offer.counter is not None
        decision = args.get("decision")
        require(decision in ("accept_counter", "offer", "break_off"), "bad_decision")
        if decision == "accept_counter":
            require(offer.counter <= state.chips[seat], "cannot_afford")
            return self._deal(state, offer.counter, events)
        if decision == "break_off":
            events.append(Event(type="broke_off", data={"seat": seat, "seat_target": offer.target}))
            return self._bar_target(state, events)
        chips = _amount(args.get("chips"), state.chips[seat])
        text = _text(args.get("text"))
        return self._make_offer(state, seat, offer.target, chips, text, offer.counters, events)

    def _apply_move_pawn(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "pawn", "wrong_phase")
        require(seat == state.winner, "not_your_turn")
        raw = args.get("province")
        require(isinstance(raw, str) and raw in state.provinces, "bad_province")
        province = state.provinces.index(raw)  # type: ignore[arg-type]
        if state.short_game:
            require(province not in state.visited, "province_visited")
        else:
            require(state.governor[province] is None, "province_governed")
            require(province != state.pawn, "same_province")
        state = _move_pawn(state, province, seat, events)
        return self._next_round(state, events)

    def _apply_propose(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "free", "wrong_phase")
        require(all(p.proposer != seat for p in state.proposals), "already_proposed")
        winner = args.get("winner")
        require(_is_int(winner) and 0 <= winner < state.seats, "bad_winner")  # type: ignore[operator]
        require(winner in _eligible_winners(state), "not_top_two")
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
        cap = _limit("transfer_max")
        transfers: list[tuple[int, int, int]] = []
        for other in range(state.seats):
            amount = args.get(f"pay_{other}", 0)
            require(_is_int(amount) and -cap <= amount <= cap, "bad_amount")  # type: ignore[operator]
            if other == winner or amount == 0:
                continue
            if amount > 0:
                transfers.append((winner, other, amount))  # type: ignore[arg-type]
            else:
                transfers.append((other, winner, -amount))  # type: ignore[arg-type,operator]
        text = _text(args.get("text"))
        number = state.proposals_made + 1
        proposal = Proposal(
            id=number,
            proposer=seat,
            winner=winner,  # type: ignore[arg-type]
            members=members,
            transfers=tuple(transfers),
            text=text,
        )
        require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
        if seat in proposal.involved:
            proposal = proposal.model_copy(update={"accepted": (seat,)})
        events.append(
            Event(
                type="proposed",
                data={
                    "id": number,
                    "seat": seat,
                    "seat_winner": winner,
                    "seats": list(members),
                    "cards": sum(state.revealed[m] for m in members),
                },
            )
        )
        for payer, payee, amount in transfers:
            events.append(
                Event(
                    type="proposed_payment",
                    data={"id": number, "seat_payer": payer, "seat_payee": payee, "chips": amount},
                )
            )
        if text:
            events.append(Event(type="promise", data={"seat": seat, "text": text}))
        state = state.model_copy(
            update={"proposals": (*state.proposals, proposal), "proposals_made": number}
        )
        return self._check_coalition(state, proposal, events)

    def _apply_vote(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "free", "wrong_phase")
        number = args.get("proposal")
        proposal = next((p for p in state.proposals if _is_int(number) and p.id == number), None)
        require(proposal is not None, "no_such_proposal")
        assert proposal is not None
        require(seat in proposal.involved, "not_involved")
        answer = args.get("answer")
        require(answer in ("accept", "decline"), "bad_answer")
        if answer == "decline":
            kind = "withdrawn" if seat == proposal.proposer else "proposal_declined"
            events.append(Event(type=kind, data={"seat": seat, "id": proposal.id}))
            remaining = tuple(p for p in state.proposals if p.id != proposal.id)
            return state.model_copy(update={"proposals": remaining})
        require(seat not in proposal.accepted, "already_answered")
        require(proposal.outgoing(seat) <= state.chips[seat], "cannot_afford")
        proposal = proposal.model_copy(update={"accepted": (*proposal.accepted, seat)})
        events.append(Event(type="proposal_accepted", data={"seat": seat, "id": proposal.id}))
        proposals = tuple(proposal if p.id == proposal.id else p for p in state.proposals)
        state = state.model_copy(update={"proposals": proposals})
        return self._check_coalition(state, proposal, events)

    def _apply_no_decision(
        self, state: ProkonsulState, seat: int, args: dict, events: list[Event]
    ) -> ProkonsulState:
        require(state.phase == "free", "wrong_phase")
        require(state.allow_no_decision, "not_allowed")
        vote = args.get("vote")
        require(vote in ("end", "continue"), "bad_answer")
        pressed = seat in state.no_decision
        require(pressed == (vote == "continue"), "no_change")
        if vote == "continue":
            events.append(Event(type="no_decision_retracted", data={"seat": seat}))
            votes = tuple(s for s in state.no_decision if s != seat)
            return state.model_copy(update={"no_decision": votes})
        events.append(Event(type="no_decision_pressed", data={"seat": seat}))
        votes = tuple(sorted((*state.no_decision, seat)))
        state = state.model_copy(update={"no_decision": votes})
        if len(votes) < state.seats:
            return state
        return self._no_decision(state, events)

    # Automatic steps -------------------------------------------------------------------

    def _reveal(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        revealed = tuple(card for card in state.chosen if card is not None)
        hands = tuple(
            tuple(c for c in hand if c != card)
            for hand, card in zip(state.hands, revealed, strict=True)
        )
        total = sum(revealed)
        threshold = total // 2 + 1
        state = state.model_copy(
            update={
                "revealed": revealed,
                "revealed_round": state.round,
                "hands": hands,
                "chosen": (None,) * state.seats,
                "held": tuple((s,) for s in range(state.seats)),
                "total": total,
                "threshold": threshold,
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
        events.append(
            Event(
                type="revealed",
                data={
                    "round": state.round,
                    "cards": list(revealed),
                    "total": total,
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
            return self._round_won(state, strong[0], "immediate", events)
        if state.negotiation == "free":
            if state.top_two_only:
                data = {"threshold": threshold, "seats": _eligible_winners(state)}
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
        return self._next_petitioner(state, events)

    def _next_petitioner(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        while True:
            petitioner = next(
                (s for s in state.queue if s not in state.petitioned and state.held[s]), None
            )
            if petitioner is None:
                first = state.first_petitioner
                assert first is not None
                events.append(Event(type="fallback", data={"seat": first}))
                return self._round_won(state, first, "fallback", events)
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
            held = _holding(state, petitioner)
            events.append(
                Event(
                    type="petitioner",
                    data={"seat": petitioner, "held": held, "need": state.threshold - held},
                )
            )
            if _targets(state):
                return state
            events.append(Event(type="petition_failed", data={"seat": petitioner}))

    def _bar_target(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        assert state.offer is not None
        state = state.model_copy(
            update={
                "barred": (*state.barred, state.offer.target),
                "offer": None,
                "exchanges": state.exchanges + 1,
            }
        )
        return self._continue_petition(state, events)

    def _continue_petition(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        if _targets(state):
            return state
        events.append(Event(type="petition_failed", data={"seat": state.petitioner}))
        return self._next_petitioner(state, events)

    def _deal(self, state: ProkonsulState, amount: int, events: list[Event]) -> ProkonsulState:
        petitioner, offer = state.petitioner, state.offer
        assert petitioner is not None and offer is not None
        target = offer.target
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
        total = _holding(state, petitioner)
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
            return self._round_won(state, petitioner, "petition", events)
        return self._continue_petition(state, events)

    def _check_coalition(
        self, state: ProkonsulState, proposal: Proposal, events: list[Event]
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
        return self._round_won(state, proposal.winner, "coalition", events)

    def _round_won(
        self, state: ProkonsulState, winner: int, how: str, events: list[Event]
    ) -> ProkonsulState:
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
        events.append(Event(type="round_won", data={"seat": winner, **_pargs(state, x)}))
        if state.short_game:
            if state.supply[winner] > 0:
                state = state.model_copy(
                    update={"supply": _replace(state.supply, winner, state.supply[winner] - 1)}
                )
                state = _install_governor(state, winner, x, events)
            else:
                events.append(
                    Event(type="no_counter_left", data={"seat": winner, **_pargs(state, x)})
                )
        elif winner in state.candidates[x]:
            supply = list(state.supply)
            returned = [s for s in state.candidates[x] if s != winner]
            for seat in returned:
                supply[seat] += 1
            candidates = _replace(state.candidates, x, ())
            state = state.model_copy(update={"supply": tuple(supply), "candidates": candidates})
            state = _install_governor(state, winner, x, events)
            if returned:
                events.append(
                    Event(type="counters_returned", data={"seats": returned, **_pargs(state, x)})
                )
        elif state.supply[winner] > 0:
            candidates = _replace(
                state.candidates, x, tuple(sorted((*state.candidates[x], winner)))
            )
            supply = _replace(state.supply, winner, state.supply[winner] - 1)
            state = state.model_copy(update={"candidates": candidates, "supply": supply})
            events.append(Event(type="candidate", data={"seat": winner, **_pargs(state, x)}))
        else:
            events.append(Event(type="no_counter", data={"seat": winner, **_pargs(state, x)}))
        if self._game_over(state):
            return self._finish(state, events)
        options = _pawn_options(state)
        if not options:
            events.append(Event(type="pawn_stays", data=_pargs(state, x)))
            return self._next_round(state, events)
        if len(options) == 1:
            state = _move_pawn(state, options[0], winner, events)
            return self._next_round(state, events)
        return state.model_copy(update={"phase": "pawn"})

    def _no_decision(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        events.append(
            Event(type="no_decision", data={"round": state.round, **_pargs(state, state.pawn)})
        )
        state = state.model_copy(
            update={"winner": None, "result": "none", "proposals": (), "no_decision": ()}
        )
        if self._game_over(state):
            return self._finish(state, events)
        if state.short_game:
            options = _pawn_options(state)
            rng = Rng(state.rng)
            province = options[rng.below(len(options))]
            state = state.model_copy(update={"rng": rng.state})
            state = _move_pawn(state, province, None, events)
        else:
            events.append(Event(type="pawn_stays", data=_pargs(state, state.pawn)))
        return self._next_round(state, events)

    def _game_over(self, state: ProkonsulState) -> bool:
        if state.short_game:
            return len(state.visited) == len(state.provinces)
        return all(g is not None for g in state.governor)

    def _next_round(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        hands = state.hands
        if all(not hand for hand in hands):
            hands = (state.full_hand,) * state.seats
            events.append(Event(type="hands_refilled", data={"count": len(state.full_hand)}))
        round_no = state.round + 1
        events.append(
            Event(type="round_started", data={"round": round_no, **_pargs(state, state.pawn)})
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

    def _finish(self, state: ProkonsulState, events: list[Event]) -> ProkonsulState:
        state = state.model_copy(update={"phase": "over", "petitioner": None, "offer": None})
        result = self.outcome(state)
        assert result is not None
        for seat in sorted(range(state.seats), key=lambda s: result.ranks[s]):
            events.append(
                Event(type="final_chips", data={"seat": seat, "chips": state.chips[seat]})
            )
        events.append(Event(type="game_over", data={"seat": result.winners[0]}))
        return state

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: ProkonsulState, seat: int | None) -> ProkonsulView:
        own = seat is not None and 0 <= seat < state.seats
        data = {p["id"]: p for p in board()["provinces"]}
        return ProkonsulView.model_construct(
            seat=seat,
            seats=state.seats,
            negotiation=state.negotiation,
            allow_no_decision=state.allow_no_decision,
            top_two_only=state.top_two_only,
            short_game=state.short_game,
            round=state.round,
            phase=state.phase,
            provinces=state.provinces,
            names=tuple(data.get(p, {}).get("name", p) for p in state.provinces),
            positions=tuple(tuple(data.get(p, {}).get("pos", (0, 0))) for p in state.provinces),
            values=state.values,
            links=state.links,
            link_bonus=state.link_bonus,
            pawn=state.pawn,
            visited=state.visited,
            tiebreak=state.tiebreak,
            supply=state.supply,
            candidates=state.candidates,
            governor=state.governor,
            hand_size=len(state.hands[0]),
            chosen=tuple(card is not None for card in state.chosen),
            revealed=state.revealed,
            revealed_round=state.revealed_round,
            held=state.held,
            total=state.total,
            threshold=state.threshold,
            queue=state.queue,
            petitioned=state.petitioned,
            first_petitioner=state.first_petitioner,
            petitioner=state.petitioner,
            barred=state.barred,
            offer=state.offer,
            winner=state.winner,
            result=state.result,
            proposals=state.proposals,
            proposals_made=state.proposals_made,
            no_decision=state.no_decision,
            payments=state.payments,
            decided=state.decided,
            final_chips=state.chips if state.phase == "over" else None,
            own_hand=state.hands[seat] if own else None,  # type: ignore[index]
            own_choice=state.chosen[seat] if own else None,  # type: ignore[index]
            own_chips=state.chips[seat] if own else None,  # type: ignore[index]
        )

    def outcome(self, state: ProkonsulState) -> Outcome | None:
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

    def private_lines(self, state: ProkonsulState, seat: int) -> list[Msg]:
        lines = [Msg(key="private.chips", args={"chips": state.chips[seat]})]
        hand = state.hands[seat]
        lines.append(
            Msg(key="private.hand", args={"cards": ", ".join(map(str, hand))})
            if hand
            else Msg(key="private.no_cards")
        )
        if state.phase == "select":
            card = state.chosen[seat]
            lines.append(
                Msg(key="private.choice", args={"card": card})
                if card is not None
                else Msg(key="private.no_choice")
            )
        return lines

    def table_talk(self, state: ProkonsulState) -> TableTalk | None:
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

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, ProkonsulView)
        from engine.games.prokonsul.ai import decide

        return decide(view, prompt, seat, rng_state)

    strings = STRINGS


# Helpers ---------------------------------------------------------------------------------


def _replace(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


def _pargs(state: ProkonsulState, province: int) -> dict[str, Any]:
    data = {p["id"]: p for p in board()["provinces"]}.get(state.provinces[province], {})
    pid = state.provinces[province]
    return {
        "province": pid,
        "name": data.get("name", pid),
        "name_ja": data.get("name_ja", data.get("name", pid)),
        "value": state.values[province],
    }


def _amount(raw: object, chips: int) -> int:
    require(_is_int(raw) and raw >= 0, "bad_amount")  # type: ignore[operator]
    require(raw <= chips, "not_enough_chips")  # type: ignore[operator]
    return raw  # type: ignore[return-value]


def _holding(state: ProkonsulState, seat: int) -> int:
    return sum(state.revealed[owner] for owner in state.held[seat])


def _targets(state: ProkonsulState) -> list[int]:
    petitioner = state.petitioner
    return [
        t for t in range(state.seats) if t != petitioner and state.held[t] and t not in state.barred
    ]


def top_two_value(revealed: Sequence[int]) -> int:
    """v2 of spec §7.2: the second element of the revealed values sorted descending."""
    ordered = sorted(revealed, reverse=True)
    return ordered[1] if len(ordered) > 1 else ordered[0]


def _eligible_winners(state: ProkonsulState) -> list[int]:
    if not state.top_two_only:
        return list(range(state.seats))
    v2 = top_two_value(state.revealed)
    return [s for s in range(state.seats) if state.revealed[s] >= v2]


def _pawn_options(state: ProkonsulState) -> list[int]:
    provinces = range(len(state.provinces))
    if state.short_game:
        return [p for p in provinces if p not in state.visited]
    return [p for p in provinces if state.governor[p] is None and p != state.pawn]


def _move_pawn(
    state: ProkonsulState, province: int, seat: int | None, events: list[Event]
) -> ProkonsulState:
    visited = state.visited if province in state.visited else (*state.visited, province)
    events.append(
        Event(type="pawn_moved", data={"seat": seat, **_pargs(state, province)})
        if seat is not None
        else Event(type="pawn_drawn", data=_pargs(state, province))
    )
    return state.model_copy(update={"pawn": province, "visited": visited})


def _install_governor(
    state: ProkonsulState, winner: int, x: int, events: list[Event]
) -> ProkonsulState:
    governor = _replace(state.governor, x, winner)
    value = state.values[x]
    chips = list(state.chips)
    chips[winner] += value
    events.append(Event(type="governor", data={"seat": winner, "chips": value, **_pargs(state, x)}))
    for a, b in state.links:
        if x not in (a, b):
            continue
        other = b if a == x else a
        if governor[other] == winner:
            chips[winner] += state.link_bonus
            other_args = _pargs(state, other)
            events.append(
                Event(
                    type="link_bonus",
                    data={
                        "seat": winner,
                        "chips": state.link_bonus,
                        **_pargs(state, x),
                        "name2": other_args["name"],
                        "name2_ja": other_args["name_ja"],
                    },
                )
            )
    return state.model_copy(update={"governor": governor, "chips": tuple(chips)})
