"""table.turn_clocks on its own: passing where the rules allow it, pauses and vacations refused
past their limits, notices switched off, and two processes on one PostgreSQL database sending
each notice once and applying a timeout once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from engine.core import Choice, Field, IllegalInput, Kind, Msg, Prompt
from table.backend import open_store
from table.clocks import UserPrefs
from table.pace import DAY, HOUR, Pace
from table.service import TableService
from table.store import Store
from table.turn_clocks import TurnClocks, pass_action

START = 1_772_409_600.0  # 2026-03-02 00:00 UTC
FOUR_HOURS = Pace(4 * HOUR)


def prompt(fields: tuple[Field, ...], move: str = "act") -> Prompt:
    return Prompt(key="k", move=move, kind=Kind.TURN, seats=(1,), fields=fields, text=Msg(key="t"))


def one(name: str, values: list[str], needs: tuple | None = None) -> Field:
    options = tuple(Choice(value=v, label=Msg(key=v)) for v in values)
    return Field(name=name, kind="one", label=Msg(key=name), options=options, needs=needs)


def test_a_pass_is_found_only_where_the_rules_offer_one() -> None:
    act = prompt((one("action", ["attack", "pass"]), one("target", ["a"], ("action", ("attack",)))))
    assert pass_action(act, 1) is not None and pass_action(act, 1).args == {"action": "pass"}
    assert pass_action(act, 0) is None  # not this seat's prompt
    assert pass_action(prompt((one("card", ["1", "2"]),)), 1) is None
    assert pass_action(prompt((), move="pass"), 1).move == "pass"
    # A pass choice whose other fields are still asked is no pass.
    assert pass_action(prompt((one("action", ["pass"]), one("card", ["1"]))), 1) is None


async def table(
    store: Store,
    now: list[float],
    process: str = "a",
    policy: str = "ai",
    pace: Pace = FOUR_HOURS,
    quiet_stops: bool = False,
):
    service = TableService(store)
    clocks = TurnClocks(service, lambda: now[0], process)
    await clocks.started()
    session = await service.open(
        channel_id=1, guild_id=1, game_id="konsul", options={}, host_id=1, host_name="A", seed=3
    )
    await clocks.open_table(session, pace, policy, quiet_stops)
    await service.join(session, 2, "B")
    await service.start(session, 1)
    await clocks.settle(session)
    return service, clocks, session


async def test_limits_of_pauses_and_vacations(tmp_path: Path) -> None:
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        service, clocks, session = await table(store, now)
        for days in (0, 8):
            with pytest.raises(IllegalInput):
                await clocks.vote_pause(session, 1, days)
        with pytest.raises(IllegalInput):
            await clocks.vote_pause(session, 99, 2)  # not at the table
        assert await clocks.vacation_left(1) == 14
        await clocks.start_vacation(1, 10)
        with pytest.raises(IllegalInput):
            await clocks.start_vacation(1, 5)  # 4 left
        now[0] += 2 * DAY
        await clocks.end_vacation(1)  # back early: 8 of the 10 days return
        assert await clocks.vacation_left(1) == 12
        live = await service.open(
            channel_id=2, guild_id=1, game_id="konsul", options={}, host_id=1, host_name="A"
        )
        with pytest.raises(IllegalInput):
            await clocks.vote_pause(live, 1, 2)  # a live table has no clocks to pause
    finally:
        await store.close()


async def test_notices_switched_off_are_not_delivered(tmp_path: Path) -> None:
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        for user in (1, 2):
            await store.save_user_prefs(UserPrefs(user, notices="off"))
        _, clocks, session = await table(store, now)
        notices, _ = await clocks.scan()
        assert notices == []
        assert [seat for seat, _ in await clocks.waiting(session)]  # the clock still runs
    finally:
        await store.close()


async def test_two_processes_send_one_notice_and_apply_one_timeout(postgres_url: str) -> None:
    now = [START]
    first, second = await open_store(postgres_url), await open_store(postgres_url)
    try:
        service, clocks_a, session = await table(first, now, "a", policy="abort")
        clocks_b = TurnClocks(TableService(second), lambda: now[0], "b")
        await clocks_b.started()
        sent, timeouts = [], []
        while now[0] < START + 2 * DAY:
            for found in await asyncio.gather(clocks_a.scan(), clocks_b.scan()):
                sent += found[0]
                timeouts += found[1]
            now[0] += 300
        kinds = [(n.seat, n.turn, n.kind) for n in sent]
        assert sorted(set(kinds)) == sorted(kinds) and ("turn" in {k for *_, k in kinds})
        assert len(timeouts) == 1 and timeouts[0].done == "abort"
        assert (await service.get(session.id)).status == "aborted"
    finally:
        await first.close()
        await second.close()


async def test_a_timed_out_seat_is_rated_last_as_its_member(tmp_path: Path) -> None:
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        service, clocks, session = await table(store, now, policy="ai")
        timeouts = []
        while not timeouts:
            now[0] += 600
            timeouts += (await clocks.scan())[1]
        (gone,) = timeouts
        assert gone.done == "ai" and session.is_ai(gone.seat)
        while session.status == "active":
            for seat in range(2):  # the other member plays as the AI would
                for prompt in session.prompts_for(seat):
                    if seat in prompt.seats and not session.is_ai(seat):
                        action = service.ai_action(session, seat, prompt)
                        await service.submit(session, seat, action.move, action.args, prompt.key)
            await service.play_ai(session)
        results = await store.query("SELECT seat, player, ai, rank FROM results ORDER BY seat")
        other = 1 - gone.seat
        assert results[gone.seat][1:3] == (f"user:{gone.user_id}", 1)  # the member, AI-played
        assert results[other][1:3] == (f"user:{3 - gone.user_id}", 0)
        assert results[gone.seat][3] > results[other][3]  # last, whatever the AI scored
        rated = dict(await store.query("SELECT player, mu FROM ratings"))
        assert set(rated) == {"user:1", "user:2"}  # the AI is not rated for the seat
        assert rated[f"user:{gone.user_id}"] < rated[f"user:{3 - gone.user_id}"]
    finally:
        await store.close()


async def test_a_clock_run_out_under_abort_is_a_forfeit_not_a_void(tmp_path: Path) -> None:
    """A losing player who lets their clock run out on a `timeout: abort` table must not wipe
    the result for everyone: the game ends, rated as a forfeit (that member last, the others
    ahead), in the same write as the abort."""
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        service, clocks, session = await table(store, now, policy="abort")
        timeouts = []
        while not timeouts:
            now[0] += 600
            timeouts += (await clocks.scan())[1]
        (gone,) = timeouts
        assert gone.done == "abort"
        assert (await service.get(session.id)).status == "aborted"
        results = dict(await store.query("SELECT player, rank FROM results"))
        other = f"user:{3 - gone.user_id}"
        assert results == {f"user:{gone.user_id}": 2, other: 1}
        rated = dict(await store.query("SELECT player, mu FROM ratings"))
        assert rated[other] > rated[f"user:{gone.user_id}"]
    finally:
        await store.close()


async def test_moving_quiet_hours_refunds_no_time_already_charged(tmp_path: Path) -> None:
    """A player on a table that stops clocks in quiet hours moves their quiet hours over the
    hours their clock just ran: those hours stay charged (else repeating it every few hours
    keeps the clock full and stalls the table for everyone)."""
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        service, clocks, session = await table(store, now, pace=Pace(DAY), quiet_stops=True)
        owing = dict(await clocks.waiting(session))
        seat = next(iter(owing))
        user = session.seats[seat].user_id
        now[0] += 10 * HOUR  # 00:00 -> 10:00 UTC, no quiet hours: 10 h charged
        before = dict(await clocks.waiting(session))[seat]
        assert before == pytest.approx(2 * DAY - 10 * HOUR)
        # Quiet hours 00:00-11:00 would cover the ten hours just charged.
        await clocks.set_prefs(UserPrefs(user, quiet_start=0, quiet_end=11 * 60))
        assert dict(await clocks.waiting(session))[seat] == pytest.approx(before)
        other_process = TurnClocks(service, lambda: now[0], "b")  # the limit is stored: shared
        tokyo = UserPrefs(user, tz="Asia/Tokyo", quiet_start=9 * 60, quiet_end=20 * 60)
        with pytest.raises(IllegalInput, match="quiet_moved_recently"):
            await other_process.set_prefs(tokyo)
        now[0] += DAY  # a day later the move is allowed, and again refunds nothing
        before = dict(await clocks.waiting(session))[seat]
        await other_process.set_prefs(tokyo)
        assert dict(await clocks.waiting(session))[seat] == pytest.approx(before)
    finally:
        await store.close()


async def test_quiet_hours_moved_every_twelve_hours_cannot_stop_a_clock(tmp_path: Path) -> None:
    """Quiet hours set to begin now, then moved to begin now again twelve hours later, and so
    on, would stop a running clock for good: while one runs on a table that stops clocks in
    quiet hours, they (and the time zone) move at most once a day; in three days the clock
    is charged at least 24 h."""
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        _, clocks, session = await table(store, now, pace=Pace(DAY), quiet_stops=True)
        seat = next(iter(dict(await clocks.waiting(session))))
        user = session.seats[seat].user_id
        refused = 0
        for half_day in range(6):
            start = (half_day % 2) * 12 * 60  # 00:00-12:00, then 12:00-24:00, ...
            try:
                await clocks.set_prefs(UserPrefs(user, quiet_start=start, quiet_end=start + 719))
            except IllegalInput as error:
                assert error.msg.key == "error.quiet_moved_recently"
                refused += 1
            now[0] += 12 * HOUR
        # Alternating windows, once a day: 24 h in a row may be quiet, but the clock runs.
        assert refused == 2
        assert dict(await clocks.waiting(session))[seat] <= 2 * DAY - 24 * HOUR
        # Nothing running: a player sets their hours as often as they like.
        other = session.seats[1 - seat].user_id
        for start in (0, 60, 120):
            await clocks.set_prefs(UserPrefs(other, quiet_start=start, quiet_end=start + 60))
    finally:
        await store.close()


async def test_one_player_cannot_end_a_pause_the_others_agreed_on(tmp_path: Path) -> None:
    """Everyone agreed on a week's pause and left; one player alone ending it at once would
    let the others' clocks run out while they are away (the AI takes their seats, they are
    rated last). Ending early needs every player too; a pause not yet agreed is withdrawn."""
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        _, clocks, session = await table(store, now)
        await clocks.vote_pause(session, 1, 7)
        await clocks.vote_pause(session, 2, 7)
        until = (await store.table_pace(session.id)).paused_until
        assert until == START + 7 * DAY
        now[0] += HOUR
        await clocks.end_pause(session, 2)  # bob alone
        assert (await store.table_pace(session.id)).paused_until == until
        await clocks.end_pause(session, 1)  # and alice: it ends now
        assert (await store.table_pace(session.id)).paused_until is None
        # A request nobody else agreed to yet is withdrawn by one player.
        await clocks.vote_pause(session, 1, 2)
        await clocks.end_pause(session, 1)
        assert (await store.table_pace(session.id)).pause_votes == ()
        # After a pause runs out, new votes start afresh (none left over from the last one).
        await clocks.vote_pause(session, 1, 1)
        await clocks.vote_pause(session, 2, 1)
        now[0] += 2 * DAY
        await clocks.vote_pause(session, 2, 1)
        assert (await store.table_pace(session.id)).pause_votes == (2,)
        await clocks.vote_pause(session, 1, 1)
        assert (await store.table_pace(session.id)).paused_until == now[0] + DAY
    finally:
        await store.close()


async def test_the_once_a_day_limit_on_quiet_hours_holds_across_processes_and_restarts(
    database: str,
) -> None:
    """The limit is stored per player (both stores): a second service on the same database
    (another process, on PostgreSQL a connection of its own) and a restart both see it."""
    now = [START]
    first = await open_store(database)
    second = first if not database.startswith("postgres") else await open_store(database)
    try:
        _, clocks, session = await table(first, now, pace=Pace(DAY), quiet_stops=True)
        user = session.seats[next(iter(dict(await clocks.waiting(session))))].user_id
        await clocks.set_prefs(UserPrefs(user, quiet_start=0, quiet_end=6 * 60))
        other = TurnClocks(TableService(second), lambda: now[0], "b")
        now[0] += 20 * HOUR
        with pytest.raises(IllegalInput, match="quiet_moved_recently") as refused:
            await other.set_prefs(UserPrefs(user, quiet_start=60, quiet_end=7 * 60))
        assert refused.value.msg.args["hours"] == 4
        assert (await second.user_prefs([user]))[user].quiet_start == 0  # nothing changed
    finally:
        if second is not first:
            await second.close()
        await first.close()
    reopened = await open_store(database)  # a restart
    try:
        restarted = TurnClocks(TableService(reopened), lambda: now[0], "c")
        with pytest.raises(IllegalInput, match="quiet_moved_recently"):
            await restarted.set_prefs(UserPrefs(user, quiet_start=60, quiet_end=7 * 60))
        now[0] += 4 * HOUR  # a day after the move
        await restarted.set_prefs(UserPrefs(user, quiet_start=60, quiet_end=7 * 60))
        assert (await reopened.user_prefs([user]))[user].quiet_start == 60
    finally:
        await reopened.close()
