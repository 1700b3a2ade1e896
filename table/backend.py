"""The store behind a database setting: a SQLite file (the default) or a PostgreSQL URL."""

from __future__ import annotations

from table.pgstore import PostgresStore, is_postgres_url
from table.sqlite import SqliteStore
from table.store import Store


async def open_store(database: str) -> Store:
    """`postgresql://…` (or `postgres://…`) opens PostgreSQL; anything else is a SQLite path."""
    if is_postgres_url(database):
        return await PostgresStore.open(database)
    return await SqliteStore.open(database)
