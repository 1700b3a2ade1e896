"""What players are asked: private prompts and private views by DM, public replies in the
channel. One private message per player and game (see `prompt_players`).

On an async table whose player takes turn notices by DM, the turn's notice DM carries the
decision (bot.discord_app.async_tables, through `TurnDms`): no DM of its own is sent for it,
and it waits, like the notice, out of the player's quiet hours."""

from __future__ import annotations

import contextlib
import hashlib
from typing import Any, Protocol

import discord

from bot.discord_app import hints, learn
from bot.discord_app.board import Board
from bot.discord_app.carriers import Carriers
from bot.discord_app.chooser import Components, chooser
from bot.discord_app.custom_id import cid
from bot.discord_app.dm_channels import DmChannels
from bot.discord_app.hints import with_hint
from bot.discord_app.private_view import add_show_button, folded
from bot.discord_app.sending import NO_PINGS, pings, table_channel
from bot.frontend import budget
from bot.frontend.ai_seats import Spawn
from bot.frontend.drafts import Draft, DraftBook
from bot.frontend.hint_search import Hints, hint_line
from bot.frontend.prompt_kinds import is_private
from bot.frontend.safe_text import clip as _clip
from bot.frontend.settings import ServerSettings
from bot.frontend.wording import Wording
from engine.core import Event, Kind, Msg, Prompt
from table.service import Session, TableService

DM_CLOSED = 50007


def public_turn(session: Session, seat: int) -> Prompt | None:
    """A decision of `seat` asked in the open (a turn on the board, a reply in the channel)."""
    return next(
        (
            p
            for p in session.pending()
            if p.kind != Kind.SECRET and p.public_options and seat in p.seats
        ),
        None,
    )


class TurnDms(Protocol):
    """Turn notice DMs that carry a seat's decision (bot.discord_app.async_tables)."""

    async def carries(self, session: Session, seat: int) -> bool:
        """The seat's decisions go in its turn's notice DM, not in a DM of their own."""
        ...

    async def refresh(self, session: Session, seat: int) -> None:
        """The turn's notice DM, when already sent, shows the seat's decision as it is now."""
        ...


class PrivatePrompts:
    def __init__(
        self,
        client: discord.Client,
        service: TableService,
        settings: ServerSettings,
        wording: Wording,
        board: Board,
        carriers: Carriers,
        hints: Hints,
        spawn: Spawn,
    ) -> None:
        self.client = client
        self.hints = hints
        self.spawn = spawn
        self.service = service
        self.settings = settings
        self.wording = wording
        self.board = board
        self.carriers = carriers
        self.drafts = DraftBook()  # answers being built, forgotten with their game
        self.dm_channels = DmChannels(client, service.store)
        self._acted: set[tuple[int, int]] = set()  # (session, seat) that just answered
        # (session, seat) -> (shown_key, _sent) when its DM was last settled: see prompt_players
        self._shown: dict[tuple[int, int], tuple[tuple[Any, ...], tuple[Any, ...]]] = {}
        self.turn_dms: TurnDms | None = None  # async tables' turn notices (set by Play)

    async def ask_in_channel(self, session: Session) -> None:
        """Public replies (e.g. an offer to one player) are asked in the open, once each, even
        across a restart (what was asked is stored with the session)."""
        before = session.row.meta.asked
        channel = await table_channel(self.client, session.row.channel_id)
        if channel is None:
            return
        for prompt in session.pending():
            tag = f"{prompt.key}/{','.join(map(str, prompt.seats))}"
            if prompt.kind != Kind.REPLY or is_private(prompt) or tag in session.row.meta.asked:
                continue
            humans = [s for s in prompt.seats if not session.is_ai(s)]
            if not humans:
                continue
            body, view = chooser(session.id, prompt, Draft(), self.wording.channel_texts(session))
            mentions = " ".join(f"<@{session.seats[s].user_id}>" for s in humans)
            await channel.send(
                content=_clip(f"{mentions}\n{body}"),
                view=view,
                allowed_mentions=pings(session.seats[s].user_id for s in humans),
            )
            _note(session, asked=(*session.row.meta.asked, tag))
            await self.board.bury(session)
        if session.row.meta.asked != before:
            await self.service.set_meta(session)

    async def prompt_players(
        self, session: Session, events: list[Event], *, restarted: bool = False
    ) -> None:
        """DM each human a new private prompt, or their private view when it changed.

        One private message per player and game: a new decision is a new message (Discord
        notifies on new messages only), anything else edits that message in place. A seat that
        has just answered privately saw its result in the chooser, so it gets no echo; after
        the game is over nobody gets private DMs (the board says it all).
        """
        before = session.row.meta
        over = session.outcome() is not None
        for seat, info in enumerate(session.seats):
            if info.ai:
                continue
            prompt = None if over else self.owed_private(session, seat)
            acted = (session.id, seat) in self._acted
            self._acted.discard((session.id, seat))
            shown = (self.shown_key(session, seat, prompt, events), _sent(session, seat))
            if not restarted and self._shown.get((session.id, seat)) == shown:
                continue  # what this seat would be sent is what it has: nothing is built
            await self.prompt_seat(
                session, seat, prompt, events, acted or over or restarted, restarted
            )
            self._shown[(session.id, seat)] = (shown[0], _sent(session, seat))
        if session.row.meta != before:
            await self.service.set_meta(session)  # a write only when something was sent

    async def prompt_seat(
        self,
        session: Session,
        seat: int,
        prompt: Prompt | None,
        events: list[Event],
        quiet: bool,
        restarted: bool,
    ) -> None:
        """One seat's DM: a new prompt is sent anew, a changed private view (unless `quiet`:
        the seat just acted, the game is over, or a restart) edits the latest one in place."""
        sent, private_seen = session.row.meta.prompted, session.row.meta.private
        lines = session.game.private_lines(session.live(), seat)  # once, for digest and text
        seen = self.private_digest(session, seat, events, lines)
        new = prompt is not None and (restarted or sent.get(str(seat)) != prompt.key)
        changed = seen != private_seen.get(str(seat)) and not quiet
        if prompt is not None and self.turn_dms and await self.turn_dms.carries(session, seat):
            if new or changed:  # before the turn's notice goes out, the scan sends it with it
                await self.turn_dms.refresh(session, seat)
        elif new and prompt is not None:
            private = self.private_text(session, seat, events, lines)
            content, view = self.dm_content(session, seat, prompt, private, restarted)
            t = self.wording.seat_texts(session, seat)
            user_id = session.seats[seat].user_id
            tip = await learn.tip_line(self.service.store, session, user_id, prompt, t)
            content = f"{tip}\n{content}" if tip else content  # dm() clips it
            with budget.at(budget.URGENT):  # a decision the player is waiting to make
                await self.dm(session, seat, content, view)
            _note(session, prompted={**session.row.meta.prompted, str(seat): prompt.key})
            if session.row.meta.learning:  # the hint, without asking, as on the board
                self.spawn(self.hint_by_dm(session, seat, prompt))
        elif changed:
            private = self.private_text(session, seat, events, lines)
            if private:
                content, view = self.dm_content(session, seat, prompt, private, False)
                with budget.at(budget.NORMAL):  # news, not a decision: boards go first
                    await self.dm(session, seat, content, view, edit=True)
        if private_seen.get(str(seat)) != seen:
            _note(session, private={**session.row.meta.private, str(seat): seen})

    def shown_key(
        self, session: Session, seat: int, prompt: Prompt | None, events: list[Event]
    ) -> tuple[Any, ...]:
        """A cheap key of what `prompt_seat` decides from: the owed prompt and everything
        `private_digest` covers, with the held cards' ids standing for their worded lines
        (a pure function of them). Equal keys give equal digests, so an unchanged seat is
        skipped before any line, digest, text or view is built for it."""
        game, state = session.game, session.live()
        return (
            prompt.key if prompt is not None else None,
            session.seats[seat].user_id,
            self.wording.seat_texts(session, seat).locale,
            game.held_cards(state, seat),
            *(line.model_dump_json() for line in game.own_lines(state, seat)),
            None,  # between the game's own lines and this seat's events
            *(e.model_dump_json() for e in events if e.to is not None and seat in e.to),
        )

    def turn_decision(self, session: Session, seat: int) -> tuple[str, Components, Prompt] | None:
        """What a turn notice DM carries below its notice: the seat's private view and the
        chooser of its decision, private or public (the router checks a click from a DM as any
        other: the clicker's seat, the prompt still current, the message that offered it)."""
        prompt = self.owed_private(session, seat) or public_turn(session, seat)
        if prompt is None:
            return None
        private = self.private_text(session, seat, [])
        content, view = self.dm_content(session, seat, prompt, private, False, header=False)
        return content, view or Components(), prompt

    def carried(self, session: Session, seat: int, prompt: Prompt, message_id: int) -> None:
        """A private prompt went out in the turn's notice DM: it is the seat's private message
        (later private views edit it) and the prompt counts as sent (stored with the meta)."""
        if is_private(prompt):
            _note(
                session,
                prompted={**session.row.meta.prompted, str(seat): prompt.key},
                dm_message={**session.row.meta.dm_message, str(seat): message_id},
            )

    def dm_content(
        self,
        session: Session,
        seat: int,
        prompt: Prompt | None,
        private: str,
        restarted: bool,
        *,
        header: bool = True,
    ) -> tuple[str, Components | None]:
        """The seat's private message: header, private view and, while owed, the chooser."""
        t = self.wording.seat_texts(session, seat)
        parts = [self.dm_header(session, seat)] if header else []
        parts += [t("chooser.restarted")] if restarted else []
        if prompt is None:
            return "\n".join([*parts, private]), None
        draft = self.drafts.of(session.id, session.seats[seat].user_id, prompt.key)
        settings = self.settings.cached(session.row.guild_id)
        body, view = with_hint(chooser(session.id, prompt, draft, t), session, settings, t)
        shown, more = folded(private)
        parts += [f"{t('dm.private')}\n{shown}" if shown else "", body]
        if more:
            add_show_button(view, session.id, t)
        return "\n".join(p for p in parts if p), view

    def dm_header(self, session: Session, seat: int) -> str:
        t = self.wording.seat_texts(session, seat)
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

    def private_digest(
        self, session: Session, seat: int, events: list[Event], lines: list[Msg]
    ) -> str:
        """A fingerprint of what `private_text` would say, taken before any of it is worded:
        the seat's private lines and events and its language (the names stay during a game).
        Only a seat whose fingerprint changed has its text worded and sent."""
        mine = [e for e in events if e.to is not None and seat in e.to]
        parts = [self.wording.seat_texts(session, seat).locale]
        parts += [line.model_dump_json() for line in lines]
        parts += [event.model_dump_json() for event in mine]
        return _digest("\n".join(parts))

    def private_text(
        self, session: Session, seat: int, events: list[Event], lines: list[Msg] | None = None
    ) -> str:
        """The seat's private lines (given, when already built) and its events, worded."""
        t = self.wording.seat_texts(session, seat)
        if lines is None:
            lines = session.game.private_lines(session.live(), seat)
        worded = [t.msg(line) for line in lines]
        worded += [t.event(e) for e in events if e.to is not None and seat in e.to]
        return "\n".join(worded)

    async def hint_by_dm(self, session: Session, seat: int, prompt: Prompt) -> None:
        """A learning game's unasked hint for a decision that came by DM, as its own DM below
        the chooser once searched (the chooser's DM stays the one edited in place); none when
        the decision was made meanwhile."""
        settings = await self.settings.of(session.row.guild_id)
        known = await hints.unasked(self.hints, self.service, settings, session, seat, prompt)
        owed = self.owed_private(session, seat)
        if known is None or owed is None or owed.key != prompt.key:
            return
        line = hint_line(self.wording.seat_texts(session, seat), prompt, *known)
        with contextlib.suppress(discord.Forbidden, discord.NotFound):  # DMs closed meanwhile
            channel = await self.dm_channels.channel(session.seats[seat].user_id)
            await channel.send(content=_clip(line), allowed_mentions=NO_PINGS)

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
        if seat in session.row.meta.dm_closed:
            return
        fields: dict[str, Any] = {"content": _clip(content), "view": view or Components()}
        fields["allowed_mentions"] = NO_PINGS
        if await self._dm_by_click(session, seat, fields, edit):
            return
        latest = session.row.meta.dm_message
        try:
            channel = await self.dm_channels.channel(session.seats[seat].user_id)
            if edit and str(seat) in latest:
                # Gone, or posted through a click's token that has since expired: a new one.
                with contextlib.suppress(discord.NotFound, discord.Forbidden):
                    await channel.get_partial_message(latest[str(seat)]).edit(**fields)
                    return
            sent = await channel.send(**fields)
            _note(session, dm_message={**session.row.meta.dm_message, str(seat): sent.id})
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise
            _note(session, dm_closed=(*session.row.meta.dm_closed, seat))
            await self.dm_fallback(session, seat)

    async def _dm_by_click(
        self, session: Session, seat: int, fields: dict[str, Any], edit: bool
    ) -> bool:
        """Through the seat's latest click in their DMs, while its token lasts."""
        carrier = self.carriers.private(session.id, seat)
        if carrier is None:
            return False
        latest = session.row.meta.dm_message
        try:
            if edit and carrier.can_edit(latest.get(str(seat), 0)):
                await carrier.edit(latest[str(seat)], **fields)
            else:
                sent = await carrier.send(**fields)
                _note(session, dm_message={**session.row.meta.dm_message, str(seat): sent})
        except discord.HTTPException:
            return False
        return True

    async def dm_fallback(self, session: Session, seat: int) -> None:
        """The closed-DM notice, in the channel: in the server's language, like all it shows."""
        t = self.wording.channel_texts(session)
        channel = await table_channel(self.client, session.row.channel_id)
        if channel is None:
            return
        view = Components()
        view.add_item(
            discord.ui.Button(
                label=t("button.hand"),
                style=discord.ButtonStyle.primary,
                custom_id=cid(session.id, "hand", "open"),
            )
        )
        user_id = session.seats[seat].user_id
        text = t("dm.closed", seat=f"<@{user_id}>")
        await channel.send(content=text, view=view, allowed_mentions=pings([user_id]))
        await self.board.bury(session)

    def forget(self, session_id: int) -> None:
        """Drop what was kept for a game that has ended (its drafts, who just answered)."""
        self.drafts.forget(session_id)
        self._acted = {acted for acted in self._acted if acted[0] != session_id}
        self._shown = {key: shown for key, shown in self._shown.items() if key[0] != session_id}


def _digest(text: str) -> str:
    """A short fingerprint of a private text: enough to see it changed, kept in the row's meta
    instead of the text itself."""
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def _sent(session: Session, seat: int) -> tuple[Any, ...]:
    """What the row's meta says this seat was sent: a change by anyone else (a reload, a
    closed DM) makes `prompt_players` look at the seat again."""
    meta, key = session.row.meta, str(seat)
    return meta.prompted.get(key), meta.private.get(key), seat in meta.dm_closed


def _note(session: Session, **changes: Any) -> None:
    """Bookkeeping kept in memory at once (as sent), stored by the next `set_meta`."""
    session.row.meta = session.row.meta.updated(**changes)
