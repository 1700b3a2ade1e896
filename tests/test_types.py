"""The type checker in CI: mypy over the packages `[tool.mypy] files` names in pyproject.toml
(strict on engine/ and table/), through its API, must find no error. Its cache lives in
.mypy_cache, so only a clean checkout pays for a whole run."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # `files` and the cache are relative to the checkout
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, f"mypy:\n{report}{errors}"
    assert "Success: no issues found" in report, report
