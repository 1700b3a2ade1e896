"""bench.ai's results file: one JSON line per finished game, and the table made from it.

A record carries a fingerprint of the AI code that played it (`fingerprint`): the engine's AI
modules and the game's own package. The table counts only records of the current fingerprint,
so results gathered over several runs add up, and a changed AI starts its count again."""

from __future__ import annotations

import ast
import hashlib
import json
import math
import statistics
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "engine"
# The modules every level's decisions depend on, besides the game's own package. The framework
# (core.py, data.py) and a game's texts (strings.py, learn.py, words.py) are left out: they change with
# every feature, and a change of theirs that altered play would also alter the game's tests.
AI_MODULES = ("ai.py", "levels.py", "rng.py", "search.py", "styles.py")
TEXT_FILES = ("strings.py", "learn.py", "words.py")
# (tested, opponent): the level under test against the level below it, cheapest first.
MATCHES = (("easy", "random"), ("normal", "random"), ("normal", "easy"), ("hard", "normal"))
# Each opponent level against itself: what a seat position wins with no stronger level in play.
BASELINES = (("random", "random"), ("easy", "easy"), ("normal", "normal"))
Z95 = 1.959964


@dataclass(frozen=True)
class GameRecord:
    game: str
    tested: str
    opponent: str
    seats: int
    seed: int
    position: int  # the tested level's seat
    share: float  # 1, 0, or 1/winners for a shared win
    hard_times: list[float] = field(default_factory=list)  # CPU seconds per hard decision
    bids: dict[int, int] = field(default_factory=dict)  # Konsul: winning bid -> auctions
    fingerprint: str = ""

    def stamped(self, mark: str) -> GameRecord:
        return replace(self, fingerprint=mark)


def fingerprint(game_id: str) -> str:
    """A short digest of every file the game's AI levels play by: of a module's syntax tree, so
    a comment or a line's layout (no move of any AI) keeps the games already played."""
    digest = hashlib.sha256()
    files = [ENGINE / name for name in AI_MODULES]
    files += sorted(p for p in (ENGINE / "games" / game_id).rglob("*") if _source(p))
    for path in files:
        digest.update(path.relative_to(ENGINE).as_posix().encode())
        digest.update(_code(path))
    return digest.hexdigest()[:12]


def _code(path: Path) -> bytes:
    if path.suffix != ".py":
        return path.read_bytes()  # data: cards, boards
    return ast.dump(ast.parse(path.read_bytes())).encode()


def _source(path: Path) -> bool:
    return path.is_file() and "__pycache__" not in path.parts and path.name not in TEXT_FILES


def _line(record: GameRecord) -> str:
    return json.dumps(asdict(record), separators=(",", ":")) + "\n"


def append_record(path: Path, record: GameRecord) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(_line(record))


def prune(path: Path, marks: dict[str, str]) -> None:
    """Keeps only the games of the current AIs (the file in the repository stays small)."""
    kept = [r for r in load_records(path) if marks.get(r.game) == r.fingerprint]
    path.write_text("".join(_line(r) for r in kept), encoding="utf-8")


def load_records(path: Path) -> list[GameRecord]:
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            raw = json.loads(line)
            raw["bids"] = {int(k): v for k, v in raw.get("bids", {}).items()}
            records.append(GameRecord(**raw))
    return records


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share (a shared win counts as its fraction)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_cell(records: list[GameRecord]) -> str:
    n = len(records)
    if not n:
        return "–"
    wins = sum(r.share for r in records)
    low, high = wilson(wins, n)
    return f"{wins / n:.1%} [{low:.0%}–{high:.0%}] n={n}"


def by_position(records: list[GameRecord]) -> dict[int, float]:
    """The tested level's mean share from each seat position."""
    shares = defaultdict(list)
    for r in records:
        shares[r.position].append(r.share)
    return {position: sum(v) / len(v) for position, v in shares.items()}


def beats_everywhere(records: list[GameRecord], baseline: list[GameRecord], seats: int) -> str:
    """✔ when, from every seat position, the tested level wins more than the level below wins
    from that position against itself (the baseline)."""
    tested, below = by_position(records), by_position(baseline)
    if len(tested) < seats or len(below) < seats:
        return "–"
    return "✔" if all(share > below[p] for p, share in tested.items()) else "✘"


def above_fair_share(records: list[GameRecord], seats: int) -> str:
    """✔ when the tested level wins more than 1/seats from every seat position."""
    tested = by_position(records)
    if len(tested) < seats:
        return "–"
    return "✔" if all(share > 1 / seats for share in tested.values()) else "✘"


def table_markdown(records: list[GameRecord], marks: dict[str, str]) -> str:
    """One row per game and match: overall share, share per seat position, what the level below
    wins from each position against itself, decision times."""
    current = [r for r in records if marks.get(r.game) == r.fingerprint]
    stale = Counter(r.game for r in records if marks.get(r.game) != r.fingerprint)
    rows = [
        "| game | match | seats | overall | "
        + " | ".join(f"seat {i + 1}" for i in range(3))
        + " | above fair share in every seat | the level below, against itself, per seat"
        " | above it in every seat | hard decision median / worst |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    groups: dict[tuple[str, str, str], list[GameRecord]] = defaultdict(list)
    for r in current:
        groups[(r.game, r.tested, r.opponent)].append(r)
    for (game, tested, opponent), group in sorted(groups.items()):
        if tested != opponent:
            rows.append(_row(group, groups.get((game, opponent, opponent), [])))
    notes = [f"- {game}: {count} games of an older AI left out" for game, count in stale.items()]
    bids = Counter[int]()
    for r in current:
        if r.game == "konsul" and r.tested == r.opponent == "normal":
            bids.update(r.bids)
    if bids:
        spread = sorted(bids.elements())
        notes.append(
            f"- konsul winning bids, normal AIs only: median {statistics.median(spread)},"
            f" max {spread[-1]}, over {len(spread)} auctions"
        )
    return "\n".join(["# bench.ai results (95% Wilson intervals)", "", *rows, "", *notes]) + "\n"


def _row(group: list[GameRecord], baseline: list[GameRecord]) -> str:
    first = group[0]
    seats = first.seats
    cells = [
        share_cell([r for r in group if r.position == i]) if i < seats else "" for i in range(3)
    ]
    times = sorted(t for r in group for t in r.hard_times)
    timing = f"{statistics.median(times) * 1000:.0f} / {times[-1] * 1000:.0f} ms" if times else ""
    below = " / ".join(f"{share:.0%}" for _, share in sorted(by_position(baseline).items()))
    return (
        f"| {first.game} | {first.tested} vs {first.opponent} | {seats} | {share_cell(group)} | "
        + " | ".join(cells)
        + f" | {above_fair_share(group, seats)} | {below or '–'}"
        + f" | {beats_everywhere(group, baseline, seats)} | {timing} |"
    )
