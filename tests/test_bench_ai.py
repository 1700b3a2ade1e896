"""bench.ai's results file: a run records each game once, a later run adds only what is missing,
and a changed AI's old games leave the table instead of mixing with the new ones."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from bench import ai_results
from bench.ai import run_match
from bench.ai_results import (
    GameRecord,
    above_fair_share,
    append_record,
    beats_everywhere,
    fingerprint,
    load_records,
    prune,
    table_markdown,
    wilson,
)


def test_wilson_interval_matches_the_textbook_figures() -> None:
    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278


def test_a_second_run_plays_only_the_missing_seeds(tmp_path: Path) -> None:
    results = tmp_path / "ai.jsonl"
    assert run_match("senator", "normal", "random", 3, results, None) == 3
    assert run_match("senator", "normal", "random", 5, results, None) == 2
    records = load_records(results)
    assert sorted(r.seed for r in records) == [1000, 1001, 1002, 1003, 1004]
    assert [r.position for r in sorted(records, key=lambda r: r.seed)] == [0, 1, 0, 1, 0]
    assert {r.fingerprint for r in records} == {fingerprint("senator")}


def test_games_of_an_older_ai_are_left_out_of_the_table(tmp_path: Path) -> None:
    results = tmp_path / "ai.jsonl"
    run_match("senator", "normal", "random", 2, results, None)
    records = load_records(results)
    older = [replace(r, fingerprint="0ld") for r in records]
    table = table_markdown(records + older, {"senator": fingerprint("senator")})
    assert "n=2 |" in table and "n=4" not in table
    assert "senator: 2 games of an older AI left out" in table
    for record in older:
        append_record(results, record)
    prune(results, {"senator": fingerprint("senator")})
    assert load_records(results) == records


def test_a_comment_keeps_a_games_fingerprint_and_a_line_of_code_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = tmp_path / "engine"
    shutil.copytree(ai_results.ENGINE / "games" / "senator", engine / "games" / "senator")
    for name in ai_results.AI_MODULES:
        shutil.copy(ai_results.ENGINE / name, engine / name)
    monkeypatch.setattr(ai_results, "ENGINE", engine)
    played_by = fingerprint("senator")
    ai = engine / "games" / "senator" / "ai.py"
    ai.write_text(ai.read_text() + "\n# why the AI does what it does\n", encoding="utf-8")
    assert fingerprint("senator") == played_by
    ai.write_text(ai.read_text() + "BID_MARGIN = 2\n", encoding="utf-8")
    assert fingerprint("senator") != played_by


def _games(tested: str, opponent: str, shares_by_position: list[list[float]]) -> list[GameRecord]:
    return [
        GameRecord("spartacus", tested, opponent, 3, 1000 + n, position, share)
        for position, shares in enumerate(shares_by_position)
        for n, share in enumerate(shares)
    ]


def test_a_level_beats_the_one_below_by_what_that_one_wins_from_the_same_seat() -> None:
    """Seats can be unequal (three one-heuristic Spartacus AIs once handed every game to the
    second seat): 20% from the third seat beats a level whose own share from that seat is 0%,
    though it is below the fair share."""
    baseline = _games("normal", "normal", [[0.0] * 5, [1.0, 1.0, 1.0, 0, 0], [0.0] * 5])
    hard = _games("hard", "normal", [[1.0] * 5, [1.0] * 5, [1.0, 0, 0, 0, 0]])
    assert beats_everywhere(hard, baseline, 3) == "✔"
    weaker = _games("hard", "normal", [[1.0] * 5, [0.0] * 5, [1.0] * 5])
    assert beats_everywhere(weaker, baseline, 3) == "✘"
    assert beats_everywhere(hard, [], 3) == "–"
    assert above_fair_share(hard, 3) == "✘" and above_fair_share(weaker, 3) == "✘"
