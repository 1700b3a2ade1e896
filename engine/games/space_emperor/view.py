"""What a seat (or, with seat=None, everybody) may know: hands only to their owner, hand cards
in a deployed fleet face down (None) until the reveal except to the fleet's owner."""

from __future__ import annotations

from typing import Any

from engine.core import Msg, trusted
from engine.games.space_emperor.prompts import expected_input
from engine.games.space_emperor.state import (
    Battle,
    BattleView,
    Ctx,
    Slot,
    SlotView,
    SpaceEmperorState,
    SpaceEmperorView,
    SystemView,
)


def _slot_view(slot: Slot, visible: bool, visible_to_all: bool) -> SlotView:
    cards = slot.unit.cards()
    shown = slot.shown + [True] * (len(cards) - len(slot.shown))  # an escaped ESP: revealed
    face_up = tuple(visible_to_all or up for up in shown[: len(cards)])
    seen = tuple(card if visible or up else None for card, up in zip(cards, shown, strict=False))
    return trusted(
        SlotView,
        cards=seen,
        face_up=face_up,
        target=slot.target,
        faces=tuple(slot.faces),
        rerolled=tuple(slot.rerolled),
        mod=slot.mod,
        hits=slot.hits,
        sunk=slot.sunk,
        planet=slot.planet,
    )


def _battle_view(battle: Battle, seat: int | None, live: bool) -> BattleView:
    mine = (battle.revealed, seat is not None and seat == battle.attacker)
    theirs = (battle.revealed, seat is not None and seat == battle.defender)
    return trusted(
        BattleView,
        attacker=battle.attacker,
        defender=battle.defender,
        system=battle.system,
        attack=tuple(_slot_view(s, any(mine), battle.revealed) for s in battle.attack),
        defence=tuple(_slot_view(s, any(theirs), battle.revealed) for s in battle.defence),
        stage=battle.stage,
        revealed=battle.revealed,
        no_sortie=battle.no_sortie,
        result=battle.result,
        captured=battle.captured,
        live=live,
        escapes=tuple(battle.escapes),
        planet_next=battle.planet_next,
    )


def waiting_seats(ctx: Ctx) -> tuple[int, ...]:
    expected = expected_input(ctx)
    return () if expected is None else (expected[1],)


def build_view(ctx: Ctx, seat: int | None) -> SpaceEmperorView:
    state = ctx.state
    operation = state.operation
    return trusted(
        SpaceEmperorView,
        seat=seat,
        seats=state.seats,
        card_set=state.options.card_set,
        fleet_card_limit=state.options.fleet_card_limit,
        hand_limit=state.options.hand_limit,
        stage=state.stage,
        active=state.active,
        turn=state.turn,
        deck=len(state.deck),
        discard=tuple(state.discard),
        hand_sizes=tuple(len(hand) for hand in state.hands),
        hand=tuple(state.hands[seat]) if seat is not None and 0 <= seat < state.seats else (),
        systems=tuple(
            trusted(
                SystemView,
                id=s.id,
                owner=s.owner,
                garrison=tuple(tuple(unit.cards()) for unit in s.garrison),
            )
            for s in sorted(state.systems, key=lambda s: s.id)
        ),
        destroyed=tuple(c for c in state.discard if ctx.card(c).kind == "star_system"),
        retired=tuple(state.retired),
        endgame_turn=state.endgame_turn,
        endgame_turns=tuple(state.endgame_turns),
        battle=_battle_view(shown, seat, state.battle is not None)
        if (shown := state.battle or state.last_battle)
        else None,
        waiting=waiting_seats(ctx),
        winner=state.winner,
        over=state.over,
        changed=tuple(state.changed),
        drawn=tuple(state.drawn),
        operation=None
        if operation is None
        else (operation.kind, operation.target_seat, operation.target_system),
        scores=tuple(len(ctx.owned(p)) for p in range(state.seats)),
        **_public_rules(state),
    )


def _public_rules(state: SpaceEmperorState) -> dict[str, Any]:
    options = state.options
    return {
        "zero_tie_sinks": options.zero_tie_sinks,
        "always_prompt_reactions": options.always_prompt_reactions,
        "endgame_turn_limit": options.endgame_turn_limit,
        "final_tiebreak": options.final_tiebreak,
        "allow_seven_players": options.allow_seven_players,
        "first_player": options.first_player,
        "operation_card": state.operation.card if state.operation else None,
        "relocations": tuple(
            (r.seat, tuple(tuple(unit.cards()) for unit in r.units)) for r in state.relocations
        ),
        "redirect": state.redirect,
        "black_hole": state.black_hole,
    }


def private_lines(ctx: Ctx, seat: int) -> list[Msg]:
    hand = ctx.state.hands[seat]
    names = [_describe(ctx, card) for card in hand]  # each in the reader's language (term.*)
    return [Msg(key="private.hand", args={"cards": names, "count": len(hand)})]


def _describe(ctx: Ctx, card_id: str) -> str:
    card = ctx.card(card_id)
    if card.kind == "ship":
        return f"{card.name} ({card.ship_class}{card.strength})"
    return card.name
