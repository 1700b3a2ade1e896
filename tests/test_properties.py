"""Properties every registered game must have, over many seeded random games
(after OpenSpiel's random_sim_test). A failing assertion names the game and the seed."""

from __future__ import annotations

import json

import pytest

from engine.ai import ai_seed, random_action
from engine.core import Action, Game, GameState, IllegalInput, Kind, playable_seats
from engine.registry import GAMES

SEEDS = range(12)


def _seat_counts(game: Game) -> list[int]:
    return sorted({game.min_seats, _max_seats(game)})


def _max_seats(game: Game) -> int:
    """The largest table the default options allow (Space Emperor's seventh seat needs one)."""
    return playable_seats(game)[-1]


def _random_game(game: Game, seats: int, seed: int):
    """Yield (state_before, action) along a random legal game."""
    state = game.setup(game.parse_options({}), seats, seed)
    for step in range(game.max_inputs):
        prompts = [p for p in game.pending(state) if p.seats]  # not those kept for revisions
        if not prompts:
            return
        prompt = prompts[step % len(prompts)]
        seat = prompt.seats[step % len(prompt.seats)]
        action = random_action(game, state, prompt, seat, ai_seed(seed, step, seat))
        yield state, action
        state, _ = game.apply(state, action)
    raise AssertionError(f"{game.id} seed {seed}: no end within {game.max_inputs} inputs")


def _final(game: Game, seats: int, seed: int) -> tuple[GameState, list[Action]]:
    state = game.setup(game.parse_options({}), seats, seed)
    actions = []
    for before, action in _random_game(game, seats, seed):
        state, _ = game.apply(before, action)
        actions.append(action)
    return state, actions


GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_random_play_ends_with_an_outcome(game_id: str) -> None:
    game = GAMES[game_id]
    for seats in _seat_counts(game):
        for seed in SEEDS:
            state, _ = _final(game, seats, seed)
            outcome = game.outcome(state)
            assert outcome is not None, f"{game_id} seats={seats} seed={seed}"
            assert len(outcome.scores) == len(outcome.ranks) == seats, f"{game_id} seed={seed}"
            assert set(outcome.winners) <= set(range(seats)), f"{game_id} seed={seed}"
            assert game.pending(state) == [], f"{game_id} seed={seed}: prompts after the end"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pending_iff_not_over(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in SEEDS[:4]:
        for state, _ in _random_game(game, game.min_seats, seed):
            assert game.outcome(state) is None, f"{game_id} seed={seed}: outcome while pending"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_round_trip_is_exact(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in SEEDS[:4]:
        for state, _ in _random_game(game, _max_seats(game), seed):
            text = state.model_dump_json()
            again = game.load_state(text)
            assert again == state, f"{game_id} seed={seed}"
            assert again.model_dump_json() == text, f"{game_id} seed={seed}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_gives_identical_state(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in SEEDS[:4]:
        final, actions = _final(game, _max_seats(game), seed)
        state = game.setup(game.parse_options({}), _max_seats(game), seed)
        for action in actions:
            replayed = Action.model_validate(json.loads(action.model_dump_json()))
            state, _ = game.apply(state, replayed)
        assert state.model_dump_json() == final.model_dump_json(), f"{game_id} seed={seed}"


def _illegal_inputs(state: GameState, action: Action) -> list[Action]:
    return [
        action.model_copy(update={"seat": state.seats}),
        action.model_copy(update={"seat": -1}),
        action.model_copy(update={"move": "no_such_move"}),
        action.model_copy(update={"args": {}}),
        action.model_copy(update={"args": {k: "junk" for k in action.args}}),
    ]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_illegal_inputs_are_rejected_and_change_nothing(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in SEEDS[:4]:
        for state, action in _random_game(game, game.min_seats, seed):
            before = state.model_dump_json()
            for bad in _illegal_inputs(state, action):
                if bad.args == action.args and bad.seat == action.seat and bad.move == action.move:
                    continue
                try:
                    game.apply(state, bad)
                except IllegalInput as error:
                    assert error.code, f"{game_id} seed={seed}: empty error code"
                else:
                    if bad.seat != action.seat or bad.move != action.move:
                        raise AssertionError(f"{game_id} seed={seed}: accepted {bad}")
                assert state.model_dump_json() == before, f"{game_id} seed={seed}: mutated"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_secret_choices_do_not_leak_into_other_views(game_id: str) -> None:
    """Two different secret answers by one seat, made before the reveal, leave every other
    seat's view and the public view unchanged."""
    game = GAMES[game_id]
    checked = 0
    for seed in SEEDS:
        for state, action in _random_game(game, _max_seats(game), seed):
            pending = game.pending(state)
            prompt = next((p for p in pending if action.seat in p.seats), None)
            if prompt is None or prompt.kind != Kind.SECRET:
                continue
            # Still open to others: the reveal has not happened (one prompt per seat or shared).
            waiting = {s for p in pending if p.key == prompt.key for s in p.seats}
            if len(waiting) < 2:
                continue
            other = random_action(game, state, prompt, action.seat, ai_seed(seed, 99, 7))
            first, _ = game.apply(state, action)
            second, _ = game.apply(state, other)
            for seat in [None, *range(state.seats)]:
                if seat == action.seat:
                    continue
                assert game.view(first, seat) == game.view(second, seat), (
                    f"{game_id} seed={seed}: seat {action.seat}'s secret shows to {seat}"
                )
            checked += 1
    if any(p.kind == Kind.SECRET for p in _all_prompt_kinds(game)):
        assert checked, f"{game_id}: no secret choice was exercised"


def _all_prompt_kinds(game: Game):
    for state, _ in _random_game(game, _max_seats(game), 0):
        yield from game.pending(state)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_catalog_has_both_locales_with_same_keys(game_id: str) -> None:
    strings = GAMES[game_id].strings
    assert set(strings) >= {"en", "ja"}
    assert set(strings["en"]) == set(strings["ja"]), set(strings["en"]) ^ set(strings["ja"])
    assert {"name", "summary", "rules"} <= set(strings["en"])
    for option in GAMES[game_id].Options.model_fields:
        assert f"option.{option}" in strings["en"], option


def test_trusted_views_equal_validated_ones() -> None:
    from engine.games.imperium import ImperiumView

    game = GAMES["imperium"]
    state = game.setup(game.parse_options({}), 3, 1)
    for seat in (None, 0, 2):
        fast = game.view(state, seat)
        slow = ImperiumView.model_validate(fast.model_dump())
        assert fast == slow and fast.model_dump_json() == slow.model_dump_json()
        assert fast.model_fields_set == set(ImperiumView.model_fields)
