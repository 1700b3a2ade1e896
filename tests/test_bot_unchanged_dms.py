"""A seat whose prompt and private view did not change gets nothing built for its DM: no
private lines, digest, text or view (issue 32: that work took a third of the event loop)."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bench.bot_harness import Harness
from engine.ai import random_action


async def test_an_input_of_another_seat_builds_nothing_for_an_unchanged_seat(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users, game="imperium")  # one secret selection for all three
    await harness.settle()
    session = await bot.service.in_channel(fake.channel_id)
    (prompt,) = session.prompts_for(1)
    assert prompt.kind == "secret" and prompt.seats == (0, 1, 2), prompt
    before = {user.id: len(fake.dms(user)) for user in users}
    assert all(before.values()), f"every seat is prompted by DM first: {before}"

    lines: list[int] = []
    real_lines = session.game.private_lines
    monkeypatch.setattr(
        session.game,
        "private_lines",
        lambda state, seat: lines.append(seat) or real_lines(state, seat),
    )
    views: list[type] = []
    real_init = discord.ui.View.__init__

    def counted_init(view: discord.ui.View, *args: Any, **kwargs: Any) -> None:
        views.append(type(view))
        real_init(view, *args, **kwargs)

    monkeypatch.setattr(discord.ui.View, "__init__", counted_init)
    action = random_action(session.game, session.live(), prompt, 0, seed=1)
    result = await bot.service.submit(session, 0, action.move, action.args, prompt.key)
    assert session.prompts_for(1) and session.prompts_for(1)[0].key == prompt.key
    await bot.play.prompts.prompt_players(session, result.events)

    assert 1 not in lines and 2 not in lines, f"private lines built for unchanged seats: {lines}"
    sent = {user.id: len(fake.dms(user)) - before[user.id] for user in users}
    await harness.settle()
    assert sent[users[1].id] == sent[users[2].id] == 0, sent
    assert len(views) <= 1, f"views built for unchanged seats (only seat 0's DM may): {views}"


async def test_a_seat_whose_hand_changed_still_gets_its_dm(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key of what was sent must not hide a change: the same seat, asked again with a
    different private view, is sent its edited DM."""
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="imperium")
    await harness.settle()
    session = await bot.service.in_channel(fake.channel_id)
    prompts = bot.play.prompts
    edits: list[int] = []
    real_dm = prompts.dm

    async def counted_dm(session: Any, seat: int, *args: Any, **kwargs: Any) -> None:
        edits.append(seat)
        await real_dm(session, seat, *args, **kwargs)

    monkeypatch.setattr(prompts, "dm", counted_dm)
    await prompts.prompt_players(session, [])
    assert edits == [], f"nothing changed, yet DMs: {edits}"
    real_own = session.game.own_lines
    extra = real_own(session.live(), 1)[:1]
    assert extra, "Imperium's private lines are not empty"
    monkeypatch.setattr(
        session.game, "own_lines", lambda state, seat: real_own(state, seat) + extra * (seat == 1)
    )
    await prompts.prompt_players(session, [])
    assert edits == [1], f"only the seat whose private view changed is sent a DM: {edits}"
