"""Prokonsul (Knizia): every round the players secretly play an influence card for the province
under the black pawn; whoever gathers a strict majority of the revealed total (by buying other
players' cards with chips) wins the round. Two wins in one province make a governor, who is paid
the province's value. Most chips when all seven provinces are governed wins.

Implements ../shared/rules/prokonsul.md with every variant: `negotiation` = strict / two_way /
free, `free_allow_no_decision`, `free_top_two_only`, `short_game`, plus `quiet_petitions`
(off / remind / enforce), which only drives `table_talk`. Board data is designed data
(prokonsul.json). Decisions where the spec is silent or leaves the model open:

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
- Each seat has a round allowance of ROUND_ALLOWANCE (12) inputs (state.py) for proposals and
  take-backs: a card change, a free proposal, withdrawing one's proposal or declining after
  accepting, retracting "no decision". Spent, the seat is no longer offered them (it may still
  answer others' proposals, accept, press "no decision" once). A withdrawn proposal (same
  winner, members and payments; the text aside) cannot be made again in the same round. Every
  input is logged, and without these one seat alone could loop (propose / withdraw, change a
  card back and forth) until the game's input limit ended it for everybody. The spec's
  two_way "any number of exchanges" stays: each exchange needs the other party's answer.
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

from engine.core import (
    Game,
    Msg,
    Outcome,
    Prompt,
    SearchSpec,
    Shortcut,
    ShortcutParam,
    TableTalk,
    number_card_ids,
)
from engine.games.prokonsul import ai, coalition, estimate, petition, prompts, rules, sampler
from engine.games.prokonsul.learn import CARD_IDS
from engine.games.prokonsul.state import (
    Offer,
    ProkonsulOptions,
    ProkonsulState,
    ProkonsulView,
    Proposal,
    board_lines,
)
from engine.games.prokonsul.state import private_lines as hand_lines
from engine.games.prokonsul.state import view as seat_view
from engine.games.prokonsul.strings import STRINGS

__all__ = ["Offer", "Prokonsul", "ProkonsulOptions", "ProkonsulState", "ProkonsulView", "Proposal"]


class Prokonsul(Game[ProkonsulState, ProkonsulOptions, ProkonsulView]):
    id = "prokonsul"
    min_seats = 3
    max_seats = 5
    Options = ProkonsulOptions
    State = ProkonsulState
    View = ProkonsulView
    moves = {
        "select": rules.select,
        "offer": petition.offer,
        "answer": petition.answer,
        "respond": petition.respond,
        "move_pawn": rules.move_pawn,
        "propose": coalition.propose,
        "vote": coalition.vote,
        "no_decision": coalition.no_decision,
    }
    AI = staticmethod(ai.decide)
    search = SearchSpec(sampler.sample, rollouts=120, horizon=30, evaluate=estimate.evaluate)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
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
        return rules.start(options, seats, seed)

    def pending(self, state: ProkonsulState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: ProkonsulState, seat: int | None) -> ProkonsulView:
        return seat_view(state, seat)

    def outcome(self, state: ProkonsulState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: ProkonsulState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: ProkonsulState, seat: int) -> list[Msg]:
        return hand_lines(state, seat)

    def table_talk(self, state: ProkonsulState) -> TableTalk | None:
        return prompts.table_talk(state)

    def board_lines(self, view: ProkonsulView) -> list[Msg]:
        return board_lines(view)

    def held_cards(self, state: ProkonsulState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat])
