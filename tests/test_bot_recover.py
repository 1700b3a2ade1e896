"""Start-up recovery through the fake Discord: a game that finished while the process died
still gets its final board (issue 23, item 4)."""

from __future__ import annotations

import asyncio

import pytest

from bench.bot_harness import Harness
from bot.discord_app.board import Board
from tests.support.bot_games import assert_final_board, fix_seed


async def test_a_game_finished_before_its_final_board_is_shown_after_a_restart(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 7)
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    final_publish = asyncio.Event()
    post_board = Board.post_board

    async def dies_before_the_final_board(self, shown, *args, **kwargs):
        if shown.outcome() is not None:
            final_publish.set()
            await asyncio.Event().wait()  # the process is killed here
        await post_board(self, shown, *args, **kwargs)

    monkeypatch.setattr(Board, "post_board", dies_before_the_final_board)
    while session.outcome() is None:
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        action = bot.service.ai_action(session, seat, prompt)
        result = await bot.service.submit(session, seat, action.move, action.args, prompt.key)
        bot.play.changed(session, result.events)
        if session.seq % 10 == 0 and session.outcome() is None:
            await harness.settle()
    await final_publish.wait()
    assert "Game over" not in harness.board().text()
    await harness.kill()
    monkeypatch.setattr(Board, "post_board", post_board)

    bot = await harness.start()
    await harness.settle()
    assert_final_board(harness, await bot.service.get(session.id), "caesar seed 7")
    await harness.stop()
    bot = await harness.start()  # shown once: a second restart posts nothing more
    await harness.settle()
    boards = [m for m in fake.channel_messages() if "Game over" in m.text() and not m.deleted]
    assert len(boards) == 1
