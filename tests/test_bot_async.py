"""Async tables through the real discord.py client and the fake Discord (issue 28): /game new
with a pace, the pace and clocks on the lobby and board, turn notices and firmer reminders by
DM with a link to the board, a clock that runs out, paces a server does not allow, and live
tables untouched."""

from __future__ import annotations

import asyncio

import discord
import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeMessage, FakeUser
from bot.discord_app.client import ForumBot
from table.pace import DAY, HOUR
from table.service import Session
from tests.support.bot_games import fix_seed


async def open_async(harness: Harness, users: list[FakeUser], pace: str, **more: str) -> None:
    host, *others = users
    fake = harness.fake
    await fake.slash(host, "game", ["new"], {"game": "caesar", "pace": pace, **more})
    lobby = harness.board()
    for user in others:
        await fake.click(user, lobby, harness.custom_id(lobby, ":lobby:join"))
    await fake.click(host, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()


def notice_dms(harness: Harness, user: FakeUser) -> list[FakeMessage]:
    return [m for m in harness.fake.dms(user) if "/channels/" in (m.content or "")]


def notices(harness: Harness, user: FakeUser) -> list[str]:
    return [m.content for m in notice_dms(harness, user)]


async def a_turn_begins(
    harness: Harness, now: list[float], **more: str
) -> tuple[ForumBot, list[FakeUser], Session, int]:
    """alice and bob at a 1 d Caesar table on the clock `now`: the bot, them, the table and
    the seat whose turn it is."""
    users = [harness.fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    bot.clock = lambda: now[0]
    await open_async(harness, users, "1d", **more)
    session = await bot.service.in_channel(harness.fake.channel_id)
    assert session is not None
    return bot, users, session, next(p for p in session.pending() if p.kind == "turn").seats[0]


async def test_an_async_table_shows_its_clock_and_sends_each_notice_once(
    harness: Harness,
) -> None:
    fake = harness.fake
    now = [1_772_409_600.0]
    bot, users, session, mover = await a_turn_begins(harness, now, timeout="ai")
    name = users[mover].name
    assert "⏱ Pace: 1 d per move · when a clock runs out: the AI plays the seat" in (
        harness.board().text()
    )
    assert f"⏳ waiting on {name} · 2 d left" in harness.board().text()
    tables = bot.play.deadlines.tables
    sent: list[str] = []  # the notice DM's text each time it changed
    for hours in (0, 1, 24, 25, 44, 47):  # the turn, half the clock, nine tenths
        now[0] = 1_772_409_600.0 + hours * HOUR
        await tables.fire()
        await harness.settle()
        shown = notices(harness, users[mover])
        assert len(shown) == 1, shown  # one DM, edited by each reminder
        if not sent or sent[-1] != shown[0]:
            sent.append(shown[0])
    assert len(sent) == 3, sent
    assert sent[0].startswith("🎲 **Your turn** in **Caesar**") and "2 d left" in sent[0]
    assert f"/channels/{fake.guild_id}/{fake.channel_id}/" in sent[0]  # a link to the board
    assert sent[1].startswith("⏰ Reminder") and "1 d left" in sent[1]
    assert sent[2].startswith("⚠️ **Last call**") and "the AI plays the seat" in sent[2]
    assert notices(harness, users[1 - mover]) == []  # not their turn
    now[0] = 1_772_409_600.0 + 2 * DAY + 60
    await tables.fire()
    await harness.settle()
    said = [m.content for m in fake.channel_messages() if "clock ran out" in (m.content or "")]
    assert said == [f"⌛ {name}'s clock ran out: the AI plays the seat from now on."]
    session = await bot.service.get(session.id)
    assert session.is_ai(mover)


async def test_a_reminder_edits_the_turn_notice_or_sends_anew_when_it_is_gone(
    harness: Harness,
) -> None:
    fake = harness.fake
    start = 1_772_409_600.0
    now = [start]
    bot, users, session, mover = await a_turn_begins(harness, now)
    tables = bot.play.deadlines.tables
    await tables.fire()
    await harness.settle()
    (first,) = notice_dms(harness, users[mover])
    fake.store.delete_message(fake.message(first.id))  # the turn's notice DM is gone
    now[0] = start + 25 * HOUR  # half the clock: a new DM, its id kept
    await tables.fire()
    await harness.settle()
    (second,) = notice_dms(harness, users[mover])
    assert second.id != first.id and second.content.startswith("⏰ Reminder")
    dm = f"/channels/{fake.dm_channel_id(users[mover])}/messages"
    requests = len(fake.calls(None, dm))
    now[0] = start + 44 * HOUR  # nine tenths: that new DM is edited, once
    await tables.fire()
    await harness.settle()
    assert [c.method for c in fake.calls(None, dm)[requests:]] == ["PATCH"]
    assert [m.id for m in notice_dms(harness, users[mover])] == [second.id]
    assert fake.message(second.id).content.startswith("⚠️ **Last call**")
    turn = (session.id, mover, 1)
    assert await bot.service.store.notice_message(*turn, "remind2") == second.id
    await harness.stop()
    bot = await harness.start()
    bot.clock = lambda: start + 44 * HOUR + 60  # after a restart, nothing is sent again
    await bot.play.deadlines.tables.fire()
    await harness.settle()
    assert len(fake.calls(None, dm)) == requests + 1


async def test_paces_are_checked_against_the_server(harness: Harness) -> None:
    harness.server = {**harness.server, "allowed_paces": "1d 3d", "default_pace": "1d"}
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "caesar", "pace": "soon"})
    assert harness.last_ephemeral(alice).startswith("✗ Not a pace: soon.")
    await fake.slash(alice, "game", ["new"], {"game": "caesar", "pace": "12h"})
    assert harness.last_ephemeral(alice) == "✗ This server allows these paces: 1d, 3d."
    assert await bot.service.in_channel(fake.channel_id) is None
    await fake.slash(alice, "game", ["new"], {"game": "caesar"})  # the server's default
    assert "⏱ Pace: 1 d per move" in harness.board().text()
    await fake.slash(alice, "game", ["rules"], {}, locale="ja")
    assert "⏱ ペース：1手1日・持ち時間切れ：AIがその席を引き継ぐ" in harness.last_ephemeral(alice)


async def test_a_live_table_has_no_clock(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    assert "Pace" not in harness.board().text() and "left" not in harness.board().text()
    assert await bot.service.store.table_pace(session.id) is None
    assert await bot.service.store.clocks(session.id) == []


async def test_game_me_sets_a_players_own_settings_in_their_language(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await fake.slash(alice, "game", ["me", "timezone"], {"zone": "Asia/Tokyo"})
    assert "Time zone: **Asia/Tokyo**" in harness.last_ephemeral(alice)
    await fake.slash(alice, "game", ["me", "timezone"], {"zone": "Mars/Olympus"})
    assert harness.last_ephemeral(alice).startswith("✗ Unknown time zone: Mars/Olympus.")
    await fake.slash(alice, "game", ["me", "quiet"], {"hours": "23:00-07:00"})
    assert "**23:00–07:00**" in harness.last_ephemeral(alice)
    # A night longer than 12 hours would let a member stall a table that stops clocks in it.
    await fake.slash(alice, "game", ["me", "quiet"], {"hours": "20:00-19:00"})
    assert harness.last_ephemeral(alice).startswith("✗ Write quiet hours as")
    await fake.slash(alice, "game", ["me", "notices"], {"way": "mention"})
    await fake.slash(alice, "game", ["me", "vacation"], {"days": 3})
    assert "Days left this year: 11." in harness.last_ephemeral(alice)
    await fake.slash(alice, "game", ["me", "vacation"], {"days": 12})
    assert harness.last_ephemeral(alice) == "✗ You have 11 vacation day(s) left this year."
    await fake.slash(alice, "game", ["me", "show"], {}, locale="ja")
    shown = harness.last_ephemeral(alice)
    assert "タイムゾーン：**Asia/Tokyo**" in shown and "**11**日（14日中）" in shown
    assert "ゲームのチャンネルでメンション" in shown
    prefs = (await bot.service.store.user_prefs([alice.id]))[alice.id]
    assert (prefs.tz, prefs.quiet_start, prefs.quiet_end, prefs.notices) == (
        "Asia/Tokyo",
        23 * 60,
        7 * 60,
        "mention",
    )


async def test_a_pause_needs_every_player(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    carol = fake.add_user("carol")
    bot = await harness.start()
    await open_async(harness, users, "1d")
    await fake.slash(users[0], "game", ["pause"], {"days": 2})
    assert (
        "alice asks to pause the clocks for 2 day(s): 1 agreed so far; all 2 players must agree."
        in (fake.channel_messages()[-1].content)
    )
    await fake.slash(carol, "game", ["pause"], {"days": 2})  # not at the table
    assert harness.last_ephemeral(carol) == "✗ You are not playing this game."
    session = await bot.service.in_channel(fake.channel_id)
    assert (await bot.service.store.table_pace(session.id)).paused_until is None
    await fake.slash(users[1], "game", ["pause"], {"days": 5})
    assert fake.channel_messages()[-1].content.startswith("⏸ Every player agreed")
    assert (await bot.service.store.table_pace(session.id)).paused_until is not None


async def mine(harness: Harness, user: FakeUser, **where: object) -> FakeMessage:
    """/game mine's answer: deferred, then edited in (waits for the edit)."""
    await harness.fake.slash(user, "game", ["mine"], {}, **where)  # type: ignore[arg-type]
    for _ in range(200):
        answer = harness.fake.ephemerals(user)[-1]
        if answer.text():
            return harness.fake.message(answer.id)
        await asyncio.sleep(0.05)
    raise AssertionError("/game mine never answered")


async def open_in(harness: Harness, host: FakeUser, guest: FakeUser, channel: int) -> None:
    """A two-seat async Caesar table in `channel`, started."""
    fake = harness.fake
    await fake.slash(host, "game", ["new"], {"game": "caesar", "pace": "1d"}, channel_id=channel)
    lobby = next(
        m for m in reversed(fake.channel_messages(channel))
        if any(":lobby:" in i for i in m.all_custom_ids())
    )  # fmt: skip
    await fake.click(guest, lobby, harness.custom_id(lobby, ":lobby:join"))
    await fake.click(host, lobby, harness.custom_id(lobby, ":lobby:start"))


async def every_page(harness: Harness, user: FakeUser, **where: object) -> list[str]:
    """/game mine's pages, turned with ▶ to the last."""
    first = await mine(harness, user, **where)
    pages = [first.text()]
    while not first.find_component(harness.custom_id(first, "mine:next")).get("disabled"):
        await harness.fake.click(user, first, harness.custom_id(first, "mine:next"))
        first = harness.fake.message(first.id)
        pages.append(first.text())
    return pages


async def test_game_mine_over_three_servers_never_names_a_game_the_asker_cannot_view(
    harness: Harness,
) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    servers = [fake.guild_id, fake.add_guild("Second Server"), fake.add_guild("Third Server")]
    left = fake.add_guild("Left Server")  # alice and bob play one game there, then leave
    for guild in (*servers[1:], left):
        fake.join_guild(alice, guild)
        fake.join_guild(bob, guild)
    await harness.settle()
    tables = {g: [fake.add_channel(f"table-{n}", g) for n in range(10)] for g in servers}
    tables[left] = [fake.add_channel("gone", left)]
    await harness.settle()
    for channel in [c for g in tables for c in tables[g]]:
        await open_in(harness, alice, bob, channel)
    await harness.settle()
    hidden = tables[servers[2]][4]
    fake.hide_channel(hidden, alice)  # alice may no longer view one table's channel
    for user in (alice, bob):
        fake.leave_guild(user, left)
    await harness.settle()
    pages = await every_page(harness, alice, channel_id=tables[servers[1]][0])
    assert [p.split("\n")[0] for p in pages] == [
        f"**Your async games** (29) · page {n}/4" for n in (1, 2, 3, 4)
    ], pages
    text = "\n".join(pages)
    assert "(2 more in channels you cannot view now.)" in text
    for guild, channels in tables.items():
        for channel in channels:
            named = text.count(f"/{guild}/{channel}")
            assert named == (0 if channel in (hidden, tables[left][0]) else 1), channel
    assert "Left Server" not in text and "Third Server" in text
    # bob, from the bot's DM: every game but the one on the server he left
    dm = fake.dm_channel_id(bob)
    text = "\n".join(await every_page(harness, bob, channel_id=dm))
    assert text.startswith("**Your async games** (30) · page 1/4"), text
    assert f"/{hidden}" in text and f"/{tables[left][0]}" not in text
    assert "Left Server" not in text and "(1 more in channels you cannot view now.)" in text


async def test_game_mine_lists_only_games_the_asker_can_view_from_a_server_and_a_dm(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Caesar's first player comes from the seed: with /game new's random seeds, alice moved
    # first at 8 or more of the 11 tables about one run in nine, and page 1 then held only her
    # own running clocks (1 d 23 h), never a full one. Seed 1: bob moves first everywhere.
    fix_seed(monkeypatch, 1)
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = await harness.start()
    channels = [fake.channel_id] + [fake.add_channel(f"table-{n}") for n in range(11)]
    for channel in channels:
        await open_in(harness, alice, bob, channel)
    await harness.settle()
    fake.hide_channel(channels[-1], alice)  # alice lost access to the last table's channel
    await harness.settle()
    first = await mine(harness, alice)
    text = first.text()
    assert text.startswith("**Your async games** (11) · page 1/2"), text
    assert "(1 more in channels you cannot view now.)" in text
    assert f"/{channels[-1]}" not in text  # the hidden channel is never named
    assert text.count("**Caesar**") == 8 and "your clock 2 d" in text
    next_page = harness.custom_id(first, "mine:next")
    await fake.click(alice, first, next_page)
    second = fake.message(first.id).text()
    assert "page 2/2" in second and second.count("**Caesar**") == 3
    assert f"/{channels[-1]}" not in second
    with pytest.raises(ValueError, match="cannot see ephemeral"):  # alice's list is hers
        await fake.click(bob, first, harness.custom_id(first, "mine:previous"))
    assert fake.message(first.id).text() == second
    # From the bot's DM (a user-installed command may run there) in Japanese.
    dm = fake.dm_channel_id(bob)
    shown = (await mine(harness, bob, channel_id=dm, locale="ja")).text()
    assert shown.startswith("**参加中の非同期ゲーム**（12件）"), shown
    await fake.slash(bob, "game", ["status"], {}, channel_id=dm)
    assert harness.last_ephemeral(bob).startswith("✗ This command works in a server")
    assert bot.service is not None


async def test_the_game_command_declares_where_it_installs_and_runs(harness: Harness) -> None:
    bot = await harness.start()
    await bot.tree.sync()  # through the fake's schema check, as Discord's
    (game,) = [c for c in harness.fake.store.commands[None] if c["name"] == "game"]
    assert sorted(game["integration_types"]) == [0, 1] and sorted(game["contexts"]) == [0, 1, 2]


async def test_the_fake_refuses_install_fields_discord_refuses(harness: Harness) -> None:
    bot = await harness.start()
    for bad in ({"contexts": [3]}, {"integration_types": []}, {"contexts": "guild"}):
        command = {"name": "probe", "description": "x", **bad}
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.bulk_upsert_global_commands(bot.application_id, [command])
        assert refused.value.code == 50035


async def test_a_restart_leaves_current_async_boards_alone_until_acted_on(
    harness: Harness,
) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    await harness.start()
    await open_async(harness, users, "1d")
    live_channel = fake.add_channel("live")
    await fake.slash(users[0], "game", ["new"], {"game": "caesar"}, channel_id=live_channel)
    board = harness.board()
    posts = len(fake.calls("POST", "/messages"))
    await harness.stop()
    bot = await harness.start()
    await harness.settle()
    assert len(fake.calls("POST", "/messages")) == posts  # nothing re-posted
    assert bot.service._sessions.keys() == {
        (await bot.service.store.open_session_in(live_channel)).id
    }  # the live lobby is loaded as before; the async table waits
    session = await bot.service.in_channel(fake.channel_id)  # acted on: loaded now
    assert session.status == "active" and harness.board().id == board.id


def choosers_in_dms(harness: Harness, user: FakeUser) -> list[FakeMessage]:
    return [m for m in harness.fake.dms(user) if m.all_custom_ids()]


async def test_the_turn_dm_carries_a_hidden_choice_and_is_the_only_dm(harness: Harness) -> None:
    """Issue 28 item 4: one DM when a turn starts, with the chooser in it (here Prokonsul's
    secret pick). Its clicks are checked as any other: its own member only, committed before
    the answer, refused once out of date; a reminder edits it and keeps the chooser working."""
    fake = harness.fake
    start = 1_772_409_600.0
    now = [start]
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    bot.clock = lambda: now[0]
    await open_async(harness, users, "1d", game="prokonsul", options="quiet_petitions=off")
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None
    secret = next(p for p in session.pending() if p.kind == "secret")
    tables = bot.play.deadlines.tables
    await tables.fire()  # the bot's own timer scans too: wait for whichever sends
    await fake.wait_for(lambda: all(fake.dms(user) for user in users))
    await harness.settle()
    for user in users:
        (dm,) = fake.dms(user)  # one DM: the notice, with the chooser in it
        assert dm.content.startswith("🎲 **Your turn** in **Prokonsul**"), dm.content
        assert any(f":{secret.key}:v:" in i for i in dm.all_custom_ids())
    alice, bob, carol = users
    (alices,) = fake.dms(alice)
    with pytest.raises(ValueError, match="cannot see another user's DM"):
        await fake.click(bob, alices, harness.custom_id(alices, ":v:0"))
    seq = session.seq
    await fake.click(alice, alices, harness.custom_id(alices, ":v:8"))
    await harness.settle()
    assert session.seq == seq + 1 and 0 in next(p for p in session.pending()).done
    assert not fake.message(alices.id).all_custom_ids()  # answered in place, stored first
    (bobs,) = fake.dms(bob)
    hand = await harness.open_hand(bob)  # bob answers from the board instead
    await fake.click(bob, hand, harness.custom_id(hand, ":v:7"))
    await harness.settle()
    now[0] = start + 25 * HOUR  # half carol's clock: her DM is edited, its chooser kept
    await tables.fire()
    await fake.wait_for(lambda: fake.dms(carol)[0].content.startswith("⏰"))
    await harness.settle()
    (carols,) = fake.dms(carol)
    assert carols.content.startswith("⏰ Reminder") and carols.all_custom_ids()
    assert [len(fake.dms(u)) for u in users] == [1, 1, 1]
    await fake.click(carol, carols, harness.custom_id(carols, ":v:6"))
    await harness.settle()
    assert secret.key not in {p.key for p in session.pending()}  # the turn moved on
    for user, first in zip(users, (alices, bobs, carols), strict=True):
        first_turn, *later = fake.dms(user)  # that turn's DM (its private view now), then
        assert first_turn.id == first.id  # each next turn's notice: no other DM
        assert all(m.content.startswith("🎲 **Your turn**") for m in later), later
    assert not fake.message(bobs.id).all_custom_ids()  # his private view now, no chooser


async def test_a_public_turn_is_chosen_in_the_turn_dm_and_its_stale_chooser_refused(
    harness: Harness,
) -> None:
    """The turn DM of a public turn carries its chooser too: a click there plays the turn
    (committed, then answered); once the turn moved on, a click on it changes nothing."""
    fake = harness.fake
    now = [1_772_409_600.0]
    bot, users, session, mover = await a_turn_begins(harness, now)
    await bot.play.deadlines.tables.fire()
    await fake.wait_for(lambda: bool(notice_dms(harness, users[mover])))
    await harness.settle()
    (dm,) = notice_dms(harness, users[mover])
    turn = next(p for p in session.pending() if p.kind == "turn")
    assert any(f":{turn.key}:" in i for i in dm.all_custom_ids()), dm.all_custom_ids()
    seq = session.seq
    await harness.answer_first(users[mover], dm, turn.key)
    assert session.seq == seq + 1 and turn.key not in {p.key for p in session.pending()}
    assert "✓" in fake.message(dm.id).text() or not fake.message(dm.id).all_custom_ids()
    await bot.play.deadlines.tables.fire()  # the other player's turn: their own DM
    await fake.wait_for(lambda: bool(notice_dms(harness, users[1 - mover])))
    await harness.settle()
    (theirs,) = notice_dms(harness, users[1 - mover])
    other = next(p for p in session.pending() if p.kind == "turn")
    where = await harness.message_for(users[1 - mover], other)  # played from the board
    await harness.answer_first(users[1 - mover], where, other.key)
    seq = session.seq
    stale = next(i for i in theirs.all_custom_ids() if f":{other.key}:s:" in i)
    option = theirs.find_component(stale)["options"][0]["value"]
    await fake.select(users[1 - mover], theirs, stale, [option])  # the DM's chooser, now
    assert "out of date" in fake.message(theirs.id).text()
    assert fake.message(theirs.id).all_custom_ids() == [] and session.seq == seq


async def test_a_turn_dm_to_closed_dms_falls_back_to_the_channel_notice(harness: Harness) -> None:
    fake = harness.fake
    now = [1_772_409_600.0]
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    fake.close_dms(users[2])
    bot = await harness.start()
    bot.clock = lambda: now[0]
    await open_async(harness, users, "1d", game="prokonsul", options="quiet_petitions=off")
    await bot.play.deadlines.tables.fire()
    await fake.wait_for(lambda: any("can't send" in m.text() for m in fake.channel_messages()))
    await harness.settle()
    (notice,) = [m for m in fake.channel_messages() if "can't send you DMs" in m.text()]
    assert f"<@{users[2].id}>" in notice.text()
    record = await fake.click(users[2], notice, harness.custom_id(notice, ":hand:open"))
    assert any(":v:" in i for i in record.response_message.all_custom_ids())  # her chooser
    assert [len(fake.dms(u)) for u in users[:2]] == [1, 1]


def board_writes(harness: Harness, channels: list[int]) -> dict[int, int]:
    """POSTs and PATCHes of channel messages per channel (boards, pings, notices)."""
    fake = harness.fake
    return {
        c: len([r for r in fake.calls(None, f"/channels/{c}/messages") if r.method != "GET"])
        for c in channels
    }


async def test_a_restart_republishes_only_the_live_boards_that_lag_their_log(
    harness: Harness,
) -> None:
    """Issue 28 item 7: live tables whose board shows the log's last input are loaded (their
    AI seats and timers need them) but not posted again; a board that lags is, alone."""
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = await harness.start()
    channels = [fake.channel_id] + [fake.add_channel(f"live-{n}") for n in range(3)]
    for channel in channels:
        await fake.slash(alice, "game", ["new"], {"game": "caesar"}, channel_id=channel)
        lobby = fake.channel_messages(channel)[-1]
        await fake.click(bob, lobby, harness.custom_id(lobby, ":lobby:join"))
        await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()
    sessions = [await bot.service.in_channel(c) for c in channels]
    moved = sessions[0]  # one table plays a move: its board shows input 1
    prompt = next(p for p in moved.pending() if p.kind == "turn")
    mover = (alice, bob)[prompt.seats[0]]
    await harness.answer_first(mover, await harness.message_for(mover, prompt), prompt.key)
    await harness.settle()
    assert moved.seq == 1
    await harness.stop()
    before = board_writes(harness, channels)
    bot = await harness.start()
    await harness.settle()
    assert board_writes(harness, channels) == before  # every board current: none written
    assert {s.id for s in sessions} <= bot.service._sessions.keys()  # loaded all the same
    lagging = await bot.service.get(sessions[2].id)
    await bot.service.set_meta(lagging, shown=lagging.seq - 1)  # as a crash before its post
    await harness.kill()
    bot = await harness.start()
    await harness.settle()
    after = board_writes(harness, channels)
    assert {c: after[c] - before[c] for c in channels} == {
        c: (1 if c == channels[2] else 0) for c in channels
    }


async def test_an_auto_archived_thread_is_listed_and_its_notices_unarchive_it(
    harness: Harness,
) -> None:
    """A game thread quiet for a day is auto-archived: Discord drops it from the bot's cache.
    /game mine still lists it for a member who can view it, and a channel notice is posted
    there (fetched by id; the message unarchives it), never skipped."""
    fake = harness.fake
    now = [1_772_409_600.0]
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = await harness.start()
    bot.clock = lambda: now[0]
    for user in (alice, bob):
        await fake.slash(user, "game", ["me", "notices"], {"way": "mention"})
    await fake.slash(alice, "game", ["new"], {"game": "caesar", "pace": "1d", "thread": True})
    thread = fake.threads()[-1]
    await open_in_thread(harness, alice, bob, thread)
    await bot.play.deadlines.tables.fire()  # the turn's notice, before the thread goes quiet
    fake.archive_thread(thread)
    await fake.wait_for(lambda: bot.get_channel(thread) is None)  # out of the bot's cache
    text = (await mine(harness, alice)).text()
    assert f"/{thread}/" in text and "cannot view" not in text, text
    session = await bot.service.in_channel(thread)
    mover = (alice, bob)[session.pending()[0].seats[0]]
    now[0] += 25 * HOUR  # half the mover's clock: a reminder, by mention in the thread
    await bot.play.deadlines.tables.fire()
    await harness.settle()
    said = [m.text() for m in fake.channel_messages(thread) if "Reminder" in m.text()]
    assert len(said) == 1 and said[0].startswith(f"<@{mover.id}> ⏰ Reminder"), said
    assert not fake.store.channel(thread).archived  # the notice unarchived it
    await fake.wait_for(lambda: bot.get_channel(thread) is not None)
    board = harness.board_in(thread)
    fake.archive_thread(thread)  # quiet again; then its board must change (time has passed)
    await fake.wait_for(lambda: bot.get_channel(thread) is None)
    now[0] += HOUR
    bot.play.publish(session)
    await harness.settle()
    assert harness.board_in(thread).id != board.id  # Discord refuses the edit: posted anew
    assert not fake.store.channel(thread).archived


async def open_in_thread(harness: Harness, host: FakeUser, guest: FakeUser, thread: int) -> None:
    fake = harness.fake
    lobby = next(
        m for m in fake.channel_messages(thread) if any(":lobby:" in i for i in m.all_custom_ids())
    )
    await fake.click(guest, lobby, harness.custom_id(lobby, ":lobby:join"))
    await fake.click(host, lobby, harness.custom_id(lobby, ":lobby:start"))
    await harness.settle()
