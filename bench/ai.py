"""How good is each AI level? Seeded matches per game, seats rotated:

    .venv/bin/python -m bench.ai                   # 100 games per match, every game (long)
    .venv/bin/python -m bench.ai --games 6 --only imperium konsul
    .venv/bin/python -m bench.ai --jobs 2          # games spread over two worker processes

Prints per game: hard vs normal (win share of the hard seat), normal vs random, easy vs random,
the median and worst hard decision time, and for Konsul the winning bids of AI-only auctions.
Tables are two players where the game allows, else its smallest table; one seat plays the
level under test, the others the opponent level. Targets: hard >= 60% at two players (>= 1.5x
its fair share at larger tables), normal >= 90% against random, hard's worst decision <= 1 s.
Games without a sampler (engine.registry.SEARCH) have no hard level: it plays as normal.
Win share: a shared victory counts 1/winners. Decision times are the playing process's CPU time,
so other load on the machine (or a second job) slows a run but barely moves them.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine.ai import ai_seed, random_action
from engine.core import Game, playable_seats
from engine.levels import level_action
from engine.registry import GAMES, SEARCH
from engine.styles import table_styles

DEFAULT_GAMES = 100


@dataclass
class Match:
    """The result of one level against another over several games."""

    share: float = 0.0
    games: int = 0
    times: list[float] = field(default_factory=list)
    bids: Counter = field(default_factory=Counter)  # Konsul: winning bid -> auctions

    @property
    def rate(self) -> float:
        return self.share / self.games if self.games else 0.0

    def add(self, other: Match) -> None:
        self.share += other.share
        self.games += other.games
        self.times += other.times
        self.bids.update(other.bids)


def play(game: Game, seed: int, levels: list[str], tested: int, match: Match) -> None:
    """One game; `levels[seat]` is "easy", "normal", "hard" or "random"."""
    seats = len(levels)
    styles = table_styles(seed, seats)  # each AI seat in its own style, as at a table
    state = game.setup(game.parse_options({}), seats, seed)
    step = 0
    while prompts := game.pending(state):
        prompt = prompts[0]
        seat = prompt.seats[0]
        seat_seed = ai_seed(seed, step, seat)
        started = time.process_time()
        if levels[seat] == "random":
            action = random_action(game, state, prompt, seat, seat_seed)
        else:
            action = level_action(game, state, prompt, seat, seat_seed, levels[seat], styles[seat])
        if levels[seat] == "hard":
            match.times.append(time.process_time() - started)
        state, events = game.apply(state, action)
        match.bids.update(e.data["amount"] for e in events if e.type == "auction_won")
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    if tested in outcome.winners:
        match.share += 1 / len(outcome.winners)
    match.games += 1


def one_game(game_id: str, seed: int, levels: list[str], tested: int) -> Match:
    result = Match()
    play(GAMES[game_id], seed, levels, tested, result)
    return result


def match(
    game_id: str, tested: str, opponent: str, games: int, pool: ProcessPoolExecutor | None
) -> tuple[Match, int]:
    """`games` seeded games, the tested level's seat rotated; in `pool`'s processes if given.
    The results are merged in seed order, so a run prints the same with any number of jobs."""
    game = GAMES[game_id]
    seats = 2 if 2 in playable_seats(game) else playable_seats(game)[0]
    tables = []
    for n in range(games):
        levels = [opponent] * seats
        levels[n % seats] = tested
        tables.append((game_id, 1000 + n, levels, n % seats))
    results = (
        pool.map(one_game, *zip(*tables, strict=True)) if pool else (one_game(*t) for t in tables)
    )
    merged = Match()
    for result in results:
        merged.add(result)
    return merged, seats


def report(game_id: str, games: int, with_hard: bool, pool: ProcessPoolExecutor | None) -> None:
    normal, seats = match(game_id, "normal", "random", games, pool)
    easy, _ = match(game_id, "easy", "random", games, pool)
    fair = 1 / seats
    line = (
        f"{game_id:<18}{seats:>3}  normal/random {normal.rate:6.1%}  easy/random {easy.rate:6.1%}"
    )
    if with_hard and game_id not in SEARCH:
        line += "  hard: no sampler yet, plays as normal"
    elif with_hard:
        hard, _ = match(game_id, "hard", "normal", games, pool)
        times = sorted(hard.times) or [0.0]
        line += (
            f"  hard/normal {hard.rate:6.1%} ({hard.rate / fair:.2f}x fair)"
            f"  hard median {statistics.median(times) * 1000:5.0f} ms worst {times[-1] * 1000:5.0f} ms"
            f" ({sum(times) / max(1, hard.games):.0f} s of search per game)"
        )
    print(line, flush=True)
    if game_id == "konsul":
        auto, _ = match(game_id, "normal", "normal", games, pool)
        print(f"{'':<18}winning bids, AI-only auctions: {dict(sorted(auto.bids.items()))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per match")
    parser.add_argument("--only", nargs="*", default=sorted(GAMES), help="game ids")
    parser.add_argument("--no-hard", action="store_true", help="skip the (slow) hard matches")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes playing games")
    args = parser.parse_args()
    print(f"{args.games} seeded games per match, seats rotated, {args.jobs} job(s)")
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for game_id in args.only:
            report(game_id, args.games, not args.no_hard, pool)
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
