"""Who must act in Imperium: everyone's secret selection, or one short seat's placement."""

from __future__ import annotations

from functools import lru_cache

from engine.core import Choice, Field, Kind, Msg, Prompt
from engine.games.imperium.state import PICKS, REGIONS, ImperiumState, schedule

_REGION_CHOICES = tuple(
    Choice(value=region, label=Msg(key="region", args={"region": region})) for region in REGIONS
)
_SELECT_FIELD = Field(
    name="regions",
    kind="multiset",
    label=Msg(key="field.regions"),
    options=_REGION_CHOICES,
    count=PICKS,
)


def pending(state: ImperiumState) -> list[Prompt]:
    if state.phase == "select":
        waiting = tuple(seat for seat, pick in enumerate(state.hidden) if pick is None)
        done = tuple(seat for seat, pick in enumerate(state.hidden) if pick is not None)
        return [_select_prompt(state.round, state.thirty_points, waiting, done)]
    if state.phase == "place" and state.placing is not None:
        return [_place_prompt(state, state.placing)]
    return []


@lru_cache(maxsize=1024)
def _select_prompt(
    round_no: int, thirty_points: bool, waiting: tuple[int, ...], done: tuple[int, ...]
) -> Prompt:
    """Prompts are immutable and asked for at every decision, so equal ones are shared."""
    resolving = schedule(round_no, thirty_points)
    return Prompt(
        key=f"r{round_no}.select",
        move="select",
        kind=Kind.SECRET,
        seats=waiting,
        done=done,
        fields=(_SELECT_FIELD,),
        text=Msg(key="prompt.select", args={"round": round_no, "regions": list(resolving)}),
    )


def _place_prompt(state: ImperiumState, seat: int) -> Prompt:
    return _place_prompt_for(
        state.round, seat, state.revealed[seat], min(state.supply[seat], PICKS)
    )


@lru_cache(maxsize=1024)
def _place_prompt_for(round_no: int, seat: int, selection: tuple[int, ...], k: int) -> Prompt:
    """Shared as `_select_prompt`'s are: a short seat's placement from its revealed selection."""
    options = tuple(c for c in _REGION_CHOICES if c.value in selection)
    field = Field(
        name="regions", kind="multiset", label=Msg(key="field.place"), options=options, count=k
    )
    return Prompt(
        key=f"r{round_no}.place.{seat}",
        move="place_short",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(field,),
        text=Msg(key="prompt.place_short", args={"seat": seat, "count": k}),
    )
