"""The /game slash commands, generic over every registered game."""

from __future__ import annotations

import inspect
import io
import logging
import shlex
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord
from discord import app_commands

from bot.discord_app import learn as learning
from bot.discord_app import mine as mine_list
from bot.discord_app.chooser import Components
from bot.discord_app.command_text import command_text
from bot.discord_app.custom_id import cid
from bot.discord_app.interaction_parts import channel_of
from bot.discord_app.mine import MinePages, page_text, visible_games
from bot.discord_app.rules_pages import example_values, rules_page
from bot.discord_app.sending import NO_PINGS, reply_privately
from bot.frontend import cards
from bot.frontend.clock_texts import pace_line
from bot.frontend.safe_text import OPTION_MAX, clip, neutral
from bot.frontend.strings import COMMANDS
from bot.frontend.texts import Texts
from engine.core import (
    AnyGame,
    Game,
    IllegalInput,
    Msg,
    Shortcut,
    player_options,
)
from engine.i18n import Localizer, locale_of
from engine.registry import GAMES
from table.pace import POLICIES, BadPace, Pace, parse_pace
from table.service import Session, SessionBroken

if TYPE_CHECKING:
    from bot.discord_app.async_tables import AsyncTables
    from bot.discord_app.board import Board
    from bot.discord_app.gate import Gate
    from bot.discord_app.router import Router
    from bot.frontend.ai_seats import Changed
    from bot.frontend.config import Config
    from bot.frontend.settings import ServerSettings
    from bot.frontend.wording import Wording
    from table.service import TableService


class CommandsHost(Protocol):
    """What the slash commands use of the bot (bot.discord_app.client's ForumBot is one)."""

    config: Config
    service: TableService
    gate: Gate
    settings: ServerSettings
    render_pool: Executor | None

    def may_abort(self, interaction: discord.Interaction, host_id: int) -> bool: ...


@dataclass(frozen=True)
class CommandParts:
    """The parts of play the slash commands use, wired in bot.discord_app.client."""

    wording: Wording
    board: Board
    router: Router
    repost: Callable[[Session], None]
    changed: Changed
    tables: AsyncTables


log = logging.getLogger("forum.commands")
CARD_IMAGE = "card.png"
ALT_TEXT_MAX = 1024  # Discord's limit for an attachment's description

ANYWHERE = ("mine", "me")  # /game subcommands a user-installed Forum answers anywhere


OPTIONS_TEXT_MAX = 500  # every option of the largest game, each spelled out, fits in 200


_ = command_text
GAME_CHOICES = [
    app_commands.Choice(name=_(game.strings, "name"), value=game_id)
    for game_id, game in sorted(GAMES.items())
]


TIMEOUT_CHOICES = [
    app_commands.Choice(name=_(COMMANDS, f"choice.timeout.{policy}"), value=policy)
    for policy in POLICIES
]


def chosen_pace(text: str | None, allowed: list[str]) -> Pace:
    """The pace /game new asked for (the server's default when none), if the server allows
    it; the text is member input, so it is parsed and bounded like any option."""
    name = text if text is not None else allowed[0]
    try:
        pace = parse_pace(name[:OPTION_MAX])
    except BadPace:
        raise IllegalInput("bad_pace", pace=name[:20]) from None
    if pace.name not in allowed:
        raise IllegalInput("pace_not_allowed", paces=", ".join(allowed))
    return pace


def parse_options_text(text: str | None) -> dict[str, Any]:
    """`thirty_points=true negotiation=free` → {"thirty_points": "true", ...}; types are
    checked by the game's options model. The text is member input: its length is bounded."""
    if text and len(text) > OPTIONS_TEXT_MAX:
        raise IllegalInput("options_too_long", maximum=OPTIONS_TEXT_MAX)
    options: dict[str, Any] = {}
    for part in shlex.split(text or ""):
        name, sep, value = part.partition("=")
        if not sep or not name:
            raise IllegalInput("bad_options_text", detail=part)
        options[name.strip()] = value.strip()
    return options


class GameCommands(app_commands.Group):
    def __init__(self, bot: CommandsHost, parts: CommandParts) -> None:
        super().__init__(
            name="game",
            description=_(COMMANDS, "command.game"),
            # Installed by a server, and by a user for /game mine and /game me anywhere
            # (interaction_check keeps every other command to servers that installed Forum).
            allowed_installs=app_commands.AppInstallationType(guild=True, user=True),
            allowed_contexts=app_commands.AppCommandContext(
                guild=True, dm_channel=True, private_channel=True
            ),
        )
        self.bot = bot
        self.parts = parts

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        """Outside a server that installed Forum only /game mine and /game me answer."""
        command = interaction.command
        root = command.qualified_name.split()[1] if command is not None else ""
        if root in ANYWHERE or (interaction.guild_id and interaction.is_guild_integration()):
            return True
        await reply_privately(interaction, "✗ " + self.texts(interaction)("error.server_only"))
        return False

    def texts(self, interaction: discord.Interaction, game: Game | None = None) -> Texts:
        locale = locale_of(str(interaction.locale), self.bot.config.default_locale)
        return Texts(Localizer(self.parts.wording.localizer.catalogs[0]), locale, game, ())

    def guild_texts(self, interaction: discord.Interaction, game: Game | None = None) -> Texts:
        """The server's language (for what the whole channel reads), before a session exists."""
        locale = locale_of(_guild_locale(interaction), self.bot.config.default_locale)
        return Texts(Localizer(self.parts.wording.localizer.catalogs[0]), locale, game, ())

    @app_commands.command(name="new", description=_(COMMANDS, "command.new"))
    @app_commands.describe(
        game=_(COMMANDS, "param.game"),
        options=_(COMMANDS, "param.options"),
        thread=_(COMMANDS, "param.thread"),
        pace=_(COMMANDS, "param.pace"),
        timeout=_(COMMANDS, "param.timeout"),
    )
    @app_commands.choices(game=GAME_CHOICES, timeout=TIMEOUT_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        thread: bool = False,
        pace: str | None = None,
        timeout: str | None = None,
    ) -> None:
        await self.open_lobby(interaction, game, options, thread, pace, timeout)

    async def open_lobby(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        thread: bool = False,
        pace: str | None = None,
        timeout: str | None = None,
    ) -> None:
        """`/game new`: a lobby here (or in a new thread), or a private word of why not."""
        if not await self.bot.gate.open_lobby(interaction, thread):
            return
        existing = None if thread else await self.bot.service.in_channel(channel_of(interaction))
        if existing is not None:
            texts = self.parts.wording.texts(existing, str(interaction.locale))
            status = texts(f"status.{existing.status}")
            await reply_privately(
                interaction, texts("channel_busy_status", game=texts("name"), status=status)
            )
            return
        try:
            chosen = parse_options_text(options)
            if game not in GAMES:
                raise IllegalInput("unknown_game", game=game)
            GAMES[game].parse_options(chosen)  # refused before a thread is made for nothing
            settings = await self.bot.settings.of(interaction.guild_id)
            table_pace = chosen_pace(pace, settings.paces())
            channel = await self._new_thread(interaction, game) if thread else None
            session = await self.bot.service.open(
                channel_id=channel.id if channel else channel_of(interaction),
                guild_id=interaction.guild_id,
                game_id=game,
                options=chosen,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                locale=str(interaction.locale),
            )
        except (IllegalInput, ValueError) as error:  # worded with the game's catalog
            texts = self.texts(interaction, GAMES.get(game))
            await reply_privately(interaction, "✗ " + texts.msg(_refusal(error)))
            return
        if not table_pace.live:
            policy = timeout if timeout in POLICIES else settings.timeout_policy
            stops = settings.quiet_hours_stop_clocks
            await self.parts.tables.open_table(session, table_pace, policy, stops)
        guild_locale = _guild_locale(interaction)
        if guild_locale:
            await self.bot.service.set_meta(session, locale=guild_locale)
        await self.bot.gate.lobby_opened(session, thread)
        await self._post_lobby(interaction, session, channel)

    async def _post_lobby(
        self, interaction: discord.Interaction, session: Session, thread: discord.Thread | None
    ) -> None:
        """The lobby message, here or in its new `thread` (with a notice here), remembered as
        the session's board."""
        content, view = self.parts.board.lobby_content(session)
        message: discord.Message
        if thread is None:
            await interaction.response.send_message(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
            message = await interaction.original_response()
        else:
            message = await thread.send(content=content, view=view, allowed_mentions=NO_PINGS)
            texts = self.guild_texts(interaction, session.game)
            notice = texts("thread.opened", game=texts("name"), thread=thread.mention)
            await interaction.response.send_message(notice, allowed_mentions=NO_PINGS)
        await self.bot.service.set_meta(session, board=message.id)

    async def _new_thread(self, interaction: discord.Interaction, game: str) -> discord.Thread:
        """A public thread of this channel (of the parent, when asked inside a thread)."""
        channel = interaction.channel
        parent = channel.parent if isinstance(channel, discord.Thread) else channel
        if not isinstance(parent, discord.TextChannel):  # a forum, a voice chat, unknown
            raise IllegalInput("thread_not_here")
        texts = self.guild_texts(interaction, GAMES[game])
        name = texts("thread.name", game=texts("name"), host=interaction.user.display_name)
        try:
            return await parent.create_thread(
                name=name[:100],
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,  # a week: a slow game keeps its thread open
            )
        except discord.Forbidden:
            raise IllegalInput("thread_not_allowed") from None

    @new.autocomplete("options")
    async def new_options(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        game = GAMES.get(getattr(interaction.namespace, "game", "") or "")
        if game is None:
            return []
        head = current.rsplit(" ", 1)[0] + " " if " " in current else ""
        suggestions = []
        for name, spec in player_options(game).items():
            for value in example_values(spec):
                suggestion = f"{head}{name}={value}".strip()
                fits = len(suggestion) <= OPTION_MAX  # Discord's bound on a choice
                if fits and (suggestion.startswith(current.strip()) or not current.strip()):
                    suggestions.append(app_commands.Choice(name=suggestion, value=suggestion))
        return suggestions[:25]

    @new.autocomplete("pace")
    async def new_pace(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The server's allowed paces (its default first), described in the asker's language."""
        settings = await self.bot.settings.of(interaction.guild_id)
        locale = locale_of(str(interaction.locale), self.bot.config.default_locale)
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=f"{name} — {parse_pace(name).describe(locale)}", value=name)
            for name in settings.paces()
            if name.startswith(typed) or not typed
        ][:25]

    @app_commands.command(name="mine", description=_(COMMANDS, "command.mine"))
    async def mine(self, interaction: discord.Interaction) -> None:
        """Your open async games on every server (see bot.discord_app.mine)."""
        if not await self.bot.gate.allow_anywhere(interaction, "mine", mine_list.COOLDOWN):
            return
        t = self.texts(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        clocks = self.parts.tables.clocks
        shown, hidden = await visible_games(self.parts.board.client, clocks, interaction.user.id)
        view = MinePages(t, shown, hidden, interaction.user.id)
        await interaction.edit_original_response(
            content=page_text(t, shown, hidden, 0), view=view, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="status", description=_(COMMANDS, "command.status"))
    async def status(self, interaction: discord.Interaction) -> None:
        if not await self.bot.gate.allow(interaction, "status"):
            return
        session = await self.bot.service.in_channel(channel_of(interaction))
        if session is None:
            await reply_privately(interaction, self.texts(interaction)("no_game"))
            return
        await reply_privately(interaction, "✓")
        self.parts.repost(session)

    @app_commands.command(name="hand", description=_(COMMANDS, "command.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        session = await self.bot.service.in_channel(channel_of(interaction))
        if session is None:
            await reply_privately(interaction, self.texts(interaction)("no_game"))
            return
        await self.parts.router.show_hand(interaction, session)

    @app_commands.command(name="rules", description=_(COMMANDS, "command.rules"))
    @app_commands.describe(game=_(COMMANDS, "param.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The rules of the game named (else this channel's), first page; its buttons page
        (this channel's game also shows its pace and timeout policy)."""
        if game is not None and game not in GAMES:  # discord.py does not check the choices
            raise IllegalInput("unknown_game", game=game)
        session = await self.bot.service.in_channel(channel_of(interaction))
        if game is None:
            game = session.row.game if session else next(iter(sorted(GAMES)))
        chosen = GAMES[game]
        texts = self.texts(interaction, chosen)
        content, view = rules_page(chosen, texts, 0)
        table = await self.parts.tables.table_of(session) if session else None
        if table is not None and session is not None and session.row.game == game:
            content += "\n\n" + pace_line(texts, table)
        await reply_privately(interaction, content, view)

    @app_commands.command(name="learn", description=_(COMMANDS, "command.learn"))
    @app_commands.describe(game=_(COMMANDS, "param.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        """A table of the member and easy AIs, started at once (bot.discord_app.learn)."""
        if await self.bot.service.in_channel(channel_of(interaction)) is not None:
            await self.open_lobby(interaction, game)  # it says the channel is busy
            return
        await self.open_lobby(interaction, game)
        session = await self.bot.service.in_channel(channel_of(interaction))
        if session is None or session.row.host_id != interaction.user.id:
            return  # refused (a limit of the server): new() said why
        texts = self.guild_texts(interaction, GAMES[game])
        ai_name = texts.localizer.template(texts.locale, "seat.ai") or "AI {number}"
        await learning.begin(self.bot.service, session, interaction.user.id, ai_name)
        self.parts.changed(session, [])

    @app_commands.command(name="card", description=_(COMMANDS, "command.card"))
    @app_commands.describe(name=_(COMMANDS, "param.card"), game=_(COMMANDS, "param.game"))
    @app_commands.choices(game=GAME_CHOICES)
    async def card(
        self, interaction: discord.Interaction, name: str, game: str | None = None
    ) -> None:
        """One card's name and full text, privately, in the reader's language."""
        chosen = await self._game_here(interaction, game)
        texts = self.texts(interaction, chosen)
        if chosen is None:
            await reply_privately(interaction, texts("card.which_game"))
            return
        card_id = cards.find(chosen, texts, name) if chosen.cards() else None
        if card_id is not None:
            await self._show_card(interaction, chosen, texts, card_id)
            return
        key = "card.unknown" if chosen.cards() else "card.no_cards"
        await reply_privately(interaction, texts(key, game=texts("name"), name=neutral(name)))

    async def _show_card(
        self, interaction: discord.Interaction, game: AnyGame, texts: Texts, card_id: str
    ) -> None:
        """The card's text with its picture attached; while a new picture is drawn the answer
        is deferred, so a busy render pool never misses Discord's 3 s. A picture that fails
        to draw leaves the text alone (logged), never an error."""
        if not cards.picture_kept(game, card_id, texts.locale):
            await interaction.response.defer(ephemeral=True, thinking=True)
        file = None
        try:
            png = await cards.picture(game, card_id, texts.locale, self.bot.render_pool)
        except Exception:  # a broken pool or renderer: the text still answers
            log.exception("card picture failed", extra={"game": game.id, "card": card_id})
        else:
            alt = clip(texts.msg(game.card(card_id).name), ALT_TEXT_MAX)
            file = discord.File(io.BytesIO(png), filename=CARD_IMAGE, description=alt)
        await reply_privately(interaction, cards.card_text(game, texts, card_id), file=file)

    @card.autocomplete("name")
    async def card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        chosen = await self._game_here(interaction, interaction.namespace.game)
        if chosen is None:
            return []
        texts = self.texts(interaction, chosen)
        return [
            app_commands.Choice(name=clip(shown, OPTION_MAX), value=card_id)
            for card_id, shown in cards.matching(chosen, texts, current)
        ]

    async def _game_here(
        self, interaction: discord.Interaction, game: str | None
    ) -> AnyGame | None:
        """The game named, else the game of this channel, else None."""
        if game in GAMES:
            return GAMES[game]
        session = await self.bot.service.in_channel(channel_of(interaction))
        return GAMES[session.row.game] if session is not None else None

    @app_commands.command(name="abort", description=_(COMMANDS, "command.abort"))
    async def abort(self, interaction: discord.Interaction) -> None:
        try:
            session = await self.bot.service.in_channel(channel_of(interaction))
        except SessionBroken as broken:
            await self.parts.router.abort_broken(interaction, broken)
            return
        if session is None:
            await reply_privately(interaction, self.texts(interaction)("no_game"))
            return
        texts = self.parts.wording.texts(session, str(interaction.locale))
        if not self.bot.may_abort(interaction, session.row.host_id):
            await reply_privately(interaction, texts("abort_denied"))
            return
        view = Components()
        view.add_item(
            discord.ui.Button(
                label=texts("button.abort_yes"),
                style=discord.ButtonStyle.danger,
                custom_id=cid(session.id, "abort", "yes"),
            )
        )
        view.add_item(
            discord.ui.Button(
                label=texts("button.abort_no"), custom_id=cid(session.id, "abort", "no")
            )
        )
        await reply_privately(interaction, texts("abort_confirm", game=texts("name")), view)

    @app_commands.command(name="history", description=_(COMMANDS, "command.history"))
    async def history(self, interaction: discord.Interaction) -> None:
        if not await self.bot.gate.allow(interaction, "history"):
            return
        session = await self.bot.service.in_channel(channel_of(interaction))
        if session is None:
            await reply_privately(interaction, self.texts(interaction)("no_game"))
            return
        content, view = await self.parts.router.history_page(interaction, session, 0)
        await reply_privately(interaction, content, view)


def _guild_locale(interaction: discord.Interaction) -> str | None:
    """The language the server's admins chose (/game settings; read by the gate when the
    command started), else Discord's."""
    settings = interaction.client.settings  # type: ignore[attr-defined]  # a ForumBot
    chosen = settings.cached(interaction.guild_id).language
    if chosen != "auto":
        return chosen
    return str(interaction.guild_locale) if interaction.guild_locale else None


def _refusal(error: Exception) -> Msg:
    if isinstance(error, IllegalInput):
        return error.msg
    return IllegalInput("bad_option", detail=_first_line(error)).msg


def _first_line(error: Exception) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(map(str, first['loc']))}: {first['msg']}"
    return str(error)


def shortcut_commands(bot: CommandsHost, parts: CommandParts) -> list[app_commands.Command]:
    """One slash command per shortcut name declared by any game (e.g. /offer)."""
    first: dict[str, tuple[Game, Shortcut]] = {}
    for game in GAMES.values():
        for shortcut in game.shortcuts:
            first.setdefault(shortcut.name, (game, shortcut))
    return [_shortcut_command(bot, parts, game, shortcut) for game, shortcut in first.values()]


_PARAM_TYPES: dict[str, type] = {"seat": discord.Member, "int": int, "text": str}


def _shortcut_command(
    bot: CommandsHost, parts: CommandParts, game: Game, shortcut: Shortcut
) -> app_commands.Command:
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await run_shortcut(bot, parts, interaction, shortcut.name, values)

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    for param in shortcut.params:
        annotation = _PARAM_TYPES[param.kind]
        parameters.append(
            inspect.Parameter(
                param.name,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                annotation=annotation if param.required else annotation | None,
                default=inspect.Parameter.empty if param.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]  # discord.py reads the signature
    described = app_commands.describe(
        **{p.name: _(game.strings, p.description) for p in shortcut.params}
    )(callback)
    return app_commands.Command(
        name=shortcut.name,
        description=_(game.strings, shortcut.description),
        callback=described,
        extras={"shortcut": shortcut.name},
    )


async def run_shortcut(
    bot: CommandsHost,
    parts: CommandParts,
    interaction: discord.Interaction,
    name: str,
    values: dict[str, Any],
) -> None:
    """Answer the caller's pending move from slash-command options, privately."""
    session = await bot.service.in_channel(channel_of(interaction))
    texts = parts.wording.texts(session, str(interaction.locale)) if session else None
    if session is None or session.status != "active" or texts is None:
        await reply_privately(interaction, parts.router.texts_for(interaction, None)("no_game"))
        return
    shortcut = next((s for s in session.game.shortcuts if s.name == name), None)
    seat = session.seat_of(interaction.user.id)
    if shortcut is None or seat is None:
        await reply_privately(
            interaction, texts("no_shortcut" if shortcut is None else "not_player", command=name)
        )
        return
    prompt = next(
        (p for p in session.pending() if p.move == shortcut.move and p.answerable_by(seat)), None
    )
    if prompt is None:
        await reply_privately(interaction, texts("not_your_turn"))
        return
    args: dict[str, Any] = {}
    for param in shortcut.params:
        value = values.get(param.name)
        if param.kind == "seat" and value is not None:
            value = session.seat_of(value.id)
            value = -1 if value is None else value
        if value is not None:
            args[param.field] = value
    try:
        result = await bot.service.submit(session, seat, prompt.move, args, prompt.key)
    except IllegalInput as error:
        await reply_privately(interaction, "✗ " + texts.msg(error.msg))
        return
    await reply_privately(interaction, texts("chooser.submitted_plain"))
    parts.changed(session, result.events)
