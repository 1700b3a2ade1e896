"""Copy a SQLite database into PostgreSQL (`python -m bot migrate --to postgresql://…`).

Everything is copied as stored, session ids included (channels, boards and buttons refer to
them): sessions of every status, their whole input logs, snapshots and deadlines, and the
results and ratings of finished games, and the servers' settings. The target must be empty,
so a second run cannot mix two histories.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from table.clock_queries import CLOCK_COLUMNS
from table.pgstore import PostgresStore
from table.sqlite import SqliteStore
from table.store import Store

# Tables that are records of finished games rather than sessions: copied row for row.
RECORDS = (
    ("results", "session_id, seat, guild_id, game, variant, player, name, ai, rank, score, at"),
    ("ratings", "guild_id, game, player, name, mu, sigma, games, updated_at"),
    ("guild_settings", "guild_id, settings, updated_at"),
    ("user_settings", "user_id, turn_pings"),
    ("user_tips", "user_id, tip"),
    ("async_tables", "session_id, pace, policy, quiet_stops, paused_until, pause_votes"),
    ("clocks", f"{CLOCK_COLUMNS}, claimed_by, claimed_until"),
    ("notices", "session_id, seat, turn, kind, user_id, at, message_id"),
    ("user_prefs", "user_id, tz, quiet_start, quiet_end, notices"),
    ("quiet_moves", "user_id, at"),
    ("vacations", "user_id, starts, ends"),
    ("downtimes", "starts, ends"),
)


CONNECT_SECONDS = 20.0  # a server that does not answer by then is reported unreachable


class TargetNotEmpty(Exception):
    """The PostgreSQL database already holds sessions."""


class TargetUnreachable(Exception):
    """No connection to the PostgreSQL server; the message names it without a password."""


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
    await target.analyze()
    return len(rows)


async def migrate(sqlite_path: str, url: str) -> int:
    source = await SqliteStore.open(sqlite_path)
    try:
        target = await _connect(url)
        try:
            return await copy_database(source, target)
        finally:
            await target.close()
    finally:
        await source.close()


async def _connect(url: str) -> PostgresStore:
    try:
        return await asyncio.wait_for(PostgresStore.open(url), CONNECT_SECONDS)
    except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise TargetUnreachable(f"{without_password(url)} ({reason})") from None


def without_password(url: str) -> str:
    """The URL as it may be shown: `postgresql://forum:***@db/forum`."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))
