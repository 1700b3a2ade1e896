"""`/game rules`: a game's rules in the app, one section a page (setup, a turn, scoring, the end,
variants: the engine's `Game.rules_text`) and a page of the options `/game new` takes, with a
button per page, privately and in the reader's language.

The buttons carry the game and the page (`f:0:rules:pg:<game>-<page>`), so a click needs no
session and nothing stored; the router checks it against the message that offered it.
"""

from __future__ import annotations

import json
from typing import Any

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import MalformedId, ParsedId, cid
from bot.frontend.texts import Texts
from engine.core import RULE_SECTIONS, Game, option_values, player_options
from engine.registry import GAMES

KEY = "rules"
PAGES = (*RULE_SECTIONS, "options")
PER_ROW = 3  # six pages: two rows of three buttons


def rules_page(game: Game, texts: Texts, page: int) -> tuple[str, Components]:
    """Page `page` of PAGES: its title, its text, and the buttons to every page."""
    name = PAGES[page]
    title = f"**{texts('rules.title', game=texts('name'))} · {texts('rules.page.' + name)}**"
    body = options_lines(game, texts) if name == "options" else [texts.msg(game.rules_text(name))]
    view = Components()
    for index, other in enumerate(PAGES):
        view.add_item(
            discord.ui.Button(
                label=texts("rules.page." + other),
                custom_id=cid(0, KEY, "pg", f"{game.id}-{index}"),
                row=index // PER_ROW,
                style=discord.ButtonStyle.primary
                if index == page
                else discord.ButtonStyle.secondary,
                disabled=index == page,
            )
        )
    return "\n".join([title, *body]), view


def parse_page(parsed: ParsedId) -> tuple[Game, int]:
    """The game and page a rules button names (MalformedId when it names none)."""
    game_id, _, page = parsed.arg.rpartition("-")
    if parsed.op != "pg" or game_id not in GAMES or not page.isdigit():
        raise MalformedId(parsed.arg)
    if not 0 <= int(page) < len(PAGES):
        raise MalformedId(parsed.arg)
    return GAMES[game_id], int(page)


def options_lines(game: Game, texts: Texts) -> list[str]:
    """The variants `/game new` takes, with an example and each option's valid values."""
    example = " ".join(
        f"{name}={next(iter(example_values(spec)))}"
        for name, spec in list(player_options(game).items())[:2]
    )
    return [texts("rules.options", example=example), *options_help(game, texts)]


def options_help(game: Game, texts: Texts) -> list[str]:
    return [
        texts(
            "option_line",
            name=name,
            kind=option_values(spec),
            default=json.dumps(spec.default) if not isinstance(spec.default, str) else spec.default,
            description=texts(f"option.{name}"),
        )
        for name, spec in player_options(game).items()
    ]


def example_values(spec: Any) -> list[Any]:
    """The values to suggest: the default, then each listed one (not a number's range)."""
    values = [v for v in option_values(spec).split("|") if "–" not in v and "<" not in v]
    default = spec.default if isinstance(spec.default, str) else json.dumps(spec.default)
    return list(dict.fromkeys([default, *values]))
