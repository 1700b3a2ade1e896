"""Who must act in Konsul, and the prompt for each step: bid, turn a card, give one up."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt, choice, one_of
from engine.games.konsul.cards import best_set_bound, card_label, set_value, slot_name
from engine.games.konsul.state import KonsulState, face_down, give_up_slots, turned_cards

BID_WINDOW = 24  # with Pass, one Discord select page

_PASS = choice("pass", "choice.pass")
_STOP = choice("stop", "choice.stop")


@lru_cache(maxsize=256)
def _bid_choice(amount: int) -> Choice:
    """Prompts are rebuilt for every decision; their immutable choices are shared."""
    return choice(amount, "choice.bid", amount=amount)


@lru_cache(maxsize=256)
def _slot_choice(name: str) -> Choice:
    return choice(name, "choice.slot", slot=name)


def _bid_cap(state: KonsulState) -> int:
    """The best set the grid's cards could make: public (the grid's contents as a multiset)."""
    return _best_bound(tuple(sorted(c for c in state.slots if c is not None)), state.count_bidding)


@lru_cache(maxsize=1024)
def _best_bound(cards: tuple[int, ...], count_bidding: bool) -> int:
    """Every bid prompt of a round asks it of the same grid: an AI playout asks it thousands of
    times, so it is computed once per grid multiset."""
    return best_set_bound(cards, count_bidding)


def pending(state: KonsulState) -> list[Prompt]:
    if state.phase == "auction" and state.to_act is not None:
        return [_bid_prompt(state, state.to_act)]
    if state.phase == "flipping" and state.bidder is not None:
        return [_flip_prompt(state, state.bidder)]
    if state.phase == "give_up" and state.bidder is not None:
        return [_give_up_prompt(state, state.bidder)]
    return []


def _prompt(
    state: KonsulState,
    move: str,
    seat: int,
    fields: tuple[Field, ...],
    text: Msg,
    public_options: bool = True,
) -> Prompt:
    """Every Konsul prompt is one seat's turn; its key counts the inputs of the round."""
    return Prompt(
        key=f"r{state.round}.{state.inputs}.{move}",
        move=move,
        kind=Kind.TURN,
        seats=(seat,),
        fields=fields,
        text=text,
        public_options=public_options,
    )


def _bid_prompt(state: KonsulState, seat: int) -> Prompt:
    top = min(state.high + BID_WINDOW, max(_bid_cap(state), state.high + 2))
    options = [] if state.high == 0 else [_PASS]
    options += [_bid_choice(amount) for amount in range(state.high + 1, top + 1)]
    opening = state.high == 0
    text = Msg(
        key="prompt.open" if opening else "prompt.bid",
        args={"seat": seat, "high": state.high, "seat_high": state.high_bidder},
    )
    return _prompt(state, "bid", seat, (one_of("bid", "field.bid", options, amounts=True),), text)


def _flip_prompt(state: KonsulState, seat: int) -> Prompt:
    value = set_value(turned_cards(state), state.count_bidding)
    options = [_STOP] if value >= state.bid else []
    options += [_slot_choice(slot_name(i)) for i in face_down(state)]
    text = Msg(
        key="prompt.flip_count" if state.count_bidding else "prompt.flip",
        args={"seat": seat, "bid": state.bid, "value": value},
    )
    return _prompt(state, "flip", seat, (one_of("slot", "field.flip", options),), text)


def _give_up_prompt(state: KonsulState, seat: int) -> Prompt:
    hand = tuple(Choice(value=c, label=card_label(c)) for c in sorted(set(state.hands[seat])))
    slots = tuple(_slot_choice(name) for name in give_up_slots(state))
    fields = (one_of("card", "field.card", hand), one_of("slot", "field.slot", slots))
    text = Msg(key="prompt.give_up", args={"seat": seat})
    return _prompt(state, "give_up", seat, fields, text, public_options=False)  # lists the hand
