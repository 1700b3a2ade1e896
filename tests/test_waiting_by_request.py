"""A secret request that offers each seat its own options (engine.core.secret_prompts: Caesar's
duel, Hannibal's card exchange) is one request on the board: its waiting seats share one line."""

from __future__ import annotations

from bench.bot_harness import Harness
from bot.frontend.prompt_kinds import requests
from engine.core import Kind
from engine.registry import get_game
from engine.testing import trajectory

HANNIBAL = get_game("hannibal")


def _card_exchange():
    """A Hannibal state in which both players still choose their card."""
    for seed in range(20):
        for state, _ in trajectory(HANNIBAL, 2, seed):
            prompts = HANNIBAL.pending(state)
            if len(prompts) == 2 and all(p.kind == Kind.SECRET for p in prompts):
                return state
    raise AssertionError("no card exchange with both cards owed in 20 random games")


def test_prompts_sharing_a_key_are_one_request() -> None:
    prompts = HANNIBAL.pending(_card_exchange())
    assert len({p.key for p in prompts}) == 1 and [p.seats for p in prompts] == [(0,), (1,)]
    (request,) = requests(prompts)
    assert request.seats == (0, 1) and request.done == () and request.key == prompts[0].key
    other = HANNIBAL.pending(HANNIBAL.setup(HANNIBAL.parse_options({}), 2, 1))
    assert requests(other) == other  # a prompt alone is its own request


async def test_the_board_names_every_waiting_seat_on_one_line(harness: Harness) -> None:
    users = [harness.fake.add_user(name) for name in ("alice", "bob")]
    bot = await harness.start()
    await harness.open_table(users, game="hannibal")
    session = await bot.service.in_channel(harness.board().channel_id)
    assert session is not None
    session.state = _card_exchange()
    content, _ = bot.play.board.board_content(session)
    waiting = [line for line in content.status if line.startswith("Waiting for")]
    assert len(waiting) == 1 and "alice" in waiting[0] and "bob" in waiting[0], content
