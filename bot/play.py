"""After every state change: the board message, private prompts by DM, AI seats and timers.

Nothing here knows a game's rules: it reads prompts, views, events and outcomes.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import json
import logging
import time
from collections import OrderedDict, defaultdict, deque
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

import discord

from bot import budget
from bot.after_game import rematch_button
from bot.after_game_strings import AFTER_GAME
from bot.ai_levels import ai_mark, level_select, thinking_lines
from bot.alt_text import describe_board
from bot.carriers import Carriers
from bot.chooser import Components, Draft, Texts, chooser, cid
from bot.config import Config
from bot.dm_channels import DmChannels
from bot.hints import with_hint
from bot.private_view import add_show_button, folded
from bot.publisher import Dirty, Publisher
from bot.safe_text import NAME_MAX, NO_PINGS, neutral, pings
from bot.safe_text import clip as _clip
from bot.strings import BOT
from bot.turn_pings import ping_turns
from engine.core import Event, Kind, Prompt
from engine.i18n import Localizer, locale_of
from engine.levels import DEFAULT_LEVEL
from render import render_png
from table.service import Session, SessionBroken, TableService

if TYPE_CHECKING:
    from bot.client import ForumBot

log = logging.getLogger("forum.play")
RENDER_SLOTS = 2  # two cores: never more renders at once
DM_CLOSED = 50007
NARRATION_LINES = 10
REARM_SECONDS = 60.0
KEPT_IMAGES = 64  # latest board images kept to post a board anew without drawing it again


def is_private(prompt: Prompt) -> bool:
    """Answered out of the channel's sight (DM or ephemeral)."""
    return prompt.kind == Kind.SECRET or not prompt.public_options


class Play:
    def __init__(
        self,
        bot: ForumBot,
        service: TableService,
        config: Config,
        render_pool: Executor | None = None,
    ) -> None:
        self.bot = bot
        self.service = service
        self.config = config
        self.localizer = Localizer(BOT, AFTER_GAME)
        self.drafts: dict[tuple[int, int, str], Draft] = {}
        self._queued: dict[int, list[Event]] = defaultdict(list)  # private events not yet sent
        self._ai_tasks: dict[int, asyncio.Task] = {}
        self.messages_since_board: dict[int, int] = defaultdict(int)
        self.narration: dict[int, deque[str]] = {}  # the board's latest public events
        self._render_slots = asyncio.Semaphore(RENDER_SLOTS)
        self._render_pool = render_pool
        self._shown_view: dict[int, str] = {}  # session -> digest of the public view on its board
        self._last_png: OrderedDict[int, bytes] = OrderedDict()  # session -> its board image
        self._decisions: dict[int, frozenset[str]] = {}  # session -> prompt keys last marked
        self._acted: set[tuple[int, int]] = set()  # (session, seat) that just answered
        self._armed: dict[int, float] = {}  # session -> reminder due time stored (0: none)
        self._following: dict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self.publisher = Publisher(self.publish_now, bot.spawn, config.board_interval_seconds)
        self.carriers = Carriers()
        self.dm_channels = DmChannels(bot, service.store)
        self.renders = 0

    # Texts ------------------------------------------------------------------------------

    def texts(self, session: Session, locale: str | None) -> Texts:
        return Texts(
            self.localizer,
            locale_of(locale, self.config.default_locale),
            session.game,
            session.names,
        )

    def channel_texts(self, session: Session) -> Texts:
        """The server's language, remembered at /game new (the default only when none came)."""
        return self.texts(session, session.row.meta.get("locale") or self.config.default_locale)

    def seat_texts(self, session: Session, seat: int) -> Texts:
        return self.texts(session, session.seats[seat].get("locale"))

    # The board message --------------------------------------------------------------------

    def lobby_content(self, session: Session, level: str = DEFAULT_LEVEL) -> tuple[str, Components]:
        t = self.channel_texts(session)
        game = session.game
        names = [f"{neutral(s['name'], NAME_MAX)}{ai_mark(s, t)}" for s in session.seats]
        options = ", ".join(
            f"{k}={neutral(json.dumps(v))}"
            for k, v in session.row.options.items()
            if game.Options.model_fields[k].default != v
        )
        lines = [
            f"**{t('lobby.title', game=t('name'))}**",
            t(
                "lobby.body",
                host=f"<@{session.row.host_id}>",
                count=len(names),
                maximum=game.max_seats,
                minimum=game.min_seats,
                players=", ".join(names),
            ),
            t("lobby.options", options=options) if options else t("lobby.options_none"),
            t("lobby.hint"),
        ]
        view = Components()
        for op, label, style in (
            ("join", "button.join", discord.ButtonStyle.success),
            ("leave", "button.leave", discord.ButtonStyle.secondary),
            ("ai", "button.add_ai", discord.ButtonStyle.secondary),
            ("start", "button.start", discord.ButtonStyle.primary),
        ):
            view.add_item(
                discord.ui.Button(
                    label=t(label),
                    style=style,
                    custom_id=cid(session.id, "lobby", op, level if op == "ai" else ""),
                )
            )
        view.add_item(level_select(session.id, level, t))
        return _clip("\n".join(lines)), view

    def narrate(self, session: Session, events: list[Event]) -> None:
        """Add the public events to the board's rolling narration (kept per session, so
        coalesced publishes lose none of them)."""
        t = self.channel_texts(session)
        recent = self.narration.setdefault(session.id, deque(maxlen=NARRATION_LINES))
        recent.extend(f"• {t.event(e)}" for e in events if e.to is None)

    def board_content(self, session: Session) -> tuple[str, Components]:
        t = self.channel_texts(session)
        recent = self.narration.get(session.id, ())
        lines = [f"**{t('name')}**", *recent]
        outcome = session.outcome()
        view = Components()
        if outcome is not None:
            lines.append(f"**{t('finished')}**")
            for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
                lines.append(
                    t(
                        "ranking_line",
                        rank=outcome.ranks[seat],
                        seat=seat,
                        score=outcome.scores[seat],
                    )
                )
            view.add_item(rematch_button(session, t))
            return _clip("\n".join(lines)), view
        lines += self._waiting_lines(session, t)
        self._board_buttons(session, view, t)
        return _clip("\n".join(lines)), view

    def _waiting_lines(self, session: Session, t: Texts) -> list[str]:
        lines = []
        for prompt in session.pending():
            if prompt.kind == Kind.SECRET:
                lines.append(
                    t(
                        "waiting_secret",
                        seats=list(prompt.seats) or t("nobody"),
                        seat_done=list(prompt.done) or t("nobody"),
                    )
                )
            else:
                lines.append(t.msg(prompt.text))
                lines.append(t("waiting_turn", seats=list(prompt.seats)))
        return lines + thinking_lines(self.service, session, t)

    def _board_buttons(self, session: Session, view: Components, t: Texts) -> None:
        prompts = session.pending()
        if any(p.kind != Kind.TURN and is_private(p) for p in prompts):
            view.add_item(
                discord.ui.Button(
                    label=t("button.hand"),
                    row=4,
                    style=discord.ButtonStyle.primary,
                    custom_id=cid(session.id, "hand", "open"),
                )
            )
        turns = list(
            {
                p.key: p
                for p in prompts
                if p.kind == Kind.TURN and not all(session.is_ai(seat) for seat in p.seats)
            }.values()
        )
        for position, prompt in enumerate(turns[:5]):
            if position == 0 and not is_private(prompt) and _fits_on_board(prompt):
                for index, choice in enumerate(prompt.fields[0].options):
                    view.add_item(
                        discord.ui.Button(
                            label=t.label(choice.label, choice.value),
                            row=index // 5,
                            custom_id=cid(session.id, prompt.key, "v", index),
                        )
                    )
            else:
                view.add_item(
                    discord.ui.Button(
                        label=self.move_label(t, prompt),
                        row=3,
                        style=discord.ButtonStyle.success,
                        custom_id=cid(session.id, prompt.key, "open"),
                    )
                )

    def move_label(self, t: Texts, prompt: Prompt) -> str:
        label = t.localizer.template(t.locale, f"move.{prompt.move}", t.game)
        return (label or t("button.take_turn"))[:80]

    async def ask_in_channel(self, session: Session) -> None:
        """Public replies (e.g. an offer to one player) are asked in the open, once each, even
        across a restart (what was asked is stored with the session)."""
        asked: list[str] = session.row.meta.setdefault("asked", [])
        before = len(asked)
        channel = self.bot.get_channel(session.row.channel_id)
        for prompt in session.pending():
            tag = f"{prompt.key}/{','.join(map(str, prompt.seats))}"
            if prompt.kind != Kind.REPLY or is_private(prompt) or tag in asked:
                continue
            humans = [s for s in prompt.seats if not session.is_ai(s)]
            if not humans:
                continue
            body, view = chooser(session.id, prompt, Draft(), self.channel_texts(session))
            mentions = " ".join(f"<@{session.seats[s]['user_id']}>" for s in humans)
            await channel.send(
                content=_clip(f"{mentions}\n{body}"),
                view=view,
                allowed_mentions=pings(session.seats[s]["user_id"] for s in humans),
            )
            asked.append(tag)
            await self.bury(session.row.channel_id, session)
        if len(asked) != before:
            await self.service.set_meta(session)

    async def bury(self, channel_id: int, session: Session | None) -> None:
        """One more message under the board. Counted in memory; the session stores only that
        the board is buried, so it is re-posted after a restart too."""
        self.messages_since_board[channel_id] += 1
        buried = self.messages_since_board[channel_id] >= self.config.repost_after_messages
        if session is not None and buried and not session.row.meta.get("buried"):
            await self.service.set_meta(session, buried=True)

    async def render(self, session: Session) -> discord.File | None:
        """The board image of the latest public view, or None when the board already shows
        that view (a renderer is a pure function of the view, names and language)."""
        public, outcome = session.game.public_view(session.live()), session.outcome()
        locale = self.channel_texts(session).locale
        digest = hashlib.blake2b(
            f"{public.view.model_dump_json()}|{session.names}|{locale}|{outcome}".encode(),
            digest_size=16,
        ).hexdigest()
        if self._shown_view.get(session.id) == digest:
            return None
        draw = functools.partial(
            render_png, session.row.game, public, session.names, locale, outcome=outcome
        )
        async with self._render_slots:
            png = await asyncio.get_running_loop().run_in_executor(self._render_pool, draw)
        self.renders += 1
        self._shown_view[session.id] = digest
        self._last_png[session.id] = png
        self._last_png.move_to_end(session.id)
        while len(self._last_png) > KEPT_IMAGES:
            self._last_png.popitem(last=False)
        return discord.File(io.BytesIO(png), filename="board.png", description=self.alt(session))

    def shown_image(self, session: Session) -> discord.File | None:
        """The image on the board now, for a board posted anew, when it is still in memory."""
        png = self._last_png.get(session.id)
        if png is None or session.id not in self._shown_view:
            return None
        return discord.File(io.BytesIO(png), filename="board.png", description=self.alt(session))

    def alt(self, session: Session) -> str:
        """The board image's alt text (see bot.alt_text)."""
        recent = self.narration.get(session.id, ())
        view, outcome = session.view(None), session.outcome()
        return describe_board(self.channel_texts(session), view, outcome, session.pending(), recent)

    async def post_board(
        self, session: Session, content: str, view: Components, file: discord.File | None
    ) -> None:
        """Edit the board message in place, or post it anew when missing or scrolled away.

        The edit goes through the latest click on the board while its token lasts (exempt
        from the global REST limit), else through the bot's own budget.
        """
        board_id = session.row.meta.get("board")
        scrolled = session.row.meta.get("buried") or (
            self.messages_since_board[session.row.channel_id] >= self.config.repost_after_messages
        )
        keep_image = {} if file is None else {"attachments": [file]}
        carrier = self.carriers.board(session.id, board_id) if board_id and not scrolled else None
        if carrier is not None:
            try:
                await carrier.edit(
                    board_id, content=content, view=view, allowed_mentions=NO_PINGS, **keep_image
                )
                return
            except discord.HTTPException:
                _rewind(file)
        channel = self.bot.get_channel(session.row.channel_id) or await self.bot.fetch_channel(
            session.row.channel_id
        )
        if board_id and not scrolled:
            try:
                await channel.get_partial_message(board_id).edit(
                    content=content, view=view, allowed_mentions=NO_PINGS, **keep_image
                )
                return
            except discord.NotFound:
                _rewind(file)
        if file is None and session.state is not None:  # a new message needs the same image
            file = self.shown_image(session)
            if file is None:
                self._shown_view.pop(session.id, None)
                file = await self.render(session)
        message = await channel.send(
            content=content, files=[file] if file else [], view=view, allowed_mentions=NO_PINGS
        )
        if board_id:
            await self._delete_quietly(channel, board_id)
        self.messages_since_board[session.row.channel_id] = 0
        await self.service.set_meta(session, board=message.id, buried=False)

    async def _delete_quietly(self, channel: Any, message_id: int) -> None:
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("old board %s could not be deleted", message_id)

    async def close_board(self, session: Session) -> None:
        """An aborted game: the board says so and loses its buttons."""
        content = f"**{self.channel_texts(session)('name')}**\n" + self.channel_texts(session)(
            "aborted"
        )
        await self.post_board(session, content, Components(), None)
        self.forget(session.id)

    def forget(self, session_id: int) -> None:
        """Drop what was kept in memory for a game that has ended."""
        kept_maps = (self.narration, self._shown_view, self._decisions, self._armed, self._last_png)
        for kept in kept_maps:
            kept.pop(session_id, None)
        self._following.pop(session_id, None)
        self.carriers.forget(session_id)
        for key in [key for key in self.drafts if key[0] == session_id]:
            del self.drafts[key]

    async def show_lobby(self, session: Session) -> None:
        content, view = self.lobby_content(session)
        await self.post_board(session, content, view, None)

    # After each change ----------------------------------------------------------------------

    def changed(self, session: Session, events: list[Event]) -> None:
        """Mark the session's board dirty; the publisher shows its latest state soon.

        Urgent when the change moved the game on to new decisions (players wait for that
        board), not when it only recorded progress towards the same ones.
        """
        if session.status == "aborted":  # the input that reached the log's bound
            self.bot.spawn(self.end_at_limit(session))
            return
        self.narrate(session, events)
        self._queued[session.id].extend(e for e in events if e.to is not None)
        decisions = frozenset(p.key for p in session.pending())
        urgent = decisions != self._decisions.get(session.id) or session.outcome() is not None
        self._decisions[session.id] = decisions
        self.publisher.mark(session, urgent=urgent)

    def repost(self, session: Session) -> None:
        """/game status: the board posted anew at the channel's end, with the image it shows
        (not drawn again while it is in memory)."""
        self.messages_since_board[session.row.channel_id] = self.config.repost_after_messages
        if session.status == "lobby":
            self.bot.spawn(self.show_lobby(session))
        else:
            self.publish(session)

    def publish(self, session: Session, *, restarted: bool = False) -> None:
        """Re-show the session as it is (start-up recovery, /game status)."""
        self.publisher.mark(session, urgent=True, restarted=restarted)

    async def publish_now(self, session: Session, dirty: Dirty) -> None:
        started = time.perf_counter()
        events = self._queued.pop(session.id, [])
        if session.state is None or session.status == "aborted":
            return  # an aborted game's board was closed by the abort itself
        seq, over = session.seq, session.outcome() is not None  # what this board shows
        content, view = self.board_content(session)
        file = await self.render(session)
        await self.post_board(session, content, view, file)
        if "shown" not in session.row.meta or over:
            # Enough to find, at start-up, a finished game whose final board was never shown.
            await self.service.set_meta(session, shown=seq)
        self.bot.metrics["publish"].append(time.perf_counter() - started)
        self.bot.spawn(self._follow_up(session, events, dirty.restarted))

    async def _follow_up(self, session: Session, events: list[Event], restarted: bool) -> None:
        """What a change sends besides the board (private messages, public replies, timers):
        one change after another per game, but never holding up the game's next board."""
        async with self._following[session.id]:
            await self.prompt_players(session, events, restarted=restarted)
            await self.ask_in_channel(session)
            await ping_turns(self, session)
            await self.arm_deadline(session)
        if session.outcome() is not None:
            self.forget(session.id)
        elif session.status == "active":
            self.schedule_ai(session)

    async def prompt_players(
        self, session: Session, events: list[Event], *, restarted: bool = False
    ) -> None:
        """DM each human a new private prompt, or their private view when it changed.

        One private message per player and game: a new decision is a new message (Discord
        notifies on new messages only), anything else edits that message in place. A seat that
        has just answered privately saw its result in the chooser, so it gets no echo; after
        the game is over nobody gets private DMs (the board says it all).
        """
        sent: dict[str, str] = session.row.meta.setdefault("prompted", {})
        private_seen: dict[str, str] = session.row.meta.setdefault("private", {})
        before = json.dumps(session.row.meta, sort_keys=True)
        over = session.outcome() is not None
        for seat, info in enumerate(session.seats):
            if info["ai"]:
                continue
            prompt = None if over else self.owed_private(session, seat)
            private = self.private_text(session, seat, events)
            acted = (session.id, seat) in self._acted
            self._acted.discard((session.id, seat))
            if prompt is not None and (restarted or sent.get(str(seat)) != prompt.key):
                content, view = self.dm_content(session, seat, prompt, private, restarted)
                with budget.at(budget.URGENT):  # a decision the player is waiting to make
                    await self.dm(session, seat, content, view)
                sent[str(seat)] = prompt.key
            elif (
                private
                and _digest(private) != private_seen.get(str(seat))
                and not (over or acted or restarted)
            ):
                content, view = self.dm_content(session, seat, prompt, private, False)
                with budget.at(budget.NORMAL):  # news, not a decision: boards go first
                    await self.dm(session, seat, content, view, edit=True)
            private_seen[str(seat)] = _digest(private)
        if json.dumps(session.row.meta, sort_keys=True) != before:
            await self.service.set_meta(session)  # a write only when something was sent

    def dm_content(
        self, session: Session, seat: int, prompt: Prompt | None, private: str, restarted: bool
    ) -> tuple[str, Components | None]:
        """The seat's private message: header, private view and, while owed, the chooser."""
        t = self.seat_texts(session, seat)
        parts = [self.dm_header(session, seat)] + ([t("chooser.restarted")] if restarted else [])
        if prompt is None:
            return "\n".join([*parts, private]), None
        draft = self.drafts.setdefault(
            (session.id, session.seats[seat]["user_id"], prompt.key), Draft()
        )
        settings = self.bot.settings.cached(session.row.guild_id)
        body, view = with_hint(chooser(session.id, prompt, draft, t), session, settings, t)
        shown, more = folded(private)
        parts += [f"{t('dm.private')}\n{shown}" if shown else "", body]
        if more:
            add_show_button(view, session.id, t)
        return "\n".join(p for p in parts if p), view

    def dm_header(self, session: Session, seat: int) -> str:
        t = self.seat_texts(session, seat)
        return t("dm.new_prompt", game=t("name"), channel=session.row.channel_id)

    def owed_private(self, session: Session, seat: int) -> Prompt | None:
        """The private prompt this seat still owes an answer to (it gets a DM for it)."""
        return next((p for p in session.prompts_for(seat) if is_private(p)), None)

    def private_prompt(self, session: Session, seat: int) -> Prompt | None:
        """The private prompt this seat may answer now, including changing an answer."""
        owed = self.owed_private(session, seat)
        if owed is not None:
            return owed
        return next((p for p in session.pending() if is_private(p) and p.answerable_by(seat)), None)

    def seen_privately(self, session: Session, seat: int) -> None:
        """The seat just acted privately and saw the result: no separate DM for that change."""
        self._acted.add((session.id, seat))

    def private_text(self, session: Session, seat: int, events: list[Event]) -> str:
        t = self.seat_texts(session, seat)
        lines = [t.msg(line) for line in session.game.private_lines(session.live(), seat)]
        lines += [t.event(e) for e in events if e.to is not None and seat in e.to]
        return "\n".join(lines)

    async def dm(
        self,
        session: Session,
        seat: int,
        content: str,
        view: Components | None,
        *,
        edit: bool = False,
    ) -> None:
        """DM a seat (with `edit`, by editing their latest private message of this game);
        when their DMs are closed, say so once in the channel with a way in."""
        closed: list[int] = session.row.meta.setdefault("dm_closed", [])
        if seat in closed:
            return
        fields = {"content": _clip(content), "view": view or Components()}
        fields["allowed_mentions"] = NO_PINGS
        if await self._dm_by_click(session, seat, fields, edit):
            return
        latest: dict[str, int] = session.row.meta.setdefault("dm_message", {})
        try:
            channel = await self.dm_channels.channel(session.seats[seat]["user_id"])
            if edit and str(seat) in latest:
                # Gone, or posted through a click's token that has since expired: a new one.
                with contextlib.suppress(discord.NotFound, discord.Forbidden):
                    await channel.get_partial_message(latest[str(seat)]).edit(**fields)
                    return
            latest[str(seat)] = (await channel.send(**fields)).id
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            closed.append(seat)
            await self.dm_fallback(session, seat)

    async def _dm_by_click(
        self, session: Session, seat: int, fields: dict[str, Any], edit: bool
    ) -> bool:
        """Through the seat's latest click in their DMs, while its token lasts."""
        carrier = self.carriers.private(session.id, seat)
        if carrier is None:
            return False
        latest: dict[str, int] = session.row.meta.setdefault("dm_message", {})
        try:
            if edit and carrier.can_edit(latest.get(str(seat), 0)):
                await carrier.edit(latest[str(seat)], **fields)
            else:
                latest[str(seat)] = await carrier.send(**fields)
        except discord.HTTPException:
            return False
        return True

    async def dm_fallback(self, session: Session, seat: int) -> None:
        t = self.seat_texts(session, seat)
        channel = self.bot.get_channel(session.row.channel_id)
        view = Components()
        view.add_item(
            discord.ui.Button(
                label=t("button.hand"),
                style=discord.ButtonStyle.primary,
                custom_id=cid(session.id, "hand", "open"),
            )
        )
        user_id = session.seats[seat]["user_id"]
        text = t("dm.closed", seat=f"<@{user_id}>")
        await channel.send(content=text, view=view, allowed_mentions=pings([user_id]))
        await self.bury(session.row.channel_id, session)

    # AI seats -----------------------------------------------------------------------------

    def schedule_ai(self, session: Session) -> None:
        running = self._ai_tasks.get(session.id)
        if running is not None and not running.done():
            return
        if self.service.ai_turns(session):
            self._ai_tasks[session.id] = self.bot.spawn(self._run_ai(session))

    async def _run_ai(self, session: Session) -> None:
        while session.status == "active" and self.service.ai_turns(session):
            delay = (await self.bot.settings.of(session.row.guild_id)).ai_delay_seconds
            await asyncio.sleep(delay)
            result = await self.service.play_ai(session)
            if result is None:
                return
            self.changed(session, result.events)

    # Idle timers ----------------------------------------------------------------------------

    def owing_humans(self, session: Session) -> list[int]:
        return sorted({s for p in session.pending() for s in p.seats if not session.is_ai(s)})

    async def arm_deadline(self, session: Session) -> None:
        """Remind idle players `reminder_minutes` after the latest change. The stored deadline
        moves at most once a minute, so busy games do not write it on every input."""
        armed = self._armed.get(session.id)
        minutes = (await self.bot.settings.of(session.row.guild_id)).reminder_minutes
        if minutes <= 0 or not self.owing_humans(session):
            if armed != 0.0:
                await self.service.store.clear_deadline(session.id)
                self._armed[session.id] = 0.0
            return
        due = self.bot.clock() + minutes * 60
        if not armed or due - armed >= REARM_SECONDS:
            await self.service.store.set_deadline(session.id, due, "remind")
            self._armed[session.id] = due

    async def fire_deadlines(self) -> None:
        # Claimed (taken off the table) first, so with several processes each fires once.
        due = await self.service.store.claim_due_deadlines(self.bot.clock())
        for session_id, _, stage in due:
            self._armed.pop(session_id, None)  # nothing stored any more: the next change arms
            try:
                session = await self.service.get(session_id)
            except SessionBroken:  # it waits for /game abort; it needs no reminder
                continue
            if stage == "lobby":
                await self.bot.gate.expire_lobby(session)
            elif session.status != "active":
                continue
            elif stage == "remind":
                await self._remind(session)
            else:
                await self._idle(session)

    async def _remind(self, session: Session) -> None:
        owing = self.owing_humans(session)
        t = self.channel_texts(session)
        mentions = " ".join(f"<@{session.seats[s]['user_id']}>" for s in owing)
        channel = self.bot.get_channel(session.row.channel_id)
        allowed = pings(session.seats[s]["user_id"] for s in owing)
        await channel.send(t("reminder", seats=mentions), allowed_mentions=allowed)
        for seat in owing:
            await self.dm(
                session, seat, self.seat_texts(session, seat)("reminder", seats=[seat]), None
            )
        settings = await self.bot.settings.of(session.row.guild_id)
        due = self.bot.clock() + settings.idle_minutes * 60
        await self.service.store.set_deadline(session.id, due, "idle")
        self._armed.pop(session.id, None)  # the next change arms the reminder again

    async def end_at_limit(self, session: Session) -> None:
        """The game's log reached Game.input_limit and the store aborted it: say so, close."""
        t = self.channel_texts(session)
        channel = self.bot.get_channel(session.row.channel_id)
        await channel.send(
            t("input_limit", limit=session.game.input_limit()), allowed_mentions=NO_PINGS
        )
        await self.close_board(session)

    async def _idle(self, session: Session) -> None:
        owing = self.owing_humans(session)
        t = self.channel_texts(session)
        channel = self.bot.get_channel(session.row.channel_id)
        if (await self.bot.settings.of(session.row.guild_id)).idle_policy == "abort":
            await self.service.abort(session)
            await channel.send(t("idle_abort"), allowed_mentions=NO_PINGS)
            await self.close_board(session)
            return
        for seat in owing:
            await self.service.hand_seat_to_ai(session, seat)
        await channel.send(t("idle_ai", seats=owing), allowed_mentions=NO_PINGS)
        await self.service.store.clear_deadline(session.id)
        self._armed.pop(session.id, None)
        self.schedule_ai(session)


def _digest(text: str) -> str:
    """A short fingerprint of a private text: enough to see it changed, kept in the row's meta
    instead of the text itself."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _rewind(file: discord.File | None) -> None:
    if file is not None:
        file.reset()


def _fits_on_board(prompt: Prompt) -> bool:
    return (
        len(prompt.fields) == 1
        and prompt.fields[0].kind == "one"
        and len(prompt.fields[0].options) <= 10
    )
