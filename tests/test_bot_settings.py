"""/game settings and the limits a member meets, end to end through the fake Discord.

Admins set, show and reset a server's settings in either language; anyone else is refused;
the settings survive a restart on both stores and are what the bot then follows (timers,
cooldowns, lobby limits and expiry, thread creation). Time is the bot's injected clock.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord, FakeUser
from bot.discord_app.client import ForumBot
from bot.frontend.config import Config
from bot.frontend.cooldown import Cooldowns, Windows
from bot.frontend.settings import KEYS
from bot.frontend.settings_strings import SETTINGS
from table.backend import open_store
from table.migrate import copy_database
from table.pgstore import PostgresStore
from table.sqlite import SqliteStore
from table.store import StorageError


class Clock:
    """The bot's clock, moved by the test."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def table(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[tuple[Harness, Clock]]:
    harness = Harness(fake, tmp_path / "forum.sqlite3")
    clock = Clock()
    bot = await harness.start()
    bot.clock = clock
    yield harness, clock
    await harness.stop()


async def settings(fake: FakeDiscord, user: FakeUser, op: str, **options: str) -> str:
    """Run /game settings <op> as `user`; returns the private answer."""
    record = await fake.slash(user, "game", ["settings", op], options)
    assert record.response_message is not None, f"no answer to /game settings {op}"
    return record.response_message.text()


async def new_game(fake: FakeDiscord, user: FakeUser, channel: int | None = None, **options):
    await fake.slash(user, "game", ["new"], {"game": "imperium", **options}, channel_id=channel)


def line_of(shown: str, label: str) -> str:
    return next(line for line in shown.splitlines() if line.startswith(label))


async def test_admins_set_show_and_reset_settings_in_english(table) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    said = await settings(fake, admin, "set", key="reminder_minutes", value="5")
    assert said == "✓ Reminder after (minutes, 0 = none): **5**"
    shown = await settings(fake, admin, "show")
    assert shown.startswith("**Forum settings of this server**")
    assert line_of(shown, "Reminder after") == "Reminder after (minutes, 0 = none): **5**"
    assert line_of(shown, "Replays") == "Replays: **on** (default)"
    assert line_of(shown, "Channels that may host") == (
        "Channels that may host games: **every channel** (default)"
    )
    said = await settings(fake, admin, "set", key="game_channels", value=f"<#{fake.channel_id}>")
    assert said == f"✓ Channels that may host games: **<#{fake.channel_id}>**"
    said = await settings(fake, admin, "reset", key="reminder_minutes")
    assert said == "✓ Reminder after (minutes, 0 = none) is back to its default: **0**"
    assert "(default)" in line_of(await settings(fake, admin, "show"), "Reminder after")
    assert await settings(fake, admin, "reset") == "✓ Every setting is back to its default."
    shown = await settings(fake, admin, "show")
    assert all(line.endswith("(default)") for line in shown.splitlines()[1:]), shown


async def test_admins_set_show_and_reset_settings_in_japanese(table) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("kanri", locale="ja", manage_guild=True)
    said = await settings(fake, admin, "set", key="idle_policy", value="abort")
    assert said == "✓ 催促後も応答がないとき：**abort**"
    said = await settings(fake, admin, "set", key="replays", value="オフ")
    assert said == "✓ リプレイ：**オフ**"
    shown = await settings(fake, admin, "show")
    assert shown.startswith("**このサーバーのForum設定**")
    assert line_of(shown, "リプレイ") == "リプレイ：**オフ**"
    assert (
        line_of(shown, "新しいゲームの言語")
        == "新しいゲームの言語：**サーバーのDiscordの言語**（既定値）"
    )
    said = await settings(fake, admin, "reset", key="replays")
    assert said == "✓ リプレイを既定値に戻しました：**オン**"
    assert await settings(fake, admin, "reset") == "✓ すべての設定を既定値に戻しました。"


async def test_bad_values_are_refused_in_one_line(table) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    kanri = fake.add_user("kanri", locale="ja", manage_guild=True)
    cases = {
        ("reminder_minutes", "-3"): "✗ Reminder after (minutes, 0 = none) does not take “-3”:"
        " give a number from 0 to 1440.",
        ("open_lobbies", "many"): "✗ Open lobbies per member does not take “many”: give a whole"
        " number from 1 to 20.",
        ("idle_policy", "sleep"): "✗ When nobody answers after the reminder does not take"
        " “sleep”: give one of ai / abort.",
        ("game_channels", "#general"): "✗ Channels that may host games does not take"
        " “#general”: give up to 25 channel mentions (#channel), or all.",
        ("exports", "maybe"): "✗ Exports does not take “maybe”: give on or off.",
    }
    for (key, value), refusal in cases.items():
        assert await settings(fake, admin, "set", key=key, value=value) == refusal
    said = await settings(fake, kanri, "set", key="cooldown_replay", value="9999")
    assert (
        said
        == "✗ /game replay の間隔（秒）に「9999」は使えません。0から3600までの整数を指定してください。"
    )
    long = "x" * 400
    said = await settings(fake, admin, "set", key="language", value=long)
    assert "\n" not in said and len(said) < 200
    shown = await settings(fake, admin, "show")
    assert all(line.endswith("(default)") for line in shown.splitlines()[1:]), "nothing changed"


async def test_only_manage_server_or_the_admins_role_may_change_settings(table) -> None:
    harness, _ = table
    fake = harness.fake
    member = fake.add_user("member")
    moderator = fake.add_user("moderator", manage_channels=True)  # has the "Channel Manager" role
    admin = fake.add_user("admin", manage_guild=True)
    denied = "Only members with Manage Server (or the role the admins chose) can change"
    for op, options in (("set", {"key": "replays", "value": "off"}), ("reset", {})):
        assert (await settings(fake, member, op, **options)).startswith(denied)
        assert (await settings(fake, moderator, op, **options)).startswith(denied)
    ja = fake.add_user("ippan", locale="ja")
    assert "「サーバー管理」権限" in await settings(fake, ja, "set", key="replays", value="off")
    assert "Replays: **on** (default)" in await settings(fake, member, "show"), "anyone may read"
    role = f"<@&{fake.store.manager_role_id}>"
    assert await settings(fake, admin, "set", key="admin_role", value=role) == (
        f"✓ Role that may change settings: **{role}**"
    )
    said = await settings(fake, moderator, "set", key="replays", value="off")
    assert said == "✓ Replays: **off**"
    assert (await settings(fake, member, "reset")).startswith(denied)


async def test_the_delegated_role_cannot_move_admin_role(table) -> None:
    """Issue 30 row 9: only Manage Server names (or clears) the role that may change settings;
    the delegated role changes everything else, and its reset of all keeps the role."""
    harness, _ = table
    fake = harness.fake
    moderator = fake.add_user("moderator", manage_channels=True)  # has the "Channel Manager" role
    admin = fake.add_user("admin", manage_guild=True)
    role, other = f"<@&{fake.store.manager_role_id}>", "<@&123456789012345678>"
    await settings(fake, admin, "set", key="admin_role", value=role)
    only = "✗ Only members with Manage Server can change Role that may change settings."
    assert await settings(fake, moderator, "set", key="admin_role", value=other) == only
    assert await settings(fake, moderator, "reset", key="admin_role") == only
    ja = fake.add_user("mod_ja", locale="ja", manage_channels=True)
    said = await settings(fake, ja, "set", key="admin_role", value="none")
    assert said.count("\n") == 0 and "「サーバー管理」権限" in said and said.startswith("✗"), said
    assert (
        await settings(fake, moderator, "set", key="replays", value="off") == "✓ Replays: **off**"
    )
    await settings(fake, moderator, "reset")
    shown = await settings(fake, admin, "show")
    assert line_of(shown, "Role that may change") == f"Role that may change settings: **{role}**"
    assert line_of(shown, "Replays") == "Replays: **on** (default)"
    assert await settings(fake, admin, "reset", key="admin_role") == (
        "✓ Role that may change settings is back to its default: **none (Manage Server only)**"
    )


@pytest.mark.parametrize("key", ["model_config", "model_fields", "no_such_key", "x" * 300])
async def test_a_forged_setting_key_is_refused_in_one_line(table, key: str) -> None:
    """Issue 30 row 10: discord.py does not check a str option's choices, so a modified client
    may send any key; it goes through the settings model and is refused in one line."""
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    admin_ja = fake.add_user("kanri", locale="ja", manage_guild=True)
    for op, options in (("set", {"key": key, "value": "1"}), ("reset", {"key": key})):
        said = await settings(fake, admin, op, **options)
        assert said.startswith("✗ There is no setting “") and said.count("\n") == 0, said
        assert len(said) < 200, said
        said = await settings(fake, admin_ja, op, **options)
        assert said.startswith("✗ 「") and "という設定はありません" in said, said
    assert "Replays: **on** (default)" in await settings(fake, admin, "show")


async def test_settings_survive_a_restart_on_both_stores(fake: FakeDiscord, database: str):
    harness = Harness(fake, database)  # type: ignore[arg-type]  # a path or a URL
    admin = fake.add_user("admin", manage_guild=True)
    try:
        await harness.start()
        await settings(fake, admin, "set", key="language", value="ja")
        await settings(fake, admin, "set", key="cooldown_stats", value="45")
        await settings(fake, admin, "set", key="ai_delay_seconds", value="0.5")
        await harness.kill()
        bot = await harness.start()
        shown = await settings(fake, admin, "show")
        assert "Language of new games: **ja**" in shown
        assert "Cooldown of /game stats (seconds): **45**" in shown
        assert "AI thinking pause (seconds): **0.5**" in shown
        settled = await bot.settings.of(fake.guild_id)
        assert (settled.language, settled.cooldown_stats, settled.ai_delay_seconds) == (
            "ja",
            45,
            0.5,
        )
        await new_game(fake, admin)  # the server's chosen language, not Discord's (en-US)
        assert "インペリウム（帝国） — 参加受付中" in harness.board().text()
    finally:
        await harness.stop()


async def test_both_stores_keep_a_servers_settings(database: str) -> None:
    store = await open_store(database)
    try:
        assert await store.guild_settings(7) is None
        await store.save_guild_settings(7, '{"replays": false}')
        await store.save_guild_settings(2**62, '{"open_lobbies": 2}')
        await store.save_guild_settings(7, '{"exports": false}')  # replaced, not added
        assert await store.guild_settings(7) == '{"exports": false}'
        assert await store.guild_settings(2**62) == '{"open_lobbies": 2}'
    finally:
        await store.close()


async def test_the_servers_timers_and_idle_policy_are_followed_not_the_hosts(table) -> None:
    harness, clock = table  # config.toml (the harness): no reminder, an AI for idle seats
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    bob = fake.add_user("bob")
    await settings(fake, admin, "set", key="reminder_minutes", value="2")
    await settings(fake, admin, "set", key="idle_minutes", value="3")
    await settings(fake, admin, "set", key="idle_policy", value="abort")
    await harness.open_table([admin, bob])
    clock.now += 121
    await fake.wait_for(lambda: any("waiting for you" in m.text() for m in fake.dms(bob)))
    assert any(f"<@{bob.id}>" in m.text() for m in fake.channel_messages())
    assert harness.bot is not None
    for _ in range(200):  # the idle deadline is stored just after the reminder is sent
        if [stage for *_, stage in await harness.bot.store.deadlines()] == ["idle"]:
            break
        await asyncio.sleep(0.05)
    clock.now += 179
    await harness.bot.play.deadlines.fire()
    assert not any("aborted" in m.text() for m in fake.channel_messages())
    clock.now += 2
    await fake.wait_for(
        lambda: any("answered in time" in m.text() for m in fake.channel_messages())
    )


async def test_a_repeated_command_is_refused_until_its_cooldown_ends(table) -> None:
    harness, clock = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    alice, kenji = fake.add_user("alice"), fake.add_user("kenji", locale="ja")
    await settings(fake, admin, "set", key="cooldown_stats", value="30")
    await settings(fake, admin, "set", key="cooldown_status", value="20")
    await fake.slash(alice, "game", ["stats"])
    assert "has not finished a game" in harness.last_ephemeral(alice)
    clock.now += 12.5
    await fake.slash(alice, "game", ["stats"])
    assert harness.last_ephemeral(alice) == "Please wait: try again in 18 s."
    await fake.slash(kenji, "game", ["stats"])  # another member is not held back
    assert "まだゲームを終えていません" in harness.last_ephemeral(kenji)
    await fake.slash(kenji, "game", ["stats"])
    assert harness.last_ephemeral(kenji) == "少しお待ちください。30秒後にもう一度お試しください。"
    await fake.slash(alice, "game", ["status"])  # each command has its own cooldown
    await fake.slash(alice, "game", ["status"])
    assert harness.last_ephemeral(alice) == "Please wait: try again in 20 s."
    clock.now += 18
    await fake.slash(alice, "game", ["stats"])
    assert "has not finished a game" in harness.last_ephemeral(alice)


async def test_a_member_may_hold_only_so_many_lobbies(table) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await settings(fake, admin, "set", key="open_lobbies", value="2")
    await settings(fake, admin, "set", key="open_thread_lobbies", value="1")
    second, third = fake.add_channel("second"), fake.add_channel("third")
    await harness.settle()
    await new_game(fake, alice, thread=True)
    await new_game(fake, alice, thread=True)
    assert harness.last_ephemeral(alice) == (
        "Open lobbies you host in threads on this server: 1 (at most 1). Start or abort one first."
    )
    await new_game(fake, alice, second)
    await new_game(fake, alice, third)
    assert harness.last_ephemeral(alice) == (
        "Open lobbies you host on this server: 2 (at most 2). Start or abort one first."
    )
    assert not fake.channel_messages(third) and len(fake.threads()) == 1
    await new_game(fake, bob, third)  # a limit per member
    assert "Imperium — lobby" in fake.channel_messages(third)[-1].text()


async def test_a_lobby_nobody_starts_expires_with_a_notice(table) -> None:
    harness, clock = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    alice = fake.add_user("alice", locale="ja")
    await settings(fake, admin, "set", key="lobby_expiry_minutes", value="5")
    await new_game(fake, alice)
    bot = harness.bot
    assert bot is not None
    clock.now += 299
    await bot.play.deadlines.fire()
    assert (await bot.service.in_channel(fake.channel_id)).status == "lobby"
    clock.now += 2
    await fake.wait_for(lambda: "expired" in fake.channel_messages()[-1].text())
    await harness.settle()
    assert fake.channel_messages()[-1].text() == (
        "This Imperium lobby expired: nobody started it within 5 minutes."
    ), "the channel's language (the server's), not the host's"
    assert not harness.fake.channel_messages()[0].all_custom_ids(), "the lobby lost its buttons"
    assert await bot.service.in_channel(fake.channel_id) is None
    await new_game(fake, alice)  # the channel is free again
    assert "Imperium — lobby" in harness.board().text()


async def test_thread_creation_is_rate_limited_per_member(table) -> None:
    harness, clock = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await settings(fake, admin, "set", key="threads_per_window", value="2")
    for _ in range(2):
        await new_game(fake, alice, thread=True)
    clock.now += 60
    for _ in range(5):
        await new_game(fake, alice, thread=True)
        assert harness.last_ephemeral(alice) == (
            "You may open 2 game threads per 10 minutes: try again in 540 s."
        )
    assert len(fake.threads()) == 2
    await new_game(fake, bob, thread=True)
    clock.now += 541
    await new_game(fake, alice, thread=True)
    assert len(fake.threads()) == 4


async def test_servers_choose_where_games_go_and_what_members_may_ask(table) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)
    alice = fake.add_user("alice")
    games = fake.add_channel("games")
    await harness.settle()
    await settings(fake, admin, "set", key="game_channels", value=f"<#{games}>")
    await settings(fake, admin, "set", key="thread_lobbies", value="off")
    await settings(fake, admin, "set", key="replays", value="off")
    await settings(fake, admin, "set", key="exports", value="off")
    await new_game(fake, alice)
    assert harness.last_ephemeral(alice) == (
        f"Games are not hosted in this channel here; they are in: <#{games}>."
    )
    await new_game(fake, alice, games, thread=True)
    assert harness.last_ephemeral(alice) == "Games in new threads are turned off on this server."
    await new_game(fake, alice, games)
    assert "Imperium — lobby" in fake.channel_messages(games)[-1].text()
    await fake.slash(alice, "game", ["replay"])
    assert harness.last_ephemeral(alice) == "Replays are turned off on this server."
    await fake.slash(alice, "game", ["export"])
    assert harness.last_ephemeral(alice) == "Exports are turned off on this server."
    assert not fake.channel_messages(fake.channel_id)


def test_cooldowns_and_windows_forget_what_has_expired() -> None:
    now = [0.0]
    cooldowns, windows = Cooldowns(lambda: now[0], cap=100), Windows(lambda: now[0], cap=100)
    assert cooldowns.wait("a", 10) == 0 and cooldowns.wait("a", 10) == 10
    assert windows.take("a", 2, 60) == 0 and windows.take("a", 2, 60) == 0
    now[0] = 30
    assert windows.take("a", 2, 60) == 30
    for user in range(1000):  # many members, each once: memory stays bounded
        now[0] += 1
        cooldowns.wait(user, 5)
        windows.take(user, 1, 5)
    assert len(cooldowns) < 100 and len(windows) < 100
    assert cooldowns.wait(999, 5) > 0 and windows.take(999, 1, 5) > 0, "the recent ones are kept"


async def test_settings_commands_are_registered_in_both_languages(fake, tmp_path) -> None:
    bot = ForumBot(Config(token=fake.token, database=str(tmp_path / "db.sqlite3")))
    async with bot:
        await bot.login(fake.token)
        await bot.tree.sync()
    put = fake.calls("PUT", "/commands")[-1].json
    game = next(command for command in put if command["name"] == "game")
    group = next(o for o in game["options"] if o["name"] == "settings")
    assert group["description_localizations"]["ja"] == "このサーバーでのForumの設定"
    for command in group["options"]:
        assert command["description_localizations"]["ja"], command["name"]
        for option in command.get("options", []):
            assert option["description_localizations"]["ja"], option["name"]
            for choice in option.get("choices", []):
                assert (
                    choice["name_localizations"]["ja"]
                    == SETTINGS["ja"][f"setting.{choice['value']}"]
                )
    change = next(c for c in group["options"] if c["name"] == "set")
    assert {c["value"] for c in change["options"][0]["choices"]} == set(KEYS)


def test_settings_catalog_has_the_same_keys_in_both_languages() -> None:
    assert set(SETTINGS["en"]) == set(SETTINGS["ja"]), set(SETTINGS["en"]) ^ set(SETTINGS["ja"])
    assert {f"setting.{key}" for key in KEYS} <= set(SETTINGS["en"])


async def test_a_setting_the_disk_refuses_is_not_kept(table, monkeypatch) -> None:
    harness, _ = table
    fake = harness.fake
    admin = fake.add_user("admin", manage_guild=True)

    async def disk_full(guild_id: int, settings: str) -> None:
        raise StorageError("full", "free some space", "database or disk is full")

    monkeypatch.setattr(harness.bot.store, "save_guild_settings", disk_full)
    said = await settings(fake, admin, "set", key="replays", value="off")
    assert said == "✗ I can't save right now, so nothing was changed. Please try again in a while."
    monkeypatch.undo()
    assert "Replays: **on** (default)" in await settings(fake, admin, "show")


async def test_moving_to_postgresql_keeps_the_servers_settings(tmp_path, postgres_url) -> None:
    source = await SqliteStore.open(tmp_path / "forum.sqlite3")
    target = await PostgresStore.open(postgres_url)
    try:
        await source.save_guild_settings(5, '{"replays": false}')
        await copy_database(source, target)
        assert await target.guild_settings(5) == '{"replays": false}'
    finally:
        await source.close()
        await target.close()
