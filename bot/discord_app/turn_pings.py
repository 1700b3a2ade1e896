"""Telling a player that their public turn has started.

A turn taken from the board (a TURN prompt with public options) sends no DM, and editing the
board notifies nobody, so each human whose public turn starts is mentioned once in a short
channel message, whose `allowed_mentions` name only them. The seats last told are kept in the
session's meta (written before the message is sent: a restart never pings twice), and the
previous ping is deleted, so the channel holds at most one. A player turns pings off for
themselves with `/game pings off` (stored per user).

A player who had an input accepted in this game within `AT_THE_TABLE_SECONDS` is at the table,
watching the board, and is not pinged: pinging every turn of a lively game doubled the bot's REST
calls and channel writes (bench.load: boards late, acks slow). Nothing is written or sent for a
turn whose players are all at the table.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.discord_app.command_text import command_text as _
from bot.discord_app.sending import table_channel
from bot.frontend.budget import Dropped, unless
from bot.frontend.strings import COMMANDS
from bot.frontend.texts import Texts
from engine.core import Kind
from engine.i18n import Localizer, locale_of
from table.service import Session

if TYPE_CHECKING:
    from bot.discord_app.board import Board
    from table.store import Store

log = logging.getLogger("forum.pings")
AT_THE_TABLE_SECONDS = 60.0


def public_turn_seats(session: Session) -> list[int]:
    """The human seats that owe a turn taken from the board right now."""
    if session.status != "active" or session.outcome() is not None:
        return []
    return sorted(
        {
            seat
            for prompt in session.pending()
            if prompt.kind == Kind.TURN and prompt.public_options
            for seat in prompt.seats
            if not session.is_ai(seat)
        }
    )


async def muted(store: Store, user_ids: list[int]) -> set[int]:
    """Those of `user_ids` who turned their turn pings off."""
    if not user_ids:
        return set()
    marks = ",".join("?" * len(user_ids))
    rows = await store.query(
        f"SELECT user_id FROM user_settings WHERE turn_pings=0 AND user_id IN ({marks})",
        tuple(user_ids),
    )
    return {int(row[0]) for row in rows}


async def last_inputs(store: Store, session_id: int) -> dict[int, float]:
    """When each seat's latest input was accepted (wall clock), from the stored log: "at the
    table" survives a restart, which otherwise pinged every active game's current player."""
    rows = await store.query(
        "SELECT seat, MAX(at) FROM inputs WHERE session_id=? GROUP BY seat", (session_id,)
    )
    return {int(seat): float(at) for seat, at in rows}


async def ping_turns(board: Board, session: Session) -> None:
    """Mention each human whose public turn has just started (once per turn)."""
    now = tuple(public_turn_seats(session))
    before = session.row.meta.turn_seats
    if now == before:
        return
    session.row.meta = session.row.meta.updated(turn_seats=now)  # stored with the next write
    recent = time.time() - AT_THE_TABLE_SECONDS
    acted = session.acted_at
    if any(s not in acted for s in now):  # after a restart: the log remembers who just moved
        acted = {**await last_inputs(board.service.store, session.id), **acted}
    away = [s for s in now if s not in before and acted.get(s, recent) <= recent]
    starting = [session.seats[s].user_id for s in away]
    users = [u for u in starting if u not in await muted(board.service.store, starting)]
    previous = session.row.meta.turn_ping
    if not (users or previous):
        return  # players at the table: nothing to say, nothing to store
    await board.service.set_meta(
        session, turn_ping=None
    )  # stored first: a restart never pings again
    channel = await table_channel(board.client, session.row.channel_id)
    if channel is None:
        return
    if previous:
        await board.delete_quietly(channel, previous)
    if not users:
        return
    t = board.wording.channel_texts(session)
    try:
        # Under the channel's write limit the ping may wait; if the turn is over by the time it
        # may go, it is dropped unsent rather than mention a player who has already moved.
        with unless(lambda: tuple(public_turn_seats(session)) != now):
            message = await channel.send(
                content=t("ping.turn", users=" ".join(f"<@{u}>" for u in users), game=t("name")),
                allowed_mentions=discord.AllowedMentions(
                    everyone=False, roles=False, users=[discord.Object(id=u) for u in users]
                ),
            )
    except Dropped:
        log.info("turn ping dropped: the turn ended while it waited (session %s)", session.id)
        return
    await board.service.set_meta(session, turn_ping=message.id)


def add_commands(
    group: app_commands.Group, store: Store, localizer: Localizer, default_locale: str
) -> None:
    """`/game pings on|off`: the caller's own turn pings, in every server."""

    @app_commands.command(name="pings", description=_(COMMANDS, "command.pings"))
    @app_commands.describe(state=_(COMMANDS, "param.pings"))
    @app_commands.choices(
        state=[
            app_commands.Choice(name=_(COMMANDS, "choice.on"), value="on"),
            app_commands.Choice(name=_(COMMANDS, "choice.off"), value="off"),
        ]
    )
    async def pings(interaction: discord.Interaction, state: str) -> None:
        locale = locale_of(str(interaction.locale or ""), default_locale)
        t = Texts(Localizer(localizer.catalogs[0]), locale, None, ())
        await store.set_turn_pings(interaction.user.id, state == "on")
        await interaction.response.send_message(t(f"ping.{state}"), ephemeral=True)

    group.add_command(pings)
