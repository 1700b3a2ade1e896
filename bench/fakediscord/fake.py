"""FakeDiscord: the public facade tying store, server, gateway and driver together."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from types import TracebackType
from typing import TYPE_CHECKING, Any

import yarl

from .driver import UserActions
from .gateway import Gateway
from .limits import RateLimits
from .mentions import Ping, pinged_text
from .model import FakeMessage, FakeUser, InteractionRecord, RequestRecord
from .rest import RestApi
from .server import Server
from .store import Store
from .webhooks import WebhookApi

if TYPE_CHECKING:
    import discord

log = logging.getLogger("bench.fakediscord")


class FakeDiscord(UserActions):
    """A loopback Discord (REST v10 + gateway) for a real discord.py client, plus users."""

    def __init__(
        self,
        bot_has_manage_messages: bool = True,
        *,
        bot_has_manage_channels: bool = True,
        token: str = "fake-token",
        guild_locale: str = "en-US",
        interaction_deadline: float | None = 3.0,
        response_timeout: float = 5.0,
        check_mentions: bool = True,
    ) -> None:
        """With `check_mentions`, leaving the `async with` block raises when a bot message
        could ping what it should not."""
        self.token = token
        self.check_mentions = check_mentions
        self.response_timeout = response_timeout
        self.store = Store(
            bot_has_manage_messages=bot_has_manage_messages,
            bot_has_manage_channels=bot_has_manage_channels,
            guild_locale=guild_locale,
        )
        self.server = Server(self.store, Gateway(self.store, token, self._touch))
        self.gateway = self.server.gateway
        RestApi(self.server, token).register()
        WebhookApi(self.server, interaction_deadline).register()
        self._saved: tuple[str, yarl.URL] | None = None
        self._bots: list[tuple[discord.Client, asyncio.Task[None]]] = []
        self._started = False

    def _touch(self) -> None:
        self.server.touch()

    # ---- lifecycle ------------------------------------------------------------------------

    async def start(self) -> None:
        await self.server.start()
        self._started = True

    async def stop(self) -> None:
        """Close bots started with :meth:`start_bot`, every socket, the server; unpatch."""
        for client, _ in list(self._bots):
            await self.stop_bot(client)
        await self.server.stop()
        self.unpatch_discord()
        self._started = False

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.patch_discord()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()
        if exc is None and self.check_mentions:
            self.assert_no_pings()

    def assert_no_pings(self) -> None:
        """Fail listing every bot message that could ping `@everyone`, `@here`, a role or a user
        it did not name in its allowed_mentions."""
        problems = [f"{p.reasons} in {p.content[:120]!r}" for p in self.pings]
        assert not problems, "bot messages could ping:\n" + "\n".join(problems)

    @property
    def pings(self) -> list[Ping]:
        """Bot messages that could ping what they should not (see .mentions)."""
        return list(self.store.pings)

    @property
    def unguarded(self) -> list[FakeMessage]:
        """Bot messages sent or edited with content but without allowed_mentions."""
        return list(self.store.unguarded)

    def patch_discord(self) -> None:
        """Point discord.py's REST base and default gateway at this fake."""
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if not self._started:
            raise RuntimeError("start() the fake before patching discord")
        if self._saved is None:
            self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = f"{self.server.base_url}/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway.url)

    def unpatch_discord(self) -> None:
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    def client_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for the bot constructor that keep startup fast."""
        return {"guild_ready_timeout": 0.05, "chunk_guilds_at_startup": False}

    # ---- bots -----------------------------------------------------------------------------

    async def wait_ready(self, timeout: float = 10, *, grace: float = 0.1) -> None:
        """Until a bot has identified and got READY + GUILD_CREATE (plus ``grace`` seconds
        so that ``on_ready`` has fired with ``guild_ready_timeout=0.05``)."""
        await self.wait_for(lambda: bool(self.gateway.active), timeout)
        await asyncio.sleep(grace)

    async def start_bot(
        self, client: discord.Client, *, timeout: float = 10, grace: float = 0.1
    ) -> asyncio.Task[None]:
        """Run ``client.start(token)`` in a task and wait until it is ready."""
        before = self.gateway.ready_count
        task = asyncio.create_task(client.start(self.token), name="fakediscord-bot")
        self._bots.append((client, task))
        await self.wait_for(lambda: self.gateway.ready_count > before or task.done(), timeout)
        if task.done():
            self._bots.remove((client, task))
            task.result()  # raise the startup error
            raise RuntimeError("bot stopped during startup")
        await asyncio.sleep(grace)
        return task

    async def stop_bot(self, client: discord.Client) -> None:
        """Close a bot started with :meth:`start_bot` and wait for its task."""
        await client.close()
        for entry in [e for e in self._bots if e[0] is client]:
            self._bots.remove(entry)
            await asyncio.wait_for(entry[1], 5)

    async def disconnect_bot(self) -> None:
        """Close every bot gateway socket hard, like a killed process; the old client's
        resume attempts are parked (never dispatched to) so only new clients get events."""
        await self.gateway.kill_all()
        self._touch()

    # ---- guild setup ----------------------------------------------------------------------

    def add_user(
        self,
        name: str,
        locale: str = "en-US",
        *,
        manage_channels: bool = False,
        manage_guild: bool = False,
    ) -> FakeUser:
        """A new guild member (with Manage Server when `manage_guild`); a connected bot gets
        GUILD_MEMBER_ADD."""
        user = self.store.add_user(name, locale, manage_channels, manage_guild)
        data = self.store.member_json(user) | {"guild_id": str(self.guild_id)}
        self.gateway.dispatch_soon("GUILD_MEMBER_ADD", data, self.guild_id)
        return user

    def add_guild(self, name: str) -> int:
        """Another server the bot is in (no other member yet); a connected bot gets
        GUILD_CREATE, as when it is added to a server."""
        guild_id = self.store.add_guild(name)
        self.gateway.dispatch_soon("GUILD_CREATE", self.store.guild_json(guild_id), guild_id)
        return guild_id

    def join_guild(self, user: FakeUser, guild_id: int) -> None:
        """``user`` joins another server; the bot gets GUILD_MEMBER_ADD."""
        self.store.guild_members[guild_id].add(user.id)
        data = self.store.member_json(user, guild_id=guild_id) | {"guild_id": str(guild_id)}
        self.gateway.dispatch_soon("GUILD_MEMBER_ADD", data, guild_id)

    def leave_guild(self, user: FakeUser, guild_id: int) -> None:
        """``user`` leaves another server; the bot gets GUILD_MEMBER_REMOVE."""
        self.store.guild_members[guild_id].discard(user.id)
        data = {"guild_id": str(guild_id), "user": user.to_json()}
        self.gateway.dispatch_soon("GUILD_MEMBER_REMOVE", data, guild_id)

    def add_channel(self, name: str, guild_id: int | None = None) -> int:
        """A new text channel (default: in the first server); the bot gets CHANNEL_CREATE."""
        channel = self.store.add_channel(name, guild_id)
        self.gateway.dispatch_soon(
            "CHANNEL_CREATE", self.store.channel_json(channel), channel.guild_id
        )
        return channel.id

    def hide_channel(self, channel_id: int, user: FakeUser) -> None:
        """A member overwrite denying ``user`` View Channel; the bot gets CHANNEL_UPDATE."""
        channel = self.store.channel(channel_id)
        channel.hidden_from.add(user.id)
        self.gateway.dispatch_soon(
            "CHANNEL_UPDATE", self.store.channel_json(channel), channel.guild_id
        )

    def add_thread(self, name: str, owner: FakeUser, parent_id: int | None = None) -> int:
        """A public thread a user started (default: in general); the bot gets THREAD_CREATE."""
        parent = self.store.channel(parent_id or self.channel_id)
        thread = self.store.add_thread(parent, name, owner)
        data = self.store.channel_json(thread) | {"newly_created": True}
        self.gateway.dispatch_soon("THREAD_CREATE", data, thread.guild_id)
        return thread.id

    def archive_thread(self, thread_id: int) -> None:
        """Discord's auto-archive after inactivity: THREAD_UPDATE (archived), after which the bot's
        cache drops the thread; it stays fetchable by id, and a new message unarchives it."""
        thread = self.store.channel(thread_id)
        thread.archived = True
        self.gateway.dispatch_soon("THREAD_UPDATE", self.store.thread_json(thread), thread.guild_id)

    def threads(self) -> list[int]:
        """Ids of every thread, oldest first."""
        return [c.id for c in self.store.channels.values() if c.is_thread]

    def close_dms(self, user: FakeUser) -> None:
        """Bot DMs to ``user`` now fail with 403 / code 50007."""
        user.dms_open = False

    def open_dms(self, user: FakeUser) -> None:
        user.dms_open = True

    def dm_channel_id(self, user: FakeUser) -> int:
        return self.store.dm_channel(user).id

    # ---- ids ------------------------------------------------------------------------------

    @property
    def guild_id(self) -> int:
        return self.store.guild_id

    @property
    def channel_id(self) -> int:
        return self.store.channel_id

    @property
    def application_id(self) -> int:
        return self.store.application_id

    @property
    def bot_user_id(self) -> int:
        return self.store.bot.id

    @property
    def base_url(self) -> str:
        return self.server.base_url

    # ---- waiting --------------------------------------------------------------------------

    async def settle(self, quiet: float = 0.15, timeout: float = 10) -> None:
        """Until no REST request or gateway event happened for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            idle = time.monotonic() - self.server.last_activity
            if self.server.inflight == 0 and not self.gateway.pending and idle >= quiet:
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot still busy after {timeout}s")
            await asyncio.sleep(min(0.02, max(quiet - idle, 0.005)))

    async def wait_for(self, predicate: Callable[[], bool], timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise TimeoutError(f"condition not met within {timeout}s")
            await asyncio.sleep(0.01)

    # ---- what users see -------------------------------------------------------------------

    def channel_messages(self, channel_id: int | None = None) -> list[FakeMessage]:
        """Public messages of a channel (default: general), edits applied, deletions gone."""
        return self.store.channel_messages(channel_id or self.channel_id)

    @property
    def deleted_messages(self) -> list[FakeMessage]:
        return list(self.store.deleted_messages)

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        return self.store.dms(user)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return self.store.ephemerals(user)

    def visible_to(self, user: FakeUser) -> list[FakeMessage]:
        return self.store.visible_to(user)

    def message(self, message_id: int) -> FakeMessage:
        return self.store.messages[message_id]

    @property
    def requests(self) -> list[RequestRecord]:
        return self.store.requests

    def calls(self, method: str | None = None, path_contains: str = "") -> list[RequestRecord]:
        """REST calls filtered by method and a substring of the path."""
        return [
            r
            for r in self.store.requests
            if (method is None or r.method == method) and path_contains in r.path
        ]

    def public_texts(self, channel_id: int | None = None) -> list[str]:
        """Every text the bot put in public view in a channel, sent or edited, through its own
        token or an interaction's: for checks that something was never shown there."""
        channel_id = channel_id or self.channel_id
        texts = []
        for record in self.store.requests:
            data = record.json.get("data", record.json) if isinstance(record.json, dict) else {}
            if isinstance(data, dict) and self._public_in(record.path, data, channel_id):
                texts.append(pinged_text(data))  # content and layout text displays
        return texts

    def _public_in(self, path: str, data: dict[str, Any], channel_id: int) -> bool:
        parts = path.split("/")
        if path.startswith(f"/channels/{channel_id}/messages"):
            return True
        if not path.startswith(("/webhooks/", "/interactions/")) or len(parts) < 4:
            return False
        interaction = self.store.tokens.get(parts[3])
        if interaction is None or interaction.channel_id != channel_id:
            return False
        if (data.get("flags") or 0) & 64:
            return False
        target = parts[5] if len(parts) > 5 and parts[4] == "messages" else None
        if target == "@original":
            message = interaction.response_message
        else:
            message = self.store.messages.get(int(target)) if target and target.isdigit() else None
        return message is None or not message.ephemeral

    @property
    def rate_limited(self) -> int:
        """How many requests this fake answered with HTTP 429."""
        return self.server.limiter.refused

    @property
    def rate_limits(self) -> RateLimits:
        return self.server.limiter.limits

    @property
    def unknown_routes(self) -> list[RequestRecord]:
        return self.store.unknown_routes

    @property
    def server_errors(self) -> list[str]:
        return self.store.server_errors

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.store.interactions.values())

    @property
    def users(self) -> list[FakeUser]:
        return [u for u in self.store.users.values() if not u.bot]

    def __repr__(self) -> str:
        return f"<FakeDiscord {self.server.base_url} messages={len(self.store.messages)}>"
