"""Three simulated weeks of async tables (issue 28), on an injected clock (nothing sleeps).

A four-seat Space Emperor game (12 h a move, clocks stop in quiet hours, timeout: pass), a
Prokonsul game with its negotiation (1 day a move, timeout: AI) and a Konsul game (4 h a move,
timeout: abort). Players in New York and Tokyo answer their DMs some hours after they arrive,
never at night; one takes a vacation, the Space Emperor table pauses by consent, three players
go silent (one per policy), and the bot restarts every three days, once for 30 hours: charging
that downtime would have timed out whoever owed a move. Each notice is checked: who, when, how
many, and none in quiet hours. Driven through the table service and table.turn_clocks, the layer
every front end calls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import pytest

from table.backend import open_store
from table.clocks import UserPrefs
from table.pace import DAY, HOUR, Pace
from table.service import Session, TableService
from table.store import Store
from table.turn_clocks import Notice, Timeout, TurnClocks, owing_humans

START = datetime(2026, 3, 2, tzinfo=UTC).timestamp()  # a Monday, 00:00 UTC
STEP = 600.0  # the scan runs every 10 simulated minutes
WEEKS = 3
RESTARTS = [START + d * DAY for d in (3, 6, 9, 13, 16, 19)]
LONG_DOWN = (START + 10 * DAY + 12 * HOUR, START + 11 * DAY + 18 * HOUR)  # 30 h
VACATION = (START + 8 * DAY, 3)  # Carol, from day 8, for 3 days
PAUSE = (START + 12 * DAY, 2)  # the Space Emperor table, from day 12, for 2 days


@dataclass
class Player:
    user_id: int
    name: str
    prefs: UserPrefs
    delay: float  # how long after a notice they answer
    silent: dict[str, tuple[float, float]] = field(default_factory=dict)  # game -> window

    def answers(self, game: str, now: float) -> bool:
        quiet = self.prefs.quiet.contains(now)
        begin, end = self.silent.get(game, (0.0, 0.0))
        paused = game == "space_emperor" and PAUSE[0] <= now < PAUSE[0] + PAUSE[1] * DAY
        return not quiet and not paused and not begin <= now < end


def york(user: int) -> UserPrefs:
    return UserPrefs(user, "America/New_York", 22 * 60, 7 * 60)


def tokyo(user: int) -> UserPrefs:
    return UserPrefs(user, "Asia/Tokyo", 23 * 60, 8 * 60)


PLAYERS = {
    101: Player(101, "Alice", york(101), 2 * HOUR),
    102: Player(
        102, "Bob", tokyo(102), 3 * HOUR, {"prokonsul": (START + 5 * DAY, START + 9 * DAY)}
    ),
    103: Player(103, "Carol", york(103), 1 * HOUR),
    104: Player(
        104,
        "Dave",
        tokyo(104),
        4 * HOUR,
        {
            "space_emperor": (START + 15 * DAY, START + 19 * DAY),
            "konsul": (START + DAY, START + 3 * DAY),
        },
    ),
}
TABLES = (  # game, channel, players, pace, policy, clocks stop in quiet hours
    ("space_emperor", 1, (101, 102, 103, 104), Pace(12 * HOUR), "pass", True),
    ("prokonsul", 2, (101, 102, 103), Pace(DAY), "ai", False),
    ("konsul", 3, (103, 104), Pace(4 * HOUR), "abort", True),
)


class Bot:
    """The table service and clocks of one run of the bot; restarted by building a new one."""

    def __init__(self, store: Store, now: list[float], run: int) -> None:
        self.store = store
        self.service = TableService(store)
        self.clocks = TurnClocks(self.service, lambda: now[0], process=f"run{run}")


@dataclass
class World:
    database: str
    now: list[float]
    bot: Bot
    sessions: dict[str, int] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    timeouts: list[Timeout] = field(default_factory=list)
    last_notice: dict[tuple[int, int, int], float] = field(default_factory=dict)
    runs: int = 1

    async def restart(self, down_until: float | None = None) -> None:
        await self.bot.store.close()
        if down_until is not None:
            self.now[0] = down_until
        self.runs += 1
        self.bot = Bot(await open_store(self.database), self.now, self.runs)
        await self.bot.clocks.started()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "forum.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def world(database: str) -> AsyncIterator[World]:
    now = [START]
    bot = Bot(await open_store(database), now, 1)
    await bot.clocks.started()
    built = World(database, now, bot)
    for player in PLAYERS.values():
        await bot.clocks.set_prefs(player.prefs)
    for game, channel, users, pace, policy, quiet_stops in TABLES:
        built.sessions[game] = await open_table(
            bot, game, channel, users, pace, policy, quiet_stops
        )
    yield built
    await built.bot.store.close()


async def open_table(
    bot: Bot, game: str, channel: int, users: tuple[int, ...], pace: Pace, policy: str, quiet: bool
) -> int:
    service = bot.service
    host = PLAYERS[users[0]]
    session = await service.open(
        channel_id=channel, guild_id=1, game_id=game, options={}, host_id=host.user_id,
        host_name=host.name, seed=channel * 1009,
    )  # fmt: skip
    await bot.clocks.open_table(session, pace, policy, quiet)
    for user in users[1:]:
        await service.join(session, user, PLAYERS[user].name)
    await service.start(session, host.user_id)
    await bot.clocks.settle(session)
    return session.id


async def play_ai(bot: Bot, session: Session) -> None:
    while await bot.service.play_ai(session) is not None:
        await bot.clocks.settle(session)


async def players_act(world: World, game: str) -> None:
    """Every player who owes a move, has had their notice `delay` ago and is awake, answers."""
    bot, now = world.bot, world.now[0]
    session = await bot.service.get(world.sessions[game])
    if session.status != "active":
        return
    turns = {c.seat: c.turn for c in await bot.store.clocks(session.id)}
    for seat in sorted(owing_humans(session)):
        player = PLAYERS[session.seats[seat].user_id]
        noticed = world.last_notice.get((session.id, seat, turns.get(seat, -1)))
        if noticed is None or now < noticed + player.delay or not player.answers(game, now):
            continue
        prompt = next(p for p in session.prompts_for(seat) if seat in p.seats)
        action = bot.service.ai_action(session, seat, prompt)
        await bot.service.submit(session, seat, action.move, action.args, prompt.key)
        await bot.clocks.settle(session)
        await play_ai(bot, session)
        if session.status != "active":
            return


async def scan(world: World) -> None:
    bot = world.bot
    notices, timeouts = await bot.clocks.scan()
    for notice in notices:
        session = await bot.service.get(notice.session_id)
        assert notice.seat in owing_humans(session), notice  # only a seat that owes
        world.last_notice.setdefault((notice.session_id, notice.seat, notice.turn), notice.at)
    world.notices += notices
    world.timeouts += timeouts
    for session_id in sorted({t.session_id for t in timeouts}):
        session = await bot.service.get(session_id)
        if session.status == "active":
            await play_ai(bot, session)


async def left_of(world: World, game: str) -> dict[int, float]:
    bot = world.bot
    session = await bot.service.get(world.sessions[game])
    return dict(await bot.clocks.waiting(session))


async def run_weeks(world: World) -> dict[str, object]:
    """Step the world for three weeks; returns what was observed at the special moments."""
    seen: dict[str, object] = {}
    end = START + WEEKS * 7 * DAY
    restarts = list(RESTARTS)
    while world.now[0] < end:
        now = world.now[0]
        if restarts and now >= restarts[0]:
            restarts.pop(0)
            await world.restart()
        if LONG_DOWN[0] <= now < LONG_DOWN[0] + STEP:
            seen["before_down"] = await left_of(world, "space_emperor")
            await world.restart(down_until=LONG_DOWN[1])
            seen["after_down"] = await left_of(world, "space_emperor")
        if VACATION[0] <= now < VACATION[0] + STEP:
            seen["vacation_left"] = await world.bot.clocks.vacation_left(103)
            await world.bot.clocks.start_vacation(103, VACATION[1])
            seen["vacation_left_after"] = await world.bot.clocks.vacation_left(103)
        if PAUSE[0] <= now < PAUSE[0] + STEP:
            seen["before_pause"] = await pause_by_consent(world)
        if PAUSE[0] + PAUSE[1] * DAY <= now < PAUSE[0] + PAUSE[1] * DAY + STEP:
            seen["after_pause"] = await left_of(world, "space_emperor")
        await scan(world)
        for game, *_ in TABLES:
            await players_act(world, game)
        world.now[0] = world.now[0] + STEP
    return seen


async def pause_by_consent(world: World) -> dict[int, float]:
    session = await world.bot.service.get(world.sessions["space_emperor"])
    before = await left_of(world, "space_emperor")
    for user in (101, 102, 103):
        table = await world.bot.clocks.vote_pause(session, user, PAUSE[1])
        assert table.paused_until is None and user in table.pause_votes  # not until all agree
    table = await world.bot.clocks.vote_pause(session, 104, 5)  # the first vote's length holds
    assert table.paused_until == world.now[0] + PAUSE[1] * DAY
    return before


async def test_three_weeks_of_async_tables(world: World, capsys: pytest.CaptureFixture) -> None:
    seen = await run_weeks(world)
    by_user = {u: [n for n in world.notices if n.user_id == u] for u in PLAYERS}

    # None in quiet hours; each (session, seat, turn, kind) once.
    for user, notices in by_user.items():
        quiet = PLAYERS[user].prefs.quiet
        assert not [n for n in notices if quiet.contains(n.at)], PLAYERS[user].name
    keys = Counter((n.session_id, n.seat, n.turn, n.kind) for n in world.notices)
    assert max(keys.values()) == 1
    # Every turn's notices start with its turn notice, then reminders in order.
    for key in {k[:3] for k in keys}:
        kinds = [n.kind for n in world.notices if (n.session_id, n.seat, n.turn) == key]
        assert kinds[0] == "turn" and kinds == sorted(
            kinds, key=["turn", "remind1", "remind2"].index
        )

    # Timeouts: exactly one silent player per table, each under its table's policy.
    sessions = world.sessions
    got = Counter((t.session_id, t.user_id, t.done) for t in world.timeouts)
    assert got[(sessions["prokonsul"], 102, "ai")] == 1
    assert got[(sessions["konsul"], 104, "abort")] == 1
    dave = [t for t in world.timeouts if t.session_id == sessions["space_emperor"]]
    assert dave and {t.user_id for t in dave} == {104} and dave[0].done == "pass"
    assert all(START + 15 * DAY <= t.at < START + 19 * DAY for t in dave)  # while silent
    assert sum(got.values()) == 2 + len(dave), world.timeouts
    assert (await world.bot.service.get(sessions["konsul"])).status == "aborted"
    prokonsul = await world.bot.store.clocks(sessions["prokonsul"])
    assert [c.timed_out for c in prokonsul] == [False, True, False]
    # Each timed-out turn had its turn notice and a reminder first.
    for t in world.timeouts:
        mine = (t.session_id, t.seat)
        turn = [n for n in world.notices if (n.session_id, n.seat) == mine and n.at <= t.at]
        assert turn and turn[-1].kind.startswith("remind"), (t, turn[-1])

    # The 30-hour downtime cost nobody anything; the pause and the vacation stopped clocks.
    assert seen["before_down"] and seen["after_down"] == seen["before_down"]
    down = [n for n in world.notices if LONG_DOWN[0] <= n.at < LONG_DOWN[1]]
    assert not down
    assert seen["after_pause"] == seen["before_pause"]
    paused = [
        n
        for n in world.notices
        if n.session_id == sessions["space_emperor"] and PAUSE[0] <= n.at < PAUSE[0] + 2 * DAY
    ]
    assert not paused
    away = [n for n in by_user[103] if VACATION[0] <= n.at < VACATION[0] + VACATION[1] * DAY]
    assert not away
    assert (seen["vacation_left"], seen["vacation_left_after"]) == (14, 11)

    # How many: every player was noticed on most days of play, never flooded.
    per_day = Counter((PLAYERS[n.user_id].name, int((n.at - START) // DAY)) for n in world.notices)
    assert max(per_day.values()) <= 12
    with capsys.disabled():
        print_notice_table(per_day)


def print_notice_table(per_day: Counter[tuple[str, int]]) -> None:
    """Notices per player per simulated day (for the issue's closing note)."""
    days = range(WEEKS * 7)
    print("\nnotices per player per day (day 0 = Mon 2 Mar 2026 UTC)")
    print("      " + " ".join(f"{d:>2}" for d in days))
    for player in PLAYERS.values():
        counts = " ".join(f"{per_day.get((player.name, d), 0):>2}" for d in days)
        print(f"{player.name:<6}{counts}")
