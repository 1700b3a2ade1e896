"""Imperium (Knizia): every round each player secretly picks three regions, all reveal, markers
go onto the board, and the round's region (two in round 8) is scored and emptied.

Implements ../shared/rules/imperium.md, base game and the `thirty_points` variant. Region values
are designed data (imperium.json in this package). Decisions where the spec is silent:
- `round_cap` is an off-by-default safety cap for AI-only playouts of the 30-point variant (the
  spec allows one); when reached, the game ends after that round and the highest score wins.
- Inputs with an unknown move name are rejected with `unknown_move` right after `not_a_player`.
- Selections keep the order the player gave (only display uses it); scoring ignores order.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec
from engine.games.imperium import prompts, rules
from engine.games.imperium.ai import decide
from engine.games.imperium.learn import CARD_IDS
from engine.games.imperium.sampler import sample
from engine.games.imperium.state import (
    ImperiumOptions,
    ImperiumState,
    ImperiumView,
    board_lines,
    private_lines,
)
from engine.games.imperium.state import view as seat_view
from engine.games.imperium.strings import STRINGS


class Imperium(Game[ImperiumState, ImperiumOptions, ImperiumView]):
    id = "imperium"
    min_seats = 2
    max_seats = 5
    Options = ImperiumOptions
    State = ImperiumState
    View = ImperiumView
    moves = {"select": rules.select, "place_short": rules.place_short}
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=500)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    score_field = "scores"
    max_inputs = 2_000

    def start(self, options: ImperiumOptions, seats: int, seed: int) -> ImperiumState:
        return rules.start(options, seats, seed)

    def pending(self, state: ImperiumState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: ImperiumState, seat: int | None) -> ImperiumView:
        return seat_view(state, seat)

    def outcome(self, state: ImperiumState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: ImperiumState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: ImperiumState, seat: int) -> list[Msg]:
        return private_lines(state, seat)

    def board_lines(self, view: ImperiumView) -> list[Msg]:
        return board_lines(view)

    def held_cards(self, state: ImperiumState, seat: int) -> tuple[str, ...]:
        return CARD_IDS
