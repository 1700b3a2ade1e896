"""Play any registered game in the terminal, without Discord (hot seat + AI seats).

The session lives in the same SQLite store as the bot's, so killing the process and running the
same command again resumes it (only if it is the table the command asks for). Every board image
is kept, numbered, and a live board page on 127.0.0.1 (bot/terminal/local_web.py) shows the latest one
with the public story; each human's private lines are printed in the terminal at their prompt.
Typed answers are read by bot/terminal/local_input.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import shlex
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from bot.frontend.drafts import amount_indexes
from bot.frontend.hint_search import Hints, hint_line
from bot.frontend.texts import Texts
from bot.terminal.local_input import (
    asks_hint,
    normalise,
    numbered,
    parse,
    parse_group,
    problem,
    slot_problem,
)
from bot.terminal.local_learn import Learning
from bot.terminal.local_strings import LOCAL_TEXT
from bot.terminal.local_web import LiveBoard, board_file, next_board_number, open_in_browser
from engine.core import Choice, Event, Field, Game, IllegalInput, Prompt
from engine.i18n import style_name
from engine.registry import GAMES, HINTS, get_game
from render import render_png
from table.backend import open_store
from table.service import Session, SessionBroken, TableService
from table.session_model import Seat

PORT_BASE, PORT_SPAN = 20000, 20000  # the live page's own ports (see game_port)
LOCAL_CHANNEL_BASE = 1 << 32  # + a game's crc32: one pseudo channel per game (see local_channel)
LEGACY_CHANNEL = 1  # where every local game lived before, one at a time
LOCAL_USER_BASE = 1000
BARE_PER_LINE = 10  # options without a description, side by side

Ask = Callable[[str], str]
Clear = Callable[[], None] | None


@dataclass(frozen=True)
class LocalOptions:
    game: str
    players: int
    ai: int
    ai_only: bool
    out: Path
    database: str
    locale: str
    options: dict[str, Any]
    seed: int | None = None
    new: bool = False
    browser: bool = False  # open the live board in the default browser at the start
    port: int | None = None  # of the live board on 127.0.0.1; 0: any free; None: game_port
    given: frozenset[str] = frozenset()  # of "players", "ai", "options": set on the command line
    ai_level: str = "normal"  # of every AI seat this run adds


class PausedGameDiffers(Exception):
    """The paused game is not the one the command line asks for (worded for the player)."""


class HintAsked(Exception):
    """The player typed `?` (or `hint`) instead of an answer: the prompt asks again after it."""


class LocalTable:
    """One terminal at the table: a scrolling story, and a clear screen only between humans.

    The story is every event with who may read it; each human seat remembers how far it had read
    at its last input, so after the keyboard changes hands the new holder sees what they missed.
    """

    def __init__(
        self, service: TableService, opts: LocalOptions, ask: Ask = input, clear: Clear = None
    ) -> None:
        self.service = service
        self.hints = Hints(service.ai_pool)  # one player at a time: no queue to speak of
        self.opts = opts
        self.ask = ask
        self.clear = clear or clear_screen
        self.text = LOCAL_TEXT
        self.images = 0
        self.story: list[tuple[str, tuple[int, ...] | None]] = []
        self.read_up_to: dict[int, int] = {}
        self.keyboard: int | None = None  # the human seat now at the keyboard
        self.live: LiveBoard | None = None
        self.opened = False  # the live board is open in a browser
        self.learning = Learning(self.text, opts.locale)
        self.prompt: Prompt | None = None  # the one being answered, for `tip`

    def t(self, key: str, catalog: Game | None = None, /, **args: Any) -> str:
        return self.text.text(self.opts.locale, key, catalog, (), **args)

    def say(self, line: str = "") -> None:
        print(line, flush=True)

    async def run(self) -> Session:
        session = await self._session()
        humans = _human_seats(session)
        self.keyboard = humans[0] if len(humans) == 1 else None
        await self._image(session)
        while session.status == "active" and session.outcome() is None:
            played = await self.service.play_ai(session)
            if played is not None:
                await self._after(session, played.events)
                continue
            await self._human_turn(session)
        self._result(session)
        return session

    def close(self) -> None:
        if self.live is not None:
            self.live.close()

    def _serve(self, session: Session, recap: list[str]) -> None:
        """The live board page, opened in the browser when asked and possible."""
        title = self.t("local.page.title", game=self.t("name", session.game), session=session.id)
        keys = ("lang", "waiting", "story", "gone", "back", "forth")
        words = {key: self.t(f"local.page.{key}") for key in keys}
        folder = self._folder(session)
        # Without --port, the game's own port, the same on every resume (an open tab then
        # reconnects by itself); any free one if another program holds it.
        ports = [self.opts.port] if self.opts.port is not None else [game_port(folder), 0]
        for port in ports:
            try:
                self.live = LiveBoard(folder, title, words, port)
                break
            except OSError as error:  # e.g. --port already taken: the game goes on
                if port == ports[-1]:
                    self.say(self.t("local.live_failed", port=port, reason=error.strerror))
                    return
        assert self.live is not None
        self.live.tell(recap)
        self.opened = self.opts.browser and open_in_browser(self.live.url)
        key = "local.live_opened" if self.opened else "local.live"
        self.say(self.t(key, url=self.live.url))

    # Which game --------------------------------------------------------------------------

    async def _session(self) -> Session:
        game = get_game(self.opts.game)
        existing = await self._paused(self.opts.game)
        if existing is not None and (self.opts.new or existing.status != "active"):
            was_paused = existing.status == "active"  # not a lobby left by a crash
            await self.service.abort(existing)
            if was_paused:
                self.say(self.t("local.abandoned", game=self.t("name", game), session=existing.id))
            existing = None
        if existing is not None:
            self._check_resumable(existing)
            self.say(
                self.t(
                    "local.resuming",
                    game=self.t("name", game),
                    session=existing.id,
                    seq=existing.seq,
                    players=existing.names,  # a list: joined in the locale's way
                )
            )
            recap = await self._recap_resumed(existing)
        session = existing or await self._new_session()
        self._serve(session, recap if existing else [])
        await self._mention_other_paused(session)
        return session

    def _check_resumable(self, paused: Session) -> None:
        """A paused game resumes only if it is the game asked for: what the command line set
        (table size, AI seats, variants) must match, and --ai-only never takes over humans."""
        game, opts = paused.game, self.opts
        ai = sum(paused.is_ai(seat) for seat in range(len(paused.seats)))
        options = game.parse_options(paused.row.options).model_dump()
        wanted = game.parse_options(opts.options).model_dump()
        differs = (
            ("players" in opts.given and len(paused.seats) != opts.players)
            or ("ai" in opts.given and ai != opts.ai)
            or (opts.ai_only and ai < len(paused.seats))
            or ("options" in opts.given and options != wanted)
        )
        if differs:
            paused_table = self._table(len(paused.seats), ai, options, game)
            asked = self._table(opts.players, opts.ai, wanted, game)
            name = self.t("name", game)
            raise PausedGameDiffers(
                self.t(
                    "local.paused_differs",
                    game=name,
                    session=paused.id,
                    paused=paused_table,
                    asked=asked,
                    game_id=opts.game,
                    command=run_command(),
                )
            )

    def _table(self, players: int, ai: int, options: dict[str, Any], game: Game) -> str:
        """`3 players (2 AI), thirty_points=true` — variants only where not the default."""
        base = game.parse_options({}).model_dump()
        changed = [f"{k}={json.dumps(v)}" for k, v in options.items() if base.get(k) != v]
        variants = ", ".join(changed) or self.t("local.base_game")
        return self.t("local.table", players=players, ai=ai, options=variants)

    async def _paused(self, game_id: str) -> Session | None:
        try:
            session = await self.service.in_channel(local_channel(game_id))
        except SessionBroken as error:  # older rules or damaged: only --new gets past it
            if not self.opts.new:
                raise
            await self.service.abort_broken(error)  # kept as stored, never rewritten
            return None
        if session is None:  # stored before each game had its own pseudo channel
            legacy = await self.service.in_channel(LEGACY_CHANNEL)
            session = legacy if legacy is not None and legacy.row.game == game_id else None
        return session

    async def _mention_other_paused(self, current: Session) -> None:
        channels = {local_channel(game_id): game_id for game_id in GAMES}
        for row in await self.service.store.open_sessions():
            game_id = channels.get(row.channel_id) or (
                row.game if row.channel_id == LEGACY_CHANNEL else None
            )
            if game_id is None or row.id == current.id or row.status != "active":
                continue
            name = self.t("name", get_game(game_id))
            line = self.t(
                "local.other_paused",
                game=name,
                session=row.id,
                game_id=game_id,
                command=run_command(),
            )
            self.say(line)

    async def _new_session(self) -> Session:
        humans = 0 if self.opts.ai_only else self.opts.players - self.opts.ai
        session = await self.service.open(
            channel_id=local_channel(self.opts.game),
            guild_id=None,
            game_id=self.opts.game,
            options=self.opts.options,
            host_id=LOCAL_USER_BASE,
            host_name=self.t("local.player", number=1),
            seed=self.opts.seed,
        )
        if not humans:
            session.row.seats = ()
            session.row.host_id = LOCAL_USER_BASE
        for index in range(1, humans):
            name = self.t("local.player", number=index + 1)
            await self.service.join(session, LOCAL_USER_BASE + index, name)
        ai_name = self.text.template(self.opts.locale, "seat.ai") or "AI {number}"
        while len(session.seats) < self.opts.players:
            await self.service.add_ai(session, LOCAL_USER_BASE, ai_name, self.opts.ai_level)
        await self.service.start(session, LOCAL_USER_BASE)
        await self._claim_folder(session)
        self.say(
            self.t(
                "local.new",
                game=self.t("name", session.game),
                session=session.id,
                players=[self._seat_label(seat) for seat in session.seats],
            )
        )
        return session

    def _seat_label(self, seat: Seat) -> str:
        """A seat's name, and an AI's style (engine.styles) beside it: 'AI 1 (bold)'."""
        if not seat.ai or seat.style is None:
            return seat.name
        style = style_name(seat.style, self.opts.locale)
        return self.t("seat.ai_style", name=seat.name, style=style)

    async def _recap_resumed(self, session: Session) -> list[str]:
        """After a restart: what happened from the last human input on (the whole public story
        is returned, for the live board)."""
        steps = list(await self.service.replay(session.id))
        human_steps = [i for i, (row, _) in enumerate(steps) if not session.is_ai(row.seat)]
        recent = steps[human_steps[-1] :] if human_steps else steps
        if recent:
            self.say(self.t("local.since_last"))
        for _, events in recent:
            for event in events:
                if event.to is None:
                    self.say("  • " + self._event_line(session, event))
        return [
            self._event_line(session, event)
            for _, events in steps
            for event in events
            if event.to is None
        ]

    # The story ---------------------------------------------------------------------------

    def _event_line(self, session: Session, event: Event) -> str:
        return self.text.event(self.opts.locale, event, session.game, session.names)

    async def _after(self, session: Session, events: list[Event]) -> None:
        public: list[str] = []
        for event in events:
            line = self._event_line(session, event)
            self.story.append((line, event.to))
            if event.to is None:
                public.append(line)
            if event.to is None or self.keyboard in event.to:
                self.say(f"  {'•' if event.to is None else '🔒'} {line}")
        if self.live is not None:
            self.live.tell(public, status="")
        await self._image(session)

    def _recap(self, seat: int) -> None:
        """What `seat` has not seen yet: every public event and those addressed to it."""
        lines = [
            line
            for line, readers in self.story[self.read_up_to.get(seat, 0) :]
            if readers is None or seat in readers
        ]
        if lines:
            self.say(self.t("local.since_last"))
        for line in lines:
            self.say(f"  • {line}")

    def _folder(self, session: Session) -> Path:
        named = session.row.meta.out_folder or f"{session.row.game}-{session.id}"  # older rows
        return self.opts.out / named

    async def _claim_folder(self, session: Session) -> None:
        """A board folder of the new game's own, named by session and creation time, never one
        another game wrote: a second database or a reset starts the session numbers again."""
        base = f"{session.row.game}-{session.id}-{time.strftime('%Y%m%d-%H%M%S')}"
        name = base
        for again in itertools.count(2):
            try:
                (self.opts.out / name).mkdir(parents=True)
                break
            except FileExistsError:
                name = f"{base}-{again}"
        await self.service.set_meta(session, durable=True, out_folder=name)

    async def _image(self, session: Session) -> None:
        if session.state is None:
            return
        png = await asyncio.to_thread(
            render_png,
            session.row.game,
            session.game.public_view(session.live()),
            session.names,
            self.opts.locale,
            outcome=session.outcome(),
            hinted=bool(session.row.meta.hinted),
        )
        folder = self._folder(session)
        folder.mkdir(parents=True, exist_ok=True)
        number = next_board_number(folder)  # every board is kept, numbered, and the latest
        board_file(folder, number).write_bytes(png)
        (folder / "latest.png").write_bytes(png)
        self.images += 1
        if self.live is not None:
            self.live.show(number)

    # Human input -------------------------------------------------------------------------

    async def _human_turn(self, session: Session) -> None:
        for prompt in session.pending():
            humans = [s for s in prompt.seats if not session.is_ai(s)]
            if not humans:
                continue
            seat = self.keyboard if self.keyboard in humans else humans[0]
            self._pass_keyboard(session, seat)
            await self._ask_prompt(session, seat, prompt)
            return

    def _pass_keyboard(self, session: Session, seat: int) -> None:
        """Hot seat: the next human takes the keyboard; the screen is cleared before the
        hand-over line, so the next player never reads the previous one's secret answer."""
        if self.keyboard == seat:
            return
        if self.keyboard is not None:
            self.read_up_to[self.keyboard] = len(self.story)  # all of it was on their screen
            self.clear()
        self.ask(self.t("local.pass_keyboard", name=session.names[seat]))
        if self.keyboard is not None:
            self._recap(seat)
        self.keyboard = seat

    async def _ask_prompt(self, session: Session, seat: int, prompt: Prompt) -> None:
        locale, game, names = self.opts.locale, session.game, session.names
        self.say(f"\n== {names[seat]} ==")
        if self.live is not None:
            self.live.tell([], status=self.text.msg(locale, prompt.text, game, names))
        self.say(self.t("local.board", path=self._folder(session) / "latest.png"))
        for line in self.learning.table_lines(game, game.public_view(session.live()).view, names):
            self.say("  " + line)
        for private in game.private_lines(session.live(), seat):
            self.say("  " + self.text.msg(locale, private, game, names))
        self.say(self.text.msg(locale, prompt.text, game, names))
        tip = self.learning.first_tip(game, seat, prompt)
        if tip is not None:
            self.say("  " + tip + " " + self.t("local.learn_commands"))
        self.prompt = prompt
        args: dict[str, Any] = {}
        for attempt in itertools.count():
            try:
                for index, field in enumerate(prompt.fields):
                    # Answers given before a hint was asked are kept: the hint is for this step.
                    if field.name not in args and field.is_asked(args):  # e.g. a counter amount
                        later = prompt.fields[index + 1 :]
                        args[field.name] = self._answer(session, field, later, args, attempt > 0)
            except HintAsked:
                await self._hint(session, seat, prompt)
                continue
            if await self._submit(session, seat, prompt, args):
                return
            args = {}  # refused by the rules as a whole: asked again from the first step

    async def _hint(self, session: Session, seat: int, prompt: Prompt) -> None:
        """The hard AI's suggestion, as the Discord Hint button words it; the seat is stored as
        hinted (so not rated) before it is shown."""
        self.say("  " + self.t("local.hint_thinking"))  # a search takes seconds
        action, share = await self.hints.suggest(self.service, session, prompt, seat)
        texts = Texts(self.text, self.opts.locale, session.game, session.names)
        self.say("  " + hint_line(texts, prompt, action, share))

    def _answer(
        self, session: Session, field: Field, later: tuple[Field, ...], args: dict, listed: bool
    ) -> Any:
        """One field's answer, refused at once when it cannot be right and more questions follow
        (the rules judge the last one, with their own, more precise words)."""
        while True:
            value = self._ask_field(session, field, listed)
            answered = {**args, field.name: value}
            refusal = problem(field, value)
            # A text over its length is refused here even as the last answer: the rules would
            # refuse the whole input, dropping the answers before it.
            last = not any(f.is_asked(answered) for f in later) and field.kind != "text"
            if refusal is None or last:
                return value
            self.say("  ✗ " + self.text.msg(self.opts.locale, refusal, session.game))
            listed = True

    async def _submit(self, session: Session, seat: int, prompt: Prompt, args: dict) -> bool:
        try:
            result = await self.service.submit(session, seat, prompt.move, args, prompt.key)
        except IllegalInput as error:
            self.say(
                "  ✗ " + self.text.msg(self.opts.locale, error.msg, session.game, session.names)
            )
            return False
        await self._after(session, result.events)
        self.read_up_to[seat] = len(self.story)
        return True

    def _ask_field(self, session: Session, field: Field, listed: bool = False) -> Any:
        """One field's answer; after a refusal the options are still on screen (`listed`)."""
        locale, game, names = self.opts.locale, session.game, session.names
        if field.kind == "fleet":
            return self._ask_fleet(session, field, listed)
        label = self.text.msg(locale, field.label, game, names)
        is_numbered = numbered(field)
        if not listed:
            for line in self._option_lines(session, field, is_numbered):
                self.say("   " + line)
        hint = {
            "multiset": self.t("local.hint_many", count=field.count),
            "subset": self.t("local.hint_many", count=f"{field.min}-{field.max}"),
            "int": f"{field.min}-{field.max}",
        }.get(field.kind, "")
        if is_numbered:
            hint = self.t("local.hint_join", first=hint, second=self.t("local.hint_numbers"))
        if session.game.id in HINTS:
            hint = self.t("local.hint_join", first=hint, second=self.t("local.hint_ask"))
        raw = self._read(session, self._question(label, hint.strip("、, ")))
        if asks_hint(raw) and session.game.id in HINTS:
            raise HintAsked
        return parse(field, raw, partial(self._label, session))

    def _read(self, session: Session, question: str) -> str:
        """A typed answer; a learning command (`rules`, `card NAME`, `tip`) typed instead is
        answered and the question asked again."""
        while True:
            raw = self.ask(question)
            answer = (
                None
                if self.prompt is None
                else self.learning.command(session.game, self.prompt, raw, self._folder(session))
            )
            if answer is None:
                return raw
            for line in answer:
                self.say("  " + line)

    def _question(self, label: str, hint: str) -> str:
        """The prompt line: the label, then the hint in brackets; a label that ends in brackets
        of its own takes the hint inside them, "Three regions (repeats allowed; 3 values, …)",
        rather than two bracketed groups in a row."""
        if not hint:
            return self.t("local.ask", label=label)
        if label.endswith((")", "）")):
            return self.t("local.ask_hint_inside", label=label[:-1], hint=hint, close=label[-1])
        return self.t("local.ask_hint", label=label, hint=hint)

    def _label(self, session: Session, choice: Choice) -> str:
        return self.text.msg(self.opts.locale, choice.label, session.game, session.names)

    def _ask_fleet(self, session: Session, field: Field, listed: bool) -> list[list[Any]]:
        """An ordered fleet, slot by slot: a head, then what goes behind it."""
        locale, game, names = self.opts.locale, session.game, session.names
        if not listed:
            self.say(self.text.msg(locale, field.label, game, names))
            for choice in field.options + field.attachments:
                self.say(f"   [{choice.value}] {self.text.msg(locale, choice.label, game, names)}")
        groups: list[list[Any]] = []
        while sum(len(group) for group in groups) < field.max:
            head_label = self.t("local.fleet_head", slot=len(groups) + 1)
            head = normalise(self._read(session, self.t("local.ask", label=head_label)))
            if asks_hint(head) and session.game.id in HINTS:
                raise HintAsked
            if not head:
                break
            label = partial(self._label, session)
            refusal = slot_problem(field, parse_group(field, head, "", label), groups)
            if refusal is None:  # the ship is fine: what goes behind it
                behind_label = self.t("local.fleet_attachments", count=field.per_head)
                behind = self.ask(self.t("local.ask", label=behind_label))
                group = parse_group(field, head, behind, label)
                refusal = slot_problem(field, group, groups)
            if refusal is not None:  # at once, the slots so far kept: this slot is asked again
                self.say("  ✗ " + self.text.msg(locale, refusal, game))
                self.say("  " + self.t("local.fleet_so_far", fleet=_fleet_text(groups)))
                continue
            groups.append(group)
        return groups

    def _option_lines(self, session: Session, field: Field, numbered: bool) -> list[str]:
        """One line per option with a description; bare codes (card values, squares) share
        lines of up to BARE_PER_LINE."""
        lines: list[str] = []
        bare: list[str] = []
        amounts = amount_indexes(field)
        if len(amounts) > 1:  # a bid: its amounts on one line, to be typed as numbers
            first, last = field.options[amounts[0]].value, field.options[amounts[-1]].value
            lines.append(self.t("local.amounts", first=first, last=last))
        for index, choice in enumerate(field.options, start=1):
            if index - 1 in amounts and len(amounts) > 1:
                continue
            text = self.text.msg(self.opts.locale, choice.label, session.game, session.names)
            number = f"{index}) " if numbered else ""
            if text == str(choice.value):
                bare.append(f"{number}[{choice.value}]")
                continue
            lines += _rows(bare)
            bare = []
            lines.append(f"{number}[{choice.value}] {text}")
        return lines + _rows(bare)

    def _result(self, session: Session) -> None:
        outcome = session.outcome()
        if outcome is None:
            self.say(self.t("local.unfinished"))
            return
        lines = [self.t("local.result")]
        for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
            lines.append(f"{outcome.ranks[seat]}. {session.names[seat]}: {outcome.scores[seat]}")
        self.say("\n" + lines[0])
        if session.row.meta.hinted:  # see bot.frontend.hint_search: results, but no rating
            lines.append(self.t("finished_hinted"))
        for line in lines[1:]:
            self.say("  " + line)
        self.say(self.t("local.images", folder=self._folder(session)))
        if self.live is not None:
            self.live.tell(lines, status=lines[0], over=True)
        if self.opened:  # the final board stays on the page until the player is done with it
            with contextlib.suppress(EOFError):
                self.ask(self.t("local.close_page"))


def local_channel(game_id: str) -> int:
    """Each game's pseudo channel, so one paused local game per game survives another game.

    Far below Discord's snowflakes, which share the store with local games."""
    return LOCAL_CHANNEL_BASE + zlib.crc32(game_id.encode())


def _human_seats(session: Session) -> list[int]:
    return [seat for seat in range(len(session.seats)) if not session.is_ai(seat)]


def _rows(items: list[str]) -> list[str]:
    return ["  ".join(items[at : at + BARE_PER_LINE]) for at in range(0, len(items), BARE_PER_LINE)]


def game_port(folder: Path) -> int:
    """A port of the game's own, from its board folder (unique to the game and its database):
    in 20000-39999, clear of the usual services and of the ephemeral range."""
    return PORT_BASE + zlib.crc32(str(folder.resolve()).encode()) % PORT_SPAN


def _fleet_text(groups: list[list[Any]]) -> str:
    """The slots so far as typed: 'BB4+SH1, CR3' (— when none)."""
    return ", ".join("+".join(str(v) for v in group) for group in groups) or "—"


def run_command() -> str:
    """`python -m bot` as this process was started ('.venv/bin/python -m bot'), for the hints
    that tell the player what to type: a bare `python` fails outside the virtual environment."""
    argv = getattr(sys, "orig_argv", [])
    if len(argv) >= 3 and argv[1:3] == ["-m", "bot"]:
        return shlex.join(argv[:3])
    return "python -m bot"


def clear_screen() -> None:
    """Wipe the terminal and its scrollback, so the next player cannot scroll up to a secret."""
    if sys.stdout.isatty():
        if os.name == "nt":
            os.system("cls")
        else:
            print("\033[H\033[2J\033[3J", end="", flush=True)


async def run_local(opts: LocalOptions, ask: Ask = input, clear: Clear = None) -> Session:
    store = await open_store(opts.database)
    try:
        table = LocalTable(TableService(store), opts, ask, clear)
        try:
            return await table.run()
        finally:
            table.close()
    finally:
        await store.close()
