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


async def table(store: Store, now: list[float], process: str = "a", policy: str = "ai"):
    service = TableService(store)
    clocks = TurnClocks(service, lambda: now[0], process)
    await clocks.started()
    session = await service.open(
        channel_id=1, guild_id=1, game_id="konsul", options={}, host_id=1, host_name="A", seed=3
    )
    await clocks.open_table(session, Pace(4 * HOUR), policy)
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


async def test_moving_quiet_hours_refunds_no_time_already_charged(tmp_path: Path) -> None:
    """A player on a table that stops clocks in quiet hours moves their quiet hours over the
    hours their clock just ran: those hours stay charged (else repeating it every few hours
    keeps the clock full and stalls the table for everyone)."""
    now = [START]
    store = await open_store(str(tmp_path / "f.sqlite3"))
    try:
        service = TableService(store)
        clocks = TurnClocks(service, lambda: now[0], "a")
        await clocks.started()
        session = await service.open(
            channel_id=1, guild_id=1, game_id="konsul", options={}, host_id=1, host_name="A", seed=3
        )
        await clocks.open_table(session, Pace(DAY), "ai", quiet_stops=True)
        await service.join(session, 2, "B")
        await service.start(session, 1)
        await clocks.settle(session)
        owing = dict(await clocks.waiting(session))
        seat = next(iter(owing))
        user = session.seats[seat].user_id
        now[0] += 10 * HOUR  # 00:00 -> 10:00 UTC, no quiet hours: 10 h charged
        before = dict(await clocks.waiting(session))[seat]
        assert before == pytest.approx(2 * DAY - 10 * HOUR)
        # Quiet hours 00:00-11:00 would cover the ten hours just charged.
        await clocks.set_prefs(UserPrefs(user, quiet_start=0, quiet_end=11 * 60))
        assert dict(await clocks.waiting(session))[seat] == pytest.approx(before)
        await clocks.set_prefs(
            UserPrefs(user, tz="Asia/Tokyo", quiet_start=9 * 60, quiet_end=20 * 60)
        )
        assert dict(await clocks.waiting(session))[seat] == pytest.approx(before)
    finally:
        await store.close()
