"""Data model of the fake Discord: users, channels, messages, interactions, requests."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .layout import COMPONENTS_V2, referenced_attachments

if TYPE_CHECKING:
    from PIL import Image

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
LOADING = 1 << 7
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
PUBLIC_THREAD = 11

# permission bits
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
USE_APPLICATION_COMMANDS = 1 << 31
CREATE_PUBLIC_THREADS = 1 << 35
SEND_MESSAGES_IN_THREADS = 1 << 38
TEXT_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_EXTERNAL_EMOJIS
    | USE_APPLICATION_COMMANDS
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS
)


class Snowflakes:
    """Monotonic snowflake generator whose ids carry the current time."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        self._last = max(self._last + 1, now)
        return self._last


def snowflake_iso(snowflake: int) -> str:
    """ISO-8601 timestamp encoded in a snowflake."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).isoformat()


def now_iso() -> str:
    return dt.datetime.now(tz=dt.UTC).isoformat()


@dataclass(eq=False)
class FakeUser:
    """A Discord user (and guild member) the driver can act as."""

    id: int
    name: str
    locale: str = "en-US"
    bot: bool = False
    manage_channels: bool = False
    manage_guild: bool = False
    dms_open: bool = True
    joined_at: str = field(default_factory=now_iso)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class FakeChannel:
    """A guild text channel (type 0), a DM channel (type 1) or a public thread (type 11)."""

    id: int
    name: str
    type: int = 0
    guild_id: int | None = None
    recipient: FakeUser | None = None
    position: int = 0
    parent_id: int | None = None  # threads: the channel they belong to
    owner_id: int | None = None  # threads: who started them
    hidden_from: set[int] = field(default_factory=set)  # members denied View Channel here
    archived: bool = False  # threads: auto-archived (out of the bot's cache, fetchable by id)

    @property
    def is_dm(self) -> bool:
        return self.type == 1

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD


@dataclass
class Attachment:
    """A file attached to a message; ``data`` holds the uploaded bytes."""

    filename: str
    data: bytes
    id: int = 0
    content_type: str | None = None
    description: str | None = None

    @property
    def size(self) -> int:
        return len(self.data)

    def is_png(self) -> bool:
        return self.data.startswith(PNG_MAGIC)


def iter_components(components: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Walk components depth first: action rows, containers, sections, labels."""
    for comp in components:
        yield comp
        yield from iter_components(comp.get("components") or [])
        for key in ("accessory", "component"):
            child = comp.get(key)
            if isinstance(child, dict):
                yield from iter_components([child])


@dataclass(eq=False)
class FakeMessage:
    """A message as users see it; the stored object is updated in place by edits."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    ephemeral_for: int | None = None
    deleted: bool = False
    edits: int = 0
    guild_id: int | None = None
    type: int = 0
    edited_timestamp: str | None = None
    webhook_id: int | None = None
    interaction_id: int | None = None
    reactions: list[str] = field(default_factory=list)
    allowed_mentions: dict[str, Any] | None = None  # as sent with the latest content

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & LOADING)

    def iter_components(self) -> Iterator[dict[str, Any]]:
        return iter_components(self.components)

    def all_custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def find_component(self, custom_id: str) -> dict[str, Any] | None:
        return next((c for c in self.iter_components() if c.get("custom_id") == custom_id), None)

    def text(self) -> str:
        """Content plus embed titles, descriptions, fields, footers, joined by newlines."""
        parts = [self.content]
        for embed in self.embeds:
            parts.append(embed.get("author", {}).get("name", ""))
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append(embed.get("footer", {}).get("text", ""))
        for comp in self.iter_components():
            if comp.get("type") == 10:  # components v2 text display
                parts.append(comp.get("content", ""))
        return "\n".join(p for p in parts if p)

    @property
    def is_layout(self) -> bool:
        """Sent with IS_COMPONENTS_V2: only components show, files only where they name them."""
        return bool(self.flags & COMPONENTS_V2)

    def shown_attachments(self) -> list[Attachment]:
        """The files users see: all of a legacy message's, a layout message's named ones."""
        if not self.is_layout:
            return list(self.attachments)
        names = referenced_attachments(self.components)
        return [a for a in self.attachments if a.filename in names]

    def png(self) -> Attachment | None:
        """The first PNG users see on the message."""
        return next((a for a in self.shown_attachments() if a.is_png()), None)

    def image(self) -> Image.Image | None:
        """The first PNG attachment decoded with Pillow, or None."""
        from PIL import Image

        att = self.png()
        if att is None:
            return None
        img = Image.open(io.BytesIO(att.data))
        img.load()
        return img

    def __repr__(self) -> str:
        extra = " ephemeral" if self.ephemeral else ""
        extra += " deleted" if self.deleted else ""
        return f"<FakeMessage id={self.id} channel={self.channel_id}{extra} {self.text()[:60]!r}>"


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent by the driver, with what the bot answered."""

    id: int
    token: str
    user: FakeUser
    type: int  # 2 command, 3 component, 4 autocomplete, 5 modal submit
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any] = field(default_factory=dict)
    source_message: FakeMessage | None = None
    response_type: int | None = None
    response_message: FakeMessage | None = None
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    created: float = field(default_factory=time.monotonic)
    responded: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def is_dm(self) -> bool:
        return self.guild_id is None

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message (if any) followed by the followups, live objects."""
        first = [self.response_message] if self.response_message is not None else []
        return first + [m for m in self.followups if m is not self.response_message]

    def __repr__(self) -> str:
        return (
            f"<InteractionRecord id={self.id} type={self.type} user={self.user.name} "
            f"response_type={self.response_type}>"
        )


@dataclass
class RequestRecord:
    """One REST call made by the bot; ``path`` is relative to /api/v10."""

    method: str
    path: str
    query: dict[str, str]
    json: Any
    files: list[Attachment] = field(default_factory=list)
    status: int = 0
    time: float = field(default_factory=time.monotonic)

    def __repr__(self) -> str:
        return f"<RequestRecord {self.method} {self.path} -> {self.status}>"
