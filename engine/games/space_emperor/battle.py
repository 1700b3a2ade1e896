"""Battles (spec 5.1-5.5): dice, sinking, the ESP escape, planet combat, capture or failure.

`advance` runs a battle as far as it can without input and returns the stage that waits for
one ("defend", "targets", "assign", "escape"), or None once the battle is concluded (its
relocations and a possible monster redirect are then queued on the state).
"""

from __future__ import annotations

from engine.games.space_emperor.state import PLANET, Battle, Ctx, Relocation, Slot, Unit

HIT = 6  # a modified die of 6 or more is one hit


def is_monster(ctx: Ctx, card: str) -> bool:
    return ctx.card(card).kind == "monster"


def owner(battle: Battle, side: int) -> int | None:
    return battle.attacker if side == 0 else battle.defender


def fleet_of(battle: Battle, side: int) -> list[Slot]:
    return battle.attack if side == 0 else battle.defence


def dice_of(ctx: Ctx, slot: Slot) -> int:
    """dice(X): strength plus the extra dice of its own super-weapon (5.1)."""
    dice = ctx.card(slot.unit.ship).strength or 0
    return dice + sum(ctx.card(c).extra_dice for c in slot.unit.supports)


def mod_of(ctx: Ctx, fleet: list[Slot], slot: Slot) -> int:
    """mod(X): fleet-wide supports still afloat in X's fleet, +1 for its own carrier weapon."""
    if is_monster(ctx, slot.unit.ship):
        return 0
    wide = sum(
        1
        for other in fleet
        if not other.sunk
        for card in other.unit.supports
        if ctx.card(card).kind in ("admiral", "esp") or ctx.card(card).scope == "fleet"
    )
    own = sum(1 for card in slot.unit.supports if ctx.card(card).scope == "carrier")
    return wide + own


def has_special(ctx: Ctx, slot: Slot, special: str) -> bool:
    return any(ctx.card(card).special == special for card in slot.unit.supports)


def roll(ctx: Ctx, battle: Battle, side: int, index: int) -> int:
    """Roll every die of one ship (one event), with a Fire-Control re-roll of the misses."""
    fleet = fleet_of(battle, side)
    slot = fleet[index]
    slot.mod = mod_of(ctx, fleet, slot)
    faces = [ctx.rand.d6() for _ in range(dice_of(ctx, slot))]
    slot.rerolled = []
    if has_special(ctx, slot, "reroll_misses"):
        slot.rerolled = faces
        faces = [f if f + slot.mod >= HIT else ctx.rand.d6() for f in faces]
    slot.faces = faces
    slot.hits = sum(1 for face in faces if face + slot.mod >= HIT)
    seat = owner(battle, side)
    ctx.say(
        "roll" if seat is not None else "monster_roll",
        seat=seat,
        ship=ctx.card(slot.unit.ship).name,
        slot=_slot_name(side, index),
        dice=len(faces),
        faces=faces,
        first=slot.rerolled,
        mod=slot.mod,
        hits=slot.hits,
    )
    return slot.hits


def _slot_name(side: int, index: int) -> str:
    return f"{'AD'[side]}{index + 1}"


def fight(ctx: Ctx, battle: Battle) -> None:
    """5.2: reveal, roll every participant, sink, decide the battle; queue ESP escapes."""
    battle.revealed = True
    ctx.say("reveal", attack=_names(ctx, battle.attack), defence=_names(ctx, battle.defence))
    attackers = [i for i, s in enumerate(battle.attack) if s.target not in (None, PLANET)]
    for index in attackers:
        roll(ctx, battle, 0, index)
    for index in range(len(battle.defence)):
        roll(ctx, battle, 1, index)
    sunk = [(0, i) for i in attackers if _sinks(ctx, battle, 0, i)]
    sunk += [(1, i) for i in range(len(battle.defence)) if _sinks(ctx, battle, 1, i)]
    total_a = sum(battle.attack[i].hits or 0 for i in attackers)
    total_d = sum(slot.hits or 0 for slot in battle.defence)
    monster_attacks = battle.attacker is None
    won = total_a >= total_d if monster_attacks else total_a > total_d
    battle.result = "attacker" if won else "defender"
    # A fleet beaten in battle can still take the system: its ships sent at the planet attack
    # next, so "the defender wins" would be followed by a capture; the event says what is left.
    planet_next = not won and any(slot.target == PLANET for slot in battle.attack)
    key = "battle_defender_planet" if planet_next else f"battle_{battle.result}"
    ctx.say(key, attack=total_a, defence=total_d)
    for side, index in sunk:
        fleet_of(battle, side)[index].sunk = True
    for side, index in sunk:
        remove_sunk(ctx, battle, side, index)
    battle.captured = won
    battle.stage = "done" if won else "planet"


def _names(ctx: Ctx, fleet: list[Slot]) -> list[str]:
    return [" + ".join(ctx.card(c).name for c in slot.unit.cards()) for slot in fleet]


def _sinks(ctx: Ctx, battle: Battle, side: int, index: int) -> bool:
    slot = fleet_of(battle, side)[index]
    incoming = [other.hits or 0 for other in fleet_of(battle, 1 - side) if other.target == index]
    if not incoming:
        return False
    hits, against = slot.hits or 0, sum(incoming)
    if hits < against:
        return True
    if hits > against:
        return False
    if is_monster(ctx, slot.unit.ship) or has_special(ctx, slot, "tie_survive"):
        return False
    return ctx.state.options.zero_tie_sinks or hits > 0


def remove_sunk(ctx: Ctx, battle: Battle, side: int, index: int) -> None:
    """5.3: the ship, its weapon and admiral go to the discard; its ESP tries to escape.
    A sunk monster is kept aside (`monster_sunk`) for a possible redirect."""
    slot = fleet_of(battle, side)[index]
    slot.sunk = True
    gone = [c for c in slot.unit.cards() if ctx.card(c).kind != "esp"]
    if not is_monster(ctx, slot.unit.ship):
        ctx.to_discard(*gone)
    seat = owner(battle, side)
    ctx.say(
        "sunk" if seat is not None else "monster_sunk",
        seat=seat,
        ship=ctx.card(slot.unit.ship).name,
    )
    for esp in [c for c in slot.unit.supports if ctx.card(c).kind == "esp"]:
        _escape(ctx, battle, side, index, esp)


def escape_options(ctx: Ctx, battle: Battle, side: int) -> list[int]:
    """Surviving ships of the fleet that can take an ESP (F3; with the default 3-card fleet
    every survivor can, a larger `fleet_card_limit` may leave some full)."""
    return [
        i
        for i, slot in enumerate(fleet_of(battle, side))
        if not slot.sunk
        and len(slot.unit.supports) < 2
        and all(ctx.card(c).kind != "esp" for c in slot.unit.supports)
    ]


def _escape(ctx: Ctx, battle: Battle, side: int, index: int, esp: str) -> None:
    options = escape_options(ctx, battle, side)
    if len(options) >= 2:
        battle.escapes.append((esp, side, index))
        return
    if options:
        move_esp(ctx, battle, side, index, esp, options[0])
    else:
        fleet_of(battle, side)[index].unit.supports.remove(esp)
        ctx.to_discard(esp)
        ctx.say("esp_lost", seat=owner(battle, side), card=ctx.card(esp).name)


def move_esp(ctx: Ctx, battle: Battle, side: int, source: int, esp: str, target: int) -> None:
    fleet = fleet_of(battle, side)
    fleet[source].unit.supports.remove(esp)
    fleet[target].unit.supports.append(esp)
    ctx.say(
        "esp_escaped",
        seat=owner(battle, side),
        card=ctx.card(esp).name,
        ship=ctx.card(fleet[target].unit.ship).name,
    )


def planet_step(ctx: Ctx, battle: Battle) -> None:
    """5.4: the next planet ship attacks; success captures, failure sinks it."""
    for index in range(battle.planet_next, len(battle.attack)):
        slot = battle.attack[index]
        if slot.target != PLANET or slot.sunk:
            continue
        battle.planet_next = index + 1
        auto = is_monster(ctx, slot.unit.ship) or has_special(ctx, slot, "planet_auto_success")
        if auto:
            slot.hits = None
            ctx.say("planet_auto", seat=battle.attacker, ship=ctx.card(slot.unit.ship).name)
        elif roll(ctx, battle, 0, index) == 0:
            slot.planet = "failed"
            remove_sunk(ctx, battle, 0, index)
            return
        slot.planet = "success"
        battle.captured = True
        battle.stage = "done"
        return
    battle.stage = "done"


def advance(ctx: Ctx, battle: Battle) -> str | None:
    """Run the battle until it waits for an input (returns that stage) or is concluded."""
    while True:
        if battle.escapes:
            return "escape"
        if battle.stage in ("defend", "targets", "assign"):
            return battle.stage
        if not battle.revealed:
            fight(ctx, battle)
        elif battle.stage == "planet":
            planet_step(ctx, battle)
        else:
            conclude(ctx, battle)
            return None


def survivors(battle: Battle, side: int) -> list[Unit]:
    return [slot.unit for slot in fleet_of(battle, side) if not slot.sunk]


def conclude(ctx: Ctx, battle: Battle) -> None:
    """5.5 capture or failure; relocations and a monster redirect are queued on the state."""
    state = ctx.state
    system = ctx.system(battle.system)
    ctx.mark(system.id)
    sunk_monster = next(
        (
            (side, slot.unit.ship)
            for side in (0, 1)
            for slot in fleet_of(battle, side)
            if slot.sunk and is_monster(ctx, slot.unit.ship)
        ),
        None,
    )
    if battle.captured:
        _capture(ctx, battle)
    else:
        _failure(ctx, battle)
    state.battle = None
    state.last_battle = battle
    if sunk_monster is not None:
        _monster_sunk(ctx, battle, *sunk_monster)


def _capture(ctx: Ctx, battle: Battle) -> None:
    system = ctx.system(battle.system)
    left = survivors(battle, 1) + system.garrison
    previous = system.owner
    if battle.attacker is None:  # a monster raid succeeds: the system turns neutral
        system.owner = None
        system.garrison = survivors(battle, 0)
        ctx.say("monster_takes", seat=previous, system=ctx.card(system.id).name)
    else:
        system.owner = battle.attacker
        system.garrison = survivors(battle, 0)
        ctx.say("captured", seat=battle.attacker, system=ctx.card(system.id).name)
    if previous is None:
        ctx.to_discard(*(card for unit in left for card in unit.cards()))
    elif left:
        ctx.state.relocations.append(Relocation(seat=previous, units=left))


def _failure(ctx: Ctx, battle: Battle) -> None:
    system = ctx.system(battle.system)
    system.garrison = system.garrison + survivors(battle, 1)
    failed = "attack_failed" if battle.attacker is not None else "raid_repelled"
    ctx.say(
        failed, seat=battle.attacker, seat_defender=battle.defender, system=ctx.card(system.id).name
    )
    left = survivors(battle, 0)
    if battle.attacker is not None and left:
        ctx.state.relocations.append(Relocation(seat=battle.attacker, units=left))


def _monster_sunk(ctx: Ctx, battle: Battle, side: int, monster: str) -> None:
    """5.6.5: a monster sunk by a fleet with an ESP may be redirected by that fleet's owner."""
    winner = owner(battle, 1 - side)
    with_esp = any(
        ctx.card(card).kind == "esp"
        for unit in survivors(battle, 1 - side)
        for card in unit.cards()
    )
    if winner is not None and with_esp:
        ctx.state.redirect = (winner, monster)
    else:
        ctx.to_discard(monster)
