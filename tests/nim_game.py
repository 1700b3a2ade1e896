"""Secret Nim, the example game of engine/README.md ("Adding a game"): the smallest game on the
template `Game` with one SECRET and one TURN prompt. It lives in the test suite only; tests
register it through a fixture (tests/test_adding_a_game.py).

Rules: both players secretly add 1–3 stones to a pile of 5; once both have, the pile is
revealed and they take turns, seat 0 first, taking 1–3 stones (the rest, when fewer remain).
Whoever takes the last stone wins.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from engine.core import (
    Action,
    Event,
    Game,
    GameState,
    Kind,
    Msg,
    Outcome,
    Prompt,
    choice,
    evolved,
    one_of,
    outcome_by_score,
    require,
)

START_PILE = 5
MOST = 3  # stones added or taken at once


class NimOptions(BaseModel):
    pass


class NimState(GameState):
    phase: Literal["hide", "take", "over"] = "hide"
    added: tuple[int | None, ...]  # each seat's secret addition, None until made
    pile: int = START_PILE
    turn: int = 0
    winner: int | None = None


class NimView(BaseModel):
    seat: int | None
    phase: str
    added: tuple[bool, ...]  # who has added, not how much
    own: int | None  # the seat's own addition
    pile: int
    turn: int
    winner: int | None


def _stones(action: Action) -> int:
    count = action.args.get("stones")
    require(type(count) is int and 1 <= count <= MOST, "bad_stones", most=MOST)
    return count  # type: ignore[return-value]


def hide(state: NimState, action: Action) -> tuple[NimState, list[Event]]:
    require(state.phase == "hide", "wrong_phase")
    require(state.added[action.seat] is None, "already_submitted")
    added = list(state.added)
    added[action.seat] = _stones(action)
    if None in added:
        return evolved(state, added=tuple(added)), [Event(type="added", data={"seat": action.seat})]
    pile = state.pile + sum(n for n in added if n is not None)
    revealed = Event(type="revealed", data={"pile": pile})
    return evolved(state, added=tuple(added), pile=pile, phase="take"), [revealed]


def take(state: NimState, action: Action) -> tuple[NimState, list[Event]]:
    require(state.phase == "take", "wrong_phase")
    require(action.seat == state.turn, "not_your_turn")
    count = _stones(action)
    pile = max(0, state.pile - count)
    events = [Event(type="taken", data={"seat": action.seat, "count": count, "pile": pile})]
    if pile == 0:
        return evolved(state, pile=pile, phase="over", winner=action.seat), events
    return evolved(state, pile=pile, turn=1 - action.seat), events


STONES = one_of(
    "stones", "field.stones", [choice(n, "stones", count=n) for n in range(1, MOST + 1)]
)


def pending(state: NimState) -> list[Prompt]:
    if state.phase == "hide":
        waiting = tuple(seat for seat, n in enumerate(state.added) if n is None)
        done = tuple(seat for seat, n in enumerate(state.added) if n is not None)
        text = Msg(key="prompt.hide")
        return [Prompt(key="hide", move="hide", kind=Kind.SECRET, seats=waiting, done=done,
                       fields=(STONES,), text=text)]  # fmt: skip
    if state.phase == "take":
        text = Msg(key="prompt.take", args={"pile": state.pile})
        return [Prompt(key=f"take.{state.pile}", move="take", kind=Kind.TURN, seats=(state.turn,),
                       fields=(STONES,), text=text)]  # fmt: skip
    return []


class Nim(Game[NimState, NimOptions, NimView]):
    id = "nim"
    min_seats = max_seats = 2
    Options = NimOptions
    State = NimState
    View = NimView
    moves = {"hide": hide, "take": take}
    max_inputs = 40
    strings = {
        "en": {
            "name": "Secret Nim",
            "summary": "Add stones in secret, then take turns; the last stone wins.",
            "rules": "Both add 1–3 stones in secret, then take 1–3 in turn (the rest when fewer"
            " remain). Whoever takes the last stone wins.",
            "prompt.hide": "How many stones do you add to the pile?",
            "prompt.take": "{pile:stone|stones} left: how many do you take?",
            "field.stones": "Stones",
            "stones": "{count:stone|stones}",
            "error.bad_stones": "Choose between 1 and {most} stones.",
            "event.added": "{seat} has added stones.",
            "event.revealed": "The pile holds {pile} stones.",
            "event.taken": "{seat} takes {count:stone|stones}; {pile} left.",
            "event.game_over": "Game over. Winner: {seats}.",
            "board.pile": "Pile: {pile}",
            "board.added": "added",
        },
        "ja": {
            "name": "秘密のニム",
            "summary": "石をこっそり足してから交互に取り、最後の石を取った人の勝ち。",
            "rules": "二人とも石を1〜3個こっそり足し、交互に1〜3個取ります（残りが少なければ全部）。"
            "最後の石を取った人の勝ち。",
            "prompt.hide": "山に石をいくつ足しますか？",
            "prompt.take": "残り{pile}個：いくつ取りますか？",
            "field.stones": "石",
            "stones": "{count}個",
            "error.bad_stones": "石は1〜{most}個にしてください。",
            "event.added": "{seat}が石を足しました。",
            "event.revealed": "山の石は{pile}個です。",
            "event.taken": "{seat}が{count}個取りました。残り{pile}個。",
            "event.game_over": "ゲーム終了。勝者：{seats}",
            "board.pile": "山：{pile}個",
            "board.added": "済",
        },
    }

    def start(self, options: NimOptions, seats: int, seed: int) -> NimState:
        return NimState(seats=seats, rng=seed, added=(None,) * seats)

    def pending(self, state: NimState) -> list[Prompt]:
        return pending(state)

    def view(self, state: NimState, seat: int | None) -> NimView:
        own = state.added[seat] if seat is not None else None
        added = tuple(n is not None for n in state.added)
        return NimView(seat=seat, phase=state.phase, added=added, own=own, pile=state.pile,
                       turn=state.turn, winner=state.winner)  # fmt: skip

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        return outcome_by_score(tuple(int(seat == state.winner) for seat in range(state.seats)))

    def is_over(self, state: NimState) -> bool:
        return state.phase == "over"
