"""Results and ratings: direction, ties, aborted games, and one transaction with the last input."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from table import ratings
from table.ratings import (
    AI_PLAYER,
    Rating,
    leaderboard,
    place_of,
    player_stats,
    rate,
    user_player,
)
from table.service import Session, TableService
from table.sqlite import SqliteStore

GUILD = 1


@pytest.fixture
async def store(tmp_path: Path):
    opened = await SqliteStore.open(tmp_path / "forum.sqlite3")
    yield opened
    await opened.close()


async def table(
    service: TableService, channel: int, humans: int = 2, ai: int = 1, seed: int = 3
) -> Session:
    session = await service.open(
        channel_id=channel,
        guild_id=GUILD,
        game_id="caesar",
        options={},
        host_id=100,
        host_name="Host",
        seed=seed,
    )
    for user in range(1, humans):
        await service.join(session, 100 + user, f"P{user}")
    for _ in range(ai):
        await service.add_ai(session, 100)
    await service.start(session, 100)
    return session


async def play_to_end(service: TableService, session: Session, stop_before_last: bool = False):
    """Every seat plays its AI's choice; returns the last submission (or the last action)."""
    while True:
        prompt = session.pending()[0]
        seat = prompt.seats[0]
        action = service.ai_action(session, seat, prompt)
        state, _ = session.game.apply(session.live(), action)
        if stop_before_last and session.game.outcome(state) is not None:
            return action, prompt
        result = await service.submit(session, seat, action.move, action.args, prompt.key)
        if result.finished:
            return result


def test_a_series_of_wins_moves_ratings_apart_and_ties_share() -> None:
    before: dict[str, Rating] = {}
    for _ in range(5):
        after = rate(["a", "b", "c"], (1, 2, 3), before)
        before = {p: Rating(p, p, mu, sigma, 1) for p, (mu, sigma) in after.items()}
    assert before["a"].mu > 25 > before["c"].mu
    assert before["a"].conservative > before["b"].conservative > before["c"].conservative
    assert before["a"].sigma < 25 / 3  # more games, more certainty
    tie = rate(["x", "y", "z"], (1, 1, 3), {})
    assert tie["x"] == pytest.approx(tie["y"])
    assert tie["x"][0] > 25 > tie["z"][0]


def test_several_ai_seats_are_one_player_keeping_their_mean() -> None:
    after = rate(["user:1", AI_PLAYER, AI_PLAYER], (2, 1, 3), {})
    assert set(after) == {"user:1", AI_PLAYER}
    assert after[AI_PLAYER][0] == pytest.approx(25, abs=2)


async def test_a_finished_game_records_every_seat_and_rates_it(store: SqliteStore) -> None:
    service = TableService(store)
    session = await table(service, 1)
    await play_to_end(service, session)
    outcome = session.outcome()
    assert outcome is not None
    rows = await (await store.db.execute("SELECT seat, player, rank, ai FROM results")).fetchall()
    assert [(r[0], r[2]) for r in rows] == list(enumerate(outcome.ranks))
    assert [r[1] for r in rows] == [user_player(100), user_player(101), AI_PLAYER]
    assert [r[3] for r in rows] == [0, 0, 1]
    board = await leaderboard(store, GUILD, "caesar")
    assert len(board) == 3
    best = min(range(3), key=lambda s: outcome.ranks[s])
    assert board[0].player == rows[best][1] or outcome.ranks.count(1) > 1
    stats = await player_stats(store, GUILD, user_player(100))
    assert stats.games == 1 and stats.favourite == "caesar"
    assert stats.wins == int(outcome.ranks[0] == 1)
    assert stats.best_score == outcome.scores[0]
    place = await place_of(store, GUILD, "caesar", user_player(100))
    assert place is not None and 1 <= place[0] <= 3


async def test_a_hint_leaves_only_the_asking_seat_unrated(store: SqliteStore) -> None:
    """Three humans, one hint (issue 30, row 1): the other two are rated as usual."""
    service = TableService(store)
    session = await table(service, 1, humans=3, ai=0)
    await service.mark_hinted(session, 1)
    await play_to_end(service, session)
    players = [user_player(100 + seat) for seat in range(3)]
    rated = await ratings.ratings(store, GUILD, "caesar", players)
    assert set(rated) == {players[0], players[2]}
    rows = await (await store.db.execute("SELECT player FROM results")).fetchall()
    assert [r[0] for r in rows] == players  # every seat's result is still recorded
    again = await table(service, 2, humans=3, ai=0)
    again.row.meta = again.row.meta.updated(hinted=True)  # a game marked before seats were recorded
    await play_to_end(service, again)
    assert {
        p: r.games for p, r in (await ratings.ratings(store, GUILD, "caesar", players)).items()
    } == {
        players[0]: 1,
        players[2]: 1,
    }


async def test_an_aborted_game_changes_nothing(store: SqliteStore) -> None:
    service = TableService(store)
    session = await table(service, 2)
    for _ in range(3):
        prompt = session.pending()[0]
        action = service.ai_action(session, prompt.seats[0], prompt)
        await service.submit(session, prompt.seats[0], action.move, action.args, prompt.key)
    await service.abort(session)
    for name in ("results", "ratings"):
        (count,) = await (await store.db.execute(f"SELECT COUNT(*) FROM {name}")).fetchone()
        assert count == 0, name


async def test_a_crash_between_the_final_input_and_the_ratings_keeps_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "crash.sqlite3"
    store = await SqliteStore.open(path)
    service = TableService(store)
    session = await table(service, 3)
    action, prompt = await play_to_end(service, session, stop_before_last=True)
    seq = session.seq
    real = ratings.finish_statements

    async def crashing(*args, **kwargs):
        return [*await real(*args, **kwargs), ("INSERT INTO no_such_table VALUES (1)", ())]

    monkeypatch.setattr("table.service.finish_statements", crashing)
    with pytest.raises(sqlite3.OperationalError):
        await service.submit(session, prompt.seats[0], action.move, action.args, prompt.key)
    await store.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT MAX(seq) FROM inputs").fetchone()[0] == seq
        assert db.execute("SELECT status FROM sessions").fetchone()[0] == "active"
        assert db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
        assert db.execute("SELECT COUNT(*) FROM ratings").fetchone()[0] == 0
    monkeypatch.setattr("table.service.finish_statements", real)
    store = await SqliteStore.open(path)  # a restart: the game resumes and its last input counts
    service = TableService(store)
    session = await service.get(session.id)
    result = await service.submit(session, prompt.seats[0], action.move, action.args, prompt.key)
    assert result.finished
    (count,) = await (await store.db.execute("SELECT COUNT(*) FROM results")).fetchone()
    assert count == 3
    await store.close()


async def test_migrating_an_old_database_keeps_its_games(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    from table.sqlite import MIGRATIONS

    with sqlite3.connect(path) as db:
        db.executescript(f"{MIGRATIONS[0]}; PRAGMA user_version=1;")
        db.execute(
            "INSERT INTO sessions (channel_id, guild_id, game, rules_version, options, seed,"
            " status, host_id, seats, meta, created_at, updated_at)"
            " VALUES (5, 1, 'caesar', 1, '{}', 1, 'lobby', 1, '[]', '{}', 0, 0)"
        )
    store = await SqliteStore.open(path)
    assert await store.schema_version() == len(MIGRATIONS)
    assert (await store.open_session_in(5)) is not None
    assert await leaderboard(store, GUILD, "caesar") == []
    await store.close()
