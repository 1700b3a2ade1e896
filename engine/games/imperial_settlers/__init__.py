"""Imperial Settlers (../shared/rules/imperial-settlers.md) with the original card set of 8.5.

The rules live in card data (imperial_settlers_<set>.json beside this file, validated by
cards.py); rules.py is the flow around the effect interpreter (effects.py): a task queue of
automatic steps and input steps, and the legality of every action of section 4. Events and
choices name cards and goods by keys (messages.py); strings.py words them in each language.

Decisions where the spec is silent:
- A turn is one click where possible: the action menu lists only what the player can do and pay
  for right now (built from the hand, so it is offered privately). Costs are auto-paid (4.0);
  where paying with gold instead can matter (a storage ability would keep the spared good at
  cleanup), the menu also lists the same action paying with as much gold as possible. When a
  foundation must be chosen among several, a follow-up prompt asks for it, with "cancel" back
  to the menu, at most CANCEL_ALLOWANCE (6) times per action (every input is logged: without
  a bound one player could build / cancel until the input limit ended the game for everybody).
  A lone foundation candidate is named in the menu entry and used without asking.
- Exchanging workers converts one pair per click; after each pair the player may convert another
  or stop ("done"), all within one action. The spec's list form (`do="exchange"`, `choices`) is
  accepted too.
- Fixed gains of an effect apply at once; a draw from either deck (`card_any`) or a samurai to
  place is asked right after, before the game moves on. A samurai with one eligible location is
  placed there without asking; a `card_any` with one drawable deck draws from it.
- The defence reaction is a private reply to the owner; the attacker's confirm/withdraw after a
  defence is asked in the attacker's private chooser like the rest of the turn. Both answers and
  their results are narrated publicly. A raze of a Japanese faction location (no defence
  possible) resolves at once.
- Cleanup storage: entries over one good apply first; an entry over several goods is asked only
  when the spec calls it ambiguous; the player then picks exactly what that limit keeps.
- A foundation (face down) is not a valid raze target (`no_such_location`).
- `game_end` features score only their VP. `rounds` may be 1–10. `common_deck_scale` also
  accepts the numbers 1 and 2.
- Each effect (production source, deal, trigger, action, raze reward) is its own event naming
  its card; a drawn card's name goes only to the drawer.
- Final ranking: total, then resources + workers held, then hand size; still tied → shared.
"""

from __future__ import annotations

from engine.core import CardText, Game, Msg, Outcome, Prompt, SearchSpec, require
from engine.games.imperial_settlers import prompts, rules, sampler
from engine.games.imperial_settlers.ai import decide, estimate
from engine.games.imperial_settlers.cards import card_set_names, load_card_set
from engine.games.imperial_settlers.state import SettlersOptions, SettlersState, SettlersView
from engine.games.imperial_settlers.state import view as view_of
from engine.games.imperial_settlers.strings import STRINGS


class ImperialSettlers(Game[SettlersState, SettlersOptions, SettlersView]):
    id = "imperial_settlers"
    min_seats = 2
    max_seats = 4
    Options = SettlersOptions
    State = SettlersState
    View = SettlersView
    moves = rules.MOVES
    AI = staticmethod(decide)
    search = SearchSpec(sampler.sample, rollouts=40, worlds=4, horizon=20, evaluate=estimate)
    strings = STRINGS
    card_ids = tuple(card for name in card_set_names() for card in load_card_set(name).cards)
    hints = True
    max_inputs = 4_000
    rules_version = 2  # 2: L6 pick order, auto-payment without a follow-up prompt

    def start(self, options: SettlersOptions, seats: int, seed: int) -> SettlersState:
        return rules.start(options, seats, seed)

    def pending(self, state: SettlersState) -> list[Prompt]:
        return prompts.pending(state, rules.cards_of(state))

    def view(self, state: SettlersState, seat: int | None) -> SettlersView:
        return view_of(state, seat)

    def outcome(self, state: SettlersState) -> Outcome | None:
        return rules.outcome(state)

    def is_over(self, state: SettlersState) -> bool:
        return state.phase == "over"

    def own_lines(self, state: SettlersState, seat: int) -> list[Msg]:
        """The hand with every card in full (cost, effect, deal, raze): no `held_cards` lines."""
        return rules.private_lines(state, seat)

    def board_lines(self, view: SettlersView) -> list[Msg]:
        """Each display card in full (the tiles cut the longest rules short), then the legend."""
        display = [
            Msg(key="board_text.display", args={"text": self.card(card_id).text})
            for card_id in view.display
        ]
        return [*display, Msg(key="board_text.legend")]

    def card(self, card_id: str) -> CardText:
        require(card_id in self.card_ids, "unknown_card", card=card_id)
        return CardText(
            name=Msg(key=f"term.{card_id}"),
            text=Msg(key=f"card_text.{card_id}"),
            short=Msg(key=f"card_short.{card_id}"),
        )


__all__ = ["ImperialSettlers"]
