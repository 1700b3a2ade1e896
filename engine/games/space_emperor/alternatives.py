"""The hard AI's candidate inputs: a few sensible actions, targets and fleets, in the order the
heuristic would rank them. Random fleets are mostly poor, so a search over them only measured
the heuristic's move against bad ones; these give it real alternatives to weigh."""

from __future__ import annotations

from typing import Any

from engine.core import Prompt
from engine.games.space_emperor.ai import (
    best_fleet,
    choices_of,
    defence_guess,
    fullest_of,
    slot_strength,
)
from engine.games.space_emperor.cards import CardSet, card_set
from engine.games.space_emperor.state import SpaceEmperorView

MAX_TARGETS = 3  # weakest-defended targets tried with the strongest fleet
# Prompts the heuristic answers alone: random subsets throw good cards away, and a random
# assignment (attack) only lets noise replace a sound one.
HEURISTIC_ONLY = ("discard", "assign")


def alternatives(view: SpaceEmperorView, prompt: Prompt, seat: int) -> list[dict[str, Any]] | None:
    """The inputs worth searching for `act`, `defend` and the defenders' `targets`; none besides
    the heuristic's for a discard or the attackers' assignment (HEURISTIC_ONLY); None lets the
    search draw its own."""
    cards = card_set(view.card_set)
    if prompt.move == "act":
        return _act(view, prompt, seat, cards)
    if prompt.move == "defend":
        return _defend(view, prompt, cards)
    if prompt.move == "targets":
        return _targets(view, prompt, cards)
    return [] if prompt.move in HEURISTIC_ONLY else None


def _fleets(cards: CardSet, view: SpaceEmperorView, prompt: Prompt, systems: set[str]) -> list[Any]:
    """The strongest fleet, the strongest from the hand alone and from the garrisons alone."""
    found: list[Any] = []
    for fleet in (
        best_fleet(cards, view, prompt, systems)[1],
        best_fleet(cards, view, prompt, set())[1],
        best_fleet(cards, view, prompt, systems, hand=False)[1],
    ):
        if fleet and fleet not in found:
            found.append(fleet)
    return found


def _act(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> list[dict[str, Any]]:
    actions = choices_of(prompt, "action")
    found: list[dict[str, Any]] = [{"action": "pass"}]
    if "attack" in actions:
        own = {s.id for s in view.systems if s.owner == seat}
        fleets = _fleets(cards, view, prompt, own)
        targets = sorted(
            choices_of(prompt, "target"), key=lambda t: (defence_guess(cards, view, t), t)
        )
        for target in targets[:MAX_TARGETS]:
            found.append({"action": "attack", "target": target, "fleet": fleets[0]})
        for fleet in fleets[1:]:
            found.append({"action": "attack", "target": targets[0], "fleet": fleet})
    if "spy" in actions:
        found.append(
            {"action": "spy", "spy_target": fullest_of(view, choices_of(prompt, "spy_target"))}
        )
    for target in (
        choices_of(prompt, "terror_target")[:MAX_TARGETS] if "terrorist" in actions else []
    ):
        found.append({"action": "terrorist", "terror_target": target})
    return found


def _defend(view: SpaceEmperorView, prompt: Prompt, cards: CardSet) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = [{"sortie": "no_sortie"}]
    if "sortie" in choices_of(prompt, "sortie") and view.battle is not None:
        for fleet in _fleets(cards, view, prompt, {view.battle.system}):
            found.append({"sortie": "sortie", "fleet": fleet})
    return found


def _targets(view: SpaceEmperorView, prompt: Prompt, cards: CardSet) -> list[dict[str, Any]]:
    """Every attacking slot covered (as the heuristic does), the defenders paired with the
    attackers strongest to strongest, or strongest to weakest: which ships may sink."""
    battle = view.battle
    assert battle is not None
    slots = len(choices_of(prompt, prompt.fields[0].name))
    attackers = sorted(
        range(slots), key=lambda a: (-slot_strength(cards, battle.attack[a].cards), a)
    )
    defenders = sorted(
        range(len(prompt.fields)), key=lambda d: (-slot_strength(cards, battle.defence[d].cards), d)
    )
    return [
        {prompt.fields[d].name: order[rank % slots] for rank, d in enumerate(defenders)}
        for order in (attackers, attackers[::-1])
    ]
