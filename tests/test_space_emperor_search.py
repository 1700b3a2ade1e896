"""Space Emperor's hard-AI pieces: the alternatives the search weighs are legal inputs, and the
horizon estimate ranks a lead in systems above an even table."""

from __future__ import annotations

from collections import Counter

from engine.ai import ai_seed, choose_action
from engine.core import Action
from engine.games.space_emperor.ai import estimate
from engine.games.space_emperor.alternatives import alternatives
from engine.registry import get_game

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

