"""`python -m bot export SESSION`: a finished game of the configured database (a local game, or
one the bot played) written as the same file `/game export` posts, for `replay` or a report."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.terminal.local import run_command
from bot.terminal.local_strings import LOCAL_TEXT
from engine.core import IllegalInput
from table.backend import open_store
from table.export import build_export, dump_export
from table.service import SessionBroken, TableService
from table.store import StoreRefused


def export_session(database: str, session_id: int, out: Path | None, locale: str) -> int:
    """Write the export of a finished session; a refusal is one line and exit code 2."""
    try:
        path, text = asyncio.run(_export(database, session_id, out, locale))
    except StoreRefused as refused:
        print(f"Forum cannot start: {refused}", file=sys.stderr)
        return 2
    except _Refused as refused:
        print(str(refused), file=sys.stderr)
        return 2
    try:
        path.write_text(text, "utf-8")
    except OSError as error:
        print(_t(locale, "export.unwritable", path=path, reason=error.strerror), file=sys.stderr)
        return 2
    command = f"{run_command()} replay {path}"
    print(_t(locale, "export.written", session=session_id, path=path, command=command))
    return 0


class _Refused(Exception):
    """A session that cannot be exported, worded for the reader."""


def _t(locale: str, key: str, **args: object) -> str:
    return LOCAL_TEXT.text(locale, key, None, (), **args)


async def _export(
    database: str, session_id: int, out: Path | None, locale: str
) -> tuple[Path, str]:
    store = await open_store(database)
    try:
        service = TableService(store)
        try:
            session = await service.get(session_id)
        except (IllegalInput, SessionBroken):
            raise _Refused(_t(locale, "export.no_session", session=session_id)) from None
        outcome = session.outcome()
        if outcome is None:
            raise _Refused(_t(locale, "export.unfinished", session=session_id))
        inputs = [row async for rows in service.log_parts(session_id) for row in rows]
        text = dump_export(build_export(session.row, inputs, outcome))
    finally:
        await store.close()
    return out or Path(f"forum-{session.row.game}-{session_id}.json"), text
