"""Two bot processes on one PostgreSQL database and one fake Discord with several shards.

The process on shard 0 receives the DMs, the other one the guild's channel: a player's game
therefore moves back and forth between them. The DM process is killed mid-game and a new one
takes its shard; the game still finishes, every stored input is applied once, no acknowledged
input is lost, and Discord sees no 429.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from bot.discord_app.shards import ShardedForumBot
from engine.core import Action
from engine.registry import get_game
from table.pgstore import PostgresStore
from table.service import Session, TableService
from tests.support.bot_games import Player, fix_seed

GAME, SEED, AI = "seven_hills", 2, 1
KILL_AT = 6  # alice's answers before the DM process dies


class TwoProcesses(Harness):
    """Harness over two sharded bots; `bot` is the guild's, `dm_bot` the one on shard 0."""

    def __init__(self, fake: FakeDiscord, url: str) -> None:
        super().__init__(fake, url)  # type: ignore[arg-type]  # a URL, not a file
        self.count = next(n for n in range(2, 64) if (fake.guild_id >> 22) % n != 0)
        self.dm_bot: ShardedForumBot | None = None
        self.observer: TableService | None = None  # reads the database as a third party
        self.session_id = 0

    async def start_shard(self, shard_ids: list[int]) -> ShardedForumBot:
        bot = ShardedForumBot(
            self.config,
            timer_period=0.1,
            shard_ids=shard_ids,
            shard_count=self.count,
            **self.fake.client_kwargs(),
        )
        await self.fake.start_bot(bot)
        return bot

    async def start_both(self) -> None:
        self.dm_bot = await self.start_shard([0])
        # Only the shard that holds the fake's one guild: the others would have nothing to do.
        self.bot = await self.start_shard([(self.fake.guild_id >> 22) % self.count])
        self.observer = TableService(await PostgresStore.open(self.config.database))

    async def kill_dm_process(self) -> None:
        """As a crash: its gateway socket and database connections drop, nothing is flushed."""
        assert self.dm_bot is not None
        for connection in self.fake.gateway.active:
            if connection.shard[0] == 0:
                self.fake.gateway.killed.add(connection.session_id or "")
                connection.ready = False
                await connection.ws.close(code=4000, message=b"killed by test")
        self.dm_bot.store.pool.terminate()
        for task in list(self.dm_bot._tasks):
            task.cancel()
        self.dm_bot._tasks.clear()
        await self.fake.stop_bot(self.dm_bot)
        self.dm_bot = None

    async def settle(self) -> None:
        for _ in range(50):
            await self.fake.settle(quiet=0.05)
            busy = [b for b in (self.bot, self.dm_bot) if b is not None and b._tasks]
            if not busy:
                break
            for bot in busy:
                await bot.idle()
        if self.observer is not None and self.session_id:
            await self.observer.get(self.session_id)  # the player's view: what is stored

    async def stop(self) -> None:
        for bot in (self.dm_bot, self.bot):
            if bot is not None:
                await self.fake.stop_bot(bot)
        self.dm_bot = self.bot = None
        if self.observer is not None:
            await self.observer.store.close()


@pytest.fixture
async def two(fake: FakeDiscord, postgres_url: str) -> AsyncIterator[TwoProcesses]:
    harness = TwoProcesses(fake, postgres_url)
    yield harness
    await harness.stop()


async def test_a_game_across_two_processes_survives_killing_one(
    two: TwoProcesses, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, SEED)
    fake = two.fake
    alice = fake.add_user("alice")
    await two.start_both()
    await two.open_table([alice], game=GAME, ai=AI)
    row = await two.observer.store.open_session_in(fake.channel_id)
    assert row is not None
    two.session_id = row.id
    session: Session = await two.observer.get(row.id)
    player = Player(two, alice, session, f"{GAME} seed {SEED}", False, via_hand=False)
    acknowledged: list[int] = []
    for step in range(session.game.max_inputs):
        await two.settle()
        if session.outcome() is not None:
            break
        if step == KILL_AT:
            await two.kill_dm_process()
            two.dm_bot = await two.start_shard([0])
        prompts = session.prompts_for(0)
        assert prompts, f"the game waits on nobody at seq {session.seq}"
        await player.answer(0, prompts[0])
        acknowledged.append(session.seq)
    await two.settle()
    assert session.outcome() is not None, "the game did not finish"
    assert len(acknowledged) > KILL_AT, "the game ended before the kill: nothing was tested"

    stored = await two.observer.store.inputs(row.id)
    assert [r.seq for r in stored] == list(range(1, len(stored) + 1)), "gaps or repeats"
    assert set(acknowledged) <= {r.seq for r in stored}, "an acknowledged input was lost"
    answers = [(r.seat, r.prompt_key) for r in stored]
    assert len(answers) == len(set(answers)), "one answer to one prompt was stored twice"
    rules = get_game(GAME)
    state = rules.setup(rules.parse_options(session.row.options), len(session.seats), SEED)
    for stored_row in stored:
        action = Action(seat=stored_row.seat, move=stored_row.move, args=stored_row.args)
        state, _ = rules.apply(state, action)
    assert rules.outcome(state) == session.outcome(), "the log replays to another ending"
    assert player.paths["dm"] > 0, f"never answered in a DM (shard 0): {player.paths}"
    assert fake.rate_limited == 0, "Discord answered 429"
    assert not fake.server_errors, fake.server_errors
