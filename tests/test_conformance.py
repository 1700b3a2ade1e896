"""The conformance suite: the one place every registered game (engine.registry) is exercised
generically, after OpenSpiel's random_sim_test, over many seeded random games. A failing
assertion names the game and the seed. What it checks, and where:

- the game ends within `max_inputs` (every random game; `_trajectory`), with an outcome;
- prompts are pending iff the game is not over (`test_pending_iff_not_over`, and the fuzz);
- every offered option is accepted (`_trajectory` plays offered options only;
  `test_every_offered_choice_is_accepted` tries each choice of single-choice prompts);
- JSON round trips are the identity (`test_json_round_trip_is_exact`, and the fuzz);
- replaying the log gives the live state (`test_replay_gives_identical_state`, and the fuzz
  through the store);
- views do not leak: another seat's secret answer (`test_secret_choices_do_not_leak_...`), the
  order of other seats' hands or of a deck (`test_hidden_order_does_not_leak_into_views`);
- illegal and random ill-typed inputs are refused by code and change nothing (the fuzz, through
  TableService.submit, the door every front end uses).
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from bot.frontend.strings import BOT
from engine.ai import ai_seed, random_action
from engine.core import (
    Action,
    Field,
    Game,
    GameState,
    IllegalInput,
    Kind,
    Prompt,
    playable_seats,
)
from engine.i18n import Localizer
from engine.registry import GAMES
from table.service import Session, TableService
from table.sqlite import SqliteStore

SEEDS = range(12)


def table_sizes(game: Game) -> tuple[int, int]:
    """The smallest and largest table the default options can start (some sizes need a
    variant, e.g. Space Emperor's seventh seat)."""
    playable = playable_seats(game)
    return playable[0], playable[-1]


def _seat_counts(game: Game) -> list[int]:
    return sorted(set(table_sizes(game)))


def _max_seats(game: Game) -> int:
    return table_sizes(game)[1]


@functools.cache
def _trajectory(
    game_id: str, seats: int, seed: int, options: str = "{}"
) -> tuple[tuple[GameState, Action], ...]:
    """(state_before, action) along a random game of offered options (an offered option that
    the rules refuse raises here), under `options` (JSON). Cached: the tests read the same games."""
    game = GAMES[game_id]
    state = game.setup(game.parse_options(json.loads(options)), seats, seed)
    steps = []
    for step in range(game.max_inputs):
        prompts = [p for p in game.pending(state) if p.seats]  # not those kept for revisions
        if not prompts:
            return tuple(steps)
        prompt = prompts[step % len(prompts)]
        seat = prompt.seats[step % len(prompt.seats)]
        action = random_action(game, state, prompt, seat, ai_seed(seed, step, seat))
        steps.append((state, action))
        state, _ = game.apply(state, action)
    raise AssertionError(f"{game.id} seed {seed}: no end within {game.max_inputs} inputs")


def _random_game(game: Game, seats: int, seed: int) -> Iterator[tuple[GameState, Action]]:
    """Yield (state_before, action) along a random legal game."""
    yield from _trajectory(game.id, seats, seed)


def _final(game: Game, seats: int, seed: int) -> tuple[GameState, list[Action]]:
    state = game.setup(game.parse_options({}), seats, seed)
    actions = []
    for before, action in _random_game(game, seats, seed):
        state, _ = game.apply(before, action)
        actions.append(action)
    return state, actions


GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_is_on_the_template(game_id: str) -> None:
    """Seat checks, move dispatch and the end of the game happen in the core for every game:
    none overrides the core's final methods, and each declares its types and moves."""
    kind = type(GAMES[game_id])
    for name in ("setup", "apply", "ai_action", "public_view"):
        assert getattr(kind, name) is getattr(Game, name), f"{game_id} overrides Game.{name}"
    assert kind.moves and all(callable(move) for move in kind.moves.values()), game_id
    for declared in ("State", "Options", "View"):
        assert isinstance(getattr(kind, declared, None), type), f"{game_id}: no {declared}"


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


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_offered_choice_is_accepted(game_id: str) -> None:
    """Each option of a single-choice prompt, answered by a seat it is offered to, is a legal
    input (the random games above try only one option per prompt)."""
    game = GAMES[game_id]
    checked = 0
    for seats in _seat_counts(game):
        for seed in SEEDS[:2]:
            for state, _ in _random_game(game, seats, seed):
                for prompt in game.pending(state):
                    if (
                        not prompt.seats
                        or len(prompt.fields) != 1
                        or prompt.fields[0].kind != "one"
                    ):
                        continue
                    field = prompt.fields[0]
                    for choice in field.options:
                        checked += 1
                        action = Action(
                            seat=prompt.seats[0], move=prompt.move, args={field.name: choice.value}
                        )
                        try:
                            game.apply(state, action)
                        except IllegalInput as error:
                            raise AssertionError(
                                f"{game_id} seats={seats} seed={seed}: offered {action} "
                                f"refused ({error.code})"
                            ) from error
    if not checked:
        pytest.skip(f"{game_id} offers no single-choice prompt: nothing to check")


# Options under which a game keeps hands secret (Senator's hands are open unless `hidden`).
SECRET_HANDS: dict[str, dict[str, Any]] = {"senator": {"hidden": True}}


def _reordered(value: Any) -> Any:
    return type(value)(reversed(value)) if isinstance(value, list | tuple) else value


def _hidden_order_changed(state: GameState, seat: int | None) -> GameState:
    """The state with what `seat` may not see reordered: every other seat's hand and every
    deck (fields named `hands`, `deck`, `decks`, the explicit home of hidden parts)."""
    update: dict[str, Any] = {}
    hands = getattr(state, "hands", None)
    if isinstance(hands, list | tuple):
        update["hands"] = type(hands)(
            hand if index == seat else _reordered(hand) for index, hand in enumerate(hands)
        )
    if isinstance(getattr(state, "deck", None), list | tuple):
        update["deck"] = _reordered(state.deck)  # type: ignore[attr-defined]
    if isinstance(getattr(state, "decks", None), dict):
        update["decks"] = {k: _reordered(v) for k, v in state.decks.items()}  # type: ignore[attr-defined]
    return state.model_copy(update=update)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_hidden_order_does_not_leak_into_views(game_id: str) -> None:
    """While the game runs, reordering other seats' hands and the decks changes no seat's view
    nor the public one."""
    game = GAMES[game_id]
    options = SECRET_HANDS.get(game_id, {})
    seats = playable_seats(game, options)[-1]
    for seed in SEEDS[:3]:
        # Running states only: a game may show everything once it is over.
        for step, (state, _) in enumerate(_trajectory(game_id, seats, seed, json.dumps(options))):
            for seat in (None, *range(seats)):
                changed = _hidden_order_changed(state, seat)
                if changed != state:
                    assert game.view(changed, seat) == game.view(state, seat), (
                        f"{game_id} seed={seed} step={step}: hidden order shows to seat {seat}"
                    )


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
    from engine.games.imperium.state import ImperiumView

    game = GAMES["imperium"]
    state = game.setup(game.parse_options({}), 3, 1)
    for seat in (None, 0, 2):
        fast = game.view(state, seat)
        slow = ImperiumView.model_validate(fast.model_dump())
        assert fast == slow and fast.model_dump_json() == slow.model_dump_json()
        assert fast.model_fields_set == set(ImperiumView.model_fields)


# Fuzz (issue 13), through TableService.submit (the door every front end uses): random
# well-typed and ill-typed inputs between the moves of seeded games. Every refusal is a coded,
# worded IllegalInput that changes nothing; every accepted input leaves a valid state
# that the stored log replays to exactly.

FUZZ_SEEDS = range(3)
SLOW_SEEDS = range(3, 60)
STEPS = 80  # legal moves per game, each after FUZZ_PER_STEP random inputs
FUZZ_PER_STEP = 4
WORDS = Localizer(BOT)

ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 1.5, float("nan"), -1, 0, 2**63, -(2**70), "", "junk", "²", "\u0663",
    "A²", "X\u0663", " 7 ",
    "x" * 5000, [], [None], [[1]], {"a": 1}, {1: 2}, (1, 2), [1, "a"],
)  # fmt: skip


def _typed_value(field: Field, rng: random.Random) -> Any:
    """A value of the field's type, inside or outside what is allowed."""
    values = [choice.value for choice in field.options] or [0]
    if field.kind == "one":
        return rng.choice([*values, rng.randint(-3, 99)])
    if field.kind in ("multiset", "subset"):
        size = rng.randint(0, max(field.count, field.max) + 2)
        return [rng.choice([*values, -1, 99]) for _ in range(size)]
    if field.kind == "int":
        return rng.randint(field.min - 3, field.max + 3)
    return rng.choice(["", "hi", "x" * (field.max + 3)])


def _fuzz_input(session: Session, rng: random.Random) -> dict[str, Any]:
    """One random input: mostly well-typed for a pending prompt, sometimes anything at all."""
    prompts: list[Prompt] = session.pending()
    prompt = rng.choice(prompts)
    seats = len(session.seats)
    args = {f.name: _typed_value(f, rng) for f in prompt.fields if rng.random() < 0.9}
    submission: dict[str, Any] = {
        "seat": rng.choice([*prompt.seats, *prompt.done, rng.randrange(seats)]),
        "move": prompt.move,
        "args": args,
        "prompt_key": rng.choice([prompt.key, prompt.key, None, "r0.nothing"]),
    }
    if rng.random() < 0.3:  # ill-typed: one part replaced by something odd
        part = rng.choice(["seat", "move", "args", "prompt_key", "value"])
        odd = rng.choice(ODD_VALUES)
        if part == "value" and args:
            args[rng.choice(list(args))] = odd
        elif part == "args":
            submission["args"] = rng.choice([odd, {**args, "extra": odd}, {}])
        elif part != "value":
            submission[part] = odd if part != "seat" else rng.choice([*ODD_VALUES, seats, -1])
    return submission


def _check_state(game: Game, session: Session, where: str) -> None:
    """The invariants of an accepted input's result."""
    state = session.live()
    text = state.model_dump_json()
    assert game.load_state(text).model_dump_json() == text, f"{where}: JSON round trip"
    game.State.model_validate(state.model_dump())  # every field still of its declared type
    prompts = game.pending(state)
    assert (game.outcome(state) is None) == bool(prompts), f"{where}: pending vs outcome"
    for prompt in prompts:
        assert set(prompt.seats) | set(prompt.done) <= set(range(state.seats)), where
    for seat in (None, *range(state.seats)):
        game.view(state, seat)


async def _fuzz_game(game: Game, seed: int, figures: Counter) -> None:
    rng = random.Random(f"{game.id}/{seed}")
    store = await SqliteStore.open(":memory:")
    try:
        service = TableService(store)
        session = await service.open(
            channel_id=seed, guild_id=None, game_id=game.id, options={}, host_id=1,
            host_name="host", seed=seed,
        )  # fmt: skip
        for _ in range(rng.choice(table_sizes(game)) - 1):
            await service.add_ai(session, 1)
        await service.start(session, 1)
        for step in range(STEPS):
            if session.status != "active":
                break
            for _ in range(FUZZ_PER_STEP):
                await _one_fuzz_input(game, service, session, rng, figures, f"{game.id} {seed}")
                if session.status != "active":
                    break
            else:
                prompt = session.pending()[0]
                action = service.ai_action(session, prompt.seats[0], prompt)
                await service.submit(session, action.seat, action.move, action.args, prompt.key)
                _check_state(game, session, f"{game.id} seed={seed} step={step}")
        rebuilt = await TableService(store).get(session.id)
        assert rebuilt.state == session.state, f"{game.id} seed={seed}: the log replays otherwise"
    finally:
        await store.close()


async def _one_fuzz_input(
    game: Game,
    service: TableService,
    session: Session,
    rng: random.Random,
    figures: Counter,
    where: str,
) -> None:
    submission = _fuzz_input(session, rng)
    where = f"{where}: {submission!r:.300}"
    before, seq = session.live().model_dump_json(), session.seq
    figures["inputs"] += 1
    try:
        result = await service.submit(session, **submission)
    except IllegalInput as refusal:
        figures[f"refused.{refusal.code}"] += 1
        assert WORDS.template("en", f"error.{refusal.code}", game), f"{where}: unworded code"
        assert session.seq == seq and session.live().model_dump_json() == before, where
        return
    figures["duplicate" if result.duplicate else "accepted"] += 1
    if result.duplicate:
        assert session.live().model_dump_json() == before, where
    elif session.state is not None:
        _check_state(game, session, where)


async def _run(seeds: range) -> Counter:
    figures: Counter = Counter()
    for game_id in sorted(GAMES):
        for seed in seeds:
            await _fuzz_game(GAMES[game_id], seed, figures)
    print(f"\nfuzz: {dict(sorted(figures.items()))}")
    return figures


async def test_random_inputs_are_refused_by_code_or_keep_every_invariant() -> None:
    figures = await _run(FUZZ_SEEDS)
    assert figures["inputs"] > 0 and figures["accepted"] + figures["duplicate"] > 0
    assert sum(v for k, v in figures.items() if k.startswith("refused.")) > 0


@pytest.mark.slow
async def test_many_random_inputs() -> None:
    figures = await _run(SLOW_SEEDS)
    assert figures["inputs"] > 0
