"""Circus Maximus (Knizia): each player races three chariots once around a hex track and into the
finish cells; five movement cards per round are split over the chariots, leaders move first.

Implements ../shared/rules/circus-maximus.md with every variant (`straight_line`, `six_cards`,
`exactly_two`, `continue_for_placings`); the track is data (circus_maximus.json in this package,
see track.py). Nothing is hidden: every view is the public view.

How a chariot's turn is asked (so a whole round takes few clicks, each prompt one pick-one field
of at most ten options, shown as buttons on the board):
- `card` — pick one of the owner's cards left this round, or `end` the chariot's turn (offered
  once it has had a card). Choosing a card commits nothing yet.
- `drive` — for the chosen card: a direction whose whole path is legal (the board marks each
  destination with its arrow), `burn` (the card is used without moving) or `back` (choose
  another card). Only the spec's `move(card, dir)` and `burn(card)` change the race.
- `place` — the start cell by its number (drawn on the board), during the snake-order placement.
`card` also takes a `to` (a direction or `burn`) beside the card: the spec's `move(card, dir)` or
`burn(card)` as one input. The AI answers that way, so an AI seat's round costs the table about
half as many inputs (and board updates) as the two-click path a person uses.

Decisions where the spec is silent:
- The start player is drawn from the seeded RNG at setup; seat order runs on from him. Each
  placement places the player's next chariot in number order (1, 2, 3).
- The chosen card and its legal destinations are part of every view (nothing is hidden), so
  the board can mark the destinations with the arrows the buttons show.
- A card that would reach a finish cell in the same direction as a longer card is offered by
  both; the remaining steps are lost either way (§5.1).
- The spec has no round limit, but every table must end (AI-only runs, idle players): a race
  still running after round ROUND_LIMIT (30, several times a real race) is called. Places then
  go by completed teams, chariots in, and the fewest steps still to drive (an empty-track
  distance that follows the lap rules); the reason says the race was called.
- "Other card" (`back`) may be chosen at most BACK_ALLOWANCE (6) times in one chariot's turn,
  then the chosen card must be driven or burned: every input is logged, and without a bound one
  player could click card / back until the game's input limit ended it for everybody.
- Losers are ranked by chariots in (the winner, then the rest); with `continue_for_placings`,
  completed teams take places in the order they completed. The score shown is chariots in.
- Rejection codes of a move name the first failing step: `off_track` (wall or off the board),
  `path_blocked` (a chariot in the way), `finish_closed` (a thick finish boundary),
  `lap_not_complete`; all leave the state unchanged.
"""

from __future__ import annotations

from engine.core import Game, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.circus_maximus import prompts, rules
from engine.games.circus_maximus.ai import decide
from engine.games.circus_maximus.learn import CARD_IDS
from engine.games.circus_maximus.sampler import sample
from engine.games.circus_maximus.state import CircusOptions, CircusState, CircusView
from engine.games.circus_maximus.state import view as state_view
from engine.games.circus_maximus.strings import STRINGS

__all__ = ["CircusMaximus"]


class CircusMaximus(Game[CircusState, CircusOptions, CircusView]):
    id = "circus_maximus"
    min_seats = 2
    max_seats = 5
    Options = CircusOptions
    State = CircusState
    View = CircusView
    moves = rules.MOVES
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=11)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    max_inputs = 20_000

    def start(self, options: CircusOptions, seats: int, seed: int) -> CircusState:
        return rules.start(options, seats, seed)

    def pending(self, state: CircusState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: CircusState, seat: int | None) -> CircusView:
        return state_view(state, seat)

    def outcome(self, state: CircusState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: CircusState) -> bool:
        return state.phase == "over"

    def held_cards(self, state: CircusState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.cards[seat]) if state.cards else ()
