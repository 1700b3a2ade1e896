"""Results and OpenSkill ratings per server and game, written with a game's final input.

Every finished game (never an aborted one) records one row per seat: player, game, variant, rank,
score, AI or human. Ratings use OpenSkill's Plackett-Luce model, which takes ranks with ties and
any number of players. The AI is one player per server, game and level ("ai" for the normal
AI, "ai:hard", "ai:easy"; named "AI (hard)"...), so beating it counts
less as its rating falls; several AI seats in one game each rate from its rating before the game
and it keeps the mean of their new ratings. A seat handed to the AI mid-game is the AI's.
Leaderboards sort by the conservative rating mu - 3 sigma (OpenSkill's `ordinal`).

A seat that took the hard AI's hint (`meta.hinted_seats`) is not rated: its rating is left
as it was. It still counts as an opponent for the others, who are rated as usual (beating it
is a win, losing to it a loss), so one player's hint cannot void everyone's game. A session
marked `hinted` before seats were recorded leaves every seat unrated, as it did then.

A seat of an async table whose clock ran out and went to the AI (table.turn_clocks) is rated
as its member, ranked last (tied with any other such seat), whatever the AI made of it: the
member who let their clock run out gains nothing, the AI is not rated for a game it joined
late, and the others are rated as having beaten that member.

A clock that runs out on a table whose policy is `abort` ends the game unfinished, but not
unrated (else a losing player could void everyone's result by walking away): it is a forfeit,
the member whose clock ran out ranked last and every other seat first, tied, all scores 0
(`forfeit_outcome`), written with the abort itself (table.service.forfeit).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce

from engine.core import AnyGame, Outcome
from table.session_model import Seat
from table.store import SessionRow, Statement, Store

MODEL = PlackettLuce()
AI_PLAYER = "ai"


def player_of(seat: Seat) -> str:
    """A rated player: a member, or the AI at one level (each level is its own player; the
    normal AI keeps the id ratings had before levels existed)."""
    if not seat.ai:
        return f"user:{seat.user_id}"
    level = seat.level or "normal"
    return AI_PLAYER if level == "normal" else f"{AI_PLAYER}:{level}"


def player_name(seat: Seat) -> str:
    if not seat.ai:
        return seat.name
    level = seat.level or "normal"
    return "AI" if level == "normal" else f"AI ({level})"


def user_player(user_id: int) -> str:
    return f"user:{user_id}"


def variant_of(game: AnyGame, options: dict[str, Any]) -> str:
    """The options that differ from the defaults, e.g. `short_game=true`, or `base`."""
    fields = game.Options.model_fields
    changed = [
        f"{name}={json.dumps(value)}"
        for name, value in sorted(options.items())
        if name in fields and fields[name].default != value
    ]
    return " ".join(changed) or "base"


@dataclass(frozen=True)
class Rating:
    player: str
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma


def rate(
    players: list[str], ranks: tuple[int, ...], before: dict[str, Rating]
) -> dict[str, tuple[float, float]]:
    """player -> (mu, sigma) after a game where seat i was `players[i]` and ranked `ranks[i]`."""
    teams = []
    for player in players:
        known = before.get(player)
        teams.append(
            [MODEL.rating(mu=known.mu, sigma=known.sigma) if known else MODEL.rating(name=player)]
        )
    rated = MODEL.rate(teams, ranks=list(ranks))
    after: dict[str, list[tuple[float, float]]] = {}
    for player, (new,) in zip(players, rated, strict=True):
        after.setdefault(player, []).append((new.mu, new.sigma))
    return {p: (fmean(m for m, _ in r), fmean(s for _, s in r)) for p, r in after.items()}


async def ratings(store: Store, guild_id: int, game: str, players: list[str]) -> dict[str, Rating]:
    marks = ",".join("?" * len(players))
    rows = await store.query(
        "SELECT player, name, mu, sigma, games FROM ratings"
        f" WHERE guild_id=? AND game=? AND player IN ({marks})",
        (guild_id, game, *players),
    )
    return {r[0]: Rating(*r) for r in rows}


def hinted_seats(row: SessionRow) -> set[int]:
    """The seats that took a hint, so go unrated (all of them for an older `hinted` mark)."""
    if row.meta.hinted_seats is not None:
        return set(row.meta.hinted_seats)
    return set(range(len(row.seats))) if row.meta.hinted else set()


async def finish_statements(
    store: Store, row: SessionRow, game: AnyGame, outcome: Outcome
) -> list[Statement]:
    """The results and rating updates of a finished session, for the final input's transaction."""
    guild, now = row.guild_id or 0, time.time()
    timed_out = await timed_out_seats(store, row.id)
    players = [
        user_player(timed_out[i]) if i in timed_out else player_of(seat)
        for i, seat in enumerate(row.seats)
    ]
    ranks = last_for_timeouts(outcome.ranks, timed_out)
    before = await ratings(store, guild, row.game, players)
    variant = variant_of(game, row.options)
    statements: list[Statement] = [
        (
            "INSERT INTO results (session_id, seat, guild_id, game, variant, player, name, ai,"
            " rank, score, at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (row.id, index, guild, row.game, variant, players[index], seat.name,
             int(seat.ai), ranks[index], outcome.scores[index], now),
        )
        for index, seat in enumerate(row.seats)
    ]  # fmt: skip
    unrated = {players[seat] for seat in hinted_seats(row)}
    names = {player_of(seat): player_name(seat) for seat in row.seats}
    names.update({players[i]: row.seats[i].name for i in timed_out})
    for player, (mu, sigma) in rate(players, ranks, before).items():
        if player in unrated:
            continue
        games = (before[player].games if player in before else 0) + 1
        statements.append(
            (
                # Portable SQL: SQLite and PostgreSQL (table.pgstore) run the same statements.
                "INSERT INTO ratings (guild_id, game, player, name, mu, sigma, games, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, player) DO UPDATE SET"
                " name=excluded.name, mu=excluded.mu, sigma=excluded.sigma,"
                " games=excluded.games, updated_at=excluded.updated_at",
                (guild, row.game, player, names[player], mu, sigma, games, now),
            )
        )
    return statements


def forfeit_outcome(seats: int, loser: int) -> Outcome:
    """A game ended by `loser`'s clock under the `abort` policy: they rank last, the rest tie
    for first; no scores, since the game never reached its end."""
    ranks = tuple(2 if seat == loser else 1 for seat in range(seats))
    winners = tuple(seat for seat in range(seats) if seat != loser)
    return Outcome(scores=(0,) * seats, ranks=ranks, winners=winners)


async def timed_out_seats(store: Store, session_id: int) -> dict[int, int]:
    """Seat -> member of the seats whose async clock ran out and went to the AI."""
    rows = await store.query(
        "SELECT seat, user_id FROM clocks WHERE session_id=? AND timed_out=1", (session_id,)
    )
    return {int(seat): int(user) for seat, user in rows}


def last_for_timeouts(ranks: tuple[int, ...], timed_out: dict[int, int]) -> tuple[int, ...]:
    """The ranks with every timed-out seat last (tied, behind everyone else): however well
    the AI played it, the member whose clock ran out gains nothing from it."""
    if not timed_out:
        return ranks
    others = [rank for seat, rank in enumerate(ranks) if seat not in timed_out]
    last = max(others, default=0) + 1
    return tuple(last if i in timed_out else r for i, r in enumerate(ranks))


# Reading: /game stats and /game leaderboard ------------------------------------------------


@dataclass(frozen=True)
class PlayerStats:
    games: int
    wins: int
    best_score: int | None
    favourite: str | None  # the game played most
    ratings: list[tuple[str, Rating]]  # (game, rating), best first


async def player_stats(
    store: Store, guild_id: int, player: str, game: str | None = None
) -> PlayerStats:
    where, params = "guild_id=? AND player=?", [guild_id, player]
    if game is not None:
        where, params = where + " AND game=?", [*params, game]
    ((games, wins, best),) = await store.query(
        f"SELECT COUNT(*), SUM(CASE WHEN rank = 1 THEN 1 ELSE 0 END), MAX(score) FROM results"
        f" WHERE {where}",
        tuple(params),
    )
    favourite = await store.query(
        f"SELECT game FROM results WHERE {where} GROUP BY game ORDER BY COUNT(*) DESC, game"
        " LIMIT 1",
        tuple(params),
    )
    rows = await store.query(
        "SELECT game, player, name, mu, sigma, games FROM ratings"
        f" WHERE {where} ORDER BY mu - 3 * sigma DESC",
        tuple(params),
    )
    rated = [(r[0], Rating(*r[1:])) for r in rows]
    return PlayerStats(games, wins or 0, best, favourite[0][0] if favourite else None, rated)


async def leaderboard(store: Store, guild_id: int, game: str, limit: int = 10) -> list[Rating]:
    rows = await store.query(
        "SELECT player, name, mu, sigma, games FROM ratings WHERE guild_id=? AND game=?"
        " ORDER BY mu - 3 * sigma DESC, games DESC, name LIMIT ?",
        (guild_id, game, limit),
    )
    return [Rating(*r) for r in rows]


async def place_of(
    store: Store, guild_id: int, game: str, player: str
) -> tuple[int, Rating] | None:
    """(1-based place, rating) of `player` on the game's leaderboard, if rated."""
    mine = (await ratings(store, guild_id, game, [player])).get(player)
    if mine is None:
        return None
    ((better,),) = await store.query(
        "SELECT COUNT(*) FROM ratings WHERE guild_id=? AND game=? AND mu - 3 * sigma > ?",
        (guild_id, game, mine.conservative),
    )
    return better + 1, mine
