"""After the last move, generically for every game: /game replay, /game export, /game stats,
/game leaderboard, the replay's page-by-page strip and the final board's Rematch button.

Clicks arrive from bot.discord_app.router under the keys in `KEYS`; they concern finished games, which the
router otherwise refuses as gone.
"""

from __future__ import annotations

import io
import secrets
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.discord_app.chooser import Components
from bot.discord_app.command_text import command_text as _
from bot.discord_app.custom_id import MalformedId, ParsedId, cid, parse_index
from bot.discord_app.interaction_parts import channel_of, data_of
from bot.discord_app.scope import may_read
from bot.discord_app.sending import NO_PINGS
from bot.frontend.after_game_strings import COMMANDS
from bot.frontend.after_game_worker import Busy
from bot.frontend.alt_text import describe_board
from bot.frontend.board_image import LOCALIZER
from bot.frontend.safe_text import CONTENT_MAX, NAME_MAX, clip, neutral
from bot.frontend.strings import COMMANDS as GAME_COMMANDS
from bot.frontend.texts import Texts
from engine.core import IllegalInput
from engine.i18n import locale_of
from engine.registry import GAMES
from table.export import latest_finished
from table.ratings import Rating, leaderboard, place_of, player_stats, user_player
from table.service import Session
from table.session_model import Seat

if TYPE_CHECKING:
    from bot.discord_app.board import Board
    from bot.discord_app.gate import Gate
    from bot.frontend.after_game_worker import AfterGameWorker
    from bot.frontend.config import Config
    from table.service import TableService

KEYS = ("replay", "rematch")


class AfterGameHost(Protocol):
    """What the after-game commands and clicks use of the bot (bot.discord_app.client's ForumBot is one)."""

    config: Config
    service: TableService
    gate: Gate
    after_game: AfterGameWorker


JUMP_OPTIONS = 25
TOP = 10

GAME_CHOICES = [
    app_commands.Choice(name=_(game.strings, "name"), value=game_id)
    for game_id, game in sorted(GAMES.items())
]


def add_commands(group: app_commands.Group, bot: AfterGameHost) -> None:
    """Adds the after-game commands to /game (their texts: after_game_strings.COMMANDS)."""

    @app_commands.command(name="replay", description=_(COMMANDS, "command.replay"))
    @app_commands.describe(game_id=_(COMMANDS, "param.game_id"))
    async def replay(interaction: discord.Interaction, game_id: int | None = None) -> None:
        if not await bot.gate.allow(interaction, "replay"):
            return
        await post_replay(bot, interaction, game_id)

    @app_commands.command(name="export", description=_(COMMANDS, "command.export"))
    @app_commands.describe(game_id=_(COMMANDS, "param.game_id"))
    async def export(interaction: discord.Interaction, game_id: int | None = None) -> None:
        if not await bot.gate.allow(interaction, "export"):
            return
        await post_export(bot, interaction, game_id)

    @app_commands.command(name="stats", description=_(COMMANDS, "command.stats"))
    @app_commands.describe(player=_(COMMANDS, "param.player"), game=_(GAME_COMMANDS, "param.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(
        interaction: discord.Interaction,
        player: discord.Member | None = None,
        game: str | None = None,
    ) -> None:
        if not await bot.gate.allow(interaction, "stats"):
            return
        await post_stats(bot, interaction, player or interaction.user, game)

    @app_commands.command(name="leaderboard", description=_(COMMANDS, "command.leaderboard"))
    @app_commands.describe(game=_(GAME_COMMANDS, "param.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def board_command(interaction: discord.Interaction, game: str) -> None:
        if not await bot.gate.allow(interaction, "leaderboard"):
            return
        await post_leaderboard(bot, interaction, game)

    group.add_command(replay)
    group.add_command(export)
    group.add_command(stats)
    group.add_command(board_command)


def texts(bot: AfterGameHost, interaction: discord.Interaction, session: Session | None) -> Texts:
    locale = locale_of(str(interaction.locale or ""), bot.config.default_locale)
    game = session.game if session else None
    return Texts(LOCALIZER, locale, game, session.names if session else ())


async def _reply(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    kwargs |= {"content": clip(content), "ephemeral": True, "allowed_mentions": NO_PINGS}
    if interaction.response.is_done():
        await interaction.followup.send(**kwargs)
    else:
        await interaction.response.send_message(**kwargs)


# Finished games --------------------------------------------------------------------------


async def finished_session(
    bot: AfterGameHost, interaction: discord.Interaction, game_id: int | None
) -> Session | None:
    """The finished game asked for (by id, else this channel's latest), when the asker may
    read it (bot.discord_app.scope); an unknown game and a hidden one both give None."""
    if game_id is None:
        game_id = await latest_finished(bot.service.store, channel_of(interaction))
        if game_id is None:
            return None
    try:
        session = await bot.service.get(game_id)
    except IllegalInput:
        return None
    return session if session.status == "finished" and may_read(interaction, session) else None


async def post_export(
    bot: AfterGameHost, interaction: discord.Interaction, game_id: int | None
) -> None:
    session = await finished_session(bot, interaction, game_id)
    t = texts(bot, interaction, session)
    if session is None:
        await _reply(interaction, t("export.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    data = (await bot.after_game.export_json(bot.service, session)).encode()
    name = f"forum-{session.row.game}-{session.id}.json"
    await _reply(
        interaction,
        t("export.done", game=t("name"), session=session.id),
        file=discord.File(io.BytesIO(data), filename=name),
    )


# Replays ---------------------------------------------------------------------------------


async def post_replay(
    bot: AfterGameHost, interaction: discord.Interaction, game_id: int | None
) -> None:
    """The animation with the strip's buttons under it, for the asker alone."""
    session = await finished_session(bot, interaction, game_id)
    t = texts(bot, interaction, session)
    if session is None:
        await _reply(interaction, t("replay.none"))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    worker = bot.after_game
    try:
        export = await worker.export_json(bot.service, session)
        data, extension, frames = await worker.animation(session.id, export, t.locale)
    except Busy:
        bot.gate.refund(interaction, "replay")
        await _reply(interaction, t("replay.busy"))
        return
    await _reply(
        interaction,
        t("replay.posted", game=t("name"), session=session.id, frames=frames),
        file=discord.File(io.BytesIO(data), filename=f"replay-{session.id}.{extension}"),
        view=strip_buttons(session, t, -1, frames),
    )


def strip_buttons(session: Session, t: Texts, page: int, total: int) -> Components:
    """◀ ▶ ⏮ ⏭ and a jump menu of evenly spread boards; `page` -1 is the animation itself."""
    view = Components()
    for op, label, target in (
        ("first", "button.first", 0),
        ("prev", "button.previous", page - 1),
        ("next", "button.next", page + 1),
        ("last", "button.last", total - 1),
    ):
        view.add_item(
            discord.ui.Button(
                label=t(label),
                disabled=not 0 <= target < total or target == page,
                custom_id=cid(session.id, "replay", op, max(0, min(target, total - 1))),
            )
        )
    picks = sorted({round(i * (total - 1) / max(1, JUMP_OPTIONS - 1)) for i in range(JUMP_OPTIONS)})
    menu: discord.ui.Select[Any] = discord.ui.Select(
        placeholder=t("replay.jump"), custom_id=cid(session.id, "replay", "j"), row=1
    )
    for index in picks[:JUMP_OPTIONS]:
        menu.add_option(
            label=t("replay.jump_option", number=index + 1, seq=index), value=str(index)
        )
    view.add_item(menu)
    return view


async def replay_page(
    bot: AfterGameHost, interaction: discord.Interaction, session: Session, page: int
) -> None:
    """One board of the strip, privately: the clicked strip is edited, else a reply is sent."""
    t = texts(bot, interaction, session)
    message = interaction.message
    in_place = message is not None and message.flags.ephemeral
    await interaction.response.defer(ephemeral=True, thinking=not in_place)
    worker = bot.after_game
    try:
        export = await worker.export_json(bot.service, session)
        png, caption, total, page = await worker.page(session.id, export, t.locale, page)
    except Busy:
        await _reply(interaction, t("replay.busy"))
        return
    content = t(
        "replay.page",
        game=t("name"),
        session=session.id,
        number=page + 1,
        total=total,
        caption=neutral(caption, CONTENT_MAX),
    )
    view = strip_buttons(session, t, page, total)
    alt = describe_board(t, None, None, (), [caption])
    file = discord.File(io.BytesIO(png), filename="board.png", description=alt)
    if in_place:
        await interaction.edit_original_response(
            content=clip(content), view=view, attachments=[file], allowed_mentions=NO_PINGS
        )
    else:
        await _reply(interaction, content, view=view, file=file)


# Stats and leaderboard ---------------------------------------------------------------------


def _figures(rating: Rating) -> dict[str, str]:
    return {
        "conservative": f"{rating.conservative:.1f}",
        "mu": f"{rating.mu:.1f}",
        "sigma": f"{rating.sigma:.1f}",
        "games": str(rating.games),
    }


def _game_name(t: Texts, game_id: str) -> str:
    strings = GAMES[game_id].strings
    return strings.get(t.locale, strings["en"])["name"]


async def post_stats(
    bot: AfterGameHost, interaction: discord.Interaction, who: discord.abc.User, game: str | None
) -> None:
    t = texts(bot, interaction, None)
    guild = interaction.guild_id or 0
    stats = await player_stats(bot.service.store, guild, user_player(who.id), game)
    name = neutral(who.display_name, NAME_MAX)
    if not stats.games:
        await _reply(interaction, t("stats.none", player=name))
        return
    scope = t("stats.scope", game=_game_name(t, game)) if game else ""
    lines = [
        f"**{t('stats.title', player=name, scope=scope)}**",
        t("stats.line", games=stats.games, wins=stats.wins, best=stats.best_score),
    ]
    if stats.favourite and not game:
        lines.append(t("stats.favourite", game=_game_name(t, stats.favourite)))
    lines += [
        t("stats.rating", game=_game_name(t, game_id), **_figures(rating))
        for game_id, rating in stats.ratings
    ]
    await _reply(interaction, "\n".join(lines)[:2000])


async def leaderboard_text(
    bot: AfterGameHost, t: Texts, guild: int, game: str, user_id: int
) -> str:
    store = bot.service.store
    top = await leaderboard(store, guild, game, TOP)
    name = _game_name(t, game)
    if not top:
        return t("leaderboard.empty", game=name)
    lines = [f"**{t('leaderboard.title', game=name)}**"]
    lines += [
        t("leaderboard.line", place=place, name=neutral(rating.name, NAME_MAX), **_figures(rating))
        for place, rating in enumerate(top, start=1)
    ]
    mine = await place_of(store, guild, game, user_player(user_id))
    if mine is None:
        lines.append(t("leaderboard.you_unrated", game=name))
    else:
        lines.append(t("leaderboard.you", place=mine[0], **_figures(mine[1])))
    lines.append(t("leaderboard.note"))
    return "\n".join(lines)[:2000]


async def post_leaderboard(bot: AfterGameHost, interaction: discord.Interaction, game: str) -> None:
    t = texts(bot, interaction, None)
    text = await leaderboard_text(bot, t, interaction.guild_id or 0, game, interaction.user.id)
    await _reply(interaction, text)


# Rematch ---------------------------------------------------------------------------------


async def rematch(
    bot: AfterGameHost, board: Board, interaction: discord.Interaction, old: Session
) -> None:
    """The first click opens a lobby (same players and options, seats rotated, a new seed);
    later clicks join it. The host starts it with the lobby's Start button."""
    t = texts(bot, interaction, old)
    service, user = bot.service, interaction.user
    current = await service.in_channel(channel_of(interaction))
    if current is not None:
        if current.row.meta.rematch_of != old.id or current.status != "lobby":
            await _reply(interaction, t("rematch.busy"))
        elif current.seat_of(user.id) is not None:
            await _reply(interaction, t("rematch.already"))
        else:
            await service.join(current, user.id, user.display_name, str(interaction.locale))
            await board.show_lobby(current)
            await _reply(interaction, t("rematch.joined"))
        return
    host = next((s for s in old.seats if s.user_id == old.row.host_id), None)
    session = await service.open(
        channel_id=old.row.channel_id,
        guild_id=old.row.guild_id,
        game_id=old.row.game,
        options=old.row.options,
        host_id=old.row.host_id,
        host_name=host.name if host else "?",
        locale=host.locale if host else None,
        seed=secrets.randbits(63),  # a new deal, whatever seed the last game had
    )
    # A seat the AI took over from an idle player is that player's again.
    rotated = old.seats[1:] + old.seats[:1]
    session.row.seats = tuple(
        seat.model_copy(update={"ai": seat.ai and not seat.user_id}) for seat in rotated
    )
    if session.seat_of(user.id) is None and len(session.seats) < session.game.max_seats:
        joined = Seat(user_id=user.id, name=user.display_name, ai=False)
        session.row.seats = (*session.row.seats, joined)
    carried = old.row.meta.locale  # the server's language
    await service.set_meta(session, rematch_of=old.id, locale=carried)
    await bot.gate.lobby_opened(session, thread=False)
    content, view = board.lobby_content(session)
    await interaction.response.send_message(
        content=f"{t('rematch.opened')}\n{content}", view=view, allowed_mentions=NO_PINGS
    )
    message = await interaction.original_response()
    await service.set_meta(session, board=message.id)


async def click(
    bot: AfterGameHost, board: Board, interaction: discord.Interaction, parsed: ParsedId
) -> None:
    """A Rematch or replay-strip click on a finished game, on a message that offers it
    (bot.discord_app.router checked that): the same server and channel rules as the commands;
    `board` shows a rematch's lobby."""
    try:
        session = await bot.service.get(parsed.sid)
    except IllegalInput:
        session = None
    t = texts(bot, interaction, session)
    if session is None or session.status != "finished":
        await _reply(interaction, t("game_gone"))
    elif parsed.key == "rematch":
        if not may_read(interaction, session) or interaction.channel_id != session.row.channel_id:
            raise IllegalInput("wrong_channel")
        await rematch(bot, board, interaction, session)
    elif not may_read(interaction, session):
        await _reply(interaction, t("game_gone"))
    elif parsed.op == "j":
        values = data_of(interaction).get("values")
        if not isinstance(values, list) or len(values) != 1:
            raise MalformedId("replay jump values")
        await replay_page(bot, interaction, session, parse_index(values[0]))
    else:
        await replay_page(bot, interaction, session, parsed.index())
