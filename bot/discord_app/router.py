"""Every button, select and modal of the bot arrives here, routed by its custom_id.

No view objects are kept in memory, so clicks on messages posted before a restart work the same.
Each handler answers the interaction first-hand (an edit of the clicked message or an ephemeral
reply); state changes are committed before that answer and published afterwards.

A custom_id is user input: it is parsed strictly, and it acts only when the clicked message
really carries it (a modified client can send any id on any message it can see).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord_app import after_game, hints, learn, rules_pages, stale
from bot.discord_app.ai_levels import chosen_level
from bot.discord_app.chooser import chooser, fleet_input, modal, modal_values, pick_many
from bot.discord_app.custom_id import MalformedId, ParsedId, cid, parse_cid
from bot.discord_app.hints import Cooldown, with_hint
from bot.discord_app.history import History
from bot.discord_app.interaction_parts import data_of
from bot.discord_app.private_view import add_show_button, folded
from bot.discord_app.sending import NO_PINGS, reply_privately
from bot.frontend import fleet_builder
from bot.frontend.drafts import (
    Draft,
    args_of,
    current_field,
    fill_typed,
    is_immediate,
    pick,
    summary,
    take_number,
    undo,
)
from bot.frontend.prompt_kinds import is_private
from bot.frontend.safe_text import clip
from bot.frontend.texts import Texts
from engine.core import IllegalInput, Kind, Prompt
from engine.i18n import locale_of
from table.service import Session, SessionBroken, TableService

if TYPE_CHECKING:
    from bot.discord_app.deadlines import Step
    from bot.discord_app.play import Metrics, Parts
    from bot.frontend.ai_seats import Changed
    from bot.frontend.hint_search import Hints
    from bot.frontend.settings import ServerSettings

log = logging.getLogger("forum.router")


# A click handler: (interaction, session, parsed custom id).
Handler = Callable[[discord.Interaction, Session, ParsedId], Awaitable[None]]


class RouterHost(after_game.AfterGameHost, Protocol):
    """What the router uses of the bot (bot.discord_app.client's ForumBot is one)."""

    settings: ServerSettings
    metrics: Metrics
    hints: Hints

    def may_abort(self, interaction: discord.Interaction, host_id: int) -> bool: ...


class Router:
    def __init__(
        self, bot: RouterHost, parts: Parts, *, changed: Changed, close_board: Step
    ) -> None:
        """`bot` for what stays the bot's (its service, settings, metrics, after-game clicks);
        the parts of play it uses; `changed` and `close_board` are Play's."""
        self.bot = bot
        self.wording = parts.wording
        self.board = parts.board
        self.prompts = parts.prompts
        self.carriers = parts.carriers
        self.drafts = parts.prompts.drafts
        self.changed = changed
        self.close_board = close_board
        self._clicked: dict[int, Session] = {}  # interaction id -> its session, while handled
        self.history_pages = History()

    @property
    def service(self) -> TableService:
        return self.bot.service

    @property
    def settings(self) -> ServerSettings:
        return self.bot.settings

    @property
    def hints(self) -> Hints:
        return self.bot.hints

    @property
    def gate(self) -> Cooldown:
        return self.bot.gate

    async def handle(self, interaction: discord.Interaction) -> None:
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return
        try:
            parsed = parse_cid(data_of(interaction).get("custom_id", ""))
        except MalformedId:
            await self.refuse_malformed(interaction)
            return
        if parsed is None:
            return
        started = time.perf_counter()
        try:
            await self._route(interaction, parsed)
            self._note_carrier(interaction)
        except IllegalInput as error:
            await self.reply_error(interaction, error, parsed.sid)
        except MalformedId:
            await self.refuse_malformed(interaction)
        except Exception:
            # The option picked (parsed.arg) may be a secret choice: it stays out of the log.
            log.exception(
                "interaction failed: session %s, prompt %s, op %s",
                parsed.sid,
                parsed.key,
                parsed.op,
            )
            await self.reply(interaction, self.texts_for(interaction, None)("error.internal"))
        finally:
            self._clicked.pop(interaction.id, None)
            self.bot.metrics[f"interaction.{parsed.op}"].append(time.perf_counter() - started)

    def _note_carrier(self, interaction: discord.Interaction) -> None:
        session = self._clicked.get(interaction.id)
        if session is None or session.status != "active":
            return
        seat = session.seat_of(interaction.user.id)
        self.carriers.note(session.id, seat, session.row.meta.board, interaction)

    async def _route(self, interaction: discord.Interaction, parsed: ParsedId) -> None:
        if parsed.key in after_game.KEYS:  # finished games: replay strip, rematch
            _require_offered(interaction, parsed)
            await after_game.click(self.bot, self.board, interaction, parsed)
            return
        if parsed.key == rules_pages.KEY:  # a page of /game rules: no session needed
            _require_offered(interaction, parsed)
            game, page = rules_pages.parse_page(parsed)
            texts = Texts(self.wording.localizer, locale_of(_locale(interaction)), game, ())
            content, view = rules_pages.rules_page(game, texts, page)
            await interaction.response.edit_message(
                content=clip(content), view=view, allowed_mentions=NO_PINGS
            )
            return
        try:
            session = await self.bot.service.get(parsed.sid)
        except SessionBroken:
            raise
        except IllegalInput:
            session = None
        if session is None or session.status in ("aborted", "finished"):
            await self.reply(interaction, self.texts_for(interaction, session)("game_gone"))
            return
        if parsed.key in ("lobby", "hand", "abort", "history", "hint"):  # prompts: see self.prompt
            _require_offered(interaction, parsed)
        self._clicked[interaction.id] = session
        handlers: dict[str, Handler] = {
            "lobby": self.lobby,
            "hand": self.hand,
            "abort": self.abort,
            "history": self.history,
            "hint": functools.partial(hints.ask, self),
        }
        await handlers.get(parsed.key, self.prompt)(interaction, session, parsed)

    # Helpers ------------------------------------------------------------------------------

    def texts_for(self, interaction: discord.Interaction, session: Session | None) -> Texts:
        if session is None:
            return Texts(self.wording.localizer, locale_of(_locale(interaction)), None, ())
        return self.wording.texts(session, _locale(interaction))

    async def reply(self, interaction: discord.Interaction, text: str, view: Any = None) -> None:
        await reply_privately(interaction, text, view)

    async def refuse_malformed(self, interaction: discord.Interaction) -> None:
        await self.reply(
            interaction, "✗ " + self.texts_for(interaction, None)("error.bad_component")
        )

    async def reply_error(
        self, interaction: discord.Interaction, error: IllegalInput, sid: int
    ) -> None:
        """The refusal in the reader's language, with the game's own wording for its codes."""
        try:
            session = await self.bot.service.get(sid)
        except IllegalInput:
            session = None
        texts = self.texts_for(interaction, session)
        await self.reply(interaction, "✗ " + texts.msg(error.msg))

    def remember_locale(
        self, session: Session, seat: int, interaction: discord.Interaction
    ) -> None:
        session.update_seat(seat, locale=str(interaction.locale))

    async def abort_broken(self, interaction: discord.Interaction, broken: SessionBroken) -> None:
        """/game abort in a channel whose game cannot be loaded: no dialog, nothing to keep."""
        texts = self.texts_for(interaction, None)
        allowed = self.bot.may_abort(interaction, broken.row.host_id)
        if not allowed or interaction.channel_id != broken.row.channel_id:
            await self.reply(interaction, texts("abort_denied"))
            return
        await self.bot.service.abort_broken(broken)
        await interaction.response.send_message(texts("aborted"), allowed_mentions=NO_PINGS)

    # Lobby --------------------------------------------------------------------------------

    async def lobby(
        self, interaction: discord.Interaction, session: Session, parsed: ParsedId
    ) -> None:
        if session.status != "lobby":  # after Start: refused at once, the board stays a board
            raise IllegalInput("not_in_lobby")
        user = interaction.user
        service = self.bot.service
        level = chosen_level(interaction, parsed.op, parsed.arg)
        if parsed.op == "lvl" and user.id != session.row.host_id:
            raise IllegalInput("not_host")
        if parsed.op == "join":
            await service.join(session, user.id, user.display_name, str(interaction.locale))
        elif parsed.op == "leave":
            await service.leave(session, user.id)
        elif parsed.op == "ai":
            if level == "hard" and not await self.bot.gate.allow_hard_ai(interaction):
                return
            texts = self.wording.channel_texts(session)
            name = texts.localizer.template(texts.locale, "seat.ai") or "AI {number}"
            await service.add_ai(session, user.id, name, level)
        elif parsed.op == "start":
            hard = any(seat.ai and seat.level == "hard" for seat in session.row.seats)
            if hard and not await self.bot.gate.allow_hard_ai(interaction, adding=0):
                return
            await service.start(session, user.id)
            # The lobby's components are disabled in the very edit that answers Start, so no
            # click meets "already started" while the first board is on its way.
            content, view = self.board.lobby_content(session, level)
            for item in view.children:
                item.disabled = True  # type: ignore[attr-defined]  # buttons and the select
            await interaction.response.edit_message(
                content=content, view=view, allowed_mentions=NO_PINGS
            )
            self.changed(session, [])
            return
        if session.status == "aborted":
            await interaction.response.edit_message(
                content=self.texts_for(interaction, session)("aborted"),
                view=None,
                allowed_mentions=NO_PINGS,
            )
            return
        content, view = self.board.lobby_content(session, level)
        await interaction.response.edit_message(
            content=content, view=view, allowed_mentions=NO_PINGS
        )

    # Private view and chooser ---------------------------------------------------------------

    async def hand(
        self, interaction: discord.Interaction, session: Session, parsed: ParsedId
    ) -> None:
        if parsed.op == "view":  # "Show my hand" beside a decision: the private view only
            seat = session.seat_of(interaction.user.id)
            texts = self.texts_for(interaction, session)
            if seat is None:
                await self.reply(interaction, texts("hand.none"))
                return
            private = self.prompts.private_text(session, seat, [])
            await self.reply(interaction, private or texts("chooser.nothing"))
            return
        await self.show_hand(interaction, session)

    async def show_hand(self, interaction: discord.Interaction, session: Session) -> None:
        texts = self.texts_for(interaction, session)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await self.reply(interaction, texts("hand.none"))
            return
        self.remember_locale(session, seat, interaction)
        private = self.prompts.private_text(session, seat, []) if session.state else ""
        prompt = self.prompts.private_prompt(session, seat) or stale.public_turn(session, seat)
        if prompt is None:
            await self.reply(
                interaction, "\n".join(filter(None, [private, texts("chooser.nothing")]))
            )
            return
        draft = self._draft(session, interaction, prompt)
        body, view = self._chooser(interaction, session, prompt, draft, texts, private=True)
        await self.reply(interaction, "\n".join(filter(None, [private, body])), view)

    def _chooser(
        self,
        interaction: discord.Interaction,
        session: Session,
        prompt: Prompt,
        draft: Draft,
        texts: Texts,
        private: bool = False,
    ) -> tuple[str, Any]:
        """The chooser; a private one (not in the channel's sight) also offers a Hint."""
        built = chooser(session.id, prompt, draft, texts)
        if not private and _in_channel_sight(interaction, session):
            return built
        return with_hint(built, session, self.bot.settings.cached(session.row.guild_id), texts)

    def _draft(self, session: Session, interaction: discord.Interaction, prompt: Prompt) -> Draft:
        return self.drafts.of(session.id, interaction.user.id, prompt.key)

    async def prompt(
        self, interaction: discord.Interaction, session: Session, parsed: ParsedId
    ) -> None:
        texts = self.texts_for(interaction, session)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            await self.reply(interaction, texts("not_player"))
            return
        self.remember_locale(session, seat, interaction)
        prompt = next(
            (p for p in session.pending() if p.key == parsed.key and p.answerable_by(seat)), None
        )
        if prompt is None:
            await self._not_current(interaction, session, seat, parsed, texts)
            return
        _require_offered(interaction, parsed)
        if _in_channel_sight(interaction, session):  # the whole channel reads its update
            texts = self.wording.channel_texts(session)
        draft = self._draft(session, interaction, prompt)
        if parsed.op == "open":
            body, view = self._chooser(interaction, session, prompt, draft, texts, private=True)
            private, more = folded(self.prompts.private_text(session, seat, []))
            if more:
                add_show_button(view, session.id, texts)
            user = interaction.user.id
            tip = await learn.tip_line(self.service.store, session, user, prompt, texts)
            await self.reply(interaction, "\n".join(filter(None, [tip, private, body])), view)
            if session.row.meta.learning:  # the hint, without asking
                await hints.offer(self, interaction, session, seat, prompt)
            return
        if parsed.op == "m":
            form = modal(session.id, prompt, draft, texts)
            if form.children:
                await interaction.response.send_modal(form)
                return
            # Another chooser of this draft filled every field: show the draft instead.
        self._edit_draft(prompt, draft, parsed, interaction)
        complete = current_field(prompt, draft) is None  # an Ok on a lost draft just re-asks
        if complete and (parsed.op == "ok" or is_immediate(prompt, draft)):
            await self._submit(interaction, session, seat, prompt, draft, texts)
            return
        body, view = self._chooser(interaction, session, prompt, draft, texts)
        await self._update(interaction, session, body, view)

    def _edit_draft(
        self, prompt: Prompt, draft: Draft, parsed: ParsedId, interaction: discord.Interaction
    ) -> None:
        data = data_of(interaction)
        if parsed.op == "v":
            pick(prompt, draft, parsed.index())
        elif parsed.op == "s":
            pick_many(prompt, draft, data.get("values", []))
        elif parsed.op == "p":
            draft.page = parsed.index()
        elif parsed.op == "q":
            take_number(prompt, draft, parsed.index())
        elif parsed.op == "u":
            undo(prompt, draft)
        elif parsed.op == "r":
            draft.values.clear()
            draft.finished.clear()
        elif parsed.op == "f":
            fill_typed(prompt, draft, modal_values(data))
        elif parsed.op in fleet_builder.OPS:
            fleet_input(prompt, draft, parsed.op, parsed.arg, data.get("values", []))

    async def _not_current(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat: int,
        parsed: ParsedId,
        texts: Texts,
    ) -> None:
        """Not a prompt this seat may answer now: a duplicate, another's turn, or stale."""
        same = [p for p in session.pending() if p.key == parsed.key]
        if any(seat in p.done for p in same):
            key = "chooser.duplicate"
        elif any(p.kind == Kind.REPLY for p in same):
            key = "chooser.not_for_you"
        elif same:
            key = "not_your_turn"
        else:
            key = "error.stale"
        closing = key in ("error.stale", "chooser.duplicate")
        if closing and await stale.close(self.prompts, interaction, session, seat, texts, key):
            return
        await self.reply(interaction, texts(key))

    async def _submit(
        self,
        interaction: discord.Interaction,
        session: Session,
        seat: int,
        prompt: Prompt,
        draft: Draft,
        texts: Texts,
    ) -> None:
        shown = summary(prompt, draft, texts)
        try:
            result = await self.bot.service.submit(
                session, seat, prompt.move, args_of(prompt, draft), prompt.key
            )
        except IllegalInput as error:
            if error.code == "storage_unavailable" or session.status != "active":
                raise  # the table refused, not the answer: the draft stands (see reply_error)
            draft.values.clear()
            draft.finished.clear()
            body, view = self._chooser(interaction, session, prompt, draft, texts)
            await self._update(interaction, session, f"✗ {texts.msg(error.msg)}\n{body}", view)
            return
        self.drafts.drop(session.id, interaction.user.id, prompt.key)
        if result.duplicate:
            await self.reply(interaction, texts("chooser.duplicate"))
            return
        done = (
            texts.msg(prompt.text)
            + "\n"
            + (
                texts("chooser.submitted", summary=shown)
                if shown
                else texts("chooser.submitted_plain")
            )
        )
        await self._update(interaction, session, done, None)
        if is_private(prompt):
            self.prompts.seen_privately(session, seat)
        self.changed(session, result.events)

    async def _update(
        self, interaction: discord.Interaction, session: Session, content: str, view: Any
    ) -> None:
        """Edit the chooser message that was clicked; on the board, answer privately instead."""
        on_board = interaction.message is not None and (
            interaction.message.id == session.row.meta.board
        )
        if on_board or interaction.message is None:
            if on_board and view is None:
                await interaction.response.defer()
                return
            await self.reply(interaction, content, view)
            return
        await interaction.response.edit_message(
            content=clip(content), view=view, allowed_mentions=NO_PINGS
        )

    # Abort and history --------------------------------------------------------------------

    async def abort(
        self, interaction: discord.Interaction, session: Session, parsed: ParsedId
    ) -> None:
        texts = self.texts_for(interaction, session)
        if interaction.channel_id != session.row.channel_id:
            raise IllegalInput("wrong_channel")
        if parsed.op != "yes":
            await interaction.response.edit_message(
                content=texts("abort_kept"), view=None, allowed_mentions=NO_PINGS
            )
            return
        if not self.bot.may_abort(interaction, session.row.host_id):
            await interaction.response.edit_message(
                content=texts("abort_denied"), view=None, allowed_mentions=NO_PINGS
            )
            return
        await self.bot.service.abort(session)
        await interaction.response.edit_message(
            content=texts("aborted"), view=None, allowed_mentions=NO_PINGS
        )
        await self.close_board(session)

    async def history(
        self, interaction: discord.Interaction, session: Session, parsed: ParsedId
    ) -> None:
        content, view = await self.history_page(interaction, session, parsed.index())
        await interaction.response.edit_message(
            content=clip(content), view=view, allowed_mentions=NO_PINGS
        )

    async def history_page(
        self, interaction: discord.Interaction, session: Session, page: int
    ) -> tuple[str, Any]:
        texts = self.texts_for(interaction, session)
        return await self.history_pages.page(self.bot.service, session, texts, page)


def _require_offered(interaction: discord.Interaction, parsed: ParsedId) -> None:
    """The clicked message must carry this component (a modal: the button that opened it)."""
    wanted = cid(parsed.sid, parsed.key, parsed.op, parsed.arg)
    if interaction.type == discord.InteractionType.modal_submit:
        wanted = cid(parsed.sid, parsed.key, "m")
    if interaction.message is None or wanted not in _custom_ids(interaction.message):
        raise IllegalInput("not_offered")


def _custom_ids(message: discord.Message) -> set[str]:
    found: set[str] = set()
    pending: list[Any] = list(message.components)
    while pending:
        component = pending.pop()
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            found.add(custom_id)
        pending.extend(getattr(component, "children", None) or ())
    return found


def _locale(interaction: discord.Interaction) -> str:
    return str(interaction.locale) if interaction.locale else ""


def _in_channel_sight(interaction: discord.Interaction, session: Session) -> bool:
    """The click is on a public message of the game's channel (not the board, whose clicks are
    answered privately): its edits stay in the channel's language, whoever clicks."""
    message = interaction.message
    return (
        message is not None
        and not message.flags.ephemeral
        and message.channel.id == session.row.channel_id
        and message.id != session.row.meta.board
    )
