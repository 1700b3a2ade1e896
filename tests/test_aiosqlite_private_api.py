"""Canary for the aiosqlite internals table/sqlite.py relies on (issue 31.7): `_execute(fn,
*args)` runs `fn` in the connection's own thread and answers its result, and `_conn` is the
sqlite3 connection there. The group commit and the unsynced bookkeeping write run in one trip
through it; pyproject.toml bounds aiosqlite below the next minor version."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import aiosqlite
import pytest


def _broken(api: str) -> str:
    return (
        f"aiosqlite {getattr(aiosqlite, '__version__', '?')} changed {api}, which table/sqlite.py"
        " relies on (_commit_inputs, _unsynced): adapt it there, or keep aiosqlite at the last "
        "version this canary passed with (pyproject.toml)"
    )


async def test_execute_runs_a_function_in_the_connections_thread(tmp_path: Path) -> None:
    db = await aiosqlite.connect(str(tmp_path / "canary.sqlite3"), isolation_level=None)
    try:

        def work(connection: sqlite3.Connection, value: int) -> tuple[int, str]:
            connection.execute("CREATE TABLE t (v INTEGER)")
            connection.execute("INSERT INTO t VALUES (?)", (value,))
            return connection.execute("SELECT v FROM t").fetchone()[
                0
            ], threading.current_thread().name

        try:
            found, thread = await db._execute(work, db._conn, 7)
        except (AttributeError, TypeError) as error:
            pytest.fail(_broken("Connection._execute or Connection._conn") + f": {error}")
        assert found == 7, _broken("Connection._execute's result")
        assert thread != threading.current_thread().name, _broken("Connection._execute's thread")
        async with db.execute("SELECT v FROM t") as cursor:
            assert await cursor.fetchone() == (7,), _broken("Connection._conn")
    finally:
        await db.close()
