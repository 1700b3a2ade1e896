"""A SQLite store whose disk is full at its current size (storage fault tests)."""

from __future__ import annotations

import sqlite3

from table.sqlite import SqliteStore


async def fill_up(store: SqliteStore, session_id: int) -> None:
    """With SQLite's page limit at the current size, fill the input log's free room with filler
    rows (of another session), so the next input needs a page the disk does not have."""
    async with store.db.execute("PRAGMA page_count") as cursor:
        (pages,) = await cursor.fetchone()
    await store.db.execute(f"PRAGMA max_page_count={pages}")
    seq = 10**6
    for size in (1000, 100, 10, 1):
        while True:
            try:
                await store.db.execute(
                    "INSERT INTO inputs VALUES (?, ?, 0, 'filler', ?, '', 0)",
                    (session_id, seq, "x" * size),
                )
            except sqlite3.OperationalError:
                break
            seq += 1
