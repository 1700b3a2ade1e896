"""Spartacus prompts: one `play` prompt per turn whose `card` field lists exactly the legal cards
(and "pass" when passing is legal), and the seat's private lines."""

from __future__ import annotations

from engine.core import Choice, Kind, Msg, Prompt, choice, one_of, trusted
from engine.games.spartacus.cards import (
    FLAG,
    NUMBERS,
    PASS,
    cards_text,
    legal_cards,
    lowest_card,
    may_pass,
)
from engine.games.spartacus.state import SpartacusState


def pending(state: SpartacusState) -> list[Prompt]:
    if state.phase != "play":
        return []
    seat = state.active
    jokers = state.flags_as_jokers
    options = [_card_choice(card, jokers) for card in legal_cards(state.hands[seat], state.trick)]
    if may_pass(state.trick, jokers):
        options.append(choice(PASS, "choice.pass"))
    return [
        Prompt(
            key=f"g{state.game_no}.m{state.moves}",
            move="play",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(one_of("card", "field.card", options),),
            text=_prompt_text(state, seat),
            public_options=False,
        )
    ]


def _prompt_text(state: SpartacusState, seat: int) -> Msg:
    low = lowest_card(state.trick)
    if not state.trick:
        return Msg(key="prompt.lead", args={"seat": seat})
    if low is None:  # only flags so far, or a led joker
        return Msg(key="prompt.any", args={"seat": seat})
    key = "prompt.play_joker" if state.flags_as_jokers else "prompt.play"
    if FLAG not in state.hands[seat]:  # played already, or none in this variant
        key = "prompt.play_number"
    if low <= NUMBERS[0]:  # no number is below the lowest card: the flag or a pass is left
        key += "_none"
    return Msg(key=key, args={"seat": seat, "lowest": low})


def _card_choice(card: int, jokers: bool) -> Choice:
    """Inputs name the flag "flag"; its label says flag or joker. Built without pydantic's
    checks (valid by construction): every step of the hard AI's rollouts lists the cards."""
    if card == FLAG:
        label = trusted(Msg, key="card.joker" if jokers else "card.flag", args={})
        return trusted(Choice, value="flag", label=label)
    return trusted(Choice, value=card, label=trusted(Msg, key="card", args={"card": card}))


def private_lines(state: SpartacusState, seat: int) -> list[Msg]:
    hand = state.hands[seat]
    jokers = state.flags_as_jokers
    lines = [Msg(key="private.hand", args={"cards": cards_text(hand, jokers)})]
    if state.phase == "play" and state.active == seat:
        legal = legal_cards(hand, state.trick)
        lines.append(Msg(key="private.legal", args={"cards": cards_text(legal, jokers)}))
    return lines
