"""After the game, through the fake Discord: Rematch, /game stats, /game leaderboard,
/game replay (its strip of boards) and /game export, in English and Japanese."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bench.bot_harness import Harness
from bench.fakediscord import FakeMessage, FakeUser
from table.export import load_export, replay_export
from tests.support.bot_games import play_to_the_end

GAME, SEED = "seven_hills", 2


async def rendered(harness: Harness, user: FakeUser) -> FakeMessage:
    """The user's latest private message once it is no longer "thinking" (a replay takes a
    while); a replay is shown to the asker alone."""
    for _ in range(600):
        await harness.settle()
        latest = harness.fake.ephemerals(user)[-1]
        if not latest.loading and latest.attachments:
            return latest
        await asyncio.sleep(0.05)
    raise AssertionError("the replay never arrived")


async def test_rematch_opens_a_rotated_lobby_that_anyone_joins_and_the_host_starts(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished, _ = await play_to_the_end(harness, monkeypatch, "senator", 3, 1)  # up to 3 seats
    fake, bot = harness.fake, harness.bot
    assert bot is not None
    alice = fake.users[0]
    bob = fake.add_user("bob")
    final = harness.board()
    rematch = harness.custom_id(final, ":rematch:go")
    await fake.click(bob, final, rematch)
    await harness.settle()
    lobby = harness.board()
    assert "Rematch!" in lobby.text() and ":lobby:start" in " ".join(lobby.all_custom_ids())
    await fake.click(alice, final, rematch)
    assert "already in the rematch" in harness.last_ephemeral(alice)
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None and session.id != finished.id
    assert session.row.meta.rematch_of == finished.id
    assert session.names == [*finished.names[1:], finished.names[0], "bob"]
    assert session.row.options == finished.row.options
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()
    assert session.status == "active" and session.row.host_id == alice.id
    assert session.row.seed != finished.row.seed


async def test_stats_leaderboard_replay_and_export_in_both_languages(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished, _ = await play_to_the_end(harness, monkeypatch, GAME, SEED, 1)
    fake = harness.fake
    alice = fake.users[0]
    outcome = finished.outcome()
    assert outcome is not None
    await fake.slash(alice, "game", ["stats"], {})
    stats = harness.last_ephemeral(alice)
    assert "alice — stats" in stats and "Games: 1" in stats, stats
    assert f"Wins: {int(outcome.ranks[0] == 1)}" in stats and "Seven Hills" in stats
    await fake.slash(alice, "game", ["stats"], {"game": GAME}, locale="ja")
    assert "対戦数：1" in harness.last_ephemeral(alice)
    bob = fake.add_user("bob")
    await fake.slash(alice, "game", ["stats"], {"player": bob})
    assert "bob has not finished a game" in harness.last_ephemeral(alice)
    await fake.slash(alice, "game", ["leaderboard"], {"game": GAME})
    board = harness.last_ephemeral(alice)
    assert "leaderboard" in board and "1. " in board and "AI" in board and "alice" in board
    assert "Your place: " in board, board
    await fake.slash(alice, "game", ["leaderboard"], {"game": GAME}, locale="ja")
    assert "あなたの順位" in harness.last_ephemeral(alice)

    for locale, words in (("en-US", "replay of game"), ("ja", "のリプレイ")):
        await fake.slash(alice, "game", ["replay"], {}, locale=locale)
        posted = await rendered(harness, alice)
        assert posted.ephemeral
        assert words in posted.text(), posted.text()
        (animation,) = posted.attachments
        image = Image.open(io.BytesIO(animation.data))
        assert image.format == "GIF" and getattr(image, "n_frames", 1) > 1  # GIF when it fits
        assert len(animation.data) <= 10 * 1024 * 1024
    nxt = next(i for i in posted.all_custom_ids() if i.endswith(":replay:next:0"))
    await fake.click(alice, posted, nxt, locale="ja")  # a board is drawn after the answer
    await fake.wait_for(lambda: "盤面1/" in fake.message(posted.id).text())
    strip = fake.ephemerals(alice)[-1]
    assert strip.png() is not None, strip.text()
    assert "盤面1/" in strip.text() and strip.png() is not None, strip.text()
    forward = next(i for i in strip.all_custom_ids() if i.endswith(":replay:next:1"))
    await fake.click(alice, strip, forward, locale="ja")
    await fake.wait_for(lambda: "盤面2/" in fake.message(strip.id).text())

    await fake.slash(alice, "game", ["export"], {"game_id": finished.id + 1})
    assert "no finished game" in harness.last_ephemeral(alice)
    record = await fake.slash(alice, "game", ["export"], {})  # deferred: the file comes after
    await fake.wait_for(lambda: bool(fake.message(record.response_message.id).attachments))
    exported = fake.message(record.response_message.id)
    (file,) = exported.attachments
    export = load_export(file.data)
    _, replayed = replay_export(export)
    assert replayed == outcome and export.names == finished.names
