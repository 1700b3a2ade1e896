"""The turn loop (spec 2, 3.1, 3.2, 4.6, 5.6-5.11, 6): setup, draw step, open cards, operations,
the hand limit, endgame and instant victory. `proceed` runs every automatic step until some
player must answer; the stage it leaves in `state.stage` tells `pending` what to ask."""

from __future__ import annotations

import math

from engine.games.space_emperor import battle as combat
from engine.games.space_emperor.cards import OPEN_KINDS
from engine.games.space_emperor.state import PLANET, Battle, Ctx, Slot, System, Unit

TRACTOR = "bh_tractor"
INTERRUPTS = frozenset({"defend", "targets", "assign", "escape", "relocate", "redirect"})
STARTING_HAND = 5


# Setup -----------------------------------------------------------------------------------


def deal(ctx: Ctx) -> None:
    """Spec 2 on a fresh state: shuffle, deal 5 each, clean hands, a neutral system if nobody
    owns one, shuffle the set-aside open cards back, choose the first player."""
    state = ctx.state
    state.deck = ctx.rand.shuffle(sorted(ctx.cards.cards))
    for _ in range(STARTING_HAND):
        for seat in range(state.seats):
            state.hands[seat].append(state.deck.pop(0))
    set_aside: list[str] = []
    for seat in range(state.seats):
        _clean_hand(ctx, seat, set_aside)
    if not state.systems:
        found = next((c for c in state.deck if ctx.card(c).kind == "star_system"), None)
        if found is not None:
            state.deck.remove(found)
            state.systems.append(System(id=found, owner=None))
            ctx.say("neutral_system", system=ctx.card(found).name)
    state.deck = ctx.rand.shuffle(state.deck + set_aside)
    if state.options.first_player == "host":
        state.stage = "first_player"
        return
    state.active = ctx.rand.pick(list(range(state.seats)))
    start_turn(ctx)
    proceed(ctx)


def _clean_hand(ctx: Ctx, seat: int, set_aside: list[str]) -> None:
    state = ctx.state
    while True:
        hand = state.hands[seat]
        systems = [c for c in hand if ctx.card(c).kind == "star_system"]
        opens = [c for c in hand if ctx.card(c).kind in OPEN_KINDS]
        if not systems and not opens:
            break
        for card in systems:
            state.systems.append(System(id=card, owner=seat))
        set_aside.extend(opens)
        state.hands[seat] = [c for c in hand if c not in systems and c not in opens]
        for _ in opens:
            if state.deck:
                state.hands[seat].append(state.deck.pop(0))
    state.hands[seat].sort()


# The scheduler ---------------------------------------------------------------------------


def proceed(ctx: Ctx) -> None:
    """Resolve automatic steps (battles, relocations, end of turn, next turns) until an input
    is needed or the game is over."""
    state = ctx.state
    if state.stage in INTERRUPTS:
        state.stage = "end"  # battles, relocations and redirects always end the turn
    while not state.over:
        if state.battle is not None:
            waiting = combat.advance(ctx, state.battle)
            if waiting is not None:
                state.stage = waiting
                return
            state.stage = "end"
            if check_instant_victory(ctx):
                return
            continue
        if state.relocations:
            if not _relocate_automatically(ctx):
                state.stage = "relocate"
                return
            continue
        if state.redirect is not None:
            if redirect_targets(ctx, state.redirect[0]):
                state.stage = "redirect"
                return
            ctx.to_discard(state.redirect[1])
            state.redirect = None
            continue
        if state.stage != "end":
            return
        if hand_excess(ctx, state.active) > 0:
            state.stage = "discard"
            return
        finish_turn(ctx)


def check_instant_victory(ctx: Ctx) -> bool:
    """6.1: one player owns every existing system (at least one exists)."""
    state = ctx.state
    existing = ctx.system_count() - sum(
        1 for c in state.discard if ctx.card(c).kind == "star_system"
    )
    for seat in range(state.seats):
        if existing >= 1 and len(ctx.owned(seat)) == existing:
            state.winner = seat
            state.over = True
            state.stage = "over"
            ctx.say("instant_victory", seat=seat)
            return True
    return False


# Turns -----------------------------------------------------------------------------------


def start_turn(ctx: Ctx) -> None:
    """TURN_START and the draw step (3.2)."""
    state = ctx.state
    state.turn += 1
    state.drawn = []
    state.endgame_turn = not state.deck
    seat = state.active
    ctx.say("turn", seat=seat, endgame=state.endgame_turn)
    count = 1 + math.ceil(len(ctx.owned(seat)) / 2)
    hidden = 0
    for _ in range(count):
        if not state.deck:
            break
        card = state.deck.pop(0)
        kind = ctx.card(card).kind
        if kind in OPEN_KINDS or kind == "star_system":
            if hidden:
                ctx.say("drew_hidden", seat=seat, count=hidden)
            state.drawn.append(card)
            ctx.say("drew_open", seat=seat, card=ctx.card(card).name)
            state.stage = "end"
            if kind == "star_system":
                state.systems.append(System(id=card, owner=seat))
                ctx.mark(card)
                check_instant_victory(ctx)
            else:
                open_card(ctx, seat, card)
            return
        state.hands[seat].append(card)
        state.hands[seat].sort()
        hidden += 1
        ctx.say("drew_card", to=(seat,), card=ctx.card(card).name)
    if hidden:
        ctx.say("drew_hidden", seat=seat, count=hidden)
    state.stage = "act"


def finish_turn(ctx: Ctx) -> None:
    """TURN_END after the hand limit: endgame bookkeeping, then the next player's turn."""
    state = ctx.state
    seat = state.active
    limit = state.options.endgame_turn_limit
    if state.endgame_turn and not state.retired[seat]:
        state.endgame_turns[seat] += 1
        if limit is not None and state.endgame_turns[seat] >= limit:
            retire(ctx, seat)
    if all(state.retired):
        state.over = True
        state.stage = "over"
        ctx.say("all_retired")
        return
    nxt = (seat + 1) % state.seats
    while state.retired[nxt]:
        nxt = (nxt + 1) % state.seats
    state.active = nxt
    start_turn(ctx)


def retire(ctx: Ctx, seat: int) -> None:
    ctx.state.retired[seat] = True
    ctx.say("retired", seat=seat)


def hand_excess(ctx: Ctx, seat: int) -> int:
    """4.6: hand + every garrison card over the limit."""
    held = len(ctx.state.hands[seat]) + sum(
        len(unit.cards()) for system in ctx.owned(seat) for unit in system.garrison
    )
    return held - ctx.state.options.hand_limit


# Relocation and redirect -----------------------------------------------------------------


def _relocate_automatically(ctx: Ctx) -> bool:
    """Resolve the first relocation when it needs no choice; False when its owner must pick."""
    move = ctx.state.relocations[0]
    systems = ctx.owned(move.seat)
    if len(systems) >= 2:
        return False
    ctx.state.relocations.pop(0)
    if not systems:
        ctx.to_discard(*(card for unit in move.units for card in unit.cards()))
        ctx.say("survivors_lost", seat=move.seat, count=len(move.units))
    else:
        relocate(ctx, move.seat, move.units, systems[0])
    return True


def relocate(ctx: Ctx, seat: int, units: list[Unit], system: System) -> None:
    system.garrison = system.garrison + units
    ctx.mark(system.id)
    ctx.say("relocated", seat=seat, count=len(units), system=ctx.card(system.id).name)


def redirect_targets(ctx: Ctx, seat: int) -> list[int]:
    return [p for p in range(ctx.state.seats) if p != seat and ctx.owned(p)]


# Open cards ------------------------------------------------------------------------------


def open_card(ctx: Ctx, seat: int, card: str) -> None:
    kind = ctx.card(card).kind
    if kind == "trade":
        if ctx.state.hands[seat] and trade_partners(ctx, seat):
            ctx.state.stage = "trade"
            return
        ctx.to_discard(card)
        ctx.say("no_effect", card=ctx.card(card).name)
    elif kind == "monster":
        monster_arrives(ctx, seat, card)
    elif kind in ("black_hole", "supernova"):
        catastrophe(ctx, seat, card)
    else:
        defect(ctx, seat, card)


def trade_partners(ctx: Ctx, seat: int) -> list[int]:
    return [p for p in range(ctx.state.seats) if p != seat and ctx.state.hands[p]]


def trade(ctx: Ctx, seat: int, partner: int) -> None:
    """5.10: a random card each way, seen only by the two players."""
    hands = ctx.state.hands
    given = ctx.rand.pick(sorted(hands[seat]))
    taken = ctx.rand.pick(sorted(hands[partner]))
    hands[seat].remove(given)
    hands[partner].remove(taken)
    hands[seat] = sorted(hands[seat] + [taken])
    hands[partner] = sorted(hands[partner] + [given])
    card = ctx.state.drawn[-1]
    ctx.to_discard(card)
    ctx.say("traded", seat=seat, seat_partner=partner)
    ctx.say(
        "traded_cards",
        to=(seat, partner),
        seat=seat,
        seat_partner=partner,
        given=ctx.card(given).name,
        taken=ctx.card(taken).name,
    )


def monster_arrives(ctx: Ctx, seat: int, monster: str) -> None:
    """5.6.1: raid the drawer, or have him push it on somebody, or hit a neutral system."""
    if ctx.owned(seat):
        raid(ctx, seat, monster)
    elif redirect_targets(ctx, seat):
        ctx.state.stage = "push"
    else:
        _monster_on_neutral(ctx, monster)


def raid(ctx: Ctx, seat: int, monster: str) -> None:
    """5.6.2: the monster attacks a random system of `seat`, who answers privately."""
    target = ctx.rand.pick([s.id for s in ctx.owned(seat)])
    ctx.say("raid", seat=seat, monster=ctx.card(monster).name, system=ctx.card(target).name)
    ctx.mark(target)
    ctx.state.battle = Battle(
        attacker=None,
        defender=seat,
        system=target,
        attack=[Slot(unit=Unit(ship=monster), shown=[True])],
    )


def _monster_on_neutral(ctx: Ctx, monster: str) -> None:
    neutral = sorted(s.id for s in ctx.state.systems if s.owner is None)
    if not neutral:
        ctx.to_discard(monster)
        ctx.say("no_effect", card=ctx.card(monster).name)
        return
    system = ctx.system(ctx.rand.pick(neutral))
    ctx.mark(system.id)
    if not system.garrison:
        system.garrison = [Unit(ship=monster)]
        ctx.say("monster_settles", monster=ctx.card(monster).name, system=ctx.card(system.id).name)
        return
    _monster_duel(ctx, monster, system)


def _monster_duel(ctx: Ctx, monster: str, system: System) -> None:
    """5.6.4: each monster rolls; fewer hits is discarded, a tie discards both."""
    defender = system.garrison[0].ship
    hits = []
    for card in (monster, defender):
        faces = [ctx.rand.d6() for _ in range(ctx.card(card).strength or 0)]
        hits.append(sum(1 for f in faces if f >= combat.HIT))
        ctx.say(
            "monster_roll",
            ship=ctx.card(card).name,
            slot="",
            dice=len(faces),
            faces=faces,
            first=[],
            mod=0,
            hits=hits[-1],
        )
    if hits[0] == hits[1]:
        losers = [monster, defender]
    else:
        losers = [monster] if hits[0] < hits[1] else [defender]
    ctx.to_discard(*losers)
    system.garrison = [] if defender in losers else system.garrison
    if monster not in losers:
        system.garrison = [Unit(ship=monster)]
    ctx.say(
        "monster_duel", system=ctx.card(system.id).name, sunk=[ctx.card(c).name for c in losers]
    )


def catastrophe(ctx: Ctx, seat: int, card: str) -> None:
    """5.7/5.8 step 1-2: a random system of the affected player is hit; a usable tractor
    asks first (black hole only)."""
    state = ctx.state
    systems = ctx.owned(seat)
    hit = ctx.rand.pick([s.id for s in systems]) if systems else None
    if hit is not None:
        ctx.say("struck", seat=seat, card=ctx.card(card).name, system=ctx.card(hit).name)
    state.black_hole = (seat, card, hit)
    if ctx.card(card).kind == "black_hole" and tractor_source(ctx, seat, hit) is not None:
        state.stage = "tractor"
        return
    strike(ctx)


def tractor_source(ctx: Ctx, seat: int, hit: str | None) -> str | None:
    """Where SW01 is usable from: "hand", the struck system's id, or None."""
    if any(ctx.card(c).special == TRACTOR for c in ctx.state.hands[seat]):
        return "hand"
    if hit is not None:
        for unit in ctx.system(hit).garrison:
            if any(ctx.card(c).special == TRACTOR for c in unit.supports):
                return hit
    return None


def use_tractor(ctx: Ctx, target: int) -> None:
    seat, card, hit = ctx.state.black_hole  # type: ignore[misc]  # set while a black hole is resolved
    source = tractor_source(ctx, seat, hit)
    if source == "hand":
        tractor = next(c for c in ctx.state.hands[seat] if ctx.card(c).special == TRACTOR)
        ctx.state.hands[seat].remove(tractor)
        ctx.to_discard(tractor)
    else:
        system = ctx.system(hit)  # type: ignore[arg-type]  # the branch where a system was hit
        unit = next(
            u for u in system.garrison if any(ctx.card(c).special == TRACTOR for c in u.supports)
        )
        system.garrison.remove(unit)
        ctx.to_discard(*unit.cards())
        ctx.mark(system.id)
    ctx.say("tractor_used", seat=seat, seat_target=target)
    catastrophe(ctx, target, card)


def strike(ctx: Ctx) -> None:
    """5.7/5.8 steps 3-5: destroy the hit system, or empty the hand of a player without one."""
    state = ctx.state
    seat, card, hit = state.black_hole  # type: ignore[misc]  # set while a black hole is resolved
    state.black_hole = None
    if hit is not None:
        system = ctx.system(hit)
        state.systems.remove(system)
        ctx.to_discard(hit, *(c for unit in system.garrison for c in unit.cards()))
        ctx.mark(hit)
        ctx.say("destroyed", seat=seat, system=ctx.card(hit).name)
    else:
        black_hole = ctx.card(card).kind == "black_hole"
        lost = [c for c in state.hands[seat] if not black_hole or ctx.card(c).kind == "ship"]
        state.hands[seat] = [c for c in state.hands[seat] if c not in lost]
        ctx.to_discard(*lost)
        ctx.say("hand_lost", seat=seat, count=len(lost))
    ctx.to_discard(card)
    state.stage = "end"
    check_instant_victory(ctx)


def defect(ctx: Ctx, seat: int, card: str) -> None:
    """5.9: every super-weapon of the drawer and every ESP in his garrisons is discarded."""
    state = ctx.state
    lost = [c for c in state.hands[seat] if ctx.card(c).kind == "super_weapon"]
    state.hands[seat] = [c for c in state.hands[seat] if c not in lost]
    for system in ctx.owned(seat):
        for unit in system.garrison:
            gone = [c for c in unit.supports if ctx.card(c).kind in ("super_weapon", "esp")]
            if gone:
                ctx.mark(system.id)
            lost += gone
            unit.supports = [c for c in unit.supports if c not in gone]
    ctx.to_discard(*lost, card)
    ctx.say("defect", seat=seat, cards=[ctx.card(c).name for c in lost])


# Attacks ---------------------------------------------------------------------------------


def begin_attack(ctx: Ctx, seat: int, target: str, slots: list[Slot]) -> None:
    """A1 done: set up the defence (A2) according to the 3.3 skip rules."""
    system = ctx.system(target)
    state = ctx.state
    state.stage = "end"
    ctx.mark(target)
    battle = Battle(attacker=seat, defender=system.owner, system=target, attack=slots)
    state.battle = battle
    ctx.say(
        "attack",
        seat=seat,
        system=ctx.card(target).name,
        layout=[f"{len(slot.unit.cards())}" for slot in slots],
    )
    if system.owner is not None:
        return
    if not system.garrison:
        for slot in slots:
            slot.target = PLANET
        battle.stage = "planet"
        battle.revealed = True
        ctx.say("reveal", attack=combat._names(ctx, slots), defence=[])
        return
    monster = system.garrison.pop(0)
    chosen = ctx.rand.pick(list(range(len(slots))))
    battle.defence = [Slot(unit=monster, shown=[True], target=chosen)]
    after_defence(ctx, battle)


def after_defence(ctx: Ctx, battle: Battle) -> None:
    """After A2: forced targets, or the attacker's A3 assignment when some ship has a choice."""
    if not battle.defence:
        for slot in battle.attack:
            slot.target = PLANET
        battle.stage = "planet"
        battle.revealed = True
        ctx.say("reveal", attack=combat._names(ctx, battle.attack), defence=[])
        return
    if battle.attacker is None:  # a monster raid: the monster picks a defending ship
        battle.attack[0].target = ctx.rand.pick(list(range(len(battle.defence))))
        battle.stage = "planet"
        return
    choices = False
    for index, slot in enumerate(battle.attack):
        targeting = [d for d, other in enumerate(battle.defence) if other.target == index]
        if len(targeting) == 1:
            slot.target = targeting[0]
        else:
            choices = True
    battle.stage = "assign" if choices else "planet"
