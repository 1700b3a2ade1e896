"""Runs the real ForumBot against the loopback fake Discord, and plays as its users."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from pathlib import Path

from bench.fakediscord import FakeDiscord, FakeMessage, FakeUser
from bot.discord_app.client import ForumBot
from bot.frontend.config import Config
from bot.frontend.settings import COMMANDS
from table.service import Session

# Server settings every test bot starts with unless it passes its own `server`: no cooldowns and
# room for many lobbies, so tests act as fast as they like (tests of the limits set them).
RELAXED: dict[str, object] = {
    **{f"cooldown_{command}": 0 for command in COMMANDS},
    "open_lobbies": 20,
    "open_thread_lobbies": 20,
    "threads_per_window": 50,
}


class Harness:
    def __init__(
        self,
        fake: FakeDiscord,
        database: Path,
        *,
        server: dict[str, object] | None = None,
        **config: object,
    ) -> None:
        self.fake = fake
        self.server = RELAXED if server is None else server
        settings = dict(
            token=fake.token,
            database=str(database),
            ai_delay_seconds=0.0,
            reminder_minutes=0,
            default_locale="en",
            # Discord's pace, 100× faster, here and in the fake: tests stay quick and still run
            # the coalescing and rate-limit paths (tests of the real pace pass their own).
            board_interval_seconds=0.01,
            rest_per_second=4500,
            channel_window_seconds=0.05,
            render_processes=0,  # one bot per test: threads start faster than processes
        )
        settings.update(config)
        self.config = Config(**settings)  # type: ignore[arg-type]
        fake.rate_limits.global_per_second = max(
            fake.rate_limits.global_per_second, self.config.rest_per_second * 10 // 9
        )
        fake.rate_limits.channel_window = min(
            fake.rate_limits.channel_window, self.config.channel_window_seconds
        )
        self.bot: ForumBot | None = None
        self._unguarded_before = len(fake.unguarded)  # earlier clients' sends are theirs
        self.timings: list[float] = []

    async def start(self) -> ForumBot:
        self.bot = ForumBot(self.config, timer_period=0.1, **self.fake.client_kwargs())
        defaults = self.bot.settings.defaults
        self.bot.settings.defaults = defaults.model_copy(update=self.server)
        await self.fake.start_bot(self.bot)
        await asyncio.wait_for(self.bot.recovered.wait(), 20)  # then settle() sees its work
        return self.bot

    async def kill(self) -> None:
        """Stop the bot as a crash would: the gateway dies first, nothing is flushed on purpose."""
        assert self.bot is not None
        await self.fake.disconnect_bot()
        await self.fake.stop_bot(self.bot)
        self.bot = None

    async def stop(self) -> None:
        if self.bot is not None:
            await self.fake.stop_bot(self.bot)
            self.bot = None
        # Every send of the bot says whom it may ping (the client's default covers a send
        # that forgets); the fake checks what could ping when it closes.
        unguarded = self.fake.unguarded[self._unguarded_before :]
        assert not unguarded, f"{len(unguarded)} sent without allowed_mentions: {unguarded[:3]}"

    async def settle(self) -> None:
        """Until the fake saw no request for a moment and the bot has no work in flight."""
        while True:
            await self.fake.settle(quiet=0.05)
            if self.bot is None or not self.bot._tasks:
                return
            await asyncio.wait_for(self.bot.idle(), 20)

    async def play_seat(self, session: Session, seat: int, inputs: int | None) -> None:
        """Answer `seat`'s prompts as the AI would, through the service, `inputs` times (None:
        to the end), while the AI seats play through the bot."""
        bot = self.bot
        assert bot is not None
        done = 0
        while session.outcome() is None and (inputs is None or done < inputs):
            await self.settle()
            prompts = session.prompts_for(seat)
            if not prompts:
                assert session.outcome() is not None, f"nobody owes at {session.seq}"
                break
            action = bot.service.ai_action(session, seat, prompts[0])
            result = await bot.service.submit(
                session, seat, action.move, action.args, prompts[0].key
            )
            bot.play.changed(session, result.events)
            done += 1
        await self.settle()

    # What users see ---------------------------------------------------------------------

    def board(self) -> FakeMessage:
        """The channel message that carries the game (lobby buttons, or the board: a layout
        message, or an image)."""
        return self.board_in(None)

    def board_in(self, channel_id: int | None) -> FakeMessage:
        """The game's message in `channel_id` (None: the default channel), as `board`."""
        for message in reversed(self.fake.channel_messages(channel_id)):
            ids = message.all_custom_ids()
            if message.is_layout or message.png() is not None or any(":lobby:" in i for i in ids):
                return message
        raise AssertionError("no board message in the channel")

    def chooser_for(self, user: FakeUser, key_part: str) -> FakeMessage:
        """The newest DM or ephemeral message of `user` offering the prompt `key_part`."""
        found = [
            m
            for m in self.fake.visible_to(user)
            if any(f":{key_part}:" in i for i in m.all_custom_ids())
        ]
        if not found:
            raise AssertionError(f"{user.name} has no chooser for {key_part}")
        return max(found, key=lambda m: m.id)

    async def timed(self, coroutine):
        started = time.perf_counter()
        result = await coroutine
        await self.settle()
        self.timings.append(time.perf_counter() - started)
        return result

    async def choose(self, user: FakeUser, key: str, option_indexes: Sequence[int]) -> None:
        """Click options of a chooser one by one, then Confirm."""
        message = self.chooser_for(user, key)
        for index in option_indexes:
            custom_id = next(i for i in message.all_custom_ids() if i.endswith(f":{key}:v:{index}"))
            await self.fake.click(user, message, custom_id)
            message = self.fake.message(message.id)
        confirm = next(i for i in message.all_custom_ids() if i.endswith(f":{key}:ok"))
        await self.timed(self.fake.click(user, message, confirm))

    async def open_table(
        self,
        users: Sequence[FakeUser],
        game: str = "imperium",
        options: str | None = None,
        ai: int = 0,
        pace: str | None = None,
    ) -> None:
        """/game new by the first user (with `options` and `pace` when given), Join by the
        others, Add AI `ai` times, Start."""
        host, *others = users
        given = {"options": options, "pace": pace}
        await self.fake.slash(
            host, "game", ["new"], {"game": game, **{k: v for k, v in given.items() if v}}
        )
        lobby = self.board()
        for user in others:
            await self.fake.click(user, lobby, self.custom_id(lobby, ":lobby:join"))
        for _ in range(ai):
            await self.fake.click(host, lobby, self.custom_id(lobby, ":lobby:ai:normal"))
        await self.fake.click(host, lobby, self.custom_id(lobby, ":lobby:start"))
        await self.settle()

    @staticmethod
    def custom_id(message: FakeMessage, ending: str) -> str:
        found = [i for i in message.all_custom_ids() if i.endswith(ending)]
        assert found, f"no component ending {ending!r} in {message.all_custom_ids()}"
        return found[0]

    async def open_hand(self, user: FakeUser) -> FakeMessage:
        """Press the board's Your-hand button; returns the ephemeral reply."""
        board = self.board()
        record = await self.fake.click(user, board, self.custom_id(board, ":hand:open"))
        assert record.response_message is not None
        return record.response_message

    async def forge_click(self, user: FakeUser, message: FakeMessage, custom_id: str):
        """A component interaction with a custom_id the message never offered."""
        record = self.fake._new_interaction(user, 3, message.channel_id, message)
        return await self.fake._send(
            record, {"custom_id": custom_id, "component_type": 2}, None, True, None
        )

    def last_ephemeral(self, user: FakeUser) -> str:
        return self.fake.ephemerals(user)[-1].text()

    async def message_for(self, user: FakeUser, prompt) -> FakeMessage:
        """Where `user` answers `prompt`: the channel message asking them, the board's own
        buttons, or a private chooser opened from the board."""
        from engine.core import Kind

        board = self.board()
        ids = board.all_custom_ids()
        if prompt.kind == Kind.REPLY and prompt.public_options:
            return next(
                m
                for m in reversed(self.fake.channel_messages())
                if any(f":{prompt.key}:" in i for i in m.all_custom_ids())
            )
        if any(i.endswith(f":{prompt.key}:open") for i in ids):
            record = await self.fake.click(
                user, board, self.custom_id(board, f":{prompt.key}:open")
            )
            return record.response_message
        if any(f":{prompt.key}:v:" in i for i in ids):
            return board
        return await self.open_hand(user)

    async def answer_first(
        self, user: FakeUser, message: FakeMessage, key: str, typed: dict[str, str] | None = None
    ) -> None:
        """Answer prompt `key` on `message` the simplest way a player could: the first option of
        each step, `typed` (or the lowest allowed values) in any form, then Confirm."""
        for _ in range(12):
            message = self.fake.message(message.id)
            ids = [i for i in message.all_custom_ids() if f":{key}:" in i]
            if not ids:
                return
            step = _first_step(ids)
            if step.endswith(":m"):
                record = await self.fake.click(user, message, step)
                inputs = {c["custom_id"]: c for c in _modal_inputs(record.modal)}
                values = {name: (typed or {}).get(name, _lowest(c)) for name, c in inputs.items()}
                await self.fake.submit_modal(user, record, values=values)
            elif ":s:" in step:
                component = message.find_component(step)
                picks = [o["value"] for o in component["options"]][
                    : max(1, component.get("min_values", 1))
                ]
                await self.fake.select(user, message, step, picks)
            else:
                await self.fake.click(user, message, step)
            await self.settle()
        raise AssertionError(f"{user.name} could not finish answering {key}")


def _first_step(ids: list[str]) -> str:
    for suffix in (":ok", ":m"):
        found = [i for i in ids if i.endswith(suffix)]
        if found:
            return found[0]
    selects = [i for i in ids if ":s:" in i]
    if selects:
        return selects[0]
    return next(i for i in ids if ":v:" in i)


def _modal_inputs(modal: dict | None) -> list[dict]:
    from bench.fakediscord import iter_components

    return [c for c in iter_components((modal or {}).get("components", [])) if c.get("type") == 4]


def _lowest(component: dict) -> str:
    label = component.get("label", "")
    if "(" in label and "–" in label:  # "Chips (0–20)": the lowest allowed number
        return label.rsplit("(", 1)[1].split("–")[0]
    return "" if not component.get("required", True) else "ok"
