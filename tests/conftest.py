from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from bench.pgserver import find_binaries, running_server
from table.backend import open_store
from table.store import Store


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord() as running:
        yield running


@pytest.fixture
async def harness(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Harness]:
    table = Harness(fake, tmp_path / "forum.sqlite3")
    yield table
    await table.stop()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One real PostgreSQL for the whole test session (started from the machine's binaries)."""
    binaries = find_binaries()
    if binaries is None:
        pytest.skip("PostgreSQL binaries (initdb, pg_ctl) are not installed on this machine")
    with running_server(binaries) as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """The server's URL with an empty schema: each test starts from no tables at all."""

    async def empty() -> None:
        connection = await asyncpg.connect(postgres_server)
        try:
            await connection.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
        finally:
            await connection.close()

    asyncio.run(empty())
    return postgres_server


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A test on both stores: an SQLite file, or an empty PostgreSQL schema."""
    if request.param == "sqlite":
        return str(tmp_path / "forum.sqlite3")
    return request.getfixturevalue("postgres_url")


@pytest.fixture
async def opened(database: str) -> AsyncIterator[Store]:
    backend = await open_store(database)
    yield backend
    await backend.close()
