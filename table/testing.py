"""The fuzz of a game through the table's door (TableService.submit, which every front end
uses), as a library beside engine.testing's checks: random well-typed and ill-typed inputs
between the moves of a seeded game. Every refusal is a coded, worded IllegalInput that changes
nothing; every accepted input leaves a valid state that the stored log replays to exactly."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from engine.core import AnyGame, Field, IllegalInput, Prompt
from engine.i18n import Localizer
from engine.testing import table_sizes
from table.service import Session, TableService
from table.sqlite import SqliteStore

FUZZ_SEEDS = range(3)
STEPS = 80  # legal moves per game, each after FUZZ_PER_STEP random inputs
FUZZ_PER_STEP = 4

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


def _check_state(game: AnyGame, session: Session, where: str) -> None:
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


async def fuzz_game(game: AnyGame, seed: int, figures: Counter[str], words: Localizer) -> None:
    """Fuzz one seeded game in a throwaway store, counting inputs by result in `figures`;
    `words` must word every refusal code (the front end's catalogue)."""
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
                await _one_fuzz_input(
                    game, service, session, rng, figures, words, f"{game.id} {seed}"
                )
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
    game: AnyGame,
    service: TableService,
    session: Session,
    rng: random.Random,
    figures: Counter[str],
    words: Localizer,
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
        assert words.template("en", f"error.{refusal.code}", game), f"{where}: unworded code"
        assert session.seq == seq and session.live().model_dump_json() == before, where
        return
    figures["duplicate" if result.duplicate else "accepted"] += 1
    if result.duplicate:
        assert session.live().model_dump_json() == before, where
    elif session.state is not None:
        _check_state(game, session, where)
