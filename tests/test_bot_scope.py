"""Issue 19 through the real bot and the fake Discord: who may read a finished game and where,
forged after-game clicks, replays that never slow a live game, /game status without a render,
/game history of a 5,000-input game off the event loop, and the input log's bound."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

import bot.discord_app.history as history_module
import bot.frontend.replay as replay_module
from bench.bot_harness import Harness
from bench.fakediscord import FakeMessage, FakeUser
from bot.frontend.after_game_worker import QUEUE_LIMIT, AfterGameWorker, Busy
from engine.core import Action
from engine.games.circus_maximus.state import BACK_ALLOWANCE
from engine.registry import GAMES
from table.backend import open_store
from table.export import load_export
from table.service import Session, TableService
from table.store import SNAPSHOT_EVERY
from tests.support.bot_games import play_to_the_end

GAME, SEED = "seven_hills", 2
NONE = ("no finished game here",)


async def finished_game(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> Session:
    session, _ = await play_to_the_end(harness, monkeypatch, GAME, SEED, 1)
    return session


async def private_answer(harness: Harness, user: FakeUser, record) -> FakeMessage:
    """The asker's reply once it is no longer "thinking" (replays and exports are deferred)."""
    fake = harness.fake
    message = record.response_message
    assert message is not None and message.ephemeral, message
    await fake.wait_for(lambda: not fake.message(message.id).loading, timeout=60)
    return fake.message(message.id)


async def test_replay_and_export_are_private_and_only_for_the_games_channel_or_players(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = await finished_game(harness, monkeypatch)
    fake = harness.fake
    alice, bob = fake.users[0], fake.add_user("bob")
    elsewhere = fake.add_channel("elsewhere")
    public_before = len(fake.channel_messages()), len(fake.channel_messages(elsewhere))
    unknown = finished.id + 100
    for command in ("replay", "export"):
        for game_id in (finished.id, unknown):  # a stranger elsewhere: as if it did not exist
            record = await fake.slash(
                bob, "game", [command], {"game_id": game_id}, channel_id=elsewhere
            )
            assert "no finished game" in record.response_message.text()
            assert record.response_message.ephemeral
    record = await fake.slash(bob, "game", ["export"], {})  # in the game's own channel: yes
    assert (await private_answer(harness, bob, record)).attachments
    for command in ("replay", "export"):  # a player, from another channel: privately
        options = {"game_id": finished.id}
        record = await fake.slash(alice, "game", [command], options, channel_id=elsewhere)
        answer = await private_answer(harness, alice, record)
        (file,) = answer.attachments
        if command == "export":
            assert load_export(file.data).names == finished.names
    await harness.settle()
    assert (len(fake.channel_messages()), len(fake.channel_messages(elsewhere))) == public_before

    fake.hide_channel(fake.channel_id, alice)  # alice can no longer view the game's channel
    replies = []
    for game_id in (finished.id, unknown):
        record = await fake.slash(
            alice, "game", ["replay"], {"game_id": game_id}, channel_id=elsewhere
        )
        replies.append(record.response_message.text())
    assert replies[0] == replies[1] and "no finished game" in replies[0], replies


def refused_politely(text: str) -> bool:
    return text.startswith("✗") and "Something went wrong" not in text


def _move_session(database: str, session_id: int, guild_id: int) -> None:
    with sqlite3.connect(database, timeout=30) as db:
        db.execute("UPDATE sessions SET guild_id=? WHERE id=?", (guild_id, session_id))


async def test_forged_after_game_clicks_are_refused_and_change_nothing(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.ERROR)
    finished = await finished_game(harness, monkeypatch)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    alice, mallory = fake.users[0], fake.add_user("mallory")
    elsewhere = fake.add_channel("elsewhere")
    final = harness.board()
    rematch = harness.custom_id(final, ":rematch:go")
    sid = finished.id
    record = await fake.slash(alice, "game", ["replay"], {})
    await fake.wait_for(lambda: not fake.message(record.response_message.id).loading, 60)
    strip = fake.message(record.response_message.id)
    jump = harness.custom_id(strip, ":replay:j")

    async def forge(user: FakeUser, message: FakeMessage, data: dict, channel: int | None = None):
        interaction = fake._new_interaction(user, 3, channel or message.channel_id, message)
        await fake._send(interaction, data, None, True, None)
        await harness.settle()
        return harness.last_ephemeral(user)

    button = {"component_type": 2}
    for user, message, data, channel in (
        (mallory, final, {"custom_id": f"f:{sid}:replay:next:0", **button}, None),  # not offered
        (mallory, final, {"custom_id": rematch, **button}, elsewhere),  # from another channel
        (alice, strip, {"custom_id": jump, "component_type": 3, "values": ["x"]}, None),
        (alice, strip, {"custom_id": jump, "component_type": 3, "values": ["²"]}, None),
        (alice, strip, {"custom_id": jump, "component_type": 3, "values": []}, None),
    ):
        reply = await forge(user, message, data, channel)
        assert refused_politely(reply), (data, reply)
    # The game is another server's now. Written from a thread: the bot may be between the
    # statements of a write of its own, which only the event loop can finish (a write from the
    # loop's thread waited it out and failed with "database is locked" in one CI run).
    await asyncio.to_thread(_move_session, harness.config.database, sid, fake.guild_id + 1)
    assert refused_politely(await forge(mallory, final, {"custom_id": rematch, **button}))
    record = await fake.click(alice, strip, harness.custom_id(strip, ":replay:next:0"))
    await harness.settle()
    assert "game is over or no longer exists" in harness.last_ephemeral(alice)
    assert await bot.service.in_channel(fake.channel_id) is None  # no lobby was opened
    assert await bot.service.in_channel(elsewhere) is None
    assert "Traceback" not in caplog.text and "interaction failed" not in caplog.text


async def test_a_live_board_is_published_while_ten_replays_wait(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Replays are held in their encoder until the live game has moved and shown its board:
    with replays in the live boards' pool, the board would wait for them. The live boards get
    two workers, as on the two-core host (the tests' bots draw in the loop's threads)."""
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(2))
    finished = await finished_game(harness, monkeypatch)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    alice = fake.users[0]
    bob, carol = fake.add_user("bob"), fake.add_user("carol")
    live = fake.add_channel("live")
    gate, held = threading.Event(), threading.Semaphore(0)
    original = replay_module.animate

    def held_encode(*args, **kwargs):
        held.release()
        gate.wait(60)
        return original(*args, **kwargs)

    monkeypatch.setattr("bot.frontend.replay.animate", held_encode)
    await fake.slash(bob, "game", ["new"], {"game": "imperium"}, channel_id=live)
    lobby = fake.channel_messages(live)[-1]
    await fake.click(carol, lobby, harness.custom_id(lobby, ":lobby:join"))
    await fake.click(bob, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()
    game = await bot.service.in_channel(live)
    try:
        records = [
            await fake.slash(alice, "game", ["replay"], {"game_id": finished.id}, wait=True)
            for _ in range(10)
        ]
        await asyncio.to_thread(held.acquire, True, 60)  # a replay is in its encoder
        renders = bot.play.renders
        await harness.choose(bob, "r1.select", [0, 0, 0])
        await harness.choose(carol, "r1.select", [8, 8, 8])
        await fake.wait_for(lambda: bot.play.renders > renders and game.seq == 2, timeout=20)
        assert not gate.is_set() and bot.after_game.queued >= 1  # replays still wait
    finally:
        gate.set()
    for record in records:
        answer = await private_answer(harness, alice, record)
        assert answer.attachments, answer.text()
    assert bot.after_game.jobs == 1, "a finished game's replay is made once"


async def test_the_after_game_queue_is_bounded() -> None:
    gate = threading.Event()
    worker = AfterGameWorker(ThreadPoolExecutor(1))
    try:
        waiting = [asyncio.ensure_future(worker.run(gate.wait, 30)) for _ in range(QUEUE_LIMIT)]
        await asyncio.sleep(0)
        with pytest.raises(Busy):
            await worker.run(gate.wait, 30)
        gate.set()
        assert await asyncio.gather(*waiting) == [True] * QUEUE_LIMIT
        assert worker.queued == 0 and await worker.run(gate.wait, 1)
    finally:
        gate.set()
        worker.shutdown()


async def test_a_busy_refusal_costs_no_cooldown(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 row 8: "busy, try again" is the bot's refusal, so the member may try again at
    once; a replay that was made starts the cooldown as before."""
    finished = await finished_game(harness, monkeypatch)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    admin = fake.add_user("admin", manage_guild=True)
    setting = {"key": "cooldown_replay", "value": "60"}
    await fake.slash(admin, "game", ["settings", "set"], setting)
    alice = fake.users[0]
    made = bot.after_game.animation

    async def busy(*args: object) -> object:
        raise Busy

    monkeypatch.setattr(bot.after_game, "animation", busy)
    ask = {"game_id": finished.id}
    answer = await private_answer(harness, alice, await fake.slash(alice, "game", ["replay"], ask))
    assert "busy" in answer.text().lower(), answer.text()
    monkeypatch.setattr(bot.after_game, "animation", made)
    answer = await private_answer(harness, alice, await fake.slash(alice, "game", ["replay"], ask))
    assert answer.attachments, answer.text()
    record = await fake.slash(alice, "game", ["replay"], ask)
    assert "wait" in record.response_message.text().lower(), record.response_message.text()


async def test_status_posts_the_board_anew_without_drawing_it(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    mallory = fake.add_user("mallory")
    bot = await harness.start()
    await harness.open_table(users)
    old_board, renders = harness.board(), bot.play.renders
    for _ in range(3):
        record = await fake.slash(mallory, "game", ["status"])
        assert record.response_message.ephemeral
        await harness.settle()
    board = harness.board()
    assert board.id != old_board.id and fake.message(old_board.id).deleted
    assert board.png() is not None and board.png().data == old_board.png().data
    assert bot.play.renders == renders, "the board was drawn again"


async def long_game(harness: Harness, inputs: int) -> Session:
    """A Circus Maximus game of four in the fake's channel whose log holds `inputs` inputs,
    all legal: after placing, a player picks a card, then "other card" as often as a chariot's
    turn allows, then burns it. The log is written in one go, as that many clicks would have
    left it."""
    fake, database = harness.fake, harness.config.database
    alice, *others = (fake.add_user(name) for name in ("alice", "bob", "carol", "dave"))
    store = await open_store(database)
    try:
        service = TableService(store)
        session = await service.open(
            channel_id=fake.channel_id,
            guild_id=fake.guild_id,
            game_id="circus_maximus",
            options={},
            host_id=alice.id,
            host_name="alice",
        )
        for other in others:
            await service.join(session, other.id, other.name)
        await service.start(session, alice.id)
        rows, snapshots = [], []
        for seq in range(1, inputs + 1):
            prompt = session.pending()[0]
            seat = prompt.seats[0]
            if prompt.move == "place":
                action = service.ai_action(session, seat, prompt)
            elif prompt.move == "card":
                card = next(c.value for c in prompt.fields[0].options if type(c.value) is int)
                action = Action(seat=seat, move="card", args={"card": card})
            else:
                to = "back" if session.live().backs < BACK_ALLOWANCE else "burn"
                action = Action(seat=seat, move="drive", args={"to": to})
            session.state, _ = session.game.apply(session.live(), action)
            session.seq = seq
            args = json.dumps(action.args, sort_keys=True, separators=(",", ":"))
            rows.append((session.id, seq, seat, action.move, args, prompt.key, 0.0))
            if seq % SNAPSHOT_EVERY == 0:
                snapshots.append((session.id, seq, session.live().model_dump_json()))
    finally:
        await store.close()
    with sqlite3.connect(database) as db:
        db.executemany("INSERT INTO inputs VALUES (?,?,?,?,?,?,?)", rows)
        db.executemany("INSERT INTO snapshots VALUES (?,?,?)", snapshots)
    return session


class Ticker:
    """The event loop's longest step, measured from inside: a task wakes every millisecond
    and notes how much CPU time the loop's thread spent since it last ran. CPU time, not wall
    time, so other processes on a loaded machine do not count; a step that computes on the
    loop (a whole log replayed) counts in full. Wall time is noted too, for the record."""

    def __init__(self) -> None:
        self.longest_cpu = self.longest_wall = 0.0
        self.steps = 0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            cpu, wall = time.thread_time(), time.perf_counter()
            await asyncio.sleep(0.001)
            self.longest_cpu = max(self.longest_cpu, time.thread_time() - cpu)
            self.longest_wall = max(self.longest_wall, time.perf_counter() - wall)
            self.steps += 1

    def __enter__(self) -> Ticker:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()


INPUTS = 5_000
LOOP_STEP_LIMIT = 0.050


async def test_history_of_a_5000_input_game_never_holds_the_loop_50_ms(harness: Harness) -> None:
    session = await long_game(harness, INPUTS)
    fake = harness.fake
    bob = fake.users[1]
    bot = await harness.start()
    await harness.settle()
    assert (await bot.service.in_channel(fake.channel_id)).seq == INPUTS
    with Ticker() as ticker:
        for _ in range(2):  # the first replays the log, the second reuses it
            record = await fake.slash(bob, "game", ["history"])
            history = record.response_message.text()
            assert "History (1/" in history and "chariot" in history, history
        await harness.settle()
    print(
        f"history of {INPUTS} inputs: longest loop step {ticker.longest_cpu * 1000:.1f} ms CPU,"
        f" {ticker.longest_wall * 1000:.1f} ms wall, over {ticker.steps} steps"
    )
    assert ticker.steps > 10
    assert ticker.longest_cpu < LOOP_STEP_LIMIT, ticker.longest_cpu
    assert session.id == (await bot.service.in_channel(fake.channel_id)).id


async def test_history_keeps_public_events_within_a_byte_budget_spilling_to_the_database(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 row 6: past the budget, a game's public events go to the database in chunks
    and its pages are read back from there, the same events in the same order."""
    monkeypatch.setattr(history_module, "KEPT_BYTES", 4_000)
    monkeypatch.setattr(history_module, "CHUNK", 30)
    session = await long_game(harness, 3_000)
    bot = await harness.start()
    bob = harness.fake.users[1]
    record = await harness.fake.slash(bob, "game", ["history"])
    assert "History (1/" in record.response_message.text()
    session = await bot.service.in_channel(harness.fake.channel_id)
    replayed = await bot.service.replay_after(session, None)
    expected = [(r.seq, e) for r, events in replayed.steps for e in events if e.to is None]
    pages = bot.router.history_pages
    assert await pages.count(bot.service, session) == len(expected) > 4 * history_module.CHUNK
    for start in (0, 15, history_module.CHUNK - 5, len(expected) // 2, len(expected) - 15):
        got = await pages.lines(bot.service, session, start, start + 15)
        assert got == expected[start : start + 15], start
    tail = history_module.CHUNK * max(len(e.model_dump_json()) for _, e in expected)
    assert pages.kept_bytes() <= 4_000 + tail
    with sqlite3.connect(harness.config.database) as db:
        (chunks,) = db.execute("SELECT COUNT(*) FROM history_chunks").fetchone()
    assert chunks >= len(expected) // history_module.CHUNK - 1, chunks
    await harness.stop()


async def test_the_input_log_bound_aborts_the_game_with_a_notice(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(GAMES["imperium"]), "input_limit", lambda self: 1)
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    chooser = harness.chooser_for(users[1], "r1.select")
    await harness.choose(users[0], "r1.select", [0, 0, 0])
    await harness.settle()
    assert session.status == "aborted"
    texts = [m.text() for m in fake.channel_messages()]
    assert any("reached the limit of 1 inputs and was aborted" in t for t in texts), texts
    assert "aborted" in harness.board().text() and not harness.board().all_custom_ids()
    with sqlite3.connect(harness.config.database) as db:
        (status,) = db.execute("SELECT status FROM sessions WHERE id=?", (session.id,)).fetchone()
        (count,) = db.execute(
            "SELECT COUNT(*) FROM inputs WHERE session_id=?", (session.id,)
        ).fetchone()
    assert (status, count) == ("aborted", 1)
    option = harness.custom_id(fake.message(chooser.id), ":r1.select:v:8")
    await fake.click(users[1], fake.message(chooser.id), option)
    assert "game is over or no longer exists" in harness.last_ephemeral(users[1])
    await fake.slash(users[0], "game", ["new"], {"game": "imperium"})  # the channel is free
    assert ":lobby:join" in " ".join(harness.board().all_custom_ids())


def test_fleet_attachment_values_go_through_the_strict_parser() -> None:
    from bot.discord_app.chooser import fleet_input
    from bot.discord_app.custom_id import MalformedId
    from bot.frontend.drafts import Draft, pick
    from tests.support.fleet import fleet_prompt

    prompt, draft = fleet_prompt(), Draft()
    pick(prompt, draft, 0)
    for arg, values in (("0", ["²"]), ("0", ["x"]), ("0", [7])):
        with pytest.raises(MalformedId):
            fleet_input(prompt, draft, "a", arg, values)
    assert draft.values["fleet"] == [["S1"]], "a refused click changes nothing"
