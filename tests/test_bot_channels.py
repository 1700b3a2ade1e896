"""End to end: which language a channel reads, games in threads, a quiet start-up.

The channel (messages and board image) speaks the server's language, remembered when the game
opens; what one user reads alone (DMs, ephemeral replies) speaks that user's language.
"""

from __future__ import annotations

import logging
from pathlib import Path

import discord
import pytest

import bot.frontend.board_image
from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord, FakeMessage
from bot.discord_app.client import ForumBot
from bot.frontend.config import Config

JA_LOBBY = "インペリウム（帝国） — 参加受付中"


def record_render_locales(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    locales: list[str] = []
    original = bot.frontend.board_image.render_png

    def recording(game, view, names, locale, *args, **kwargs):
        locales.append(locale)
        return original(game, view, names, locale, *args, **kwargs)

    monkeypatch.setattr(bot.frontend.board_image, "render_png", recording)
    return locales


def messages_with_png(fake: FakeDiscord, channel_id: int) -> list[FakeMessage]:
    return [m for m in fake.channel_messages(channel_id) if m.png() is not None]


async def start_against_ais(harness: Harness, user, channel_id: int, ais: int = 2) -> None:
    lobby = next(
        m for m in harness.fake.channel_messages(channel_id) if ":lobby:" in str(m.all_custom_ids())
    )
    for _ in range(ais):
        await harness.fake.click(user, lobby, harness.custom_id(lobby, ":lobby:ai:normal"))
    await harness.fake.click(user, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()


@pytest.mark.parametrize(
    "guild_locale, default, channel_says, board_locale",
    [
        ("en-US", "ja", "Imperium — lobby", "en"),  # an English server, a Japanese default
        ("ja", "en", JA_LOBBY, "ja"),  # a Japanese server, an English host
        (None, "ja", JA_LOBBY, "ja"),  # Discord gave none: the default
    ],
)
async def test_the_channel_speaks_the_servers_language_and_dms_the_users(
    fake: FakeDiscord,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    guild_locale: str | None,
    default: str,
    channel_says: str,
    board_locale: str,
) -> None:
    locales = record_render_locales(monkeypatch)
    fake.store.guild_locale = guild_locale
    harness = Harness(fake, tmp_path / "forum.sqlite3", default_locale=default)
    alice = fake.add_user("alice", locale="ja")
    bob = fake.add_user("bob", locale="en-US")
    try:
        await harness.start()
        await fake.slash(bob, "game", ["new"], {"game": "imperium"})
        assert channel_says in harness.board().text()
        fake.store.guild_locale = "ja" if guild_locale == "en-US" else "en-US"  # remembered
        lobby = harness.board()
        await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:join"))
        assert channel_says in harness.board().text()
        await fake.click(bob, lobby, harness.custom_id(lobby, ":lobby:ai:normal"))
        ai_name = "CPU1" if board_locale == "ja" else "AI 1"  # named in the table's language
        assert ai_name in harness.board().text(), harness.board().text()
        await fake.click(bob, lobby, harness.custom_id(lobby, ":lobby:start"))
        await harness.settle()
        assert locales and set(locales) == {board_locale}
        assert "インペリウム" in harness.chooser_for(alice, "r1.select").text()
        assert "Imperium" in harness.chooser_for(bob, "r1.select").text()
        await harness.choose(alice, "r1.select", [0, 0, 0])
        await harness.choose(bob, "r1.select", [1, 1, 1])
        board = harness.board().text()
        revealed = "カードが公開" if board_locale == "ja" else "the cards are revealed"
        assert revealed in board, board
    finally:
        await harness.stop()


async def test_game_new_works_inside_a_thread(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    thread = fake.add_thread("games", alice)
    await harness.settle()
    await fake.slash(alice, "game", ["new"], {"game": "imperium"}, channel_id=thread)
    await start_against_ais(harness, alice, thread)
    assert messages_with_png(fake, thread), "no board in the thread"
    await harness.choose(alice, "r1.select", [0, 0, 0])
    assert "Round 1: the cards are revealed" in messages_with_png(fake, thread)[-1].text()
    assert not messages_with_png(fake, fake.channel_id)
    assert not fake.server_errors and not fake.unknown_routes


async def test_game_new_can_open_the_game_in_a_new_thread(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob", locale="ja")
    await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "imperium", "thread": True})
    await harness.settle()
    (thread,) = fake.threads()
    notice = fake.channel_messages()[-1].text()
    assert f"<#{thread}>" in notice and "Imperium" in notice
    assert fake.store.channels[thread].name == "Imperium · alice"
    await start_against_ais(harness, alice, thread)
    await harness.choose(alice, "r1.select", [0, 0, 0])
    assert "Round 1: the cards are revealed" in messages_with_png(fake, thread)[-1].text()
    # a second game at the same time, from the same channel, in a second thread
    await fake.slash(bob, "game", ["new"], {"game": "caesar", "thread": True})
    await harness.settle()
    assert len(fake.threads()) == 2
    assert not fake.server_errors and not fake.unknown_routes


async def test_a_thread_the_bot_may_not_create_is_a_clear_refusal(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    fake.store.bot_can_create_threads = False
    await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "imperium", "thread": True})
    assert "Create Public Threads" in harness.last_ephemeral(alice)
    assert fake.threads() == [] and fake.channel_messages() == []
    await fake.slash(alice, "game", ["new"], {"game": "imperium"})  # the channel is still free
    assert "Imperium — lobby" in harness.board().text()


async def test_no_voice_warning_at_start(caplog: pytest.LogCaptureFixture) -> None:
    discord.VoiceClient.warn_nacl = True  # as in a fresh process without PyNaCl
    with caplog.at_level(logging.WARNING):
        client = ForumBot(Config())
    await client.close()
    assert "PyNaCl" not in caplog.text and "voice" not in caplog.text
