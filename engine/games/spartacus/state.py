"""Spartacus options, state and views, and the redaction that makes a view of a state."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, model_validator
from pydantic import Field as DataField

from engine.core import GameState, Secrets, trusted_view
from engine.games.spartacus.cards import Trick, full_hand, lowest_card, trick_leader

MAX_SERIES = 20


class SpartacusOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series_games: int = DataField(default=1, ge=1, le=MAX_SERIES)
    flags_as_jokers: bool = False
    joker_penalty: bool = False
    joker_voids_trick: bool = False
    no_flags: bool = False


class SpartacusState(GameState):
    secrets = Secrets(per_seat=("hands",))
    series_games: int = 1
    flags_as_jokers: bool = False
    joker_penalty: bool = False
    joker_voids_trick: bool = False
    no_flags: bool = False
    first_leader: int = 0  # start player of game 1
    game_no: int = 1
    phase: Literal["play", "over"] = "play"
    moves: int = 0  # inputs accepted in this game (prompt keys)
    hands: tuple[tuple[int, ...], ...]  # sorted, 0 = flag: private
    trick: Trick = ()  # (seat, card) in play order
    passed: tuple[bool, ...]
    active: int = 0
    won: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, piles in the order won
    totals: tuple[int, ...]  # running sums of finished games
    results: tuple[tuple[int, ...], ...] = ()  # scores of each finished game
    last_trick: tuple[int, tuple[int, ...]] | None = None  # (taker, cards) of this game's latest
    # Each seat's cards played this game, in order: public, every one was shown face up.
    played: tuple[tuple[int, ...], ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _count_played(cls, data: Any) -> Any:
        """A state stored before `played` existed: what each seat has played is its full hand
        less the hand it holds (in the order of the cards, the play order being lost)."""
        if isinstance(data, dict) and "played" not in data and "hands" in data:
            full = full_hand(bool(data.get("no_flags")))
            gone = tuple(tuple(c for c in full if c not in hand) for hand in data["hands"])
            data = {**data, "played": gone}
        return data


class SpartacusView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series_games: int
    flags_as_jokers: bool
    joker_penalty: bool
    joker_voids_trick: bool
    no_flags: bool
    game_no: int
    phase: str
    active: int | None
    trick: Trick
    leader: int | None
    lowest: int | None
    passed: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    last_trick: tuple[int, tuple[int, ...]] | None = None
    # Each seat's cards played this game, in order: what a player counting cards knows.
    played: tuple[tuple[int, ...], ...] = ()
    # Only once the game is over (the last game of a series):
    won: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    final_hands: tuple[tuple[int, ...], ...] | None = None
    # Only in a seat's own view:
    hand: tuple[int, ...] | None = None


def view(state: SpartacusState, seat: int | None) -> SpartacusView:
    over = state.phase == "over"
    own = state.hands[seat] if seat is not None and 0 <= seat < state.seats else None
    return trusted_view(
        SpartacusView,
        state,
        seat=seat,
        active=None if over else state.active,
        leader=trick_leader(state.trick, state.flags_as_jokers),
        lowest=lowest_card(state.trick),
        tricks_won=tuple(len(piles) for piles in state.won),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        won=state.won if over else None,
        final_hands=state.hands if over else None,
        hand=own,
    )
