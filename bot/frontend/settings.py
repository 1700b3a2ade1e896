"""What a server's admins set with /game settings: the model and its bounds, the stored
overrides and a per-server cache.

A server stores only the keys its admins changed (a JSON object, table.store guild_settings);
every other key follows config.toml (timers, AI delay) or the defaults below (language: the
server's Discord locale; cooldowns and limits), so a host changing config.toml changes every
server that kept its value.
"""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from bot.frontend.config import Config
from engine.core import IllegalInput
from table.pace import PACES, BadPace, parse_pace
from table.store import StorageError

if TYPE_CHECKING:
    from table.store import Store

log = logging.getLogger("forum.settings")
COMMANDS = ("new", "status", "history", "replay", "export", "stats", "leaderboard", "hint")
SHARED_REFRESH_SECONDS = 60.0  # another process may change a server's settings in PostgreSQL
MAX_CHANNELS = 25

Minutes = Annotated[float, Field(ge=0, le=1440)]
Seconds = Annotated[int, Field(ge=0, le=3600)]


def _pace_name(text: str) -> str:
    """A pace as its canonical name (`1日` → `1d`); ValueError when it is none."""
    try:
        return parse_pace(text).name
    except BadPace:
        raise ValueError(f"not a pace: {text}") from None


def _pace_names(text: str) -> str:
    """`all`, or paces separated by spaces or commas, as canonical names."""
    parts = [p for p in re.split(r"[\s,、]+", text.strip()) if p]
    if not parts or [p.lower() for p in parts] == ["all"]:
        return "all"
    return " ".join(dict.fromkeys(_pace_name(p) for p in parts))


PaceName = Annotated[str, AfterValidator(_pace_name)]
PaceNames = Annotated[str, AfterValidator(_pace_names)]


class Settings(BaseModel):
    """A server's effective settings; the bounds are what /game settings set accepts."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)

    language: Literal["auto", "ja", "en"] = "auto"  # auto: Discord's server locale
    admin_role: int = Field(0, ge=0)  # 0: Manage Server only
    reminder_minutes: Minutes = 10  # 0: no reminder
    idle_policy: Literal["ai", "abort"] = "ai"
    idle_minutes: float = Field(20, ge=1, le=10080)
    ai_delay_seconds: float = Field(1.5, ge=0, le=30)
    game_channels: list[int] = Field(default_factory=list, max_length=MAX_CHANNELS)  # []: all
    thread_lobbies: bool = True
    replays: bool = True
    exports: bool = True
    hints: bool = True  # the Hint button on private choosers (a hinted game is not rated)
    cooldown_new: Seconds = 5  # a typo in the options is retried soon
    cooldown_status: Seconds = 10
    cooldown_history: Seconds = 5
    cooldown_replay: Seconds = 60
    cooldown_export: Seconds = 30
    cooldown_stats: Seconds = 5
    cooldown_leaderboard: Seconds = 5
    cooldown_hint: Seconds = 20  # a new position's hint; a position already searched is free
    open_lobbies: int = Field(3, ge=1, le=20)  # lobbies a member hosts at once, threads included
    open_thread_lobbies: int = Field(2, ge=0, le=20)
    hard_ai_seats: int = Field(4, ge=0, le=50)  # hard AI seats a member has in play at once
    lobby_expiry_minutes: int = Field(60, ge=1, le=10080)
    threads_per_window: int = Field(3, ge=1, le=50)  # thread lobbies a member may create …
    thread_window_minutes: int = Field(10, ge=1, le=1440)  # … per this many minutes
    default_pace: PaceName = "live"  # /game new without a pace (issue 28: async tables)
    allowed_paces: PaceNames = "all"  # the paces /game new offers and accepts
    timeout_policy: Literal["ai", "pass", "abort"] = "ai"  # an async clock that runs out
    quiet_hours_stop_clocks: bool = True  # async clocks stop in each player's quiet hours

    def paces(self) -> list[str]:
        """The paces /game new may use here, the default first."""
        allowed = PACES if self.allowed_paces == "all" else tuple(self.allowed_paces.split())
        return list(dict.fromkeys((self.default_pace, *allowed)))

    @classmethod
    def from_config(cls, config: Config) -> Settings:
        """The defaults of every server: the host's config.toml where it has the key."""
        return cls.model_construct(
            **{
                **cls().model_dump(),
                "reminder_minutes": config.reminder_minutes,
                "idle_policy": config.idle_policy,
                "idle_minutes": config.idle_after_reminder_minutes,
                "ai_delay_seconds": config.ai_delay_seconds,
            }
        )

    def cooldown(self, command: str) -> int:
        return int(getattr(self, f"cooldown_{command}", 0))

    def hosts_games_in(self, channel_id: int | None, parent_id: int | None) -> bool:
        allowed = self.game_channels
        return not allowed or channel_id in allowed or parent_id in allowed


KEYS: tuple[str, ...] = tuple(Settings.model_fields)


class SettingRefused(Exception):
    """A value /game settings set does not accept; `rule` says what it takes (catalog key)."""

    def __init__(self, key: str, rule: str, **args: Any) -> None:
        super().__init__(key)
        self.key, self.rule, self.values = key, rule, args


# Only Manage Server may change these: the delegated role must not hand settings to another.
OWNER_KEYS = frozenset({"admin_role"})


def setting_key(raw: str) -> str:
    """A key a client sent, checked against the model (discord.py does not check a str
    option's choices, so a modified client may send any text, `model_config` included)."""
    if raw not in KEYS:
        raise SettingRefused(raw, "settings.unknown_key")
    return raw


def rule_of(key: str) -> tuple[str, dict[str, Any]]:
    """The catalog key and arguments that tell what `key` accepts, from its bounds."""
    spec = Settings.model_fields[key]
    if spec.annotation is bool:
        return "settings.rule.bool", {}
    if key == "game_channels":
        return "settings.rule.channels", {"count": MAX_CHANNELS}
    if key == "admin_role":
        return "settings.rule.role", {}
    if key in ("default_pace", "allowed_paces"):
        return "settings.rule.pace", {"examples": ", ".join(PACES)}
    choices = getattr(spec.annotation, "__args__", None)
    if choices and all(isinstance(c, str) for c in choices):
        return "settings.rule.choice", {"choices": " / ".join(choices)}
    low = next((m.ge for m in spec.metadata if hasattr(m, "ge")), 0)
    high = next((m.le for m in spec.metadata if hasattr(m, "le")), None)
    whole = "whole" if spec.annotation is int else "number"
    return f"settings.rule.{whole}", {"low": low, "high": high}


_TRUE = {"on", "true", "yes", "1", "オン", "はい"}
_FALSE = {"off", "false", "no", "0", "オフ", "いいえ"}


def parse_value(key: str, raw: str) -> Any:
    """The typed value of what an admin typed; SettingRefused when it is not one."""
    text = raw.strip()
    spec = Settings.model_fields[key]
    try:
        if spec.annotation is bool:
            lowered = text.lower()
            if lowered not in _TRUE | _FALSE:
                raise ValueError(text)
            value: Any = lowered in _TRUE
        elif key == "game_channels":
            value = [] if text.lower() in ("all", "*", "すべて") else _ids(text, "#")
        elif key == "admin_role":
            value = 0 if text.lower() in ("none", "なし") else _ids(text, "@&")[0]
        elif spec.annotation in (int, float) or spec.metadata:
            value = float(text) if spec.annotation is float else int(text)
        else:
            value = text.lower()
        Settings.__pydantic_validator__.validate_assignment(Settings.model_construct(), key, value)
    except (ValueError, IndexError, ValidationError):
        rule, args = rule_of(key)
        raise SettingRefused(key, rule, **args) from None
    return value


def _ids(text: str, sigil: str) -> list[int]:
    """Snowflakes written as mentions (`<#1>`, `<@&1>`) or bare, separated by spaces or commas."""
    pattern = re.compile(rf"^(?:<{re.escape(sigil)}(\d{{15,20}})>|(\d{{15,20}}))$")
    ids = []
    for part in filter(None, re.split(r"[\s,、]+", text)):
        found = pattern.match(part)
        if found is None:
            raise ValueError(part)
        ids.append(int(found.group(1) or found.group(2)))
    if not ids:
        raise ValueError(text)
    return list(dict.fromkeys(ids))


class ServerSettings:
    """Every server's settings, read once per server and kept in memory (with a shared store,
    re-read after a minute, as another process may have changed them)."""

    def __init__(self, config: Config, clock: Callable[[], float] = time.monotonic) -> None:
        self.defaults = Settings.from_config(config)
        self.store: Store | None = None  # set when the bot opens its store
        self._clock = clock
        self._cache: dict[int, Kept] = {}

    async def of(self, guild_id: int | None) -> Settings:
        """The effective settings of a server (the defaults outside any server)."""
        kept = await self._kept(guild_id)
        return kept.settings if kept else self.defaults

    async def overrides(self, guild_id: int | None) -> dict[str, Any]:
        """Only what the server's admins set."""
        kept = await self._kept(guild_id)
        return kept.overrides if kept else {}

    def cached(self, guild_id: int | None) -> Settings:
        """Without a database read: what the latest read of this server gave."""
        kept = self._cache.get(guild_id or 0)
        return kept.settings if kept else self.defaults

    def merged(self, overrides: dict[str, Any]) -> Settings:
        return self.defaults.model_copy(update=overrides)

    async def set(self, guild_id: int, key: str, raw: str) -> Settings:
        value = parse_value(setting_key(key), raw)
        return await self._save(guild_id, {**await self.overrides(guild_id), key: value})

    async def reset(self, guild_id: int, key: str | None, owner: bool = True) -> Settings:
        """One key, or (None) every key; `owner=False` (the delegated role) keeps OWNER_KEYS."""
        overrides = await self.overrides(guild_id)
        if key is None:
            kept = {} if owner else {k: v for k, v in overrides.items() if k in OWNER_KEYS}
        else:
            dropped = setting_key(key)
            kept = {k: v for k, v in overrides.items() if k != dropped}
        return await self._save(guild_id, kept)

    async def _kept(self, guild_id: int | None) -> Kept | None:
        if not guild_id or self.store is None:
            return None
        kept = self._cache.get(guild_id)
        stale = kept is not None and (
            self.store.shared and self._clock() - kept.at > SHARED_REFRESH_SECONDS
        )
        if kept is None or stale:
            stored = await self.store.guild_settings(guild_id)
            kept = self._keep(guild_id, _readable(guild_id, stored))
        return kept

    def _keep(self, guild_id: int, overrides: dict[str, Any]) -> Kept:
        kept = Kept(self._clock(), overrides, self.merged(overrides))
        self._cache[guild_id] = kept
        return kept

    async def _save(self, guild_id: int, overrides: dict[str, Any]) -> Settings:
        assert self.store is not None
        try:
            await self.store.save_guild_settings(guild_id, json.dumps(overrides, sort_keys=True))
        except StorageError as error:  # answered as any unsaved change is; nothing was kept
            log.error("cannot save settings: %s — %s", error, error.fix)
            raise IllegalInput("storage_unavailable") from error
        log.info("settings of guild %s: %s", guild_id, sorted(overrides))
        return self._keep(guild_id, overrides).settings


@dataclass(frozen=True)
class Kept:
    """One server's settings as last read: when, what its admins set, and the result."""

    at: float
    overrides: dict[str, Any]
    settings: Settings


def _readable(guild_id: int, stored: str | None) -> dict[str, Any]:
    """The stored overrides that are still valid keys and values (a newer or older version
    may have stored others); what is not is left out, and logged."""
    if stored is None:
        return {}
    try:
        loaded = json.loads(stored)
    except ValueError:
        loaded = None
    if not isinstance(loaded, dict):
        log.warning("settings of guild %s are unreadable; using the defaults", guild_id)
        return {}
    kept = {}
    for key, value in loaded.items():
        try:
            probe = Settings.model_construct()
            Settings.__pydantic_validator__.validate_assignment(probe, key, value)
            kept[key] = value
        except ValidationError:
            log.warning("setting %s of guild %s is not valid here; ignored", key, guild_id)
    return kept
