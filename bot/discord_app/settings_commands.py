"""/game settings show | set | reset: a server's admins configure Forum for their server.

Anyone may read the settings; changing them takes Manage Server, or the role the admins named
(`admin_role`), which may change every setting but `admin_role` itself (its reset of every
setting keeps it). A key is checked against the settings model, whatever a client sends. Every answer is private and in the asker's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord_app.command_text import command_text as _
from bot.discord_app.sending import NO_PINGS
from bot.frontend.safe_text import clip, neutral
from bot.frontend.settings import KEYS, OWNER_KEYS, SettingRefused, Settings
from bot.frontend.settings_strings import COMMANDS, SETTINGS
from bot.frontend.texts import Texts

if TYPE_CHECKING:
    from bot.discord_app.gate import Gate
    from bot.frontend.settings import ServerSettings

KEY_CHOICES = [app_commands.Choice(name=_(SETTINGS, f"setting.{key}"), value=key) for key in KEYS]
ECHO_LIMIT = 60  # characters of a refused value quoted back


class SettingsCommands(app_commands.Group):
    def __init__(self, settings: ServerSettings, gate: Gate) -> None:
        super().__init__(name="settings", description=_(COMMANDS, "command.settings"))
        self.settings = settings
        self.gate = gate

    @app_commands.command(name="show", description=_(COMMANDS, "command.settings.show"))
    async def show(self, interaction: discord.Interaction) -> None:
        overrides = await self.settings.overrides(interaction.guild_id)
        t = self.gate.texts(str(interaction.locale))
        await _private(interaction, describe(t, self.settings.merged(overrides), overrides))

    @app_commands.command(name="set", description=_(COMMANDS, "command.settings.set"))
    @app_commands.describe(
        key=_(COMMANDS, "param.setting"), value=_(COMMANDS, "param.setting_value")
    )
    @app_commands.choices(key=KEY_CHOICES)
    async def change(
        self,
        interaction: discord.Interaction,
        key: str,
        value: app_commands.Range[str, 1, 500],
    ) -> None:
        t = self.gate.texts(str(interaction.locale))
        owner = await self._may_configure(interaction, t, key)
        if owner is None or interaction.guild_id is None:
            return
        try:
            settings = await self.settings.set(interaction.guild_id, key, value)
        except SettingRefused as refused:
            await _private(interaction, refusal(t, refused, value))
            return
        label = t(f"setting.{key}")
        await _private(interaction, t("settings.done", label=label, value=shown(t, settings, key)))

    @app_commands.command(
        name="reset",
        description=_(COMMANDS, "command.settings.reset"),
    )
    @app_commands.describe(key=_(COMMANDS, "param.setting_or_all"))
    @app_commands.choices(key=KEY_CHOICES)
    async def reset(self, interaction: discord.Interaction, key: str | None = None) -> None:
        t = self.gate.texts(str(interaction.locale))
        owner = await self._may_configure(interaction, t, key)
        if owner is None or interaction.guild_id is None:
            return
        try:
            settings = await self.settings.reset(interaction.guild_id, key, owner)
        except SettingRefused as refused:
            await _private(interaction, refusal(t, refused, ""))
            return
        if key is None:
            await _private(interaction, t("settings.reset_all"))
            return
        label, value = t(f"setting.{key}"), shown(t, settings, key)
        await _private(interaction, t("settings.reset_one", label=label, value=value))

    async def _may_configure(
        self, interaction: discord.Interaction, t: Texts, key: str | None
    ) -> bool | None:
        """True for Manage Server, False for the role the admins named (which may not change
        `admin_role`), None (told so) for anyone else."""
        permissions = getattr(interaction, "permissions", None)
        if permissions is not None and permissions.manage_guild:
            return True
        role = (await self.settings.of(interaction.guild_id)).admin_role
        user = interaction.user
        if role and isinstance(user, discord.Member) and user.get_role(role) is not None:
            if key not in OWNER_KEYS:
                return False
            await _private(interaction, t("settings.owner_only", label=t(f"setting.{key}")))
            return None
        await _private(interaction, t("settings.denied"))
        return None


def refusal(t: Texts, refused: SettingRefused, value: str) -> str:
    """One line: an unknown key (quoted inert), or a value the key does not take."""
    if refused.rule == "settings.unknown_key":
        return t("settings.unknown_key", key=neutral(refused.key, ECHO_LIMIT))
    rule = t(refused.rule, **refused.values)
    label, echo = t(f"setting.{refused.key}"), clip(value, ECHO_LIMIT)
    return t("settings.bad", label=label, value=echo, rule=rule)


def describe(t: Texts, settings: Settings, overrides: dict[str, Any]) -> str:
    """Every setting, its value, and whether it is the default."""
    lines = [t("settings.title")]
    for key in KEYS:
        mark = "" if key in overrides else t("settings.default_mark")
        lines.append(
            t("settings.line", label=t(f"setting.{key}"), value=shown(t, settings, key), mark=mark)
        )
    text = "\n".join(lines)
    return text if len(text) <= 2000 else text[:1999] + "…"


def shown(t: Texts, settings: Settings, key: str) -> str:
    """A setting's value as an admin reads it."""
    value = getattr(settings, key)
    if isinstance(value, bool):
        return t("settings.value.on" if value else "settings.value.off")
    if key == "language" and value == "auto":
        return t("settings.value.auto")
    if key == "game_channels":
        return " ".join(f"<#{c}>" for c in value) or t("settings.value.everywhere")
    if key == "admin_role":
        return f"<@&{value}>" if value else t("settings.value.none")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


async def _private(interaction: discord.Interaction, text: str) -> None:
    kwargs: dict[str, Any] = {
        "ephemeral": True,
        "allowed_mentions": NO_PINGS,
    }  # a role is shown, not pinged
    if interaction.response.is_done():
        await interaction.followup.send(clip(text), **kwargs)
    else:
        await interaction.response.send_message(clip(text), **kwargs)
