"""The features of issues 28-30 tried as a hostile member would, through the real discord.py
client and the fake Discord: what one member can repeat, forge or leak with /game mine, /game
pause, /game me, /game learn, /game card and /game rules."""

from __future__ import annotations

import pytest

from bench.bot_harness import Harness
from bot.frontend.safe_text import neutral
from engine.registry import GAMES
from tests.support.prokonsul import setup_round


async def test_game_mine_repeated_fast_costs_the_bot_no_rest_calls(harness: Harness) -> None:
    """/game mine looks each server's member up (the bot keeps no member cache); ten in a row
    from one member would spend ten of those lookups of the bot's shared REST budget."""
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    await harness.open_table([alice, bob], game="caesar", pace="1d")
    await fake.slash(alice, "game", ["mine"], {})
    await harness.settle()
    assert fake.ephemerals(alice)[-1].text().startswith("**Your async games** (1)")
    lookups = len(fake.calls("GET", "/members/"))
    for _ in range(10):
        await fake.slash(alice, "game", ["mine"], {})
    await harness.settle()
    assert harness.last_ephemeral(alice).startswith("Please wait: try again in 15 s.")
    assert len(fake.calls("GET", "/members/")) == lookups, (
        lookups,
        len(fake.calls("GET", "/members/")),
    )


async def test_a_pause_vote_repeated_fast_does_not_flood_the_tables_channel(
    harness: Harness,
) -> None:
    """Each /game pause answers in the channel for the table to read: one player alternating a
    vote and its end would post without limit."""
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    await harness.open_table([alice, bob], game="caesar", pace="1d")
    before = len(fake.channel_messages())
    for days in (2, 0, 2, 0, 2, 0):
        await fake.slash(alice, "game", ["pause"], {"days": days})
    await harness.settle()
    assert len(fake.channel_messages()) - before == 1
    assert harness.last_ephemeral(alice).startswith("Please wait: try again in")
    await fake.slash(bob, "game", ["pause"], {"days": 2})  # the other player's own vote
    assert "2 of 2" in fake.channel_messages()[-1].content or "Every player agreed" in (
        fake.channel_messages()[-1].content
    )


async def test_a_time_zone_that_is_no_zone_is_echoed_inert(harness: Harness) -> None:
    """A modified client may send any text as the zone: its refusal shows it as typed, never
    as markdown, a mention or a link."""
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    typed = "**Mars** <@&1> [x](https://evil.example) `"
    await fake.slash(alice, "game", ["me", "timezone"], {"zone": typed})
    answer = harness.last_ephemeral(alice)
    assert answer.startswith("✗ Unknown time zone: "), answer
    assert (
        answer
        == "✗ Unknown time zone: " + neutral(typed) + ". Pick one from the list (e.g. Asia/Tokyo)."
    )


async def test_card_autocomplete_words_a_games_cards_once_not_per_keystroke(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord sends an autocomplete on every keystroke and nothing limits them: wording a
    hundred cards each time held the event loop for about 14 ms per keystroke (Space Emperor).
    The names of a game's cards in a language are worded once."""
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    game = GAMES["space_emperor"]
    worded = []
    card = game.card
    monkeypatch.setattr(game, "card", lambda card_id: worded.append(card_id) or card(card_id))
    typed = {"name": "i", "game": "space_emperor"}
    first = await fake.autocomplete(alice, "game", ["card"], typed, focused="name")
    assert first and len(first) <= 25
    once = len(worded)
    for letters in ("ir", "iro", "iron", "ironh", "x" * 100):
        await fake.autocomplete(alice, "game", ["card"], {**typed, "name": letters}, focused="name")
    assert len(worded) == once


async def test_a_stepper_takes_only_the_amounts_it_offered(harness: Harness) -> None:
    """A modified client clicks the stepper's "take" with an amount the panel never showed
    (beyond the count, negative-looking, another seat's panel): refused, nothing sent."""
    fake = harness.fake
    users, session = await setup_round(harness, "negotiation=strict quiet_petitions=off")
    alice, bob, carol = users
    board = harness.board()
    panel = (await fake.click(alice, board, harness.custom_id(board, ":open"))).response_message
    key = session.pending()[0].key
    target = [i for i in panel.all_custom_ids() if f":{key}:v:" in i][-1]  # carol
    await fake.click(alice, panel, target)
    shown = fake.message(panel.id)
    assert harness.custom_id(shown, f":{key}:q:0")  # the stepper, at 0
    sid = session.id
    for forged in (f"f:{sid}:{key}:q:999", f"f:{sid}:{key}:p:999", f"f:{sid}:{key}:q:1"):
        await harness.forge_click(alice, shown, forged)
        await harness.settle()
        assert harness.last_ephemeral(alice).startswith("✗ "), forged
    await harness.forge_click(bob, shown, f"f:{sid}:{key}:q:0")  # not bob's panel
    await harness.settle()
    assert harness.last_ephemeral(bob) == "It is not your turn."
    offers = [m for m in fake.channel_messages() if f"<@{carol.id}>" in m.text()]
    assert not any(m.all_custom_ids() for m in offers)  # no offer was made to carol


async def test_rules_of_a_game_that_is_none_are_refused_not_crashed_on(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    """discord.py does not check a str option against its choices: a modified client's
    /game rules game:model_config raised KeyError ("command failed", an internal error)."""
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    await fake.slash(alice, "game", ["rules"], {"game": "model_config"})
    assert harness.last_ephemeral(alice) == "✗ Unknown game: model\\_config."
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


async def test_tips_state_that_is_neither_on_nor_off_shows_no_raw_key(harness: Harness) -> None:
    """A modified client's /game me tips state:maybe answered with the raw catalogue key."""
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    await fake.slash(alice, "game", ["me", "tips"], {"state": "off"})
    off = harness.last_ephemeral(alice)
    await fake.slash(alice, "game", ["me", "tips"], {"state": "maybe"})
    assert harness.last_ephemeral(alice).startswith("✗ "), harness.last_ephemeral(alice)
    await fake.slash(alice, "game", ["me", "tips"], {"state": "off"})
    assert harness.last_ephemeral(alice) == off and "me.tips" not in off


async def test_learn_games_are_opened_under_the_lobby_cooldown(harness: Harness) -> None:
    """/game learn starts its table at once, so the open-lobby limit never sees it: it still
    goes through /game new's gate, so one member cannot open learning games in every channel
    in a burst (holds)."""
    harness.server = {**harness.server, "cooldown_new": 5}  # the default
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    other = fake.add_channel("second")
    await fake.slash(alice, "game", ["learn"], {"game": "konsul"})
    await fake.slash(alice, "game", ["learn"], {"game": "konsul"}, channel_id=other)
    await harness.settle()
    assert harness.last_ephemeral(alice).startswith("Please wait: try again in")
    assert await bot.service.in_channel(fake.channel_id) is not None
    assert await bot.service.in_channel(other) is None


async def test_quiet_hours_move_once_a_day_while_a_clock_runs_where_they_stop_it(
    harness: Harness,
) -> None:
    harness.server = {**harness.server, "quiet_hours_stop_clocks": True}
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    bot = await harness.start()
    await harness.open_table([alice, bob], game="caesar", pace="1d")
    session = await bot.service.in_channel(fake.channel_id)
    owing = next(p for p in session.pending() if p.kind == "turn").seats[0]
    player = (alice, bob)[owing]
    await fake.slash(player, "game", ["me", "quiet"], {"hours": "00:00-11:00"})
    assert "**00:00–11:00**" in harness.last_ephemeral(player)
    await fake.slash(player, "game", ["me", "quiet"], {"hours": "12:00-23:00"}, locale="ja")
    assert harness.last_ephemeral(player).startswith("✗ 静かな時間帯に時計が止まる卓で")
    await fake.slash(player, "game", ["me", "timezone"], {"zone": "Asia/Tokyo"})
    assert harness.last_ephemeral(player).startswith("✗ While your clock runs at a table")
