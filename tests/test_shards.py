"""`python -m bot --shards 0-3 --shard-count 8`: shard ranges, the REST share, refusals."""

from __future__ import annotations

import os

import discord
import pytest

from bot.__main__ import main
from bot.discord_app.shards import ShardedForumBot, ShardError, parse_shards
from bot.frontend.config import Config

PG = "postgresql://forum@127.0.0.1/forum"


def test_ranges_lists_and_the_rest_share_per_process() -> None:
    plan = parse_shards("0-3", 8, PG)
    assert (plan.ids, plan.count, plan.processes) == ((0, 1, 2, 3), 8, 2)
    share = plan.share(Config(rest_per_second=45, channel_messages=5))
    assert (share.rest_per_second, share.channel_messages) == (22, 2), "two shares fit"
    assert parse_shards("0,2,5", 6, PG).ids == (0, 2, 5)
    whole = parse_shards("0-1", 2, "data/forum.sqlite3")  # one process may shard on SQLite
    assert whole.processes == 1 and whole.share(Config()).rest_per_second == 45


@pytest.mark.parametrize(
    ("shards", "count", "database", "says"),
    [
        ("0-3", 8, "data/forum.sqlite3", "postgresql"),
        ("4-8", 8, PG, "0..7"),
        ("a-b", 8, PG, "range like"),
    ],
)
def test_impossible_plans_are_refused(shards, count, database, says) -> None:
    with pytest.raises(ShardError, match=says):
        parse_shards(shards, count, database)


async def test_the_sharded_bot_runs_its_range_with_its_share() -> None:
    plan = parse_shards("4-7", 8, PG)
    bot = ShardedForumBot(plan.share(Config()), shard_ids=list(plan.ids), shard_count=plan.count)
    assert isinstance(bot, discord.AutoShardedClient)  # never connected: nothing to close
    assert (bot.shard_ids, bot.shard_count) == ([4, 5, 6, 7], 8)
    assert bot.budget.limits.per_second == 22


def test_the_command_line_refuses_before_connecting(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("FORUM_DATABASE", str(tmp_path / "forum.sqlite3"))
    config = os.devnull
    assert main(["--config", config, "--shards", "0-3", "--shard-count", "8"]) == 2
    assert "postgresql" in capsys.readouterr().out
    assert main(["--config", config, "--shards", "0-3"]) == 2
    assert "go together" in capsys.readouterr().out
