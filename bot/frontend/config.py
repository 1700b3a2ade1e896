"""Settings from config.toml (optional) and the environment; the token is never logged.

The file is checked against a pydantic model of its sections before anything starts: a
malformed file, a value of the wrong type, an unknown key or a database path that cannot be
used is one `ConfigError` line naming the key and what is valid (exit code 2), never a
traceback or a silently ignored setting.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from engine.registry import DEFAULT_LOCAL_GAME, GAMES

DEFAULT_PATH = "config.toml"


@dataclass(frozen=True)
class Config:
    token: str = ""
    database: str = "data/forum.sqlite3"
    default_locale: str = "ja"
    ai_delay_seconds: float = 1.5
    repost_after_messages: int = 15
    reminder_minutes: float = 10
    idle_policy: Literal["ai", "abort"] = "ai"
    idle_after_reminder_minutes: float = 20
    board_interval_seconds: float = 1.0  # at most one board edit per channel this often
    rest_per_second: int = 45  # the bot's own REST calls, under Discord's ~50/s per bot
    channel_messages: int = 5  # message writes per channel per `channel_window_seconds`
    channel_window_seconds: float = 5.0
    render_processes: int = -1  # board renderers: -1 one process per core, 0 threads
    local_game: str = DEFAULT_LOCAL_GAME  # what `python -m bot` plays without a token

    def __repr__(self) -> str:  # keep the token out of any log line or traceback
        return f"Config(database={self.database!r}, token={'set' if self.token else 'unset'})"


class ConfigError(Exception):
    """The settings cannot be used; the message is one line for the terminal."""


_D = Config()


class _Section(BaseModel):
    # TOML has types of its own, so a string is never read as a number; integers may be floats.
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class _Discord(_Section):
    token: str = Field("", description="the bot token, a string")


class _Storage(_Section):
    database: str = Field(_D.database, description="a SQLite file path or a postgresql:// URL")


class _Bot(_Section):
    default_locale: Literal["ja", "en"] = Field(
        _D.default_locale,  # type: ignore[arg-type]  # the example config holds "ja" or "en"
        description='"ja" or "en"',
    )
    ai_delay_seconds: float = Field(_D.ai_delay_seconds, ge=0, description="seconds, 0 or more")
    repost_after_messages: int = Field(
        _D.repost_after_messages, ge=1, description="a whole number, 1 or more"
    )
    render_processes: int = Field(
        _D.render_processes, ge=-1, description="-1 (one per core), 0 (threads) or more"
    )


class _Timers(_Section):
    reminder_minutes: float = Field(_D.reminder_minutes, ge=0, description="minutes, 0 = never")
    idle_policy: Literal["ai", "abort"] = Field(_D.idle_policy, description='"ai" or "abort"')
    idle_after_reminder_minutes: float = Field(
        _D.idle_after_reminder_minutes, ge=0, description="minutes, 0 or more"
    )


class _Limits(_Section):
    rest_per_second: int = Field(_D.rest_per_second, ge=1, description="a whole number, 1 or more")
    channel_messages: int = Field(
        _D.channel_messages, ge=1, description="a whole number, 1 or more"
    )
    channel_window_seconds: float = Field(
        _D.channel_window_seconds, gt=0, description="seconds, more than 0"
    )
    board_interval_seconds: float = Field(
        _D.board_interval_seconds, ge=0, description="seconds, 0 or more"
    )


def game_id_of(name: str) -> str:
    """A game's id as players may write it: any case, spaces or hyphens for its underscores
    ("Some Game" and "some-game" are "some_game"); an unknown name comes back normalised, for
    the caller to refuse."""
    return name.strip().lower().replace(" ", "_").replace("-", "_")


class _Local(_Section):
    game: str = Field(DEFAULT_LOCAL_GAME, description="one of " + ", ".join(sorted(GAMES)))

    @field_validator("game")
    @classmethod
    def _known(cls, game: str) -> str:
        found = game_id_of(game)
        if found not in GAMES:
            raise ValueError(f"unknown game {game!r}")
        return found


class ConfigFile(BaseModel):
    """config.toml: every section optional, every key optional, nothing else allowed."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    discord: _Discord = _Discord()
    storage: _Storage = _Storage()
    bot: _Bot = _Bot()
    timers: _Timers = _Timers()
    limits: _Limits = _Limits()
    local: _Local = _Local()


def load_config(path: str | Path | None = None) -> Config:
    """The settings: `path` must exist when given; without one, ./config.toml if present."""
    file = Path(path if path is not None else DEFAULT_PATH)
    if path is not None and (not file.exists() or file.is_dir()):
        raise ConfigError(f"{file}: no such settings file (--config names an existing file).")
    data = _read(file) if file.exists() else {}  # --config /dev/null: every default
    try:
        settings = ConfigFile.model_validate(data)
    except ValidationError as error:
        raise ConfigError(f"{file}: {_explain(error)}") from None
    database = os.environ.get("FORUM_DATABASE") or settings.storage.database
    key = "FORUM_DATABASE" if os.environ.get("FORUM_DATABASE") else "storage.database"
    check_database(database, f"{file}: {key}" if key == "storage.database" else key)
    bot, timers, limits = settings.bot, settings.timers, settings.limits
    return Config(
        token=os.environ.get("DISCORD_TOKEN") or settings.discord.token,
        database=database,
        default_locale=bot.default_locale,
        ai_delay_seconds=bot.ai_delay_seconds,
        repost_after_messages=bot.repost_after_messages,
        reminder_minutes=timers.reminder_minutes,
        idle_policy=timers.idle_policy,
        idle_after_reminder_minutes=timers.idle_after_reminder_minutes,
        board_interval_seconds=limits.board_interval_seconds,
        rest_per_second=limits.rest_per_second,
        channel_messages=limits.channel_messages,
        channel_window_seconds=limits.channel_window_seconds,
        render_processes=bot.render_processes,
        local_game=settings.local.game,
    )


def _read(file: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(file.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{file}: not valid TOML: {error}.") from None
    except OSError as error:
        raise ConfigError(f"{file}: cannot be read ({error.strerror}).") from None


def _explain(error: ValidationError) -> str:
    """The first problem as `key = value: what is valid (default …)`."""
    problem = error.errors()[0]
    where = [str(part) for part in problem["loc"]]
    key = ".".join(where)
    section = ConfigFile.model_fields.get(where[0])
    shown = "(hidden)" if where[0] == "discord" else repr(problem["input"])  # may be the token
    if problem["type"] == "extra_forbidden":
        if len(where) == 1:
            return (
                f"unknown section [{key}]; the sections are: {', '.join(ConfigFile.model_fields)}."
            )
        names = ", ".join(section.annotation.model_fields) if section and section.annotation else ""
        return f"unknown key {key}; the keys of [{where[0]}] are: {names}."
    if len(where) == 1:
        return f"[{key}] must be a table of keys, not {shown}."
    spec = section.annotation.model_fields[where[1]]  # type: ignore[union-attr]
    return (
        f"{key} = {shown} is not valid ({problem['msg'].lower()}): "
        f"use {spec.description} (default {spec.default!r})."
    )


def check_database(database: str, key: str) -> None:
    """A SQLite path must be a file we can create or open: its folder (or the nearest existing
    one above it) a writable directory, the path itself not a directory."""
    if database.startswith(("postgresql://", "postgres://")) or database == ":memory:":
        return
    path = Path(database)
    valid = "use a writable file path or a postgresql:// URL"
    if path.is_dir():
        raise ConfigError(f"{key} = {database!r} is a directory; {valid}.")
    if path.exists():
        if not os.access(path, os.R_OK | os.W_OK):
            raise ConfigError(f"{key} = {database!r} cannot be written; {valid}.")
        return
    folder = path.absolute().parent
    while not folder.exists():
        folder = folder.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise ConfigError(f"{key} = {database!r}: cannot create it under {folder}; {valid}.")
