"""Space Emperor's rules: setup, the input handlers (each played on a working copy of the state,
see state.Ctx) and the final outcome. The rule decisions are in the package docstring."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import (
    Action,
    Event,
    IllegalInput,
    Move,
    Msg,
    Outcome,
    competition_ranks,
    int_arg,
    require,
    required,
    str_arg,
)
from engine.games.space_emperor import battle as combat
from engine.games.space_emperor import turns
from engine.games.space_emperor.fleet import commit_fleet, plan_fleet
from engine.games.space_emperor.prompts import assign_choices, expected_input
from engine.games.space_emperor.state import (
    PLANET,
    Ctx,
    Operation,
    Randomness,
    SpaceEmperorOptions,
    SpaceEmperorState,
    System,
    working_copy,
)

Handler = Callable[[Ctx, int, dict[str, Any]], None]


def make_ctx(state: SpaceEmperorState) -> Ctx:
    return Ctx(state, Randomness(state.rng))


def _seat_arg(value: Any, code: str) -> int:
    return int_arg(value, code)


def start(options: SpaceEmperorOptions, seats: int, seed: int) -> SpaceEmperorState:
    require(seats < 7 or options.allow_seven_players, "seven_needs_option")
    state = SpaceEmperorState(
        seats=seats,
        rng=seed,
        options=options,
        deck=[],
        hands=[[] for _ in range(seats)],
        endgame_turns=[0] * seats,
        retired=[False] * seats,
    )
    ctx = make_ctx(state)
    turns.deal(ctx)
    state.rng = ctx.rand.state
    return state


def played(handler: Handler) -> Move:
    """A move of the table: refused unless it is the input the game waits for, then played on
    a working copy with every automatic step that follows it (turns.proceed).

    The working copy (state.working_copy, then mutation) is kept rather than one-way updates:
    the rules mutate nested units, slots and lists in about 900 lines (turns, battle, fleet)."""

    def move(state: SpaceEmperorState, action: Action) -> tuple[SpaceEmperorState, list[Event]]:
        expected = expected_input(Ctx(state, None))
        require(expected is not None, "game_over")
        name, seat = expected  # type: ignore[misc]  # not None: checked by require() above
        require(name == action.move, "wrong_phase")
        require(action.seat == seat, "not_your_turn")
        ctx = make_ctx(working_copy(state))
        ctx.state.changed = []
        ctx.state.last_battle = None
        handler(ctx, action.seat, action.args)
        turns.proceed(ctx)
        ctx.state.step += 1
        ctx.state.rng = ctx.rand.state
        return ctx.state, ctx.events

    return move


def outcome(state: SpaceEmperorState) -> Outcome | None:
    if not state.over:
        return None
    ctx = Ctx(state, None)
    scores = tuple(len(ctx.owned(seat)) for seat in range(state.seats))
    if state.winner is not None:
        reason = Msg(key="outcome.instant", args={"seat": state.winner})
        return Outcome(
            scores=scores,
            ranks=competition_ranks(scores),
            winners=(state.winner,),
            reason=reason,
        )
    best = max(scores)
    keys = list(scores)
    if state.options.final_tiebreak == "fleet_strength":
        keys = [s * 1000 + (_strength(ctx, p) if s == best else 0) for p, s in enumerate(scores)]
    ranks = competition_ranks(keys)
    winners = tuple(p for p, rank in enumerate(ranks) if rank == 1) if best > 0 else ()
    reason = Msg(key="outcome.most_systems" if winners else "outcome.draw")
    return Outcome(scores=scores, ranks=ranks, winners=winners, reason=reason)


def _strength(ctx: Ctx, seat: int) -> int:
    cards = list(ctx.state.hands[seat])
    cards += [unit.ship for s in ctx.owned(seat) for unit in s.garrison]
    return sum(ctx.card(c).strength or 0 for c in cards if ctx.card(c).kind == "ship")


# Handlers --------------------------------------------------------------------------------


def _first_player(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    chosen = _seat_arg(args.get("player"), "bad_player")
    require(0 <= chosen < ctx.state.seats, "bad_player")
    ctx.state.active = chosen
    ctx.say("first_player", seat=chosen)
    turns.start_turn(ctx)


def _act(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    action = args.get("action")
    require(action != "secret_police", "police_is_reaction")
    acts = {"pass": _pass, "attack": _attack, "spy": _spy, "terrorist": _terrorist}
    acts[str_arg(action, "bad_action", acts)](ctx, seat, args)


def _pass(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    ctx.say("passed", seat=seat)
    if ctx.state.endgame_turn:
        turns.retire(ctx, seat)
    ctx.state.stage = "end"


def _attack(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    target = str_arg(args.get("target"), "bad_target")
    known = target in ctx.cards.cards and ctx.card(target).kind == "star_system"
    require(known, "bad_target")
    require(target not in ctx.state.discard, "system_destroyed")
    system = next((s for s in ctx.state.systems if s.id == target), None)
    require(system is not None, "system_not_in_play")
    assert system is not None
    require(system.owner != seat, "own_system")
    own = {s.id for s in ctx.owned(seat)}
    plan = plan_fleet(ctx, seat, args.get("fleet"), own, args.get("garrison_reassign"))
    slots = commit_fleet(ctx, seat, plan)
    turns.begin_attack(ctx, seat, target, slots)


def _spy(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    card = required(
        next((c for c in ctx.state.hands[seat] if ctx.card(c).kind == "spy"), None), "no_spy"
    )
    target = _seat_arg(args.get("spy_target"), "bad_spy_target")
    valid = 0 <= target < ctx.state.seats and target != seat and ctx.state.hands[target]
    require(bool(valid), "bad_spy_target")
    _operation(ctx, seat, Operation(kind="spy", card=card, target_seat=target))


def _terrorist(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    hand = ctx.state.hands[seat]
    card = required(
        next((c for c in hand if ctx.card(c).kind == "terrorist"), None), "no_terrorist"
    )
    target = args.get("terror_target")
    system = required(
        next((s for s in ctx.state.systems if s.id == target), None), "bad_terror_target"
    )
    owner = required(system.owner, "bad_terror_target")
    require(owner != seat and bool(system.garrison), "bad_terror_target")
    operation = Operation(kind="terrorist", card=card, target_seat=owner, target_system=system.id)
    _operation(ctx, seat, operation)


def _operation(ctx: Ctx, seat: int, operation: Operation) -> None:
    """R1: the operation card is revealed and discarded; R2 asks the target (or not)."""
    state = ctx.state
    state.hands[seat].remove(operation.card)
    ctx.to_discard(operation.card)
    target_system = ctx.card(operation.target_system).name if operation.target_system else ""
    ctx.say(
        f"play_{operation.kind}",
        seat=seat,
        seat_target=operation.target_seat,
        system=target_system,
    )
    if operation.target_system:
        ctx.mark(operation.target_system)
    state.operation = operation
    state.stage = "end"
    holds = any(ctx.card(c).kind == "secret_police" for c in state.hands[operation.target_seat])
    if holds or state.options.always_prompt_reactions:
        state.stage = "react"
        return
    _resolve_operation(ctx)


def _react(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    answer = args.get("answer")
    require(answer in ("decline", "secret_police"), "bad_answer")
    if answer == "secret_police":
        police = [c for c in ctx.state.hands[seat] if ctx.card(c).kind == "secret_police"]
        card = str_arg(args.get("card", police[0] if police else None), "no_secret_police", police)
        ctx.state.hands[seat].remove(card)
        ctx.to_discard(card)
        ctx.say("secret_police", seat=seat)
        ctx.state.operation = None
    else:
        _resolve_operation(ctx)
    ctx.state.stage = "end"


def _resolve_operation(ctx: Ctx) -> None:
    """5.11 after `decline`: the spy steals a random card, the terrorist destroys one."""
    state = ctx.state
    operation = state.operation
    assert operation is not None
    state.operation = None
    state.stage = "end"
    target = operation.target_seat
    if operation.kind == "spy":
        stolen = ctx.rand.pick(sorted(state.hands[target]))
        state.hands[target].remove(stolen)
        state.hands[state.active] = sorted(state.hands[state.active] + [stolen])
        ctx.say("spied", seat=state.active, seat_target=target)
        ctx.say(
            "spied_card",
            to=(state.active, target),
            seat=state.active,
            seat_target=target,
            card=ctx.card(stolen).name,
        )
        return
    system = ctx.system(operation.target_system)  # type: ignore[arg-type]  # a terrorist operation names its system
    victim = ctx.rand.pick(sorted(c for unit in system.garrison for c in unit.cards()))
    _blow_up(ctx, system, victim)


def _blow_up(ctx: Ctx, system: System, victim: str) -> None:
    unit = next(u for u in system.garrison if victim in u.cards())
    lost = [victim]
    if unit.ship == victim:
        weapon = [c for c in unit.supports if ctx.card(c).kind == "super_weapon"]
        lost += weapon
        system.garrison.remove(unit)
        for support in unit.supports:
            if support not in weapon:
                _reattach(ctx, system, support)
    else:
        unit.supports.remove(victim)
    ctx.to_discard(*lost)
    ctx.mark(system.id)
    ctx.say("sabotaged", system=ctx.card(system.id).name, cards=[ctx.card(c).name for c in lost])


def _reattach(ctx: Ctx, system: System, support: str) -> None:
    kind = ctx.card(support).kind
    room = [
        (len(u.supports), u.ship)
        for u in system.garrison
        if ctx.card(u.ship).kind == "ship"
        and len(u.supports) < 2
        and kind not in {ctx.card(c).kind for c in u.supports}
    ]
    if room:
        ship = min(room)[1]
        next(u for u in system.garrison if u.ship == ship).supports.append(support)
    else:
        owner = system.owner
        assert owner is not None, "a garrisoned system has an owner"
        ctx.state.hands[owner] = sorted(ctx.state.hands[owner] + [support])
        ctx.say("support_to_hand", seat=owner, card=ctx.card(support).name)


def _defend(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    battle = ctx.state.battle
    assert battle is not None
    sortie = args.get("sortie")
    require(sortie in ("no_sortie", "sortie"), "bad_answer")
    if sortie == "no_sortie":
        battle.no_sortie = True
        ctx.say("no_sortie", seat=seat)
        turns.after_defence(ctx, battle)
        return
    plan = plan_fleet(ctx, seat, args.get("fleet"), {battle.system}, args.get("garrison_reassign"))
    battle.defence = commit_fleet(ctx, seat, plan)
    layout = [f"{len(slot.unit.cards())}" for slot in battle.defence]
    ctx.say("sortie", seat=seat, layout=layout)
    if battle.attacker is None or len(battle.attack) == 1:
        for slot in battle.defence:
            slot.target = 0
        turns.after_defence(ctx, battle)
    else:
        battle.stage = "targets"


def _targets(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    battle = ctx.state.battle
    assert battle is not None
    chosen = []
    for index in range(len(battle.defence)):
        value = args.get(f"target_{index + 1}")
        chosen.append(int_arg(value, "bad_defence_target", 0, len(battle.attack) - 1))
    for slot, value in zip(battle.defence, chosen, strict=True):
        slot.target = value
    ctx.say("defence_targets", seat=seat, targets=[f"A{v + 1}" for v in chosen])
    turns.after_defence(ctx, battle)


def _assign(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    battle = ctx.state.battle
    assert battle is not None
    chosen: dict[int, int] = {}
    for index, options in assign_choices(battle).items():
        value = int_arg(args.get(f"assign_{index + 1}"), "bad_assignment")
        require(value in options, "bad_assignment")
        chosen[index] = value
    for index, value in chosen.items():
        battle.attack[index].target = value
    names = [f"A{i + 1}→{'P' if v == PLANET else f'D{v + 1}'}" for i, v in chosen.items()]
    ctx.say("assigned", seat=seat, assignment=names)
    battle.stage = "planet"


def _escape(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    battle = ctx.state.battle
    assert battle is not None
    esp, side, source = battle.escapes[0]
    target = args.get("ship")
    require(target in combat.escape_options(ctx, battle, side), "bad_escape")
    battle.escapes.pop(0)
    combat.move_esp(ctx, battle, side, source, esp, target)  # type: ignore[arg-type]  # checked by require() above


def _relocate(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    move = ctx.state.relocations[0]
    wanted = args.get("system")
    system = required(next((s for s in ctx.owned(seat) if s.id == wanted), None), "not_your_system")
    ctx.state.relocations.pop(0)
    turns.relocate(ctx, seat, move.units, system)


def _redirect(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _, monster = ctx.state.redirect  # type: ignore[misc]  # set while a redirect is asked
    player = args.get("player")
    if player == "decline":
        ctx.state.redirect = None
        ctx.to_discard(monster)
        ctx.say("redirect_declined", seat=seat)
        return
    require(player in turns.redirect_targets(ctx, seat), "bad_player")
    ctx.state.redirect = None
    ctx.say("redirected", seat=seat, seat_target=player)
    turns.raid(ctx, player, monster)  # type: ignore[arg-type]  # checked by require() above


def _trade(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    partner = args.get("player")
    require(partner != seat, "trade_with_self")
    require(partner in turns.trade_partners(ctx, seat), "bad_trade_partner")
    turns.trade(ctx, seat, partner)  # type: ignore[arg-type]  # checked by require() above
    ctx.state.stage = "end"


def _push(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    player = args.get("player")
    require(player != seat, "push_to_self")
    require(player in turns.redirect_targets(ctx, seat), "bad_push_target")
    ctx.say("pushed", seat=seat, seat_target=player)
    ctx.state.stage = "end"
    turns.raid(ctx, player, ctx.state.drawn[-1])  # type: ignore[arg-type]  # checked by require() above


def _tractor(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    use = args.get("use")
    require(use in ("yes", "no"), "bad_answer")
    if use == "no":
        turns.strike(ctx)
        return
    target = args.get("target_player")
    require(target != seat, "tractor_self")
    turns.use_tractor(ctx, int_arg(target, "bad_player", 0, ctx.state.seats - 1))


def _discard(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    raw = args.get("cards")
    if not isinstance(raw, list):
        raise IllegalInput("bad_discard")
    cards = [str_arg(card, "bad_discard") for card in raw]
    require(len(set(cards)) == len(cards), "bad_discard")
    excess = turns.hand_excess(ctx, seat)
    require(len(cards) == excess, "wrong_discard_count", count=excess)
    chosen = set(cards)
    hand = ctx.state.hands[seat]
    garrisons = {c: (s, u) for s in ctx.owned(seat) for u in s.garrison for c in u.cards()}
    for card in chosen:
        require(card in hand or card in garrisons, "card_not_available", card=card)
        if card in garrisons and garrisons[card][1].ship == card:
            whole = set(garrisons[card][1].cards()) <= chosen
            require(whole, "ship_without_supports", card=card)
    ctx.state.hands[seat] = [c for c in hand if c not in chosen]
    for system in ctx.owned(seat):
        system.garrison = [u for u in system.garrison if u.ship not in chosen]
        for unit in system.garrison:
            unit.supports = [c for c in unit.supports if c not in chosen]
        if any(garrisons.get(c, (None,))[0] is system for c in chosen):
            ctx.mark(system.id)
    ordered = sorted(chosen)
    ctx.to_discard(*ordered)
    ctx.say("discarded", seat=seat, cards=[ctx.card(c).name for c in ordered])
    ctx.state.stage = "end"


HANDLERS: dict[str, Handler] = {
    "first_player": _first_player,
    "act": _act,
    "defend": _defend,
    "targets": _targets,
    "assign": _assign,
    "esp_escape": _escape,
    "relocate": _relocate,
    "monster_redirect": _redirect,
    "react": _react,
    "trade_partner": _trade,
    "monster_push": _push,
    "tractor": _tractor,
    "discard": _discard,
}

MOVES: dict[str, Move] = {name: played(handler) for name, handler in HANDLERS.items()}
