"""What every player and reader is told about a turn (issue 23, items 5 and 7): the board image
describes itself to screen readers, and a player whose public turn starts is mentioned once."""

from __future__ import annotations

import asyncio
from collections import deque

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from bot.discord_app.turn_pings import ping_turns
from bot.frontend.alt_text import describe_board
from bot.frontend.board_image import LOCALIZER
from bot.frontend.budget import Limits
from bot.frontend.texts import Texts
from engine.core import Outcome
from engine.registry import get_game


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


@pytest.mark.parametrize(
    ("locale", "words"), [("en", "Hints were used"), ("ja", "ヒントが使われた")]
)
def test_a_hinted_games_final_alt_text_says_it_is_not_rated(locale: str, words: str) -> None:
    """As its image's results strip does: a screen reader hears what a sighted player sees."""
    texts = Texts(LOCALIZER, locale, get_game("imperium"), ["alice", "bob"])
    outcome = Outcome(scores=(30, 20), ranks=(1, 2), winners=(0,))
    assert words in describe_board(texts, None, outcome, [], [], hinted=True)
    assert words not in describe_board(texts, None, outcome, [], [], hinted=False)


def _pings(fake: FakeDiscord) -> list:
    return [m for m in fake.channel_messages() if "your turn in" in m.content]


async def test_a_player_is_mentioned_once_when_their_public_turn_starts(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    seat = next(p for p in session.pending() if p.kind == "turn").seats[0]
    pings = _pings(fake)
    mover = users[seat]
    assert len(pings) == 1 and pings[0].content.startswith(f"<@{mover.id}>: your turn in Caesar")
    sent = [c for c in fake.calls("POST", "/messages") if "your turn" in str(c.json)]
    allowed = sent[-1].json["allowed_mentions"]
    assert allowed["parse"] == [] and [int(u) for u in allowed["users"]] == [mover.id], allowed

    prompt = next(p for p in session.pending() if p.kind == "turn")
    await harness.answer_first(mover, await harness.message_for(mover, prompt), prompt.key)
    await harness.settle()
    other = users[1 - seat]
    pings = _pings(fake)
    assert len(pings) == 1 and pings[0].content.startswith(f"<@{other.id}>"), "old ping kept"

    await harness.kill()  # a restart re-publishes the board but pings nobody again
    await harness.start()
    await harness.settle()
    assert [m.id for m in _pings(fake)] == [pings[0].id]


async def test_a_player_can_turn_their_pings_off(harness: Harness) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    for user in users:
        record = await fake.slash(user, "game", ["pings"], {"state": "off"})
        assert "no longer" in record.response_message.text()
    await harness.open_table(users, game="caesar")
    assert _pings(fake) == []
    session = await bot.service.in_channel(fake.channel_id)
    seat = next(p for p in session.pending() if p.kind == "turn").seats[0]
    await fake.slash(users[1 - seat], "game", ["pings"], {"state": "on"})
    prompt = next(p for p in session.pending() if p.kind == "turn")
    mover = users[seat]
    await harness.answer_first(mover, await harness.message_for(mover, prompt), prompt.key)
    await harness.settle()
    pings = _pings(fake)
    assert len(pings) == 1 and pings[0].content.startswith(f"<@{users[1 - seat].id}>")


async def test_a_player_at_the_table_is_not_pinged_again(harness: Harness) -> None:
    """Whoever had an input accepted within the last minute is watching the board: when the
    turn comes back to them, the channel gets no ping (and the outdated ping is removed)."""
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    for _ in range(2):  # the first mover acts, then the second: the turn is back with the first
        prompt = next(p for p in session.pending() if p.kind == "turn")
        mover = users[prompt.seats[0]]
        await harness.answer_first(mover, await harness.message_for(mover, prompt), prompt.key)
        await harness.settle()
    assert next(p for p in session.pending() if p.kind == "turn").seats[0] in session.acted_at
    assert _pings(fake) == [], [m.content for m in _pings(fake)]


@pytest.mark.parametrize("game_id", ["imperium", "senator", "space_emperor", "spartacus"])
def test_running_scores_come_from_the_declared_field(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alt text reads the field the game declares (`score_field`), not a field name it guesses:
    the same view without the declaration reads no running score."""
    game = get_game(game_id)
    state = game.setup(game.parse_options({}), game.min_seats, 1)
    view = game.view(state, None)
    texts = Texts(LOCALIZER, "en", game, [f"p{seat}" for seat in range(state.seats)])
    assert "Scores: p0: 0" in describe_board(texts, view, None, [0], [])
    monkeypatch.setattr(game, "score_field", None)
    assert "Scores:" not in describe_board(texts, view, None, [0], [])


async def test_a_ping_still_queued_when_the_turn_ends_is_never_sent(harness: Harness) -> None:
    """Issue 33 item 15: under the channel's write limit a ping waits in the queue; when the
    player has moved before it may leave, it is dropped unsent (it once came 0.5 s after the
    board had moved on)."""
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    budget, relaxed = bot.budget, bot.budget.limits

    async def take_the_turn() -> None:
        prompt = next(p for p in session.pending() if p.kind == "turn")
        move = bot.service.ai_action(session, prompt.seats[0], prompt)
        await bot.service.submit(session, prompt.seats[0], move.move, move.args, prompt.key)

    await take_the_turn()  # the first player moves: the other's turn starts
    session.acted_at.clear()  # nobody is at the table: the other player is to be pinged
    # The channel is full for a long while: the ping must wait in the queue.
    budget.limits = Limits(relaxed.per_second, 1, 60.0)
    budget._channels[fake.channel_id] = deque([budget.clock()])
    sent_before = len(fake.calls("POST", "/messages"))
    pinging = asyncio.create_task(ping_turns(bot.play.board, session))
    while not any(budget._queues):
        await asyncio.sleep(0.01)
    await take_the_turn()  # that player moves while the ping waits; then the channel frees up
    budget.limits = relaxed
    budget._channels.pop(fake.channel_id, None)
    budget._dispatch()
    await asyncio.wait_for(pinging, 10)
    sent = fake.calls("POST", "/messages")[sent_before:]
    assert not [c for c in sent if "your turn" in str(c.json)], "a ping for a finished turn"
    await harness.stop()


async def test_a_restart_pings_nobody_who_was_at_the_table(harness: Harness) -> None:
    """Issue 33 item 16: who is at the table is read back from the log after a restart; a
    deploy (here a kill) no longer pings the players who had just moved."""
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    for _ in range(3):  # both move, then the first again: everybody is at the table
        prompt = next(p for p in session.pending() if p.kind == "turn")
        mover = users[prompt.seats[0]]
        await harness.answer_first(mover, await harness.message_for(mover, prompt), prompt.key)
        await harness.settle()
    await bot.service.set_meta(session, turn_seats=())  # as a crash before its next write
    before = {m.id for m in _pings(fake)}
    await harness.kill()
    await harness.start()
    await harness.settle()
    assert {m.id for m in _pings(fake)} <= before, [m.content for m in _pings(fake)]
    await harness.stop()
