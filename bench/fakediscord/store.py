"""State of the fake guild and the message store, plus the JSON payloads built from it."""

from __future__ import annotations

import copy
import mimetypes
import re
from typing import Any

from .layout import ATTACHMENT_SCHEME, COMPONENTS_V2, Form, LayoutError, check_form, walk
from .mentions import Ping, allowed_mentions_problem, pinged_text, unwanted_pings
from .model import (
    EPHEMERAL,
    LOADING,
    MANAGE_CHANNELS,
    MANAGE_GUILD,
    MANAGE_MESSAGES,
    PUBLIC_THREAD,
    TEXT_PERMISSIONS,
    VIEW_CHANNEL,
    Attachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    RequestRecord,
    Snowflakes,
    iter_components,
    now_iso,
    snowflake_iso,
)

FILE_SIZE_LIMIT = 10 * 1024 * 1024
KEPT_FLAGS = EPHEMERAL  # flags an edit cannot change


class ApiError(Exception):
    """An error answer of the REST API: HTTP status plus Discord JSON error code."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message

    def body(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message}


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def invalid_form(message: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {message}")


def _check_modal_components(components: list[dict[str, Any]]) -> None:
    ids = [c["custom_id"] for c in iter_components(components) if "custom_id" in c]
    if len(set(ids)) != len(ids):
        raise invalid_form("components: Component custom id cannot be duplicated")
    for cid in ids:
        if not 1 <= len(cid) <= 100:
            raise invalid_form(f"custom_id {cid!r}: Must be between 1 and 100 in length.")
    for comp in iter_components(components):
        if len(comp.get("options") or []) > 25:
            raise invalid_form("options: Must be 25 or fewer in length.")
        _too_long("placeholder", comp.get("placeholder"), PLACEHOLDER_MAX)


PLACEHOLDER_MAX = 150
OPTION_FIELD_MAX = 100
MODAL_FIELD_MAX = 45


def _too_long(where: str, text: Any, limit: int) -> None:
    if isinstance(text, str) and len(text) > limit:
        raise invalid_form(f"{where}: Must be {limit} or fewer in length.")


def validate_choices(choices: list[dict[str, Any]]) -> None:
    """At most 25 autocomplete choices, names and string values of at most 100 characters."""
    if len(choices) > 25:
        raise invalid_form("choices: Must be 25 or fewer in length.")
    for choice in choices:
        _too_long("choices.name", choice.get("name"), OPTION_FIELD_MAX)
        _too_long("choices.value", choice.get("value"), OPTION_FIELD_MAX)


def validate_modal(data: dict[str, Any]) -> None:
    """A modal's title and text-input labels are at most 45 characters."""
    _too_long("title", data.get("title"), MODAL_FIELD_MAX)
    for comp in iter_components(data.get("components") or []):
        if comp.get("type") == 4:
            _too_long("components.label", comp.get("label"), MODAL_FIELD_MAX)
    _check_modal_components(data.get("components") or [])


def _embed_chars(embed: dict[str, Any]) -> int:
    fields = embed.get("fields", [])
    return (
        len(embed.get("title", ""))
        + len(embed.get("description", ""))
        + sum(len(f.get("name", "")) + len(f.get("value", "")) for f in fields)
        + len(embed.get("footer", {}).get("text", ""))
        + len(embed.get("author", {}).get("name", ""))
    )


def validate_message(data: dict[str, Any], files: list[Attachment], *, creating: bool) -> None:
    """Reject what real Discord rejects (limits, empty messages, duplicate custom ids)."""
    content = data.get("content") or ""
    if len(content) > 2000:
        raise invalid_form("content: Must be 2000 or fewer in length.")
    embeds = data.get("embeds") or []
    if len(embeds) > 10:
        raise invalid_form("embeds: Must be 10 or fewer in length.")
    if sum(_embed_chars(e) for e in embeds) > 6000:
        raise invalid_form("embeds: Embed size exceeds maximum size of 6000")
    components = data.get("components") or []
    if sum(f.size for f in files) > FILE_SIZE_LIMIT:
        raise ApiError(413, 40005, "Request entity too large")
    if problem := allowed_mentions_problem(data.get("allowed_mentions")):
        raise invalid_form(problem)
    has_any = content or embeds or components or files or data.get("attachments")
    if creating and not (has_any or data.get("sticker_ids") or data.get("poll")):
        raise ApiError(400, 50006, "Cannot send an empty message")


def check_result(msg: FakeMessage, data: dict[str, Any]) -> None:
    """Refuse a message whose state after this create or edit Discord would refuse (see
    .layout): the rules hold for the message as it would stand, not for the request alone."""
    form = Form(
        flags=msg.flags,
        content=msg.content,
        embeds=msg.embeds,
        components=msg.components,
        attachment_names=frozenset(a.filename for a in msg.attachments),
        poll=bool(data.get("poll")),
        stickers=bool(data.get("sticker_ids")),
    )
    try:
        check_form(form)
    except LayoutError as exc:
        raise invalid_form(str(exc)) from None


class Store:
    """Everything the fake remembers; it outlives bot instances."""

    def __init__(
        self,
        *,
        bot_has_manage_messages: bool = True,
        bot_has_manage_channels: bool = True,
        guild_locale: str | None = "en-US",  # None: interactions carry no guild_locale
    ) -> None:
        self.ids = Snowflakes()
        self.base_url = "http://127.0.0.1:0"
        self.bot_has_manage_messages = bot_has_manage_messages
        self.bot_has_manage_channels = bot_has_manage_channels
        self.guild_locale = guild_locale
        self.bot_can_create_threads = True  # Create Public Threads in every text channel
        self.application_id = self.ids.next()
        self.bot = FakeUser(self.application_id, "Forum", bot=True)
        self.guild_id = self.ids.next()
        self.owner_id = self.ids.next()
        self.bot_role_id = self.ids.next()
        self.manager_role_id = self.ids.next()
        self.users: dict[int, FakeUser] = {self.bot.id: self.bot}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.deleted_messages: list[FakeMessage] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self.tokens: dict[str, InteractionRecord] = {}
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[RequestRecord] = []
        self.server_errors: list[str] = []
        self.pings: list[Ping] = []  # bot messages that could ping what they should not
        self.unguarded: list[FakeMessage] = []  # bot messages with content, no allowed_mentions
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        # Servers: the first holds every user; each other one, the bot and who joined it.
        self.guild_names: dict[int, str] = {self.guild_id: "Fake Guild"}
        self.guild_roles = {self.guild_id: (self.manager_role_id, self.bot_role_id)}
        self.guild_members: dict[int, set[int]] = {}  # other servers -> their members
        self.channel_id = self.add_channel("general").id

    # ---- entities -------------------------------------------------------------------------

    def add_guild(self, name: str) -> int:
        """Another server the bot is in, with no other member yet."""
        guild_id = self.ids.next()
        self.guild_names[guild_id] = name
        self.guild_roles[guild_id] = (self.ids.next(), self.ids.next())
        self.guild_members[guild_id] = {self.bot.id}
        return guild_id

    def is_member(self, user: FakeUser, guild_id: int) -> bool:
        members = self.guild_members.get(guild_id)
        return user.id in self.users if members is None else user.id in members

    def add_channel(self, name: str, guild_id: int | None = None) -> FakeChannel:
        guild_id = guild_id or self.guild_id
        position = len([c for c in self.channels.values() if c.guild_id == guild_id])
        channel = FakeChannel(self.ids.next(), name, 0, guild_id, position=position)
        self.channels[channel.id] = channel
        return channel

    def add_thread(self, parent: FakeChannel, name: str, owner: FakeUser) -> FakeChannel:
        thread = FakeChannel(
            self.ids.next(),
            name,
            PUBLIC_THREAD,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
        )
        self.channels[thread.id] = thread
        return thread

    def add_user(
        self, name: str, locale: str, manage_channels: bool, manage_guild: bool = False
    ) -> FakeUser:
        user = FakeUser(
            self.ids.next(),
            name,
            locale=locale,
            manage_channels=manage_channels,
            manage_guild=manage_guild,
        )
        self.users[user.id] = user
        return user

    def members(self, guild_id: int | None = None) -> list[FakeUser]:
        return [u for u in self.users.values() if self.is_member(u, guild_id or self.guild_id)]

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user``; stable id per user."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), "", 1, None, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def channel(self, channel_id: int) -> FakeChannel:
        try:
            return self.channels[channel_id]
        except KeyError:
            raise unknown("Channel", 10003) from None

    def user(self, user_id: int) -> FakeUser:
        try:
            return self.users[user_id]
        except KeyError:
            raise unknown("User", 10013) from None

    def message(self, message_id: int, channel_id: int | None = None) -> FakeMessage:
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or channel_id not in (None, msg.channel_id):
            raise unknown("Message", 10008)
        return msg

    # ---- permissions ----------------------------------------------------------------------

    def bot_role_permissions(self) -> int:
        perms = MANAGE_MESSAGES if self.bot_has_manage_messages else 0
        return perms | (MANAGE_CHANNELS if self.bot_has_manage_channels else 0)

    def roles_of(self, user: FakeUser, guild_id: int | None = None) -> list[int]:
        manager_role, bot_role = self.guild_roles[guild_id or self.guild_id]
        if user.bot:
            return [bot_role]
        return [manager_role] if user.manage_channels else []

    def permissions_of(self, user: FakeUser) -> int:
        perms = TEXT_PERMISSIONS
        if user.bot:
            perms |= self.bot_role_permissions()
        if user.manage_channels:
            perms |= MANAGE_CHANNELS
        if user.manage_guild:
            perms |= MANAGE_GUILD
        return perms

    # ---- payloads -------------------------------------------------------------------------

    def role_json(self, role_id: int, name: str, perms: int, position: int) -> dict[str, Any]:
        return {
            "id": str(role_id),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(perms),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

    def roles_json(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        guild_id = guild_id or self.guild_id
        manager_role, bot_role = self.guild_roles[guild_id]
        return [
            self.role_json(guild_id, "@everyone", TEXT_PERMISSIONS, 0),
            self.role_json(manager_role, "Channel Manager", MANAGE_CHANNELS, 1),
            self.role_json(bot_role, self.bot.name, self.bot_role_permissions(), 2),
        ]

    def member_json(
        self,
        user: FakeUser,
        *,
        with_user: bool = True,
        permissions: bool = False,
        guild_id: int | None = None,
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles_of(user, guild_id)],
            "joined_at": user.joined_at,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = user.to_json()
        if permissions:
            data["permissions"] = str(self.permissions_of(user))
        return data

    def channel_json(self, channel: FakeChannel) -> dict[str, Any]:
        if channel.is_dm:
            assert channel.recipient is not None
            return {
                "id": str(channel.id),
                "type": 1,
                "recipients": [channel.recipient.to_json()],
                "last_message_id": None,
                "flags": 0,
            }
        if channel.is_thread:
            return self.thread_json(channel)
        return {
            "id": str(channel.id),
            "type": channel.type,
            "name": channel.name,
            "guild_id": str(channel.guild_id),
            "position": channel.position,
            "permission_overwrites": [
                {"id": str(user_id), "type": 1, "allow": "0", "deny": str(VIEW_CHANNEL)}
                for user_id in sorted(channel.hidden_from)
            ],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def thread_json(self, thread: FakeChannel) -> dict[str, Any]:
        return {
            "id": str(thread.id),
            "type": thread.type,
            "name": thread.name,
            "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent_id),
            "owner_id": str(thread.owner_id),
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": 1,
            "flags": 0,
            "thread_metadata": {
                "archived": thread.archived,
                "auto_archive_duration": 1440,
                "archive_timestamp": snowflake_iso(thread.id),
                "locked": False,
                "create_timestamp": snowflake_iso(thread.id),
            },
        }

    def guild_json(self, guild_id: int | None = None) -> dict[str, Any]:
        guild_id = guild_id or self.guild_id
        members = self.members(guild_id)
        guild_channels = [c for c in self.channels.values() if c.guild_id == guild_id]
        channels = [self.channel_json(c) for c in guild_channels if not c.is_thread]
        # Discord's GUILD_CREATE lists only active threads: an archived one is fetched by id.
        threads = [self.thread_json(c) for c in guild_channels if c.is_thread and not c.archived]
        return {
            "id": str(guild_id),
            "name": self.guild_names[guild_id],
            "icon": None,
            "owner_id": str(self.owner_id),
            "preferred_locale": self.guild_locale or "en-US",
            "roles": self.roles_json(guild_id),
            "channels": channels,
            "members": [self.member_json(u, guild_id=guild_id) for u in members],
            "member_count": len(members),
            "large": False,
            "unavailable": False,
            "joined_at": self.bot.joined_at,
            "features": [],
            "emojis": [],
            "stickers": [],
            "voice_states": [],
            "presences": [],
            "threads": threads,
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "premium_tier": 0,
            "mfa_level": 0,
            "verification_level": 0,
            "explicit_content_filter": 0,
            "default_message_notifications": 0,
            "system_channel_id": None,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "nsfw_level": 0,
        }

    def attachment_json(self, msg: FakeMessage, att: Attachment) -> dict[str, Any]:
        url = f"{self.base_url}/attachments/{msg.channel_id}/{att.id}/{att.filename}"
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": att.size,
            "url": url,
            "proxy_url": url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            data["description"] = att.description
        return data

    def message_json(self, msg: FakeMessage) -> dict[str, Any]:
        author = self.users.get(msg.author_id) or self.bot
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": author.to_json(),
            "content": msg.content,
            "timestamp": snowflake_iso(msg.id),
            "edited_timestamp": msg.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": self._mentions(msg.content),
            "mention_roles": [],
            "attachments": [self.attachment_json(msg, a) for a in msg.attachments],
            "embeds": msg.embeds,
            "pinned": False,
            "type": msg.type,
            "flags": msg.flags,
            "components": self._answered_components(msg),
            "reactions": [],
        }
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            if not author.bot:
                data["member"] = self.member_json(author, with_user=False, guild_id=msg.guild_id)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(self.application_id)
        return data

    def _answered_components(self, msg: FakeMessage) -> list[dict[str, Any]]:
        """Components as Discord answers them: a layout message's get sequential ids and its
        attachment:// media the attachment's own url."""
        if not msg.is_layout:
            return msg.components
        components = copy.deepcopy(msg.components)
        files = {a.filename: a for a in msg.attachments}
        for number, (_, comp) in enumerate(walk(components), start=1):
            comp.setdefault("id", number)
            medias = [comp.get("media"), comp.get("file")]
            medias += [item.get("media") for item in comp.get("items") or []]
            for media in medias:
                url = media.get("url") if isinstance(media, dict) else None
                att = files.get(url.removeprefix(ATTACHMENT_SCHEME)) if url else None
                if att is not None and url.startswith(ATTACHMENT_SCHEME):
                    media["url"] = media["proxy_url"] = self.attachment_json(msg, att)["url"]
                    media["attachment_id"] = str(att.id)
                    media["content_type"] = att.content_type
        return components

    def _mentions(self, content: str) -> list[dict[str, Any]]:
        ids = dict.fromkeys(int(m) for m in re.findall(r"<@!?(\d+)>", content))
        return [self.users[i].to_json() for i in ids if i in self.users]

    # ---- messages -------------------------------------------------------------------------

    def _stored_files(
        self, files: list[Attachment], specs: list[dict[str, Any]]
    ) -> list[Attachment]:
        """Give uploaded files snowflakes; ``specs`` is the payload's attachments list."""
        by_index = {str(s.get("id")): s for s in specs}
        stored = []
        for index, f in enumerate(files):
            spec = by_index.get(str(index), {})
            content_type = mimetypes.guess_type(f.filename)[0]
            stored.append(
                Attachment(
                    spec.get("filename", f.filename),
                    f.data,
                    self.ids.next(),
                    content_type or "application/octet-stream",
                    spec.get("description"),
                )
            )
        return stored

    def create_message(
        self,
        channel: FakeChannel,
        author: FakeUser,
        data: dict[str, Any],
        files: list[Attachment],
        *,
        ephemeral_for: int | None = None,
        interaction: InteractionRecord | None = None,
        validate: bool = True,
    ) -> FakeMessage:
        if validate:
            validate_message(data, files, creating=True)
        flags = (data.get("flags") or 0) & ~EPHEMERAL
        if ephemeral_for is not None:
            flags |= EPHEMERAL
        msg = FakeMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            author_id=author.id,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=self._stored_files(files, data.get("attachments") or []),
            flags=flags,
            ephemeral_for=ephemeral_for,
            guild_id=channel.guild_id,
            type=20 if interaction is not None and interaction.type == 2 else 0,
            webhook_id=self.application_id if interaction is not None else None,
            interaction_id=interaction.id if interaction is not None else None,
        )
        if validate:
            check_result(msg, data)
        self.messages[msg.id] = msg
        if author.bot:
            self._note_mentions(msg, data)
        return msg

    def edit_message(self, msg: FakeMessage, data: dict[str, Any], files: list[Attachment]) -> None:
        """Apply a PATCH-style edit: only keys present change; ``attachments`` lists what stays.
        The edited message must still be one Discord accepts, else nothing changes."""
        validate_message(data, files, creating=False)
        edited = copy.copy(msg)
        if "content" in data:
            edited.content = data["content"] or ""
        if "embeds" in data:
            edited.embeds = list(data["embeds"] or [])
        if "components" in data:
            edited.components = list(data["components"] or [])
        if data.get("flags") is not None:
            if msg.flags & COMPONENTS_V2 and not data["flags"] & COMPONENTS_V2:
                raise invalid_form("flags: The IS_COMPONENTS_V2 flag cannot be removed")
            edited.flags = (msg.flags & KEPT_FLAGS) | (data["flags"] & ~(KEPT_FLAGS | LOADING))
        edited.attachments = self._edited_attachments(msg, data, files)
        check_result(edited, data)
        msg.content, msg.embeds, msg.components = edited.content, edited.embeds, edited.components
        msg.flags, msg.attachments = edited.flags, edited.attachments
        if "content" in data or "components" in data:  # text displays ping as content does
            self._note_mentions(msg, data)
        if msg.loading:
            msg.flags &= ~LOADING  # the deferred placeholder becomes the real response
        else:
            msg.edits += 1
            msg.edited_timestamp = now_iso()

    def _note_mentions(self, msg: FakeMessage, data: dict[str, Any]) -> None:
        """Record the send's allowed_mentions and flag what it could ping (see .mentions)."""
        allowed = data.get("allowed_mentions")
        msg.allowed_mentions = allowed
        text = pinged_text(data)
        if text and allowed is None:
            self.unguarded.append(msg)
        reasons = unwanted_pings(text, allowed)
        if reasons:
            self.pings.append(Ping(msg.id, msg.channel_id, reasons, text, allowed))

    def _edited_attachments(
        self, msg: FakeMessage, data: dict[str, Any], files: list[Attachment]
    ) -> list[Attachment]:
        new = self._stored_files(files, data.get("attachments") or [])
        if "attachments" not in data:
            return msg.attachments + new
        listed = {str(a.get("id")) for a in data["attachments"] or []}
        kept = [a for a in msg.attachments if str(a.id) in listed]
        return kept + new

    def refuse_if_archived(self, msg: FakeMessage) -> None:
        """Discord refuses to edit or delete a message in an archived thread (only a new
        message unarchives it), through the bot's token or an interaction's alike."""
        if not msg.ephemeral and self.channel(msg.channel_id).archived:
            raise ApiError(400, 50083, "Thread is archived")

    def delete_message(self, msg: FakeMessage) -> None:
        if not msg.deleted:
            msg.deleted = True
            self.deleted_messages.append(msg)

    # ---- recorder queries -----------------------------------------------------------------

    def live_messages(self) -> list[FakeMessage]:
        return [m for m in self.messages.values() if not m.deleted]

    def channel_messages(self, channel_id: int) -> list[FakeMessage]:
        return [m for m in self.live_messages() if m.channel_id == channel_id and not m.ephemeral]

    def dms(self, user: FakeUser) -> list[FakeMessage]:
        channel = self.dm_channels.get(user.id)
        return [] if channel is None else self.channel_messages(channel.id)

    def ephemerals(self, user: FakeUser) -> list[FakeMessage]:
        return [m for m in self.live_messages() if m.ephemeral_for == user.id]

    def visible_to(self, user: FakeUser) -> list[FakeMessage]:
        guild_channels = {c.id for c in self.channels.values() if not c.is_dm}
        own_dm = self.dm_channels.get(user.id)
        seen = guild_channels | ({own_dm.id} if own_dm else set())
        return [
            m
            for m in self.live_messages()
            if (m.channel_id in seen and not m.ephemeral) or m.ephemeral_for == user.id
        ]
