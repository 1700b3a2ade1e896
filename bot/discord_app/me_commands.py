"""`/game me …`: what a player sets for themselves for async tables (time zone, quiet hours,
how turn notices reach them, vacation), and `/game pause`: a table's pause by consent.

Every answer is private and in the asker's language. Quiet hours last at most QUIET_MAX_HOURS:
on a table that stops clocks in quiet hours, a longer night would let a member stall everyone.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING
from zoneinfo import available_timezones

import discord
from discord import app_commands

from bot.discord_app.command_text import command_text as _
from bot.discord_app.interaction_parts import channel_of
from bot.discord_app.learn import OFF
from bot.discord_app.sending import NO_PINGS, reply_privately
from bot.frontend.safe_text import neutral
from bot.frontend.strings import BOT, COMMANDS
from bot.frontend.texts import Texts
from engine.core import IllegalInput
from engine.i18n import Localizer, locale_of
from table.clocks import NOTICE_WAYS, BadZone, UserPrefs, zone
from table.service import TableService
from table.turn_clocks import VACATION_DAYS, TurnClocks

if TYPE_CHECKING:
    from bot.discord_app.gate import Gate

QUIET_MAX_HOURS = 12
PAUSE_COOLDOWN = 60.0  # seconds between two /game pause of one member (each posts publicly)
_HOURS = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–~〜]\s*(\d{1,2})(?::(\d{2}))?\s*$")
ZONES = sorted(available_timezones())


class QuietRefused(ValueError):
    """Not `HH:MM-HH:MM`, or longer than QUIET_MAX_HOURS."""


def parse_quiet(text: str) -> tuple[int, int]:
    """`23:00-07:00`, `23-7` → minutes of the day (start, end); `off` → (0, 0)."""
    if text.strip().lower() in ("off", "none", "オフ", "なし"):
        return 0, 0
    found = _HOURS.match(text[:40])
    if found is None:
        raise QuietRefused(text)
    h1, m1, h2, m2 = (int(g or 0) for g in found.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise QuietRefused(text)
    start, end = h1 * 60 + m1, h2 * 60 + m2
    if (end - start) % 1440 > QUIET_MAX_HOURS * 60:
        raise QuietRefused(text)
    return start, end


def _texts(interaction: discord.Interaction, default_locale: str) -> Texts:
    return Texts(Localizer(BOT), locale_of(str(interaction.locale or ""), default_locale), None, ())


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class MeCommands(app_commands.Group):
    """The caller's own settings, the same in every server."""

    def __init__(self, clocks: TurnClocks, default_locale: str) -> None:
        super().__init__(name="me", description=_(COMMANDS, "command.me"))
        self.clocks = clocks
        self.default_locale = default_locale

    async def _prefs(self, user_id: int) -> UserPrefs:
        return (await self.clocks.store.user_prefs([user_id]))[user_id]

    @app_commands.command(name="tips", description=_(COMMANDS, "command.me_tips"))
    @app_commands.describe(state=_(COMMANDS, "param.pings"))
    @app_commands.choices(
        state=[
            app_commands.Choice(name=_(COMMANDS, "choice.on"), value="on"),
            app_commands.Choice(name=_(COMMANDS, "choice.off"), value="off"),
        ]
    )
    async def tips(self, interaction: discord.Interaction, state: str) -> None:
        """Whether learning games show their tips (bot.discord_app.learn), in every server."""
        if state not in ("on", "off"):  # a modified client may send any text
            raise IllegalInput("bad_state")
        store, user = self.clocks.store, interaction.user.id
        await (store.add_tip(user, OFF) if state == "off" else store.drop_tip(user, OFF))
        t = _texts(interaction, self.default_locale)
        await reply_privately(interaction, t(f"me.tips_{state}"))

    @app_commands.command(name="show", description=_(COMMANDS, "command.me_show"))
    async def show(self, interaction: discord.Interaction) -> None:
        t = _texts(interaction, self.default_locale)
        await reply_privately(interaction, await self._summary(t, interaction.user.id))

    async def _summary(self, t: Texts, user_id: int) -> str:
        prefs = await self._prefs(user_id)
        quiet = prefs.quiet
        hours = f"{_clock(quiet.start)}–{_clock(quiet.end)}" if quiet.any else t("me.quiet_none")
        left = await self.clocks.vacation_left(user_id)
        return t(
            "me.summary",
            tz=prefs.tz,
            quiet=hours,
            notices=t(f"me.way.{prefs.notices}"),
            left=left,
            allowance=VACATION_DAYS,
        )

    @app_commands.command(name="timezone", description=_(COMMANDS, "command.me_timezone"))
    @app_commands.describe(zone_name=_(COMMANDS, "param.zone"))
    @app_commands.rename(zone_name="zone")
    async def timezone(self, interaction: discord.Interaction, zone_name: str) -> None:
        t = _texts(interaction, self.default_locale)
        try:
            zone(zone_name[:64])
        except BadZone:
            shown = neutral(zone_name, 64)  # member text: any string from a modified client
            await reply_privately(interaction, "✗ " + t("me.bad_zone", zone=shown))
            return
        prefs = await self._prefs(interaction.user.id)
        await self.clocks.set_prefs(replace(prefs, tz=zone_name[:64]))
        await reply_privately(interaction, await self._summary(t, interaction.user.id))

    @timezone.autocomplete("zone_name")
    async def timezone_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        found = [z for z in ZONES if typed in z.lower()] if typed else ZONES
        return [app_commands.Choice(name=z, value=z) for z in found[:25]]

    @app_commands.command(name="quiet", description=_(COMMANDS, "command.me_quiet"))
    @app_commands.describe(hours=_(COMMANDS, "param.hours"))
    async def quiet(self, interaction: discord.Interaction, hours: str) -> None:
        t = _texts(interaction, self.default_locale)
        try:
            start, end = parse_quiet(hours)
        except QuietRefused:
            await reply_privately(interaction, "✗ " + t("me.bad_hours", maximum=QUIET_MAX_HOURS))
            return
        prefs = await self._prefs(interaction.user.id)
        await self.clocks.set_prefs(replace(prefs, quiet_start=start, quiet_end=end))
        await reply_privately(interaction, await self._summary(t, interaction.user.id))

    @app_commands.command(name="notices", description=_(COMMANDS, "command.me_notices"))
    @app_commands.describe(way=_(COMMANDS, "param.way"))
    @app_commands.choices(
        way=[
            app_commands.Choice(name=_(COMMANDS, f"choice.way.{way}"), value=way)
            for way in NOTICE_WAYS
        ]
    )
    async def notices(self, interaction: discord.Interaction, way: str) -> None:
        t = _texts(interaction, self.default_locale)
        if way not in NOTICE_WAYS:  # a modified client may send any text
            raise IllegalInput("bad_way")
        prefs = await self._prefs(interaction.user.id)
        await self.clocks.set_prefs(replace(prefs, notices=way))
        await reply_privately(interaction, await self._summary(t, interaction.user.id))

    @app_commands.command(name="vacation", description=_(COMMANDS, "command.me_vacation"))
    @app_commands.describe(days=_(COMMANDS, "param.vacation_days"))
    async def vacation(
        self, interaction: discord.Interaction, days: app_commands.Range[int, 0, VACATION_DAYS]
    ) -> None:
        t = _texts(interaction, self.default_locale)
        user = interaction.user.id
        if days == 0:
            await self.clocks.end_vacation(user)
            text = t("me.vacation_ended", left=await self.clocks.vacation_left(user))
        else:
            ends = await self.clocks.start_vacation(user, days)  # IllegalInput past the allowance
            text = t(
                "me.vacation_started",
                until=int(ends),
                left=await self.clocks.vacation_left(user),
            )
        await reply_privately(interaction, text)


def add_pause_command(group: app_commands.Group, service: TableService, clocks: TurnClocks,
                      default_locale: str, gate: Gate) -> None:  # fmt: skip
    """`/game pause days:` — a vote to stop this table's clocks; all humans must agree. Each
    answer is posted for the table, so a member votes at most once per PAUSE_COOLDOWN."""

    @app_commands.command(name="pause", description=_(COMMANDS, "command.pause"))
    @app_commands.describe(days=_(COMMANDS, "param.pause_days"))
    async def pause(interaction: discord.Interaction, days: app_commands.Range[int, 0, 7]) -> None:
        if not await gate.allow_anywhere(interaction, "pause", PAUSE_COOLDOWN):
            return
        session = await service.in_channel(channel_of(interaction))
        if session is None:
            raise IllegalInput("no_session")
        t = _texts(interaction, default_locale)
        user, humans = interaction.user.id, sum(1 for s in session.seats if not s.ai)
        named = Texts(t.localizer, t.locale, None, session.names)
        votes = {"seat": session.seat_of(user), "humans": humans}
        if days == 0:
            table = await clocks.end_pause(session, user)
            if table.paused_until is None:
                text = t("clock.pause_ended")
            else:
                text = named("clock.pause_end_vote", votes=len(table.pause_votes), **votes)
        else:
            table = await clocks.vote_pause(session, user, days)
            if table.paused_until is not None:
                text = t("clock.pause_started", until=int(table.paused_until))
            else:
                length, count = table.pause_days, len(table.pause_votes)
                text = named("clock.pause_vote", days=length, votes=count, **votes)
        await interaction.response.send_message(text, allowed_mentions=NO_PINGS)  # the table's

    group.add_command(pause)
