"""Die Sieben Hügel Roms (Knizia): two tribes take turns placing number cards face down beside
seven hills; a hill is turned face up as soon as both tribes are on it, and at the end each hill
goes to the tribe with the larger total there.

Implements ../shared/rules/seven-hills.md, the base game and every variant (`series`,
`no_repeat_values`, `barricades`, `highest_card`, `open_hands`). Board data (hill values, cards,
flag value) lives in this package's seven_hills.json. Seat 0 is the Latins (Red), seat 1 the
Sabines (Blue).

Decisions where the spec is silent:
- The start player of the (first) game is drawn from the seeded RNG at setup; with `series` the
  other seat starts game 2, which begins automatically as soon as game 1 has been settled.
- A draw (equal scores, or equal series totals) follows the engine's convention for ties: both
  seats share rank 1 and are listed in `Outcome.winners`, with the reason `reason.draw` ("a
  draw") and a `game_drawn` event instead of `game_over`, so nobody is announced as the winner.
- `card` is an int 1..9; the flag is the string "flag" (the int 0 is accepted as a synonym).
  Anything else, including bools and a flag without `barricades`, is `card_not_in_hand`; a hill
  that is not an int 1..7 is `bad_hill`. `not_a_player` and `unknown_move` are checked before the
  spec's ladder.
- Combining `barricades` with `no_repeat_values` is rejected at setup with
  `incompatible_options` (spec §7 says to reject the configuration).
- Removed cards are public with their values: every removal happens after the card was turned
  face up (reveal) or was played face up.
- With `barricades`, an active guard left at the end of the game simply stays (a flag, value 0).
- The TURN prompt offers the player's hand as card options and every hill except the blocked one;
  the options are private unless `open_hands` makes the hands public.
- Event texts show a flag as 🚩; the events carry card values as display strings.
- A face-down placement is narrated publicly without its value (`placed_hidden`) and privately
  to its owner with the value (`placed_hidden_own`).
- The public view lists each side's cards in play order with a back (value None) for each
  face-down card; a seat's own view also shows the values of its own face-down cards (§9.2).
"""

from __future__ import annotations

from engine.core import Event, Game, Msg, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.seven_hills import prompts, rules
from engine.games.seven_hills.ai import alternatives, decide
from engine.games.seven_hills.estimate import HORIZON, estimate
from engine.games.seven_hills.learn import CARD_IDS
from engine.games.seven_hills.sampler import sample
from engine.games.seven_hills.state import (
    FLAG,
    SevenHillsOptions,
    SevenHillsState,
    SevenHillsView,
    private_lines,
)
from engine.games.seven_hills.state import view as seat_view
from engine.games.seven_hills.strings import STRINGS


class SevenHills(Game[SevenHillsState, SevenHillsOptions, SevenHillsView]):
    id = "seven_hills"
    min_seats = 2
    max_seats = 2
    Options = SevenHillsOptions
    State = SevenHillsState
    View = SevenHillsView
    moves = {"play": rules.play}
    AI = staticmethod(decide)
    # Heuristic rollouts (~20 ms from a game's first play) over the evaluator's best plays.
    search = SearchSpec(
        sample, rollouts=28, horizon=HORIZON, evaluate=estimate, alternatives=alternatives
    )
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    max_inputs = 100

    def start(self, options: SevenHillsOptions, seats: int, seed: int) -> SevenHillsState:
        return rules.start(options, seats, seed)

    def pending(self, state: SevenHillsState) -> list[Prompt]:
        return prompts.pending(state)

    def closing_event(self, result: Outcome) -> Event:
        return rules.closing_event(result)

    def view(self, state: SevenHillsState, seat: int | None) -> SevenHillsView:
        return seat_view(state, seat)

    def outcome(self, state: SevenHillsState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: SevenHillsState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: SevenHillsState, seat: int) -> list[Msg]:
        return private_lines(state, seat)

    def held_cards(self, state: SevenHillsState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat], flag=FLAG)
