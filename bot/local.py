"""Play any registered game in the terminal, without Discord (hot seat + AI seats).

The session lives in the same SQLite store as the bot's, so killing the process and running the
same command again resumes it. Board images are written after every state change.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.strings import BOT
from engine.core import Event, Field, IllegalInput, Kind, Prompt
from render import render_png
from table.backend import open_store
from table.i18n import Localizer
from table.service import Session, TableError, TableService

LOCAL_CHANNEL = 1  # the terminal's pseudo channel: one local game at a time, like a channel
LOCAL_USER_BASE = 1000

Ask = Callable[[str], str]


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


class LocalTable:
    def __init__(self, service: TableService, opts: LocalOptions, ask: Ask = input) -> None:
        self.service = service
        self.opts = opts
        self.ask = ask
        self.text = Localizer(BOT)
        self.images = 0

    def t(self, key: str, /, **args: Any) -> str:
        return self.text.text(self.opts.locale, key, None, (), **args)

    def say(self, line: str = "") -> None:
        print(line, flush=True)

    async def run(self) -> Session:
        session = await self._session()
        await self._image(session)
        while session.status == "active" and session.outcome() is None:
            played = await self.service.play_ai(session)
            if played is not None:
                await self._after(session, played.events)
                continue
            await self._human_turn(session)
        self._result(session)
        return session

    async def _session(self) -> Session:
        existing = await self.service.in_channel(LOCAL_CHANNEL)
        if existing is not None and (self.opts.new or existing.row.game != self.opts.game):
            await self.service.abort(existing)
            existing = None
        if existing is not None and existing.status == "active":
            self.say(
                self.t(
                    "local.resuming", game=existing.row.game, session=existing.id, seq=existing.seq
                )
            )
            return existing
        if existing is not None:
            await self.service.abort(existing)
        return await self._new_session()

    async def _new_session(self) -> Session:
        humans = 0 if self.opts.ai_only else self.opts.players - self.opts.ai
        session = await self.service.open(
            channel_id=LOCAL_CHANNEL,
            guild_id=None,
            game_id=self.opts.game,
            options=self.opts.options,
            host_id=LOCAL_USER_BASE,
            host_name="Player 1" if humans else "Host",
            seed=self.opts.seed,
        )
        if not humans:
            session.row.seats.clear()
            session.row.host_id = LOCAL_USER_BASE
        for index in range(1, humans):
            await self.service.join(session, LOCAL_USER_BASE + index, f"Player {index + 1}")
        while len(session.seats) < self.opts.players:
            await self.service.add_ai(session, LOCAL_USER_BASE)
        await self.service.start(session, LOCAL_USER_BASE)
        self.say(
            self.t(
                "local.new",
                game=self.opts.game,
                session=session.id,
                players=", ".join(session.names),
            )
        )
        return session

    # After each input -------------------------------------------------------------------

    async def _submit(self, session: Session, seat: int, prompt: Prompt, args: dict) -> bool:
        try:
            result = await self.service.submit(session, seat, prompt.move, args, prompt.key)
        except (IllegalInput, TableError) as error:
            self.say(
                "  ✗ " + self.text.msg(self.opts.locale, error.msg, session.game, session.names)
            )
            return False
        await self._after(session, result.events)
        return True

    async def _after(self, session: Session, events: list[Event]) -> None:
        for event in events:
            if event.to is None:
                line = self.text.event(self.opts.locale, event, session.game, session.names)
                self.say(f"  • {line}")
        await self._image(session)

    async def _image(self, session: Session) -> None:
        if session.state is None:
            return
        png = await asyncio.to_thread(
            render_png,
            session.row.game,
            session.view(None),
            session.names,
            self.opts.locale,
            outcome=session.outcome(),
        )
        folder = self.opts.out / f"{session.row.game}-{session.id}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{session.seq:04d}.png").write_bytes(png)
        (folder / "latest.png").write_bytes(png)
        self.images += 1

    # Human input -------------------------------------------------------------------------

    async def _human_turn(self, session: Session) -> None:
        for prompt in session.pending():
            humans = [s for s in prompt.seats if not session.is_ai(s)]
            if not humans:
                continue
            seat = humans[0]
            private = prompt.kind == Kind.SECRET or not prompt.public_options
            while not await self._ask_prompt(session, seat, prompt, private):
                pass
            return

    async def _ask_prompt(self, session: Session, seat: int, prompt: Prompt, private: bool) -> bool:
        locale, game, names = self.opts.locale, session.game, session.names
        if private:
            _clear()
            self.ask(self.t("local.pass_keyboard", name=names[seat]))
        self.say(f"\n== {names[seat]} ==")
        for line in game.private_lines(session.live(), seat):
            self.say("  " + self.text.msg(locale, line, game, names))
        self.say(self.text.msg(locale, prompt.text, game, names))
        args: dict[str, Any] = {}
        for field in prompt.fields:
            if field.is_asked(args):  # e.g. a counter amount only after answering "counter"
                args[field.name] = self._ask_field(session, field)
        accepted = await self._submit(session, seat, prompt, args)
        if accepted and private:
            _clear()
        return accepted

    def _ask_field(self, session: Session, field: Field) -> Any:
        locale, game, names = self.opts.locale, session.game, session.names
        label = self.text.msg(locale, field.label, game, names)
        for choice in field.options:
            self.say(f"   [{choice.value}] {self.text.msg(locale, choice.label, game, names)}")
        hint = {
            "multiset": self.t("local.hint_many", count=field.count),
            "subset": self.t("local.hint_many", count=f"{field.min}-{field.max}"),
            "int": f"{field.min}-{field.max}",
        }.get(field.kind, "")
        raw = self.ask(f"{label}{f' ({hint})' if hint else ''}: ").strip()
        return _parse(field, raw)

    def _result(self, session: Session) -> None:
        outcome = session.outcome()
        if outcome is None:
            self.say(self.t("local.unfinished"))
            return
        self.say("\n" + self.t("local.result"))
        for seat in sorted(range(len(outcome.scores)), key=lambda s: outcome.ranks[s]):
            self.say(f"  {outcome.ranks[seat]}. {session.names[seat]}: {outcome.scores[seat]}")
        self.say(self.t("local.images", folder=self.opts.out / f"{session.row.game}-{session.id}"))


def _parse(field: Field, raw: str) -> Any:
    """Text typed by a player into the value the field expects (bad text → rejected by rules)."""
    by_text = {str(choice.value): choice.value for choice in field.options}
    if field.kind in ("multiset", "subset"):
        return [by_text.get(part, part) for part in raw.replace(",", " ").split()]
    if field.kind == "int":
        try:
            return int(raw)
        except ValueError:
            return raw
    if field.kind == "one":
        return by_text.get(raw, raw)
    return raw


def _clear() -> None:
    if sys.stdout.isatty():
        os.system("clear" if os.name != "nt" else "cls")


async def run_local(opts: LocalOptions, ask: Ask = input) -> Session:
    store = await open_store(opts.database)
    try:
        table = LocalTable(TableService(store), opts, ask)
        return await table.run()
    finally:
        await store.close()
