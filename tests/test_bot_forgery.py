"""Issue 13 through the real bot and the fake Discord: forged and malformed component ids,
abort from another channel, a double click on a revisable answer, a broken session at start-up
and a full disk while a player clicks."""

from __future__ import annotations

import logging
import sqlite3

from bench.bot_harness import Harness
from tests.support.storage import fill_up

REFUSALS = ("does not offer that", "not valid", "another channel")


def refused(text: str) -> bool:
    return text.startswith("✗") and any(reason in text for reason in REFUSALS)


async def test_a_click_acts_only_on_the_message_that_offered_it(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    board = harness.board()
    before = (board.text(), board.all_custom_ids())
    sid = session.id
    for forged in (
        f"f:{sid}:abort:yes",
        f"f:{sid}:abort:no",
        f"f:{sid}:history:next:0",
        f"f:{sid}:lobby:join",
        f"f:{sid}:lobby:anything",
        f"f:{sid}:r1.select:v:0",  # a current prompt, but not offered by the board
    ):
        await harness.forge_click(users[0], board, forged)  # alice is the host
        await harness.settle()
        assert refused(harness.last_ephemeral(users[0])), (forged, harness.last_ephemeral(users[0]))
        shown = fake.message(board.id)
        assert (shown.text(), shown.all_custom_ids()) == before, forged
    assert session.status == "active" and session.seq == 0


async def test_abort_is_checked_against_the_games_channel(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    mod = fake.add_user("mod", manage_channels=True)
    elsewhere = fake.add_channel("elsewhere")
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    record = await fake.slash(mod, "game", ["new"], {"game": "imperium"}, channel_id=elsewhere)
    own_lobby = record.response_message
    assert own_lobby is not None and own_lobby.channel_id == elsewhere
    await harness.forge_click(mod, own_lobby, f"f:{session.id}:abort:yes")
    await harness.settle()
    assert refused(harness.last_ephemeral(mod)), harness.last_ephemeral(mod)
    assert session.status == "active"
    assert await bot.service.in_channel(fake.channel_id) is session


async def test_malformed_ids_are_refused_not_crashed_on(harness: Harness, caplog) -> None:
    caplog.set_level(logging.ERROR)
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    chooser = harness.chooser_for(users[0], "r1.select")
    record = await fake.slash(users[0], "game", ["history"])
    history = record.response_message
    sid = session.id
    for message, forged in (
        (chooser, f"f:{sid}:r1.select:v:²"),
        (chooser, f"f:{sid}:r1.select:v:x"),
        (chooser, f"f:{sid}:r1.select:p:99999999999999999999"),
        (chooser, f"f:{'٣' * 3}:r1.select:ok"),
        (chooser, f"f:{sid}:r1.select:" + "v" * 300),
        (history, f"f:{sid}:history:next:x"),
        (history, f"f:{sid}:history:next:²"),
    ):
        await harness.forge_click(users[0], message, forged)
        await harness.settle()
        reply = harness.last_ephemeral(users[0])
        assert refused(reply) and "Something went wrong" not in reply, (forged, reply)
    assert session.seq == 0
    assert "Traceback" not in caplog.text and "interaction failed" not in caplog.text


async def test_an_identical_re_answer_to_a_revisable_prompt_is_a_no_op(harness: Harness) -> None:
    """Prokonsul's secret card may be changed until everyone chose; a double click on the same
    card is one input, and nobody is told of a change they did not make."""
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users, game="prokonsul")
    session = await bot.service.in_channel(fake.channel_id)
    prompt = harness.chooser_for(users[0], "r1.select")
    card = harness.custom_id(prompt, ":v:8")
    first = await fake.click(users[0], prompt, card, wait=False)
    second = await fake.click(users[0], prompt, card, wait=False)
    await fake.wait_for(lambda: first.responded.is_set() and second.responded.is_set())
    await harness.settle()
    rows = [row for row in await bot.store.inputs(session.id) if row.seat == 0]
    assert len(rows) == 1, rows
    assert not [m for m in fake.visible_to(users[0]) if "changed your card" in m.text()]
    assert "Already received" in harness.last_ephemeral(users[0])


async def test_a_broken_session_is_skipped_at_start_and_can_be_aborted(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    other = fake.add_channel("other")
    bot = await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "imperium"}, channel_id=other)
    await harness.open_table([alice, bob])
    broken_id = (await bot.service.in_channel(other)).id  # the older session: recovered first
    await harness.kill()
    with sqlite3.connect(harness.config.database) as db:
        db.execute("UPDATE sessions SET seats='[{' WHERE id=?", (broken_id,))
    await harness.start()
    await harness.settle()
    assert [m for m in fake.dms(bob) if "restarted" in m.text()], "the healthy game was not resumed"
    told = [m.text() for m in fake.channel_messages(other)]
    assert any(f"session {broken_id}) cannot be loaded" in text for text in told), told
    record = await fake.slash(bob, "game", ["status"], channel_id=other)
    assert "cannot be loaded" in record.response_message.text()
    record = await fake.slash(bob, "game", ["abort"], channel_id=other)
    assert "Only the host" in record.response_message.text()
    record = await fake.slash(alice, "game", ["abort"], channel_id=other)
    assert "aborted" in record.response_message.text()
    record = await fake.slash(alice, "game", ["new"], {"game": "caesar"}, channel_id=other)
    assert ":lobby:join" in " ".join(record.response_message.all_custom_ids())
    with sqlite3.connect(harness.config.database) as db:
        (status,) = db.execute("SELECT status FROM sessions WHERE id=?", (broken_id,)).fetchone()
    assert status == "aborted"


async def test_a_full_disk_refuses_the_click_by_name_and_play_resumes(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    filler = await bot.service.open(
        channel_id=1, guild_id=None, game_id="imperium", options={}, host_id=1, host_name="F"
    )
    await fill_up(bot.store, filler.id)
    await harness.choose(users[0], "r1.select", [0, 0, 0])
    reply = harness.last_ephemeral(users[0])
    assert "can't save right now, so nothing was changed" in reply, reply
    assert session.seq == 0 and await bot.store.inputs(session.id) == []
    await bot.store.db.execute("PRAGMA max_page_count=1073741823")
    message = harness.chooser_for(users[0], "r1.select")
    await fake.click(users[0], message, harness.custom_id(fake.message(message.id), ":ok"))
    await harness.settle()
    assert session.seq == 1 and len(await bot.store.inputs(session.id)) == 1
