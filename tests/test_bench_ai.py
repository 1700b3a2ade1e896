"""bench.ai's results file: a run records each game once, a later run adds only what is missing,
and a changed AI's old games leave the table instead of mixing with the new ones."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bench.ai import run_match
from bench.ai_results import fingerprint, load_records, table_markdown, wilson


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
