"""Secret Nim, the example game that engine/README.md ("Adding a game") walks through, file by
file. It is not among the playable games: tests register it the way its registry entry would
(tests/test_example_game.py), then run the conformance suite on it, draw its board and play it
through the bot.

Rules: 2–4 players. Everyone secretly adds 1–3 stones to a pile (`start_pile`, 5 by default);
once all have, the pile is revealed and they take turns, seat 0 first, taking 1–3 stones (the
rest, when fewer remain). Whoever takes the last stone wins.

Decisions the rules leave open: a take larger than the pile takes the rest (a player is never
refused for counting badly); an addition cannot be changed once made.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec
from engine.games.secret_nim import prompts, rules
from engine.games.secret_nim.ai import decide
from engine.games.secret_nim.sampler import sample
from engine.games.secret_nim.state import NimOptions, NimState, NimView, view
from engine.games.secret_nim.strings import STRINGS


class SecretNim(Game[NimState, NimOptions, NimView]):
    id = "secret_nim"
    min_seats = 2
    max_seats = 4
    Options = NimOptions
    State = NimState
    View = NimView
    moves = rules.MOVES
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=60)
    hints = True
    strings = STRINGS
    max_inputs = 28  # 4 additions, then the largest pile (12 + 3 × 4) taken a stone at a time

    def start(self, options: NimOptions, seats: int, seed: int) -> NimState:
        return rules.start(options, seats, seed)

    def pending(self, state: NimState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: NimState, seat: int | None) -> NimView:
        return view(state, seat)

    def outcome(self, state: NimState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: NimState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: NimState, seat: int) -> list[Msg]:
        return prompts.private_lines(state, seat)
