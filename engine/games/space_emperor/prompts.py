"""What Space Emperor asks, stage by stage: one `Prompt` per waiting decision (spec 3-4)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Choice, Field, Kind, Msg, Prompt
from engine.games.space_emperor import battle as combat
from engine.games.space_emperor.cards import SUPPORT_KINDS
from engine.games.space_emperor.fleet import MAX_SUPPORTS, garrison_index
from engine.games.space_emperor.state import PLANET, Battle, Ctx, Slot
from engine.games.space_emperor.turns import (
    hand_excess,
    redirect_targets,
    trade_partners,
)


def card_label(ctx: Ctx, card_id: str, where: str | None = None) -> Msg:
    card = ctx.card(card_id)
    args = {"name": card.name, "cls": card.ship_class or "", "strength": card.strength or 0}
    kind = "ship" if card.kind == "ship" else "card"
    if where is None:
        return Msg(key=f"label.{kind}", args=args)
    return Msg(key=f"label.{kind}_at", args={**args, "system": ctx.card(where).name})


def system_label(ctx: Ctx, system_id: str) -> Msg:
    system = ctx.system(system_id)
    if system.owner is None:
        return Msg(key="label.system_neutral", args={"name": ctx.card(system_id).name})
    return Msg(key="label.system", args={"name": ctx.card(system_id).name, "seat": system.owner})


def seat_choices(seats: list[int]) -> tuple[Choice, ...]:
    return tuple(Choice(value=s, label=Msg(key="label.seat", args={"seat": s})) for s in seats)


def _key(ctx: Ctx, name: str) -> str:
    return f"{ctx.state.step}.{name}"


def fleet_field(
    ctx: Ctx, seat: int, systems: set[str], needs: tuple[str, tuple[int | str, ...]] | None
) -> Field | None:
    """The ordered-fleet field over the seat's hand and the garrisons of `systems`."""
    sources: list[tuple[str, str | None]] = [(c, None) for c in ctx.state.hands[seat]]
    sources += [
        (c, where) for c, (where, _) in garrison_index(ctx, seat).items() if where in systems
    ]
    ships = [(c, w) for c, w in sources if ctx.card(c).kind == "ship"]
    supports = [(c, w) for c, w in sources if ctx.card(c).kind in SUPPORT_KINDS]
    if not ships:
        return None
    return Field(
        name="fleet",
        kind="fleet",
        label=Msg(key="field.fleet"),
        options=tuple(Choice(value=c, label=card_label(ctx, c, w)) for c, w in ships),
        attachments=tuple(Choice(value=c, label=card_label(ctx, c, w)) for c, w in supports),
        min=1,
        max=ctx.state.options.fleet_card_limit,
        per_head=MAX_SUPPORTS,
        needs=needs,
    )


def act_prompt(ctx: Ctx) -> Prompt:
    """ACTION_CHOICE: attack / spy / terrorist / pass, each with its own follow-up fields."""
    state = ctx.state
    seat = state.active
    kinds = {ctx.card(c).kind for c in state.hands[seat]}
    actions = ["pass"]
    fields: list[Field] = []
    own = {s.id for s in ctx.owned(seat)}
    targets = sorted(s.id for s in state.systems if s.owner != seat)
    fleet = fleet_field(ctx, seat, own, ("action", ("attack",)))
    if targets and fleet is not None:
        actions.insert(0, "attack")
        fields.append(_one("target", [(t, system_label(ctx, t)) for t in targets], "attack"))
        fields.append(fleet)
    victims = [p for p in range(state.seats) if p != seat and state.hands[p]]
    if "spy" in kinds and victims:
        actions.insert(-1, "spy")
        fields.append(_one("spy_target", [(p, _seat_msg(p)) for p in victims], "spy"))
    garrisoned = sorted(s.id for s in state.systems if s.owner not in (None, seat) and s.garrison)
    if "terrorist" in kinds and garrisoned:
        actions.insert(-1, "terrorist")
        choices = [(t, system_label(ctx, t)) for t in garrisoned]
        fields.append(_one("terror_target", choices, "terrorist"))
    action = _one("action", [(a, Msg(key=f"action.{a}")) for a in actions], None)
    text = "prompt.act_endgame" if state.endgame_turn else "prompt.act"
    return Prompt(
        key=_key(ctx, "act"),
        move="act",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(action, *fields),
        text=Msg(key=text, args={"seat": seat}),
        public_options=False,
    )


def _seat_msg(seat: int) -> Msg:
    return Msg(key="label.seat", args={"seat": seat})


def _one(name: str, choices: Sequence[tuple[int | str, Msg]], action: str | None) -> Field:
    return Field(
        name=name,
        kind="one",
        label=Msg(key=f"field.{name}"),
        options=tuple(Choice(value=v, label=label) for v, label in choices),
        needs=("action", (action,)) if action else None,
    )


def defend_prompt(ctx: Ctx) -> Prompt:
    battle = ctx.state.battle
    assert battle is not None and battle.defender is not None
    seat = battle.defender
    fleet = fleet_field(ctx, seat, {battle.system}, ("sortie", ("sortie",)))
    answers = [("no_sortie", Msg(key="answer.no_sortie"))]
    if fleet is not None:
        answers.append(("sortie", Msg(key="answer.sortie")))
    sortie = Field(
        name="sortie",
        kind="one",
        label=Msg(key="field.sortie"),
        options=tuple(Choice(value=v, label=m) for v, m in answers),
    )
    attacker = battle.attacker
    text = (
        Msg(
            key="prompt.defend_monster",
            args={
                "seat": seat,
                "system": ctx.card(battle.system).name,
                "monster": ctx.card(battle.attack[0].unit.ship).name,
            },
        )
        if attacker is None
        else Msg(
            key="prompt.defend",
            args={
                "seat": seat,
                "seat_attacker": attacker,
                "system": ctx.card(battle.system).name,
                "layout": _layout(battle.attack),
            },
        )
    )
    return Prompt(
        key=_key(ctx, "defend"),
        move="defend",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=(sortie,) if fleet is None else (sortie, fleet),
        text=text,
        public_options=False,
    )


def _layout(slots: Sequence[Slot]) -> str:
    return ", ".join(f"A{i + 1}:{len(slot.unit.cards())}" for i, slot in enumerate(slots))


def targets_prompt(ctx: Ctx) -> Prompt:
    battle = ctx.state.battle
    assert battle is not None and battle.defender is not None
    options = tuple(
        Choice(value=i, label=Msg(key="label.slot", args={"slot": f"A{i + 1}"}))
        for i in range(len(battle.attack))
    )
    fields = tuple(
        Field(
            name=f"target_{d + 1}",
            kind="one",
            label=Msg(key="field.defence_target", args={"ship": ctx.card(slot.unit.ship).name}),
            options=options,
        )
        for d, slot in enumerate(battle.defence)
    )
    return Prompt(
        key=_key(ctx, "targets"),
        move="targets",
        kind=Kind.REPLY,
        seats=(battle.defender,),
        fields=fields,
        text=Msg(key="prompt.targets", args={"seat": battle.defender}),
        public_options=False,
    )


def assign_choices(battle: Battle) -> dict[int, list[int]]:
    """Attacking slot -> what it may attack (defending slots, PLANET) when it has a choice."""
    choices: dict[int, list[int]] = {}
    for index in range(len(battle.attack)):
        targeting = [d for d, other in enumerate(battle.defence) if other.target == index]
        if len(targeting) >= 2:
            choices[index] = targeting
        elif not targeting:
            choices[index] = [*range(len(battle.defence)), PLANET]
    return choices


def assign_prompt(ctx: Ctx) -> Prompt:
    battle = ctx.state.battle
    assert battle is not None and battle.attacker is not None
    fields = []
    for index, options in assign_choices(battle).items():
        choices = tuple(
            Choice(
                value=d,
                label=Msg(key="label.planet")
                if d == PLANET
                else Msg(key="label.slot", args={"slot": f"D{d + 1}"}),
            )
            for d in options
        )
        fields.append(
            Field(
                name=f"assign_{index + 1}",
                kind="one",
                label=Msg(key="field.assign", args={"slot": f"A{index + 1}"}),
                options=choices,
            )
        )
    return Prompt(
        key=_key(ctx, "assign"),
        move="assign",
        kind=Kind.TURN,
        seats=(battle.attacker,),
        fields=tuple(fields),
        text=Msg(key="prompt.assign", args={"seat": battle.attacker}),
    )


def escape_prompt(ctx: Ctx) -> Prompt:
    battle = ctx.state.battle
    assert battle is not None
    esp, side, _ = battle.escapes[0]
    seat = combat.owner(battle, side)
    fleet = combat.fleet_of(battle, side)
    options = tuple(
        Choice(value=i, label=card_label(ctx, fleet[i].unit.ship))
        for i in combat.escape_options(ctx, battle, side)
    )
    field = Field(name="ship", kind="one", label=Msg(key="field.escape"), options=options)
    return Prompt(
        key=_key(ctx, "escape"),
        move="esp_escape",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=(field,),
        text=Msg(key="prompt.escape", args={"seat": seat, "card": ctx.card(esp).name}),
    )


def relocate_prompt(ctx: Ctx) -> Prompt:
    move = ctx.state.relocations[0]
    options = tuple(Choice(value=s.id, label=system_label(ctx, s.id)) for s in ctx.owned(move.seat))
    field = Field(name="system", kind="one", label=Msg(key="field.relocate"), options=options)
    return Prompt(
        key=_key(ctx, "relocate"),
        move="relocate",
        kind=Kind.REPLY,
        seats=(move.seat,),
        fields=(field,),
        text=Msg(key="prompt.relocate", args={"seat": move.seat, "count": len(move.units)}),
    )


def redirect_prompt(ctx: Ctx) -> Prompt:
    seat, monster = ctx.state.redirect  # type: ignore[misc]  # set while a redirect is asked
    options = (
        Choice(value="decline", label=Msg(key="answer.decline")),
        *seat_choices(redirect_targets(ctx, seat)),
    )
    field = Field(name="player", kind="one", label=Msg(key="field.redirect"), options=options)
    return Prompt(
        key=_key(ctx, "redirect"),
        move="monster_redirect",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=(field,),
        text=Msg(key="prompt.redirect", args={"seat": seat, "monster": ctx.card(monster).name}),
    )


def react_prompt(ctx: Ctx) -> Prompt:
    operation = ctx.state.operation
    assert operation is not None
    seat = operation.target_seat
    answers = [("decline", Msg(key="answer.decline"))]
    if any(ctx.card(c).kind == "secret_police" for c in ctx.state.hands[seat]):
        answers.append(("secret_police", Msg(key="answer.secret_police")))
    field = Field(
        name="answer",
        kind="one",
        label=Msg(key="field.react"),
        options=tuple(Choice(value=v, label=m) for v, m in answers),
    )
    return Prompt(
        key=_key(ctx, "react"),
        move="react",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=(field,),
        text=Msg(
            key=f"prompt.react_{operation.kind}",
            args={"seat": seat, "seat_active": ctx.state.active},
        ),
        public_options=False,
    )


def simple_prompt(ctx: Ctx, move: str, seat: int, field: Field, kind: Kind = Kind.TURN) -> Prompt:
    return Prompt(
        key=_key(ctx, move),
        move=move,
        kind=kind,
        seats=(seat,),
        fields=(field,),
        text=Msg(key=f"prompt.{move}", args={"seat": seat}),
    )


def player_field(name: str, seats: list[int]) -> Field:
    return Field(name=name, kind="one", label=Msg(key=f"field.{name}"), options=seat_choices(seats))


def tractor_prompt(ctx: Ctx) -> Prompt:
    seat, _, hit = ctx.state.black_hole  # type: ignore[misc]  # set while a black hole is resolved
    use = Field(
        name="use",
        kind="one",
        label=Msg(key="field.use"),
        options=(
            Choice(value="yes", label=Msg(key="answer.use_tractor")),
            Choice(value="no", label=Msg(key="answer.keep_tractor")),
        ),
    )
    others = [p for p in range(ctx.state.seats) if p != seat]
    target = player_field("target_player", others).model_copy(update={"needs": ("use", ("yes",))})
    hit_name = ctx.card(hit).name if hit else "—"
    return Prompt(
        key=_key(ctx, "tractor"),
        move="tractor",
        kind=Kind.REPLY,
        seats=(seat,),
        fields=(use, target),
        text=Msg(key="prompt.tractor", args={"seat": seat, "system": hit_name}),
    )


def discard_prompt(ctx: Ctx) -> Prompt:
    seat = ctx.state.active
    count = hand_excess(ctx, seat)
    options = [Choice(value=c, label=card_label(ctx, c)) for c in ctx.state.hands[seat]]
    options += [
        Choice(value=c, label=card_label(ctx, c, where))
        for c, (where, _) in sorted(garrison_index(ctx, seat).items(), key=lambda i: i[1][0])
    ]
    field = Field(
        name="cards",
        kind="subset",
        label=Msg(key="field.discard", args={"count": count}),
        options=tuple(options),
        min=count,
        max=count,
    )
    return Prompt(
        key=_key(ctx, "discard"),
        move="discard",
        kind=Kind.TURN,
        seats=(seat,),
        fields=(field,),
        text=Msg(key="prompt.discard", args={"seat": seat, "count": count}),
        public_options=False,
    )


MOVES = {
    "act": "act",
    "defend": "defend",
    "targets": "targets",
    "assign": "assign",
    "escape": "esp_escape",
    "relocate": "relocate",
    "redirect": "monster_redirect",
    "react": "react",
    "tractor": "tractor",
    "discard": "discard",
    "trade": "trade_partner",
    "push": "monster_push",
    "first_player": "first_player",
}


def expected_input(ctx: Ctx) -> tuple[str, int] | None:
    """(move, seat) the game waits for, without building the prompt (checked on every input)."""
    state = ctx.state
    if state.over or state.stage not in MOVES:
        return None
    battle = state.battle
    seat = {
        "defend": battle.defender if battle else None,
        "targets": battle.defender if battle else None,
        "assign": battle.attacker if battle else None,
        "escape": combat.owner(battle, battle.escapes[0][1]) if battle and battle.escapes else None,
        "relocate": state.relocations[0].seat if state.relocations else None,
        "redirect": state.redirect[0] if state.redirect else None,
        "react": state.operation.target_seat if state.operation else None,
        "tractor": state.black_hole[0] if state.black_hole else None,
        "first_player": 0,
    }.get(state.stage, state.active)
    return None if seat is None else (MOVES[state.stage], seat)


def pending_prompt(ctx: Ctx) -> Prompt | None:
    stage = ctx.state.stage
    if ctx.state.over:
        return None
    builders = {
        "act": act_prompt,
        "defend": defend_prompt,
        "targets": targets_prompt,
        "assign": assign_prompt,
        "escape": escape_prompt,
        "relocate": relocate_prompt,
        "redirect": redirect_prompt,
        "react": react_prompt,
        "tractor": tractor_prompt,
        "discard": discard_prompt,
    }
    if stage in builders:
        return builders[stage](ctx)
    active = ctx.state.active
    if stage == "trade":
        return simple_prompt(
            ctx, "trade_partner", active, player_field("player", trade_partners(ctx, active))
        )
    if stage == "push":
        return simple_prompt(
            ctx, "monster_push", active, player_field("player", redirect_targets(ctx, active))
        )
    if stage == "first_player":
        return simple_prompt(
            ctx, "first_player", 0, player_field("player", list(range(ctx.state.seats)))
        )
    return None
