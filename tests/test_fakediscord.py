"""Self-test of bench.fakediscord: a small real discord.py bot played against the fake."""

from __future__ import annotations

import asyncio
import io
import json
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


@game.command(name="layout", description="Post a layout board")
async def layout(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        view=BoardLayout(1), files=[png_file(RED), png_file(BLUE, "hidden.png")]
    )


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


class BoardLayout(ui.LayoutView):
    """A board as a layout message: image, text, a section's button and a row of buttons."""

    def __init__(self, turn: int) -> None:
        super().__init__(timeout=None)
        row: ui.ActionRow[BoardLayout] = ui.ActionRow()
        move = ui.Button(label="Move", custom_id="move")
        move.callback = self.move  # type: ignore[method-assign]
        row.add_item(move)
        info = ui.Button(label="Info", custom_id="info")
        info.callback = self.info  # type: ignore[method-assign]
        self.turn = turn
        self.add_item(
            ui.Container(
                ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
                ui.TextDisplay(f"# Turn {turn}"),
                ui.Section(ui.TextDisplay("alice: 3 points"), accessory=info),
                ui.Separator(),
                row,
                accent_colour=0x336699,
            )
        )

    async def info(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("info", ephemeral=True)

    async def move(self, interaction: discord.Interaction) -> None:
        """The next turn's board, edited in place: components only, the image kept."""
        await interaction.response.edit_message(view=BoardLayout(self.turn + 1))


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


async def test_other_servers_have_their_own_channels_and_members(
    fake: FakeDiscord, bot: MiniBot, alice: FakeUser, bob: FakeUser
) -> None:
    second = fake.add_guild("Second")
    fake.join_guild(alice, second)
    channel_id = fake.add_channel("tables", second)
    await fake.settle()
    guild = bot.get_guild(second)
    assert guild is not None and guild.name == "Second"
    member = guild.get_member(alice.id)
    assert member is not None
    channel = guild.get_channel(channel_id)
    assert channel is not None and fake.guild_id != second
    assert bot.get_guild(fake.guild_id).get_channel(channel_id) is None  # type: ignore[union-attr]
    assert (await guild.fetch_member(alice.id)).id == alice.id
    with pytest.raises(discord.NotFound):
        await guild.fetch_member(bob.id)  # not a member of that server
    with pytest.raises(ValueError):
        await fake.slash(bob, "game", ["new"], {"game": "senator"}, channel_id=channel_id)
    rec = await fake.slash(alice, "game", ["new"], {"game": "senator"}, channel_id=channel_id)
    assert rec.payload["guild_id"] == str(second) and rec.payload["member"]["roles"] == []
    assert rec.payload["authorizing_integration_owners"] == {"0": str(second)}
    fake.hide_channel(channel_id, alice)
    await fake.settle()
    channel = guild.get_channel(channel_id)
    assert channel is not None and not channel.permissions_for(member).view_channel
    fake.leave_guild(alice, second)
    await fake.settle()
    assert guild.get_member(alice.id) is None
    assert [str(c) for c in await guild.fetch_channels()] == ["tables"]


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


# ---- layout messages (Components V2) --------------------------------------------------------

V2 = 1 << 15


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def button(custom_id: str, label: str = "ok") -> dict[str, Any]:
    return {"type": 2, "style": 1, "custom_id": custom_id, "label": label}


def row(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(items)}


def gallery(*urls: str) -> dict[str, Any]:
    return {"type": 12, "items": [{"media": {"url": url}} for url in urls]}


def section(*texts: dict[str, Any], accessory: dict[str, Any] | None = None) -> dict[str, Any]:
    comp: dict[str, Any] = {"type": 9, "components": list(texts)}
    if accessory is not None:
        comp["accessory"] = accessory
    return comp


def container(*items: dict[str, Any]) -> dict[str, Any]:
    return {"type": 17, "components": list(items)}


def select(options: int) -> dict[str, Any]:
    choices = [{"label": str(i), "value": str(i)} for i in range(options)]
    return {"type": 3, "custom_id": "pick", "options": choices}


async def test_layout_message_round_trip(fake: FakeDiscord, bot: MiniBot, alice: FakeUser) -> None:
    rec = await fake.slash(alice, "game", ["layout"])
    await fake.settle()
    board = rec.response_message
    assert board is not None and board.is_layout and board.content == ""
    assert board.text() == "# Turn 1\nalice: 3 points"
    assert [a.filename for a in board.attachments] == ["board.png", "hidden.png"]
    assert [a.filename for a in board.shown_attachments()] == ["board.png"]  # named ones only
    image = board.image()
    assert image is not None and image.convert("RGB").getpixel((0, 0)) == RED
    answered = fake.store.message_json(board)["components"][0]["components"][0]
    assert answered["id"] == 2 and answered["items"][0]["media"]["url"].endswith("/board.png")
    info = await fake.click(bob := fake.add_user("bob2"), board, "info")  # section accessory
    assert info.response_type == 4 and [m.content for m in fake.ephemerals(bob)] == ["info"]
    turn = await fake.click(alice, board, "move")  # a button in a row in the container
    assert turn.response_type == 7 and turn.response_message is board
    assert board.is_layout and board.text() == "# Turn 2\nalice: 3 points"
    assert board.png() is not None and board.edits == 1


async def raw(
    fake: FakeDiscord,
    method: str,
    path: str,
    payload: dict[str, Any],
    files: dict[str, bytes] | None = None,
) -> tuple[int, dict[str, Any]]:
    """One REST call as the bot, JSON or multipart with ``files``; status and JSON answer."""
    import aiohttp

    url = f"{fake.base_url}/api/v10{path}"
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as http:
        if files:
            form = aiohttp.FormData()
            attachments = [{"id": i, "filename": n} for i, n in enumerate(files)]
            form.add_field("payload_json", json.dumps(payload | {"attachments": attachments}))
            for index, (name, data) in enumerate(files.items()):
                form.add_field(f"files[{index}]", data, filename=name)
            request = http.request(method, url, data=form, headers=headers)
        else:
            request = http.request(method, url, json=payload, headers=headers)
        async with request as resp:
            return resp.status, (await resp.json() if resp.status != 204 else {})


FORTY = [container(*[text("x")] * 39)]  # 40 components: the container and 39 texts
FULL_TEXT = [text("x" * 2000), text("y" * 2000)]
REFUSED_LAYOUTS = {
    "content": {"content": "hi", "components": [text("a")]},
    "embeds": {"embeds": [{"title": "t"}], "components": [text("a")]},
    "poll": {"poll": {"question": {"text": "q"}, "answers": []}, "components": [text("a")]},
    "41 components": {"components": [container(*[text("x")] * 40)]},
    "4001 characters": {"components": [*FULL_TEXT, text("z")]},
    "section of 4 texts": {"components": [section(*[text("a")] * 4, accessory=button("b"))]},
    "section without accessory": {"components": [section(text("a"))]},
    "section with a select": {"components": [section(text("a"), accessory=select(2))]},
    "gallery of 11": {"components": [gallery(*["https://x/a.png"] * 11)]},
    "empty gallery": {"components": [gallery()]},
    "unknown attachment": {"components": [gallery("attachment://nothere.png")]},
    "container in container": {"components": [container(container(text("a")))]},
    "button at top level": {"components": [button("b")]},
    "thumbnail at top level": {"components": [{"type": 11, "media": {"url": "https://x/a"}}]},
    "button in container": {"components": [container(button("b"))]},
    "six buttons in a row": {"components": [row(*[button(f"b{i}") for i in range(6)])]},
    "select and button": {"components": [row(select(2), button("b"))]},
    "26 options": {"components": [row(select(26))]},
    "custom_id of 101": {"components": [row(button("c" * 101))]},
    "label of 81": {"components": [row(button("b", "l" * 81))]},
    "duplicate custom_id": {"components": [container(row(button("b")), row(button("b")))]},
    "empty text": {"components": [text("")]},
    "accent colour": {"components": [{"type": 17, "components": [], "accent_color": 1 << 24}]},
}


REASONS = {  # what each refusal names, so that each case fails for its own rule
    "content": "'content' field cannot be used",
    "embeds": "'embeds' field cannot be used",
    "poll": "'poll' field cannot be used",
    "41 components": "40 or fewer in total (41)",
    "4001 characters": "exceed 4000 characters (4001)",
    "section of 4 texts": "components[0].components: Must be between 1 and 3",
    "section without accessory": "accessory: A button or a thumbnail",
    "section with a select": "accessory: A button or a thumbnail",
    "gallery of 11": "items: Must be between 1 and 10",
    "empty gallery": "items: Must be between 1 and 10",
    "unknown attachment": "No attachment named 'nothere.png'",
    "container in container": "Component type 17 not allowed",
    "button at top level": "Component type 2 not allowed",
    "thumbnail at top level": "Component type 11 not allowed",
    "button in container": "Component type 2 not allowed",
    "six buttons in a row": "components: Must be between 1 and 5",
    "select and button": "Up to 5 buttons or a single select",
    "26 options": "options: Must be between 1 and 25",
    "custom_id of 101": "custom_id: Must be between 1 and 100",
    "label of 81": "label: Must be 80 or fewer",
    "duplicate custom_id": "custom id cannot be duplicated",
    "empty text": "content: This field is required",
    "accent colour": "accent_color: Must be between 0 and 16777215",
}


@pytest.mark.parametrize("case", sorted(REFUSED_LAYOUTS))
async def test_layout_rules_refuse_what_discord_refuses(case: str) -> None:
    async with FakeDiscord() as fake:
        path = f"/channels/{fake.channel_id}/messages"
        status, answer = await raw(fake, "POST", path, {"flags": V2} | REFUSED_LAYOUTS[case])
        assert (status, answer["code"]) == (400, 50035), answer
        assert REASONS[case] in answer["message"]
        assert fake.channel_messages() == []


@pytest.mark.parametrize(
    "payload",
    [
        {"components": [text("a")]},  # layout components without the flag
        {"content": "x", "components": [row(button("a"))] * 6},  # six legacy rows
        {"content": "x", "components": [container(text("a"))]},
    ],
)
async def test_legacy_messages_keep_legacy_rules(payload: dict[str, Any]) -> None:
    async with FakeDiscord() as fake:
        status, answer = await raw(fake, "POST", f"/channels/{fake.channel_id}/messages", payload)
        assert (status, answer["code"]) == (400, 50035), answer


async def test_layout_limits_are_inclusive() -> None:
    """Exactly 40 components, exactly 4,000 characters, 3 texts and 10 images are fine."""
    async with FakeDiscord() as fake:
        path = f"/channels/{fake.channel_id}/messages"
        biggest = [
            section(*[text("a")] * 3, accessory=button("b")),
            gallery(*["attachment://board.png"] * 10),
        ]
        for components in (FORTY, FULL_TEXT, biggest):
            files = {"board.png": b"\x89PNG\r\n\x1a\n"}
            status, answer = await raw(
                fake, "POST", path, {"flags": V2, "components": components}, files
            )
            assert status == 200, answer
        assert len(fake.channel_messages()) == 3


async def test_layout_flag_stays_and_old_messages_convert_only_clean() -> None:
    async with FakeDiscord() as fake:
        fake.rate_limits.enabled = False  # more than 5 writes in the channel
        path = f"/channels/{fake.channel_id}/messages"
        _, new = await raw(fake, "POST", path, {"flags": V2, "components": [text("board")]})
        at = f"{path}/{new['id']}"
        for edit in ({"flags": 0}, {"content": "back to text"}, {"embeds": [{"title": "t"}]}):
            status, answer = await raw(fake, "PATCH", at, edit)
            assert (status, answer["code"]) == (400, 50035), (edit, answer)
        status, answer = await raw(fake, "PATCH", at, {"components": [text("turn 2")]})
        assert status == 200 and answer["flags"] == V2
        message = fake.message(int(new["id"]))
        assert message.text() == "turn 2" and message.edits == 1

        _, old = await raw(fake, "POST", path, {"content": "old board"})
        at = f"{path}/{old['id']}"
        status, answer = await raw(fake, "PATCH", at, {"flags": V2, "components": [text("b")]})
        assert (status, answer["code"]) == (400, 50035)  # its content would stay: refused
        assert fake.message(int(old["id"])).content == "old board"
        status, answer = await raw(
            fake, "PATCH", at, {"flags": V2, "content": "", "embeds": [], "components": [text("b")]}
        )
        assert status == 200 and answer["flags"] == V2 and answer["content"] == ""


async def test_layout_edit_keeps_the_named_image_without_upload() -> None:
    """An edit that names attachment://board.png without uploading it shows the kept file; one
    that drops the file while still naming it is refused."""
    async with FakeDiscord() as fake:
        path = f"/channels/{fake.channel_id}/messages"
        board = [gallery("attachment://board.png"), text("turn 1")]
        png = {"board.png": b"\x89PNG\r\n\x1a\n"}
        _, sent = await raw(fake, "POST", path, {"flags": V2, "components": board}, png)
        at = f"{path}/{sent['id']}"
        status, _ = await raw(fake, "PATCH", at, {"components": [board[0], text("turn 2")]})
        assert status == 200
        message = fake.message(int(sent["id"]))
        assert [a.filename for a in message.shown_attachments()] == ["board.png"]
        status, answer = await raw(fake, "PATCH", at, {"attachments": [], "components": board})
        assert (status, answer["code"]) == (400, 50035)
        assert message.png() is not None and message.text() == "turn 2"
