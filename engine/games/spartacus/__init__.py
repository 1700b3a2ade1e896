"""Spartacus (Knizia): a trick game where low cards are strong. In turn, players play ever lower
number cards (or a flag) or pass; whoever played the lowest number card when the turn comes back
to them takes the trick face down. The game ends the moment a hand is empty; won tricks score
(sum of numbers) x 2^flags, and cards left in hand cost the same way.

Implements ../shared/rules/spartacus.md: base game and the variants `series_games`,
`flags_as_jokers` (with `joker_penalty`, `joker_voids_trick`) and `no_flags`. No board data.

Cards are ints in the state and views: 1..10 are number cards, 0 is the flag (the joker with
`flags_as_jokers`). Inputs name the flag "flag" (or "joker").

Decisions where the spec is silent or leaves the choice to the bot:
- Game 1's start player is the first seat (seat 0); the front end decides the seat order. Game k
  of a series starts with seat (k-1) mod n (spec §7).
- There is one prompt per turn, move `play`, whose `card` field lists exactly the legal cards and,
  when passing is legal, the value "pass" (so a front end shows one private set of buttons).
  `play` with card "pass" is a pass; the move `pass` (spec §4) is accepted as well. Both run the
  spec's pass checks (`game_over`, `not_your_turn`, `must_play`).
- A card that is not a card at all (11, "x", true...) is rejected with `card_not_in_hand`.
- Configuration errors (raised by `setup`): `bad_seat_count` (not 3-5 players),
  `bad_series_games` (series_games outside 1..20: the cap keeps a game finite for the bot),
  `jokers_without_flags` (no_flags with flags_as_jokers), `joker_rule_without_jokers`
  (joker_penalty or joker_voids_trick without flags_as_jokers).
- In a series the next game starts at once; each game's result is reported by events
  (`game_ended`, one `final_seat` line per player showing every trick and the hand), and the view
  keeps every finished game's scores. The final outcome ranks the running sums.
- Every view lists each seat's cards played in this game (`played`): each was shown face up
  when played, so this is what a player who counts cards knows, and the hard AI knows the other
  hands as that player would instead of guessing them. Won piles stay face down.
- Won piles stay hidden (count only) until the game is over; then the view shows them with the
  hands and scores. In a series the piles of a finished game are only in its `final_seat` events.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.spartacus import prompts, rules
from engine.games.spartacus.ai import decide
from engine.games.spartacus.learn import CARD_IDS
from engine.games.spartacus.sampler import sample
from engine.games.spartacus.state import SpartacusOptions, SpartacusState, SpartacusView
from engine.games.spartacus.state import view as state_view
from engine.games.spartacus.strings import STRINGS


class Spartacus(Game[SpartacusState, SpartacusOptions, SpartacusView]):
    id = "spartacus"
    min_seats = 3
    max_seats = 5
    Options = SpartacusOptions
    State = SpartacusState
    View = SpartacusView
    moves = {"play": rules.play, "pass": rules.pass_turn}
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=240)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    score_field = "totals"

    def start(self, options: SpartacusOptions, seats: int, seed: int) -> SpartacusState:
        return rules.start(options, seats, seed)

    def pending(self, state: SpartacusState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: SpartacusState, seat: int | None) -> SpartacusView:
        return state_view(state, seat)

    def outcome(self, state: SpartacusState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: SpartacusState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: SpartacusState, seat: int) -> list[Msg]:
        return prompts.private_lines(state, seat)

    def held_cards(self, state: SpartacusState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat], flag=0)
