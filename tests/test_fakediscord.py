"""Self-test of bench.fakediscord: a small real discord.py bot played against the fake."""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
from discord import app_commands, ui
from discord.ext import commands
from discord.gateway import DiscordWebSocket
from discord.http import Route
from PIL import Image

from bench.fakediscord import FakeDiscord, FakeMessage, FakeUser

pytestmark = pytest.mark.filterwarnings("error")

ORIGINAL_BASE = Route.BASE
ORIGINAL_GATEWAY = DiscordWebSocket.DEFAULT_GATEWAY
RED, BLUE = (255, 0, 0), (0, 0, 255)


def png_file(color: tuple[int, int, int], name: str = "board.png") -> discord.File:
    buf = io.BytesIO()
    Image.new("RGB", (64, 32), color).save(buf, "PNG")
    buf.seek(0)
    return discord.File(buf, name)


# ---- the small bot --------------------------------------------------------------------------


class Counter(ui.DynamicItem[ui.Button[Any]], template=r"count:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(ui.Button(label=f"count {n}", custom_id=f"count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button[Any], match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: MiniBot = interaction.client  # type: ignore[assignment]
        bot.clicks.append((self.n, interaction.user.id, interaction.guild_id))
        view = ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(
            content=f"count {self.n + 1} by {bot.name}", view=view
        )


class NameModal(ui.Modal, title="Your name"):
    name: ui.TextInput[NameModal] = ui.TextInput(
        label="Name", custom_id="name_input", max_length=20
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


class Panel(ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(Counter(0))

    @ui.button(label="Secret", custom_id="secret")
    async def secret(self, interaction: discord.Interaction, _: ui.Button[Panel]) -> None:
        await interaction.response.send_message(
            f"secret for {interaction.user.name}", ephemeral=True
        )

    @ui.button(label="Name", custom_id="ask_name")
    async def ask_name(self, interaction: discord.Interaction, _: ui.Button[Panel]) -> None:
        await interaction.response.send_modal(NameModal())

    @ui.button(label="Slow", custom_id="slow")
    async def slow(self, interaction: discord.Interaction, _: ui.Button[Panel]) -> None:
        await interaction.response.defer()  # type 6: the later @original edit edits this message
        await interaction.edit_original_response(content="slow done")
        await interaction.followup.send("quiet", ephemeral=True)

    @ui.select(
        custom_id="pick",
        options=[
            discord.SelectOption(label="Red", value="red"),
            discord.SelectOption(label="Blue", value="blue"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: ui.Select[Panel]) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


game = app_commands.Group(name="game", description="Games")


@game.command(name="new", description="Start a game")
async def new_game(
    interaction: discord.Interaction, game: str, thirty_points: bool = False, rounds: int = 3
) -> None:
    bot: MiniBot = interaction.client  # type: ignore[assignment]
    bot.invocations.append((game, thirty_points, rounds, str(interaction.locale)))
    text = f"new {game} 30={thirty_points} rounds={rounds}"
    await interaction.response.send_message(text, file=png_file(RED), view=Panel())
    await interaction.followup.send("followup: good luck")


@new_game.autocomplete("game")
async def game_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    names = ["imperium", "senator", "spartacus"]
    return [app_commands.Choice(name=n, value=n) for n in names if n.startswith(current)]


@game.command(name="dm", description="DM someone")
async def dm(interaction: discord.Interaction, who: discord.User) -> None:
    try:
        await who.send("psst", view=ui.View(timeout=None).add_item(Counter(10)))
    except discord.Forbidden as exc:
        await interaction.response.send_message(f"DMs closed: {exc.code}", ephemeral=True)
    else:
        await interaction.response.send_message("sent", ephemeral=True)


@game.command(name="redraw", description="Redraw a board")
async def redraw(interaction: discord.Interaction, message_id: str) -> None:
    await interaction.response.defer(thinking=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    message = await interaction.channel.fetch_message(int(message_id))
    await message.edit(content="redrawn board", attachments=[png_file(BLUE, "board2.png")])
    await interaction.followup.send("redraw done")


@game.command(name="purge", description="Delete a message")
async def purge(interaction: discord.Interaction, message_id: str) -> None:
    await interaction.response.defer(ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    try:
        await interaction.channel.get_partial_message(int(message_id)).delete()
    except discord.Forbidden as exc:
        await interaction.edit_original_response(content=f"cannot delete: {exc.code}")
    else:
        await interaction.edit_original_response(content="deleted")


class MiniBot(commands.Bot):
    def __init__(self, name: str, **kwargs: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        intents.members = True
        super().__init__(command_prefix="!", intents=intents, **kwargs)
        self.name = name
        self.invocations: list[tuple[str, bool, int, str]] = []
        self.clicks: list[tuple[int, int, int | None]] = []
        self.heard: list[str] = []
        self.ready_seen = False

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        self.tree.add_command(game)

    async def on_ready(self) -> None:
        self.ready_seen = True

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s pause before re-identifying: a reconnecting old bot would show up at once."""

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        self.heard.append(f"{message.author.name}: {message.content}")
        if message.content == "ping":
            await message.channel.send("pong")


# ---- fixtures -------------------------------------------------------------------------------


@pytest.fixture
async def fake(caplog: pytest.LogCaptureFixture) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    fake.patch_discord()
    yield fake
    await fake.stop()
    fake.unpatch_discord()
    assert [t for t in asyncio.all_tasks() if t is not asyncio.current_task()] == []
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert Route.BASE == ORIGINAL_BASE
    assert DiscordWebSocket.DEFAULT_GATEWAY == ORIGINAL_GATEWAY
    assert fake.unknown_routes == []
    assert fake.server_errors == []


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.add_user("alice", locale="fr")


@pytest.fixture
def bob(fake: FakeDiscord) -> FakeUser:
    return fake.add_user("bob")


@pytest.fixture
async def bot(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> AsyncIterator[MiniBot]:
    bot = MiniBot("one", **fake.client_kwargs())
    await fake.start_bot(bot)
    yield bot
    await fake.stop_bot(bot)
    assert bot.is_closed()


async def new_board(fake: FakeDiscord, user: FakeUser) -> FakeMessage:
    rec = await fake.slash(user, "game", ["new"], {"game": "imperium", "thirty_points": True})
    await fake.settle()
    assert rec.response_message is not None
    return rec.response_message


# ---- tests ----------------------------------------------------------------------------------


async def test_login_and_ready(fake: FakeDiscord, bot: MiniBot) -> None:
    assert bot.user is not None and bot.user.id == fake.bot_user_id
    assert bot.application_id == fake.application_id
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None and guild.get_channel(fake.channel_id) is not None
    assert guild.me.guild_permissions.manage_messages
    assert bot.ready_seen
    assert [r.path for r in fake.requests[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_slash_options_attachment_and_followup(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser
) -> None:
    rec = await fake.slash(alice, "game", ["new"], {"game": "senator", "rounds": 5})
    await fake.settle()
    assert rec.response_type == 4
    assert bot.invocations == [("senator", False, 5, "fr")]
    board, followup = fake.channel_messages()
    assert board is rec.response_message and followup in rec.followups
    assert board.text() == "new senator 30=False rounds=5"
    assert followup.content == "followup: good luck"
    assert {"count:0", "secret", "ask_name", "pick"} <= set(board.all_custom_ids())
    image = board.image()
    assert image is not None and image.size == (64, 32)
    assert image.convert("RGB").getpixel((3, 3)) == RED


async def test_autocomplete(fake: FakeDiscord, bot: MiniBot, alice: FakeUser) -> None:
    choices = await fake.autocomplete(alice, "game", ["new"], {"game": "s"}, focused="game")
    assert [c["value"] for c in choices] == ["senator", "spartacus"]


async def test_button_gives_ephemeral_to_clicker_only(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    board = await new_board(fake, alice)
    rec = await fake.click(bob, board, "secret")
    assert rec.response_type == 4
    assert [m.content for m in fake.ephemerals(bob)] == ["secret for bob"]
    assert fake.ephemerals(alice) == []
    assert all("secret" not in m.text() for m in fake.visible_to(alice))
    assert "secret for bob" in [m.content for m in fake.visible_to(bob)]
    assert "secret for bob" not in [m.content for m in fake.channel_messages()]


async def test_select_edits_component_message(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser
) -> None:
    board = await new_board(fake, alice)
    with pytest.raises(ValueError):
        await fake.select(alice, board, "pick", ["green"])
    rec = await fake.select(alice, board, "pick", ["blue"])
    assert rec.response_type == 7
    assert board.content == "picked blue" and board.edits == 1
    assert board.png() is not None  # attachments untouched by an edit without them


async def test_modal_round_trip(fake: FakeDiscord, bot: MiniBot, alice: FakeUser) -> None:
    board = await new_board(fake, alice)
    opened = await fake.click(alice, board, "ask_name")
    assert opened.response_type == 9 and opened.modal is not None
    assert opened.modal["custom_id"] and opened.modal["title"] == "Your name"
    submitted = await fake.submit_modal(alice, opened, None, {"name_input": "Ada"})
    assert submitted.response_type == 4
    assert [m.content for m in fake.ephemerals(alice)] == ["hello Ada"]


async def test_dm_sent_and_closed_dm(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    carol = fake.add_user("carol")
    fake.close_dms(carol)
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None
    await fake.wait_for(lambda: guild.get_member(carol.id) is not None)  # GUILD_MEMBER_ADD
    await fake.slash(alice, "game", ["dm"], {"who": bob})
    closed = await fake.slash(alice, "game", ["dm"], {"who": carol})
    await fake.settle()
    assert [m.content for m in fake.dms(bob)] == ["psst"]
    assert fake.dms(carol) == [] and fake.dms(alice) == []
    assert closed.response_message is not None
    assert closed.response_message.content == "DMs closed: 50007"
    assert [m.content for m in fake.ephemerals(alice)] == ["sent", "DMs closed: 50007"]


async def test_click_in_dm_is_a_dm_interaction(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    await fake.slash(alice, "game", ["dm"], {"who": bob})
    await fake.settle()
    (psst,) = fake.dms(bob)
    rec = await fake.click(bob, psst, "count:10")
    assert "guild_id" not in rec.payload and rec.payload["channel"]["type"] == 1
    assert bot.clicks == [(10, bob.id, None)]
    assert psst.content == "count 11 by one"
    with pytest.raises(ValueError):
        await fake.click(alice, psst, "count:11")  # not alice's DM
    with pytest.raises(ValueError):
        await fake.click(bob, psst, "count:10")  # the edit replaced that button
    stale = await fake.click(bob, psst, "count:10", check=False, timeout=0.3)  # forged click
    assert stale.response_type is None  # discord.py drops DynamicItems not on the message
    assert bot.clicks == [(10, bob.id, None)] and psst.content == "count 11 by one"


async def test_edit_replaces_attachment(fake: FakeDiscord, bot: MiniBot, alice: FakeUser) -> None:
    board = await new_board(fake, alice)
    (old,) = board.attachments
    rec = await fake.slash(alice, "game", ["redraw"], {"message_id": str(board.id)})
    await fake.settle()
    assert rec.response_type == 5
    assert rec.response_message is not None and rec.response_message.content == "redraw done"
    assert not rec.response_message.loading
    (new,) = board.attachments
    assert new.filename == "board2.png" and new.id != old.id
    image = board.image()
    assert image is not None and image.convert("RGB").getpixel((0, 0)) == BLUE
    assert board.content == "redrawn board" and board.edits == 1


@pytest.mark.parametrize("manage", [True, False])
async def test_delete_needs_manage_messages(manage: bool) -> None:
    async with FakeDiscord(bot_has_manage_messages=manage) as fake:
        alice = fake.add_user("alice")
        bot = MiniBot("one", **fake.client_kwargs())
        await fake.start_bot(bot)
        said = await fake.say(alice, None, "delete me")
        own = (await new_board(fake, alice)).id
        await fake.slash(alice, "game", ["purge"], {"message_id": str(said.id)})
        mine = await fake.slash(alice, "game", ["purge"], {"message_id": str(own)})
        await fake.settle()
        assert mine.response_message is not None and mine.response_message.content == "deleted"
        (reply,) = [m.content for m in fake.ephemerals(alice) if m is not mine.response_message]
        assert reply == ("deleted" if manage else "cannot delete: 50013")
        assert said.deleted is manage
        assert (said in fake.channel_messages()) is not manage
        assert [m.id for m in fake.deleted_messages] == ([said.id, own] if manage else [own])
    assert bot.is_closed() and Route.BASE == ORIGINAL_BASE


async def test_user_message_reaches_bot(fake: FakeDiscord, bot: MiniBot, alice: FakeUser) -> None:
    await fake.say(alice, None, "ping")
    await fake.settle()
    assert bot.heard == ["alice: ping"]
    assert [m.content for m in fake.channel_messages()] == ["ping", "pong"]


async def test_second_instance_after_disconnect(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    board = await new_board(fake, alice)
    await fake.disconnect_bot()
    second = MiniBot("two", **fake.client_kwargs())
    await fake.start_bot(second)
    rec = await fake.click(bob, board, "count:0")
    await fake.settle()
    assert rec.response_type == 7
    assert board.content == "count 1 by two"
    assert second.clicks == [(0, bob.id, fake.guild_id)] and bot.clicks == []
    assert len(fake.calls("POST", f"/interactions/{rec.id}/")) == 1
    channel = second.get_channel(fake.channel_id)
    assert isinstance(channel, discord.TextChannel)
    history = [m.id async for m in channel.history(limit=10)]
    assert board.id in history


async def test_deferred_update_then_edit_original_and_ephemeral_followup(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    board = await new_board(fake, alice)
    rec = await fake.click(bob, board, "slow")
    await fake.settle()
    assert rec.response_type == 6 and rec.response_message is board
    assert board.content == "slow done" and board.edits == 1
    assert [m.content for m in rec.followups] == ["quiet"]
    assert [m.content for m in fake.ephemerals(bob)] == ["quiet"]
    assert "quiet" not in [m.content for m in fake.channel_messages()]


async def test_raw_api_errors() -> None:
    import aiohttp

    async with FakeDiscord() as fake, aiohttp.ClientSession() as http:
        auth = {"Authorization": f"Bot {fake.token}"}
        async with http.get(f"{fake.base_url}/api/v10/nowhere", headers=auth) as resp:
            assert resp.status == 404 and resp.headers["Content-Type"] == "application/json"
            assert await resp.json() == {"code": 0, "message": "unknown route"}
        assert [r.path for r in fake.unknown_routes] == ["/nowhere"]
        async with http.get(f"{fake.base_url}/api/v10/users/@me") as resp:
            assert resp.status == 401
        alice = fake.add_user("alice")
        rec = fake._new_interaction(alice, 2, None)
        url = f"{fake.base_url}/api/v10/interactions/{rec.id}/{rec.token}/callback"
        answers = []
        for _ in range(2):
            async with http.post(url, json={"type": 4, "data": {"content": "x"}}) as resp:
                answers.append((resp.status, await resp.json()))
        assert answers[0][0] == 200 and answers[0][1]["resource"]["message"]["content"] == "x"
        assert answers[1] == (
            400,
            {"code": 40060, "message": "Interaction has already been acknowledged."},
        )
        assert [m.content for m in fake.channel_messages()] == ["x"]
