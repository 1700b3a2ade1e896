"""Crash-resume property (issue 13): a worker process plays seeded games of every registered
game through TableService and is SIGKILLed at random moments. After each restart the state it
rebuilds must equal a replay of exactly the inputs it had acknowledged, plus at most the one
that was in flight. A failure names the game, the seed and the kill."""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import multiprocessing
import random
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from engine.core import Action, GameState, IllegalInput
from engine.registry import GAMES
from engine.testing import table_sizes
from table.service import TableService
from table.sqlite import SqliteStore

KILLS = 50  # per default run, across all games
SLOW_KILLS = 600
SEED = 13
CHANNEL = 1
MAX_DELAY = 0.04  # seconds a worker plays at most before it is killed
START_KILLS = 0.2  # the share of kills aimed at start-up (opening, migrating, replaying)
START_TIMEOUT = 60.0


# The worker (runs in a child process) ------------------------------------------------------


def worker(path: str, game_id: str, seats: int, seed: int, out: Any) -> None:
    """Resume (or open) the session, report the rebuilt state, then play until killed."""
    try:
        asyncio.run(_play(path, game_id, seats, seed, out))
    except BaseException:
        out.send_bytes(json.dumps({"error": traceback.format_exc()}).encode())


async def _play(path: str, game_id: str, seats: int, seed: int, out: Any) -> None:
    store = await SqliteStore.open(path)
    try:
        await _play_on(TableService(store), game_id, seats, seed, out)
    finally:
        await store.close()


async def _play_on(service: TableService, game_id: str, seats: int, seed: int, out: Any) -> None:
    try:
        session = await service.get(1)
    except IllegalInput:
        session = await service.open(
            channel_id=CHANNEL, guild_id=None, game_id=game_id, options={}, host_id=1,
            host_name="host", seed=seed,
        )  # fmt: skip
    while session.status == "lobby":
        if len(session.seats) < seats:
            await service.add_ai(session, 1)
        else:
            await service.start(session, 1)
    out.send_bytes(json.dumps({"resumed": session.seq, "hash": _digest(session.state)}).encode())
    while session.status == "active":
        prompt = session.pending()[0]
        seat = prompt.seats[0]
        action = service.ai_action(session, seat, prompt)
        out.send_bytes(json.dumps({"try": action.model_dump(), "key": prompt.key}).encode())
        result = await service.submit(session, seat, action.move, action.args, prompt.key)
        out.send_bytes(json.dumps({"ack": result.seq}).encode())
    out.send_bytes(b'{"finished": true}')


def _digest(state: GameState | None) -> str:
    return hashlib.sha256(state.model_dump_json().encode()).hexdigest() if state else ""


# The test (parent) side --------------------------------------------------------------------


@dataclass
class Game:
    """What the parent knows of one game: its acknowledged inputs, replayed purely."""

    game_id: str
    seats: int
    seed: int
    path: Path
    state: GameState | None = None
    acked: int = 0
    in_flight: Action | None = None  # sent by the last worker, not acknowledged before the kill
    finished: bool = False

    def expected(self) -> GameState:
        if self.state is None:
            game = GAMES[self.game_id]
            self.state = game.setup(game.parse_options({}), self.seats, self.seed)
        return self.state

    def apply(self, action: Action) -> GameState:
        return GAMES[self.game_id].apply(self.expected(), action)[0]


@dataclass
class Figures:
    kills: int = 0
    kills_at_start: int = 0
    resumed_identical: int = 0
    in_flight_kept: int = 0
    in_flight_dropped: int = 0
    acknowledged: int = 0
    games_finished: int = 0
    per_game: Counter = field(default_factory=Counter)


def _run_worker(
    context, game: Game, delay: float, *, from_start: bool = False
) -> list[dict[str, Any]]:
    """Start a worker and kill it `delay` seconds after it reported its rebuilt state (or,
    `from_start`, after it started: a kill during start-up); return everything it said.

    Timing from the report keeps most kills in play however slow the machine is."""
    reader, writer = context.Pipe(duplex=False)
    process = context.Process(
        target=worker, args=(str(game.path), game.game_id, game.seats, game.seed, writer)
    )
    process.start()
    writer.close()
    messages: list[dict[str, Any]] = []
    deadline = time.monotonic() + (delay if from_start else START_TIMEOUT)
    while (left := deadline - time.monotonic()) > 0:
        try:
            if reader.poll(left):
                messages.append(json.loads(reader.recv_bytes()))
        except EOFError:
            break
        if not from_start and messages and "resumed" in messages[-1]:
            deadline, from_start = time.monotonic() + delay, True
    process.kill()
    process.join()
    while True:
        try:
            if not reader.poll(0):
                break
            messages.append(json.loads(reader.recv_bytes()))
        except EOFError:
            break
    reader.close()
    return messages


def _check_run(game: Game, messages: list[dict[str, Any]], figures: Figures, where: str) -> None:
    """Compare the worker's rebuilt state with the parent's replay, then follow its inputs.

    An input in flight stays undecided until a later worker reports what it rebuilt (a worker
    killed before it got that far decides nothing)."""
    for message in messages:
        assert "error" not in message, f"{where}: worker failed\n{message.get('error')}"
        if "resumed" in message:
            _check_resume(game, message, figures, where)
        elif "try" in message:
            game.in_flight = Action.model_validate(message["try"])
        elif "ack" in message:
            assert game.in_flight is not None and message["ack"] == game.acked + 1, where
            game.state, game.acked = game.apply(game.in_flight), game.acked + 1
            game.in_flight = None
            figures.acknowledged += 1
        elif "finished" in message:
            game.finished = True


def _check_resume(game: Game, message: dict[str, Any], figures: Figures, where: str) -> None:
    pending = game.in_flight
    if message["hash"] == _digest(game.expected()) and message["resumed"] == game.acked:
        figures.in_flight_dropped += pending is not None
    else:
        assert pending is not None, f"{where}: rebuilt state is not the acknowledged one"
        with_it = game.apply(pending)
        assert message["hash"] == _digest(with_it) and message["resumed"] == game.acked + 1, (
            f"{where}: rebuilt state is neither the acknowledged one nor it plus the in-flight input"
        )
        game.state, game.acked = with_it, game.acked + 1
        figures.in_flight_kept += 1
    figures.resumed_identical += 1
    game.in_flight = None


def run_kills(tmp_path: Path, kills: int) -> Figures:
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    rng = random.Random(SEED)
    figures = Figures()
    ids = sorted(GAMES)
    per_game = math.ceil(kills / len(ids))
    for number, game_id in enumerate(ids):
        seats = rng.choice(table_sizes(GAMES[game_id]))
        game = Game(game_id, seats, SEED * 1000 + number, tmp_path / f"{game_id}.sqlite3")
        for kill in range(per_game):
            where = f"{game_id} seats={seats} seed={game.seed} kill={kill}"
            at_start = rng.random() < START_KILLS
            said = _run_worker(context, game, rng.uniform(0.0, MAX_DELAY), from_start=at_start)
            _check_run(game, said, figures, where)
            figures.kills += 1
            figures.kills_at_start += at_start
            figures.per_game[game_id] += 1
            if game.finished:
                figures.games_finished += 1
                game = Game(
                    game_id, seats, game.seed + 7919, tmp_path / f"{game_id}-{kill}.sqlite3"
                )
        where = f"{game_id} seats={seats} seed={game.seed} final restart"
        _check_run(game, _run_worker(context, game, 0.0), figures, where)
    print(f"\ncrash-resume: {figures}")
    return figures


def test_sigkill_at_random_points_loses_no_acknowledged_input(tmp_path: Path) -> None:
    figures = run_kills(tmp_path, KILLS)
    assert figures.kills >= KILLS
    assert figures.resumed_identical >= figures.kills // 2, figures  # most kills hit play
    assert figures.acknowledged > 0


@pytest.mark.slow
def test_sigkill_at_many_random_points(tmp_path: Path) -> None:
    figures = run_kills(tmp_path, SLOW_KILLS)
    assert figures.kills >= SLOW_KILLS and figures.resumed_identical >= figures.kills // 2
