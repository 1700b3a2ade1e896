"""Who must act in the Seven Hills: the player to move picks a card and a hill."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt, choice, one_of, trusted
from engine.games.seven_hills.state import FLAG, HILLS, SevenHillsState


def _card_choice(value: int) -> Choice:
    if value == FLAG:
        return choice("flag", "flag")
    return choice(value, "card", card=value)


_HILL_CHOICES = {n: choice(n, "hill", hill=n) for n in HILLS}


# A search plays thousands of cards per decision: the fields are built once per hand or hill.
@lru_cache(maxsize=4096)
def _card_field(hand: tuple[int, ...]) -> Field:
    return one_of("card", "field.card", (_card_choice(v) for v in hand))


@lru_cache(maxsize=16)
def _hill_field(blocked: int | None) -> Field:
    return one_of("hill", "field.hill", (_HILL_CHOICES[n] for n in HILLS if n != blocked))


def pending(state: SevenHillsState) -> list[Prompt]:
    if state.phase != "play":
        return []
    seat = state.turn
    if state.last_hill is None:
        text = trusted(Msg, key="prompt.play", args={"seat": seat})
    else:
        text = trusted(Msg, key="prompt.play_blocked", args={"seat": seat, "hill": state.last_hill})
    return [
        trusted(
            Prompt,
            key=f"g{state.game}.p{state.plays}.play",
            move="play",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(_card_field(state.hands[seat]), _hill_field(state.last_hill)),
            text=text,
            done=(),
            public_options=state.open_hands,
            revisable=False,
        )
    ]
