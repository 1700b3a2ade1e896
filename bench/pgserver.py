"""A throwaway PostgreSQL server for the tests, from the machine's own binaries.

Never a mock: the store contract and the multi-process tests need the real locking and
transaction behaviour. The server lives in a temporary folder, listens on a free port of
127.0.0.1 only, trusts local connections and is stopped (and its folder removed) at the end.
PostgreSQL refuses to run as root, so under root the server runs as `nobody`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

SEARCH = ("/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/usr/pgsql-*/bin")


def find_binaries() -> Path | None:
    """The newest folder holding both initdb and pg_ctl, or None."""
    on_path = shutil.which("initdb")
    candidates = [Path(on_path).parent] if on_path else []
    for pattern in SEARCH:
        candidates += sorted((Path(p) for p in glob.glob(pattern)), reverse=True)
    for folder in candidates:
        if (folder / "initdb").exists() and (folder / "pg_ctl").exists():
            return folder
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _as_server_user(command: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "nobody", "--", *command]


def _run(command: list[str], *, check: bool = True) -> None:
    """Run a server tool (as the server's user); a failure says what the tool printed."""
    done = subprocess.run(_as_server_user(command), capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr or done.stdout}")


@contextlib.contextmanager
def running_server(binaries: Path, *, durable: bool = False) -> Iterator[str]:
    """Yield the URL of a fresh server; `durable` keeps fsync on (for benchmarks)."""
    folder = Path(tempfile.mkdtemp(prefix="forum-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        os.chmod(folder, 0o755)
        shutil.chown(folder, "nobody")
    port = _free_port()
    settings = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder}"
    if not durable:
        settings += " -c fsync=off -c full_page_writes=off -c synchronous_commit=off"
    pg_ctl = str(binaries / "pg_ctl")
    try:
        _run([str(binaries / "initdb"), "-D", str(data), "-U", "forum", "-A", "trust"])
        _run([pg_ctl, "start", "-w", "-D", str(data), "-l", str(folder / "log"), "-o", settings])
        try:
            yield f"postgresql://forum@127.0.0.1:{port}/postgres"
        finally:
            _run([pg_ctl, "stop", "-m", "immediate", "-D", str(data)], check=False)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def until_a_session_waits_on_a_lock(url: str, timeout: float = 10.0) -> None:
    """Returns once some session of `url`'s database waits on a lock: evidence (not a sleep)
    that a competing holder is blocked. Raises if none does within `timeout`."""
    import asyncio

    import asyncpg

    probe = await asyncpg.connect(url)
    try:
        for _ in range(int(timeout / 0.01)):
            if await probe.fetchval(
                "SELECT count(*) FROM pg_stat_activity"
                " WHERE datname = current_database() AND wait_event_type = 'Lock'"
            ):
                return
            await asyncio.sleep(0.01)
    finally:
        await probe.close()
    raise AssertionError(f"no session waited on a lock within {timeout} s")
