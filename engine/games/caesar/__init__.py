"""Caesar (Knizia): clients on a 5×5 board merge into stacks and fight two-player card duels.

Implements ../shared/rules/caesar.md (the spec lists no variants). Counters are ints: a seat
number, or NEUTRAL (-1). A square is an index `row * 5 + col`, named `a1`..`e5` (column letter,
row number from the top). Decisions where the spec is silent:
- Start player: drawn from the seeded RNG at setup and recorded in the state (`start`); the
  main phase starts with them too (spec §9.10).
- Main-phase turn: ONE TURN prompt (move `turn`, key `t<turn>`) whose single `action` field
  lists exactly the legal choices: `"attack:c3-c2"`, `"ally:b2-d2"` and, only when no attack
  exists, `"pass"` (like Spartacus folds its pass into the play field). One prompt, because a
  front end (and the table service's AI loop) answers one prompt per seat; one field, because
  separate from/to fields would let a pick be half legal. Answers go through the same checks
  as the spec's moves, which `apply` also accepts directly: `ally` / `attack` with `from` and
  `to` (or `path` = `"b2-d2"`), and `pass`. A `turn` answer naming no move is `unknown_move`.
  Squares are case-insensitive. `fight_card` takes `card`: 1..9 or `"flag"`; anything that
  is not a card of the own hand (garbage included) is `card_not_in_hand`.
- Unknown moves are rejected with `unknown_move` right after `not_a_player`; an eliminated seat
  acting in the main phase gets `not_your_turn`.
- A duel is one request (key `t<turn>.duel`): a SECRET prompt per duellist still to choose
  (`done` lists those who have), each offering only that duellist's remaining cards; the
  others wait. A used card is still rejected with `card_not_in_hand`.
- A duellist holding a single card commits it automatically when the fight starts (their only
  legal choice; it stays face down until the reveal, and the hand size was public anyway).
- A submitted fight card stays in the hand (hidden) until the reveal, then both cards leave the
  hands together, so public hand sizes change only at the reveal.
- The public view keeps the latest revealed fight (`last_fight`: both cards and the result) so
  the board image can show what just happened; it is replaced by the next fight and is never a
  list of used cards (spec §9.11).
- Outcome: scores are counters owned (eliminated seats 0); the best non-eliminated score wins,
  ties share (§9.12); if every player is eliminated, `winners` is empty.
"""

from __future__ import annotations

from engine.core import Game, Msg, Outcome, Prompt, SearchSpec, number_card_ids
from engine.games.caesar import prompts, rules
from engine.games.caesar.ai import decide
from engine.games.caesar.board import board_lines
from engine.games.caesar.learn import CARD_IDS
from engine.games.caesar.sampler import sample
from engine.games.caesar.state import CaesarOptions, CaesarState, CaesarView
from engine.games.caesar.state import view as state_view
from engine.games.caesar.strings import STRINGS


class Caesar(Game[CaesarState, CaesarOptions, CaesarView]):
    id = "caesar"
    min_seats = 2
    max_seats = 5
    Options = CaesarOptions
    State = CaesarState
    View = CaesarView
    moves = {
        "place": rules.place,
        "ally": rules.ally,
        "attack": rules.attack,
        "pass": rules.pass_turn,
        "fight_card": rules.fight_card,
        "turn": rules.turn,
    }
    AI = staticmethod(decide)
    search = SearchSpec(sample, rollouts=40)
    strings = STRINGS
    card_ids = CARD_IDS
    hints = True
    max_inputs = 1_000

    def start(self, options: CaesarOptions, seats: int, seed: int) -> CaesarState:
        return rules.start(options, seats, seed)

    def pending(self, state: CaesarState) -> list[Prompt]:
        return prompts.pending(state)

    def view(self, state: CaesarState, seat: int | None) -> CaesarView:
        return state_view(state, seat)

    def outcome(self, state: CaesarState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: CaesarState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: CaesarState, seat: int) -> list[Msg]:
        return prompts.private_lines(state, seat)

    def board_lines(self, view: CaesarView) -> list[Msg]:
        return board_lines(view.board)

    def held_cards(self, state: CaesarState, seat: int) -> tuple[str, ...]:
        return number_card_ids(state.hands[seat], flag=0)
