"""Memory the bot layer keeps: nothing left for the cyclic collector, nothing kept per game."""

from __future__ import annotations

import asyncio
import gc
import itertools
from collections import deque
from dataclasses import replace
from pathlib import Path
from typing import Any

import discord
import pytest

import bot.discord_app.board
import engine.registry
from bot.discord_app.chooser import Components
from bot.discord_app.client import ForumBot, build_play
from bot.frontend.config import Config
from engine.games.secret_nim import SecretNim as Nim
from render import secret_nim as nim_render
from table.backend import open_store
from table.service import TableService


async def test_a_sent_view_is_freed_without_the_cyclic_collector() -> None:
    """Views are built for every board and DM; as reference cycles they made the collector's
    pauses hold up the event loop (issue 20)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        view = Components()
        view.add_item(discord.ui.Button(label="Join", custom_id="f:1:lobby:join"))
        options = [discord.SelectOption(label="one", value="0")]
        view.add_item(discord.ui.Select(custom_id="f:1:r1:s", options=options))
        assert len(view.to_components()) == 2
        del view
        gc.collect()
        assert gc.garbage == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


GAMES = 1_000
AT_ONCE = 25  # games in play together


@pytest.fixture
def nim(monkeypatch: pytest.MonkeyPatch) -> Nim:
    """Secret Nim (engine/games/secret_nim): a few inputs a game, one secret prompt and turns."""
    game = Nim()
    monkeypatch.setitem(engine.registry.GAMES, game.id, game)
    monkeypatch.setitem(engine.registry.RENDERERS, game.id, nim_render.__name__)
    return game


class Channels:
    """Discord as far as the play layer writes to it: every channel and DM takes any message."""

    def __init__(self) -> None:
        self.ids = itertools.count(1 << 40)

    def get_channel(self, channel_id: int, **_: Any) -> Channels:
        return self

    async def fetch_channel(self, channel_id: int) -> Channels:
        return self

    def get_partial_message(self, message_id: int) -> Channels:
        return self

    async def send(self, **_: Any) -> discord.Object:
        return discord.Object(id=next(self.ids))

    async def edit(self, **_: Any) -> None:
        pass

    async def delete(self) -> None:
        pass


def kept(bot: ForumBot) -> dict[str, int]:
    """The size of every container the play layer keeps, by owner and name; deques with a
    maximum length are bounded by construction and left out."""
    play = bot.play
    owners = [play, play.publisher, *vars(play).values(), play.prompts.dm_channels]
    sizes = {}
    for owner in owners:
        for name, value in vars(owner).items() if hasattr(owner, "__dict__") else ():
            bounded = isinstance(value, deque) and value.maxlen is not None
            if isinstance(value, dict | set | list | deque) and not bounded:
                sizes[f"{type(owner).__name__}.{name}"] = len(value)
    return sizes


async def play_one(bot: ForumBot, number: int, users: tuple[int, int]) -> None:
    """A member against an AI seat, the member picking the first option of each prompt."""
    service = bot.service
    session = await service.open(
        channel_id=10_000 + number,
        guild_id=1,
        game_id="secret_nim",
        options={},
        host_id=users[number % 2],
        host_name="Ann",
        seed=number,
    )
    await service.add_ai(session, users[number % 2])
    await service.start(session, users[number % 2])
    bot.play.changed(session, [])
    while session.status == "active":
        prompt = next((p for p in session.pending() if 0 in p.seats), None)
        if prompt is None:
            await asyncio.sleep(0.001)  # the AI seat's move, in its own task
            continue
        field = prompt.fields[0]
        args = {field.name: field.options[0].value}
        result = await service.submit(session, 0, prompt.move, args, prompt.key)
        bot.play.changed(session, result.events)


async def test_finished_games_leave_nothing_kept_per_session(
    nim: Nim, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: every per-session structure is released when its game ends, so a thousand
    finished games leave the bot's memory as ten did."""
    # not drawn:
    monkeypatch.setattr(bot.discord_app.board, "draw_board", lambda *args: (b"png", "alt"))
    config = Config(database=":memory:", ai_delay_seconds=0)
    forum = ForumBot(replace(config, board_interval_seconds=0.0, rest_per_second=10_000))
    channels = Channels()
    forum.get_channel = channels.get_channel  # type: ignore[method-assign]
    forum.get_partial_messageable = channels.get_channel  # type: ignore[method-assign]
    forum.store = await open_store(forum.config.database)
    forum.service = TableService(forum.store)
    forum.settings.store = forum.store
    users = (101, 102)
    for user in users:  # their DM channels are known, as in a bot that has run a while
        await forum.store.remember_dm_channel(user, next(channels.ids))
    forum.play = build_play(forum, None)
    try:
        for number in range(AT_ONCE):
            await play_one(forum, number, users)
        await forum.idle()
        after_a_few = kept(forum)
        for first in range(AT_ONCE, GAMES, AT_ONCE):
            await asyncio.gather(
                *(play_one(forum, n, users) for n in range(first, first + AT_ONCE))
            )
            await forum.idle()
        assert kept(forum) == after_a_few
        assert {name for name, size in after_a_few.items() if size} <= {
            "DmChannels._known",  # one per member, not per game
            "Play.metrics",  # one per measurement, each a bounded deque
        }, after_a_few
    finally:
        await forum.store.close()
