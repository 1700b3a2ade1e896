"""The board message: its text and buttons, its image, and where it is posted.

The board is edited in place while it is in sight; when chat has scrolled it away it is posted
anew at the channel's end (the old one deleted). Nothing here knows a game's rules.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import json
import logging
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import discord

from bot.discord_app.ai_levels import ai_mark, level_select, thinking_lines
from bot.discord_app.board_layout import (
    BOARD_IMAGE,
    CLEARED,
    BoardText,
    Layout,
    board_layout,
)
from bot.discord_app.carriers import Carriers
from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import cid
from bot.discord_app.sending import NO_PINGS, game_channel
from bot.frontend.alt_text import describe_board, waiting_seats
from bot.frontend.board_image import draw_board
from bot.frontend.config import Config
from bot.frontend.narration import Narration
from bot.frontend.prompt_kinds import fits_on_board, is_private, requests
from bot.frontend.safe_text import NAME_MAX, neutral
from bot.frontend.safe_text import clip as _clip
from bot.frontend.texts import Texts
from bot.frontend.wording import Wording
from engine.core import LEGEND, Kind, Msg, Prompt
from engine.levels import DEFAULT_LEVEL
from table.service import Session, TableService

log = logging.getLogger("forum.board")
RENDER_SLOTS = 2  # two cores: never more renders at once
THREAD_ARCHIVED = 50083  # Discord's refusal to edit in an archived thread
KEPT_IMAGES = 64  # latest board images kept to post a board anew without drawing it again


class Board:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        config: Config,
        wording: Wording,
        narration: Narration,
        carriers: Carriers,
        render_pool: Executor | None = None,
    ) -> None:
        self.client = client
        self.service = service
        self.config = config
        self.wording = wording
        self.narration = narration
        self.carriers = carriers
        self.messages_since_board: dict[int, int] = defaultdict(int)  # channel -> chat since
        self._render_slots = asyncio.Semaphore(RENDER_SLOTS)
        self._render_pool = render_pool
        self._shown_view: dict[int, str] = {}  # session -> digest of the public view on its board
        # session -> its board image and the image's alt text
        self._last_png: OrderedDict[int, tuple[bytes, str]] = OrderedDict()
        self.renders = 0
        # An async table's pace and clocks (bot.discord_app.async_tables sets it); none live.
        self.clock_lines: Callable[[Session, Texts], list[str]] = lambda session, t: []

    def lobby_content(self, session: Session, level: str = DEFAULT_LEVEL) -> tuple[str, Components]:
        t = self.wording.channel_texts(session)
        game = session.game
        names = [f"{neutral(s.name, NAME_MAX)}{ai_mark(s, t)}" for s in session.seats]
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
            *self.clock_lines(session, t),
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

    def board_content(self, session: Session) -> tuple[BoardText, Components]:
        """The board's text (status; seats and the board in words, Game.board_lines; latest
        events) and buttons, as the game stands."""
        t = self.wording.channel_texts(session)
        outcome = session.outcome()
        public = session.game.public_view(session.live()).view  # once, for both uses below
        view = Components()
        status = [f"### {t('name')}"]
        if outcome is not None:
            status.append(f"**{t('finished')}**")
            for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
                status.append(
                    t(
                        "ranking_line",
                        rank=outcome.ranks[seat],
                        seat=seat,
                        score=outcome.scores[seat],
                    )
                )
            if session.row.meta.learning:  # see bot.discord_app.learn: results, no rating
                status.append(t("finished_learning"))
            elif session.row.meta.hinted:  # see bot.discord_app.hints: results, but no rating
                status.append(t("finished_hinted"))
            status += self.clock_lines(session, t)
            view.add_item(rematch_button(session, t))
            seats: list[str] = []
        else:
            status += self._waiting_lines(session, t) + self.clock_lines(session, t)
            seats = self._seat_lines(session, t, public)
            self._board_buttons(session, view, t)
        seats += [board_line(t, line) for line in session.game.board_lines(public)]
        return BoardText(status, seats, list(self.narration.recent(session.id))), view

    def board_fields(
        self, session: Session, text: BoardText, buttons: Components, image: discord.File | None
    ) -> dict[str, Any]:
        """The board message's fields: a layout (see bot.discord_app.board_layout). `image` is
        the newly drawn image, None when the board keeps the one it shows."""
        alt = image.description if image is not None else self.shown_alt(session)
        return CLEARED | {"view": board_layout(text, buttons, alt)}

    def _seat_lines(self, session: Session, t: Texts, public: object) -> list[str]:
        """One line per seat: who must act (▶), the name, an AI's mark, the running score
        (from `public`, the game's public view)."""
        waiting = set(waiting_seats(session.pending()))
        field = session.game.score_field  # the view's running score, where the game keeps one
        scores = getattr(public, field) if field else None
        lines = []
        for seat, row in enumerate(session.seats):
            score = "" if scores is None else f" — {scores[seat]}"
            marker = "▶ " if seat in waiting else ""
            lines.append(f"{marker}{t.shown_names[seat]}{ai_mark(row, t)}{score}")
        return lines

    def _waiting_lines(self, session: Session, t: Texts) -> list[str]:
        lines = []
        for prompt in requests(session.pending()):  # a request's seats on one line
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
            learning = session.row.meta.learning  # the learner meets each decision's tip
            if position == 0 and not is_private(prompt) and fits_on_board(prompt) and not learning:
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

    async def bury(self, session: Session) -> None:
        """One more message under the board. Counted in memory while the session is open (a
        channel without one has no board to bury); the session stores only that the board is
        buried, so it is re-posted after a restart too."""
        channel_id = session.row.channel_id
        self.messages_since_board[channel_id] += 1
        buried = self.messages_since_board[channel_id] >= self.config.repost_after_messages
        if buried and not session.row.meta.buried:
            await self.service.set_meta(session, buried=True)

    async def render(self, session: Session) -> discord.File | None:
        """The board image of the latest public view, or None when the board already shows
        that view (a renderer is a pure function of the view, names and language)."""
        public, outcome = session.game.public_view(session.live()), session.outcome()
        locale = self.wording.channel_texts(session).locale
        hinted = bool(session.row.meta.hinted)
        view_json = public.view.model_dump_json()
        digest = hashlib.blake2b(
            f"{view_json}|{session.names}|{locale}|{outcome}|{hinted}".encode(),
            digest_size=16,
        ).hexdigest()
        if self._shown_view.get(session.id) == digest:
            return None
        draw = functools.partial(
            draw_board,
            session.row.game,
            view_json,
            session.names,
            locale,
            outcome,
            waiting_seats(session.pending()) if outcome is None else [],
            list(self.narration.recent(session.id)),
            hinted,
        )
        async with self._render_slots:
            png, alt = await asyncio.get_running_loop().run_in_executor(self._render_pool, draw)
        self.renders += 1
        self._shown_view[session.id] = digest
        self._last_png[session.id] = (png, alt)
        self._last_png.move_to_end(session.id)
        while len(self._last_png) > KEPT_IMAGES:
            self._last_png.popitem(last=False)
        return discord.File(io.BytesIO(png), filename=BOARD_IMAGE, description=alt)

    def shown_image(self, session: Session) -> discord.File | None:
        """The image on the board now, for a board posted anew, when it is still in memory."""
        kept = self._last_png.get(session.id)
        if kept is None or session.id not in self._shown_view:
            return None
        return discord.File(io.BytesIO(kept[0]), filename=BOARD_IMAGE, description=kept[1])

    def shown_alt(self, session: Session) -> str:
        """The alt text of the image the board shows (worded again only after a restart)."""
        kept = self._last_png.get(session.id)
        return kept[1] if kept is not None else self.alt(session)

    def alt(self, session: Session) -> str:
        """The board image's alt text (see bot.frontend.alt_text)."""
        recent = self.narration.recent(session.id)
        view, outcome = session.view(None), session.outcome()
        waiting = waiting_seats(session.pending()) if outcome is None else []
        return describe_board(self.wording.channel_texts(session), view, outcome, waiting, recent)

    async def post_board(
        self, session: Session, fields: dict[str, Any], file: discord.File | None
    ) -> None:
        """Edit the board message in place, or post it anew when missing or scrolled away.

        `fields` are the message's (`board_message`, or a lobby's content and view). The edit
        goes through the latest click on the board while its token lasts (exempt from the
        global REST limit), else through the bot's own budget.
        """
        board_id = session.row.meta.board
        scrolled = session.row.meta.buried or (
            self.messages_since_board[session.row.channel_id] >= self.config.repost_after_messages
        )
        keep_image: dict[str, Any] = {} if file is None else {"attachments": [file]}
        carrier = self.carriers.board(session.id, board_id) if board_id and not scrolled else None
        if carrier is not None and board_id:  # a carrier only for a board with an id
            try:
                await carrier.edit(board_id, allowed_mentions=NO_PINGS, **fields, **keep_image)
                return
            except discord.HTTPException:
                _rewind(file)
        channel = game_channel(
            self.client.get_channel(session.row.channel_id)
            or await self.client.fetch_channel(session.row.channel_id)
        )
        if board_id and not scrolled:
            try:
                await channel.get_partial_message(board_id).edit(
                    allowed_mentions=NO_PINGS, **fields, **keep_image
                )
                return
            except discord.HTTPException as error:
                # Gone, or in a thread auto-archived since: a new board (which unarchives it).
                if error.status != 404 and error.code != THREAD_ARCHIVED:
                    raise
                _rewind(file)
        if file is None and _shows_image(fields):  # a new message needs the same image
            file = self.shown_image(session)
            if file is None:
                self._shown_view.pop(session.id, None)
                file = await self.render(session)
        sent = {key: value for key, value in fields.items() if key != "embeds" or value}
        message = await channel.send(
            files=[file] if file else [], allowed_mentions=NO_PINGS, **sent
        )
        if board_id:
            await self.delete_quietly(channel, board_id)
        self.messages_since_board[session.row.channel_id] = 0
        await self.service.set_meta(session, board=message.id, buried=False)

    async def delete_quietly(self, channel: Any, message_id: int) -> None:
        try:
            await channel.get_partial_message(message_id).delete()
        except discord.HTTPException:
            log.info("old board %s could not be deleted", message_id)

    async def show_lobby(self, session: Session) -> None:
        content, view = self.lobby_content(session)
        await self.post_board(session, {"content": content, "view": view}, None)

    async def close(self, session: Session) -> None:
        """An aborted game: the board says so and loses its buttons (it keeps the image it
        shows, while that is in memory: a lobby has none)."""
        t = self.wording.channel_texts(session)
        text = BoardText([f"### {t('name')}", t("aborted")], [], [])
        kept = self._last_png.get(session.id)
        closed = board_layout(text, Components(), kept[1] if kept is not None else None)
        await self.post_board(session, CLEARED | {"view": closed}, None)

    def repost_next(self, channel_id: int) -> None:
        """The next publish posts the board anew at the channel's end (/game status)."""
        self.messages_since_board[channel_id] = self.config.repost_after_messages

    def forget(self, session_id: int, channel_id: int) -> None:
        """Drop what was kept for a game that has ended (its image, its channel's count)."""
        self._shown_view.pop(session_id, None)
        self._last_png.pop(session_id, None)
        self.messages_since_board.pop(channel_id, None)


def rematch_button(session: Session, t: Texts) -> discord.ui.Button:
    return discord.ui.Button(
        label=t("button.rematch"),
        style=discord.ButtonStyle.success,
        custom_id=cid(session.id, "rematch", "go"),
    )


def _shows_image(fields: dict[str, Any]) -> bool:
    """Whether the message shows the board image (a lobby and a closed board do not)."""
    view = fields.get("view")
    return isinstance(view, Layout) and view.shows_image


def _rewind(file: discord.File | None) -> None:
    if file is not None:
        file.reset()


def board_line(t: Texts, line: Msg) -> str:
    """A line of the board in words (public holdings, Game.board_lines); its legend as a quote,
    so that on a phone it stands apart from the seat lines above it, in the same size."""
    text = t.msg(line)
    if line.key != LEGEND:
        return text
    return "\n".join(f"> {part}" for part in text.split("\n"))
