"""REST endpoints that are not about interactions: users, channels, messages, guild, commands."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .gateway import Gateway
from .model import FakeChannel, FakeMessage
from .server import Server, body_of, json_response, no_content
from .store import ApiError, Store


def _int(request: web.Request, key: str) -> int:
    try:
        return int(request.match_info[key])
    except ValueError:
        raise ApiError(404, 10003, f"Unknown {key}") from None


class RestApi:
    """Handlers for the bot-token REST routes."""

    def __init__(self, server: Server, token: str) -> None:
        self.server = server
        self.store: Store = server.store
        self.gateway: Gateway = server.gateway
        self.token = token

    def register(self) -> None:
        add = self.server.add
        add("GET", "/users/@me", self.me)
        add("POST", "/users/@me/channels", self.create_dm)
        add("GET", "/users/{uid}", self.get_user)
        add("GET", "/oauth2/applications/@me", self.app_info)
        add("GET", "/applications/@me", self.app_info)
        add("GET", "/gateway", self.gateway_info)
        add("GET", "/gateway/bot", self.gateway_bot)
        add("GET", "/guilds/{gid}", self.get_guild)
        add("GET", "/guilds/{gid}/channels", self.guild_channels)
        add("POST", "/guilds/{gid}/channels", self.create_channel)
        add("GET", "/guilds/{gid}/members", self.list_members)
        add("GET", "/guilds/{gid}/members/{uid}", self.get_member)
        add("GET", "/channels/{cid}", self.get_channel)
        add("PATCH", "/channels/{cid}", self.edit_channel)
        add("DELETE", "/channels/{cid}", self.delete_channel)
        add("POST", "/channels/{cid}/typing", self.typing)
        add("POST", "/channels/{cid}/threads", self.create_thread)
        add("GET", "/channels/{cid}/messages", self.history)
        add("POST", "/channels/{cid}/messages", self.send)
        add("GET", "/channels/{cid}/messages/{mid}", self.get_message)
        add("PATCH", "/channels/{cid}/messages/{mid}", self.edit_message)
        add("DELETE", "/channels/{cid}/messages/{mid}", self.delete_message)
        add("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.react)
        add("DELETE", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.unreact)
        for scope in ("/applications/{app}/commands", "/applications/{app}/guilds/{gid}/commands"):
            add("GET", scope, self.get_commands)
            add("PUT", scope, self.put_commands)

    # ---- auth / users ---------------------------------------------------------------------

    def _auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise ApiError(401, 0, "401: Unauthorized")

    async def me(self, request: web.Request) -> web.Response:
        self._auth(request)
        return json_response(self.store.bot.to_json() | {"verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        self._auth(request)
        return json_response(self.store.user(_int(request, "uid")).to_json())

    async def create_dm(self, request: web.Request) -> web.Response:
        self._auth(request)
        user = self.store.user(int(body_of(request).data.get("recipient_id", 0)))
        return json_response(self.store.channel_json(self.store.dm_channel(user)))

    async def app_info(self, request: web.Request) -> web.Response:
        self._auth(request)
        owner = {"id": str(self.store.owner_id), "username": "owner", "discriminator": "0"}
        return json_response(
            {
                "id": str(self.store.application_id),
                "name": self.store.bot.name,
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner | {"avatar": None, "global_name": "owner", "public_flags": 0},
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "rpc_origins": [],
            }
        )

    async def gateway_info(self, request: web.Request) -> web.Response:
        return json_response({"url": self.gateway.url})

    async def gateway_bot(self, request: web.Request) -> web.Response:
        self._auth(request)
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        return json_response({"url": self.gateway.url, "shards": 1, "session_start_limit": limit})

    # ---- guild ----------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> int:
        self._auth(request)
        guild_id = _int(request, "gid")
        if guild_id not in self.store.guild_names:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild_id

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self.store.guild_json(self._guild(request))
        for key in ("members", "channels", "presences", "voice_states", "threads"):
            data.pop(key)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        channels = [
            c for c in self.store.channels.values() if c.guild_id == guild_id and not c.is_thread
        ]
        return json_response([self.store.channel_json(c) for c in channels])

    async def create_channel(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        self._need_manage_channels()
        name = str(body_of(request).data.get("name") or "channel")
        channel = self.store.add_channel(name, guild_id)
        data = self.store.channel_json(channel)
        await self.gateway.dispatch("CHANNEL_CREATE", data, guild_id)
        return json_response(data, 201)

    async def list_members(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        members = self.store.members(guild_id)
        return json_response([self.store.member_json(u, guild_id=guild_id) for u in members])

    async def get_member(self, request: web.Request) -> web.Response:
        guild_id = self._guild(request)
        user = self.store.users.get(_int(request, "uid"))
        if user is None or not self.store.is_member(user, guild_id):
            raise ApiError(404, 10007, "Unknown Member")
        return json_response(self.store.member_json(user, guild_id=guild_id))

    # ---- channels -------------------------------------------------------------------------

    def _channel(self, request: web.Request) -> FakeChannel:
        self._auth(request)
        return self.store.channel(_int(request, "cid"))

    def _need_manage_channels(self) -> None:
        if not self.store.bot_has_manage_channels:
            raise ApiError(403, 50013, "Missing Permissions")

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self.store.channel_json(self._channel(request)))

    async def edit_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        self._need_manage_channels()
        channel.name = str(body_of(request).data.get("name") or channel.name)
        data = self.store.channel_json(channel)
        await self.gateway.dispatch("CHANNEL_UPDATE", data, channel.guild_id)
        return json_response(data)

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if not channel.is_dm:
            self._need_manage_channels()
            del self.store.channels[channel.id]
            data = self.store.channel_json(channel)
            await self.gateway.dispatch("CHANNEL_DELETE", data, channel.guild_id)
        return json_response(self.store.channel_json(channel))

    async def create_thread(self, request: web.Request) -> web.Response:
        """A public thread without a starter message; members get THREAD_CREATE."""
        channel = self._channel(request)
        if channel.is_dm or channel.is_thread:
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self.store.bot_can_create_threads:
            raise ApiError(403, 50013, "Missing Permissions")
        name = str(body_of(request).data.get("name") or "thread")
        if len(name) > 100:
            raise ApiError(400, 50035, "Invalid Form Body: name: Must be 100 or fewer in length.")
        thread = self.store.add_thread(channel, name, self.store.bot)
        data = self.store.channel_json(thread)
        await self.gateway.dispatch(
            "THREAD_CREATE", data | {"newly_created": True}, channel.guild_id
        )
        return json_response(data, 201)

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return no_content()

    # ---- messages -------------------------------------------------------------------------

    def _message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request)
        msg = self.store.message(_int(request, "mid"), channel.id)
        if msg.ephemeral:  # ephemerals only exist for the interaction token
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        msgs = [m for m in self.store.channel_messages(channel.id) if after < m.id < before]
        msgs = msgs[:limit] if "after" in request.query else msgs[-limit:]
        return json_response([self.store.message_json(m) for m in reversed(msgs)])

    async def send(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.is_dm and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        body = body_of(request)
        msg = self.store.create_message(channel, self.store.bot, body.data, body.files)
        if channel.archived:  # a message unarchives a thread (not locked: locks are not modelled)
            channel.archived = False
            await self.gateway.dispatch(
                "THREAD_UPDATE", self.store.thread_json(channel), channel.guild_id
            )
        return json_response(self.store.message_json(msg))

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self.store.message_json(self._message(request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        if msg.author_id != self.store.bot.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self.store.refuse_if_archived(msg)
        body = body_of(request)
        self.store.edit_message(msg, body.data, body.files)
        return json_response(self.store.message_json(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        if msg.author_id != self.store.bot.id:
            if msg.guild_id is None:
                raise ApiError(403, 50003, "Cannot execute action on a DM channel")
            if not self.store.bot_has_manage_messages:
                raise ApiError(403, 50013, "Missing Permissions")
        self.store.refuse_if_archived(msg)
        self.store.delete_message(msg)
        return no_content()

    async def react(self, request: web.Request) -> web.Response:
        self._message(request).reactions.append(request.match_info["emoji"])
        return no_content()

    async def unreact(self, request: web.Request) -> web.Response:
        msg = self._message(request)
        emoji = request.match_info["emoji"]
        if emoji in msg.reactions:
            msg.reactions.remove(emoji)
        return no_content()

    # ---- application commands -------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        self._auth(request)
        if _int(request, "app") != self.store.application_id:
            raise ApiError(403, 50001, "Missing Access")
        return int(request.match_info["gid"]) if "gid" in request.match_info else None

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.store.commands.get(self._scope(request), []))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        old = {c["name"]: c["id"] for c in self.store.commands.get(scope, [])}
        stored = [self._command(c, scope, old) for c in body_of(request).json or []]
        self.store.commands[scope] = stored
        return json_response(stored)

    def _command(self, cmd: dict[str, Any], scope: int | None, old: dict[str, str]) -> dict:
        _check_install_fields(cmd)
        cmd_id = old.get(cmd["name"]) or str(self.store.ids.next())
        data = {"type": 1, "description": "", "options": []} | cmd
        data |= {"id": cmd_id, "application_id": str(self.store.application_id), "version": "1"}
        if scope is not None:
            data["guild_id"] = str(scope)
        return data


# Discord's values: integration types 0 (guild install) and 1 (user install); contexts 0 (a
# server), 1 (the bot's DM), 2 (group DMs and DMs between others).
INTEGRATION_TYPES = {0, 1}
CONTEXTS = {0, 1, 2}


def _check_install_fields(cmd: dict[str, Any]) -> None:
    """A command's `integration_types` and `contexts` as Discord validates them: absent, null,
    or non-empty lists of known values (50035 Invalid Form Body otherwise)."""
    for key, known in (("integration_types", INTEGRATION_TYPES), ("contexts", CONTEXTS)):
        value = cmd.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or not value or not set(value) <= known:
            raise ApiError(400, 50035, f"Invalid Form Body ({key})")
