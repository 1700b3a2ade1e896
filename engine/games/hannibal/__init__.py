"""Hannibal gegen Rom (Knizia): Rome and Carthage move one legion or fleet a turn on a map of
11 regions and 5 sea routes; battles are fought with number cards 1–5 chosen in secret.

Implements ../shared/rules/hannibal.md with both variants (`series`, `core_control`). The map is
designed data (hannibal.json in this package, validated by board.py). Exactly two seats;
`rome_seat` says which seat plays Rome in the current game. Decisions where the spec is silent:
- Roles of the first game are drawn from the seeded RNG at setup; in a `series` the seats swap
  roles for every new game, which starts as soon as the previous one ended (fresh map, full
  hands, no chips). The series is capped at `SERIES_GAMES_CAP` games as a safety net: if
  nobody has won twice in a row by then, the seat with more won games wins (equal: no winner).
- A turn is ONE TURN prompt whose single `move` field lists exactly the legal moves, written
  `legion:ROMA>CORSICA`, `hannibal:HISP_S>MAURETANIA` or `fleet:S3>S1` (like Caesar's turn
  field). A list of moves is `one_piece_only`, `pass` (as a value or as a move) `no_passing`,
  an unreadable value `bad_move`, a piece missing at its origin `no_piece_there`, a destination
  neither adjacent by land nor across a route `not_reachable`, a sea crossing without an own
  fleet on the route `no_fleet`, Hannibal across a route `hannibal_no_sea`, a fleet to its own
  route `same_route`.
- Battle cards: one SECRET prompt per player still choosing, under one key per exchange, each
  offering only that player's own hand; a chosen card stays hidden (not even the public view
  says which) until both have chosen, then both are revealed in one event. When both hands
  hold a single card the exchange is played at once (no choice is left), narrated as such.
- Discard piles are public: every card in them was revealed to both players (the board shows
  them, so nobody has to memorise them; the AI may use them, they are public).
- Hannibal declaration (spec §9.3): a public TURN prompt for Carthage before every exchange in
  which Hannibal and ordinary Carthaginian legions share the battle region. Declaring while no
  declaration is due is refused with `hannibal_absent` / `hannibal_alone` where those apply,
  else `wrong_phase`.
- Outcome: the winner scores 1 (series: games won); a drawn game has no winner (spec §6.2).
- The public view keeps what the last input changed (`changed` places, `last_move`,
  `last_exchange`) so the board can highlight it.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.hannibal import prompts, rules
from engine.games.hannibal.ai import decide
from engine.games.hannibal.estimate import evaluate
from engine.games.hannibal.learn import CARD_IDS
from engine.games.hannibal.sampler import sample
from engine.games.hannibal.state import HannibalOptions, HannibalState, HannibalView
from engine.games.hannibal.state import private_lines as seat_lines
from engine.games.hannibal.state import view as state_view
from engine.games.hannibal.strings import STRINGS

__all__ = ["Hannibal"]


class Hannibal(Game[HannibalState, HannibalOptions, HannibalView]):
    id = "hannibal"
    min_seats = 2
    max_seats = 2
    Options = HannibalOptions
    State = HannibalState
    View = HannibalView
    moves = rules.MOVES
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=16, horizon=50, evaluate=evaluate)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    max_inputs = 20_000

    def start(self, options: HannibalOptions, seats: int, seed: int) -> HannibalState:
        return rules.start(options, seats, seed)

    def pending(self, state: HannibalState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: HannibalState, seat: int | None) -> HannibalView:
        return state_view(state, seat)

    def outcome(self, state: HannibalState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: HannibalState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: HannibalState, seat: int) -> list[Msg]:
        return seat_lines(state, seat)

    def held_cards(self, state: HannibalState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat])
