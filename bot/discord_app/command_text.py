"""Slash-command texts by key: the English for Discord, the Japanese for the Translator."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import locale_str

from engine.core import Catalog


def command_text(catalog: Catalog, key: str) -> locale_str:
    """A slash-command text looked up by key: the English for Discord, its Japanese carried
    along for the Translator, so rewording one language never loses the other."""
    return locale_str(catalog["en"][key], ja=catalog["ja"][key])


class Translator(app_commands.Translator):
    """Japanese descriptions and choices for the commands (carried by command_text)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale is discord.Locale.japanese:
            return string.extras.get("ja")
        return None
