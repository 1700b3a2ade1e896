"""Konsul (Knizia): an open auction for the right to turn cards of a face-down 5×7 grid; the winner
turns them one at a time and must build a valid set worth at least his bid. Success takes the
turned cards, a misfit costs a hand card back into the grid. Most cards when the grid is empty wins.

Implements ../shared/rules/konsul.md with its variant `count_bidding`. Cards, grid and hands are
designed data (engine/games/data/konsul.json, see cards.py). Decisions where the spec is silent:

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

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core import (
    Action,
    Choice,
    Event,
    Field,
    Game,
    GameState,
    Kind,
    Msg,
    Outcome,
    Prompt,
    competition_ranks,
    handler_for,
    require,
    trusted,
)
from engine.games.konsul.cards import (
    BANNER,
    best_set_bound,
    colour_of,
    grid_deck,
    is_valid_set,
    number_of,
    set_value,
    slot_index,
    slot_name,
    starting_hand,
)
from engine.games.konsul.strings import STRINGS
from engine.rng import Rng

BID_WINDOW = 24  # with Pass, one Discord select page
FACE_DOWN = -1  # a view's cell for a face-down card (None: empty slot)
Phase = Literal["auction", "flipping", "give_up", "over"]


class KonsulOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    count_bidding: bool = False


class KonsulState(GameState):
    count_bidding: bool = False
    phase: Phase = "auction"
    round: int = 1
    inputs: int = 0  # inputs accepted this round: part of every prompt key
    slots: tuple[int | None, ...]  # card per slot, None = empty; X slots are appended
    face_up: tuple[bool, ...]
    known: tuple[bool, ...]  # this slot's card was shown since it was put there
    unrevealed: tuple[int, ...]  # sorted: cards of the initial grid never shown yet
    hands: tuple[tuple[int, ...], ...]
    eliminated: tuple[bool, ...]
    start: int
    to_act: int | None = None
    high: int = 0
    high_bidder: int | None = None
    passed: tuple[bool, ...]
    bidder: int | None = None
    bid: int = 0
    turned: tuple[int, ...] = ()  # the slots of this turn's set, in turning order
    flash: tuple[tuple[int, int], ...] = ()  # (slot, card) shown by the last input, gone again
    changed: tuple[int, ...] = ()  # slots the last input changed
    last_standing: bool = False


class KonsulView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know. `cells`: None = empty slot,
    FACE_DOWN, or the face-up card. `flash`: cards the last input showed that are no longer face
    up (their slot is face down again, or empty when a success took them)."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    count_bidding: bool
    phase: str
    round: int
    cells: tuple[int | None, ...]
    flash: tuple[tuple[int, int], ...]
    changed: tuple[int, ...]
    hand_counts: tuple[int, ...]
    eliminated: tuple[bool, ...]
    passed: tuple[bool, ...]
    start: int
    to_act: int | None
    high: int
    high_bidder: int | None
    bidder: int | None
    bid: int
    turned: tuple[int, ...]
    set_value: int
    winners: tuple[int, ...]
    hand: tuple[int, ...] | None  # the seat's own hand
    remembered: tuple[tuple[int, int], ...]  # the seat's memory: (face-down slot, card)
    unrevealed: tuple[int, ...]  # the seat's memory: cards never shown yet


_PASS = Choice(value="pass", label=Msg(key="choice.pass"))
_STOP = Choice(value="stop", label=Msg(key="choice.stop"))


@lru_cache(maxsize=256)
def _bid_choice(amount: int) -> Choice:
    """Prompts are rebuilt for every decision; their immutable choices are shared."""
    return Choice(value=amount, label=Msg(key="choice.bid", args={"amount": amount}))


@lru_cache(maxsize=256)
def _slot_choice(name: str) -> Choice:
    return Choice(value=name, label=Msg(key="choice.slot", args={"slot": name}))


def _next_seat(state: KonsulState, after: int, skip_passed: bool) -> int:
    """The next seat clockwise after `after` that is still in (not eliminated, not passed)."""
    for step in range(1, state.seats + 1):
        seat = (after + step) % state.seats
        if state.eliminated[seat] or (skip_passed and state.passed[seat]):
            continue
        return seat
    return after


def _turned_cards(state: KonsulState) -> list[int]:
    return [state.slots[i] for i in state.turned]  # type: ignore[misc]


def _face_down(state: KonsulState) -> list[int]:
    return [i for i, c in enumerate(state.slots) if c is not None and not state.face_up[i]]


def _bid_cap(state: KonsulState) -> int:
    """The best set the grid's cards could make: public (the grid's contents as a multiset)."""
    return best_set_bound([c for c in state.slots if c is not None], state.count_bidding)


class Konsul(Game[KonsulState, KonsulOptions, KonsulView]):
    id = "konsul"
    min_seats = 2
    max_seats = 4
    Options = KonsulOptions
    State = KonsulState
    max_inputs = 4_000
    strings = STRINGS

    def start(self, options: KonsulOptions, seats: int, seed: int) -> KonsulState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        rng = Rng(seed)
        deck = grid_deck()
        slots = tuple(rng.shuffled(deck))
        start = rng.below(seats)
        return KonsulState(
            seats=seats,
            rng=rng.state,
            count_bidding=options.count_bidding,
            slots=slots,
            face_up=(False,) * len(slots),
            known=(False,) * len(slots),
            unrevealed=tuple(sorted(deck)),
            hands=tuple(starting_hand(seat) for seat in range(seats)),
            eliminated=(False,) * seats,
            start=start,
            to_act=start,
            passed=(False,) * seats,
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: KonsulState) -> list[Prompt]:
        if state.phase == "auction" and state.to_act is not None:
            return [self._bid_prompt(state, state.to_act)]
        if state.phase == "flipping" and state.bidder is not None:
            return [self._flip_prompt(state, state.bidder)]
        if state.phase == "give_up" and state.bidder is not None:
            return [self._give_up_prompt(state, state.bidder)]
        return []

    def _key(self, state: KonsulState, move: str) -> str:
        return f"r{state.round}.{state.inputs}.{move}"

    def _bid_prompt(self, state: KonsulState, seat: int) -> Prompt:
        top = min(state.high + BID_WINDOW, max(_bid_cap(state), state.high + 2))
        options = [] if state.high == 0 else [_PASS]
        options += [_bid_choice(amount) for amount in range(state.high + 1, top + 1)]
        opening = state.high == 0
        return Prompt(
            key=self._key(state, "bid"),
            move="bid",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(
                Field(name="bid", kind="one", label=Msg(key="field.bid"), options=tuple(options)),
            ),
            text=Msg(
                key="prompt.open" if opening else "prompt.bid",
                args={"seat": seat, "high": state.high, "seat_high": state.high_bidder},
            ),
        )

    def _flip_prompt(self, state: KonsulState, seat: int) -> Prompt:
        value = set_value(_turned_cards(state), state.count_bidding)
        options = [_STOP] if value >= state.bid else []
        options += [_slot_choice(slot_name(i)) for i in _face_down(state)]
        return Prompt(
            key=self._key(state, "flip"),
            move="flip",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(
                Field(name="slot", kind="one", label=Msg(key="field.flip"), options=tuple(options)),
            ),
            text=Msg(
                key="prompt.flip_count" if state.count_bidding else "prompt.flip",
                args={"seat": seat, "bid": state.bid, "value": value},
            ),
        )

    def _give_up_prompt(self, state: KonsulState, seat: int) -> Prompt:
        hand = tuple(Choice(value=c, label=card_label(c)) for c in sorted(set(state.hands[seat])))
        slots = tuple(_slot_choice(name) for name in _give_up_slots(state))
        return Prompt(
            key=self._key(state, "give_up"),
            move="give_up",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(
                Field(name="card", kind="one", label=Msg(key="field.card"), options=hand),
                Field(name="slot", kind="one", label=Msg(key="field.slot"), options=slots),
            ),
            text=Msg(key="prompt.give_up", args={"seat": seat}),
            public_options=False,
        )

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: KonsulState, action: Action) -> tuple[KonsulState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handler = handler_for(
            {"bid": self._apply_bid, "flip": self._apply_flip, "give_up": self._apply_give_up},
            action.move,
        )
        return handler(state, action)

    def _apply_bid(self, state: KonsulState, action: Action) -> tuple[KonsulState, list[Event]]:
        seat = action.seat
        require(state.phase == "auction", "wrong_phase")
        require(not state.eliminated[seat], "eliminated")
        require(not state.passed[seat], "already_passed")
        require(seat == state.to_act, "not_your_turn")
        amount = action.args.get("bid")
        update: dict[str, Any] = {"inputs": state.inputs + 1, "flash": (), "changed": ()}
        if amount == "pass":
            require(state.high > 0, "opening_pass")
            passed = list(state.passed)
            passed[seat] = True
            update["passed"] = tuple(passed)
            events = [Event(type="passed", data={"seat": seat})]
        else:
            require(type(amount) is int, "bad_bid")
            require(amount >= 1, "bid_too_low")
            require(amount > state.high, "bid_not_higher", high=state.high)
            update |= {"high": amount, "high_bidder": seat}
            events = [Event(type="bid", data={"seat": seat, "amount": amount})]
        state = state.model_copy(update=update)
        still_in = [
            s for s in range(state.seats) if not state.eliminated[s] and not state.passed[s]
        ]
        if still_in == [state.high_bidder]:
            return self._auction_won(state, events)
        return state.model_copy(update={"to_act": _next_seat(state, seat, True)}), events

    def _auction_won(
        self, state: KonsulState, events: list[Event]
    ) -> tuple[KonsulState, list[Event]]:
        winner = state.high_bidder
        events.append(Event(type="auction_won", data={"seat": winner, "amount": state.high}))
        state = state.model_copy(
            update={"phase": "flipping", "bidder": winner, "bid": state.high, "to_act": None}
        )
        return self._continue_flipping(state, events)

    def _apply_flip(self, state: KonsulState, action: Action) -> tuple[KonsulState, list[Event]]:
        require(state.phase == "flipping", "wrong_phase")
        require(action.seat == state.bidder, "not_your_turn")
        choice = action.args.get("slot")
        if choice == "stop":
            value = set_value(_turned_cards(state), state.count_bidding)
            require(value >= state.bid, "below_bid", value=value, bid=state.bid)
            return self._success(state, [])
        index = slot_index(choice) if isinstance(choice, str) else None
        require(index is not None and index < len(state.slots), "bad_slot")
        assert index is not None
        require(state.slots[index] is not None, "empty_slot", slot=slot_name(index))
        require(not state.face_up[index], "face_up", slot=slot_name(index))
        return self._turn(state.model_copy(update={"changed": ()}), index, [])

    def _turn(
        self, state: KonsulState, index: int, events: list[Event]
    ) -> tuple[KonsulState, list[Event]]:
        """Turn the card at `index` for the bidder: a misfit fails, else flipping goes on."""
        seat = state.bidder
        state = _reveal(state, index)
        card = card_label(state.slots[index])  # type: ignore[arg-type]
        events.append(
            Event(type="flipped", data={"seat": seat, "slot": slot_name(index), "card": card})
        )
        cards = [*_turned_cards(state), state.slots[index]]
        state = state.model_copy(
            update={"turned": (*state.turned, index), "changed": (*state.changed, index)}
        )
        if not is_valid_set(cards):  # type: ignore[arg-type]
            events.append(Event(type="misfit", data={"seat": seat, "slot": slot_name(index)}))
            return self._failure(state, events)
        return self._continue_flipping(state, events)

    def _continue_flipping(
        self, state: KonsulState, events: list[Event]
    ) -> tuple[KonsulState, list[Event]]:
        """Spec §3.2.4: no face-down card left ends the turn. A last face-down card that must be
        turned (the set is below the bid) is turned without asking: there is no choice."""
        down = _face_down(state)
        reached = set_value(_turned_cards(state), state.count_bidding) >= state.bid
        if not down:
            if reached:
                return self._success(state, events)
            events.append(Event(type="ran_out", data={"seat": state.bidder}))
            return self._failure(state, events)
        if not reached and len(down) == 1:
            return self._turn(state, down[0], events)
        return state, events

    def _apply_give_up(self, state: KonsulState, action: Action) -> tuple[KonsulState, list[Event]]:
        seat = action.seat
        require(state.phase == "give_up", "wrong_phase")
        require(seat == state.bidder, "not_your_turn")
        given = action.args.get("card")
        require(type(given) is int and given in state.hands[seat], "not_in_hand")
        name = action.args.get("slot")
        index = slot_index(name) if isinstance(name, str) else None
        require(index is not None, "bad_slot")
        assert index is not None
        if index < len(state.slots):
            require(state.slots[index] is None, "slot_occupied", slot=slot_name(index))
        else:
            require(name in _give_up_slots(state), "bad_slot")
        slots, face_up, known = list(state.slots), list(state.face_up), list(state.known)
        if index == len(slots):
            slots.append(None)
            face_up.append(False)
            known.append(False)
        slots[index], face_up[index], known[index] = given, True, True
        hand = list(state.hands[seat])
        hand.remove(given)
        hands = list(state.hands)
        hands[seat] = tuple(hand)
        state = state.model_copy(
            update={
                "slots": tuple(slots),
                "face_up": tuple(face_up),
                "known": tuple(known),
                "hands": tuple(hands),
            }
        )
        events = [Event(type="gave_up", data={"seat": seat, "slot": slot_name(index)})]
        return self._after_failure(state, seat, events)

    # Automatic steps -------------------------------------------------------------------

    def _success(self, state: KonsulState, events: list[Event]) -> tuple[KonsulState, list[Event]]:
        seat = state.bidder
        assert seat is not None
        taken = [i for i, up in enumerate(state.face_up) if up]
        slots, face_up, known = list(state.slots), list(state.face_up), list(state.known)
        hands = list(state.hands)
        hands[seat] = (*hands[seat], *(slots[i] for i in taken))  # type: ignore[misc]
        for i in taken:
            slots[i], face_up[i], known[i] = None, False, False
        state = state.model_copy(
            update={
                "slots": tuple(slots),
                "face_up": tuple(face_up),
                "known": tuple(known),
                "hands": tuple(hands),
                "changed": tuple(taken),
                "flash": tuple((i, state.slots[i]) for i in taken),
            }
        )
        events.append(Event(type="success", data={"seat": seat, "count": len(taken)}))
        if all(c is None for c in slots):
            return self._finish(state, events)
        return self._new_round(state, seat, events)

    def _failure(self, state: KonsulState, events: list[Event]) -> tuple[KonsulState, list[Event]]:
        seat = state.bidder
        assert seat is not None
        if state.hands[seat]:
            return state.model_copy(update={"phase": "give_up"}), events
        eliminated = list(state.eliminated)
        eliminated[seat] = True
        state = state.model_copy(update={"eliminated": tuple(eliminated)})
        events.append(Event(type="eliminated", data={"seat": seat}))
        return self._after_failure(state, seat, events)

    def _after_failure(
        self, state: KonsulState, seat: int, events: list[Event]
    ) -> tuple[KonsulState, list[Event]]:
        """Spec §3.3 steps 3–4: every face-up card goes face down; the next player starts."""
        shown = tuple(
            (i, c) for i, c in enumerate(state.slots) if state.face_up[i] and c is not None
        )
        state = state.model_copy(
            update={
                "face_up": (False,) * len(state.slots),
                "flash": shown,
                "changed": tuple(i for i, _ in shown),
            }
        )
        if state.eliminated.count(False) == 1:
            return self._finish(state.model_copy(update={"last_standing": True}), events)
        return self._new_round(state, _next_seat(state, seat, False), events)

    def _new_round(
        self, state: KonsulState, start: int, events: list[Event]
    ) -> tuple[KonsulState, list[Event]]:
        state = state.model_copy(
            update={
                "phase": "auction",
                "round": state.round + 1,
                "inputs": 0,
                "start": start,
                "to_act": start,
                "high": 0,
                "high_bidder": None,
                "passed": (False,) * state.seats,
                "bidder": None,
                "bid": 0,
                "turned": (),
            }
        )
        events.append(Event(type="round_started", data={"round": state.round, "seat": start}))
        return state, events

    def _finish(self, state: KonsulState, events: list[Event]) -> tuple[KonsulState, list[Event]]:
        state = state.model_copy(
            update={"phase": "over", "to_act": None, "bidder": None, "turned": ()}
        )
        result = self.outcome(state)
        assert result is not None
        events.append(
            Event(
                type="game_over",
                data={"scores": list(result.scores), "seats": list(result.winners)},
            )
        )
        return state, events

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: KonsulState, seat: int | None) -> KonsulView:
        own = seat is not None and 0 <= seat < state.seats
        cells = tuple(
            None if c is None else (c if state.face_up[i] else FACE_DOWN)
            for i, c in enumerate(state.slots)
        )
        remembered = (
            tuple(
                (i, c)
                for i, c in enumerate(state.slots)
                if c is not None and state.known[i] and not state.face_up[i]
            )
            if own
            else ()
        )
        result = self.outcome(state)
        return trusted(
            KonsulView,
            seat=seat,
            seats=state.seats,
            count_bidding=state.count_bidding,
            phase=state.phase,
            round=state.round,
            cells=cells,
            flash=state.flash,
            changed=state.changed,
            hand_counts=tuple(len(h) for h in state.hands),
            eliminated=state.eliminated,
            passed=state.passed,
            start=state.start,
            to_act=state.to_act,
            high=state.high,
            high_bidder=state.high_bidder,
            bidder=state.bidder,
            bid=state.bid,
            turned=state.turned,
            set_value=set_value(_turned_cards(state), state.count_bidding),
            winners=result.winners if result else (),
            hand=tuple(sorted(state.hands[seat])) if own else None,  # type: ignore[index]
            remembered=remembered,
            unrevealed=state.unrevealed if own else (),
        )

    def outcome(self, state: KonsulState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(
            0 if out else len(hand) for hand, out in zip(state.hands, state.eliminated, strict=True)
        )
        alive = [s for s in range(state.seats) if not state.eliminated[s]]
        best = max(scores[s] for s in alive)
        winners = tuple(s for s in alive if scores[s] == best)
        reason = Msg(key="reason.last_standing") if state.last_standing else None
        return Outcome(
            scores=scores, ranks=competition_ranks(scores), winners=winners, reason=reason
        )

    def private_lines(self, state: KonsulState, seat: int) -> list[Msg]:
        hand = sorted(state.hands[seat])
        if not hand:
            return [Msg(key="private.empty_hand")]
        lines = [Msg(key="private.hand", args={"count": len(hand)})]
        banners = hand.count(BANNER)
        if banners:
            lines.append(Msg(key="private.banners", args={"count": banners}))
        for colour in sorted({colour_of(c) for c in hand if c != BANNER}):  # type: ignore[type-var]
            values = [number_of(c) for c in hand if colour_of(c) == colour]
            lines.append(Msg(key=f"private.colour.{colour}", args={"values": values}))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        from engine.games.konsul.ai import decide

        assert isinstance(view, KonsulView)
        return decide(view, prompt, seat, rng_state)


def _reveal(state: KonsulState, index: int) -> KonsulState:
    """Turn the card at `index` face up; its first showing takes it out of `unrevealed`."""
    face_up = list(state.face_up)
    face_up[index] = True
    update: dict[str, Any] = {"face_up": tuple(face_up), "inputs": state.inputs + 1, "flash": ()}
    if not state.known[index]:
        known = list(state.known)
        known[index] = True
        unrevealed = list(state.unrevealed)
        unrevealed.remove(state.slots[index])  # type: ignore[arg-type]
        update |= {"known": tuple(known), "unrevealed": tuple(unrevealed)}
    return state.model_copy(update=update)


def _give_up_slots(state: KonsulState) -> list[str]:
    """Every empty slot, or (none being empty) the one new slot beside the grid (§3.3)."""
    empty = [slot_name(i) for i, c in enumerate(state.slots) if c is None]
    return empty or [slot_name(len(state.slots))]


def card_label(c: int) -> Msg:
    colour = colour_of(c)
    if colour is None:
        return Msg(key="card.banner")
    return Msg(key=f"card.colour.{colour}", args={"value": number_of(c)})
