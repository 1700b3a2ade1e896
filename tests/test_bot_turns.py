"""What every player and reader is told about a turn (issue 23, items 5 and 7): the board image
describes itself to screen readers, and a player whose public turn starts is mentioned once."""

from __future__ import annotations

from tests.bot_harness import Harness
from tests.fakediscord import FakeDiscord


async def test_every_board_image_describes_turn_scores_and_latest_events(
    harness: Harness,
) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    await harness.start()
    await harness.open_table(users)
    first = harness.board().png()
    assert first is not None and first.description, "the board image has no alt text"
    assert first.description.startswith("Imperium board.")
    assert "Waiting for alice, bob." in first.description
    assert "Scores: alice: 0, bob: 0." in first.description
    for user, regions in zip(users, ([0, 0, 0], [8, 8, 8]), strict=True):
        await harness.choose(user, "r1.select", regions)
    await harness.settle()
    after = harness.board().png()
    assert after is not None and after.description != first.description
    assert "Latest: " in after.description and "Region 1 scored: alice +" in after.description
    assert len(after.description) <= 1024


async def test_alt_text_is_in_the_channels_language(fake: FakeDiscord, tmp_path) -> None:
    fake.store.guild_locale = "ja"
    harness = Harness(fake, tmp_path / "forum.sqlite3")
    try:
        users = [fake.add_user(name) for name in ("alice", "bob")]
        await harness.start()
        await harness.open_table(users)
        description = harness.board().png().description
        assert description.startswith("インペリウム") and "の盤面。" in description, description
        assert "alice、bobの番です。" in description and "得点：alice 0点" in description
    finally:
        await harness.stop()
