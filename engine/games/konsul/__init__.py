"""Konsul (Knizia): an open auction for the right to turn cards of a face-down 5×7 grid; the winner
turns them one at a time and must build a valid set worth at least his bid. Success takes the
turned cards, a misfit costs a hand card back into the grid. Most cards when the grid is empty wins.

Implements ../shared/rules/konsul.md with its variant `count_bidding`. Cards, grid and hands are
designed data (konsul.json, see cards.py). Decisions where the spec is silent:

- It is a memory game, but a turned card is public while it lies face up: the `flipped` event
  names it ("AI 2 turns D3: Red 5"), as every player at the table saw it.
  A success names how many cards were taken, not which: hand contents are private, and the
  image shows the taken cards once (see `flash`) but the history never names them.
- Cards that were shown and left the table's sight in the same input (the failed set when the
  bidder is eliminated, the card given up, the set turned back after a give-up, the cards a
  success takes, a last card turned by itself) are in the public view's `flash` for that one image,
  so everybody sees what was shown; the next input clears it.
- Every reveal is public, so every seat remembers the same cards: a seat's view (never the public
  one) carries `remembered` (face-down slots whose card was shown since it was put there) and
  `unrevealed` (the multiset of cards never shown yet, kept as reveals happen: the initial deck
  minus each card at its first showing). That is exactly what a player with a perfect memory knows;
  the AI decides from it alone. Neither changes when cards are permuted among unseen slots.
- Bids are offered as choices: pass, then the next `BID_WINDOW` amounts above the high bid, capped
  at the best set the cards still in the grid could make (no useful bid lies beyond it), but
  always at least two amounts, so no bid is forced on anybody. The rules themselves accept any
  whole number above the high bid (the spec has no maximum).
- When the set is below the bid and exactly one face-down card is left, that card is turned
  without an input (the bidder has no choice); it is narrated like any other turn.
- The give-up prompt is addressed to the failed bidder alone with private options (it lists his
  hand). When no slot is empty, its slot field offers the one new slot `X{n}` beside the grid.
- Score = cards in hand; eliminated players score 0 and are never winners. A last player standing
  wins at once with his hand (spec §6).
- Prompt keys count the inputs of the round, so every request has its own key.
"""

from __future__ import annotations

from engine.core import CardText, Game, Msg, Outcome, Prompt, SearchSpec, required
from engine.games.konsul import ai, cards, estimate, prompts, rules, sampler
from engine.games.konsul.state import KonsulOptions, KonsulState, KonsulView
from engine.games.konsul.state import private_lines as hand_lines
from engine.games.konsul.state import view as seat_view
from engine.games.konsul.strings import STRINGS

__all__ = ["Konsul", "KonsulOptions", "KonsulState", "KonsulView"]


class Konsul(Game[KonsulState, KonsulOptions, KonsulView]):
    id = "konsul"
    min_seats = 2
    max_seats = 4
    Options = KonsulOptions
    State = KonsulState
    View = KonsulView
    moves = {"bid": rules.bid, "flip": rules.flip, "give_up": rules.give_up}
    AI = staticmethod(ai.decide)
    search = SearchSpec(sampler.sample, rollouts=80, horizon=40, evaluate=estimate.evaluate)
    strings = STRINGS
    card_ids = cards.card_ids()
    hints = True
    max_inputs = 4_000

    def start(self, options: KonsulOptions, seats: int, seed: int) -> KonsulState:
        return rules.start(options, seats, seed)

    def pending(self, state: KonsulState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: KonsulState, seat: int | None) -> KonsulView:
        return seat_view(state, seat)

    def outcome(self, state: KonsulState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: KonsulState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: KonsulState, seat: int) -> list[Msg]:
        return hand_lines(state, seat)

    def held_cards(self, state: KonsulState, seat: int) -> tuple[str, ...]:
        return tuple(cards.card_id(c) for c in sorted(state.hands[seat]))

    def card(self, card_id: str) -> CardText:
        return cards.card_texts(required(cards.card_of_id(card_id), "unknown_card", card=card_id))
