"""The pydantic state, options and views of Imperial Settlers, and the redaction (`view`).

The whole flow is a queue of tasks (`SettlersState.tasks`): automatic steps (reveal, produce,
cleanup...) run as soon as they reach the front; a task that needs a player's input stays there
and becomes the pending prompt. Effects that need a choice (draw from either deck, place a
samurai) are tasks too, so a card's effect can pause the game and resume exactly after a restart.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core import GameState, Secrets, hidden_option, trusted

# What a player can hold; everything but sun seals is discarded at cleanup unless stored.
HELD = ("wood", "stone", "food", "gold", "worker", "raze", "defense", "seal")
TIE_BREAK_GOODS = ("wood", "stone", "food", "gold", "worker")
CANCEL_ALLOWANCE = 6  # foundation choices one action may cancel: see the module docstring


class SettlersOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    card_set: Literal["original_v1"] = "original_v1"  # the data files of this package
    common_deck_scale: Literal["auto", "1", "2"] = "auto"
    faction_assignment: Literal["choose", "random"] = "choose"
    first_player: Literal["random", "host"] = "random"
    always_prompt_defence: bool = True
    rounds: int = Field(default=5, ge=1, le=10)
    solo_variant: bool = hidden_option(False)  # reserved by the spec, not implemented

    @field_validator("common_deck_scale", mode="before")
    @classmethod
    def _scale_as_text(cls, value: object) -> object:
        """`2` typed as a number means the same as "2"."""
        return str(value) if type(value) is int else value


class Location(BaseModel):
    uid: int  # unique in the game, so copies of one card are told apart
    card: str
    face_up: bool = True  # False: a foundation (razed, face down)
    defence: bool = False
    samurai: bool = False
    uses: int = 0


class Player(BaseModel):
    faction: str = ""
    goods: dict[str, int] = {}
    vp: int = 0
    hand: list[str] = []
    empire: list[Location] = []  # in build order
    deals: list[str] = []  # in the order made
    passed: bool = False
    board_uses: int = 0
    kept: dict[str, int] | None = None  # cleanup: what storage keeps, once decided


class Task(BaseModel):
    """One step of the flow. `kind` names it; the other fields are its parameters."""

    kind: str
    seat: int = -1
    goods: dict[str, int] = {}
    source: str = ""
    stage: int = 0


class Raze(BaseModel):
    """A declared raze of another player's location, waiting for the defence reaction."""

    attacker: int
    target: int
    uid: int
    cost: int
    defended: bool = False


class Plan(BaseModel):
    """An action being completed with follow-up choices (payment, foundation, more pairs)."""

    do: str
    payment: dict[str, int] | None = None
    foundation: str | None = None
    pairs: int = 0  # worker pairs already exchanged in this action


class Score(BaseModel):
    """Final scoring of one player (spec section 6), kept for the board and the outcome."""

    vp: int
    common: int
    faction: int
    bonus: int
    total: int
    held: int
    hand: int


class Last(BaseModel):
    """The latest input, for the board's highlight."""

    seat: int
    move: str
    card: str = ""
    target: int = -1
    uid: int = -1


class SettlersState(GameState):
    secrets = Secrets(order=("decks",))
    card_set: str
    common_scale: int
    always_prompt_defence: bool = True
    rounds: int = 5
    round: int = 0
    phase: Literal["faction", "lookout", "production", "action", "cleanup", "over"] = "faction"
    start: int = 0
    active: int = -1
    players: list[Player]
    decks: dict[str, list[str]]
    discards: dict[str, list[str]]
    display: list[str] = []
    tasks: list[Task] = []
    raze: Raze | None = None
    plan: Plan | None = None
    cancels: int = 0  # foundation choices cancelled in the current action
    next_uid: int = 1
    seq: int = 0  # accepted inputs, so every new prompt gets a new key
    last: Last | None = None
    scores: list[Score] = []


class PlayerView(BaseModel):
    model_config = ConfigDict(frozen=True)
    faction: str
    goods: dict[str, int]
    vp: int
    hand_size: int
    empire: tuple[Location, ...]
    deals: tuple[str, ...]
    passed: bool
    board_uses: int


class SettlersView(BaseModel):
    """What a seat (or the public, `seat=None`) may know: never a hand but the seat's own,
    never a deck's order."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    card_set: str
    round: int
    rounds: int
    phase: str
    start: int
    active: int
    waiting: tuple[int, ...]
    players: tuple[PlayerView, ...]
    display: tuple[str, ...]
    deck_sizes: dict[str, int]
    discard_sizes: dict[str, int]
    raze: Raze | None
    last: Last | None
    scores: tuple[Score, ...]
    hand: tuple[str, ...] = ()
    # The public flow and rules, so a view fixes the whole public state (what the search's
    # sampler rebuilds a world from). The queue holds only announced steps; an action in
    # progress shows everyone its kind (`plan_step`) and exchanged pairs, its owner the card.
    tasks: tuple[Task, ...] = ()
    common_scale: int = 1
    always_prompt_defence: bool = True
    next_uid: int = 1
    plan_step: Literal["", "exchange", "foundation"] = ""
    plan_pairs: int = 0
    plan: Plan | None = None  # the active seat's own action in progress
    kept: dict[str, int] | None = None  # the seat's own cleanup storage, once decided


def view(state: SettlersState, seat: int | None) -> SettlersView:
    players = tuple(
        trusted(
            PlayerView,
            faction=p.faction,
            goods=dict(p.goods),
            vp=p.vp,
            hand_size=len(p.hand),
            empire=tuple(p.empire),  # states are copied before any change: safe to share
            deals=tuple(p.deals),
            passed=p.passed,
            board_uses=p.board_uses,
        )
        for p in state.players
    )
    own = seat is not None and 0 <= seat < state.seats
    return trusted(
        SettlersView,
        seat=seat,
        seats=state.seats,
        card_set=state.card_set,
        round=state.round,
        rounds=state.rounds,
        phase=state.phase,
        start=state.start,
        active=state.active,
        waiting=_waiting(state),
        players=players,
        display=tuple(state.display),
        deck_sizes={d: len(cards) for d, cards in state.decks.items()},
        discard_sizes={d: len(cards) for d, cards in state.discards.items()},
        raze=state.raze,
        last=state.last,
        scores=tuple(state.scores),
        hand=tuple(sorted(state.players[seat].hand)) if own else (),  # type: ignore[index]  # own implies seat is not None
        **_public_flow(state, seat if own else None),
    )


def _public_flow(state: SettlersState, seat: int | None) -> dict[str, Any]:
    """The queue, public options and the action in progress (its card only to its owner)."""
    plan = state.plan
    return {
        "tasks": tuple(state.tasks),
        "common_scale": state.common_scale,
        "always_prompt_defence": state.always_prompt_defence,
        "next_uid": state.next_uid,
        "plan_step": ""
        if plan is None
        else plan.do.partition(":")[0].replace("build", "foundation"),
        "plan_pairs": plan.pairs if plan is not None else 0,
        "plan": plan if seat is not None and seat == state.active else None,
        "kept": None if seat is None or (kept := state.players[seat].kept) is None else dict(kept),
    }


def _waiting(state: SettlersState) -> tuple[int, ...]:
    """Seats an input is awaited from (what `pending` would ask), without building prompts."""
    if not state.tasks or state.phase == "over":
        return ()
    task = state.tasks[0]
    if task.kind == "store":
        return tuple(sorted({t.seat for t in state.tasks if t.kind == "store"}))
    if task.kind == "actions":
        return (state.active,)
    return (task.seat,)
