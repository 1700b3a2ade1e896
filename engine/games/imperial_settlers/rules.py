"""Imperial Settlers (../shared/rules/imperial-settlers.md) with the original card set of 8.5.

The rules live in card data (engine/games/data/imperial_settlers_<set>.json, validated by
cards.py); this module is the flow around the effect interpreter (effects.py): a task queue of
automatic steps and input steps, and the legality of every action of section 4.

Decisions where the spec is silent:
- A turn is one click where possible: the action menu lists only what the player can do and pay
  for right now (built from the hand, so it is offered privately). Costs are auto-paid (4.0);
  where paying with gold instead can matter (a storage ability would keep the spared good at
  cleanup), the menu also lists the same action paying with as much gold as possible. When a
  foundation must be chosen among several, a follow-up prompt asks for it, with "cancel" back
  to the menu. A lone foundation candidate is named in the menu entry and used without asking.
- Exchanging workers converts one pair per click; after each pair the player may convert another
  or stop ("done"), all within one action. The spec's list form (`do="exchange"`, `choices`) is
  accepted too.
- Fixed gains of an effect apply at once; a draw from either deck (`card_any`) or a samurai to
  place is asked right after, before the game moves on. A samurai with one eligible location is
  placed there without asking; a `card_any` with one drawable deck draws from it.
- The defence reaction is a private reply to the owner; the attacker's confirm/withdraw after a
  defence is asked in the attacker's private chooser like the rest of the turn. Both answers and
  their results are narrated publicly. A raze of a Japanese faction location (no defence
  possible) resolves at once.
- Cleanup storage: entries over one good apply first; an entry over several goods is asked only
  when the spec calls it ambiguous; the player then picks exactly what that limit keeps.
- A foundation (face down) is not a valid raze target (`no_such_location`).
- `game_end` features score only their VP. `rounds` may be 1–10. `common_deck_scale` also
  accepts the numbers 1 and 2.
- Each effect (production source, deal, trigger, action, raze reward) is its own event naming
  its card; a drawn card's name goes only to the drawer.
- Final ranking: total, then resources + workers held, then hand size; still tied → shared.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import (
    Action,
    Event,
    Game,
    Msg,
    Outcome,
    Prompt,
    competition_ranks,
    handler_for,
    require,
    trusted,
)
from engine.games.imperial_settlers import ai
from engine.games.imperial_settlers.cards import (
    DECKS,
    FACTIONS,
    CardSet,
    card_set_names,
    load_card_set,
)
from engine.games.imperial_settlers.catalog import STRINGS
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
from engine.games.imperial_settlers.model import (
    Last,
    Location,
    Plan,
    Player,
    PlayerView,
    Raze,
    SettlersOptions,
    SettlersState,
    SettlersView,
    Task,
)
from engine.games.imperial_settlers.prompts import prompt_for, store_prompt
from engine.games.imperial_settlers.strings import (
    card_args,
    card_text_args,
    goods_args,
)
from engine.rng import Rng

_NOWHERE = {"on_en": "", "on_ja": ""}


def cards_of(state: SettlersState) -> CardSet:
    return load_card_set(state.card_set)


class ImperialSettlers(Game[SettlersState, SettlersOptions, SettlersView]):
    id = "imperial_settlers"
    min_seats = 2
    max_seats = 4
    Options = SettlersOptions
    State = SettlersState
    max_inputs = 4_000
    strings = STRINGS
    rules_version = 2  # 2: L6 pick order, auto-payment without a follow-up prompt

    # Setup ------------------------------------------------------------------------------

    def start(self, options: SettlersOptions, seats: int, seed: int) -> SettlersState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
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
        self._run(ctx)
        return ctx.state

    # The task queue ---------------------------------------------------------------------

    def _run(self, ctx: Ctx) -> None:
        """Run automatic tasks until one needs an input (or the game is over)."""
        state = ctx.state
        while state.tasks:
            task = state.tasks[0]
            if self._needs_input(ctx, task):
                return
            state.tasks.pop(0)
            getattr(self, f"_auto_{task.kind}")(ctx, task)
            _flush(ctx)

    def _needs_input(self, ctx: Ctx, task: Task) -> bool:
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

    def _auto_start_hands(self, ctx: Ctx, task: Task) -> None:
        for seat in clockwise(ctx.state, ctx.state.start):
            ctx.draw(seat, "common", 2)
            ctx.draw(seat, ctx.player(seat).faction, 2)

    def _auto_round(self, ctx: Ctx, task: Task) -> None:
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

    def _auto_lookout_draw(self, ctx: Ctx, task: Task) -> None:
        for seat in clockwise(ctx.state, ctx.state.start):
            ctx.draw(seat, ctx.player(seat).faction)

    def _auto_reveal(self, ctx: Ctx, task: Task) -> None:
        state = ctx.state
        state.display = [
            card for _ in range(state.seats + 1) if (card := ctx.take_top("common")) is not None
        ]
        names = [card_args(ctx.card(c)) for c in state.display]
        ctx.event(
            "display",
            stage=task.stage,
            cards_en=", ".join(n["card_en"] for n in names) or "—",
            cards_ja="、".join(n["card_ja"] for n in names) or "—",
        )

    def _auto_pick(self, ctx: Ctx, task: Task) -> None:
        ctx.event("no_pick", seat=task.seat)

    def _auto_clear_display(self, ctx: Ctx, task: Task) -> None:
        for card in ctx.state.display:
            ctx.discard(card)
        ctx.state.display = []

    def _auto_lookout_end(self, ctx: Ctx, task: Task) -> None:
        ctx.fire(task.seat, "on_lookout_end")

    def _auto_production_start(self, ctx: Ctx, task: Task) -> None:
        ctx.state.phase = "production"

    def _auto_produce(self, ctx: Ctx, task: Task) -> None:
        ctx.produce(task.seat)

    def _auto_action_start(self, ctx: Ctx, task: Task) -> None:
        state = ctx.state
        state.phase = "action"
        state.active = state.start
        ctx.event("actions_started", seat=state.start)

    def _auto_actions(self, ctx: Ctx, task: Task) -> None:
        ctx.state.active = -1

    def _auto_card_any(self, ctx: Ctx, task: Task) -> None:
        decks = drawable(ctx.state, task.seat)
        if decks:
            ctx.draw(task.seat, decks[0])

    def _auto_samurai(self, ctx: Ctx, task: Task) -> None:
        spots = samurai_spots(ctx.state, task.seat)
        if not spots:
            ctx.event("samurai_lost", seat=task.seat)
            return
        _place_samurai(ctx, task.seat, spots[0])

    def _auto_cleanup(self, ctx: Ctx, task: Task) -> None:
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

    def _auto_discard(self, ctx: Ctx, task: Task) -> None:
        state = ctx.state
        for seat, player in enumerate(state.players):
            if any(player.kept.values() if player.kept else ()):
                ctx.event("stored", seat=seat, **goods_args("goods", player.kept or {}))
            cleanup_goods(player)
        state.start = (state.start + 1) % state.seats
        ctx.event("round_ended", round=state.round, seat=state.start)
        ctx.queued.append(Task(kind="round"))

    def _auto_final(self, ctx: Ctx, task: Task) -> None:
        state = ctx.state
        state.scores = [final_score(state, ctx.cards, seat) for seat in range(state.seats)]
        state.phase = "over"
        state.active = -1
        for seat, score in enumerate(state.scores):
            ctx.event("scored", seat=seat, **score.model_dump())
        outcome = self.outcome(state)
        assert outcome is not None
        ctx.event("game_over", seats=list(outcome.winners), scores=list(outcome.scores))

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: SettlersState, action: Action) -> tuple[SettlersState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handler = handler_for(self._handlers(), action.move)
        require(isinstance(action.args, dict), "bad_input")
        ctx = Ctx(_clone(state), cards_of(state))
        handler(ctx, action.seat, action.args)
        ctx.state.seq += 1
        _flush(ctx)
        self._run(ctx)
        return ctx.state, ctx.events

    def _handlers(self) -> dict[str, Any]:
        return {
            "faction": self._faction,
            "pick": self._pick,
            "act": self._act,
            "foundation": self._foundation,
            "exchange_more": self._exchange_more,
            "defend": self._defend,
            "confirm": self._confirm,
            "draw": self._draw,
            "samurai": self._samurai,
            "store": self._store,
        }

    def _front(self, ctx: Ctx, kind: str, seat: int) -> Task:
        tasks = ctx.state.tasks
        require(bool(tasks) and tasks[0].kind == kind, "wrong_phase")
        require(tasks[0].seat == seat, "not_your_turn")
        return tasks.pop(0)

    def _faction(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._front(ctx, "faction", seat)
        faction = args.get("faction")
        require(faction in FACTIONS, "bad_faction")
        require(all(p.faction != faction for p in ctx.state.players), "faction_taken")
        ctx.player(seat).faction = faction
        names = ctx.cards.factions[faction]
        ctx.event("faction_chosen", seat=seat, faction_en=names.name, faction_ja=names.name_ja)
        ctx.state.last = Last(seat=seat, move="faction")

    def _pick(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._front(ctx, "pick", seat)
        card = args.get("card")
        require(isinstance(card, str) and card in ctx.state.display, "not_in_display")
        ctx.state.display.remove(card)
        ctx.player(seat).hand.append(card)
        ctx.event("picked", seat=seat, **card_args(ctx.card(card)))
        ctx.state.last = Last(seat=seat, move="pick", card=card)

    # The action phase -------------------------------------------------------------------

    def _turn(self, ctx: Ctx, seat: int, planning: bool) -> Player:
        state = ctx.state
        require(bool(state.tasks) and state.tasks[0].kind == "actions", "wrong_phase")
        require(state.raze is None, "wrong_phase")
        require(seat == state.active, "not_your_turn")
        require((state.plan is not None) == planning, "wrong_phase")
        return ctx.player(seat)

    def _act(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._turn(ctx, seat, planning=False)
        do = args.get("do")
        require(isinstance(do, str), "bad_input")
        self._dispatch(ctx, seat, do, args)

    def _dispatch(self, ctx: Ctx, seat: int, do: str, args: dict[str, Any]) -> None:
        verb, _, rest = do.partition(":")
        action = {
            "build": self._build,
            "deal": self._deal,
            "raze_hand": self._raze_hand,
            "raze": self._raze_location,
            "activate": self._activate,
            "exchange": self._exchange,
            "pass": self._pass,
            "gold": self._with_gold,
        }.get(verb)
        require(action is not None, "bad_input")
        action(ctx, seat, rest, args)  # type: ignore[misc]

    def _payment(
        self, ctx: Ctx, seat: int, cost: dict[str, int], args: dict[str, Any]
    ) -> dict[str, int]:
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

    def _with_gold(self, ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
        require(rest.partition(":")[0] in ("build", "deal", "activate"), "bad_input")
        self._dispatch(ctx, seat, rest, {**args, "gold": True})

    def _build(self, ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
        player = ctx.player(seat)
        require(card_id in player.hand, "not_in_hand")
        card = ctx.card(card_id)
        require(card.deck in ("common", player.faction), "wrong_deck")
        payment = self._payment(ctx, seat, card.cost, args)
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
        on = self._lay_foundation(ctx, seat, str(named)) if card.foundation else _NOWHERE
        location = Location(uid=ctx.state.next_uid, card=card_id)
        ctx.state.next_uid += 1
        player.empire.append(location)
        ctx.event("built", seat=seat, **card_args(card), **goods_args("paid", payment), **on)
        if card.type == "production":
            ctx.grant(seat, production_of(ctx, seat, card), card_id, "build")
        if card.build_bonus:
            ctx.grant(seat, dict(card.build_bonus), card_id, "build_bonus")
        ctx.fire(seat, "on_build", built=card)
        self._done(ctx, seat, Last(seat=seat, move="build", card=card_id, uid=location.uid))

    def _lay_foundation(self, ctx: Ctx, seat: int, named: str) -> dict[str, str]:
        player = ctx.player(seat)
        if named == "seal":
            player.goods["seal"] -= 1
            return {"on_en": " (spending a sun seal)", "on_ja": "（太陽の印章を使用）"}
        location = next(loc for loc in player.empire if str(loc.uid) == named)
        player.empire.remove(location)
        ctx.discard(location.card)
        names = card_args(ctx.card(location.card), "on")
        return {"on_en": f" on {names['on_en']}", "on_ja": f"（{names['on_ja']}を土台に）"}

    def _deal(self, ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
        player = ctx.player(seat)
        require(card_id in player.hand, "not_in_hand")
        card = ctx.card(card_id)
        require(card.deck == player.faction, "not_faction_card")
        payment = self._payment(ctx, seat, deal_cost(ctx.state, ctx.cards, seat), args)
        ctx.pay(seat, payment)
        player.hand.remove(card_id)
        player.deals.append(card_id)
        ctx.event("dealt", seat=seat, **card_args(card), **goods_args("paid", payment))
        ctx.grant(seat, dict(card.deal or {}), card_id, "deal")
        ctx.fire(seat, "on_deal")
        self._done(ctx, seat, Last(seat=seat, move="deal", card=card_id))

    def _raze_hand(self, ctx: Ctx, seat: int, card_id: str, args: dict[str, Any]) -> None:
        player = ctx.player(seat)
        require(card_id in player.hand, "not_in_hand")
        card = ctx.card(card_id)
        require(hand_razable(ctx.cards, player, card_id), "not_razable")
        require(player.goods.get("raze", 0) >= 1, "no_raze_token")
        ctx.pay(seat, {"raze": 1})
        player.hand.remove(card_id)
        ctx.discard(card_id)
        ctx.event("razed_hand", seat=seat, **card_args(card))
        ctx.grant(seat, dict(card.raze or {}), card_id, "raze")
        ctx.fire(seat, "on_raze_hand")
        self._done(ctx, seat, Last(seat=seat, move="raze_hand", card=card_id))

    def _raze_location(self, ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
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
            **card_args(ctx.card(location.card)),
        )
        state.last = Last(
            seat=seat, move="raze", card=location.card, target=target, uid=location.uid
        )
        common = ctx.card(location.card).deck == "common"
        tokens = ctx.player(target).goods.get("defense", 0)
        if common and not location.defence and (tokens or state.always_prompt_defence):
            ctx.queued.append(Task(kind="defend", seat=target))
            return
        self._resolve_raze(ctx)

    def _resolve_raze(self, ctx: Ctx) -> None:
        state = ctx.state
        raze = state.raze
        assert raze is not None
        owner = ctx.player(raze.target)
        location = next(loc for loc in owner.empire if loc.uid == raze.uid)
        card = ctx.card(location.card)
        ctx.pay(raze.attacker, {"raze": raze.cost})
        ctx.event(
            "razed", seat=raze.attacker, seat_owner=raze.target, cost=raze.cost, **card_args(card)
        )
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
        self._done(
            ctx,
            raze.attacker,
            Last(seat=raze.attacker, move="razed", card=card.id, target=raze.target, uid=raze.uid),
        )

    def _activate(self, ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
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
            spec = ctx.card(location.card).action  # type: ignore[assignment]
            require(spec is not None, "not_action_location")
            uses = location.uses
        require(uses < spec.max_uses, "used_up")
        payment = self._payment(ctx, seat, dict(spec.cost), args)
        ctx.pay(seat, payment)
        if location is None:
            player.board_uses += 1
            source = "board"
        else:
            location.uses += 1
            source = location.card
        names = (
            card_args(ctx.card(source))
            if location
            else {"card_en": "faction board", "card_ja": "文明ボード"}
        )
        ctx.event("activated", seat=seat, **names, **goods_args("paid", payment))
        ctx.grant(seat, dict(spec.gain), source, "action")
        uid = location.uid if location else -1
        self._done(ctx, seat, Last(seat=seat, move="activate", card=source, uid=uid))

    def _exchange(self, ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
        player = ctx.player(seat)
        choices = [rest] if rest else args.get("choices")
        require(isinstance(choices, list) and bool(choices), "bad_exchange")
        assert isinstance(choices, list)
        require(all(c in EXCHANGE_GOODS for c in choices), "bad_exchange")
        require(player.goods.get("worker", 0) >= 2 * len(choices), "not_enough_workers")
        pairs = ctx.state.plan.pairs if ctx.state.plan else 0
        for choice in choices:
            ctx.pay(seat, {"worker": 2})
            ctx.event("exchanged", seat=seat, **goods_args("goods", {choice: 1}))
            ctx.grant(seat, {choice: 1}, "exchange", "exchange")
        pairs += len(choices)
        if rest and player.goods.get("worker", 0) >= 2:
            ctx.state.plan = Plan(do="exchange", pairs=pairs)
            return
        self._done(ctx, seat, Last(seat=seat, move="exchange"))

    def _pass(self, ctx: Ctx, seat: int, rest: str, args: dict[str, Any]) -> None:
        require(rest == "", "bad_input")
        ctx.player(seat).passed = True
        ctx.event("passed", seat=seat)
        self._done(ctx, seat, Last(seat=seat, move="pass"))

    def _done(self, ctx: Ctx, seat: int, last: Last) -> None:
        """The action is complete: the next player who has not passed takes the turn."""
        state = ctx.state
        state.plan = None
        state.last = last
        order = clockwise(state, (seat + 1) % state.seats)
        state.active = next((s for s in order if not state.players[s].passed), -1)

    # Follow-up choices of an action ----------------------------------------------------------

    def _foundation(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._turn(ctx, seat, planning=True)
        plan = ctx.state.plan
        assert plan is not None
        require(plan.payment is not None and plan.do.startswith("build:"), "wrong_phase")
        choice = args.get("foundation")
        if choice == "cancel":
            ctx.state.plan = None
            return
        candidates = foundation_candidates(ctx.state, ctx.cards, seat)
        require(choice is not None and str(choice) in candidates, "foundation_not_yours")
        self._continue(ctx, seat, plan, payment=plan.payment, foundation=str(choice))

    def _continue(self, ctx: Ctx, seat: int, plan: Plan, **chosen: Any) -> None:
        ctx.state.plan = None
        args = {k: v for k, v in chosen.items() if v is not None}
        self._dispatch(ctx, seat, plan.do, args)

    def _exchange_more(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._turn(ctx, seat, planning=True)
        plan = ctx.state.plan
        assert plan is not None
        require(plan.do == "exchange", "wrong_phase")
        choice = args.get("choice")
        if choice == "done":
            self._done(ctx, seat, Last(seat=seat, move="exchange"))
            return
        require(choice in EXCHANGE_GOODS, "bad_exchange")
        self._exchange(ctx, seat, str(choice), {})

    # Replies and effect choices ------------------------------------------------------------

    def _defend(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._front(ctx, "defend", seat)
        state = ctx.state
        raze = state.raze
        assert raze is not None
        answer = args.get("answer")
        require(answer in ("defend", "decline"), "bad_answer")
        if answer == "decline":
            ctx.event("declined", seat=seat)
            self._resolve_raze(ctx)
            return
        owner = ctx.player(seat)
        require(owner.goods.get("defense", 0) >= 1, "no_defence_token")
        owner.goods["defense"] -= 1
        location = next(loc for loc in owner.empire if loc.uid == raze.uid)
        location.defence = True
        raze.cost += 1
        raze.defended = True
        ctx.event("defended", seat=seat, cost=raze.cost, **card_args(ctx.card(location.card)))
        if ctx.player(raze.attacker).goods.get("raze", 0) >= raze.cost:
            ctx.queued.append(Task(kind="confirm", seat=raze.attacker))
            return
        state.raze = None
        ctx.event("withdrawn_auto", seat=raze.attacker)

    def _confirm(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._front(ctx, "confirm", seat)
        answer = args.get("answer")
        require(answer in ("confirm", "withdraw"), "bad_answer")
        if answer == "confirm":
            self._resolve_raze(ctx)
            return
        ctx.state.raze = None
        ctx.event("withdrawn", seat=seat)

    def _draw(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        deck = args.get("deck")
        require(deck in ("common", "faction"), "bad_deck")
        self._front(ctx, "card_any", seat)
        ctx.draw(seat, "common" if deck == "common" else ctx.player(seat).faction)

    def _samurai(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
        self._front(ctx, "samurai", seat)
        spots = samurai_spots(ctx.state, seat)
        uid = args.get("location")
        require(type(uid) is int and uid in spots, "bad_location")
        _place_samurai(ctx, seat, uid)

    def _store(self, ctx: Ctx, seat: int, args: dict[str, Any]) -> None:
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

    # Prompts --------------------------------------------------------------------------

    def pending(self, state: SettlersState) -> list[Prompt]:
        if not state.tasks or state.phase == "over":
            return []
        task = state.tasks[0]
        if task.kind == "store":
            return [store_prompt(state, t) for t in state.tasks if t.kind == "store"]
        return [prompt_for(state, cards_of(state), task)]

    # Views and outcome ------------------------------------------------------------------

    def view(self, state: SettlersState, seat: int | None) -> SettlersView:
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
            hand=tuple(sorted(state.players[seat].hand)) if own else (),  # type: ignore[index]
            **_public_flow(state, seat if own else None),
        )

    def outcome(self, state: SettlersState) -> Outcome | None:
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

    def private_lines(self, state: SettlersState, seat: int) -> list[Msg]:
        """The hand, each distinct card once (with its count) in words: cost, effect, deal and
        raze rewards, so a DM stays short enough for Discord with a large hand."""
        cards = cards_of(state)
        hand = state.players[seat].hand
        lines = [Msg(key="private.hand", args={"count": len(hand)})]
        for card_id in sorted(set(hand)):
            text = card_text_args(cards.cards[card_id])
            copies = hand.count(card_id)
            if copies > 1:
                text = {key: f"{copies}× {value}" for key, value in text.items()}
            lines.append(Msg(key="private.card", args=text))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, SettlersView)
        return ai.decide(view, prompt, seat, rng_state)


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
    ctx.event("samurai_placed", seat=seat, **card_args(ctx.card(location.card)))


def _target(state: SettlersState, rest: str) -> tuple[int | None, Location | None]:
    owner, _, uid = rest.partition(":")
    if not owner.isdigit() or int(owner) >= state.seats:
        return None, None
    found = next(
        (loc for loc in state.players[int(owner)].empire if str(loc.uid) == uid and loc.face_up),
        None,
    )
    return int(owner), found
