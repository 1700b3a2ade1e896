"""`/game learn` (issue 29 item 4): a game against easy AIs, unrated, whose choosers open with a
one-line tip the first time a member meets each kind of decision, remembered per member in the
store, and never again after `/game me tips off`; the hint follows without asking, whether the
chooser opened from the board or came by DM."""

from __future__ import annotations

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeUser
from bot.frontend.prompt_kinds import is_private
from engine.registry import GAMES
from table.ratings import hinted_seats
from table.service import Session
from tests.support.bot_games import fix_seed

TIPS = GAMES["konsul"].strings["en"]


async def learning(harness: Harness, user: FakeUser) -> Session:
    await harness.fake.slash(user, "game", ["learn"], {"game": "konsul"})
    await harness.settle()
    assert harness.bot is not None
    session = await harness.bot.service.in_channel(harness.fake.channel_id)
    assert session is not None and session.status == "active" and session.row.meta.learning
    return session


async def open_chooser(harness: Harness, user: FakeUser, session: Session) -> str:
    """The learner's chooser for their pending decision, from the board's button."""
    await harness.settle()
    key = session.prompts_for(0)[0].key
    board = harness.board()
    record = await harness.fake.click(user, board, harness.custom_id(board, f":{key}:open"))
    assert record.response_message is not None and record.response_message.ephemeral
    return record.response_message.text()


async def tips_met(harness: Harness, user: FakeUser, session: Session) -> dict[str, str]:
    """Play the learner's seat as the easy AI would; what each kind of decision's chooser (on
    the board's button, or by DM) opened with the first time it came (move -> first line)."""
    bot = harness.bot
    assert bot is not None
    met: dict[str, str] = {}
    for _ in range(60):
        await harness.settle()
        if session.outcome() is not None or not session.prompts_for(0):
            break
        prompt = session.prompts_for(0)[0]
        if prompt.move not in met and is_private(prompt):  # its chooser came by DM
            met[prompt.move] = harness.chooser_for(user, prompt.key).text().split("\n")[0]
        elif prompt.move not in met:
            met[prompt.move] = (await open_chooser(harness, user, session)).split("\n")[0]
        action = bot.service.ai_action(session, 0, prompt)
        result = await bot.service.submit(session, 0, action.move, action.args, prompt.key)
        bot.play.changed(session, result.events)
    return met


async def test_learn_is_unrated_easy_with_choosers_and_hints(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 3)
    alice = harness.fake.add_user("alice")
    await harness.start()
    session = await learning(harness, alice)
    assert [(seat.ai, seat.level) for seat in session.seats][1:] == [(True, "easy")]
    assert hinted_seats(session.row) == {0, 1}  # nobody is rated
    assert not [i for i in harness.board().all_custom_ids() if ":v:" in i]
    await open_chooser(harness, alice, session)  # the hint follows without asking
    fake = harness.fake
    await fake.wait_for(lambda: any("Hint:" in m.text() for m in fake.ephemerals(alice)))


async def test_each_tip_once_per_member(harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch, 3)
    alice = harness.fake.add_user("alice")
    bot = await harness.start()
    session = await learning(harness, alice)
    first = await open_chooser(harness, alice, session)
    assert first.startswith(f"💡 {TIPS['tip.bid']}\n"), first
    assert "💡" not in await open_chooser(harness, alice, session)  # the same kind: once
    met = await tips_met(harness, alice, session)
    assert met.pop("bid") and met, met  # other kinds of decision came, each with its tip
    for move, line in met.items():
        assert line == f"💡 {TIPS['tip.' + move]}", (move, line)
    assert await bot.service.store.tips(alice.id) == {"konsul.bid"} | {
        f"konsul.{move}" for move in met
    }


async def test_never_a_tip_after_tips_off(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 3)
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    record = await fake.slash(alice, "game", ["me", "tips"], {"state": "off"})
    assert "Tips are off" in record.response_message.text()
    session = await learning(harness, alice)
    met = await tips_met(harness, alice, session)
    assert len(met) >= 2 and not [line for line in met.values() if "💡" in line], met
    assert await bot.service.store.tips(alice.id) == {"*"}
    record = await fake.slash(alice, "game", ["me", "tips"], {"state": "on"})
    assert "Tips are on" in record.response_message.text()
    assert await bot.service.store.tips(alice.id) == set()


async def test_a_decision_by_dm_brings_its_tip_and_the_unasked_hint(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A learning game's decision that arrives by DM (not opened from the board) opens with its
    tip the first time, and the hint follows in the learner's DMs without asking."""
    fix_seed(monkeypatch, 1)  # a game that brings the learner a decision by DM: not all do
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    session = await learning(harness, alice)
    for _ in range(60):
        await harness.settle()
        prompt = session.prompts_for(0)[0]
        if is_private(prompt):
            break
        action = bot.service.ai_action(session, 0, prompt)
        result = await bot.service.submit(session, 0, action.move, action.args, prompt.key)
        bot.play.changed(session, result.events)
    else:
        raise AssertionError("no decision came by DM")
    chooser = harness.chooser_for(alice, prompt.key)
    assert chooser in fake.dms(alice), "the decision did not come by DM"
    assert chooser.text().startswith(f"💡 {TIPS['tip.' + prompt.move]}\n"), chooser.text()
    await fake.wait_for(lambda: any("Hint:" in m.text() for m in fake.dms(alice)))
    (hint,) = [m for m in fake.dms(alice) if "Hint:" in m.text()]
    assert hint.id > chooser.id and not hint.all_custom_ids()
    assert not [m for m in fake.ephemerals(alice) if "Hint:" in m.text()]  # no board chooser
