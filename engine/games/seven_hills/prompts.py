"""Who must act in the Seven Hills: the player to move picks a card and a hill."""

from __future__ import annotations

from engine.core import Choice, Kind, Msg, Prompt, choice, one_of
from engine.games.seven_hills.state import FLAG, HILLS, SevenHillsState


def _card_choice(value: int) -> Choice:
    if value == FLAG:
        return choice("flag", "flag")
    return choice(value, "card", card=value)


_HILL_CHOICES = {n: choice(n, "hill", hill=n) for n in HILLS}


def pending(state: SevenHillsState) -> list[Prompt]:
    if state.phase != "play":
        return []
    seat = state.turn
    cards = one_of("card", "field.card", (_card_choice(v) for v in state.hands[seat]))
    hills = one_of("hill", "field.hill", (_HILL_CHOICES[n] for n in HILLS if n != state.last_hill))
    if state.last_hill is None:
        text = Msg(key="prompt.play", args={"seat": seat})
    else:
        text = Msg(key="prompt.play_blocked", args={"seat": seat, "hill": state.last_hill})
    return [
        Prompt(
            key=f"g{state.game}.p{state.plays}.play",
            move="play",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(cards, hills),
            text=text,
            public_options=state.open_hands,
        )
    ]
