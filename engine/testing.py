"""The conformance suite as a library: `check_game(game)` runs every generic check on one game,
after OpenSpiel's random_sim_test, over many seeded random games. A game's own test calls it
(tests/test_conformance.py runs each check on every registered game, tests/test_example_game.py
on the guide's example); a failing assertion names the game and the seed. What it checks:

- the game is on the template: it overrides none of the core's final methods and declares its
  types, moves and secrets (`check_template`);
- every random game of offered options ends within `max_inputs` inputs, with an outcome, and no
  prompt after it (`check_random_play_ends`); prompts are pending iff the game is not over
  (`check_pending_iff_not_over`);
- every offered option is accepted (random play plays offered options only;
  `check_every_offered_choice` tries each choice of single-choice prompts);
- JSON round trips are the identity (`check_json_round_trip`); replaying the log gives the live
  state (`check_replay`); ill-typed or misaddressed inputs are refused by code and change nothing
  (`check_illegal_inputs`);
- views do not leak: another seat's secret answer (`check_secret_answers`), nor the order of
  what `State.secrets` declares hidden (`check_hidden_order`);
- the catalogue has both locales with the same keys (`check_catalog`), the declared score field
  is one int per seat (`check_score_field`), and the hard AI's sampler, when the game has one,
  draws worlds its seat cannot tell from the real one (`check_sampler`).

The fuzz through the table's door (TableService.submit) lives in table.testing: the engine
knows nothing of tables. Checks return None, or the reason they found nothing to check.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from typing import Any

from engine.ai import ai_seed, choose_action, random_action
from engine.core import Action, AnyGame, Game, GameState, IllegalInput, Kind, Prompt, playable_seats
from engine.rng import Rng

SEEDS = range(12)
Check = Callable[[AnyGame], "str | None"]


def table_sizes(game: AnyGame) -> tuple[int, int]:
    """The smallest and largest table the default options can start (some sizes need a
    variant, e.g. Space Emperor's seventh seat)."""
    playable = playable_seats(game)
    return playable[0], playable[-1]


def _seat_counts(game: AnyGame) -> list[int]:
    return sorted(set(table_sizes(game)))


def _max_seats(game: AnyGame) -> int:
    return table_sizes(game)[1]


@functools.cache
def trajectory(
    game: AnyGame, seats: int, seed: int, options: str = "{}"
) -> tuple[tuple[GameState, Action], ...]:
    """(state_before, action) along a random game of offered options (an offered option that
    the rules refuse raises here), under `options` (JSON). Cached: the checks read the same
    games. The game must end within `max_inputs` inputs."""
    state = game.setup(game.parse_options(json.loads(options)), seats, seed)
    steps: list[tuple[GameState, Action]] = []
    for step in range(game.max_inputs + 1):
        prompts = [p for p in game.pending(state) if p.seats]  # not those kept for revisions
        if not prompts:
            return tuple(steps)
        if step == game.max_inputs:
            break
        prompt = prompts[step % len(prompts)]
        seat = prompt.seats[step % len(prompt.seats)]
        action = random_action(game, state, prompt, seat, ai_seed(seed, step, seat))
        steps.append((state, action))
        state, _ = game.apply(state, action)
    raise AssertionError(f"{game.id} seed {seed}: no end within {game.max_inputs} inputs")


def _random_game(game: AnyGame, seats: int, seed: int) -> Iterator[tuple[GameState, Action]]:
    """Yield (state_before, action) along a random legal game."""
    yield from trajectory(game, seats, seed)


def _final(game: AnyGame, seats: int, seed: int) -> tuple[GameState, list[Action]]:
    state = game.setup(game.parse_options({}), seats, seed)
    actions = []
    for before, action in _random_game(game, seats, seed):
        state, _ = game.apply(before, action)
        actions.append(action)
    return state, actions


def check_template(game: AnyGame) -> None:
    """Seat checks, move dispatch and the end of the game happen in the core for every game:
    none overrides the core's final methods, and each declares its types and moves, and
    secrets that name fields of its state."""
    kind = type(game)
    for name in ("setup", "apply", "ai_action", "public_view"):
        assert getattr(kind, name) is getattr(Game, name), f"{game.id} overrides Game.{name}"
    assert kind.moves and all(callable(move) for move in kind.moves.values()), game.id
    for declared in ("State", "Options", "View"):
        assert isinstance(getattr(kind, declared, None), type), f"{game.id}: no {declared}"
    unknown = set(game.State.secrets.fields()) - set(game.State.model_fields)
    assert not unknown, f"{game.id}: secrets name no field of the state: {sorted(unknown)}"
    assert not game.hints or game.search is not None, f"{game.id}: hints need a search"


def check_random_play_ends(game: AnyGame) -> None:
    for seats in _seat_counts(game):
        for seed in SEEDS:
            state, _ = _final(game, seats, seed)
            outcome = game.outcome(state)
            assert outcome is not None, f"{game.id} seats={seats} seed={seed}"
            assert len(outcome.scores) == len(outcome.ranks) == seats, f"{game.id} seed={seed}"
            assert set(outcome.winners) <= set(range(seats)), f"{game.id} seed={seed}"
            assert game.pending(state) == [], f"{game.id} seed={seed}: prompts after the end"


def check_pending_iff_not_over(game: AnyGame) -> None:
    for seed in SEEDS[:4]:
        for state, _ in _random_game(game, game.min_seats, seed):
            assert game.outcome(state) is None, f"{game.id} seed={seed}: outcome while pending"


def check_json_round_trip(game: AnyGame) -> None:
    for seed in SEEDS[:4]:
        for state, _ in _random_game(game, _max_seats(game), seed):
            text = state.model_dump_json()
            again = game.load_state(text)
            assert again == state, f"{game.id} seed={seed}"
            assert again.model_dump_json() == text, f"{game.id} seed={seed}"


def check_replay(game: AnyGame) -> None:
    for seed in SEEDS[:4]:
        final, actions = _final(game, _max_seats(game), seed)
        state = game.setup(game.parse_options({}), _max_seats(game), seed)
        for action in actions:
            replayed = Action.model_validate(json.loads(action.model_dump_json()))
            state, _ = game.apply(state, replayed)
        assert state.model_dump_json() == final.model_dump_json(), f"{game.id} seed={seed}"


def _illegal_inputs(state: GameState, action: Action) -> list[Action]:
    return [
        action.model_copy(update={"seat": state.seats}),
        action.model_copy(update={"seat": -1}),
        action.model_copy(update={"move": "no_such_move"}),
        action.model_copy(update={"args": {}}),
        action.model_copy(update={"args": {k: "junk" for k in action.args}}),
    ]


def check_illegal_inputs(game: AnyGame) -> None:
    for seed in SEEDS[:4]:
        for state, action in _random_game(game, game.min_seats, seed):
            before = state.model_dump_json()
            for bad in _illegal_inputs(state, action):
                if bad.args == action.args and bad.seat == action.seat and bad.move == action.move:
                    continue
                try:
                    game.apply(state, bad)
                except IllegalInput as error:
                    assert error.code, f"{game.id} seed={seed}: empty error code"
                else:
                    if bad.seat != action.seat or bad.move != action.move:
                        raise AssertionError(f"{game.id} seed={seed}: accepted {bad}")
                assert state.model_dump_json() == before, f"{game.id} seed={seed}: mutated"


def check_secret_answers(game: AnyGame) -> str | None:
    """Two different secret answers by one seat, made before the reveal, leave every other
    seat's view and the public view unchanged."""
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
                    f"{game.id} seed={seed}: seat {action.seat}'s secret shows to {seat}"
                )
            checked += 1
    if any(p.kind == Kind.SECRET for p in _all_prompts(game)):
        assert checked, f"{game.id}: no secret choice was exercised"
    return None if checked else "no secret choice while others still owe one"


def check_every_offered_choice(game: AnyGame) -> str | None:
    """Each option of a single-choice prompt, answered by a seat it is offered to, is a legal
    input (random play tries only one option per prompt)."""
    checked = 0
    for seats in _seat_counts(game):
        for seed in SEEDS[:2]:
            for state, _ in _random_game(game, seats, seed):
                for prompt in game.pending(state):
                    checked += _try_every_choice(game, state, prompt, f"seats={seats} seed={seed}")
    return None if checked else "no single-choice prompt: nothing to check"


def _try_every_choice(game: AnyGame, state: GameState, prompt: Prompt, where: str) -> int:
    if not prompt.seats or len(prompt.fields) != 1 or prompt.fields[0].kind != "one":
        return 0
    field = prompt.fields[0]
    for choice in field.options:
        action = Action(seat=prompt.seats[0], move=prompt.move, args={field.name: choice.value})
        try:
            game.apply(state, action)
        except IllegalInput as error:
            raise AssertionError(
                f"{game.id} {where}: offered {action} refused ({error.code})"
            ) from error
    return len(field.options)


def _reordered(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reordered(item) for key, item in value.items()}
    return type(value)(reversed(value)) if isinstance(value, list | tuple) else value


def hidden_order_changed(state: GameState, seat: int | None) -> GameState:
    """The state with what `seat` may not see reordered, as `State.secrets` declares it: every
    other seat's entry of a per-seat secret, and every field hidden to all or in hidden order
    (a dict's lists each)."""
    secrets = type(state).secrets
    update: dict[str, Any] = {}
    for name in secrets.per_seat:
        entries = getattr(state, name)
        update[name] = type(entries)(
            entry if index == seat else _reordered(entry) for index, entry in enumerate(entries)
        )
    for name in (*secrets.to_all, *secrets.order):
        update[name] = _reordered(getattr(state, name))
    return state.model_copy(update=update)


def check_hidden_order(game: AnyGame) -> None:
    """While the game runs (under the options its secrets need), reordering what a seat may not
    see changes neither that seat's view nor the public one."""
    options = dict(game.State.secrets.options)
    seats = playable_seats(game, options)[-1]
    for seed in SEEDS[:3]:
        # Running states only: a game may show everything once it is over.
        for step, (state, _) in enumerate(trajectory(game, seats, seed, json.dumps(options))):
            for seat in (None, *range(seats)):
                changed = hidden_order_changed(state, seat)
                if changed != state:
                    assert game.view(changed, seat) == game.view(state, seat), (
                        f"{game.id} seed={seed} step={step}: hidden order shows to seat {seat}"
                    )


def _all_prompts(game: AnyGame) -> Iterator[Prompt]:
    for state, _ in _random_game(game, _max_seats(game), 0):
        yield from game.pending(state)


def check_catalog(game: AnyGame) -> None:
    strings = game.strings
    assert set(strings) >= {"en", "ja"}
    assert set(strings["en"]) == set(strings["ja"]), set(strings["en"]) ^ set(strings["ja"])
    assert {"name", "summary", "rules"} <= set(strings["en"])
    for option in game.Options.model_fields:
        assert f"option.{option}" in strings["en"], option


def check_score_field(game: AnyGame) -> str | None:
    """The declared running score is one int per seat in every view of a running game."""
    if game.score_field is None:
        return "no running score declared"
    for state, _ in _random_game(game, _max_seats(game), 0):
        for seat in (None, *range(state.seats)):
            row = getattr(game.view(state, seat), game.score_field)
            assert isinstance(row, list | tuple) and len(row) == state.seats, game.id
            assert all(isinstance(score, int) for score in row), f"{game.id}: {row}"
    return None


def positions(game: AnyGame, seed: int, every: int = 3) -> Iterator[tuple[GameState, Prompt]]:
    """(state, prompt) pairs along a heuristic game: every `every`-th decision, to the end."""
    seats = playable_seats(game)[0]
    state: GameState = game.setup(game.parse_options({}), seats, seed)
    step = 0
    while prompts := game.pending(state):
        for prompt in prompts:
            if step % every == 0:
                yield state, prompt
        prompt = prompts[0]
        action = choose_action(game, state, prompt, prompt.seats[0], ai_seed(seed, step, 0))
        state = game.apply(state, action)[0]
        step += 1


def asked(game: AnyGame, state: GameState) -> list[tuple[str, int]]:
    """Who must act and how (prompt keys may hold counters a view need not show, and a game
    may group seats into prompts by what they hold)."""
    return sorted((p.move, seat) for p in game.pending(state) for seat in p.seats)


def check_sampler(game: AnyGame) -> str | None:
    """The hard AI's sampler draws, from a seat's view, a world with that very view and the
    same prompts (a game declaring `search` is checked here, as its hard level needs)."""
    if game.search is None:
        return "no hard level (no search declared)"
    sampler = game.search.sampler
    for seed in (1, 2):
        for step, (state, _prompt) in enumerate(positions(game, seed)):
            for seat in range(state.seats):
                view = game.view(state, seat)
                sampled = sampler(view, Rng(seed * 1000 + step))
                assert game.view(sampled, seat) == view, f"seed {seed} step {step} seat {seat}"
                assert asked(game, sampled) == asked(game, state), f"seed {seed} step {step}"
    return None


CHECKS: tuple[Check, ...] = (
    check_template,
    check_random_play_ends,
    check_pending_iff_not_over,
    check_json_round_trip,
    check_replay,
    check_illegal_inputs,
    check_secret_answers,
    check_every_offered_choice,
    check_hidden_order,
    check_catalog,
    check_score_field,
    check_sampler,
)


def check_game(game: AnyGame) -> list[str]:
    """Every check on `game`; raises AssertionError at the first failure, else returns what
    was skipped and why (`check_name: reason`)."""
    skipped = []
    for check in CHECKS:
        reason = check(game)
        if reason is not None:
            skipped.append(f"{check.__name__}: {reason}")
    return skipped
