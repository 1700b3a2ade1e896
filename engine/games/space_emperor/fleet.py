"""Fleet formation (spec 4.3, F1-F8): checking a deployed fleet and taking its cards out of the
hand and the garrisons. A fleet arrives as the `fleet` field's value: a list of groups, each
`[ship, support, ...]` in deployment order."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core import IllegalInput, require
from engine.games.space_emperor.cards import SUPPORT_KINDS
from engine.games.space_emperor.state import Ctx, Slot, Unit

MAX_SUPPORTS = 2


@dataclass
class Plan:
    """A checked fleet: its groups, where each card comes from, and what committing it costs."""

    groups: list[list[str]]
    from_hand: set[str]
    refits: list[str] = field(default_factory=list)  # replaced garrison weapons (discarded)
    reassign: dict[str, str] = field(default_factory=dict)  # admiral/ESP -> staying ship


def parse_groups(raw: Any) -> list[list[str]]:
    """The field value as a list of non-empty lists of card ids, or `bad_fleet`."""
    if not isinstance(raw, list) or not all(
        isinstance(group, list) and group and all(isinstance(c, str) for c in group)
        for group in raw
    ):
        raise IllegalInput("bad_fleet")
    return [list(group) for group in raw]


def garrison_index(ctx: Ctx, seat: int) -> dict[str, tuple[str, Unit]]:
    """Every garrison card of `seat` -> (system id, the unit it belongs to)."""
    found: dict[str, tuple[str, Unit]] = {}
    for system in ctx.owned(seat):
        for unit in system.garrison:
            for card in unit.cards():
                found[card] = (system.id, unit)
    return found


def plan_fleet(ctx: Ctx, seat: int, raw: Any, systems: set[str], reassign: Any = None) -> Plan:
    """Check F1-F8 for a fleet whose garrison cards may come from `systems` only (an attack:
    all the seat's systems; a defence: the attacked one, F8). `reassign` is the optional
    `garrison_reassign` field: {admiral/ESP left behind: staying ship of its garrison}."""
    groups = parse_groups(raw)
    require(bool(groups), "fleet_no_ship")
    limit = ctx.state.options.fleet_card_limit
    flat = [card for group in groups for card in group]
    require(len(flat) <= limit, "fleet_too_large", limit=limit)
    require(len(set(flat)) == len(flat), "card_twice")
    hand = set(ctx.state.hands[seat])
    garrisons = garrison_index(ctx, seat)
    for card in flat:
        if card in hand:
            continue
        require(card in garrisons, "card_not_available", card=card)
        require(garrisons[card][0] in systems, "other_garrison", card=card)
    plan = Plan(groups=groups, from_hand={card for card in flat if card in hand})
    for group in groups:
        _check_group(ctx, group, plan, garrisons)
    require(reassign is None or isinstance(reassign, dict), "bad_reassign")
    _reassign_left_supports(ctx, plan, garrisons, reassign or {})
    return plan


def _check_group(
    ctx: Ctx, group: list[str], plan: Plan, garrisons: dict[str, tuple[str, Unit]]
) -> None:
    ship = ctx.card(group[0])
    require(ship.kind == "ship", "not_a_ship", card=group[0])
    supports = [ctx.card(card) for card in group[1:]]
    for support in supports:
        require(support.kind in SUPPORT_KINDS, "not_a_support", card=support.id)
    require(len(supports) <= MAX_SUPPORTS, "too_many_supports", card=ship.id)
    kinds = [support.kind for support in supports]
    require(len(set(kinds)) == len(kinds), "same_support_twice", card=ship.id)
    weapon = next((s for s in supports if s.kind == "super_weapon"), None)
    if weapon is not None:
        allowed = weapon.allowed_classes
        require(not allowed or ship.ship_class in allowed, "weapon_class", card=weapon.id)
        if weapon.id in garrisons:
            require(garrisons[weapon.id][1].ship == ship.id, "weapon_fixed", card=weapon.id)
    if ship.id in garrisons:
        old = _weapon_of(ctx, garrisons[ship.id][1])
        if old is not None and (weapon is None or weapon.id != old):
            require(weapon is not None and weapon.id in plan.from_hand, "weapon_fixed", card=old)
            plan.refits.append(old)


def _weapon_of(ctx: Ctx, unit: Unit) -> str | None:
    return next((c for c in unit.supports if ctx.card(c).kind == "super_weapon"), None)


def _reassign_left_supports(
    ctx: Ctx, plan: Plan, garrisons: dict[str, tuple[str, Unit]], wanted: dict[Any, Any]
) -> None:
    """F7: an admiral/ESP left behind by a garrison ship that sorties moves to a staying ship of
    the same garrison with room: the one named in `wanted`, else the one with the fewest
    supports (then lowest id); `unassigned_support` when none has room."""
    flat = {card for group in plan.groups for card in group}
    for ship in sorted(flat & set(garrisons)):
        system_id, unit = garrisons[ship]
        if unit.ship != ship:
            continue
        for support in unit.supports:
            if support in flat or support in plan.refits:
                continue
            rooms = _rooms_for(ctx, ctx.system(system_id).garrison, support, flat, plan)
            require(bool(rooms), "unassigned_support", card=support)
            choice = wanted.get(support, rooms[0])
            require(choice in rooms, "bad_reassign", card=support)
            plan.reassign[support] = choice


def _rooms_for(
    ctx: Ctx, garrison: list[Unit], support: str, leaving: set[str], plan: Plan
) -> list[str]:
    """Staying ships that can take `support`, fewest supports first, then by id."""
    kind = ctx.card(support).kind
    candidates = []
    for unit in garrison:
        if unit.ship in leaving or ctx.card(unit.ship).kind != "ship":
            continue
        kept = [c for c in unit.supports if c not in leaving]
        kept += [c for c, target in plan.reassign.items() if target == unit.ship]
        if len(kept) < MAX_SUPPORTS and kind not in {ctx.card(c).kind for c in kept}:
            candidates.append((len(kept), unit.ship))
    return [ship for _, ship in sorted(candidates)]


def commit_fleet(ctx: Ctx, seat: int, plan: Plan) -> list[Slot]:
    """Take the fleet's cards out of hand and garrisons; replaced weapons go to the discard."""
    flat = {card for group in plan.groups for card in group}
    ctx.state.hands[seat] = [c for c in ctx.state.hands[seat] if c not in flat]
    for system in ctx.owned(seat):
        kept: list[Unit] = []
        for unit in system.garrison:
            if unit.ship in flat:
                continue
            unit.supports = [c for c in unit.supports if c not in flat]
            unit.supports += [c for c, ship in plan.reassign.items() if ship == unit.ship]
            kept.append(unit)
        if len(kept) != len(system.garrison) or any(c in flat for c in plan.reassign):
            ctx.mark(system.id)
        system.garrison = kept
    if plan.refits:
        ctx.to_discard(*plan.refits)
        ctx.say("refit", seat=seat, cards=[ctx.card(c).name for c in plan.refits])
    return [
        Slot(
            unit=Unit(ship=group[0], supports=group[1:]),
            shown=[card not in plan.from_hand for card in group],
        )
        for group in plan.groups
    ]
