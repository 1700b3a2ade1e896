"""Copy a SQLite database into PostgreSQL (`python -m bot migrate --to postgresql://…`).

Everything is copied as stored, session ids included (channels, boards and buttons refer to
them): sessions of every status, their whole input logs, snapshots and deadlines, and the
results and ratings of finished games, and the servers' settings. The target must be empty,
so a second run cannot mix two histories.
"""

from __future__ import annotations

from table.pgstore import PostgresStore
from table.store import Store

# Tables that are records of finished games rather than sessions: copied row for row.
RECORDS = (
    ("results", "session_id, seat, guild_id, game, variant, player, name, ai, rank, score, at"),
    ("ratings", "guild_id, game, player, name, mu, sigma, games, updated_at"),
    ("guild_settings", "guild_id, settings, updated_at"),
    ("user_settings", "user_id, turn_pings"),
)


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds sessions."""


async def copy_database(source: Store, target: PostgresStore) -> int:
    """Copy every session of `source` into the empty `target`; returns how many."""
    if await target.all_sessions():
        raise TargetNotEmpty()
    deadlines = {d[0]: (d[1], d[2]) for d in await source.deadlines()}
    rows = await source.all_sessions()
    for row in rows:
        await target.import_session(
            row,
            await source.inputs(row.id),
            await source.snapshots(row.id),
            deadlines.get(row.id),
        )
    for table, columns in RECORDS:
        copied = await source.query(f"SELECT {columns} FROM {table}")
        await target.import_rows(table, columns, copied)
    return len(rows)


async def migrate(sqlite_path: str, url: str) -> int:
    source = await Store.open(sqlite_path)
    try:
        target = await PostgresStore.open(url)
        try:
            return await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()
