"""A monkey at the table (issue 23): every game through the fake Discord with two humans (one
with DMs closed), the bot killed and restarted every few inputs, and random clicks on stale and
current components between the moves. Every game must end, with exactly one final board, no
internal error and no request the fake refused. Fixed seeds; a failure names game and seed."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass

import pytest

from bench.bot_harness import Harness
from engine.core import IllegalInput, Prompt
from engine.registry import GAMES, get_game
from table.service import Session
from tests.support.bot_games import Player, fix_seed

SEEDS = (1,)
SLOW_SEEDS = (2, 3, 4, 5)
RESTART_EVERY = 8  # human inputs between two kills
# Human inputs played through Discord by default; the rest of the game is answered through the
# service without the monkey (the game must still end with one final board). Unbounded in slow.
CLICKED = 30
OPTIONS = {
    "imperial_settlers": "rounds=1",
    "prokonsul": "short_game=true",
}
INTERNAL = ("Something went wrong", "問題が発生しました")
SPECIAL_KEYS = ("hand", "history", "lobby", "abort", "rematch", "strip")


@dataclass
class Counts:
    inputs: int = 0
    human_inputs: int = 0
    by_service: int = 0  # human inputs with typed values or fleets, taken without Discord
    restarts: int = 0
    clicks: int = 0
    stale_clicks: int = 0
    board_clicks: int = 0  # on the board: buttons inside a layout message's container


class Monkey:
    def __init__(self, harness: Harness, game: str, seed: int, clicked: int | None) -> None:
        self.harness = harness
        self.clicked = clicked
        self.fake = harness.fake
        self.game = game
        self.rng = random.Random(seed)
        self.label = f"monkey {game} seed {seed}"
        self.counts = Counts()
        self.users = [self.fake.add_user("alice"), self.fake.add_user("bob")]
        self.fake.close_dms(self.users[0])
        self.sid = 0

    async def session(self) -> Session:
        assert self.harness.bot is not None
        return await self.harness.bot.service.get(self.sid)

    async def play(self, monkeypatch: pytest.MonkeyPatch, seed: int) -> Counts:
        fix_seed(monkeypatch, seed)
        rules = get_game(self.game)
        bot = await self.harness.start()
        ai = max(0, rules.min_seats - len(self.users))
        await self.harness.open_table(self.users, self.game, OPTIONS.get(self.game), ai=ai)
        self.sid = (await bot.service.in_channel(self.fake.channel_id)).id
        for _ in range(rules.max_inputs):
            if self.clicked is not None and self.counts.human_inputs >= self.clicked:
                await self.finish_quickly()
            await self.harness.settle()
            session = await self.session()
            if session.outcome() is not None:
                break
            for _ in range(self.rng.randrange(3)):
                await self.random_click(session)
            await self.harness.settle()
            session = await self.session()
            owed = [(s, p) for p in session.pending() for s in p.seats if s < len(self.users)]
            if session.outcome() is not None or not owed:
                assert session.outcome() is not None, f"{self.label}: nobody owes at {session.seq}"
                continue
            await self.answer(session, *self.rng.choice(owed))
            if self.counts.human_inputs % RESTART_EVERY == 0:
                await self.harness.kill()
                await self.harness.start()
                self.counts.restarts += 1
        await self.harness.settle()
        await self.check_end()
        return self.counts

    async def finish_quickly(self) -> None:
        """The rest of the game without the monkey and without waiting for quiet."""
        bot = self.harness.bot
        assert bot is not None
        session = await self.session()
        while session.outcome() is None:
            await asyncio.wait_for(bot.idle(), 20)
            owed = [(s, p) for p in session.pending() for s in p.seats if s < len(self.users)]
            if owed:
                seat, prompt = owed[0]
                action = bot.service.ai_action(session, seat, prompt)
                result = await bot.service.submit(
                    session, seat, action.move, action.args, prompt.key
                )
                bot.play.changed(session, result.events)
                self.counts.by_service += 1
                self.counts.human_inputs += 1

    async def answer(self, session: Session, seat: int, prompt: Prompt) -> None:
        """Through Discord when every field is a plain choice; else as the service would take a
        slash command (typed numbers and fleets have their own tests)."""
        before = session.seq
        user = self.users[seat]
        service = self.harness.bot.service
        action = service.ai_action(session, seat, prompt)  # plays like the AI: games end sooner
        picks = _indexes(prompt, action.args)
        if picks is None:
            try:
                result = await service.submit(session, seat, action.move, action.args, prompt.key)
            except IllegalInput as error:
                raise AssertionError(f"{self.label}: the AI's answer refused: {error}") from error
            self.harness.bot.play.changed(session, result.events)
            self.counts.by_service += 1
        else:
            await self.click_answer(session, user, seat, prompt, picks)
        await self.harness.settle()
        assert session.seq > before, (
            f"{self.label}: {prompt.key} by seat {seat} not taken; last seen: "
            f"{[m.text()[-300:] for m in self.fake.visible_to(user)[-3:]]}"
        )
        self.counts.human_inputs += 1

    async def click_answer(
        self, session: Session, user, seat: int, prompt: Prompt, picks: dict[str, int]
    ) -> None:
        message = await self.harness.message_for(user, prompt)
        for _ in range(10):  # a monkey's earlier clicks may have half-filled the draft
            message = self.fake.message(message.id)
            back = [i for i in message.all_custom_ids() if i.endswith((":u", ":r"))]
            if not back or f":{prompt.key}:" not in back[0]:
                break
            await self.fake.click(user, message, back[0])
        player = Player(self.harness, user, session, self.label)
        texts = self.harness.bot.play.wording.seat_texts(session, seat)
        on_board = message.id == session.row.meta.board
        for item in prompt.fields:
            message = self.fake.message(message.id)
            label = f"**{texts.msg(item.label)}**"
            if label not in message.text() and len(item.options) == 1 and not on_board:
                continue
            message = await player._pick(message, prompt.key, item.name, picks[item.name])
        message = self.fake.message(message.id)
        confirm = [i for i in message.all_custom_ids() if i.endswith(f":{prompt.key}:ok")]
        if confirm:
            await self.fake.click(user, message, confirm[0])

    async def random_click(self, session: Session) -> None:
        user = self.rng.choice(self.users)
        seen = {m.id: m for m in self.fake.visible_to(user) if not m.deleted}
        shown = [m for m in seen.values() if self._clickable(m)]
        if not shown:
            return
        message = self.rng.choice(shown[-15:])
        custom_id = self.rng.choice(self._clickable(message))
        key = custom_id.split(":")[2]
        pending = {p.key for p in session.pending()}
        if key not in pending and key not in SPECIAL_KEYS:
            self.counts.stale_clicks += 1
        self.counts.clicks += 1
        if message.is_layout:
            self.counts.board_clicks += 1
        component = message.find_component(custom_id) or {}
        if component.get("type") == 3:
            options = [o["value"] for o in component.get("options", [])]
            count = max(1, component.get("min_values", 1))
            record = await self.fake.select(
                user, message, custom_id, self.rng.sample(options, min(count, len(options)))
            )
        else:
            record = await self.fake.click(user, message, custom_id)
        reply = record.response_message
        text = reply.text() if reply is not None else ""
        assert not any(bad in text for bad in INTERNAL), f"{self.label}: {custom_id}: {text}"

    @staticmethod
    def _clickable(message) -> list[str]:
        return [
            i
            for i in message.all_custom_ids()
            if not (message.find_component(i) or {}).get("disabled")
            and ":rematch:" not in i
            and ":abort:" not in i
        ]

    async def check_end(self) -> None:
        session = await self.session()
        assert session.outcome() is not None, f"{self.label}: not finished"
        self.counts.inputs = session.seq
        finals = [
            m
            for m in self.fake.channel_messages()
            if not m.deleted and "Game over" in m.text() and m.png() is not None
        ]
        assert len(finals) == 1, f"{self.label}: {len(finals)} final boards"
        assert finals[0].is_layout and self.counts.board_clicks > 0, f"{self.label}: {self.counts}"
        said = [m.text() for m in self.fake.store.messages.values()]
        assert not [t for t in said if any(bad in t for bad in INTERNAL)], self.label
        assert not self.fake.server_errors, f"{self.label}: {self.fake.server_errors}"


def _indexes(prompt: Prompt, args: dict) -> dict[str, int] | None:
    """The answer as option indexes, when every field is a plain choice among options."""
    picks = {}
    for item in prompt.fields:
        values = [choice.value for choice in item.options]
        if item.kind != "one" or args.get(item.name) not in values:
            return None
        picks[item.name] = values.index(args[item.name])
    return picks


async def run(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game: str, seed: int, clicked: int | None
) -> None:
    monkey = Monkey(harness, game, seed, clicked)
    try:
        counts = await monkey.play(monkeypatch, seed)
    except BaseException:
        print(f"{monkey.label} failed after {monkey.counts}")
        raise
    print(f"{monkey.label}: {counts}")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_monkey(harness: Harness, monkeypatch: pytest.MonkeyPatch, game, seed) -> None:
    await run(harness, monkeypatch, game, seed, CLICKED)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_monkey_more_seeds(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, game, seed
) -> None:
    await run(harness, monkeypatch, game, seed, None)
