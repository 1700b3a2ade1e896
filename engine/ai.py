"""AI seats for any registered game, deciding only from the seat's own view and prompt."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.core import Action, AnyGame, Event, Field, GameState, IllegalInput, Prompt
from engine.rng import Rng, derive_seed
from engine.styles import STEADY, Style

RANDOM_RETRIES = 50


def random_args(prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """Uniform random values for each field of `prompt` (legal as far as the fields tell)."""
    return {field.name: _random_value(field, rng) for field in prompt.fields}


def _random_value(field: Field, rng: Rng) -> Any:
    values = [choice.value for choice in field.options]
    if field.kind == "one":
        return rng.choice(values)
    if field.kind == "multiset":
        return [rng.choice(values) for _ in range(field.count)]
    if field.kind == "subset":
        size = field.min + rng.below(max(field.max, field.min) - field.min + 1)
        return rng.shuffled(values)[: min(size, len(values))]
    if field.kind == "int":
        return field.min + rng.below(field.max - field.min + 1)
    if field.kind == "fleet":
        return _random_fleet(field, rng)
    return ""


def _random_fleet(field: Field, rng: Rng) -> list[list[Any]]:
    """1..max heads in random order, then the remaining room spent on random attachments."""
    heads = rng.shuffled([choice.value for choice in field.options])
    count = 1 + rng.below(max(1, min(len(heads), field.max)))
    groups: list[list[Any]] = [[head] for head in heads[:count]]
    spare = rng.below(field.max - count + 1) if field.max > count else 0
    for value in rng.shuffled([choice.value for choice in field.attachments])[:spare]:
        group = rng.choice(groups)
        if len(group) <= field.per_head:
            group.append(value)
    return groups


def random_action(game: AnyGame, state: GameState, prompt: Prompt, seat: int, seed: int) -> Action:
    """A random legal action; tries sampled inputs against the rules until one is accepted.

    A prompt of one pick-one field is tried option by option in random order, so a legal
    option is always found however few there are.
    """
    return random_step(game, state, prompt, seat, seed)[0]


Tried = tuple[GameState, list[Event]]
Step = tuple[Action, Tried | None]


def random_step(
    game: AnyGame, state: GameState, prompt: Prompt, seat: int, seed: int
) -> tuple[Action, Tried]:
    """The random action and the result of the trial that accepted it (so callers that play
    it need not apply it a second time)."""
    rng = Rng(seed)
    for args in _candidates(prompt, rng):
        action = Action(seat=seat, move=prompt.move, args=args)
        try:
            return action, game.apply(state, action)
        except IllegalInput:
            continue
    raise RuntimeError(f"{game.id}: no legal random input found for prompt {prompt.key}")


def _candidates(prompt: Prompt, rng: Rng) -> Iterator[dict[str, Any]]:
    fields = prompt.fields
    if len(fields) == 1 and fields[0].kind == "one":
        for choice in rng.shuffled(fields[0].options):
            yield {fields[0].name: choice.value}
        return
    for _ in range(RANDOM_RETRIES):
        yield random_args(prompt, rng)


def choose_action(
    game: AnyGame,
    state: GameState,
    prompt: Prompt,
    seat: int,
    seed: int,
    *,
    smart: bool = True,
    style: Style = STEADY,
) -> Action:
    """The seat's AI decision: the game's own AI in the seat's style when it has one (and
    `smart`), else random.

    The game AI sees only `game.view(state, seat)`; the random baseline tries candidates against
    the rules, which reveals no more than the prompt itself does.
    """
    return _decide(game, state, prompt, seat, seed, smart, style)[0]


def _decide(
    game: AnyGame, state: GameState, prompt: Prompt, seat: int, seed: int, smart: bool, style: Style
) -> Step:
    if smart:
        action = game.ai_action(game.view(state, seat), prompt, seat, seed, style)
        if action is not None:
            return action, None
    return random_step(game, state, prompt, seat, seed)


def ai_seed(session_seed: int, step: int, seat: int) -> int:
    return derive_seed(session_seed, step, seat)


def play_out(
    game: AnyGame,
    state: GameState,
    seed: int,
    smart: tuple[bool, ...] | None = None,
    styles: tuple[Style, ...] | None = None,
) -> tuple[GameState, list[Action]]:
    """Let AI seats play `state` to the end; returns the final state and the inputs applied.

    `smart[seat]` picks the game's AI (True) or the random baseline (False) per seat, and
    `styles[seat]` the style it plays in (STEADY for all when not given).
    """
    actions: list[Action] = []
    while prompts := game.pending(state):
        if len(actions) >= game.max_inputs:
            raise RuntimeError(f"{game.id}: no end after {game.max_inputs} inputs (seed {seed})")
        prompt = prompts[0]
        seat = prompt.seats[0]
        use_game_ai = True if smart is None else smart[seat]
        seat_seed = ai_seed(seed, len(actions), seat)
        style = STEADY if styles is None else styles[seat]
        action, tried = _decide(game, state, prompt, seat, seat_seed, use_game_ai, style)
        state, _ = tried if tried is not None else game.apply(state, action)
        actions.append(action)
    return state, actions
