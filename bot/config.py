"""Settings from config.toml (optional) and the environment; the token is never logged."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from engine.registry import DEFAULT_LOCAL_GAME


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


def load_config(path: str | Path = "config.toml") -> Config:
    data: dict[str, Any] = {}
    file = Path(path)
    if file.exists():
        data = tomllib.loads(file.read_text("utf-8"))
    discord, storage = data.get("discord", {}), data.get("storage", {})
    bot, timers, local = data.get("bot", {}), data.get("timers", {}), data.get("local", {})
    limits = data.get("limits", {})
    defaults = Config()
    return Config(
        token=os.environ.get("DISCORD_TOKEN") or discord.get("token", ""),
        database=os.environ.get("FORUM_DATABASE") or storage.get("database", defaults.database),
        default_locale=bot.get("default_locale", defaults.default_locale),
        ai_delay_seconds=float(bot.get("ai_delay_seconds", defaults.ai_delay_seconds)),
        repost_after_messages=int(bot.get("repost_after_messages", defaults.repost_after_messages)),
        reminder_minutes=float(timers.get("reminder_minutes", defaults.reminder_minutes)),
        idle_policy=timers.get("idle_policy", defaults.idle_policy),
        idle_after_reminder_minutes=float(
            timers.get("idle_after_reminder_minutes", defaults.idle_after_reminder_minutes)
        ),
        board_interval_seconds=float(
            limits.get("board_interval_seconds", defaults.board_interval_seconds)
        ),
        rest_per_second=int(limits.get("rest_per_second", defaults.rest_per_second)),
        channel_messages=int(limits.get("channel_messages", defaults.channel_messages)),
        channel_window_seconds=float(
            limits.get("channel_window_seconds", defaults.channel_window_seconds)
        ),
        render_processes=int(bot.get("render_processes", defaults.render_processes)),
        local_game=local.get("game", defaults.local_game),
    )
