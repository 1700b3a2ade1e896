"""Imperial Settlers' flow around the effect interpreter (effects.py): a task queue of automatic
steps and input steps, the legality of every action of section 4, and the final ranking. The
rule decisions are in the package docstring."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import (
    Action,
    Event,
    Move,
    Msg,
    Outcome,
    competition_ranks,
    int_arg,
    require,
    required,
    str_arg,
    trusted,
)
from engine.games.imperial_settlers.cards import (
    DECKS,
    FACTIONS,
    CardSet,
    card_set_names,
    load_card_set,
)
from engine.games.imperial_settlers.effects import (
    Ctx,
    cleanup_goods,
    deal_cost,
    final_score,
    is_goods_map,
    payments,
    production_of,
    razable,
    raze_cost,
    storage_plan,
)
from engine.games.imperial_settlers.legal import (
    EXCHANGE_GOODS,
    clockwise,
    drawable,
    foundation_candidates,
    hand_razable,
    samurai_spots,
)
from engine.games.imperial_settlers.messages import goods_msg
from engine.games.imperial_settlers.state import (
    CANCEL_ALLOWANCE,
    Last,
    Location,
    Plan,
    Player,
    Raze,
    SettlersOptions,
    SettlersState,
    Task,
)
from engine.rng import Rng

Handler = Callable[[Ctx, int, dict[str, Any]], None]
BUILT_ON_NOTHING = Msg(key="built_on.none")
BUILT_WITH_SEAL = Msg(key="built_on.seal")


CARD_TYPES = ("production", "feature", "action")  # the hand's groups, in this order


def cards_of(state: SettlersState) -> CardSet:
    return load_card_set(state.card_set)


# Setup ------------------------------------------------------------------------------


def start(options: SettlersOptions, seats: int, seed: int) -> SettlersState:
    require(not options.solo_variant, "solo_not_implemented")
    require(options.card_set in card_set_names(), "unknown_card_set", name=options.card_set)
    cards = load_card_set(options.card_set)
    scale = 2 if seats == 4 else 1
    if options.common_deck_scale != "auto":
        scale = int(options.common_deck_scale)
    rng = Rng(seed)
    decks = {deck: rng.shuffled(cards.deck(deck, scale)) for deck in DECKS}
    start = rng.below(seats) if options.first_player == "random" else 0
    players = [Player() for _ in range(seats)]
    tasks = [Task(kind="faction", seat=seat) for seat in range(seats)]
    if options.faction_assignment == "random":
        for player, faction in zip(players, rng.shuffled(FACTIONS), strict=False):
            player.faction = faction
        tasks = []
    state = SettlersState(
        seats=seats,
        rng=rng.state,
        card_set=options.card_set,
        common_scale=scale,
        always_prompt_defence=options.always_prompt_defence,
        rounds=options.rounds,
        start=start,
        players=players,
        decks=decks,
        discards={deck: [] for deck in DECKS},
        tasks=[*tasks, Task(kind="start_hands"), Task(kind="round")],
    )
    ctx = Ctx(state, cards)
    _run(ctx)
    return ctx.state


# The task queue ---------------------------------------------------------------------


def _run(ctx: Ctx) -> None:
    """Run automatic tasks until one needs an input (or the game is over)."""
    state = ctx.state
    while state.tasks:
        task = state.tasks[0]
        if _needs_input(ctx, task):
            return
        state.tasks.pop(0)
        AUTO[task.kind](ctx, task)
        _flush(ctx)


def _needs_input(ctx: Ctx, task: Task) -> bool:
    state = ctx.state
    if task.kind in ("faction", "store", "defend", "confirm"):
        return True
    if task.kind == "pick":
        return bool(state.display)
    if task.kind == "actions":
        return any(not p.passed for p in state.players)
    if task.kind == "card_any":
        return len(drawable(state, task.seat)) > 1
    if task.kind == "samurai":
        return len(samurai_spots(state, task.seat)) > 1
    return False


def _auto_start_hands(ctx: Ctx, task: Task) -> None:
    for seat in clockwise(ctx.state, ctx.state.start):
        ctx.draw(seat, "common", 2)
        ctx.draw(seat, ctx.player(seat).faction, 2)


def _auto_round(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    state.round += 1
    state.phase = "lookout"
    ctx.event("round_started", round=state.round, seat=state.start)
    order = clockwise(state, state.start)
    last_first = order[::-1]  # L6: the last player first, counter-clockwise
    ctx.queued += [
        Task(kind="lookout_draw"),
        Task(kind="reveal", stage=1),
        *(Task(kind="pick", seat=seat, stage=1) for seat in order),
        Task(kind="clear_display"),
        Task(kind="reveal", stage=2),
        *(Task(kind="pick", seat=seat, stage=2) for seat in last_first),
        Task(kind="clear_display"),
        *(Task(kind="lookout_end", seat=seat) for seat in order),
        Task(kind="production_start"),
        *(Task(kind="produce", seat=seat) for seat in order),
        Task(kind="action_start"),
        Task(kind="actions"),
        Task(kind="cleanup" if state.round < state.rounds else "final"),
    ]


def _auto_lookout_draw(ctx: Ctx, task: Task) -> None:
    for seat in clockwise(ctx.state, ctx.state.start):
        ctx.draw(seat, ctx.player(seat).faction)


def _auto_reveal(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    state.display = [
        card for _ in range(state.seats + 1) if (card := ctx.take_top("common")) is not None
    ]
    ctx.event("display", stage=task.stage, cards=list(state.display))


def _auto_pick(ctx: Ctx, task: Task) -> None:
    ctx.event("no_pick", seat=task.seat)


def _auto_clear_display(ctx: Ctx, task: Task) -> None:
    for card in ctx.state.display:
        ctx.discard(card)
    ctx.state.display = []


def _auto_lookout_end(ctx: Ctx, task: Task) -> None:
    ctx.fire(task.seat, "on_lookout_end")


def _auto_production_start(ctx: Ctx, task: Task) -> None:
    ctx.state.phase = "production"


def _auto_produce(ctx: Ctx, task: Task) -> None:
    ctx.produce(task.seat)


def _auto_action_start(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    state.phase = "action"
    state.active = state.start
    ctx.event("actions_started", seat=state.start)


def _auto_actions(ctx: Ctx, task: Task) -> None:
    ctx.state.active = -1


def _auto_card_any(ctx: Ctx, task: Task) -> None:
    decks = drawable(ctx.state, task.seat)
    if decks:
        ctx.draw(task.seat, decks[0])


def _auto_samurai(ctx: Ctx, task: Task) -> None:
    spots = samurai_spots(ctx.state, task.seat)
    if not spots:
        ctx.event("samurai_lost", seat=task.seat)
        return
    _place_samurai(ctx, task.seat, spots[0])


def _auto_cleanup(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    state.phase = "cleanup"
    for seat in range(state.seats):
        kept, open_goods, limit = storage_plan(state, ctx.cards, seat)
        ctx.player(seat).kept = kept
        if open_goods and limit:
            held = ctx.player(seat).goods
            remaining = {g: held.get(g, 0) - kept.get(g, 0) for g in open_goods}
            ctx.queued.append(Task(kind="store", seat=seat, goods=remaining, stage=limit))
    ctx.queued.append(Task(kind="discard"))


def _auto_discard(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    for seat, player in enumerate(state.players):
        if any(player.kept.values() if player.kept else ()):
            ctx.event("stored", seat=seat, goods=goods_msg(player.kept or {}))
        cleanup_goods(player)
    state.start = (state.start + 1) % state.seats
    ctx.event("round_ended", round=state.round, seat=state.start)
    ctx.queued.append(Task(kind="round"))


def _auto_final(ctx: Ctx, task: Task) -> None:
    state = ctx.state
    state.scores = [final_score(state, ctx.cards, seat) for seat in range(state.seats)]
    state.phase = "over"
    state.active = -1
    for seat, score in enumerate(state.scores):
        ctx.event("scored", seat=seat, **score.model_dump())


# Inputs ---------------------------------------------------------------------------


def played(handler: Handler) -> Move:
    """A move of the table, played on a working copy (`_clone`) with every automatic task
    that follows it. The copy is kept rather than one-way updates: the effect interpreter
    mutates goods, hands and locations in place (effects.Ctx)."""

    def move(state: SettlersState, action: Action) -> tuple[SettlersState, list[Event]]:
        require(isinstance(action.args, dict), "bad_input")
        ctx = Ctx(_clone(state), cards_of(state))
        handler(ctx, action.seat, action.args)
        ctx.state.seq += 1
        _flush(ctx)
        _run(ctx)
        return ctx.state, ctx.events

    return move


def _front(ctx: Ctx, kind: str, seat: int) -> Task:
    tasks = ctx.state.tasks
    require(bool(tasks) and tasks[0].kind == kind, "wrong_phase")
    require(tasks[0].seat == seat, "not_your_turn")
    return tasks.pop(0)


def _faction(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _front(ctx, "faction", seat)
    faction = str_arg(args.get("faction"), "bad_faction", FACTIONS)
    require(all(p.faction != faction for p in ctx.state.players), "faction_taken")
    ctx.player(seat).faction = faction
    ctx.event("faction_chosen", seat=seat, faction=faction)
    ctx.state.last = Last(seat=seat, move="faction")


def _pick(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _front(ctx, "pick", seat)
    card = str_arg(args.get("card"), "not_in_display", ctx.state.display)
    ctx.state.display.remove(card)
    ctx.player(seat).hand.append(card)
    ctx.event("picked", seat=seat, card=card)
    ctx.state.last = Last(seat=seat, move="pick", card=card)


# The action phase -------------------------------------------------------------------


def _turn(ctx: Ctx, seat: int, planning: bool) -> Player:
    state = ctx.state
    require(bool(state.tasks) and state.tasks[0].kind == "actions", "wrong_phase")
    require(state.raze is None, "wrong_phase")
    require(seat == state.active, "not_your_turn")
    require((state.plan is not None) == planning, "wrong_phase")
    return ctx.player(seat)


def _act(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _turn(ctx, seat, planning=False)
    _dispatch(ctx, seat, str_arg(args.get("do"), "bad_input"), args)


def _dispatch(ctx: Ctx, seat: int, do: str, args: dict[str, Any]) -> None:
    verb, _, rest = do.partition(":")
    actions: dict[str, Callable[[Ctx, int, str, dict[str, Any]], None]] = {
        "build": _build,
        "deal": _deal,
        "raze_hand": _raze_hand,
        "raze": _raze_location,
        "activate": _activate,
        "exchange": _exchange,
        "pass": _pass,
        "gold": _with_gold,
    }
    required(actions.get(verb), "bad_input")(ctx, seat, rest, args)


def _payment(ctx: Ctx, seat: int, cost: dict[str, int], args: dict[str, Any]) -> dict[str, int]:
    """The payment to use: given, else the auto-payment of 4.0 (or the most gold when the
    player chose "pay with gold instead")."""
    options = payments(cost, ctx.player(seat).goods)
    require(bool(options), "cannot_pay")
    given = args.get("payment")
    if given is not None:
        require(is_goods_map(given), "bad_payment")
        paid = {g: n for g, n in given.items() if n}
        require(paid in options, "bad_payment")
        return paid
    return options[-1] if args.get("gold") else options[0]


def _with_gold(ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
    require(rest.partition(":")[0] in ("build", "deal", "activate"), "bad_input")
    _dispatch(ctx, seat, rest, {**args, "gold": True})


def _build(ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
    player = ctx.player(seat)
    require(card_id in player.hand, "not_in_hand")
    card = ctx.card(card_id)
    require(card.deck in ("common", player.faction), "wrong_deck")
    payment = _payment(ctx, seat, card.cost, args)
    named = args.get("foundation")
    if card.foundation:
        candidates = foundation_candidates(ctx.state, ctx.cards, seat)
        require(bool(candidates), "foundation_required")
        if named is None and len(candidates) == 1:
            named = candidates[0]
        require(named is None or str(named) in candidates, "foundation_not_yours")
    else:
        require(named in (None, ""), "foundation_not_needed")
    if card.foundation and named is None:
        ctx.state.plan = Plan(do=f"build:{card_id}", payment=payment)
        return
    ctx.pay(seat, payment)
    player.hand.remove(card_id)
    on = _lay_foundation(ctx, seat, str(named)) if card.foundation else BUILT_ON_NOTHING
    location = Location(uid=ctx.state.next_uid, card=card_id)
    ctx.state.next_uid += 1
    player.empire.append(location)
    ctx.event("built", seat=seat, card=card.id, paid=goods_msg(payment), on=on)
    if card.type == "production":
        ctx.grant(seat, production_of(ctx, seat, card), card_id, "build")
    if card.build_bonus:
        ctx.grant(seat, dict(card.build_bonus), card_id, "build_bonus")
    ctx.fire(seat, "on_build", built=card)
    _done(ctx, seat, Last(seat=seat, move="build", card=card_id, uid=location.uid))


def _lay_foundation(ctx: Ctx, seat: int, named: str) -> Msg:
    player = ctx.player(seat)
    if named == "seal":
        player.goods["seal"] -= 1
        return BUILT_WITH_SEAL
    location = next(loc for loc in player.empire if str(loc.uid) == named)
    player.empire.remove(location)
    ctx.discard(location.card)
    return Msg(key="built_on.card", args={"card": location.card})


def _deal(ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
    player = ctx.player(seat)
    require(card_id in player.hand, "not_in_hand")
    card = ctx.card(card_id)
    require(card.deck == player.faction, "not_faction_card")
    payment = _payment(ctx, seat, deal_cost(ctx.state, ctx.cards, seat), args)
    ctx.pay(seat, payment)
    player.hand.remove(card_id)
    player.deals.append(card_id)
    ctx.event("dealt", seat=seat, card=card.id, paid=goods_msg(payment))
    ctx.grant(seat, dict(card.deal or {}), card_id, "deal")
    ctx.fire(seat, "on_deal")
    _done(ctx, seat, Last(seat=seat, move="deal", card=card_id))


def _raze_hand(ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
    player = ctx.player(seat)
    require(card_id in player.hand, "not_in_hand")
    card = ctx.card(card_id)
    require(hand_razable(ctx.cards, player, card_id), "not_razable")
    require(player.goods.get("raze", 0) >= 1, "no_raze_token")
    ctx.pay(seat, {"raze": 1})
    player.hand.remove(card_id)
    ctx.discard(card_id)
    ctx.event("razed_hand", seat=seat, card=card.id)
    ctx.grant(seat, dict(card.raze or {}), card_id, "raze")
    ctx.fire(seat, "on_raze_hand")
    _done(ctx, seat, Last(seat=seat, move="raze_hand", card=card_id))


def _raze_location(ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
    state = ctx.state
    target, location = _target(state, rest)
    require(target is not None and target != seat, "bad_target")
    assert target is not None
    require(not state.players[target].passed, "target_passed")
    require(location is not None, "no_such_location")
    assert location is not None
    require(razable(state, ctx.cards, location), "location_not_razable")
    cost = raze_cost(state, ctx.cards, target, location)
    require(ctx.player(seat).goods.get("raze", 0) >= cost, "not_enough_raze", cost=cost)
    state.raze = Raze(attacker=seat, target=target, uid=location.uid, cost=cost)
    ctx.event(
        "raze_declared",
        seat=seat,
        seat_owner=target,
        cost=cost,
        card=location.card,
    )
    state.last = Last(seat=seat, move="raze", card=location.card, target=target, uid=location.uid)
    common = ctx.card(location.card).deck == "common"
    tokens = ctx.player(target).goods.get("defense", 0)
    if common and not location.defence and (tokens or state.always_prompt_defence):
        ctx.queued.append(Task(kind="defend", seat=target))
        return
    _resolve_raze(ctx)


def _resolve_raze(ctx: Ctx) -> None:
    state = ctx.state
    raze = state.raze
    assert raze is not None
    owner = ctx.player(raze.target)
    location = next(loc for loc in owner.empire if loc.uid == raze.uid)
    card = ctx.card(location.card)
    ctx.pay(raze.attacker, {"raze": raze.cost})
    ctx.event("razed", seat=raze.attacker, seat_owner=raze.target, cost=raze.cost, card=card.id)
    ctx.grant(raze.attacker, dict(card.raze or {}), card.id, "raze")
    if card.deck == "common":
        location.face_up = False
        location.defence = False
        location.samurai = False
        ctx.grant(raze.target, {"wood": 1}, "supply", "foundation")
    else:
        owner.empire.remove(location)
        ctx.discard(card.id)
    state.raze = None
    ctx.fire(raze.attacker, "on_raze_location")
    _done(
        ctx,
        raze.attacker,
        Last(seat=raze.attacker, move="razed", card=card.id, target=raze.target, uid=raze.uid),
    )


def _activate(ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
    player = ctx.player(seat)
    if rest == "board":
        spec = ctx.cards.factions[player.faction].board_action
        uses, location = player.board_uses, None
    else:
        location = next(
            (loc for loc in player.empire if str(loc.uid) == rest and loc.face_up), None
        )
        require(location is not None, "not_action_location")
        assert location is not None
        spec = ctx.card(location.card).action  # type: ignore[assignment]  # an action location has an action
        require(spec is not None, "not_action_location")
        uses = location.uses
    require(uses < spec.max_uses, "used_up")
    payment = _payment(ctx, seat, dict(spec.cost), args)
    ctx.pay(seat, payment)
    if location is None:
        player.board_uses += 1
        source = "board"
    else:
        location.uses += 1
        source = location.card
    named = source if location else Msg(key="source.board")
    ctx.event("activated", seat=seat, card=named, paid=goods_msg(payment))
    ctx.grant(seat, dict(spec.gain), source, "action")
    uid = location.uid if location else -1
    _done(ctx, seat, Last(seat=seat, move="activate", card=source, uid=uid))


def _exchange(ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
    player = ctx.player(seat)
    choices = [rest] if rest else args.get("choices")
    require(isinstance(choices, list) and bool(choices), "bad_exchange")
    assert isinstance(choices, list)
    require(all(c in EXCHANGE_GOODS for c in choices), "bad_exchange")
    require(player.goods.get("worker", 0) >= 2 * len(choices), "not_enough_workers")
    pairs = ctx.state.plan.pairs if ctx.state.plan else 0
    for choice in choices:
        ctx.pay(seat, {"worker": 2})
        ctx.event("exchanged", seat=seat, goods=goods_msg({choice: 1}))
        ctx.grant(seat, {choice: 1}, "exchange", "exchange")
    pairs += len(choices)
    if rest and player.goods.get("worker", 0) >= 2:
        ctx.state.plan = Plan(do="exchange", pairs=pairs)
        return
    _done(ctx, seat, Last(seat=seat, move="exchange"))


def _pass(ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
    require(rest == "", "bad_input")
    ctx.player(seat).passed = True
    ctx.event("passed", seat=seat)
    _done(ctx, seat, Last(seat=seat, move="pass"))


def _done(ctx: Ctx, seat: int, last: Last) -> None:
    """The action is complete: the next player who has not passed takes the turn."""
    state = ctx.state
    state.plan = None
    state.cancels = 0
    state.last = last
    order = clockwise(state, (seat + 1) % state.seats)
    state.active = next((s for s in order if not state.players[s].passed), -1)


# Follow-up choices of an action ----------------------------------------------------------


def _foundation(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _turn(ctx, seat, planning=True)
    plan = ctx.state.plan
    assert plan is not None
    require(plan.payment is not None and plan.do.startswith("build:"), "wrong_phase")
    choice = args.get("foundation")
    if choice == "cancel":
        require(ctx.state.cancels < CANCEL_ALLOWANCE, "no_more_cancels", count=CANCEL_ALLOWANCE)
        ctx.state.plan = None
        ctx.state.cancels += 1
        return
    candidates = foundation_candidates(ctx.state, ctx.cards, seat)
    require(choice is not None and str(choice) in candidates, "foundation_not_yours")
    _continue(ctx, seat, plan, payment=plan.payment, foundation=str(choice))


def _continue(ctx: Ctx, seat: int, plan: Plan, **chosen: Any) -> None:
    ctx.state.plan = None
    args = {k: v for k, v in chosen.items() if v is not None}
    _dispatch(ctx, seat, plan.do, args)


def _exchange_more(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _turn(ctx, seat, planning=True)
    plan = ctx.state.plan
    assert plan is not None
    require(plan.do == "exchange", "wrong_phase")
    choice = args.get("choice")
    if choice == "done":
        _done(ctx, seat, Last(seat=seat, move="exchange"))
        return
    require(choice in EXCHANGE_GOODS, "bad_exchange")
    _exchange(ctx, seat, str(choice), {})


# Replies and effect choices ------------------------------------------------------------


def _defend(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _front(ctx, "defend", seat)
    state = ctx.state
    raze = state.raze
    assert raze is not None
    answer = args.get("answer")
    require(answer in ("defend", "decline"), "bad_answer")
    if answer == "decline":
        ctx.event("declined", seat=seat)
        _resolve_raze(ctx)
        return
    owner = ctx.player(seat)
    require(owner.goods.get("defense", 0) >= 1, "no_defence_token")
    owner.goods["defense"] -= 1
    location = next(loc for loc in owner.empire if loc.uid == raze.uid)
    location.defence = True
    raze.cost += 1
    raze.defended = True
    ctx.event("defended", seat=seat, cost=raze.cost, card=location.card)
    if ctx.player(raze.attacker).goods.get("raze", 0) >= raze.cost:
        ctx.queued.append(Task(kind="confirm", seat=raze.attacker))
        return
    state.raze = None
    ctx.event("withdrawn_auto", seat=raze.attacker)


def _confirm(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _front(ctx, "confirm", seat)
    answer = args.get("answer")
    require(answer in ("confirm", "withdraw"), "bad_answer")
    if answer == "confirm":
        _resolve_raze(ctx)
        return
    ctx.state.raze = None
    ctx.event("withdrawn", seat=seat)


def _draw(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    deck = args.get("deck")
    require(deck in ("common", "faction"), "bad_deck")
    _front(ctx, "card_any", seat)
    ctx.draw(seat, "common" if deck == "common" else ctx.player(seat).faction)


def _samurai(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    _front(ctx, "samurai", seat)
    spots = samurai_spots(ctx.state, seat)
    uid = int_arg(args.get("location"), "bad_location")
    require(uid in spots, "bad_location")
    _place_samurai(ctx, seat, uid)


def _store(ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
    tasks = ctx.state.tasks
    index = next((i for i, t in enumerate(tasks) if t.kind == "store" and t.seat == seat), None)
    require(bool(tasks) and tasks[0].kind == "store", "wrong_phase")
    require(index is not None, "not_your_turn")
    assert index is not None
    task = tasks[index]
    keep = args.get("keep")
    require(isinstance(keep, list) and len(keep) == task.stage, "bad_storage", count=task.stage)
    assert isinstance(keep, list)
    require(
        all(keep.count(g) <= task.goods.get(g, 0) for g in keep),
        "bad_storage",
        count=task.stage,
    )
    tasks.pop(index)
    kept = ctx.player(seat).kept or {}
    for good in keep:
        kept[good] = kept.get(good, 0) + 1
    ctx.player(seat).kept = kept
    ctx.state.last = Last(seat=seat, move="store")


AUTO: dict[str, Callable[[Ctx, Task], None]] = {
    "start_hands": _auto_start_hands,
    "round": _auto_round,
    "lookout_draw": _auto_lookout_draw,
    "reveal": _auto_reveal,
    "pick": _auto_pick,
    "clear_display": _auto_clear_display,
    "lookout_end": _auto_lookout_end,
    "production_start": _auto_production_start,
    "produce": _auto_produce,
    "action_start": _auto_action_start,
    "actions": _auto_actions,
    "card_any": _auto_card_any,
    "samurai": _auto_samurai,
    "cleanup": _auto_cleanup,
    "discard": _auto_discard,
    "final": _auto_final,
}


HANDLERS: dict[str, Handler] = {
    "faction": _faction,
    "pick": _pick,
    "act": _act,
    "foundation": _foundation,
    "exchange_more": _exchange_more,
    "defend": _defend,
    "confirm": _confirm,
    "draw": _draw,
    "samurai": _samurai,
    "store": _store,
}


# Views and outcome ------------------------------------------------------------------


def outcome(state: SettlersState) -> Outcome | None:
    if state.phase != "over":
        return None
    keys = [(s.total, s.held, s.hand) for s in state.scores]
    order = competition_ranks([_rank_value(k) for k in keys])
    winners = tuple(seat for seat, rank in enumerate(order) if rank == 1)
    return Outcome(
        scores=tuple(s.total for s in state.scores),
        ranks=order,
        winners=winners,
        reason=Msg(key="outcome.reason"),
    )


def private_lines(state: SettlersState, seat: int) -> list[Msg]:
    """The seat's goods and VP, then the hand, each distinct card once (with its count) in
    words: cost, effect, deal and raze rewards, so a DM stays short enough for Discord with a
    large hand; grouped under a line per card type (production, feature, action), so twelve
    cards are not one block."""
    player = state.players[seat]
    hand = player.hand
    held = {good: n for good, n in player.goods.items() if n}
    cards = cards_of(state).cards
    lines = [
        Msg(key="private.goods", args={"goods": goods_msg(held), "vp": player.vp}),
        Msg(key="private.hand", args={"count": len(hand)}),
    ]
    group = None
    for card_id in sorted(set(hand), key=lambda c: (CARD_TYPES.index(cards[c].type), c)):
        if cards[card_id].type != group:
            group = cards[card_id].type
            count = sum(cards[c].type == group for c in hand)
            lines.append(Msg(key=f"private.group.{group}", args={"count": count}))
        text = Msg(key=f"card_text.{card_id}")
        copies = hand.count(card_id)
        if copies > 1:
            lines.append(Msg(key="private.cards", args={"copies": copies, "text": text}))
        else:
            lines.append(Msg(key="private.card", args={"text": text}))
    return lines


def _clone(state: SettlersState) -> SettlersState:
    """A copy whose mutable parts are fresh, far cheaper than a deep copy. Tasks, plans,
    scores and the last input are replaced, never changed in place, so they are shared."""
    players = [
        p.model_copy(
            update={
                "goods": dict(p.goods),
                "hand": list(p.hand),
                "empire": [trusted(Location, **loc.__dict__) for loc in p.empire],
                "deals": list(p.deals),
                "kept": dict(p.kept) if p.kept is not None else None,
            }
        )
        for p in state.players
    ]
    return state.model_copy(
        update={
            "players": players,
            "decks": {d: list(cards) for d, cards in state.decks.items()},
            "discards": {d: list(cards) for d, cards in state.discards.items()},
            "display": list(state.display),
            "tasks": list(state.tasks),
            "raze": state.raze.model_copy() if state.raze else None,
            "scores": list(state.scores),
        }
    )


def _rank_value(key: tuple[int, int, int]) -> int:
    total, held, hand = key
    return (total * 10_000 + held) * 10_000 + hand


def _flush(ctx: Ctx) -> None:
    """Queued effect tasks run before whatever was waiting."""
    if ctx.queued:
        ctx.state.tasks[0:0] = ctx.queued
        ctx.queued = []


def _place_samurai(ctx: Ctx, seat: int, uid: int) -> None:
    location = next(loc for loc in ctx.player(seat).empire if loc.uid == uid)
    location.samurai = True
    ctx.event("samurai_placed", seat=seat, card=location.card)


def _target(state: SettlersState, rest: str) -> tuple[int | None, Location | None]:
    owner, _, uid = rest.partition(":")
    if not owner.isdigit() or int(owner) >= state.seats:
        return None, None
    found = next(
        (loc for loc in state.players[int(owner)].empire if str(loc.uid) == uid and loc.face_up),
        None,
    )
    return int(owner), found


MOVES: dict[str, Move] = {name: played(handler) for name, handler in HANDLERS.items()}
