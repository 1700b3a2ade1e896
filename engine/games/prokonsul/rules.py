"""Prokonsul's rules: the deal, the secret card and its reveal (then the round is won at once or
negotiated: petition.py, coalition.py), the black pawn (rounds.py ends a round) and the outcome."""

from __future__ import annotations

from engine.core import Action, Event, Msg, Outcome, evolved, require, str_arg
from engine.games.prokonsul.inputs import is_int
from engine.games.prokonsul.petition import next_petitioner
from engine.games.prokonsul.rounds import next_round, pawn_to, round_won
from engine.games.prokonsul.state import (
    ProkonsulOptions,
    ProkonsulState,
    Step,
    board,
    eligible_winners,
    final_order,
    spend,
)
from engine.rng import Rng


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


def select(state: ProkonsulState, action: Action) -> Step:
    seat = action.seat
    events: list[Event] = []
    require(state.phase == "select", "wrong_phase")
    card = action.args.get("card")
    require(is_int(card) and card in state.hands[seat], "bad_card")
    first = state.chosen[seat] is None
    if not first:
        state = spend(state, seat)
    chosen = (*state.chosen[:seat], card, *state.chosen[seat + 1 :])
    state = evolved(state, **{"chosen": chosen})
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
    province = state.provinces.index(str_arg(raw, "bad_province", state.provinces))
    if state.short_game:
        require(province not in state.visited, "province_visited")
    else:
        require(state.governor[province] is None, "province_governed")
        require(province != state.pawn, "same_province")
    state = pawn_to(state, province, seat, events)
    return next_round(state, events), events


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
        return round_won(state, strong[0], "immediate", events)
    if state.negotiation == "free":
        if state.top_two_only:
            data = {"threshold": threshold, "seats": eligible_winners(state)}
            events.append(Event(type="free_open_top_two", data=data))
        else:
            events.append(Event(type="free_open", data={"threshold": threshold}))
        return evolved(state, **{"phase": "free"})
    tiebreak = state.tiebreak
    queue = tuple(sorted(range(state.seats), key=lambda s: (-revealed[s], tiebreak.index(s))))
    events.append(Event(type="petition_order", data={"seats": list(queue)}))
    state = evolved(state, **{"phase": "petition", "queue": queue, "first_petitioner": queue[0]})
    return next_petitioner(state, events)


def _revealed(state: ProkonsulState) -> ProkonsulState:
    """The chosen cards face up and out of the hands; last round's negotiation cleared."""
    revealed = tuple(card for card in state.chosen if card is not None)
    hands = tuple(
        tuple(c for c in hand if c != card)
        for hand, card in zip(state.hands, revealed, strict=True)
    )
    total = sum(revealed)
    return evolved(
        state,
        **{
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
        },
    )


def outcome(state: ProkonsulState) -> Outcome | None:
    """Chips, then the tie-break track (leftmost first), so ranks are always distinct."""
    if state.phase != "over":
        return None
    order = final_order(state)
    ranks = [0] * state.seats
    for place, seat in enumerate(order):
        ranks[seat] = place + 1
    return Outcome(
        scores=state.chips,
        ranks=tuple(ranks),
        winners=(order[0],),
        reason=Msg(key="outcome.reason"),
    )
