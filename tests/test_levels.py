"""AI levels: stored with the seat, restored after a restart, played at that level (hard off
the event loop), and rated as separate players."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from engine.ai import choose_action
from engine.core import IllegalInput
from engine.levels import level_action
from engine.registry import SEARCH, get_game
from table.ratings import leaderboard, player_name, player_of
from table.service import TableService, seat_level
from table.session_model import Seat
from table.sqlite import SqliteStore

CHANNEL = 7


async def lobby(service: TableService, game_id: str = "imperium"):
    return await service.open(
        channel_id=CHANNEL, guild_id=1, game_id=game_id, options={}, host_id=1, host_name="Host"
    )


async def test_levels_are_stored_with_the_seat_and_restored(tmp_path: Path) -> None:
    path = tmp_path / "forum.sqlite3"
    store = await SqliteStore.open(path)
    service = TableService(store)
    session = await lobby(service)
    await service.add_ai(session, 1, level="hard")
    await service.add_ai(session, 1, level="easy")
    await service.add_ai(session, 1)
    with pytest.raises(IllegalInput) as error:
        await service.add_ai(session, 1, level="godlike")
    assert error.value.code == "bad_level"
    await store.close()
    reopened = await SqliteStore.open(path)
    again = await TableService(reopened).in_channel(CHANNEL)
    assert again is not None
    assert [seat_level(s) for s in again.seats[1:]] == ["hard", "easy", "normal"]
    await reopened.close()


def test_seats_stored_before_levels_play_normal() -> None:
    old = Seat.model_validate({"user_id": 0, "name": "AI 1", "ai": True, "locale": None})
    assert seat_level(old) == "normal"
    assert player_of(old) == "ai" and player_name(old) == "AI"


def test_each_level_is_its_own_rated_player() -> None:
    seats = [
        Seat(user_id=0, name="AI 1", ai=True, level=level) for level in ("easy", "normal", "hard")
    ]
    assert [player_of(s) for s in seats] == ["ai:easy", "ai", "ai:hard"]
    assert [player_name(s) for s in seats] == ["AI (easy)", "AI", "AI (hard)"]


async def test_a_hard_seat_decides_in_the_ai_pool_and_the_game_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search runs in the pool given to the service (here a recording thread pool), and an
    AI-only game of hard and easy seats ends; the finished game rates each level apart."""
    monkeypatch.setitem(SEARCH, "imperium", replace(SEARCH["imperium"], rollouts=8, worlds=2))
    store = await SqliteStore.open(tmp_path / "forum.sqlite3")
    calls: list[str] = []

    class Recording(ThreadPoolExecutor):
        def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
            calls.append(fn.__name__)
            return super().submit(fn, *args, **kwargs)

    with Recording(1) as pool:
        service = TableService(store, ai_pool=pool)
        session = await lobby(service)
        await service.add_ai(session, 1, level="hard")
        await service.start(session, 1)
        await service.hand_seat_to_ai(session, 0)
        session.update_seat(0, level="easy")
        while session.status == "active" and await service.play_ai(session):
            pass
    assert session.status == "finished"
    assert calls and set(calls) == {"level_action_by_id"}
    board = await leaderboard(store, 1, "imperium")
    assert {r.player for r in board} == {"ai:hard", "ai:easy"}
    await store.close()


def test_easy_makes_seeded_mistakes_and_normal_is_the_heuristic() -> None:
    game = get_game("konsul")
    state = game.setup(game.parse_options({}), 3, 4)
    prompt = game.pending(state)[0]
    seat = prompt.seats[0]
    normal = [level_action(game, state, prompt, seat, s, "normal") for s in range(40)]
    assert normal == [choose_action(game, state, prompt, seat, s) for s in range(40)]
    easy = [level_action(game, state, prompt, seat, s, "easy") for s in range(40)]
    assert easy == [level_action(game, state, prompt, seat, s, "easy") for s in range(40)]
    assert 0 < sum(a != b for a, b in zip(easy, normal, strict=True)) < 40
