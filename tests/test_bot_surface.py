"""The features of issues 28-30 tried as a hostile member would, through the real discord.py
client and the fake Discord: what one member can repeat, forge or leak with /game mine, /game
pause, /game me, /game learn, /game card and /game rules."""

from __future__ import annotations

from bench.bot_harness import Harness
from tests.test_bot_async import mine, open_async


async def test_game_mine_repeated_fast_costs_the_bot_no_rest_calls(harness: Harness) -> None:
    """/game mine looks each server's member up (the bot keeps no member cache); ten in a row
    from one member would spend ten of those lookups of the bot's shared REST budget."""
    fake = harness.fake
    alice, bob = fake.add_user("alice"), fake.add_user("bob")
    await harness.start()
    await open_async(harness, [alice, bob], "1d")
    await mine(harness, alice)
    lookups = len(fake.calls("GET", "/members/"))
    for _ in range(10):
        await fake.slash(alice, "game", ["mine"], {})
    await harness.settle()
    assert harness.last_ephemeral(alice).startswith("Please wait: try again in 15 s.")
    assert len(fake.calls("GET", "/members/")) == lookups, (
        lookups,
        len(fake.calls("GET", "/members/")),
    )
