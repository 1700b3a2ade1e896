"""Senator (Knizia): two (or three) families push their members from the stairs at the edge of a
5x5 board (minus corners) towards the senate in the middle; only cards in the senate score.

Implements ../shared/rules/senator.md: the base game and every variant (`flag_effect`,
`flag_scope`, `hidden`, three players). The board (21 squares, senate, 20 entry points with
their lines) is data in this package's senator.json. Seat 0 is Red, seat 1 Blue, seat 2 Green
(spec §2); clockwise order is seat order.

Decisions where the spec is silent:
- The start player is drawn with the game's seeded RNG at setup and recorded in `state.start`.
- Inputs with an unknown move name are rejected with `unknown_move` right after `not_a_player`
  (as in every game); a missing or non-integer `card` is `card_not_in_hand`, a missing or
  unknown `entry` is `bad_entry`, a missing or unknown `square` is `bad_square`.
- Setup rejects 1 or 4+ seats with `bad_seat_count` and a `flag_effect` other than `none` with
  three seats with `flag_needs_two_players`. `flag_scope` alone is accepted with three seats
  because the spec says it is ignored when `flag_effect` is `none`.
- The public (and every seat's) view carries the push log (seat and entry of every push, plus the
  card in the open game) and the flag's starting square, since the spec makes both public. In
  the hidden game the board in every view only says occupied/empty until the end; a seat's own
  view adds only its own hand (a hidden card's owner is not reminded where it went: memory is
  part of that game). The pusher alone gets a private event naming the card they just pushed.
- In the open game the view shows the current senate totals (with the flag option applied as if
  the game ended now); in the hidden game no totals are shown until the end.
- Equal scores (or, with three players, equal highest) are reported as a draw, the rules' word;
  with three players the tied leaders share first place.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.senator import prompts, rules
from engine.games.senator.ai import decide
from engine.games.senator.learn import CARD_IDS
from engine.games.senator.sampler import sample
from engine.games.senator.state import SenatorOptions, SenatorState, SenatorView, private_lines
from engine.games.senator.state import view as seat_view
from engine.games.senator.strings import STRINGS


class Senator(Game[SenatorState, SenatorOptions, SenatorView]):
    id = "senator"
    min_seats = 2
    max_seats = 3
    Options = SenatorOptions
    State = SenatorState
    View = SenatorView
    moves = {"push": rules.push, "place_flag": rules.place_flag}
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=240, policy="random")
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    score_field = "scores"
    max_inputs = 40

    def start(self, options: SenatorOptions, seats: int, seed: int) -> SenatorState:
        return rules.start(options, seats, seed)

    def pending(self, state: SenatorState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: SenatorState, seat: int | None) -> SenatorView:
        return seat_view(state, seat)

    def outcome(self, state: SenatorState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: SenatorState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: SenatorState, seat: int) -> list[Msg]:
        return private_lines(state, seat)

    def held_cards(self, state: SenatorState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat])
