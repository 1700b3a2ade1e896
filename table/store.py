"""What every store offers (the `Store` protocol), the rows it speaks in and what it raises.

Two backends satisfy it: table.sqlite (one process owns a file) and table.pgstore (several
processes share a PostgreSQL database); both run the SQL of table.queries. A session's state is
never stored as the source of truth: it is `setup` + the input log; snapshots only shorten the
replay. tests/test_store_contract.py runs one contract on both, and mypy checks that both
satisfy this protocol (tests/test_store_protocol.py).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from pydantic import TypeAdapter, ValidationError

from table.clocks import Interval, SeatClock, UserPrefs
from table.pace import TablePace
from table.session_model import SEATS, Seat, SessionMeta, stored_seats

SNAPSHOT_EVERY = 16

Statement = tuple[str, tuple[Any, ...]]


@dataclass
class SessionRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    status: str
    host_id: int
    seats: tuple[Seat, ...]
    meta: SessionMeta
    damage: str | None = None  # why the stored row is unreadable: the session is broken


@dataclass(frozen=True)
class InputRow:
    seq: int
    seat: int
    move: str
    args: dict[str, Any]
    prompt_key: str


@dataclass(frozen=True)
class Held:
    """A session as stored when a process took hold of it, to check its cache against."""

    row: SessionRow
    seq: int


class SessionMoved(Exception):
    """Another process stored an input or a status change first: catch up, then try again."""


class ChannelBusy(Exception):
    """The channel already has an open (lobby or active) session."""


class StoreRefused(Exception):
    """This database cannot be used by this process; the message says why and what to do."""


class StorageError(Exception):
    """A write the database refused for a reason outside the game (disk full, read-only, I/O).

    Nothing of the write was kept. `reason` is a stable word; `fix` tells an admin what to do.
    """

    def __init__(self, reason: str, fix: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.fix = fix


class Store(Protocol):
    """Sessions, their input logs and snapshots, deadlines and settings, in one database.

    `shared`: other processes may change the database, so a cache is checked (`peek`, `hold`)
    before it is acted on. Every write is one transaction: all of it is stored, or nothing.
    """

    shared: bool

    async def close(self) -> None: ...
    async def schema_version(self) -> int: ...

    # Sessions
    async def create_session(self, row: SessionRow) -> int: ...
    async def save_session(self, row: SessionRow) -> None: ...
    async def set_status(
        self, session_id: int, status: str, also: Sequence[Statement] = ()
    ) -> None: ...
    async def save_meta(
        self, session_id: int, meta: SessionMeta, durable: bool = False
    ) -> None: ...
    async def session(self, session_id: int) -> SessionRow | None: ...
    async def open_session_in(self, channel_id: int) -> SessionRow | None: ...
    async def open_sessions(self) -> list[SessionRow]: ...
    async def open_sessions_but_idle(self) -> list[SessionRow]: ...
    async def unshown_finished(self) -> list[SessionRow]: ...
    async def all_sessions(self) -> list[SessionRow]: ...

    # The input log
    async def append_input(
        self,
        session_id: int,
        row: InputRow,
        *,
        snapshot: str | None = None,
        status: str | None = None,
        also: Sequence[Statement] = (),
    ) -> None: ...
    async def query(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]: ...
    async def inputs(
        self, session_id: int, after: int = 0, limit: int | None = None
    ) -> list[InputRow]: ...
    async def log_extent(self, session_id: int) -> tuple[int, int]: ...
    async def find_input(
        self, session_id: int, seat: int, prompt_key: str, move: str, args: dict[str, Any]
    ) -> InputRow | None: ...
    async def latest_input(
        self, session_id: int, seat: int, prompt_key: str
    ) -> InputRow | None: ...
    async def latest_snapshot(self, session_id: int) -> tuple[int, str] | None: ...
    async def snapshots(self, session_id: int) -> list[tuple[int, str]]: ...

    # Users, deadlines, servers
    async def set_turn_pings(self, user_id: int, on: bool) -> None: ...
    async def tips(self, user_id: int) -> set[str]: ...
    async def add_tip(self, user_id: int, tip: str) -> None: ...
    async def drop_tip(self, user_id: int, tip: str) -> None: ...
    async def dm_channel(self, user_id: int) -> int | None: ...
    async def remember_dm_channel(self, user_id: int, channel_id: int) -> None: ...
    async def set_deadline(self, session_id: int, due_at: float, stage: str) -> None: ...
    async def clear_deadline(self, session_id: int) -> None: ...
    async def deadlines(self) -> list[tuple[int, float, str]]: ...
    async def claim_due_deadlines(self, now: float) -> list[tuple[int, float, str]]: ...
    async def spill_history(self, session_id: int, chunk: int, events: str) -> None: ...
    async def history_chunks(
        self, session_id: int, first: int, last: int
    ) -> list[tuple[int, str]]: ...
    async def guild_settings(self, guild_id: int) -> str | None: ...
    async def save_guild_settings(self, guild_id: int, settings: str) -> None: ...

    # Async tables (table.clock_queries)
    async def save_table_pace(self, table: TablePace) -> None: ...
    async def table_pace(self, session_id: int) -> TablePace | None: ...
    async def save_clock(self, clock: SeatClock) -> None: ...
    async def clocks(self, session_id: int) -> list[SeatClock]: ...
    async def clocks_of_user(self, user_id: int) -> list[SeatClock]: ...
    async def claim_due_clocks(
        self, now: float, by: str, lease: float, limit: int = 500
    ) -> list[tuple[int, int]]: ...
    async def claim_notice(
        self, session_id: int, seat: int, turn: int, kind: str, user_id: int, at: float
    ) -> bool: ...
    async def notice_message(
        self, session_id: int, seat: int, turn: int, kind: str
    ) -> int | None: ...
    async def set_notice_message(
        self, session_id: int, seat: int, turn: int, kind: str, message_id: int
    ) -> None: ...
    async def user_prefs(self, user_ids: Sequence[int]) -> dict[int, UserPrefs]: ...
    async def save_user_prefs(self, prefs: UserPrefs) -> None: ...
    async def claim_quiet_move(self, user_id: int, now: float, every: float) -> float | None: ...
    async def add_vacation(self, user_id: int, starts: float, ends: float) -> None: ...
    async def end_vacation(self, user_id: int, now: float) -> None: ...
    async def vacations(self, user_id: int, since: float) -> list[Interval]: ...
    async def idle_async_sessions(self) -> frozenset[int]: ...
    async def beat(self, process: str, now: float) -> None: ...
    async def last_beat(self) -> float | None: ...
    async def add_downtime(self, starts: float, ends: float) -> None: ...
    async def downtimes(self, since: float) -> list[Interval]: ...

    # Across processes
    def hold(self, session_id: int) -> AbstractAsyncContextManager[Held | None]: ...
    def finishing(self) -> AbstractAsyncContextManager[None]: ...
    async def peek(self, session_id: int) -> Held | None: ...


def session_values(row: SessionRow) -> tuple[Any, ...]:
    """A session's columns after its id, in the sessions table's order (both backends)."""
    return (
        row.channel_id,
        row.guild_id,
        row.game,
        row.rules_version,
        json.dumps(row.options),
        row.seed,
        row.status,
        row.host_id,
        json.dumps(stored_seats(row.seats)),
        json.dumps(row.meta.stored()),
    )


def session_row(r: Any) -> SessionRow:
    """A stored row, its seats and meta validated (an old row reads with today's defaults);
    unreadable or misshapen JSON columns give a row marked `damage` instead of raising."""
    column = "options"
    try:
        options = _OPTIONS.validate_json(r[5])
        column = "seats"
        seats = SEATS.validate_json(r[9])
        column = "meta"
        meta = SessionMeta.model_validate_json(r[10])
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, (column, *first["loc"])))
        damage = f"unreadable JSON ({where}: {first['msg']})"
        return SessionRow(
            r[0], r[1], r[2], r[3], r[4], {}, r[6], r[7], r[8], (), SessionMeta(), damage
        )
    return SessionRow(r[0], r[1], r[2], r[3], r[4], options, r[6], r[7], r[8], seats, meta)


def input_values(session_id: int, row: InputRow) -> tuple[Any, ...]:
    """An input's columns (table.queries.INPUT_COLUMNS), stamped now."""
    return (session_id, row.seq, row.seat, row.move, dump(row.args), row.prompt_key, time.time())


def input_row(r: Any) -> InputRow:
    """An InputRow from the columns of table.queries.INPUTS."""
    return InputRow(r[0], r[1], r[2], json.loads(r[3]), r[4])


_OPTIONS = TypeAdapter(dict[str, Any])


def dump(args: dict[str, Any]) -> str:
    """Canonical JSON so equal inputs compare equal as text."""
    return json.dumps(args, sort_keys=True, separators=(",", ":"))
