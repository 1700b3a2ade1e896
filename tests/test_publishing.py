"""Boards at scale: coalesced publishing, the REST budget, and Discord's 429s in the fake."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
from pathlib import Path
from types import SimpleNamespace

import discord

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from bench.fakediscord.limits import Limiter, RateLimits
from bot.frontend.budget import URGENT, Limits, RestBudget
from bot.frontend.publisher import Dirty, Publisher
from engine.registry import get_game
from render import render_png

IMPERIUM = get_game("imperium")


# The publisher -------------------------------------------------------------------------------


def _session(session_id: int, channel_id: int) -> SimpleNamespace:
    return SimpleNamespace(id=session_id, seq=0, row=SimpleNamespace(channel_id=channel_id))


class VirtualTime:
    """A clock and sleep for the publisher that only the test moves: `advance` wakes each
    sleeper in order of its due time and lets it run before time moves on."""

    def __init__(self) -> None:
        self.now = 1000.0
        self._sleepers: list[tuple[float, int, asyncio.Future]] = []
        self._order = itertools.count()

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        woken = asyncio.get_running_loop().create_future()
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), woken))
        await woken

    async def advance(self, seconds: float = math.inf) -> None:
        """Moves time on by `seconds` (default: until no one sleeps)."""
        until = self.now + seconds
        await _let_tasks_run()
        while self._sleepers and self._sleepers[0][0] <= until:
            self.now, _, woken = heapq.heappop(self._sleepers)
            woken.set_result(None)
            await _let_tasks_run()
        if until != math.inf:
            self.now = until


async def _let_tasks_run() -> None:
    """Lets every woken task run up to its next wait (publishes here never wait on I/O)."""
    for _ in range(10):
        await asyncio.sleep(0)


class Recorder:
    """A publish that records which state (seq) it showed, and when. A held recorder keeps
    each publish sending (after it has read the state) until the test releases it."""

    def __init__(self, *, held: bool = False, clock=time.monotonic) -> None:
        self.clock = clock
        self.shown: list[tuple[int, int, float]] = []  # (session, seq, time)
        self.sending = asyncio.Event()  # a publish has read its state and is sending
        self.release = asyncio.Event()
        if not held:
            self.release.set()

    async def __call__(self, session, dirty: Dirty) -> None:
        seq = session.seq  # the state is read when the publish starts
        self.sending.set()
        await self.release.wait()
        self.shown.append((session.id, seq, self.clock()))


def _spawner(tasks: list[asyncio.Task]):
    def spawn(coroutine):
        task = asyncio.get_running_loop().create_task(coroutine)
        tasks.append(task)
        return task

    return spawn


async def _drain(tasks: list[asyncio.Task]) -> None:
    while any(not task.done() for task in tasks):
        await asyncio.gather(*tasks)


async def test_a_burst_is_published_as_its_latest_state_once_per_interval() -> None:
    now = VirtualTime()
    recorder, tasks = Recorder(clock=now.clock), []
    publisher = Publisher(recorder, _spawner(tasks), interval=0.2, clock=now.clock, sleep=now.sleep)
    session = _session(1, 10)
    started = now.clock()
    for seq in range(1, 31):  # 30 inputs in 0.6 s
        session.seq = seq
        publisher.mark(session)
        await now.advance(0.02)
    await now.advance()
    await _drain(tasks)
    seqs = [seq for _, seq, _ in recorder.shown]
    times = [moment for _, _, moment in recorder.shown]
    assert seqs[-1] == 30, seqs  # the last input is on the board
    assert seqs == sorted(seqs), seqs  # never an earlier state after a later one
    assert len(seqs) <= 1 + (times[-1] - started) / 0.2 + 1, seqs  # coalesced
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert all(gap >= 0.19 for gap in gaps), gaps


async def test_a_change_during_a_slow_publish_is_published_after_it() -> None:
    recorder, tasks = Recorder(held=True), []
    publisher = Publisher(recorder, _spawner(tasks), interval=0.0)
    session = _session(1, 10)
    session.seq = 1
    publisher.mark(session)
    await recorder.sending.wait()  # the first publish has read seq 1 and is still sending
    session.seq = 2
    publisher.mark(session)
    recorder.release.set()
    await _drain(tasks)
    assert [seq for _, seq, _ in recorder.shown] == [1, 2]


async def test_channels_are_paced_independently() -> None:
    now = VirtualTime()
    recorder, tasks = Recorder(clock=now.clock), []
    publisher = Publisher(recorder, _spawner(tasks), interval=0.3, clock=now.clock, sleep=now.sleep)
    sessions = [_session(number, 100 + number) for number in range(5)]
    started = now.clock()
    for session in sessions:
        session.seq = 1
        publisher.mark(session)
    await now.advance()
    await _drain(tasks)
    assert sorted(seq for _, seq, _ in recorder.shown) == [1] * 5
    assert max(moment for *_, moment in recorder.shown) - started < 0.2  # nobody waited


# The REST budget -----------------------------------------------------------------------------


def _most_in_window(times: list[float], span: float) -> int:
    return max(sum(1 for t in times if start <= t < start + span) for start in times)


async def test_the_budget_never_exceeds_its_global_and_channel_windows() -> None:
    limits = Limits(per_second=6, channel_messages=3, channel_window=0.3, global_window=0.2)
    budget = RestBudget(limits)
    admitted: list[tuple[float, int | None]] = []

    async def request(channel: int | None) -> None:
        await budget.acquire(channel)
        admitted.append((time.monotonic(), channel))

    await asyncio.gather(*(request(7 if n % 2 else None) for n in range(24)))
    everything = [moment for moment, _ in admitted]
    channel = [moment for moment, where in admitted if where == 7]
    assert _most_in_window(everything, 0.2) <= 6
    assert _most_in_window(channel, 0.3) <= 3
    assert len(admitted) == 24


async def test_urgent_requests_keep_a_share_of_a_busy_budget() -> None:
    budget = RestBudget(Limits(per_second=10, global_window=0.2))
    order: list[str] = []

    async def request(kind: str, level: int) -> None:
        await budget.acquire(None, level)
        order.append(kind)

    normal = [asyncio.ensure_future(request("normal", 1)) for _ in range(40)]
    await asyncio.sleep(0)  # ten normal requests fill the window, thirty wait
    await asyncio.gather(*(request("urgent", URGENT) for _ in range(5)), *normal)
    last_urgent = max(index for index, kind in enumerate(order) if kind == "urgent")
    assert order[:10] == ["normal"] * 10
    assert last_urgent < 16, order  # next, not behind the thirty waiting before them


async def test_the_budget_forgets_channels_with_no_recent_write() -> None:
    """A bot that has written to thousands of DM channels keeps a window only for the channels
    written within the last channel window, and still paces those."""
    now = [0.0]
    limits = Limits(per_second=1000, channel_messages=2, channel_window=1.0)
    budget = RestBudget(limits, clock=lambda: now[0])
    for channel in range(500):
        await budget.acquire(channel)
    now[0] = 2.0
    await budget.acquire(7)
    await budget.acquire(7)
    assert len(budget._channels) == 1
    assert budget._waits(7)[1] > 0  # the channel just written twice is still full
    assert budget._waits(8) == (0.0, 0.0)


# Discord's limits in the fake ------------------------------------------------------------------


def test_the_fake_refuses_past_discords_limits_and_exempts_interactions() -> None:
    limiter = Limiter(RateLimits(global_per_second=50, channel_messages=5, channel_window=5.0))
    channel = "/channels/42/messages"
    assert all(limiter.check("POST", channel, now=0.0) is None for _ in range(5))
    sixth = limiter.check("POST", channel, now=1.0)
    assert sixth is not None and not sixth.is_global and 3.9 < sixth.retry_after <= 4.0
    assert limiter.check("POST", channel, now=5.01) is None  # the window slid on
    for _ in range(49):  # with the message at 5.01: fifty in the last second
        assert limiter.check("GET", "/users/@me", now=5.5) is None
    refused = limiter.check("GET", "/users/@me", now=5.6)
    assert refused is not None and refused.is_global
    assert limiter.check("POST", "/interactions/1/abc/callback", now=5.6) is None
    assert limiter.refused == 2


async def test_a_client_without_the_budget_gets_429s_and_the_bot_gets_none(tmp_path: Path) -> None:
    """discord.py waits on the buckets Discord announces per route, but not on the global
    limit: a plain client collects 429s in a burst over many channels, the bot none."""
    async with FakeDiscord() as fake:
        fake.rate_limits.channel_window = 1.0  # Discord's 5 s, shortened to keep the test quick
        channels = [fake.add_channel(f"burst-{n}") for n in range(12)]
        plain = discord.Client(intents=discord.Intents.default(), **fake.client_kwargs())
        await fake.start_bot(plain)
        burst = [plain.get_partial_messageable(c) for c in channels for _ in range(5)]
        await asyncio.gather(*(c.send(f"plain {n}") for n, c in enumerate(burst)))
        assert fake.rate_limited >= 1  # discord.py waited and retried: every message arrived
        assert fake.server.limiter.refused_routes.get("channel-messages", 0) == 0
        assert sum("plain" in m.text() for c in channels for m in fake.channel_messages(c)) == 60
        await fake.stop_bot(plain)

        others = [fake.add_channel(f"other-{n}") for n in range(12)]
        harness = Harness(
            fake,
            tmp_path / "db.sqlite3",
            rest_per_second=45,
            channel_window_seconds=1.0,
            board_interval_seconds=1.0,
        )
        bot = await harness.start()
        fake.server.limiter = Limiter(fake.rate_limits)  # Discord forgot the plain burst
        burst = [bot.get_partial_messageable(c) for c in others for _ in range(5)]
        await asyncio.gather(*(c.send(f"bot {n}") for n, c in enumerate(burst)))
        assert fake.rate_limited == 0, fake.server.limiter.refused_routes
        assert sum("bot" in m.text() for c in others for m in fake.channel_messages(c)) == 60
        await harness.stop()


# Many games at Discord's real pace through the fake ------------------------------------------


async def _open_game(harness: Harness, fake: FakeDiscord, channel: int, users) -> None:
    host, *others = users
    await fake.slash(host, "game", ["new"], {"game": "imperium"}, channel_id=channel)
    await fake.settle(quiet=0.05)
    lobby = _board(fake, channel)
    for user in others:
        await fake.click(user, lobby, Harness.custom_id(lobby, ":lobby:join"))
    await fake.click(host, lobby, Harness.custom_id(lobby, ":lobby:start"))


def _board(fake: FakeDiscord, channel: int):
    for message in reversed(fake.channel_messages(channel)):
        if message.png() is not None or any(":lobby:" in i for i in message.all_custom_ids()):
            return message
    raise AssertionError(f"no board in channel {channel}")


def _chooser(fake: FakeDiscord, user, key: str):
    found = [m for m in fake.visible_to(user) if any(f":{key}:" in i for i in m.all_custom_ids())]
    return max(found, key=lambda m: m.id) if found else None


async def _pick(fake: FakeDiscord, user, key: str, regions: list[int]) -> None:
    await fake.wait_for(lambda: _chooser(fake, user, key) is not None, timeout=30)
    message = _chooser(fake, user, key)
    for region in regions:
        ending = f":{key}:v:{region - 1}"
        await fake.click(user, message, Harness.custom_id(message, ending))
        message = fake.message(message.id)
    await fake.click(user, message, Harness.custom_id(message, f":{key}:ok"))


async def _play_game(fake: FakeDiscord, users) -> None:
    for round_no in range(1, 9):
        picks = ([round_no] * 3, [9] * 3, [round_no, round_no, 9])
        await asyncio.gather(
            *(
                _pick(fake, user, f"r{round_no}.select", regions)
                for user, regions in zip(users, picks, strict=True)
            )
        )


async def test_many_games_at_discords_pace_see_no_429_and_end_on_their_final_boards(
    tmp_path: Path,
) -> None:
    async with FakeDiscord() as fake:
        harness = Harness(
            fake,
            tmp_path / "db.sqlite3",
            rest_per_second=45,
            channel_window_seconds=5.0,
            board_interval_seconds=1.0,
        )
        bot = await harness.start()
        tables = []
        for number in range(6):
            channel = fake.add_channel(f"table-{number}")
            users = [fake.add_user(f"p{number}{seat}") for seat in range(3)]
            tables.append((channel, users))
        await fake.settle(quiet=0.05)
        for channel, users in tables:
            await _open_game(harness, fake, channel, users)
        await asyncio.gather(*(_play_game(fake, users) for _, users in tables))
        await harness.settle()
        assert fake.rate_limited == 0
        assert not fake.server_errors
        for channel, _ in tables:
            session = await bot.service.store.open_session_in(channel)
            assert session is None  # finished
            board = _board(fake, channel)
            assert "Game over" in board.text(), board.text()
        assert (
            not bot.play.narration and not bot.play.prompts.drafts
        )  # finished games leave nothing
        await harness.stop()


# Restarts ------------------------------------------------------------------------------------


async def test_a_restart_in_a_burst_reposts_the_latest_board(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users)
    for user, regions in zip(users, ([1, 1, 1], [9, 9, 9], [1, 1, 9]), strict=True):
        await _pick(fake, user, "r1.select", regions)
    await harness.kill()  # no settle: publishes of the burst may be in flight
    bot = await harness.start()
    await harness.settle()
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None and session.seq >= 3
    expected = render_png("imperium", session.game.public_view(session.live()), session.names, "en")
    assert harness.board().png().data == expected


async def test_boards_drawn_in_a_worker_process_are_the_same_bytes(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        harness = Harness(fake, tmp_path / "db.sqlite3", render_processes=1)
        users = [fake.add_user(name) for name in ("alice", "bob")]
        bot = await harness.start()
        assert bot.render_pool is not None
        await harness.open_table(users)
        session = await bot.service.in_channel(fake.channel_id)
        expected = render_png(
            "imperium", session.game.public_view(session.live()), session.names, "en"
        )
        assert harness.board().png().data == expected
        await harness.stop()
        assert bot.render_pool is None  # shut down with the bot
