"""Space Emperor's hard-AI pieces: the alternatives the search weighs are legal inputs, the
sampler commits a rival's best ships, and the horizon estimate ranks a lead in systems above an
even table."""

from __future__ import annotations

from collections import Counter

from engine.ai import ai_seed, choose_action
from engine.core import Action
from engine.games.space_emperor.ai import estimate
from engine.games.space_emperor.alternatives import alternatives
from engine.games.space_emperor.cards import DEFAULT_CARD_SET, CardSet, card_set
from engine.games.space_emperor.sampler import sample
from engine.games.space_emperor.state import SpaceEmperorState
from engine.registry import get_game
from engine.rng import Rng

GAME = get_game("space_emperor")
SEEDS = (1, 2, 3)


def test_every_alternative_for_act_defend_and_targets_is_a_legal_input() -> None:
    checked = Counter[str]()
    for seed in SEEDS:
        print("seed", seed)
        state = GAME.setup(GAME.parse_options({}), 2, seed)
        step = 0
        while prompts := GAME.pending(state):
            prompt, seat = prompts[0], prompts[0].seats[0]
            offered = alternatives(GAME.view(state, seat), prompt, seat)
            if prompt.move in ("act", "defend", "targets"):
                assert offered, f"seed {seed} step {step}: nothing offered"
                for args in offered:
                    GAME.apply(state, Action(seat=seat, move=prompt.move, args=args))
                    checked[prompt.move] += 1
            state = GAME.apply(
                state, choose_action(GAME, state, prompt, seat, ai_seed(seed, step, 0))
            )[0]
            step += 1
    assert checked["act"] + checked["defend"] > 50 and checked["targets"] > 0, checked


def test_the_estimate_favours_the_seat_that_holds_more_systems() -> None:
    state = GAME.setup(GAME.parse_options({}), 2, 4)
    systems = [s.model_copy(update={"owner": 0}) for s in state.systems]
    ahead = state.model_copy(update={"systems": systems})
    even = state.model_copy(
        update={"systems": [s.model_copy(update={"owner": None}) for s in systems]}
    )
    assert estimate(ahead, 0) > estimate(even, 0)
    assert estimate(ahead, 1) < estimate(even, 1)
    assert abs(estimate(ahead, 0) + estimate(ahead, 1) - 1.0) < 1e-9  # two seats: one lead


def _facing_hidden_attack(seed: int) -> tuple[SpaceEmperorState, int] | None:
    """The first defence decision of a game where the attacking fleet holds face-down cards."""
    state = GAME.setup(GAME.parse_options({}), 2, seed)
    step = 0
    while prompts := GAME.pending(state):
        prompt, seat = prompts[0], prompts[0].seats[0]
        battle = GAME.view(state, seat).battle
        hidden = battle is not None and any(None in slot.cards for slot in battle.attack)
        if prompt.move == "defend" and hidden:
            return state, seat
        action = choose_action(GAME, state, prompt, seat, ai_seed(seed, step, 0))
        state, _ = GAME.apply(state, action)
        step += 1
    return None


def _carries(cards: CardSet, ship: str, supports: list[str]) -> bool:
    """Every support may ride on `ship` (its class is allowed)."""
    ship_class = cards[ship].ship_class
    return all(
        not cards[s].allowed_classes or ship_class in cards[s].allowed_classes for s in supports
    )


def test_a_sampled_attack_fleet_holds_the_attackers_strongest_ships() -> None:
    """A rival commits its best hand ships: a face-down ship of a sampled fleet is never weaker
    than a ship left in that rival's sampled hand that could carry the same supports, and the
    hand keeps its public size."""
    cards = card_set(DEFAULT_CARD_SET)
    checked = 0
    for seed in range(1, 30):
        found = _facing_hidden_attack(seed)
        if found is None:
            continue
        state, seat = found
        view = GAME.view(state, seat)
        assert view.battle is not None
        attacker = view.battle.attacker
        assert attacker is not None
        for draw in range(4):
            world = sample(view, Rng(draw))
            assert world.battle is not None
            hand = world.hands[attacker]
            assert len(hand) == len(state.hands[attacker]), f"seed {seed}"
            for slot, seen in zip(world.battle.attack, view.battle.attack, strict=True):
                if seen.cards[0] is not None:
                    continue
                ship, supports = slot.unit.ship, slot.unit.supports
                for other in hand:  # a ship left in hand that could carry the slot's supports
                    if cards[other].kind == "ship" and _carries(cards, other, supports):
                        stronger = (cards[other].strength or 0) > (cards[ship].strength or 0)
                        assert not stronger, f"seed {seed}: {other} left, {ship} sent"
                assert _carries(cards, ship, supports)
            checked += 1
    assert checked >= 8
