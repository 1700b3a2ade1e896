"""AI levels and hints through the fake Discord with the real client (issue 22 items 3-5)."""

from __future__ import annotations

import asyncio
import threading

import pytest

import table.service as service_module
from bench.bot_harness import RELAXED, Harness
from bench.fakediscord import FakeUser
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
    style = style_name(session.row.seats[-1]["style"], "en")  # its own style, by name (item 20)
    assert f"(hard, {style})" in fake.message(lobby.id).text()
    forged = await harness.forge_click(
        alice, fake.message(lobby.id), f"f:{session.id}:lobby:ai:easy"
    )
    assert "does not offer" in forged.response_message.text()
    assert [s.get("level") for s in session.row.seats if s["ai"]] == ["hard"]
    await harness.kill()
    bot = await harness.start()
    session = await bot.service.get(session.id)
    assert [s.get("level") for s in session.row.seats if s["ai"]] == ["hard"]
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


async def test_a_hint_is_ephemeral_to_the_asker_legal_and_leaves_the_game_unrated(
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
    assert session.row.meta.get("hinted") is True
    while session.outcome() is None:  # play it out: results, but no rating
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        move = bot.service.ai_action(session, seat, prompt)
        await bot.service.submit(session, seat, move.move, move.args, prompt.key)
    outcome = session.outcome()
    assert outcome is not None
    players = [player_of(seat) for seat in session.row.seats]
    assert await ratings(bot.service.store, session.row.guild_id or 0, "imperium", players) == {}
    session.row.meta["hinted"] = False  # the same game without a hint would have been rated
    unhinted = await finish_statements(bot.service.store, session.row, session.game, outcome)
    assert any("INTO ratings" in statement for statement, _ in unhinted)
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
    assert "hinted" not in session.row.meta
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
    assert board.endswith("💡 Hints were used in this game: it is not rated.")
    await harness.stop()
