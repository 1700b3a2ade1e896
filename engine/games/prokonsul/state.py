"""Prokonsul's data file, options, state and view, the state queries that prompts, rules and the
AI share, and the redaction of a state into what one seat (or a spectator) may know."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import Event, GameState, Msg, Secrets, evolved, require, trusted_view
from engine.data import load

Negotiation = Literal["strict", "two_way", "free"]


def board() -> dict[str, Any]:
    """The designed data: provinces, links, cards, chips and input limits (prokonsul.json)."""
    return load(__package__, "prokonsul")


@cache
def province_data() -> dict[str, dict[str, Any]]:
    """The provinces' records by id: asked for every view and prompt text, so built once."""
    return {p["id"]: p for p in board()["provinces"]}


def limit(name: str) -> int:
    return int(board()["limits"][name])


# Inputs a seat may spend per round on proposals and on taking something back (a card change,
# withdrawing or declining after accepting, retracting "no decision"): see the module docstring.
ROUND_ALLOWANCE = 12


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


Terms = tuple[int, int, tuple[int, ...], tuple[tuple[int, int, int], ...]]


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
    def terms(self) -> Terms:
        """Who proposed what (the text aside): what a withdrawal rules out for the round."""
        return self.proposer, self.winner, self.members, self.transfers

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
    secrets = Secrets(per_seat=("hands",))
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
    # Per seat, this round: inputs spent from the round's allowance (see `allowance_left`);
    # empty means none spent. Never in a view: a card change is the seat's secret.
    spent: tuple[int, ...] = ()
    # This round's withdrawn proposals, as (proposer, winner, members, transfers): not again.
    withdrawn: tuple[Terms, ...] = ()
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


Step = tuple[ProkonsulState, list[Event]]  # what a move returns: the new state and its events


def province_args(state: ProkonsulState, province: int) -> dict[str, Any]:
    """A province's id, names and value, as the arguments of the texts that name it."""
    data = province_data().get(state.provinces[province], {})
    pid = state.provinces[province]
    return {
        "province": pid,
        "name": data.get("name", pid),
        "name_ja": data.get("name_ja", data.get("name", pid)),
        "value": state.values[province],
    }


def allowance_left(state: ProkonsulState, seat: int) -> int:
    """How many proposals or take-backs `seat` may still make this round."""
    return ROUND_ALLOWANCE - (state.spent[seat] if state.spent else 0)


def spend(state: ProkonsulState, seat: int) -> ProkonsulState:
    """`state` with one input of `seat`'s round allowance spent, or IllegalInput when none is
    left (a prompt never offers such an input)."""
    require(allowance_left(state, seat) > 0, "allowance_spent", count=ROUND_ALLOWANCE)
    spent = list(state.spent or (0,) * state.seats)
    spent[seat] += 1
    return evolved(state, **{"spent": tuple(spent)})


def holding(state: ProkonsulState, seat: int) -> int:
    return sum(state.revealed[owner] for owner in state.held[seat])


def targets(state: ProkonsulState) -> list[int]:
    petitioner = state.petitioner
    return [
        t for t in range(state.seats) if t != petitioner and state.held[t] and t not in state.barred
    ]


def top_two_value(revealed: Sequence[int]) -> int:
    """v2 of spec §7.2: the second element of the revealed values sorted descending."""
    ordered = sorted(revealed, reverse=True)
    return ordered[1] if len(ordered) > 1 else ordered[0]


def eligible_winners(state: ProkonsulState) -> list[int]:
    if not state.top_two_only:
        return list(range(state.seats))
    v2 = top_two_value(state.revealed)
    return [s for s in range(state.seats) if state.revealed[s] >= v2]


def pawn_options(state: ProkonsulState) -> list[int]:
    provinces = range(len(state.provinces))
    if state.short_game:
        return [p for p in provinces if p not in state.visited]
    return [p for p in provinces if state.governor[p] is None and p != state.pawn]


def final_order(state: ProkonsulState) -> list[int]:
    """The seats best first: chips, then the tie-break track (leftmost first), so no two tie."""
    return sorted(range(state.seats), key=lambda s: (-state.chips[s], state.tiebreak.index(s)))


def view(state: ProkonsulState, seat: int | None) -> ProkonsulView:
    own = seat is not None and 0 <= seat < state.seats
    data = province_data()
    return trusted_view(
        ProkonsulView,
        state,
        seat=seat,
        names=tuple(data.get(p, {}).get("name", p) for p in state.provinces),
        positions=tuple(tuple(data.get(p, {}).get("pos", (0, 0))) for p in state.provinces),
        hand_size=len(state.hands[0]),
        chosen=tuple(card is not None for card in state.chosen),
        final_chips=state.chips if state.phase == "over" else None,
        own_hand=state.hands[seat] if own else None,  # type: ignore[index]  # own implies seat is not None
        own_choice=state.chosen[seat] if own else None,  # type: ignore[index]  # own implies seat is not None
        own_chips=state.chips[seat] if own else None,  # type: ignore[index]  # own implies seat is not None
    )


def private_lines(state: ProkonsulState, seat: int) -> list[Msg]:
    """The seat's chips, hand and (while cards are chosen) its card, for a DM."""
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


def board_lines(view: ProkonsulView) -> list[Msg]:
    """Whose revealed cards each seat holds this round (the board marks a taken card only by
    its owner's token), then the board's legend."""
    lines = [
        Msg(
            key="board_text.holds",
            args={
                "seat": seat,
                "cards": [
                    Msg(
                        key="board_text.card",
                        args={"value": view.revealed[owner], "seat_owner": owner},
                    )
                    for owner in held
                ],
            },
        )
        for seat, held in enumerate(view.held)
        if held and view.revealed
    ]
    return [*lines, Msg(key="board_text.legend", args={"bonus": view.link_bonus})]
