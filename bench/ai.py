"""How good is each AI level? Seeded matches per game, seats rotated, every game recorded:

    .venv/bin/python -m bench.ai                   # 100 games per match, every game (long)
    .venv/bin/python -m bench.ai --games 6 --only imperium konsul
    .venv/bin/python -m bench.ai --jobs 2          # games spread over two worker processes
    .venv/bin/python -m bench.ai --report          # only print the table of what is recorded
    .venv/bin/python -m bench.ai --report --prune  # and drop the games of older AIs from the file

Each finished game is appended to `bench/results/ai.jsonl` with a fingerprint of the AI code it
was played by (the engine's AI modules and the game's package). A run plays only the seeds its
fingerprint has not recorded yet, so a long measurement can be spread over several runs, and a
change to a game's AI leaves its old games out of the table (counted as stale) instead of mixing
two AIs. The table is written to `bench/results/ai.md`.

Matches: hard vs normal, normal vs easy, easy vs random, normal vs random, and each of random, easy
and normal against itself (the baselines). Tables are two players where the game allows, else its
smallest table; one seat plays the level under test, the others the opponent level; the tested
seat's position rotates with the seed. Win share: a shared victory counts 1/winners. Intervals are
95% Wilson score intervals. A level "beats" the one below at a seat position when its share there is
above what the level below wins from that position against itself: seats are not equal in every game
(three normal Spartacus AIs win 21% / 36% / 33% by seat: an earlier hard AI won 58.5% overall
yet 24% from the third seat, beating neither there); the table also says whether the level wins more
than the fair share 1/seats from every seat. Targets: hard >= 60% at two players (>= 1.5x its
fair share at larger tables), normal >= 90% against random, hard's worst decision <= 1 s. Decision
times are the playing process's CPU time, so other load on the machine slows a run but barely moves
them; the levels use fixed budgets, never wall time, so load does not change a result. Games without
a sampler (engine.registry.SEARCH) have no hard level.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bench.ai_results import (
    BASELINES,
    MATCHES,
    GameRecord,
    append_record,
    fingerprint,
    load_records,
    prune,
    table_markdown,
)
from engine.ai import ai_seed, random_action
from engine.core import Game, playable_seats
from engine.levels import level_action
from engine.registry import GAMES, SEARCH
from engine.styles import table_styles

DEFAULT_GAMES = 100
RESULTS = Path(__file__).parent / "results" / "ai.jsonl"
FIRST_SEED = 1000


def play(game: Game, seed: int, levels: list[str], tested: int) -> GameRecord:
    """One game; `levels[seat]` is "easy", "normal", "hard" or "random"."""
    seats = len(levels)
    styles = table_styles(seed, seats)  # each AI seat in its own style, as at a table
    state = game.setup(game.parse_options({}), seats, seed)
    step, times, bids = 0, [], Counter[int]()
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
            times.append(time.process_time() - started)
        state, events = game.apply(state, action)
        bids.update(e.data["amount"] for e in events if e.type == "auction_won")
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    share = 1 / len(outcome.winners) if tested in outcome.winners else 0.0
    return GameRecord(
        game.id,
        levels[tested],
        _opponent(levels, tested),
        seats,
        seed,
        tested,
        share,
        [round(t, 4) for t in times],
        dict(bids),
    )


def _opponent(levels: list[str], tested: int) -> str:
    return levels[(tested + 1) % len(levels)]


def one_game(game_id: str, seed: int, levels: list[str], tested: int) -> GameRecord:
    return play(GAMES[game_id], seed, levels, tested)


def table_seats(game_id: str) -> int:
    game = GAMES[game_id]
    return 2 if 2 in playable_seats(game) else playable_seats(game)[0]


def missing_tables(
    game_id: str, tested: str, opponent: str, games: int, recorded: set[int]
) -> list[tuple[str, int, list[str], int]]:
    """The seeded tables of a match not yet recorded under the current fingerprint."""
    seats = table_seats(game_id)
    tables = []
    for n in range(games):
        if FIRST_SEED + n in recorded:
            continue
        levels = [opponent] * seats
        levels[n % seats] = tested
        tables.append((game_id, FIRST_SEED + n, levels, n % seats))
    return tables


def run_match(
    game_id: str,
    tested: str,
    opponent: str,
    games: int,
    results: Path,
    pool: ProcessPoolExecutor | None,
) -> int:
    """Plays and appends the match's missing games, each as soon as it ends; returns how many."""
    mark = fingerprint(game_id)
    recorded = {
        r.seed
        for r in load_records(results)
        if (r.game, r.tested, r.opponent, r.fingerprint) == (game_id, tested, opponent, mark)
    }
    tables = missing_tables(game_id, tested, opponent, games, recorded)
    if not tables:
        return 0
    played = (
        pool.map(one_game, *zip(*tables, strict=True)) if pool else (one_game(*t) for t in tables)
    )
    for record in played:
        append_record(results, record.stamped(mark))
    return len(tables)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per match")
    parser.add_argument(
        "--only", nargs="*", default=sorted(GAMES), choices=sorted(GAMES), help="game ids"
    )
    parser.add_argument("--no-hard", action="store_true", help="skip the (slow) hard matches")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes playing games")
    parser.add_argument("--results", type=Path, default=RESULTS, help="the results file")
    parser.add_argument("--report", action="store_true", help="print the table only, play none")
    parser.add_argument("--prune", action="store_true", help="drop the games of older AIs")
    args = parser.parse_args()
    if not args.report:
        play_all(args)
    marks = {g: fingerprint(g) for g in sorted(GAMES)}
    if args.prune:
        prune(args.results, marks)
    table = table_markdown(load_records(args.results), marks)
    args.results.with_suffix(".md").write_text(table, encoding="utf-8")
    print(table)


def play_all(args: argparse.Namespace) -> None:
    print(f"{args.games} seeded games per match, seats rotated, {args.jobs} job(s)", flush=True)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for tested, opponent in BASELINES + MATCHES:
            for game_id in args.only:
                if tested == "hard" and (args.no_hard or game_id not in SEARCH):
                    continue
                started = time.perf_counter()
                count = run_match(game_id, tested, opponent, args.games, args.results, pool)
                if count:
                    print(
                        f"{game_id:<18}{tested}/{opponent}: {count} games played"
                        f" in {time.perf_counter() - started:.0f} s",
                        flush=True,
                    )
    finally:
        if pool is not None:
            pool.shutdown()


if __name__ == "__main__":
    main()
