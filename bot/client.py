"""The Discord client: wiring, start-up recovery, chat rules and the idle-timer loop.

Gateway intents: only the default, non-privileged ones (guilds, guild messages, DMs). Message
*content* is never read: the quiet-petition rule only needs who spoke, where.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections import defaultdict
from collections.abc import Coroutine
from concurrent.futures import Executor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.after_game import add_commands as add_after_game_commands
from bot.after_game_worker import AfterGameWorker
from bot.budget import Limits, RestBudget
from bot.chooser import Texts
from bot.commands import GameCommands, Translator, shortcut_commands
from bot.config import Config
from bot.gate import Gate
from bot.play import Play
from bot.render_pool import after_game_pool, render_pool
from bot.router import Router
from bot.safe_text import NO_PINGS, clip
from bot.settings import ServerSettings
from bot.settings_commands import SettingsCommands
from bot.turn_pings import add_commands as add_ping_commands
from engine.core import IllegalInput
from table.backend import open_store
from table.service import Session, SessionBroken, TableService
from table.store import Store, StoreRefused

log = logging.getLogger("forum.bot")
TIMER_PERIOD_SECONDS = 20.0
GC_THRESHOLDS = (20_000, 20, 100)


class ForumBot(commands.Bot):
    def __init__(
        self, config: Config, *, timer_period: float = TIMER_PERIOD_SECONDS, **client_kwargs: Any
    ) -> None:
        # The bot has no voice: no start-up warnings about missing voice libraries (PyNaCl).
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        budget = RestBudget(
            Limits(config.rest_per_second, config.channel_messages, config.channel_window_seconds)
        )
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            http_trace=budget.trace(),
            allowed_mentions=NO_PINGS,  # a send that forgets its own pings nobody
            **client_kwargs,
        )
        self.budget = budget
        self.config = config
        self.timer_period = timer_period
        self.store: Store | None = None
        self.render_pool: Executor | None = None
        self.after_game: AfterGameWorker = None  # type: ignore[assignment]  # set in setup_hook
        self.service: TableService = None  # type: ignore[assignment]  # set in setup_hook
        self.play: Play = None  # type: ignore[assignment]
        self.router = Router(self)
        self.clock = time.time  # deadlines, cooldowns and lobby expiry (tests move it)
        self.settings = ServerSettings(config)
        self.gate = Gate(self)
        self._tasks: set[asyncio.Task] = set()
        self._recovered = False
        self.recovered = asyncio.Event()  # start-up recovery has queued its publishes
        self._reminded: set[tuple[int, int, int]] = set()
        self.metrics: dict[str, list[float]] = defaultdict(list)  # seconds, for measurements

    def spawn(self, coroutine: Coroutine[Any, Any, Any]) -> asyncio.Task:
        """A background task that is kept alive and whose failure is logged, never lost."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task failed", exc_info=task.exception())

    async def setup_hook(self) -> None:
        self.store = await open_store(self.config.database)
        self.service = TableService(self.store)
        self.settings.store = self.store
        self.render_pool = render_pool(self.config.render_processes)
        self.service.ai_pool = self.render_pool  # hard AI searches run beside the renders
        self.after_game = AfterGameWorker(after_game_pool(self.config.render_processes))
        self.play = Play(self, self.service, self.config, self.render_pool)
        await self.tree.set_translator(Translator())
        game_commands = GameCommands(self)
        add_after_game_commands(game_commands, self)
        game_commands.add_command(SettingsCommands(self))
        add_ping_commands(game_commands, self)
        self.tree.add_command(game_commands)
        for command in shortcut_commands(self):
            self.tree.add_command(command, guild=None)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self._timer = asyncio.get_running_loop().create_task(self._timer_loop())

    async def idle(self) -> None:
        """Until every background publish and AI move has finished (tests and shutdown)."""
        while self._tasks:
            await asyncio.wait(list(self._tasks))

    async def close(self) -> None:
        if getattr(self, "_timer", None) is not None:
            self._timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        await super().close()
        if self.render_pool is not None:
            self.render_pool.shutdown(wait=False, cancel_futures=True)
            self.render_pool = None
        if self.after_game is not None:
            self.after_game.shutdown()
            self.after_game = None  # type: ignore[assignment]
        if self.store is not None:
            await self.store.close()
            self.store = None

    # Events -----------------------------------------------------------------------------

    async def on_ready(self) -> None:
        log.info("connected as %s to %d guilds", self.user, len(self.guilds))
        if not self._recovered:
            self._recovered = True
            try:
                await self.recover()
            finally:
                self.recovered.set()
            tune_gc()

    async def recover(self) -> None:
        """Re-post boards, re-prompt players whose private prompts died, resume AI seats.

        A broken session is skipped; its channel is told how to get a playable channel back.
        """
        healthy, broken = await self.service.recoverable()
        for session in healthy:
            if session.status in ("active", "finished"):  # finished: its final board is owed
                log.info("recovering session %s", session.id)
                self.play.publish(session, restarted=True)
        for error in broken:
            self.spawn(self._announce_broken(error))

    async def _announce_broken(self, broken: SessionBroken) -> None:
        channel = self.get_channel(broken.row.channel_id) or await self.fetch_channel(
            broken.row.channel_id
        )
        texts = Texts(self.play.localizer, self.config.default_locale, None, ())
        await channel.send(texts.msg(broken.msg), allowed_mentions=NO_PINGS)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.router.handle(interaction)

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None:
            return
        try:
            session = await self.service.in_channel(message.channel.id)
        except SessionBroken:  # said once at start-up; chat goes on
            await self.play.bury(message.channel.id, None)
            return
        await self.play.bury(message.channel.id, session)
        if session is None or session.status != "active":
            return
        await self.enforce_table_talk(session, message)

    async def enforce_table_talk(self, session: Session, message: discord.Message) -> None:
        """Players other than the allowed speakers are reminded (or their message removed)."""
        seat = session.seat_of(message.author.id)
        rule = session.game.table_talk(session.live())
        if rule is None or seat is None or seat in rule.speakers:
            return
        texts = self.play.seat_texts(session, seat)
        remind = texts("quiet.remind", seat=seat, rule=texts.msg(rule.rule))
        if rule.policy == "enforce":
            if message.channel.permissions_for(message.guild.me).manage_messages:
                await message.delete()
            elif not session.row.meta.get("quiet_warned"):
                await self.service.set_meta(session, quiet_warned=True)
                await message.channel.send(
                    self.play.channel_texts(session)("quiet.no_permission"),
                    allowed_mentions=NO_PINGS,
                )
        reminded = (session.id, seat, session.seq)
        if reminded not in self._reminded:  # one reminder per player per moment of the game
            self._reminded.add(reminded)
            await self.play.dm(session, seat, remind, None)

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        texts = self.router.texts_for(interaction, None)
        if isinstance(original, IllegalInput):
            text = "✗ " + texts.msg(original.msg)
        else:
            log.error("command failed", exc_info=original)
            text = texts("error.internal")
        kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_PINGS}
        if interaction.response.is_done():
            await interaction.followup.send(clip(text), **kwargs)
        else:
            await interaction.response.send_message(clip(text), **kwargs)

    def may_abort(self, interaction: discord.Interaction, host_id: int) -> bool:
        if interaction.user.id == host_id:
            return True
        permissions = getattr(interaction, "permissions", None)
        return bool(permissions and permissions.manage_channels)

    # Timers -------------------------------------------------------------------------------

    async def _timer_loop(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await self.play.fire_deadlines()
            except Exception:
                log.exception("deadline check failed")
            await asyncio.sleep(self.timer_period)


def tune_gc() -> None:
    """Once start-up has loaded the sessions: move everything alive now out of the cyclic
    collector's sight (it is still freed by reference counting) and collect the young
    generation less often, so no full collection walks every game and stalls the loop."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def run_bot(config: Config, *, sync_guild: int | None = None) -> int:
    """Run until stopped; with `sync_guild`, register the commands and exit instead."""
    bot = ForumBot(config)
    try:
        if sync_guild is not None:
            return asyncio.run(_sync(bot, config, sync_guild))
        bot.run(config.token, log_handler=None)
    except StoreRefused as refused:  # another process owns the file, or a newer schema
        log.error("Forum cannot start: %s", refused)
        return 2
    return 0


async def _sync(bot: ForumBot, config: Config, guild_id: int) -> int:
    async with bot:
        await bot.login(config.token)
        if guild_id:
            guild = discord.Object(id=guild_id)
            bot.tree.copy_global_to(guild=guild)
            synced = await bot.tree.sync(guild=guild)
        else:
            synced = await bot.tree.sync()
        print(f"Synced {len(synced)} command(s){f' to guild {guild_id}' if guild_id else ''}.")
    return 0
