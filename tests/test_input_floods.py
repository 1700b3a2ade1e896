"""No cheap loop reaches the input limit: for every registered game, one seat floods the game
with legal inputs while nobody else acts, and the flood must run dry (the seat has nothing left
it may do alone) well before `Game.input_limit()`, which would abort the game for everyone.

The search: random games (every player variant that changes the flow) are played with offered
options; at states along them, each seat that may answer something floods: it keeps answering,
preferring inputs after which it may still act alone (a loop such as propose / withdraw, change
a card / change it back). The longest flood of each game is printed (`-s`), the figure the
input limit must stay far above.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Iterator
from typing import Any, Literal, get_args, get_origin

import pytest

from engine.ai import ai_seed, random_action, random_args
from engine.core import Action, Game, GameState, IllegalInput, Prompt, player_options
from engine.registry import GAMES
from engine.rng import Rng

SEEDS = range(2)
STARTS = 16  # states sampled along each random game
CANDIDATES = 24  # inputs tried per flood step
RANDOM_TRIES = 6  # random argument sets per prompt with free fields


def variants(game: Game) -> list[dict[str, Any]]:
    """The defaults, each listed value of each player option alone, and all switches on with
    each value of each listed option (Prokonsul's free negotiation needs two options)."""
    listed: dict[str, list[Any]] = {}
    for name, spec in player_options(game).items():
        values = _listed_values(spec.annotation)
        if values:
            listed[name] = [v for v in values if v != spec.default]
    switches = {name: True for name, values in listed.items() if values == [True]}
    found: list[dict[str, Any]] = [{}, switches]
    for name, values in listed.items():
        for value in values:
            found += [{name: value}, {**switches, name: value}]
    unique = {json.dumps(options, sort_keys=True) for options in found}
    return [json.loads(options) for options in sorted(unique)]


def _listed_values(annotation: Any) -> list[Any]:
    if annotation is bool:
        return [False, True]
    if get_origin(annotation) is Literal:
        return list(get_args(annotation))
    return []


def starts(game: Game, options: dict[str, Any], seed: int) -> Iterator[GameState]:
    """States along one random game of offered options."""
    try:
        parsed = game.parse_options(options)
        state = game.setup(parsed, game.min_seats + seed % 2, seed)
    except (IllegalInput, ValueError):
        return
    trail = []
    for step in range(game.max_inputs):
        prompts = [p for p in game.pending(state) if p.seats]
        if not prompts:
            break
        trail.append(state)
        prompt = prompts[step % len(prompts)]
        seat = prompt.seats[step % len(prompt.seats)]
        action = random_action(game, state, prompt, seat, ai_seed(seed, step, seat))
        state, _ = game.apply(state, action)
    every = max(1, len(trail) // STARTS)
    yield from trail[::every]


def _may_act(game: Game, state: GameState, seat: int) -> bool:
    return any(p.answerable_by(seat) for p in game.pending(state))


def _candidate_args(prompt: Prompt, rng: Rng) -> Iterator[dict[str, Any]]:
    """Every combination when all fields are pick-one, else a few random argument sets."""
    if all(field.kind == "one" for field in prompt.fields):
        names = [field.name for field in prompt.fields]
        values = [[c.value for c in field.options] for field in prompt.fields]
        for combination in itertools.islice(itertools.product(*values), CANDIDATES):
            yield dict(zip(names, combination, strict=True))
        return
    for _ in range(RANDOM_TRIES):
        yield random_args(prompt, rng)


def _legal_steps(game: Game, state: GameState, seat: int, rng: Rng) -> list[tuple[GameState, bool]]:
    """(state after, may the seat still act alone) for the legal inputs the seat is offered."""
    steps = []
    for prompt in game.pending(state):
        if not prompt.answerable_by(seat):
            continue
        for args in _candidate_args(prompt, rng):
            try:
                after, _ = game.apply(state, Action(seat=seat, move=prompt.move, args=args))
            except IllegalInput:
                continue
            steps.append((after, _may_act(game, after, seat)))
    return steps


def flood(game: Game, state: GameState, seat: int, seed: int) -> int:
    """How many inputs `seat` makes in a row, alone, before it has nothing left to do (or the
    game's input limit is reached, which the rules must make impossible)."""
    chooser, rng = random.Random(seed), Rng(seed)
    run = 0
    while run < game.input_limit():
        steps = _legal_steps(game, state, seat, rng)
        if not steps:
            return run
        staying = [after for after, alone in steps if alone]
        run += 1
        if not staying:
            return run
        state = chooser.choice(staying)
    return run


def longest_flood(game: Game) -> tuple[int, str]:
    """The longest one-seat flood found in `game`, and where (options, seed, seat)."""
    longest, where = 0, ""
    for options in variants(game):
        for seed in SEEDS:
            for index, state in enumerate(starts(game, options, seed)):
                for seat in range(state.seats):
                    if not _may_act(game, state, seat):
                        continue
                    run = flood(game, state, seat, seed * 1000 + index)
                    if run > longest:
                        longest, where = run, f"options={options} seed={seed} seat={seat}"
                    assert run < game.input_limit(), (
                        f"{game.id}: seat {seat} alone reached the input limit "
                        f"({game.input_limit()}), {where}, start {index}"
                    )
    return longest, where


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_one_seat_cannot_flood_a_game_to_its_input_limit(game_id: str) -> None:
    game = GAMES[game_id]
    longest, where = longest_flood(game)
    print(f"\n{game_id}: longest one-seat flood {longest} inputs ({where})")
    assert longest < game.input_limit() // 10, (game_id, longest, where)
