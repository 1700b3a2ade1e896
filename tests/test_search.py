"""The hard AI never sees what its seat cannot: a decision depends on the seat's view alone.
Every game that declares a `search` (a hard level) is checked here; that its sampler agrees with
the seat's view is engine.testing's `check_sampler`, run by the conformance suite."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.ai import ai_seed, choose_action
from engine.core import Action, GameState, playable_seats
from engine.registry import GAMES, SEARCH
from engine.rng import Rng
from engine.search import _Arm, _paired_choice, _paired_t, search_action
from engine.testing import positions

GAME_IDS = sorted(SEARCH)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_information_does_not_change_the_decision(game_id: str) -> None:
    """A world resampled from the seat's view differs from the real one only in what the seat
    cannot see; the hard AI, given the same seed, must decide the same in both."""
    game = GAMES[game_id]
    spec = replace(SEARCH[game_id], rollouts=6, worlds=2)
    checked = 0
    for state, prompt in positions(game, 3, every=5):
        for seat in prompt.seats:
            other = spec.sampler(game.view(state, seat), Rng(99 + checked))
            if other == state:
                continue
            match = next(p for p in game.pending(other) if seat in p.seats)
            a = search_action(game, spec, game.view(state, seat), prompt, seat, 7)
            b = search_action(game, spec, game.view(other, seat), match, seat, 7)
            assert a == b, f"{game_id} step {checked} seat {seat}"
            checked += 1
        if checked >= 4:
            break


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_small_budget_search_plays_a_whole_game(game_id: str) -> None:
    """Smoke: seat 0 searches with a tiny budget, the rest play the heuristic, to the end."""
    game = GAMES[game_id]
    spec = replace(SEARCH[game_id], rollouts=3, worlds=1)
    seats = playable_seats(game)[0]
    state: GameState = game.setup(game.parse_options({}), seats, 5)
    step = 0
    while prompts := game.pending(state):
        prompt = prompts[0]
        seat = prompt.seats[0]
        seed = ai_seed(5, step, seat)
        if seat == 0:
            action = search_action(game, spec, game.view(state, seat), prompt, seat, seed)
        else:
            action = choose_action(game, state, prompt, seat, seed)
        state = game.apply(state, action)[0]
        step += 1
        assert step < game.max_inputs
    assert game.outcome(state) is not None


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_full_budget_search_is_deterministic_and_finishes_a_game(game_id: str) -> None:
    """At its real budget, the hard seat repeats its decisions for the same seed, and a game of
    hard against normal seats ends."""
    game = GAMES[game_id]
    spec = SEARCH[game_id]
    seats = playable_seats(game)[0]
    state: GameState = game.setup(game.parse_options({}), seats, 11)
    step = 0
    while prompts := game.pending(state):
        prompt = prompts[0]
        seat = prompt.seats[0]
        seed = ai_seed(11, step, seat)
        if seat == 0:
            view = game.view(state, seat)
            action = search_action(game, spec, view, prompt, seat, seed)
            if step < 3:
                assert search_action(game, spec, view, prompt, seat, seed) == action, step
        else:
            action = choose_action(game, state, prompt, seat, seed)
        state = game.apply(state, action)[0]
        step += 1
    assert game.outcome(state) is not None


def _arms(*trials: list[float]) -> list[_Arm]:
    action = Action(seat=0, move="pick", args={})
    return [_Arm(action, visits=len(values), total=sum(values), values=values) for values in trials]


def test_paired_choice_departs_from_the_heuristic_only_on_evidence() -> None:
    """engine.search with `SearchSpec.evidence`: an input that beats the heuristic's pick by
    luck of the draw (as often worse as better, trial by trial) leaves the pick; one better in
    nearly every shared trial replaces it, the surest of several; a pick never playable gives
    way to the best mean."""
    pick = [0.5, 0.2, 0.9, 0.4, 0.6, 0.3]
    lucky = [1.0, 1.0, 0.0, 1.0, 0.0, 0.5]  # a higher mean, but all over the place
    steady = [0.6, 0.3, 1.0, 0.45, 0.7, 0.4]  # a little better in every trial
    close = [0.55, 0.1, 1.0, 0.5, 0.6, 0.35]
    arms = _arms(pick, lucky, steady, close)
    assert sum(lucky) > sum(steady)
    assert _paired_choice(arms, [0, 1], 0.5) == 0
    assert _paired_choice(arms, [0, 1, 2, 3], 0.5) == 2
    assert _paired_choice(arms, [0, 3], 0.5) == 3
    assert _paired_choice(arms, [0, 3], 2.0) == 0
    assert _paired_choice(_arms(pick, pick), [0, 1], 0.0) == 0  # no gain is no evidence
    assert _paired_choice(arms, [1, 2], 0.5) == 1  # the pick unplayable: the best mean
    assert _paired_t(steady, pick) == pytest.approx(11.0, abs=0.01)
