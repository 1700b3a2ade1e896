"""End to end: the real bot, through the fake Discord, as users would play (Imperium mostly)."""

from __future__ import annotations

import logging
import statistics

import pytest

from bench.bot_harness import Harness
from engine.core import Action
from engine.registry import get_game
from render import render_png

IMPERIUM = get_game("imperium")


def selections(round_no: int) -> list[list[int]]:
    """Alice always takes the scored region; Bob hoards 9; Carol half and half."""
    scored = min(round_no, 8)
    return [[scored] * 3, [9, 9, 9], [scored, scored, 9]]


def expected_outcome():
    state = IMPERIUM.setup(IMPERIUM.parse_options({}), 3, 0)
    for round_no in range(1, 9):
        for seat, regions in enumerate(selections(round_no)):
            action = Action(seat=seat, move="select", args={"regions": regions})
            state, _ = IMPERIUM.apply(state, action)
    return IMPERIUM.outcome(state)


def assert_final_ranking(harness: Harness, users) -> None:
    outcome = expected_outcome()
    final = harness.board().text()
    assert "Game over" in final, final
    for seat, user in enumerate(users):
        line = f"{outcome.ranks[seat]}. {user.name} — {outcome.scores[seat]}"
        assert line in final, final


async def play_rounds(harness: Harness, users, rounds, *, via_hand=()) -> None:
    for round_no in rounds:
        for user, regions in zip(users, selections(round_no), strict=True):
            if user in via_hand:
                await harness.open_hand(user)
            await harness.choose(user, f"r{round_no}.select", [r - 1 for r in regions])
        await harness.settle()


async def test_three_players_play_a_full_game(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users)
    assert harness.board().image().size[0] >= 1000
    requests_before = len(fake.requests)
    await play_rounds(harness, users, range(1, 9))
    assert_final_ranking(harness, users)
    assert not fake.server_errors and not fake.unknown_routes
    inputs = 24
    import re
    from collections import Counter

    print(
        Counter(
            re.sub(r"\d+|tok-[\w-]+", "N", f"{r.method} {r.path}")
            for r in fake.requests[requests_before:]
        )
    )
    acks = sorted(bot.metrics["interaction.ok"])
    publish = sorted(bot.metrics["publish"])
    print(
        f"\nserver-side time per input (confirm click → answered): "
        f"p50 {statistics.median(acks) * 1000:.1f} ms, p99 {acks[int(0.99 * len(acks))] * 1000:.1f} ms"
        f"\nboard publish per state change: p50 {statistics.median(publish) * 1000:.1f} ms, "
        f"p99 {publish[int(0.99 * len(publish))] * 1000:.1f} ms"
        f"\nDiscord API calls per accepted input: "
        f"{(len(fake.requests) - requests_before) / inputs:.2f}"
    )


async def test_closed_dms_fall_back_to_the_channel_and_ephemeral_choosers(harness: Harness):
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    fake.close_dms(users[1])
    await harness.start()
    await harness.open_table(users)
    notices = [m for m in fake.channel_messages() if "can't send you DMs" in m.text()]
    assert len(notices) == 1 and f"<@{users[1].id}>" in notices[0].text()
    await play_rounds(harness, users, range(1, 9), via_hand=(users[1],))
    assert_final_ranking(harness, users)
    assert fake.dms(users[1]) == []
    assert len([m for m in fake.channel_messages() if "can't send you DMs" in m.text()]) == 1


async def test_hard_stop_mid_round_and_a_new_bot_finishes_with_old_buttons(harness: Harness):
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    await harness.start()
    await harness.open_table(users)
    await play_rounds(harness, users, range(1, 3))
    await harness.choose(users[0], "r3.select", [2, 2, 2])
    old_bob_prompt = harness.chooser_for(users[1], "r3.select")
    await harness.kill()

    await harness.start()
    await harness.settle()
    restarted = [m for m in fake.dms(users[1]) if "restarted" in m.text()]
    assert restarted, "bob was not re-prompted after the restart"
    assert not [m for m in fake.dms(users[0]) if "restarted" in m.text()], "alice had chosen"
    for index in (8, 8, 8):  # bob answers on the message the dead bot sent
        await fake.click(
            users[1],
            old_bob_prompt,
            harness.custom_id(fake.message(old_bob_prompt.id), f":v:{index}"),
        )
    await fake.click(
        users[1], old_bob_prompt, harness.custom_id(fake.message(old_bob_prompt.id), ":ok")
    )
    await harness.choose(users[2], "r3.select", [2, 2, 8])
    await harness.settle()
    await play_rounds(harness, users, range(4, 9))
    assert_final_ranking(harness, users)


async def test_wrong_clicks_get_clear_errors_and_change_nothing(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    dave = fake.add_user("dave")
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)

    stale_panel = await harness.open_hand(users[0])
    assert "Round 1" in stale_panel.text()
    await harness.open_hand(dave)
    assert "not playing" in harness.last_ephemeral(dave)

    # Double click on Confirm: sent twice before the first answer arrives.
    prompt = fake.dms(users[0])[-1]
    for index in (0, 0, 0):
        await fake.click(
            users[0], prompt, harness.custom_id(fake.message(prompt.id), f":v:{index}")
        )
    confirm = harness.custom_id(fake.message(prompt.id), ":ok")
    first = await fake.click(users[0], prompt, confirm, wait=False)
    second = await fake.click(users[0], prompt, confirm, wait=False)
    await harness.settle()
    assert first.responded.is_set() and second.responded.is_set()
    assert session.seq == 1
    assert "Already received" in harness.last_ephemeral(users[0])

    forged = f"f:{session.id}:r1.select:ok"
    await harness.forge_click(dave, harness.board(), forged)
    assert "not playing" in harness.last_ephemeral(dave)
    await harness.forge_click(users[1], harness.board(), f"f:{session.id}:r7.select:v:1")
    assert "out of date" in harness.last_ephemeral(users[1])
    await harness.forge_click(users[1], harness.board(), f"f:{session.id + 50}:r1.select:ok")
    assert "over or no longer exists" in harness.last_ephemeral(users[1])
    assert session.seq == 1

    for user, regions in zip(users[1:], selections(1)[1:], strict=True):
        await harness.choose(user, "r1.select", [r - 1 for r in regions])
    await harness.settle()
    assert session.seq == 3 and session.state.round == 2
    stale_click = harness.custom_id(fake.message(stale_panel.id), ":v:4")
    await fake.click(users[0], stale_panel, stale_click)
    closed = fake.message(stale_panel.id)  # the stale chooser itself says so and closes
    assert "out of date" in closed.text() and not closed.all_custom_ids()
    assert session.seq == 3


async def test_out_of_turn_click_is_refused(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    turn = session.pending()[0]
    outsider = next(u for seat, u in enumerate(users) if seat not in turn.seats)
    board = harness.board()
    await fake.click(outsider, board, harness.custom_id(board, f":{turn.key}:open"))
    assert "not your turn" in harness.last_ephemeral(outsider)
    assert session.seq == 0


async def test_no_hidden_choice_reaches_the_channel_image_or_log(harness: Harness, caplog):
    caplog.set_level(logging.INFO)
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users)
    session = await bot.service.in_channel(fake.channel_id)
    await harness.choose(users[0], "r1.select", [6, 6, 7])  # 7, 7, 8
    await harness.choose(users[1], "r1.select", [3, 4, 5])  # 4, 5, 6
    await harness.settle()
    texts = " ".join(m.text() for m in fake.channel_messages()) + caplog.text
    for secret in ("7, 7, 8", "4, 5, 6", "Region 7", "Region 8", "Region 4"):
        assert secret not in texts
    other = IMPERIUM.apply(
        IMPERIUM.setup(IMPERIUM.parse_options({}), 3, session.row.seed),
        Action(seat=0, move="select", args={"regions": [1, 1, 1]}),
    )[0]
    other = IMPERIUM.apply(other, Action(seat=1, move="select", args={"regions": [9, 9, 9]}))[0]
    expected_png = render_png("imperium", IMPERIUM.public_view(other), session.names)
    assert harness.board().png().data == expected_png


@pytest.mark.parametrize(
    ("locale", "expected", "unexpected"),
    [("ja", "ラウンド1", "Round 1"), ("en-US", "Round 1", "ラウンド1")],
)
async def test_prompts_follow_each_users_locale(harness: Harness, locale, expected, unexpected):
    fake = harness.fake
    users = [fake.add_user("alice", locale=locale), fake.add_user("bob", locale="en-US")]
    await harness.start()
    await harness.open_table(users)
    prompt = harness.chooser_for(users[0], "r1.select").text()
    assert expected in prompt and unexpected not in prompt
    record = await fake.slash(users[0], "game", ["rules"], {"game": "imperium"})
    rules = record.response_message.text()
    assert ("ルール" in rules) == (locale == "ja")


async def test_lobby_errors_and_second_game_in_a_channel(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "imperium"})
    lobby = harness.board()
    await fake.click(bob, lobby, harness.custom_id(lobby, ":lobby:start"))
    assert "Only the host" in harness.last_ephemeral(bob)
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:start"))
    assert "At least 2 players" in harness.last_ephemeral(alice)
    record = await fake.slash(bob, "game", ["new"], {"game": "spartacus"})
    assert "already has a Imperium game" in record.response_message.text() or (
        "already has" in record.response_message.text()
    )
    record = await fake.slash(
        alice, "game", ["new"], {"game": "imperium", "options": "thirty_points=maybe"}
    )
    assert "already has" in record.response_message.text()


async def test_ai_seats_play_by_themselves(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await harness.open_table([alice], ai=2)
    session = await bot.service.in_channel(fake.channel_id)
    assert [seat.ai for seat in session.seats] == [False, True, True]
    for round_no in range(1, 9):
        await harness.choose(alice, f"r{round_no}.select", [min(round_no, 8) - 1] * 3)
        await harness.settle()
    assert "Game over" in harness.board().text()
    assert session.outcome() is not None


async def test_idle_player_is_reminded_then_replaced_by_an_ai(fake, tmp_path) -> None:
    harness = Harness(
        fake,
        tmp_path / "forum.sqlite3",
        reminder_minutes=0.002,
        idle_after_reminder_minutes=0.002,
        idle_policy="ai",
    )
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    try:
        await harness.open_table(users)
        session = await bot.service.in_channel(fake.channel_id)
        await harness.choose(users[0], "r1.select", [0, 0, 0])
        await fake.wait_for(lambda: session.seats[1].ai, timeout=10)
        await fake.wait_for(lambda: session.state.round == 2, timeout=10)
        texts = " ".join(m.text() for m in fake.channel_messages())
        assert "waiting for you" in texts and f"<@{users[1].id}>" in texts
        assert "an AI takes over" in texts
        assert any("waiting for you" in m.text() for m in fake.dms(users[1]))
    finally:
        await harness.stop()


async def test_deadline_survives_a_restart(fake, tmp_path) -> None:
    harness = Harness(
        fake,
        tmp_path / "forum.sqlite3",
        reminder_minutes=0.01,
        idle_policy="abort",
        idle_after_reminder_minutes=0.001,
    )
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    try:
        await harness.open_table(users)
        session_id = (await bot.service.in_channel(fake.channel_id)).id
        assert [d[0] for d in await bot.store.deadlines()] == [session_id]
        await harness.kill()
        bot = await harness.start()
        await fake.wait_for(
            lambda: any("aborted" in m.text() for m in fake.channel_messages()), timeout=10
        )
        assert await bot.service.in_channel(fake.channel_id) is None
    finally:
        await harness.stop()


async def test_history_abort_and_status(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    users.append(fake.add_user("mod", manage_channels=True))
    await harness.start()
    await harness.open_table(users[:2])
    await harness.choose(users[0], "r1.select", [0, 0, 0])
    await harness.choose(users[1], "r1.select", [8, 8, 8])
    await harness.settle()
    record = await fake.slash(users[1], "game", ["history"])
    history = record.response_message.text()
    assert "History (1/1)" in history and "cards are revealed" in history
    old_board = harness.board().id
    await fake.slash(users[1], "game", ["status"])
    await harness.settle()
    assert harness.board().id != old_board and fake.message(old_board).deleted
    record = await fake.slash(users[1], "game", ["abort"])
    assert "Only the host" in record.response_message.text()
    record = await fake.slash(users[2], "game", ["abort"])
    confirm = record.response_message
    await fake.click(users[2], confirm, harness.custom_id(confirm, ":abort:yes"))
    await harness.settle()
    assert "aborted" in harness.board().text() and not harness.board().all_custom_ids()
    record = await fake.slash(users[0], "game", ["status"])
    assert "no game" in record.response_message.text()


async def test_sync_registers_localized_commands(fake, tmp_path) -> None:
    from bot.discord_app.client import ForumBot
    from bot.frontend.config import Config

    bot = ForumBot(Config(token=fake.token, database=str(tmp_path / "db.sqlite3")))
    async with bot:
        await bot.login(fake.token)
        await bot.tree.sync()
    put = fake.calls("PUT", "/commands")[-1].json
    game = next(command for command in put if command["name"] == "game")
    assert game["description_localizations"]["ja"] == "このチャンネルでボードゲームを遊ぶ"
    new = next(o for o in game["options"] if o["name"] == "new")
    choices = next(o for o in new["options"] if o["name"] == "game")["choices"]
    imperium = next(c for c in choices if c["value"] == "imperium")
    assert imperium["name_localizations"]["ja"] == "インペリウム（帝国）"


def test_bot_catalog_has_the_same_keys_in_both_languages() -> None:
    from bot.frontend.strings import BOT
    from engine.i18n import CORE

    for catalog in (BOT, CORE):
        assert set(catalog["en"]) == set(catalog["ja"]), set(catalog["en"]) ^ set(catalog["ja"])


async def test_options_autocomplete_suggests_the_games_variants(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    choices = await fake.autocomplete(
        alice,
        "game",
        ["new"],
        {"game": "prokonsul", "options": "short_game=true neg"},
        focused="options",
    )
    values = [c["value"] for c in choices]
    assert "short_game=true negotiation=two_way" in values, values
    assert all(v.startswith("short_game=true negotiation=") for v in values), values


async def test_the_closed_dm_notice_is_in_the_servers_language(harness: Harness) -> None:
    """Issue 33 item 18: the notice is a channel message, so it speaks the server's language,
    not that of the player whose DMs are closed."""
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob", locale="ja"), fake.add_user("carol")]
    fake.close_dms(users[1])
    await harness.start()
    await harness.open_table(users)
    session = await harness.bot.service.in_channel(fake.channel_id)
    assert session.seats[1].locale == "ja"  # bob's own texts stay Japanese
    notices = [m for m in fake.channel_messages() if f"<@{users[1].id}>" in m.text()]
    assert notices and all("can't send you DMs" in m.text() for m in notices), notices
    await harness.stop()
