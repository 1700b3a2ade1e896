"""AI levels and hints through the fake Discord with the real client (issue 22 items 3-5)."""

from __future__ import annotations

import asyncio
import threading

import pytest

import table.service as service_module
from bench.bot_harness import Harness
from engine.levels import level_action_by_id


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
    assert "(hard)" in fake.message(lobby.id).text()
    session = await bot.service.in_channel(fake.channel_id)
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
