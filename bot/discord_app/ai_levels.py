"""The lobby's AI level select: the level rides in the Add AI button's custom id, so the
offered-message check vouches for it and nothing but the seat needs storing."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord_app.custom_id import cid
from bot.discord_app.interaction_parts import data_of
from bot.frontend.texts import Texts
from engine.core import IllegalInput
from engine.i18n import style_name
from engine.levels import DEFAULT_LEVEL, LEVELS
from table.service import Session, TableService, seat_level
from table.session_model import Seat


def level_select(sid: int, level: str, t: Texts) -> discord.ui.Select:
    """easy / normal / hard, with `level` shown as chosen."""
    return discord.ui.Select(
        custom_id=cid(sid, "lobby", "lvl"),
        placeholder=t("select.ai_level"),
        options=[
            discord.SelectOption(label=t(f"level.{name}"), value=name, default=name == level)
            for name in LEVELS
        ],
        row=1,
    )


def valid_level(text: Any) -> str:
    """A level name from a click, else the refusal (a forged select value)."""
    if text not in LEVELS:
        raise IllegalInput("bad_level", level=str(text)[:16])
    return str(text)


def chosen_level(interaction: discord.Interaction, op: str, arg: str) -> str:
    """The level the lobby message shows after this click: the picked one, the one the
    Add AI button carried, else the one the clicked message offers."""
    if op == "lvl":
        values = data_of(interaction).get("values") or [None]
        return valid_level(values[0])
    if op == "ai" and arg:
        return valid_level(arg)
    for row in getattr(interaction.message, "components", None) or ():
        for item in getattr(row, "children", None) or ():
            custom_id = getattr(item, "custom_id", None) or ""
            if custom_id.startswith("f:") and ":lobby:ai:" in custom_id:
                return valid_level(custom_id.rsplit(":", 1)[1])
    return DEFAULT_LEVEL


def ai_mark(seat: Seat, t: Texts) -> str:
    """What follows a seat's name in the lobby: nothing for a member, 🤖, the level and the
    style (engine.styles) for an AI; a seat handed to the AI has no style of its own to show."""
    if not seat.ai:
        return ""
    level = t("level." + valid_level(seat_level(seat)))
    if seat.style is None:
        return f" 🤖 ({level})"
    return f" 🤖 ({t('seat.ai_kind', level=level, style=style_name(seat.style, t.locale))})"


def thinking_lines(service: TableService, session: Session, t: Texts) -> list[str]:
    """ "thinking…" for the hard AI seats that owe an answer: their search takes a while."""
    seats = sorted(
        {
            seat
            for seat, _ in service.ai_turns(session)
            if seat_level(session.row.seats[seat]) == "hard"
        }
    )
    return [t("ai_thinking", seats=seats)] if seats else []
