"""Several bot processes on one token: `python -m bot --shards 0-3 --shard-count 8`.

Each process runs discord.py's AutoShardedClient on its range of gateway shards; any process may
act on any session, because the sessions live in PostgreSQL (table.pgstore holds a session while
acting). Discord's REST limits are per bot, so each process spends an equal share of them:
a fixed share needs no coordination and cannot overspend however the load is spread, at the
price of leaving a quiet process's share unused (see README "Several processes").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from discord.ext import commands

from bot.discord_app.client import ForumBot
from bot.frontend.config import Config
from table.pgstore import is_postgres_url


class ShardError(ValueError):
    """A shard range that cannot run; the message says why."""


@dataclass(frozen=True)
class ShardPlan:
    ids: tuple[int, ...]
    count: int

    @property
    def processes(self) -> int:
        """How many processes share the token, if every one runs a range this size."""
        return math.ceil(self.count / len(self.ids))

    def share(self, config: Config) -> Config:
        """This process's settings: its share of the bot's REST budget, the per-channel one
        included (a game's DM answers and its channel clicks may reach different processes,
        and both publish its board)."""
        return replace(
            config,
            rest_per_second=max(1, config.rest_per_second // self.processes),
            channel_messages=max(1, config.channel_messages // self.processes),
        )


def parse_shards(text: str, count: int, database: str) -> ShardPlan:
    """`0-3` or `0,2,5` of `count` shards; several processes need a PostgreSQL database."""
    try:
        ids: set[int] = set()
        for part in text.split(","):
            low, _, high = part.partition("-")
            ids.update(range(int(low), int(high or low) + 1))
    except ValueError:
        raise ShardError(
            f"--shards {text!r}: expected a range like 0-3 or a list like 0,2,5"
        ) from None
    if not ids or min(ids) < 0 or max(ids) >= count:
        raise ShardError(f"--shards {text!r}: every shard must be in 0..{count - 1}")
    plan = ShardPlan(tuple(sorted(ids)), count)
    if plan.processes > 1 and not is_postgres_url(database):
        raise ShardError("several processes need storage.database = 'postgresql://…'")
    return plan


class ShardedForumBot(ForumBot, commands.AutoShardedBot):
    """The same bot on a range of shards (AutoShardedClient's gateway handling)."""


def run_sharded(config: Config, plan: ShardPlan) -> int:
    bot = ShardedForumBot(plan.share(config), shard_ids=list(plan.ids), shard_count=plan.count)
    bot.run(config.token, log_handler=None)
    return 0
