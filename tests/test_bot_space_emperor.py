"""End to end through the fake Discord: a whole Space Emperor game with three human seats and one
AI seat. Humans answer every prompt with the components they would really see: the fleet is built
step by step in the DM chooser (ship, supports, next slot, done), defences are sent privately, a
spy is answered with secret police, public choices are clicked on the board or in the channel.

The deal is arranged (the first shuffle only) so that Alice holds a spy and Bob secret police;
each human otherwise plays what the game's AI would choose from that human's own view.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeMessage, FakeUser
from bot.discord_app.chooser import chooser, fleet_input
from bot.frontend.drafts import Draft, args_of, current_field, pick, undo
from bot.frontend.prompt_kinds import is_private
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from bot.terminal.local import LocalOptions, LocalTable, run_local
from engine.ai import ai_seed
from engine.core import Field, Prompt
from engine.games.space_emperor import state as model
from engine.games.space_emperor.ai import best_fleet
from engine.games.space_emperor.cards import card_set
from engine.i18n import Localizer
from engine.registry import get_game
from table.service import Session
from tests.support.bot_games import assert_final_board, fix_seed
from tests.support.fleet import fleet_prompt

GAME = get_game("space_emperor")
ALICE, BOB, CAROL, ROBOT = range(4)
DEALT = [  # round by round, seats 0-3
    ["SP01", "PO01", "SS02", "SS05"],
    ["BB01", "CR04", "CV01", "DD13"],
    ["SW02", "DD11", "DD12", "CR06"],
    ["DD01", "SS01", "AD01", "CR07"],
    ["CR03", "CR05", "FT01", "DD14"],
]
ALICE_DRAWS = "DD02"


def arranged_shuffle(original):
    """The shuffle of the whole deck deals DEALT, then ALICE_DRAWS; other shuffles are random."""

    def shuffle(self, items):
        if len(items) != 100:
            return original(self, items)
        fixed = [card for round_ in DEALT for card in round_] + [ALICE_DRAWS]
        rest = original(self, [c for c in items if c not in fixed])
        return fixed + rest

    return shuffle


class Table:
    """Three humans driving their prompts through Discord components."""

    def __init__(self, harness: Harness, users: list[FakeUser], session: Session) -> None:
        self.harness = harness
        self.fake = harness.fake
        self.users = users
        self.session = session
        self.done: set[str] = set()
        self.step = 0
        self.fleet_clicks: list[str] = []  # builder steps clicked: v (ship), a, n, d
        self.dms_closed: set[int] = set()

    def plan(self, seat: int, prompt: Prompt) -> dict[str, Any]:
        view = self.session.view(seat)
        action = GAME.ai_action(view, prompt, seat, ai_seed(3, self.step, seat))
        args = action.args if action is not None else {}
        if prompt.move == "act":
            args = self._act(view, prompt, seat, args)
        for item in prompt.fields:
            if item.is_asked(args) and item.name not in args:
                args[item.name] = item.options[0].value
        return args

    def _act(self, view, prompt: Prompt, seat: int, args: dict[str, Any]) -> dict[str, Any]:
        actions = [c.value for c in prompt.fields[0].options]
        if seat == ALICE and "spy" in actions and "spy" not in self.done:
            self.done.add("spy")
            return {"action": "spy", "spy_target": BOB}
        if seat == ALICE and "attack" in actions and "attack" not in self.done:
            own = {s.id for s in view.systems if s.owner == seat}
            _, fleet = best_fleet(card_set(view.card_set), view, prompt, own)
            target = next(f for f in prompt.fields if f.name == "target").options[0].value
            return {"action": "attack", "target": target, "fleet": fleet}
        return dict(args)

    async def answer(self, seat: int, prompt: Prompt) -> None:
        user = self.users[seat]
        args = self.plan(seat, prompt)
        if prompt.move == "act" and args["action"] == "attack":
            self.done.add("attack")
        if prompt.move == "defend" and args["sortie"] == "sortie":
            self.done.add("defend")
        if prompt.move == "react" and args["answer"] == "secret_police":
            self.done.add("police")
        on_board = False
        if is_private(prompt) and seat not in self.dms_closed:
            message = self.harness.chooser_for(user, prompt.key)
            assert message.channel_id == self.fake.dm_channel_id(user), prompt.key
        elif is_private(prompt):  # DMs closed: the board's button opens an ephemeral chooser
            message = await self.harness.message_for(user, prompt)
            assert message.ephemeral, prompt.key
        else:
            message = await self.harness.message_for(user, prompt)
            on_board = message.id == self.harness.board().id
        before = self.session.seq
        texts = self.harness.bot.play.wording.seat_texts(self.session, seat)
        for item in prompt.fields:
            if not item.is_asked(args):
                continue
            message = self.fake.message(message.id)
            label = f"**{texts.msg(item.label)}**"
            if not on_board and label not in message.text() and len(item.options) == 1:
                continue  # a lone option fills itself in
            message = await self._fill(user, message, prompt.key, item, args[item.name])
        message = self.fake.message(message.id)
        confirm = [i for i in message.all_custom_ids() if i.endswith(f":{prompt.key}:ok")]
        if confirm:
            await self.fake.click(user, message, confirm[0])
        await self.harness.settle()
        assert self.session.seq > before, f"{prompt.move} {args} refused: {message.text()}"
        self.step += 1

    async def _fill(self, user: FakeUser, message: FakeMessage, key: str, item: Field, value):
        values = [c.value for c in item.options]
        if item.kind == "fleet":
            return await self._fleet(user, message, key, item, value)
        if item.kind == "subset":
            select = self.harness.custom_id(message, ":s:0")
            picks = [str(values.index(v)) for v in value]
            await self.fake.select(user, message, select, picks)
            return message
        await self._click(user, message, f":{key}:v:{values.index(value)}")
        return message

    async def _fleet(self, user: FakeUser, message: FakeMessage, key: str, item: Field, groups):
        heads = [c.value for c in item.options]
        supports = [c.value for c in item.attachments]
        for number, group in enumerate(groups):
            if number:
                await self._click(user, message, f":{key}:n")
            await self._click(user, message, f":{key}:v:{heads.index(group[0])}")
            for card in group[1:]:
                await self._click(user, message, f":{key}:a:{supports.index(card)}")
        await self._click(user, message, f":{key}:d")
        return message

    async def _click(self, user: FakeUser, message: FakeMessage, ending: str) -> None:
        message = self.fake.message(message.id)
        self.fleet_clicks.append(ending.split(":")[2])  # ":{key}:{op}[:{index}]"
        await self.fake.click(user, message, self.harness.custom_id(message, ending))


async def test_a_whole_space_emperor_game_with_three_humans(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 3)
    monkeypatch.setattr(model.Randomness, "shuffle", arranged_shuffle(model.Randomness.shuffle))
    users = [harness.fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    options = "first_player=host endgame_turn_limit=1"
    await harness.open_table(users, game="space_emperor", options=options, ai=1)
    session = await bot.service.in_channel(harness.fake.channel_id)
    assert session is not None
    table = Table(harness, users, session)
    for _ in range(GAME.max_inputs):
        await harness.settle()
        if session.outcome() is not None:
            break
        prompts = [p for p in session.pending() if not session.is_ai(p.seats[0])]
        assert prompts, f"seed 3: nobody to answer at seq {session.seq}"
        await table.answer(prompts[0].seats[0], prompts[0])
    await harness.settle()
    assert session.outcome() is not None, "seed 3: not finished"
    assert {"spy", "police", "attack", "defend"} <= table.done, table.done
    assert {"a", "n", "d"} <= set(table.fleet_clicks), "a fleet with supports and two slots"
    reloaded = await bot.service.get(session.id)
    assert reloaded.outcome() == session.outcome()
    assert_final_board(harness, reloaded, "space_emperor seed 3")


async def test_a_fleet_through_the_ephemeral_chooser_when_dms_are_closed(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 3)
    monkeypatch.setattr(model.Randomness, "shuffle", arranged_shuffle(model.Randomness.shuffle))
    users = [harness.fake.add_user(name) for name in ("alice", "bob", "carol")]
    harness.fake.close_dms(users[ALICE])
    bot = await harness.start()
    await harness.open_table(users, game="space_emperor", options="first_player=host", ai=1)
    session = await bot.service.in_channel(harness.fake.channel_id)
    assert session is not None
    table = Table(harness, users, session)
    table.dms_closed.add(ALICE)
    for _ in range(60):
        await harness.settle()
        if "attack" in table.done:
            break
        prompts = [p for p in session.pending() if not session.is_ai(p.seats[0])]
        await table.answer(prompts[0].seats[0], prompts[0])
    assert "attack" in table.done and "d" in table.fleet_clicks, table.done
    assert harness.fake.dms(users[ALICE]) == []
    assert session.live().battle is not None or session.live().last_battle is not None


# The fleet builder on its own (generic: any game's `fleet` field) ------------------------------


def shown_ids(prompt: Prompt, draft: Draft) -> set[str]:
    _, view = chooser(1, prompt, draft, Texts(Localizer(BOT), "en", None, ()))
    return {item.custom_id.split(":", 3)[3] for item in view.children}


def test_the_fleet_chooser_builds_slots_step_by_step() -> None:
    prompt, draft = fleet_prompt(), Draft()
    assert shown_ids(prompt, draft) == {"v:0", "v:1"}  # pick a ship first
    pick(prompt, draft, 0)
    assert shown_ids(prompt, draft) == {"a:0", "a:1", "n", "d", "u"}  # supports, next, done
    fleet_input(prompt, draft, "a", "0")
    fleet_input(prompt, draft, "n", "")
    assert shown_ids(prompt, draft) == {"v:1", "d", "u"}  # S1 is taken
    pick(prompt, draft, 1)
    assert shown_ids(prompt, draft) == {"d", "u"}  # three cards: the fleet is full
    fleet_input(prompt, draft, "d", "")
    assert current_field(prompt, draft) is None
    assert args_of(prompt, draft) == {"fleet": [["S1", "W1"], ["S2"]]}
    undo(prompt, draft)  # reopens the fleet, then takes back the last card
    assert current_field(prompt, draft) is prompt.fields[0]
    undo(prompt, draft)
    assert args_of(prompt, draft) == {"fleet": [["S1", "W1"]]}


async def test_local_mode_asks_a_fleet_slot_by_slot(tmp_path) -> None:
    answers = iter(["BB01", "SW02", "DD01", ""])
    opts = LocalOptions(
        game="space_emperor", players=2, ai=0, ai_only=False, out=tmp_path,
        database=str(tmp_path / "db"), locale="en", options={},
    )  # fmt: skip
    service = SimpleNamespace(ai_pool=None)  # the fleet questions use no table
    local = LocalTable(service, opts, ask=lambda _prompt: next(answers))  # type: ignore[arg-type]
    session = SimpleNamespace(game=GAME, names=["Aki", "Ben"])
    field = fleet_prompt().fields[0].model_copy(update={"options": (), "attachments": ()})
    assert local._ask_fleet(session, field, False) == [["BB01", "SW02"], ["DD01"]]  # type: ignore[arg-type]


def local_images(folder) -> list[str]:
    return [image.name for image in folder.glob("space_emperor-*/*.png")]


async def test_local_mode_plays_an_ai_only_game(tmp_path) -> None:
    opts = LocalOptions(
        game="space_emperor", players=2, ai=0, ai_only=True, out=tmp_path / "out",
        database=str(tmp_path / "db.sqlite3"), locale="ja", options={}, seed=4,
    )  # fmt: skip
    session = await run_local(opts, ask=lambda _prompt: "")
    assert session.outcome() is not None
    images = sorted(local_images(tmp_path / "out"))  # issue 23: every board kept, numbered
    assert images == [*(f"board-{n:04d}.png" for n in range(1, len(images))), "latest.png"]


def test_local_mode_refuses_a_fleet_slot_at_once_and_keeps_the_fleet(tmp_path, capsys) -> None:
    """Issue 33 item 2: `Slot 1: ZZ99` is refused as it is typed, not after the last slot, and
    the slots already given are kept and shown."""
    answers = iter(["ZZ99", "S1", "W1", "S1", "S2", "W1", "S2", ""])
    asked: list[str] = []

    def keyboard(prompt: str) -> str:
        asked.append(prompt)
        return next(answers)

    opts = LocalOptions(
        game="space_emperor", players=2, ai=0, ai_only=False, out=tmp_path,
        database=str(tmp_path / "db"), locale="en", options={},
    )  # fmt: skip
    local = LocalTable(SimpleNamespace(ai_pool=None), opts, ask=keyboard)  # type: ignore[arg-type]
    session = SimpleNamespace(game=GAME, names=["Aki", "Ben"])
    field = fleet_prompt().fields[0]
    assert local._ask_fleet(session, field, True) == [["S1", "W1"], ["S2"]]  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "✗ 'ZZ99' is not one of the choices" in out  # before anything behind it is asked
    assert asked[1].startswith("Slot 1")
    assert "✗ S1 is already in this fleet." in out and "Fleet so far: S1+W1" in out
    assert "✗ W1 is already in this fleet." in out  # S2 then W1 again: asked again
