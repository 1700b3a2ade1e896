"""AI levels and hints through the fake Discord with the real client (issue 22 items 3-5)."""

from __future__ import annotations

import asyncio
import functools
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import table.service as service_module
from bench.bot_harness import RELAXED, Harness
from bench.fakediscord import FakeDiscord, FakeUser
from bot.frontend import hint_search
from engine.core import Action
from engine.i18n import style_name
from engine.levels import hint_by_id, level_action_by_id
from table.ratings import finish_statements, player_of, ratings


async def test_a_hard_ai_added_from_the_lobby_is_stored_as_hard_and_survives_a_restart(
    harness: Harness,
) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "caesar"})
    lobby = harness.board()
    level = harness.custom_id(lobby, ":lobby:lvl")
    denied = await fake.select(bob, lobby, level, ["hard"])  # only the host picks the level
    assert "host" in denied.response_message.text()
    await fake.select(alice, lobby, level, ["hard"])
    lobby = fake.message(lobby.id)
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:ai:hard"))
    session = await bot.service.in_channel(fake.channel_id)
    style = style_name(session.row.seats[-1].style, "en")  # its own style, by name (item 20)
    assert f"(hard, {style})" in fake.message(lobby.id).text()
    forged = await harness.forge_click(
        alice, fake.message(lobby.id), f"f:{session.id}:lobby:ai:easy"
    )
    assert "does not offer" in forged.response_message.text()
    assert [s.level for s in session.row.seats if s.ai] == ["hard"]
    await harness.kill()
    bot = await harness.start()
    session = await bot.service.get(session.id)
    assert [s.level for s in session.row.seats if s.ai] == ["hard"]
    await harness.stop()


async def test_a_searching_hard_ai_shows_thinking_and_clicks_are_still_answered(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    entered, release = threading.Event(), threading.Event()

    def slow_search(*args: object) -> object:
        entered.set()
        release.wait(20)
        return level_action_by_id(*args)

    monkeypatch.setattr(service_module, "level_action_by_id", slow_search)
    bot = await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "caesar"})
    lobby = harness.board()
    await fake.select(alice, lobby, harness.custom_id(lobby, ":lobby:lvl"), ["hard"])
    lobby = fake.message(lobby.id)
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:ai:hard"))
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:start"))
    session = await bot.service.in_channel(fake.channel_id)
    if 0 in session.pending()[0].seats:  # alice opens: her move, then the AI's turn
        prompt = session.pending()[0]
        action = bot.service.ai_action(session, 0, prompt)
        result = await bot.service.submit(session, 0, action.move, action.args, prompt.key)
        bot.play.changed(session, result.events)
    await asyncio.to_thread(entered.wait, 20)
    await fake.settle(quiet=0.05)
    assert "thinking…" in harness.board().text()
    record = await fake.slash(alice, "game", ["status"])
    assert record.response_message is not None  # answered while the search runs
    release.set()
    await harness.settle()
    assert "thinking…" not in harness.board().text()
    await harness.stop()


async def _imperium_for_two(harness: Harness) -> tuple[FakeUser, FakeUser]:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    await harness.open_table([alice, bob], game="imperium")
    return alice, bob


async def test_a_hint_is_ephemeral_to_the_asker_legal_and_leaves_only_the_asker_unrated(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    given: list[Action] = []
    searched = threading.Event()

    def spied(*args: object) -> tuple[Action, float | None]:
        action, share = hint_by_id(*args)  # type: ignore[arg-type]
        given.append(action)
        searched.set()
        return action, share

    monkeypatch.setattr(hint_search, "hint_by_id", spied)
    alice, bob = await _imperium_for_two(harness)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    chooser = harness.chooser_for(alice, "hint")
    channel_before = [m.text() for m in fake.channel_messages()]
    record = await fake.click(alice, chooser, harness.custom_id(chooser, ":hint:ask"))
    await asyncio.to_thread(searched.wait, 60)  # the search runs in the AI pool
    await fake.wait_for(lambda: any("Hint:" in m.text() for m in fake.ephemerals(alice)))
    answers = [m for m in fake.ephemerals(alice) if "Hint:" in m.text()]
    assert record.response_type == 5 and record.response_message.ephemeral_for == alice.id
    assert answers and all(m.ephemeral_for == alice.id for m in answers)
    assert not any("Hint:" in m.text() for m in fake.channel_messages() + fake.dms(bob))
    assert [m.text() for m in fake.channel_messages()] == channel_before
    session = await bot.service.in_channel(fake.channel_id)
    (action,) = given
    assert action.seat == 0
    session.game.apply(session.live(), action)  # legal: raises IllegalInput otherwise
    assert session.row.meta.hinted is True and session.row.meta.hinted_seats == (0,)
    while session.outcome() is None:  # play it out: results, and only bob rated
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        move = bot.service.ai_action(session, seat, prompt)
        await bot.service.submit(session, seat, move.move, move.args, prompt.key)
    outcome = session.outcome()
    assert outcome is not None
    players = [player_of(seat) for seat in session.row.seats]
    rated = await ratings(bot.service.store, session.row.guild_id or 0, "imperium", players)
    assert set(rated) == {players[1]}, "alice asked for the hint: only she is not rated"
    session.row.meta = session.row.meta.updated(hinted_seats=())  # without a hint: both rated
    unhinted = await finish_statements(bot.service.store, session.row, session.game, outcome)
    assert sum("INTO ratings" in statement for statement, _ in unhinted) == 2
    await harness.stop()


def _hints_shown(fake: FakeDiscord, user: FakeUser, count: int) -> bool:
    return sum("Hint:" in m.text() for m in fake.ephemerals(user)) >= count


async def test_ten_hint_clicks_in_one_position_run_one_search_and_a_new_one_waits(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 row 3: an unchanged position is answered from the cache (no search, no
    cooldown); a new position's hint waits for the server's hint cooldown."""
    searches: list[int] = []

    def counted(*args: object) -> tuple[Action, float | None]:
        searches.append(1)
        return hint_by_id(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hint_search, "hint_by_id", counted)
    harness.server = {**RELAXED, "cooldown_hint": 60}
    alice, bob = await _imperium_for_two(harness)
    fake = harness.fake
    chooser = harness.chooser_for(alice, "hint")
    for click in range(1, 11):
        await fake.click(alice, chooser, harness.custom_id(chooser, ":hint:ask"))
        answered = functools.partial(_hints_shown, fake, alice, click)
        await fake.wait_for(answered, timeout=60)
    assert len(searches) == 1, f"{len(searches)} searches for one position"
    await harness.choose(bob, "r1.select", [0, 0, 0])  # bob's input: a new position for alice
    chooser = harness.chooser_for(alice, "hint")
    record = await fake.click(alice, chooser, harness.custom_id(chooser, ":hint:ask"))
    assert "try again in" in record.response_message.text(), record.response_message.text()
    assert len(searches) == 1
    await harness.stop()


async def test_the_hard_ai_seats_a_member_puts_into_play_are_limited(harness: Harness) -> None:
    """Issue 30 row 3: each hard AI seat searches for every move; a member may have at most
    `hard_ai_seats` of them in the lobbies and games they host on a server."""
    harness.server = {**RELAXED, "hard_ai_seats": 2}
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    games = [fake.channel_id, fake.add_channel("second")]
    for channel in games:
        await fake.slash(alice, "game", ["new"], {"game": "konsul"}, channel_id=channel)
    first, second = (fake.channel_messages(c)[-1] for c in games)
    await fake.select(alice, first, harness.custom_id(first, ":lobby:lvl"), ["hard"])
    first = fake.message(first.id)
    for _ in range(2):
        await fake.click(alice, first, harness.custom_id(first, ":lobby:ai:hard"))
        first = fake.message(first.id)
    assert fake.message(first.id).text().count("(hard, ") == 2
    await fake.select(alice, second, harness.custom_id(second, ":lobby:lvl"), ["hard"])
    second = fake.message(second.id)
    refused = await fake.click(alice, second, harness.custom_id(second, ":lobby:ai:hard"))
    assert refused.response_message.text().startswith("Hard AI seats in the games you host"), (
        refused.response_message.text()
    )
    assert "(hard, " not in fake.message(second.id).text()
    await fake.select(alice, second, harness.custom_id(second, ":lobby:lvl"), ["normal"])
    second = fake.message(second.id)
    await fake.click(alice, second, harness.custom_id(second, ":lobby:ai:normal"))
    assert "AI" in fake.message(second.id).text()  # a normal AI is still welcome
    admin = fake.add_user("admin", manage_guild=True)
    limit = {"key": "hard_ai_seats", "value": "1"}
    await fake.slash(admin, "game", ["settings", "set"], limit)  # as if a rematch copied two
    refused = await fake.click(alice, first, harness.custom_id(first, ":lobby:start"))
    assert refused.response_message.text().startswith("Hard AI seats in the games you host")
    assert (await harness.bot.service.in_channel(fake.channel_id)).status == "lobby"
    other = fake.add_channel("bob's")
    await fake.slash(bob, "game", ["new"], {"game": "konsul"}, channel_id=other)
    theirs = fake.channel_messages(other)[-1]
    await fake.select(bob, theirs, harness.custom_id(theirs, ":lobby:lvl"), ["hard"])
    theirs = fake.message(theirs.id)
    await fake.click(bob, theirs, harness.custom_id(theirs, ":lobby:ai:hard"))
    assert "(hard, " in fake.message(theirs.id).text(), "another member's limit is their own"
    await harness.stop()


async def test_a_server_with_hints_off_offers_no_hint(harness: Harness) -> None:
    harness.server = {**RELAXED, "hints": False}
    alice, _ = await _imperium_for_two(harness)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    chooser = max(fake.dms(alice), key=lambda m: m.id)
    assert "Choose" in chooser.text() or chooser.all_custom_ids()  # her private chooser
    assert not any(":hint:" in i for i in chooser.all_custom_ids())
    session = await bot.service.in_channel(fake.channel_id)
    forged = await harness.forge_click(alice, chooser, f"f:{session.id}:hint:ask")
    assert "does not offer" in forged.response_message.text()
    assert session.row.meta.hinted is False
    await harness.stop()


async def test_the_final_board_of_a_hinted_game_says_it_is_not_rated(harness: Harness) -> None:
    alice, _ = await _imperium_for_two(harness)
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    chooser = harness.chooser_for(alice, "hint")
    await fake.click(alice, chooser, harness.custom_id(chooser, ":hint:ask"))
    await fake.wait_for(lambda: any("Hint:" in m.text() for m in fake.ephemerals(alice)))
    session = await bot.service.in_channel(fake.channel_id)
    while session.outcome() is None:
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        move = bot.service.ai_action(session, seat, prompt)
        result = await bot.service.submit(session, seat, move.move, move.args, prompt.key)
    bot.play.changed(session, result.events)
    await harness.settle()
    board = harness.board().text()
    assert "Game over!" in board
    lines = board.splitlines()  # the note closes the results, above the seats and events
    note = lines.index(
        "💡 Hints were used in this game: the players who asked for them are not rated for it."
    )
    assert re.match(r"\d+\. ", lines[note - 1]), (
        board
    )  # the last result line (a tie ranks 1. twice)
    await harness.stop()


async def _imperium_in(harness: Harness, channel: int, host: FakeUser, guest: FakeUser) -> None:
    fake = harness.fake
    await fake.slash(host, "game", ["new"], {"game": "imperium"}, channel_id=channel)
    lobby = fake.channel_messages(channel)[-1]
    await fake.click(guest, lobby, harness.custom_id(lobby, ":lobby:join"))
    await fake.click(host, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()


async def test_a_live_board_is_shown_while_three_other_games_search_hints(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 row 2: hints search in their own worker, never the live boards' pool. Three
    other games' members click Hint and their searches are held; a live game's board is still
    drawn and shown. The live boards get two workers, as on the two-core host."""
    asyncio.get_running_loop().set_default_executor(ThreadPoolExecutor(2))
    gate, held, threads = threading.Event(), threading.Semaphore(0), []

    def held_search(*args: object) -> tuple[Action, float | None]:
        threads.append(threading.current_thread().name)
        held.release()
        gate.wait(60)
        return hint_by_id(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hint_search, "hint_by_id", held_search)
    fake = harness.fake
    bot = await harness.start()
    askers = []
    for number in range(3):
        asker, other = fake.add_user(f"asker{number}"), fake.add_user(f"other{number}")
        await _imperium_in(harness, fake.add_channel(f"hinting{number}"), asker, other)
        askers.append(asker)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    live = fake.add_channel("live")
    await _imperium_in(harness, live, alice, bob)
    try:
        for asker in askers:
            chooser = harness.chooser_for(asker, "hint")
            await fake.click(asker, chooser, harness.custom_id(chooser, ":hint:ask"))
        await asyncio.to_thread(held.acquire, True, 60)  # a hint search is running
        game = await bot.service.in_channel(live)
        renders = bot.play.renders
        await harness.choose(alice, "r1.select", [0, 0, 0])
        await harness.choose(bob, "r1.select", [8, 8, 8])
        await fake.wait_for(lambda: bot.play.renders > renders and game.seq == 2, timeout=20)
        assert not gate.is_set() and bot.hints.queued >= 1  # the hints still search
        busy = [m.text() for a in askers for m in fake.ephemerals(a) if "busy" in m.text()]
        assert len(busy) <= 1, busy  # at most HINT_QUEUE searches wait; the third is told
    finally:
        gate.set()
    assert threads and all(name.startswith("hints") for name in threads), threads
    await harness.stop()


async def test_a_hint_left_thinking_by_a_killed_bot_is_answered_after_the_restart(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33 item 17: the deferred "thinking…" reply of a hint whose search died with the
    process (SIGKILL) is answered after the restart, saying to ask again."""
    entered, release = threading.Event(), threading.Event()

    def stuck(*args: object) -> tuple[Action, float | None]:
        entered.set()
        release.wait(30)
        return hint_by_id(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(hint_search, "hint_by_id", stuck)
    alice, _ = await _imperium_for_two(harness)
    fake = harness.fake
    chooser = harness.chooser_for(alice, "hint")
    record = await fake.click(alice, chooser, harness.custom_id(chooser, ":hint:ask"))
    await asyncio.to_thread(entered.wait, 30)
    assert record.response_type == 5 and record.response_message.loading  # "thinking…"
    await harness.kill()
    release.set()
    await harness.start()
    await harness.settle()
    await fake.wait_for(lambda: not record.response_message.loading)
    assert "restarted before your hint was ready" in record.response_message.text()
    session = await harness.bot.service.in_channel(fake.channel_id)
    assert session.row.meta.hint_waits == ()  # answered once, then forgotten
    await harness.stop()
