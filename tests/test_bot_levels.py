"""AI levels and hints through the fake Discord with the real client (issue 22 items 3-5)."""

from __future__ import annotations

from bench.bot_harness import Harness


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
