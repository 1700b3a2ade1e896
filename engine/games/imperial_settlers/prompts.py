"""The prompts of each input step. The action menu lists only what the player can do now."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import Choice, Field, Kind, Msg, Prompt, trusted
from engine.games.imperial_settlers.cards import FACTIONS, CardSet
from engine.games.imperial_settlers.effects import (
    can_pay,
    deal_cost,
    payments,
    razable,
    raze_cost,
)
from engine.games.imperial_settlers.legal import (
    EXCHANGE_GOODS,
    foundation_candidates,
    hand_razable,
    samurai_spots,
)
from engine.games.imperial_settlers.messages import goods_msg
from engine.games.imperial_settlers.state import CANCEL_ALLOWANCE, SettlersState, Task


def _one(name: str, options: list[Choice], **label_args: object) -> tuple[Field, ...]:
    label = Msg(key=f"field.{name}", args=label_args)
    return (Field(name=name, kind="one", label=label, options=tuple(options)),)


def _choice(value: int | str, key: str, **args: object) -> Choice:
    """Built without re-validation: the action menu is rebuilt for every decision."""
    return trusted(Choice, value=value, label=trusted(Msg, key=f"choice.{key}", args=args))


def pending(state: SettlersState, cards: CardSet) -> list[Prompt]:
    if not state.tasks or state.phase == "over":
        return []
    task = state.tasks[0]
    if task.kind == "store":
        return [store_prompt(state, t) for t in state.tasks if t.kind == "store"]
    return [prompt_for(state, cards, task)]


def prompt_for(state: SettlersState, cards: CardSet, task: Task) -> Prompt:
    seat = task.seat
    if task.kind == "faction":
        taken = {p.faction for p in state.players}
        options = [_choice(f, "faction", faction=f) for f in FACTIONS if f not in taken]
        return _turn(f"faction.{seat}", "faction", seat, _one("faction", options), "faction")
    if task.kind == "pick":
        options = [_card_choice(cards, c) for c in dict.fromkeys(state.display)]
        key = f"r{state.round}.pick{task.stage}.{seat}"
        return _turn(key, "pick", seat, _one("card", options), "pick", stage=task.stage)
    if task.kind == "actions":
        return _action_prompt(state, cards)
    if task.kind == "defend":
        return _defend_prompt(state, cards, seat)
    if task.kind == "confirm":
        raze = state.raze
        assert raze is not None
        options = [_choice("confirm", "confirm", cost=raze.cost), _choice("withdraw", "withdraw")]
        text_args = {"seat_owner": raze.target, "cost": raze.cost}
        return _turn(
            f"confirm.{state.seq}",
            "confirm",
            seat,
            _one("answer", options),
            "confirm",
            private=True,
            **text_args,
        )
    if task.kind == "card_any":
        options = [
            _choice("common", "deck_common"),
            _choice("faction", "deck_faction", deck=state.players[seat].faction),
        ]
        return _turn(f"draw.{state.seq}", "draw", seat, _one("deck", options), "card_any")
    assert task.kind == "samurai", task.kind
    spots = samurai_spots(state, seat)
    by_uid = {loc.uid: loc for loc in state.players[seat].empire}
    options = [_choice(uid, "location", card=by_uid[uid].card) for uid in spots]
    return _turn(f"samurai.{state.seq}", "samurai", seat, _one("location", options), "samurai")


def _turn(
    key: str,
    move: str,
    seat: int,
    fields: tuple[Field, ...],
    text: str,
    private: bool = False,
    **args: object,
) -> Prompt:
    return Prompt(
        key=key,
        move=move,
        kind=Kind.TURN,
        seats=(seat,),
        fields=fields,
        text=Msg(key=f"prompt.{text}", args={"seat": seat, **args}),
        public_options=not private,
    )


def _card_choice(cards: CardSet, card_id: str) -> Choice:
    card = cards.cards[card_id]
    return _choice(card_id, "card", card=card.id, cost=goods_msg(card.cost))


def _defend_prompt(state: SettlersState, cards: CardSet, seat: int) -> Prompt:
    raze = state.raze
    assert raze is not None
    owner = state.players[seat]
    location = next(loc for loc in owner.empire if loc.uid == raze.uid)
    options = [_choice("decline", "decline")]
    if owner.goods.get("defense", 0):
        options.insert(0, _choice("defend", "defend"))
    return Prompt(
        key=f"defend.{state.seq}",
        move="defend",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=_one("answer", options),
        text=Msg(
            key="prompt.defend",
            args={
                "seat": seat,
                "seat_attacker": raze.attacker,
                "cost": raze.cost,
                "card": location.card,
            },
        ),
        public_options=False,
    )


def store_prompt(state: SettlersState, task: Task) -> Prompt:
    goods = [g for g, n in task.goods.items() if n]
    options = tuple(_choice(g, "good", good=goods_msg({g: 1})) for g in goods)
    field = Field(
        name="keep", kind="multiset", label=Msg(key="field.keep"), options=options, count=task.stage
    )
    return Prompt(
        key=f"r{state.round}.store.{task.seat}",
        move="store",
        kind=Kind.TURN,
        seats=(task.seat,),
        fields=(field,),
        text=Msg(key="prompt.store", args={"seat": task.seat, "count": task.stage}),
    )


# The action phase --------------------------------------------------------------------------


def _action_prompt(state: SettlersState, cards: CardSet) -> Prompt:
    seat = state.active
    key = f"act.{state.seq}"
    plan = state.plan
    if plan is None:
        fields = _one("do", action_choices(state, cards, seat))
        return _turn(key, "act", seat, fields, "turn", private=True, round=state.round)
    if plan.do == "exchange":
        workers = state.players[seat].goods.get("worker", 0)
        options = [_choice(g, "exchange", goods=goods_msg({g: 1})) for g in EXCHANGE_GOODS]
        options.append(_choice("done", "done"))
        return _turn(
            key,
            "exchange_more",
            seat,
            _one("choice", options),
            "exchange",
            private=True,
            workers=workers,
        )
    candidates = foundation_candidates(state, cards, seat)
    by_uid = {str(loc.uid): loc for loc in state.players[seat].empire}
    options = [
        _choice("seal", "seal")
        if c == "seal"
        else _choice(
            int(c),
            "foundation_up" if by_uid[c].face_up else "foundation_down",
            card=by_uid[c].card,
        )
        for c in candidates
    ]
    if state.cancels < CANCEL_ALLOWANCE:
        options.append(_choice("cancel", "cancel"))
    card = cards.cards[plan.do.partition(":")[2]]
    return _turn(
        key,
        "foundation",
        seat,
        _one("foundation", options, card=card.id),  # named privately, not in the text
        "foundation",
        private=True,
    )


def _gold_instead(
    state: SettlersState,
    cards: CardSet,
    seat: int,
    do: str,
    cost: dict[str, int],
    names: Mapping[str, str | Msg],
) -> list[Choice]:
    """The same action paying with the most gold, listed only where that can matter: gold
    is at least as useful as any resource, except that a storage ability of the player keeps a
    resource the gold would spare at cleanup (none after the last round)."""
    found = payments(cost, state.players[seat].goods)
    if len(found) < 2 or state.round >= state.rounds:
        return []
    spared = {g for g, n in cost.items() if found[-1].get(g, 0) < n}
    empire = state.players[seat].empire
    stored = {
        g for loc in empire if loc.face_up for e in cards.cards[loc.card].storage for g in e.goods
    }
    if not spared & stored:
        return []
    return [_choice(f"gold:{do}", "pay_gold", **names, goods=goods_msg(found[-1]))]


def action_choices(state: SettlersState, cards: CardSet, seat: int) -> list[Choice]:
    """Every action the player can take and pay for now; pass last."""
    player = state.players[seat]
    goods = player.goods
    hand = list(dict.fromkeys(sorted(player.hand)))
    found: list[Choice] = []
    candidates = foundation_candidates(state, cards, seat)
    for card_id in hand:
        card = cards.cards[card_id]
        if card.deck not in ("common", player.faction) or not can_pay(card.cost, goods):
            continue
        if card.foundation and not candidates:
            continue
        args = {"card": card.id, "cost": goods_msg(card.cost)}
        if card.foundation and len(candidates) == 1:
            found.append(
                _choice(
                    f"build:{card_id}", "build_on", **args, **_on(state, cards, seat, candidates[0])
                )
            )
        else:
            found.append(_choice(f"build:{card_id}", "build", **args))
        found += _gold_instead(state, cards, seat, f"build:{card_id}", card.cost, {"card": card.id})
    cost = deal_cost(state, cards, seat)
    if can_pay(cost, goods):
        for card_id in hand:
            card = cards.cards[card_id]
            if card.deck == player.faction:
                found.append(
                    _choice(
                        f"deal:{card_id}",
                        "deal",
                        card=card.id,
                        gain=goods_msg(card.deal or {}),
                    )
                )
                found += _gold_instead(
                    state, cards, seat, f"deal:{card_id}", cost, {"card": card.id}
                )
    found += _activations(state, cards, seat)
    found += _raze_targets(state, cards, seat)
    if goods.get("raze", 0):
        for card_id in hand:
            if hand_razable(cards, player, card_id):
                card = cards.cards[card_id]
                found.append(
                    _choice(
                        f"raze_hand:{card_id}",
                        "raze_hand",
                        card=card.id,
                        gain=goods_msg(card.raze or {}),
                    )
                )
    if goods.get("worker", 0) >= 2:
        found += [
            _choice(f"exchange:{g}", "exchange", goods=goods_msg({g: 1})) for g in EXCHANGE_GOODS
        ]
    found.append(_choice("pass", "pass"))
    return found


def _on(state: SettlersState, cards: CardSet, seat: int, candidate: str) -> dict[str, str | Msg]:
    if candidate == "seal":
        return {"on": Msg(key="on.seal")}
    location = next(loc for loc in state.players[seat].empire if str(loc.uid) == candidate)
    return {"on": location.card}


def _activations(state: SettlersState, cards: CardSet, seat: int) -> list[Choice]:
    player = state.players[seat]
    found = []
    board = cards.factions[player.faction].board_action
    if player.board_uses < board.max_uses and can_pay(dict(board.cost), player.goods):
        found.append(
            _choice(
                "activate:board",
                "activate_board",
                cost=goods_msg(board.cost),
                gain=goods_msg(board.gain),
            )
        )
        names = {"card": Msg(key="name.faction_board")}
        found += _gold_instead(state, cards, seat, "activate:board", dict(board.cost), names)
    for location in player.empire:
        card = cards.cards[location.card]
        spec = card.action
        if not location.face_up or spec is None or location.uses >= spec.max_uses:
            continue
        if can_pay(dict(spec.cost), player.goods):
            found.append(
                _choice(
                    f"activate:{location.uid}",
                    "activate",
                    card=card.id,
                    cost=goods_msg(spec.cost),
                    gain=goods_msg(spec.gain),
                )
            )
            do = f"activate:{location.uid}"
            found += _gold_instead(state, cards, seat, do, dict(spec.cost), {"card": card.id})
    return found


def _raze_targets(state: SettlersState, cards: CardSet, seat: int) -> list[Choice]:
    tokens = state.players[seat].goods.get("raze", 0)
    found: list[Choice] = []
    if tokens < 2:
        return found
    for owner, player in enumerate(state.players):
        if owner == seat or player.passed:
            continue
        for location in player.empire:
            if not razable(state, cards, location):
                continue
            cost = raze_cost(state, cards, owner, location)
            if cost <= tokens:
                card = cards.cards[location.card]
                found.append(
                    _choice(
                        f"raze:{owner}:{location.uid}",
                        "raze",
                        seat_owner=owner,
                        cost=cost,
                        card=card.id,
                        gain=goods_msg(card.raze or {}),
                    )
                )
    return found
