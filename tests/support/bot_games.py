"""Playing a game through the fake Discord as a member would, and checking its end: shared by
the end-to-end tests of every game (tests/test_bot_*.py and the games' own test modules)."""

from __future__ import annotations

import itertools
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bench.bot_harness import Harness
from bench.fakediscord import FakeMessage, FakeUser
from bot.frontend.prompt_kinds import is_private
from engine.core import Action, IllegalInput, Prompt
from engine.registry import get_game
from table.service import Session, TableService


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """`/game new` draws a random seed; tests need a fixed one."""
    original = TableService.open

    async def open_seeded(self: TableService, **kwargs: Any) -> Session:
        kwargs.setdefault("seed", seed)
        return await original(self, **kwargs)

    monkeypatch.setattr(TableService, "open", open_seeded)


def first_legal(session: Session, seat: int, prompt: Prompt) -> dict[str, int]:
    """Field name -> option index of the first combination (in shown order) the rules accept."""
    state = session.live()
    ranges = [range(len(f.options)) for f in prompt.fields]
    for indexes in itertools.product(*ranges):
        args = {f.name: f.options[i].value for f, i in zip(prompt.fields, indexes, strict=True)}
        try:
            session.game.apply(state, Action(seat=seat, move=prompt.move, args=args))
        except IllegalInput:
            continue
        return {f.name: i for f, i in zip(prompt.fields, indexes, strict=True)}
    raise AssertionError(f"no legal answer among the shown options of {prompt}")


class Player:
    """One human at the table, answering every prompt through Discord components.

    Private prompts: the DM chooser, or (DMs closed) the board's button for that move or its
    "Your hand" button. Public ones: the board's option buttons, or its button for the move.
    """

    def __init__(
        self,
        harness: Harness,
        user: FakeUser,
        session: Session,
        label: str,
        probe: bool = False,
        via_hand: bool = False,
    ) -> None:
        self.harness = harness
        self.via_hand = via_hand  # private prompts through the board, not DMs
        self.probe = probe  # first click a shown option the rules refuse, when there is one
        self.refused: list[str] = []
        self.fake = harness.fake
        self.user = user
        self.session = session
        self.label = label  # game and seed, for assertion messages
        self.paths: dict[str, int] = {
            "dm": 0,
            "board": 0,
            "take_turn": 0,
            "select": 0,
            "hand": 0,
            "stepper": 0,
        }

    async def answer(self, seat: int, prompt: Prompt) -> None:
        picks = first_legal(self.session, seat, prompt)
        key = prompt.key
        before = self.session.seq
        on_board = False
        if is_private(prompt) and self.via_hand:
            board = self.harness.board()
            ids = board.all_custom_ids()
            ending = (
                f":{key}:open" if any(i.endswith(f":{key}:open") for i in ids) else ":hand:open"
            )
            record = await self.fake.click(self.user, board, self.harness.custom_id(board, ending))
            message = record.response_message
            assert message is not None and message.ephemeral, (
                f"{self.label}: Your hand for {key} gave no ephemeral chooser"
            )
            self.paths["hand"] += 1
        elif is_private(prompt):
            message = self.harness.chooser_for(self.user, key)
            assert message.channel_id == self.fake.dm_channel_id(self.user), (
                f"{self.label}: private prompt {key} not offered by DM: {message}"
            )
            self.paths["dm"] += 1
        else:
            board = self.harness.board()
            ids = board.all_custom_ids()
            if any(i.endswith(f":{key}:open") for i in ids):
                record = await self.fake.click(
                    self.user, board, self.harness.custom_id(board, f":{key}:open")
                )
                message = record.response_message
                assert message is not None and message.ephemeral, (
                    f"{self.label}: Take your turn for {key} gave no ephemeral chooser"
                )
                self.paths["take_turn"] += 1
            else:
                message, on_board = board, True
                self.paths["board"] += 1
        if self.probe and len(prompt.fields) == 1 and picks[prompt.fields[0].name] > 0:
            await self._refused_click(message, prompt)
        texts = self.harness.bot.play.wording.seat_texts(self.session, seat)
        for item in prompt.fields:
            label = f"**{texts.msg(item.label)}**"
            message = self.fake.message(message.id)
            if label not in message.text() and len(item.options) == 1:
                continue  # a lone option may be filled in without asking
            if not on_board:
                assert label in message.text(), (
                    f"{self.label}: chooser for {key} does not ask {label}: {message.text()}"
                )
            message = await self._pick(message, key, item.name, picks[item.name])
        message = self.fake.message(message.id)
        confirm = [i for i in message.all_custom_ids() if i.endswith(f":{key}:ok")]
        if confirm:
            await self.fake.click(self.user, message, confirm[0])
        await self.harness.settle()
        assert self.session.seq > before, (
            f"{self.label}: answer {picks} to {key} was not accepted; last texts: "
            f"{[m.text() for m in self.fake.visible_to(self.user)[-2:]]}"
        )

    async def _refused_click(self, message: FakeMessage, prompt: Prompt) -> None:
        """A shown option the rules refuse: a clear error, the same question again, no change."""
        before = self.session.seq
        await self._pick(message, prompt.key, prompt.fields[0].name, 0)
        await self.harness.settle()
        shown = self.fake.message(message.id)
        if shown.ephemeral_for is None and shown.channel_id == self.fake.channel_id:
            shown = self.fake.ephemerals(self.user)[-1]  # refused on the board: answered aside
        text = shown.text()
        assert self.session.seq == before, f"{self.label}: refused option changed the game"
        assert text.startswith("✗ ") and "went wrong" not in text, f"{self.label}: {text}"
        assert any(i.endswith(f":{prompt.key}:v:0") for i in shown.all_custom_ids()), (
            f"{self.label}: after the refusal {prompt.key} is not asked again: {text}"
        )
        self.refused.append(text.splitlines()[0])

    async def _pick(self, message: FakeMessage, key: str, name: str, index: int) -> FakeMessage:
        """Choose option `index` of the field the message currently asks for."""
        for _ in range(20):  # select pages
            message = self.fake.message(message.id)
            ids = message.all_custom_ids()
            button = f":{key}:v:{index}"
            if any(i.endswith(button) for i in ids):
                await self.fake.click(self.user, message, self.harness.custom_id(message, button))
                return message
            select = next((i for i in ids if f":{key}:s:" in i), None)
            if select is not None:
                component = message.find_component(select)
                assert component is not None
                shown = {o["value"] for o in component["options"]}
                if str(index) in shown:
                    await self.fake.select(self.user, message, select, [str(index)])
                    self.paths["select"] += 1
                    return message
                page = int(select.rsplit(":", 1)[1])
                nxt = next(
                    (i for i in ids if f":{key}:p:" in i and i.endswith(f":{page + 1}")), None
                )
                assert nxt is not None, f"{self.label}: option {index} of {name} not on any page"
                await self.fake.click(self.user, message, nxt)
                continue
            steps = [i for i in ids if f":{key}:p:" in i]
            if steps:  # a stepper (Field.amounts): step towards the amount
                nearest = min(steps, key=lambda i: abs(int(i.rsplit(":", 1)[1]) - index))
                await self.fake.click(self.user, message, nearest)
                self.paths["stepper"] += 1
                continue
            raise AssertionError(
                f"{self.label}: no way to pick {name}={index} for {key} in {ids}: {message.text()}"
            )
        raise AssertionError(f"{self.label}: too many pages for {name} in {key}")


async def play_to_the_end(
    harness: Harness,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    seed: int,
    ai: int,
    options: str | None = None,
    probe: bool = False,
    dms_closed: bool = False,
) -> tuple[Session, Player]:
    fix_seed(monkeypatch, seed)
    fake = harness.fake
    alice = fake.add_user("alice")
    if dms_closed:
        fake.close_dms(alice)
    bot = await harness.start()
    await harness.open_table([alice], game=game, options=options, ai=ai)
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None and session.row.seed == seed
    label = f"{game} seed {seed}"
    player = Player(harness, alice, session, label, probe, via_hand=dms_closed)
    for _ in range(session.game.max_inputs):
        await harness.settle()
        if session.outcome() is not None:
            break
        prompts = session.prompts_for(0)
        assert prompts, f"{label}: the game waits on nobody at seq {session.seq}"
        await player.answer(0, prompts[0])
    await harness.settle()
    assert session.outcome() is not None, f"{label}: not finished"
    return session, player


def assert_final_board(harness: Harness, session: Session, label: str) -> None:
    board = harness.board()
    text = board.text()
    assert "Game over" in text, f"{label}: {text}"
    outcome = session.outcome()
    assert outcome is not None
    for seat, name in enumerate(session.names):
        line = f"{outcome.ranks[seat]}. {name} — {outcome.scores[seat]}"
        assert line in text, f"{label}: {line!r} missing from the final board:\n{text}"
    assert all(":rematch:" in i for i in board.all_custom_ids()), f"{label}: buttons left"
    image = board.image()
    assert image is not None and image.format == "PNG", f"{label}: no PNG board"
    assert image.size[0] >= 1000, f"{label}: board image {image.size}"
    fake = harness.fake
    assert not fake.server_errors, f"{label}: {fake.server_errors}"
    assert not fake.unknown_routes, f"{label}: {fake.unknown_routes}"


def replayed_outcome(database: Path):
    """The outcome of the stored local game, replayed input by input through the rules."""
    with sqlite3.connect(database) as db:
        game_id, options, seats, seed, sid = db.execute(
            "SELECT game, options, seats, seed, id FROM sessions"
        ).fetchone()
        inputs = db.execute(
            "SELECT seat, move, args FROM inputs WHERE session_id = ? ORDER BY seq", (sid,)
        ).fetchall()
    game = get_game(game_id)
    names = [seat["name"] for seat in json.loads(seats)]
    state = game.setup(game.parse_options(json.loads(options)), len(names), seed)
    for seat, move, args in inputs:
        state, _ = game.apply(state, Action(seat=seat, move=move, args=json.loads(args)))
    return seed, names, game.outcome(state)


async def variant_is_stored_and_played(
    harness: Harness, monkeypatch, game, options, expected, ai
) -> None:
    fix_seed(monkeypatch, 1)
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    record = await fake.slash(alice, "game", ["new"], {"game": game, "options": options})
    label = f"{game} {options!r}"
    lobby = record.response_message
    assert lobby is not None and not lobby.ephemeral, f"{label}: {lobby}"
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None, f"{label}: no session opened"
    stored = {name: session.row.options[name] for name in expected}
    assert stored == expected, f"{label}: stored {session.row.options}"
    for name in expected:
        assert name in lobby.text(), f"{label}: lobby does not show {name}: {lobby.text()}"
    # The stored options survive a reload and reach the rules.
    reloaded = await bot.store.session(session.id)
    assert reloaded is not None and reloaded.options == session.row.options, label
    for _ in range(ai):
        await fake.click(
            alice, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:ai:normal")
        )
    await fake.click(alice, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:start"))
    await harness.settle()
    state = session.live()
    for name, value in expected.items():
        assert getattr(state, name) == value, (
            f"{label}: the game runs with {name}={getattr(state, name)}"
        )
    assert harness.board().png() is not None, f"{label}: no board after start"
    assert not fake.server_errors and not fake.unknown_routes, label


async def invalid_option_is_refused(harness: Harness, game, options, expected) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    record = await fake.slash(alice, "game", ["new"], {"game": game, "options": options})
    await harness.settle()
    reply = record.response_message
    label = f"{game} {options!r}"
    assert reply is not None and reply.ephemeral, f"{label}: not an ephemeral reply: {reply}"
    expected = expected.replace("_", "\\_")  # the member's text is echoed markdown-escaped
    assert reply.text().startswith("✗ ") and expected in reply.text(), f"{label}: {reply.text()}"
    assert await bot.service.in_channel(fake.channel_id) is None, f"{label}: a session was opened"
    assert fake.channel_messages() == [], f"{label}: {fake.channel_messages()}"
    assert not fake.server_errors and not fake.unknown_routes, label


async def conflict_is_refused_at_game_new(harness: Harness, game, options, expected) -> None:
    """Better at once than after the table has gathered: the lobby cannot be fixed, only
    aborted and opened again."""
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    record = await fake.slash(alice, "game", ["new"], {"game": game, "options": options})
    reply = record.response_message
    label = f"{game} {options!r}"
    assert reply is not None and reply.ephemeral, f"{label}: lobby opened: {reply}"
    assert expected in reply.text(), f"{label}: {reply.text()}"
    assert await bot.service.in_channel(fake.channel_id) is None, label


def local_ai_only_game_finishes(tmp_path: Path, game, players, seed) -> None:
    label = f"local {game} seed {seed}"
    database = tmp_path / "forum.sqlite3"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "--config",
            os.devnull,
            "local",
            game,
            "--ai-only",
            "--players",
            str(players),
            "--seed",
            str(seed),
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={"FORUM_DATABASE": str(database), "PATH": os.environ.get("PATH", "")},
    )
    assert result.returncode == 0, f"{label}: {result.stderr[-2000:]}"
    assert "Final result:" in result.stdout and "Game over" in result.stdout, (
        f"{label}: {result.stdout[-1000:]}"
    )
    stored_seed, names, outcome = replayed_outcome(database)
    assert stored_seed == seed and len(names) == players, label
    assert outcome is not None, f"{label}: the stored inputs do not finish the game"
    for seat, name in enumerate(names):
        line = f"{outcome.ranks[seat]}. {name}: {outcome.scores[seat]}"
        assert line in result.stdout, f"{label}: {line!r} missing:\n{result.stdout[-800:]}"
    images = sorted((tmp_path / "out").glob(f"{game}-*/*.png"))
    assert images, f"{label}: no board images"
    assert Image.open(images[-1]).size[0] >= 1000, label
