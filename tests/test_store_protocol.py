"""Both stores satisfy the `Store` protocol (table.store), checked by mypy: method names,
argument kinds and types, and return types, so the service, ratings and bot are written
against the protocol alone and a backend that drifts from it fails here, not in production."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = """
from table.pgstore import PostgresStore
from table.sqlite import SqliteStore
from table.store import Store


def sqlite(store: SqliteStore) -> Store:
    return store


def postgres(store: PostgresStore) -> Store:
    return store
"""


def test_both_backends_satisfy_the_store_protocol(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE, encoding="utf-8")
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--follow-imports=silent",  # the backends' own modules are read, not linted
            "--ignore-missing-imports",
            "--no-incremental",
            "--cache-dir=/dev/null",
            str(probe),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
