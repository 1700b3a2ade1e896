"""A Space Emperor AI that decides from its own view only (its hand, public garrisons, public
layouts and hand sizes — never the deck order or another hand).

Valuation: a ship is worth its expected hits, dice x P(die hits) = dice x (mod + 1) / 6.
- Attack when the best fleet (whole garrison units or hand ships, plus hand supports, within the
  card limit) expects clearly more hits than the target can muster: its public garrison plus an
  allowance for the defender's unseen hand. Neutral empty systems fall to planet combat.
- Defend with the best fleet, spreading targets so every attacking slot must fight.
- Otherwise spy on the fullest hand or sabotage the leader's garrison; pass at the end when not
  behind. Always answer spies and terrorists with secret police.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import combinations
from typing import Any

from engine.core import Action, Field, Prompt
from engine.games.space_emperor.cards import Card, CardSet, card_set
from engine.games.space_emperor.state import PLANET, SpaceEmperorState, SpaceEmperorView
from engine.styles import STEADY, Style

# Normal's temper. Bolder settings beat it head to head (hand guess 0.12 and attack margin 0.6:
# 54.6% of 4000 games), but a bolder normal shrinks hard's edge over it to 53.0% (600 games,
# seeds 7000-7599, against 60.2% now): the levels keep their distance with this one.
HAND_SHIP_GUESS = 0.5  # expected hits one unseen defending hand card may add
ATTACK_MARGIN = 0.8
ENDGAME_MARGIN = 0.5  # behind at the end: nothing to save the ships for
PIECES_CONSIDERED = 6
SUPPORTS = ("admiral", "esp", "super_weapon")
# The hard AI's estimate of a game cut short: a logistic of the lead in systems, a system worth
# SYSTEM_HITS expected hits of ships held, weighing more as the deck runs out, cards a little.
# Scale fitted on 400 heuristic games (12,600 positions: log loss 0.630 against 0.693 for a coin;
# the unscaled lead scored worse than a coin). Free weights fit 0.623 but price a system at one
# hit, so the search gave up systems to keep ships: a correlation, not a trade worth making.
SYSTEM_HITS = 6.0
SYSTEM_WEIGHT = 0.12
LATE_SYSTEM_WEIGHT = 0.3
CARD_WEIGHT = 0.06
# Kept after trying others at a horizon of 20 inputs (hard vs normal, quick runs of 80 games,
# seeds 5000-5079: 51.9% there): the lead at double scale 42.5%, half 58.8% (60.0% on 5080-5159
# against 58.1%), quarter 53.7%, no card weight 48.7%. Half scale then won 57.8% of bench.ai's
# 200 games against 58.5% there: no better. Neither was searching discards (40.6%), a 0.02
# margin (48.7%), a widest fleet (53.1%). Runs this small are within noise of each other.
DECK_SIZE = 100
# (view, prompt, seat, card set) -> the input's arguments
Decider = Callable[[SpaceEmperorView, Prompt, int, CardSet], dict[str, Any]]


def decide(
    view: SpaceEmperorView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action | None:
    cards = card_set(view.card_set)
    deciders: dict[str, Decider] = {
        "act": _act,
        "defend": _defend,
        "targets": _targets,
        "assign": _assign,
        "esp_escape": _escape,
        "discard": _discard,
        "react": lambda v, p, s, c: {"answer": _last_option(p, "answer")},
        "tractor": lambda v, p, s, c: {
            "use": "yes",
            "target_player": _leader(v, s, p, "target_player"),
        },
        "monster_redirect": lambda v, p, s, c: {"player": _leader(v, s, p, "player")},
        "monster_push": lambda v, p, s, c: {"player": _leader(v, s, p, "player")},
        "trade_partner": lambda v, p, s, c: {"player": _fullest_hand(v, p)},
    }
    decider = deciders.get(prompt.move)
    if decider is None:
        return None  # relocate / first_player: the random baseline is as good
    return Action(seat=seat, move=prompt.move, args=decider(view, prompt, seat, cards))


def _field(prompt: Prompt, name: str) -> Field | None:
    return next((f for f in prompt.fields if f.name == name), None)


def choices_of(prompt: Prompt, name: str) -> list[Any]:
    item = _field(prompt, name)
    return [] if item is None else [choice.value for choice in item.options]


def _last_option(prompt: Prompt, name: str) -> Any:
    return choices_of(prompt, name)[-1]


def _leader(view: SpaceEmperorView, seat: int, prompt: Prompt, name: str) -> Any:
    options = [v for v in choices_of(prompt, name) if isinstance(v, int) and v != seat]
    return max(options, key=lambda p: (view.scores[p], view.hand_sizes[p], -p))


def _fullest_hand(view: SpaceEmperorView, prompt: Prompt) -> Any:
    return max(choices_of(prompt, "player"), key=lambda p: (view.hand_sizes[p], -p))


# Fleet building ------------------------------------------------------------------------


def _expected(cards: CardSet, groups: list[list[str]]) -> float:
    """Expected total hits of a fleet (5.1)."""
    wide = sum(
        1
        for group in groups
        for c in group[1:]
        if cards[c].kind in ("admiral", "esp") or cards[c].scope == "fleet"
    )
    total = 0.0
    for group in groups:
        ship = cards[group[0]]
        dice = (ship.strength or 0) + sum(cards[c].extra_dice for c in group[1:])
        mod = wide + sum(1 for c in group[1:] if cards[c].scope == "carrier")
        total += dice * min(1.0, (mod + 1) / 6)
    return total


def _pieces(
    view: SpaceEmperorView, prompt: Prompt, systems: set[str], hand: bool
) -> list[list[str]]:
    """Whole garrison units (their supports stay fixed to them) and bare hand ships."""
    offered = set(choices_of(prompt, "fleet"))
    pieces = [list(unit) for s in view.systems if s.id in systems for unit in s.garrison]
    pieces = [p for p in pieces if p[0] in offered]
    pieces += [[c] for c in view.hand if c in offered and hand]
    return pieces


def best_fleet(
    cards: CardSet, view: SpaceEmperorView, prompt: Prompt, systems: set[str], hand: bool = True
) -> tuple[float, list[list[str]]]:
    """The strongest legal fleet from whole units and hand ships, topped up with hand supports
    (`hand` False: the garrisons of `systems` alone, the hand kept)."""
    limit = view.fleet_card_limit
    pieces = sorted(_pieces(view, prompt, systems, hand), key=lambda p: -_expected(cards, [p]))[
        :PIECES_CONSIDERED
    ]
    extras = [c for c in view.hand if hand and cards[c].kind in SUPPORTS]
    best: tuple[float, list[list[str]]] = (0.0, [])
    for size in range(1, min(limit, len(pieces)) + 1):
        for chosen in combinations(pieces, size):
            if sum(len(p) for p in chosen) > limit:
                continue
            groups = _top_up(cards, [list(p) for p in chosen], extras, limit)
            value = _expected(cards, groups)
            if value > best[0]:
                best = (value, groups)
    return best


def _top_up(
    cards: CardSet, groups: list[list[str]], extras: list[str], limit: int
) -> list[list[str]]:
    room = limit - sum(len(g) for g in groups)
    for support in sorted(extras, key=lambda c: -cards[c].extra_dice):
        if room <= 0:
            break
        host = _host_for(cards, groups, cards[support])
        if host is not None:
            host.append(support)
            room -= 1
    return groups


def _host_for(cards: CardSet, groups: list[list[str]], support: Card) -> list[str] | None:
    hosts = []
    for group in groups:
        kinds = {cards[c].kind for c in group[1:]}
        ship = cards[group[0]]
        if len(group) > 2 or support.kind in kinds:
            continue
        if support.allowed_classes and ship.ship_class not in support.allowed_classes:
            continue
        hosts.append((-(ship.strength or 0), group[0], group))
    return min(hosts)[2] if hosts else None


# Decisions -------------------------------------------------------------------------------


def defence_guess(cards: CardSet, view: SpaceEmperorView, target: str) -> float:
    system = next(s for s in view.systems if s.id == target)
    garrison = sorted((_expected(cards, [list(u)]) for u in system.garrison), reverse=True)
    if system.owner is None:
        return sum(garrison)
    free = max(0, view.fleet_card_limit - len(garrison[:3]))
    unseen = min(free, view.hand_sizes[system.owner]) * HAND_SHIP_GUESS
    return sum(garrison[:3]) + unseen


def _act(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    actions = choices_of(prompt, "action")
    leading = view.scores[seat] >= max(view.scores) and view.scores[seat] > 0
    if "attack" in actions:
        own = {s.id for s in view.systems if s.owner == seat}
        value, fleet = best_fleet(cards, view, prompt, own)
        targets = sorted(
            choices_of(prompt, "target"), key=lambda t: (defence_guess(cards, view, t), t)
        )
        margin = ENDGAME_MARGIN if view.endgame_turn and not leading else ATTACK_MARGIN
        for target in targets:
            defence = defence_guess(cards, view, target)
            worth = value > margin * defence + 0.3 or (defence == 0 and value >= 0.6)
            if fleet and worth:
                return {"action": "attack", "target": target, "fleet": fleet}
    if view.endgame_turn and leading:
        return {"action": "pass"}
    if "terrorist" in actions:
        systems = choices_of(prompt, "terror_target")
        owner = {s.id: s.owner for s in view.systems if s.owner is not None}
        target = max(systems, key=lambda t: (view.scores[owner[t]], t))
        return {"action": "terrorist", "terror_target": target}
    if "spy" in actions:
        return {"action": "spy", "spy_target": fullest_of(view, choices_of(prompt, "spy_target"))}
    return {"action": "pass"}


def fullest_of(view: SpaceEmperorView, seats: list[int]) -> int:
    return max(seats, key=lambda p: (view.hand_sizes[p], -p))


def _defend(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    if "sortie" not in choices_of(prompt, "sortie"):
        return {"sortie": "no_sortie"}
    battle = view.battle
    assert battle is not None
    _, fleet = best_fleet(cards, view, prompt, {battle.system})
    if not fleet:
        return {"sortie": "no_sortie"}
    return {"sortie": "sortie", "fleet": fleet}


def _targets(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    """Cover every attacking slot, so no attacker is free to go for the planet."""
    slots = len(choices_of(prompt, prompt.fields[0].name))
    return {item.name: index % slots for index, item in enumerate(prompt.fields)}


def _assign(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    battle = view.battle
    assert battle is not None
    answers: dict[str, Any] = {}
    for item in prompt.fields:
        options = [int(c.value) for c in item.options]
        if PLANET in options:
            answers[item.name] = PLANET
            continue
        answers[item.name] = min(
            options, key=lambda d: (slot_strength(cards, battle.defence[d].cards), d)
        )
    return answers


def slot_strength(cards: CardSet, slot_cards: tuple[str | None, ...]) -> float:
    ship = slot_cards[0]
    return 2.5 if ship is None else float(cards[ship].strength or 0)


def _escape(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    battle = view.battle
    assert battle is not None
    fleet = battle.attack if battle.attacker == seat else battle.defence
    options = choices_of(prompt, "ship")
    return {"ship": max(options, key=lambda i: (slot_strength(cards, fleet[i].cards), -i))}


def _card_value(card: Card) -> float:
    if card.kind == "ship":
        return float(card.strength or 0)
    if card.kind == "super_weapon":
        return 2.0 + card.extra_dice
    return {"admiral": 2.5, "esp": 2.5, "secret_police": 1.5}.get(card.kind, 1.0)


def _discard(view: SpaceEmperorView, prompt: Prompt, seat: int, cards: CardSet) -> dict[str, Any]:
    """The cheapest cards, a garrison ship only once its supports are already chosen."""
    need = prompt.fields[0].min
    units = [unit for s in view.systems if s.owner == seat for unit in s.garrison]
    supports_of = {unit[0]: set(unit[1:]) for unit in units}
    singles = list(view.hand) + [c for unit in units for c in unit[1:]]
    chosen: list[str] = []
    while len(chosen) < need:
        eligible = [c for c in singles if c not in chosen]
        eligible += [s for s, sup in supports_of.items() if s not in chosen and sup <= set(chosen)]
        chosen.append(min(eligible, key=lambda c: (_card_value(cards[c]), c)))
    return {"cards": chosen}


# The hard AI's estimate ------------------------------------------------------------------------


def estimate(state: SpaceEmperorState, seat: int) -> float:
    """The seat's share of the win in a game cut short (a rollout at the search's horizon): a
    logistic of its lead over the best rival in systems and ships, weighing more as the deck
    runs out, and cards held."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    cards = card_set(state.options.card_set)
    late = 1.0 - len(state.deck) / DECK_SIZE
    owned = [0] * state.seats
    for system in state.systems:
        if system.owner is not None:
            owned[system.owner] += 1

    def value(p: int) -> float:
        material = owned[p] + _might(cards, state, p) / SYSTEM_HITS
        return material * (SYSTEM_WEIGHT + LATE_SYSTEM_WEIGHT * late) + CARD_WEIGHT * len(
            state.hands[p]
        )

    values = [value(p) for p in range(state.seats)]
    lead = values[seat] - max(values[p] for p in range(state.seats) if p != seat)
    return 1.0 / (1.0 + math.exp(-lead))


def _might(cards: CardSet, state: SpaceEmperorState, seat: int) -> float:
    """Expected hits of the seat's garrisons and hand ships, each fighting alone."""
    units = [u.cards() for s in state.systems if s.owner == seat for u in s.garrison]
    units += [[c] for c in state.hands[seat] if cards[c].kind == "ship"]
    return sum(_expected(cards, [unit]) for unit in units)
