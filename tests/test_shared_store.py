"""Two table services (as in two bot processes) on one PostgreSQL database.

Either may receive any input of any session: each must act on what is stored, not on what it
cached, so no input is applied twice, none is lost and both end in the state a replay gives.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bench.pgserver import until_a_session_waits_on_a_lock
from engine.core import IllegalInput
from table.pgstore import PostgresStore
from table.service import Session, TableService
from table.store import InputRow

SEED = 11


@pytest.fixture
async def pair(postgres_url: str) -> AsyncIterator[tuple[TableService, TableService]]:
    one, two = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    yield TableService(one), TableService(two)
    await one.close()
    await two.close()


async def started_on(service: TableService, channel: int = 5):
    session = await service.open(
        channel_id=channel, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    await service.add_ai(session, 1)
    await service.add_ai(session, 1)
    await service.hand_seat_to_ai(session, 0)
    await service.start(session, 1)
    return session


async def test_inputs_taken_in_turn_by_two_processes_make_one_log(pair) -> None:
    first, second = pair
    session = await started_on(first)
    other = await second.get(session.id)
    for step in range(24):
        service, copy = (first, session) if step % 2 == 0 else (second, other)
        result = await service.play_ai(copy)
        assert result is not None and result.seq == step + 1, f"step {step}: {result}"
    # The side that acted last is current; the other catches up when it is next asked.
    refreshed = await first.get(session.id)
    assert (refreshed.seq, refreshed.state) == (other.seq, other.state)
    replayed = [row.seq for row, _ in await first.replay(session.id)]
    assert replayed == list(range(1, 25))


async def test_one_answer_sent_to_both_processes_at_once_counts_once(pair) -> None:
    first, second = pair
    session = await started_on(first)
    other = await second.get(session.id)
    for _ in range(8):
        seat, prompt = first.ai_turns(session)[0]
        action = first.ai_action(session, seat, prompt)
        results = await asyncio.gather(
            first.submit(session, seat, action.move, action.args, prompt.key),
            second.submit(other, seat, action.move, action.args, prompt.key),
        )
        applied = [r for r in results if not r.duplicate]
        assert len(applied) == 1, f"applied {len(applied)} times: {results}"
        await second.get(session.id)  # both caches now agree with the log
        await first.get(session.id)
        assert session.seq == other.seq == applied[0].seq
    assert [row.seq for row in await first.store.inputs(session.id)] == list(range(1, 9))


async def test_lobby_changes_and_an_abort_are_seen_by_the_other_process(pair) -> None:
    first, second = pair
    session = await first.open(
        channel_id=9, guild_id=1, game_id="imperium", options={}, host_id=1, host_name="H"
    )
    other = await second.in_channel(9)
    assert other is not None
    await first.join(session, 2, "P2")
    await second.join(other, 3, "P3")  # acts on the stored lobby, P2 included
    assert [s.name for s in other.seats] == ["H", "P2", "P3"]
    await first.start(session, 1)  # sees P3 before starting
    assert len(session.seats) == 3 and session.status == "active"
    await second.abort(other)
    with pytest.raises(IllegalInput) as error:
        await first.submit(session, 0, "anything", {})
    assert error.value.code == "not_active"
    assert await first.in_channel(9) is None


async def test_a_process_dying_mid_input_leaves_the_game_to_the_other(postgres_url: str) -> None:
    """Its uncommitted input vanishes (it was never acknowledged); the other carries on."""
    dying, survivor = await PostgresStore.open(postgres_url), await PostgresStore.open(postgres_url)
    try:
        service = TableService(survivor)
        session = await started_on(service)
        seat, prompt = service.ai_turns(session)[0]
        action = service.ai_action(session, seat, prompt)
        with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
            async with dying.hold(session.id) as held:
                assert held is not None and held.seq == 0
                await dying.append_input(session.id, InputRow(1, 0, "lost", {}, "never-acked"))
                waiting = asyncio.create_task(
                    service.submit(session, seat, action.move, action.args, prompt.key)
                )
                await until_a_session_waits_on_a_lock(postgres_url)
                assert not waiting.done(), "the other process waits while the session is held"
                dying.pool.terminate()  # the process dies: its connections drop
        result = await asyncio.wait_for(waiting, 10)
        assert (result.seq, result.duplicate) == (1, False)
        log = await survivor.inputs(session.id)
        assert [(row.seq, row.move) for row in log] == [(1, action.move)]
    finally:
        await survivor.close()


async def test_games_finishing_in_two_processes_at_once_both_count_in_the_ratings(pair) -> None:
    """Ratings are read and rewritten at a game's end: two processes must not lose one update."""
    services = pair
    games = [await started_on(services[0], channel=21), await started_on(services[1], channel=22)]
    for service, game in zip(services, games, strict=True):
        while not next_input_ends(service, game):
            await service.play_ai(game)
    await asyncio.gather(*(s.play_ai(g) for s, g in zip(services, games, strict=True)))
    assert all(g.status == "finished" for g in games)
    rated = await services[0].store.query("SELECT games FROM ratings WHERE guild_id=1")
    assert [tuple(r) for r in rated] == [(2,)], "one of the two games' rating updates was lost"


def next_input_ends(service: TableService, session: Session) -> bool:
    seat, prompt = service.ai_turns(session)[0]
    action = service.ai_action(session, seat, prompt)
    state, _ = session.game.apply(session.live(), action)
    return session.game.outcome(state) is not None
