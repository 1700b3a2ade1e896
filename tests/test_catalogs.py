"""The catalogs outside the games: slash-command texts are looked up by stable key, so rewording
one language cannot silently drop the other (every key has both languages, and Discord gets the
Japanese of the same key); the engine's and the table's own texts have both languages too."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord_app.command_text import Translator, command_text
from bot.frontend.after_game_strings import COMMANDS as AFTER_GAME_COMMANDS
from bot.frontend.settings_strings import COMMANDS as SETTINGS_COMMANDS
from bot.frontend.strings import COMMANDS
from engine.core import Catalog
from engine.strings import STRINGS as ENGINE
from table.strings import STRINGS as TABLE

CATALOGS = {"game": COMMANDS, "after_game": AFTER_GAME_COMMANDS, "settings": SETTINGS_COMMANDS}
CORE_CATALOGS = {"engine": ENGINE, "table": TABLE}


@pytest.mark.parametrize("name", sorted(CATALOGS))
def test_every_command_text_key_has_both_languages(name: str) -> None:
    catalog = CATALOGS[name]
    assert set(catalog) == {"en", "ja"}
    assert set(catalog["en"]) == set(catalog["ja"]), set(catalog["en"]) ^ set(catalog["ja"])
    for language, texts in catalog.items():
        assert all(text.strip() for text in texts.values()), (name, language)


@pytest.mark.parametrize("name", sorted(CATALOGS))
async def test_discord_gets_the_japanese_of_the_same_key(name: str) -> None:
    catalog: Catalog = CATALOGS[name]
    translator = Translator()
    for key, english in catalog["en"].items():
        text = command_text(catalog, key)
        assert text.message == english
        japanese = await translator.translate(text, discord.Locale.japanese, None)  # type: ignore[arg-type]
        assert japanese == catalog["ja"][key], key
        assert await translator.translate(text, discord.Locale.american_english, None) is None  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CORE_CATALOGS))
def test_engine_and_table_texts_have_both_languages_and_no_plural_left_to_the_reader(
    name: str,
) -> None:
    catalog = CORE_CATALOGS[name]
    assert set(catalog["en"]) == set(catalog["ja"]), set(catalog["en"]) ^ set(catalog["ja"])
    for key, template in catalog["en"].items():
        assert not re.search(r"\w\(s\)", template.replace("option(s)", "")), (key, template)
