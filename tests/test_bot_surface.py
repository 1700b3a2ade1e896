"""The features of issues 28-30 tried as a hostile member would, through the real discord.py
client and the fake Discord: what one member can repeat, forge or leak with /game mine, /game
pause, /game me, /game learn, /game card and /game rules."""

from __future__ import annotations

from bench.bot_harness import Harness
from bot.frontend.safe_text import neutral


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
