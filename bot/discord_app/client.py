"""The Discord client: wiring, start-up recovery, chat rules and the idle-timer loop.

Gateway intents: only the default, non-privileged ones (guilds, guild messages, DMs). Message
*content* is never read: the quiet-petition rule only needs who spoke, where.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.after_game import add_commands as add_after_game_commands
from bot.discord_app.board import Board
from bot.discord_app.carriers import Carriers
from bot.discord_app.command_text import Translator
from bot.discord_app.commands import CommandParts, GameCommands, shortcut_commands
from bot.discord_app.gate import Gate
from bot.discord_app.hints import withdraw_deferred
from bot.discord_app.me_commands import MeCommands, add_pause_command
from bot.discord_app.play import Metrics, Parts, Play, Timing
from bot.discord_app.private_prompts import PrivatePrompts
from bot.discord_app.router import Router
from bot.discord_app.sending import NO_PINGS, game_channel
from bot.discord_app.settings_commands import SettingsCommands
from bot.discord_app.table_talk import TableTalk
from bot.discord_app.turn_pings import add_commands as add_ping_commands
from bot.frontend.after_game_strings import AFTER_GAME
from bot.frontend.after_game_worker import AfterGameWorker
from bot.frontend.budget import Limits, RestBudget
from bot.frontend.config import Config
from bot.frontend.hint_search import Hints
from bot.frontend.narration import Narration
from bot.frontend.render_pool import after_game_pool, hint_pool, render_pool
from bot.frontend.safe_text import clip
from bot.frontend.settings import ServerSettings
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from bot.frontend.wording import Wording
from engine.core import IllegalInput
from engine.i18n import Localizer
from table.backend import open_store
from table.service import Session, SessionBroken, TableService
from table.store import Store, StoreRefused

log = logging.getLogger("forum.bot")
TIMER_PERIOD_SECONDS = 20.0
GC_THRESHOLDS = (5_000, 3, 1_000)
YOUNG_GC_SECONDS = 0.05
METRIC_SAMPLES = 100_000


class UnknownViewAtDebug(logging.Filter):
    """discord.py warns "View interaction referencing unknown view … Discarding" for every click
    on a component it did not register, which is every click here: bot.discord_app.router
    answers them (nothing is discarded). The line goes to debug instead of filling the log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.WARNING and str(record.msg).startswith(
            "View interaction referencing unknown view"
        ):
            log.debug("component click routed by the router: %s", record.getMessage())
            return False
        return True


VIEW_LOG_FILTER = UnknownViewAtDebug()
logging.getLogger("discord.ui.view").addFilter(VIEW_LOG_FILTER)


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
        self.hints: Hints = None  # type: ignore[assignment]  # set in setup_hook
        self.service: TableService = None  # type: ignore[assignment]  # set in setup_hook
        self.play: Play = None  # type: ignore[assignment]  # set in setup_hook
        self.router: Router = None  # type: ignore[assignment]  # set in setup_hook
        self.clock = time.time  # deadlines, cooldowns and lobby expiry (tests move it)
        self.settings = ServerSettings(config)
        self.gate = Gate(self)
        self._tasks: set[asyncio.Task] = set()
        self._recovered = False
        self.recovered = asyncio.Event()  # start-up recovery has queued its publishes
        # Seconds, for measurements: the latest samples of each, so a long run keeps a bound.
        self.metrics: Metrics = defaultdict(lambda: deque(maxlen=METRIC_SAMPLES))

    def now(self) -> float:
        """The bot's clock, read at each call: tests replace `clock` after start-up."""
        return self.clock()

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
        self.service.ai_pool = self.render_pool  # hard AI seats search beside the renders
        self.after_game = AfterGameWorker(after_game_pool(self.config.render_processes))
        self.hints = Hints(hint_pool(self.config.render_processes))
        self.play = play = build_play(self, self.render_pool)
        # Each receives the parts it uses (issue 31): none reaches through Play.
        self.router = Router(self, play.parts, changed=play.changed, close_board=play.close_board)
        await play.deadlines.tables.clocks.started()  # the downtime is nobody's time
        await self.tree.set_translator(Translator())
        parts = CommandParts(
            play.wording, play.board, self.router, play.repost, play.changed, play.deadlines.tables
        )
        game_commands = GameCommands(self, parts)
        add_after_game_commands(game_commands, self)
        game_commands.add_command(SettingsCommands(self.settings, self.gate))
        localizer, default_locale = play.wording.localizer, self.config.default_locale
        add_ping_commands(game_commands, self.service.store, localizer, default_locale)
        clocks = self.play.deadlines.tables.clocks
        game_commands.add_command(MeCommands(clocks, default_locale))
        add_pause_command(game_commands, self.service, clocks, default_locale, self.gate)
        self.tree.add_command(game_commands)
        for command in shortcut_commands(self, parts):
            self.tree.add_command(command, guild=None)
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]  # discord.py's documented hook
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
            self.after_game = None  # type: ignore[assignment]  # gone after close
        if self.hints is not None and self.hints.pool is not None:
            self.hints.pool.shutdown(wait=False, cancel_futures=True)
            self.hints = None  # type: ignore[assignment]  # gone after close
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
        """Re-post the boards that lag their log (re-prompting their players), resume AI
        seats and prompts never sent; a current board is left alone, live or async, so a
        restart costs no REST call per quiet game.

        A broken session is skipped; its channel is told how to get a playable channel back.
        """
        # Async tables whose board is current wait, unread, until acted on or due.
        healthy, broken = await self.service.recoverable(lazy=True)
        for session in healthy:
            # finished: its final board is owed (only those whose board lags are read)
            if session.status in ("active", "finished") and self.play.lags(session):
                log.info("recovering session %s", session.id)
                self.play.publish(session, restarted=True)
            elif session.status == "active":
                self.play.resume(session)
            if session.row.meta.hint_waits:  # hints the killed process left "thinking…"
                self.spawn(withdraw_deferred(self, self.service, session, self._texts_of(session)))
        for error in broken:
            self.spawn(self._announce_broken(error))

    def _texts_of(self, session: Session) -> Callable[[str], Texts]:
        """A member's texts in `locale`, for lines that answer one member's interaction."""
        localizer = self.play.wording.localizer
        return lambda locale: Texts(localizer, locale, session.game, session.names)

    async def _announce_broken(self, broken: SessionBroken) -> None:
        channel = game_channel(
            self.get_channel(broken.row.channel_id)
            or await self.fetch_channel(broken.row.channel_id)
        )
        texts = Texts(self.play.wording.localizer, self.config.default_locale, None, ())
        await channel.send(texts.msg(broken.msg), allowed_mentions=NO_PINGS)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.router.handle(interaction)

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None:
            return
        try:
            session = await self.service.in_channel(message.channel.id)
        except SessionBroken:  # said once at start-up; chat goes on
            return
        if session is None:
            return
        await self.play.board.bury(session)
        if session.status == "active":
            await self.play.table_talk.enforce(session, message)

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
                await self.play.deadlines.fire()
            except Exception:
                log.exception("deadline check failed")
            await asyncio.sleep(self.timer_period)


def build_play(bot: ForumBot, render_pool: Executor | None) -> Play:
    """Every part of what follows a change, wired together: the one place that knows them all
    (each part receives only what it uses)."""
    config, service, settings = bot.config, bot.service, bot.settings
    wording = Wording(Localizer(BOT, AFTER_GAME), config.default_locale)
    narration, carriers = Narration(), Carriers()
    board = Board(bot, service, config, wording, narration, carriers, render_pool)
    prompts = PrivatePrompts(bot, service, settings, wording, board, carriers, bot.hints, bot.spawn)
    table_talk = TableTalk(service, wording, prompts)
    parts = Parts(wording, narration, board, prompts, table_talk, carriers)
    timing = Timing(settings, bot, bot.now, expire_lobby=bot.gate.expire_lobby)
    return Play(
        service,
        parts,
        timing,
        spawn=bot.spawn,
        metrics=bot.metrics,
        board_interval=config.board_interval_seconds,
    )


def tune_gc() -> None:
    """Once start-up has loaded the sessions: move everything alive now out of the cyclic
    collector's sight (it is still freed by reference counting), so no full collection walks
    every game and stalls the loop; then collect the young generations every
    YOUNG_GC_SECONDS (see `_collect_young`)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    asyncio.get_running_loop().call_later(YOUNG_GC_SECONDS, _collect_young)


def _collect_young() -> None:
    """The young and middle generations, on a clock rather than on allocation counts.

    Each input makes a new game state and frees the one it replaces, so the allocation count
    that triggers a collection hardly moves while the young generation fills with live states
    (a pause costs ~1 µs per object alive in it): bench.load at 1,000 games measured young
    collections of 48 ms CPU and middle ones of 89 ms. Collected every YOUNG_GC_SECONDS, a
    pause holds only what was made since the last."""
    gc.collect(1)
    asyncio.get_running_loop().call_later(YOUNG_GC_SECONDS, _collect_young)


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
