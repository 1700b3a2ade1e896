"""What a member may do, checked where a command starts: cooldowns, what the server turned off,
where games may be hosted, how many lobbies a member holds open, how often they make threads;
and the expiry of lobbies nobody starts.

Each check answers the member privately, in their language, and says False; the command then
stops. The limits are the server's settings (bot.frontend.settings); time is the bot's clock.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord_app.sending import NO_PINGS
from bot.frontend.cooldown import Cooldowns, Windows
from bot.frontend.settings import Settings
from bot.frontend.settings_strings import SETTINGS
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from engine.i18n import Localizer, locale_of
from table.service import Session
from table.session_model import SEATS, SessionMeta

if TYPE_CHECKING:
    from bot.discord_app.play import Play
    from bot.frontend.config import Config
    from bot.frontend.settings import ServerSettings
    from table.service import TableService


log = logging.getLogger("forum.gate")
TURNED_OFF = {"replay": "replays", "export": "exports"}


class GateHost(Protocol):
    """What the gate uses of the bot (bot.discord_app.client's ForumBot is one)."""

    config: Config
    service: TableService
    settings: ServerSettings
    play: Play
    clock: Callable[[], float]

    def get_channel(self, channel_id: int, /) -> Any: ...

    async def fetch_channel(self, channel_id: int, /) -> Any: ...


class Gate:
    def __init__(self, bot: GateHost) -> None:
        self.bot = bot
        self.cooldowns = Cooldowns(self._now)
        self.threads = Windows(self._now)
        self.localizer = Localizer(SETTINGS, BOT)

    def _now(self) -> float:
        return self.bot.clock()

    def texts(self, locale: str | None, session: Session | None = None) -> Texts:
        chosen = locale_of(locale, self.bot.config.default_locale)
        if session is None:
            return Texts(self.localizer, chosen, None, ())
        return Texts(self.localizer, chosen, session.game, session.names)

    async def allow(self, interaction: discord.Interaction, command: str) -> bool:
        """Whether `command` may run for this member now (else they were told why)."""
        settings = await self.bot.settings.of(interaction.guild_id)
        turned_off = TURNED_OFF.get(command)
        if turned_off and not getattr(settings, turned_off):
            return await self._refuse(interaction, f"gate.{turned_off}_off")
        left = self.cooldowns.wait(_use(interaction, command), settings.cooldown(command))
        if left > 0:
            return await self._refuse(interaction, "gate.cooldown", seconds=math.ceil(left))
        return True

    async def allow_anywhere(
        self, interaction: discord.Interaction, command: str, seconds: float
    ) -> bool:
        """Whether a user-installed `command` may run for this member now: one cooldown over
        every server and DM (a per-server one would let them hop servers)."""
        left = self.cooldowns.wait((None, interaction.user.id, command), seconds)
        if left > 0:
            return await self._refuse(interaction, "gate.cooldown", seconds=math.ceil(left))
        return True

    def refund(self, interaction: discord.Interaction, command: str) -> None:
        """The bot refused what `command` asked for (busy): it costs the member no cooldown."""
        self.cooldowns.refund(_use(interaction, command))

    async def open_lobby(self, interaction: discord.Interaction, thread: bool) -> bool:
        """/game new: the channel, the member's open lobbies, the cooldown, thread creation."""
        settings = await self.bot.settings.of(interaction.guild_id)
        refusal = self._channel_refusal(interaction, settings, thread)
        refusal = refusal or await self._lobbies_refusal(interaction, settings, thread)
        if refusal is not None:
            key, args = refusal
            return await self._refuse(interaction, key, **args)
        if not await self.allow(interaction, "new"):
            return False
        if thread:
            window = settings.thread_window_minutes * 60
            member = (interaction.guild_id, interaction.user.id)
            left = self.threads.take(member, settings.threads_per_window, window)
            if left > 0:
                return await self._refuse(
                    interaction,
                    "gate.thread_rate",
                    limit=settings.threads_per_window,
                    minutes=settings.thread_window_minutes,
                    seconds=math.ceil(left),
                )
        return True

    def _channel_refusal(
        self, interaction: discord.Interaction, settings: Settings, thread: bool
    ) -> tuple[str, dict[str, Any]] | None:
        channel = interaction.channel
        parent = getattr(channel, "parent_id", None)
        if not settings.hosts_games_in(interaction.channel_id, parent):
            return "gate.channel", {"channels": " ".join(f"<#{c}>" for c in settings.game_channels)}
        if thread and not settings.thread_lobbies:
            return "gate.threads_off", {}
        return None

    async def allow_hard_ai(self, interaction: discord.Interaction, adding: int = 1) -> bool:
        """Whether the member may have `adding` more hard AI seats in play in this server (0:
        start a lobby holding some, as a rematch copies them): the hard AI seats of the lobbies
        and games they host count against `hard_ai_seats` (each searches seconds per move)."""
        settings = await self.bot.settings.of(interaction.guild_id)
        rows = await self.bot.service.store.query(
            "SELECT seats FROM sessions WHERE guild_id=? AND host_id=?"
            " AND status IN ('lobby', 'active')",
            (interaction.guild_id, interaction.user.id),
        )
        count = sum(hard_ai_seats(seats) for (seats,) in rows)
        if count + adding <= settings.hard_ai_seats:
            return True
        return await self._refuse(
            interaction, "gate.hard_ai", count=count, limit=settings.hard_ai_seats
        )

    async def _lobbies_refusal(
        self, interaction: discord.Interaction, settings: Settings, thread: bool
    ) -> tuple[str, dict[str, Any]] | None:
        metas = await self.bot.service.store.query(
            "SELECT meta FROM sessions WHERE guild_id=? AND host_id=? AND status='lobby'",
            (interaction.guild_id, interaction.user.id),
        )
        count = len(metas)
        if count >= settings.open_lobbies:
            return "gate.lobbies", {"count": count, "limit": settings.open_lobbies}
        threads = sum(1 for (meta,) in metas if thread_meta(meta))
        if thread and threads >= settings.open_thread_lobbies:
            return "gate.thread_lobbies", {"count": threads, "limit": settings.open_thread_lobbies}
        return None

    async def _refuse(self, interaction: discord.Interaction, key: str, **args: Any) -> bool:
        text = self.texts(str(interaction.locale))(key, **args)
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)
        return False

    # Lobbies that nobody starts -------------------------------------------------------------

    async def lobby_opened(self, session: Session, thread: bool) -> None:
        """Remember a thread lobby as one, and set the time it expires unless started."""
        if thread:
            await self.bot.service.set_meta(session, thread=True)
        settings = await self.bot.settings.of(session.row.guild_id)
        due = self.bot.clock() + settings.lobby_expiry_minutes * 60
        await self.bot.service.store.set_deadline(session.id, due, "lobby")

    async def expire_lobby(self, session: Session) -> bool:
        """The lobby's time is up: it is aborted, and its channel told why; True when it was
        (its board is then closed by the caller, bot.discord_app.deadlines)."""
        if session.status != "lobby":
            return False  # started (its own deadlines replaced this one) or ended meanwhile
        settings = await self.bot.settings.of(session.row.guild_id)
        await self.bot.service.abort(session)
        log.info("lobby %s expired", session.id)
        t = self.texts(session.row.meta.locale, session)
        channel = self.bot.get_channel(session.row.channel_id) or await self.bot.fetch_channel(
            session.row.channel_id
        )
        minutes = settings.lobby_expiry_minutes
        text = t("lobby.expired", game=t("name"), minutes=minutes)
        await channel.send(text, allowed_mentions=NO_PINGS)
        return True


def thread_meta(meta: str) -> bool:
    """Whether a stored session's meta marks it as a thread lobby."""
    try:
        return SessionMeta.model_validate_json(meta).thread
    except ValueError:  # pydantic's ValidationError is one
        return False


def _use(interaction: discord.Interaction, command: str) -> tuple[int | None, int, str]:
    """The cooldown key of one member's use of `command` in one server."""
    return interaction.guild_id, interaction.user.id, command


def hard_ai_seats(seats: str) -> int:
    """The hard AI seats of a stored session's seats (JSON); none in an unreadable row."""
    try:
        return sum(1 for seat in SEATS.validate_json(seats) if seat.ai and seat.level == "hard")
    except ValueError:  # pydantic's ValidationError is one
        return 0
