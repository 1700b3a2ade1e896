"""The table: lobbies, seats and inputs for every front end (Discord, local terminal, tests).

Front ends never call a game's `apply` themselves: they go through `TableService.submit`, which
serializes inputs per session, recognises double submissions, commits to the store and only then
returns the events to announce.

A write that fails leaves nothing behind (see table.sqlite) and the in-memory session is reloaded
from the store, so memory never runs ahead of (or behind) what a restart would rebuild. A session
whose row or log cannot be rebuilt is *broken*: kept as stored, refused with a clear code, and
never in the way of the other sessions or of aborting it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import Executor
from contextlib import asynccontextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from engine.ai import ai_seed
from engine.core import Action, AnyGame, Event, GameState, IllegalInput, Outcome, Prompt
from engine.levels import DEFAULT_LEVEL, LEVELS, level_action, level_action_by_id
from engine.registry import get_game
from engine.styles import pick_style, style_named
from table.ratings import finish_statements, forfeit_outcome
from table.session_model import Seat, SessionMeta
from table.store import (
    SNAPSHOT_EVERY,
    ChannelBusy,
    Held,
    InputRow,
    SessionMoved,
    SessionRow,
    StorageError,
    Store,
)

log = logging.getLogger("forum.table")
MOVE_MAX = 64  # characters of a move name; far above any game's
KEY_MAX = 200  # characters of a prompt key
ARGS_MAX = 16_000  # characters of an input's canonical JSON
LOG_PART = 1_000  # inputs read from the store at once for a replay or an export
# What an unreadable session row, snapshot or log raises while it is rebuilt.
_DAMAGE = (ValueError, TypeError, LookupError, AttributeError, IllegalInput)


class SessionBroken(IllegalInput):
    """A stored session that cannot be rebuilt; it can only be aborted (see abort_broken).

    Code "rules_changed" when it was stored under other rules of its game (front ends may offer
    to start over), else "session_broken"."""

    def __init__(self, row: SessionRow, reason: str, *, older_rules: bool = False) -> None:
        if older_rules:
            super().__init__("rules_changed", game=row.game)
        else:
            super().__init__("session_broken", session=row.id)
        self.row = row
        self.reason = reason


class _Damaged(Exception):
    """Stored data that cannot be what this code wrote: an unreadable row, a log with a gap,
    a snapshot beyond the log."""


class _OlderRules(_Damaged):
    """Stored under another rules version of its game: its log may not replay the same."""


@dataclass
class Session:
    """A session row plus, once started, its live state (rebuilt from the log on load)."""

    row: SessionRow
    game: AnyGame
    state: GameState | None = None
    seq: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # When each seat last had an input accepted here (wall clock, as the log's `at`): who is at
    # the table now.
    acted_at: dict[int, float] = field(default_factory=dict, repr=False, compare=False)
    _pending_of: GameState | None = field(default=None, repr=False, compare=False)
    _pending: list[Prompt] = field(default_factory=list, repr=False, compare=False)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.row.seats

    @property
    def meta(self) -> SessionMeta:
        return self.row.meta

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.row.seats]

    @property
    def status(self) -> str:
        return self.row.status

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.row.seats):
            if seat.user_id == user_id and not seat.ai:
                return index
        return None

    def is_ai(self, seat: int) -> bool:
        return self.row.seats[seat].ai

    def update_seat(self, seat: int, **changes: Any) -> None:
        """Seat `seat` replaced by a copy with `changes` (in memory; a save stores it)."""
        seats = list(self.row.seats)
        seats[seat] = seats[seat].model_copy(update=changes)
        self.row.seats = tuple(seats)

    def live(self) -> GameState:
        if self.state is None:
            raise IllegalInput("not_started")
        return self.state

    def pending(self) -> list[Prompt]:
        """The game's prompts, computed once per state (front ends ask many times per input)."""
        if self.state is None:
            return []
        if self._pending_of is not self.state:
            self._pending = self.game.pending(self.state)
            self._pending_of = self.state
        return self._pending

    def prompts_for(self, seat: int) -> list[Prompt]:
        return [p for p in self.pending() if seat in p.seats]

    def view(self, seat: int | None) -> BaseModel:
        view: BaseModel = self.game.view(self.live(), seat)
        return view

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state) if self.state is not None else None


@dataclass(frozen=True)
class Submission:
    """The result of an accepted (or duplicate) input."""

    seq: int
    events: list[Event]
    duplicate: bool = False
    finished: bool = False
    limit_reached: bool = False  # the log reached Game.input_limit: the game is aborted


class TableService:
    def __init__(self, store: Store, ai_pool: Executor | None = None) -> None:
        self.store = store
        # Where hard (search) AI decisions run: worker processes, never the event loop
        # (None: the loop's default threads, for tests and local mode without a pool).
        self.ai_pool = ai_pool
        self._sessions: dict[int, Session] = {}
        self._loading = asyncio.Lock()  # one Session object (and one lock) per session id
        self._reported: set[int] = set()  # broken sessions already logged
        self._finishing = asyncio.Lock()  # ratings are read and rewritten by one game at a time

    # Loading ----------------------------------------------------------------------------

    async def get(self, session_id: int) -> Session:
        """The session; SessionBroken when its stored row or log cannot be rebuilt."""
        cached = self._sessions.get(session_id)
        if cached is not None:
            return await self._fresh(cached)
        row = await self.store.session(session_id)
        if row is None:
            raise IllegalInput("no_session")
        return await self._load(row)

    async def in_channel(self, channel_id: int) -> Session | None:
        row = await self.store.open_session_in(channel_id)
        if row is None:
            return None
        cached = self._sessions.get(row.id)
        return await self._fresh(cached) if cached is not None else await self._load(row)

    async def open_sessions(self) -> list[Session]:
        """Every open session that loads; broken ones are left out (see recoverable)."""
        return (await self.recoverable())[0]

    async def recoverable(self, lazy: bool = False) -> tuple[list[Session], list[SessionBroken]]:
        """Open sessions, and finished ones whose final board was never shown, split into
        those that load and those that are broken. `lazy`: idle async tables (board current,
        no AI seat) are not even read; they load when acted on or due."""
        healthy, broken = [], []
        opened = await (self.store.open_sessions_but_idle() if lazy else self.store.open_sessions())
        for row in opened + await self.store.unshown_finished():
            try:
                healthy.append(await self.get(row.id))
            except SessionBroken as error:
                broken.append(error)
        return healthy, broken

    # Several processes on one database ---------------------------------------------------

    @asynccontextmanager
    async def _acting(self, session: Session) -> AsyncIterator[None]:
        """The session to this task alone, its cache as stored, its writes committed at exit.

        The asyncio lock serializes this process; the store's hold serializes processes (a no-op
        on SQLite, which one process owns) and reports what another process may have stored.
        """
        async with session.lock, self.store.hold(session.id) as held:
            if self.store.shared:
                if held is None:
                    raise IllegalInput("no_session")
                await self._catch_up(session, held)
            yield

    async def _fresh(self, session: Session) -> Session:
        """A cached session checked against the shared database (unless being acted on)."""
        if not self.store.shared or session.lock.locked():
            return session
        async with session.lock:
            held = await self.store.peek(session.id)
            if held is not None:
                await self._catch_up(session, held)
        return session

    @asynccontextmanager
    async def _finishing_game(self) -> AsyncIterator[None]:
        """Ratings are read and rewritten by one finishing game at a time, in every process."""
        async with self._finishing, self.store.finishing():
            yield

    async def _stored(self, session: Session) -> Held:
        held = await self.store.peek(session.id)
        if held is None:
            raise IllegalInput("no_session")
        return held

    async def _catch_up(self, session: Session, held: Held) -> None:
        """Bring the cache to the stored row and log: apply inputs it lacks, or rebuild it."""
        session.row = held.row
        if held.row.status in ("active", "finished") and held.seq != session.seq:
            if session.state is None or held.seq < session.seq:  # behind, or a failed commit
                session.state, session.seq = await self._rebuild(session)
            else:
                for row in await self.store.inputs(session.id, after=session.seq):
                    session.state, _ = session.game.apply(session.live(), _action(row))
                    session.seq = row.seq
        elif held.row.status == "active" and session.state is None:
            session.state, session.seq = _setup_state(session), 0
        if held.row.status not in ("lobby", "active"):
            self._sessions.pop(session.id, None)

    async def _load(self, row: SessionRow) -> Session:
        async with self._loading:
            cached = self._sessions.get(row.id)
            return cached if cached is not None else await self._build(row)

    async def _build(self, row: SessionRow) -> Session:
        try:
            if row.damage is not None:
                raise _Damaged(row.damage)
            game = get_game(row.game)
            if row.rules_version != game.rules_version:
                raise _OlderRules(f"stored under rules version {row.rules_version}")
            session = Session(row=row, game=game)
            if row.status in ("active", "finished"):
                session.state, session.seq = await self._rebuild(session)
        except (*_DAMAGE, _Damaged) as error:
            raise self._broken(row, error) from error
        if row.status in ("lobby", "active"):
            self._sessions[row.id] = session
        return session

    def _broken(self, row: SessionRow, error: Exception) -> SessionBroken:
        reason = f"{type(error).__name__}: {error}"
        if row.id not in self._reported:
            self._reported.add(row.id)
            log.error("session %s (channel %s) is broken: %s", row.id, row.channel_id, reason)
        return SessionBroken(row, reason, older_rules=isinstance(error, _OlderRules))

    async def _rebuild(self, session: Session) -> tuple[GameState, int]:
        """Latest snapshot (or setup) + the inputs after it, checking the log on the way."""
        count, highest = await self.store.log_extent(session.id)
        if count != highest:
            raise _Damaged(f"the log has {count} inputs but reaches seq {highest}")
        snapshot = await self.store.latest_snapshot(session.id)
        if snapshot is None:
            state, seq = _setup_state(session), 0
        else:
            seq, text = snapshot
            if seq > highest:
                raise _Damaged(f"snapshot at seq {seq} beyond the log's {highest}")
            state = session.game.load_state(text)
        for row in await self.store.inputs(session.id, after=seq):
            state, _ = session.game.apply(state, _action(row))
            seq = row.seq
        return state, seq

    async def replay(self, session_id: int) -> Iterator[tuple[InputRow, list[Event]]]:
        """Every accepted input with the events it caused, recomputed from the log."""
        return iter((await self.replay_after(await self.get(session_id), None)).steps)

    async def log_parts(self, session_id: int, after: int = 0) -> AsyncIterator[list[InputRow]]:
        """The log after seq `after`, LOG_PART inputs at a time: reading (decoding) a whole
        long log at once would hold the event loop too long."""
        while rows := await self.store.inputs(session_id, after=after, limit=LOG_PART):
            yield rows
            after = rows[-1].seq

    async def replay_after(self, session: Session, start: Replayed | None) -> Replayed:
        """The inputs logged after `start` (None: all of them) with their events, recomputed
        in a thread: a log of thousands of inputs takes longer than the event loop may wait."""
        replayed = start or Replayed(0, await asyncio.to_thread(_setup_state, session), [])
        steps: list[tuple[InputRow, list[Event]]] = []
        try:
            async for rows in self.log_parts(session.id, after=replayed.seq):
                replayed = await asyncio.to_thread(_replay_rows, session, replayed, rows)
                steps += replayed.steps
        except _DAMAGE as error:
            raise self._broken(session.row, error) from error
        return Replayed(replayed.seq, replayed.state, steps)

    async def abort_broken(self, broken: SessionBroken) -> None:
        """End a broken session: only its status changes, the stored data is kept as it is."""
        async with self._saving(None):
            await self.store.set_status(broken.row.id, "aborted")
            await self.store.clear_deadline(broken.row.id)

    @asynccontextmanager
    async def _saving(self, session: Session | None) -> AsyncIterator[None]:
        """Around a store write: on failure, memory is reloaded from the store, and a storage
        fault becomes IllegalInput("storage_unavailable") (logged with what an admin must fix)."""
        try:
            yield
        except BaseException as error:
            if session is not None:
                await asyncio.shield(self._resync(session))
            if isinstance(error, StorageError):
                log.error("cannot save: %s — %s", error, error.fix)
                raise IllegalInput("storage_unavailable") from error
            raise

    async def _resync(self, session: Session) -> None:
        """Make the in-memory session what the store holds (after a write that failed)."""
        self._sessions.pop(session.id, None)
        try:
            row = await self.store.session(session.id)
            if row is None:
                return
            fresh = await self._load(row)
        except Exception:
            log.exception("session %s could not be reloaded after a failed write", session.id)
            return
        session.row, session.state, session.seq = fresh.row, fresh.state, fresh.seq
        if session.id in self._sessions:
            self._sessions[session.id] = session  # keep the one Session (and lock) in use

    # Lobby ------------------------------------------------------------------------------

    async def open(
        self,
        *,
        channel_id: int,
        guild_id: int | None,
        game_id: str,
        options: dict[str, Any],
        host_id: int,
        host_name: str,
        locale: str | None = None,
        seed: int | None = None,
    ) -> Session:
        try:
            game = get_game(game_id)
        except KeyError:
            raise IllegalInput("unknown_game", game=game_id) from None
        try:
            parsed = game.parse_options(options)
            _require_some_table_size(game, parsed)
        except IllegalInput:  # an IllegalOption is a ValueError too: its own code stands
            raise
        except ValueError as error:
            raise IllegalInput("bad_option", detail=_first_error(error)) from None
        row = SessionRow(
            id=0,
            channel_id=channel_id,
            guild_id=guild_id,
            game=game_id,
            rules_version=game.rules_version,
            options=parsed.model_dump(),
            seed=seed if seed is not None else secrets.randbits(63),
            status="lobby",
            host_id=host_id,
            seats=(Seat(user_id=host_id, name=host_name, ai=False, locale=locale),),
            meta=SessionMeta(),
        )
        try:
            async with self._saving(None):
                row.id = await self.store.create_session(row)
        except ChannelBusy:
            raise IllegalInput("channel_busy") from None
        session = Session(row=row, game=game)
        self._sessions[row.id] = session
        return session

    async def join(
        self, session: Session, user_id: int, name: str, locale: str | None = None
    ) -> None:
        async with self._acting(session):
            self._require_lobby(session)
            if session.seat_of(user_id) is not None:
                raise IllegalInput("already_joined")
            self._require_room(session)
            joined = Seat(user_id=user_id, name=name, ai=False, locale=locale)
            session.row.seats = (*session.row.seats, joined)
            await self._save(session)

    async def add_ai(
        self, session: Session, by_user: int, name: str = "AI {number}", level: str = DEFAULT_LEVEL
    ) -> None:
        """An AI seat named by `name` (a template of its number, in the table's language),
        playing at `level` (easy, normal or hard) in a style no other AI at the table has
        (engine.styles), both stored with the seat."""
        if level not in LEVELS:
            raise IllegalInput("bad_level", level=level)
        async with self._acting(session):
            self._require_lobby(session)
            self._require_host(session, by_user)
            self._require_room(session)
            number = sum(1 for seat in session.seats if seat.ai) + 1
            taken = [seat.style for seat in session.seats if seat.ai and seat.style]
            style = pick_style(taken, session.row.seed)
            seat = Seat(
                user_id=0, name=name.format(number=number), ai=True, level=level, style=style
            )
            session.row.seats = (*session.row.seats, seat)
            await self._save(session)

    async def leave(self, session: Session, user_id: int) -> None:
        async with self._acting(session):
            self._require_lobby(session)
            seat = session.seat_of(user_id)
            if seat is None:
                raise IllegalInput("not_joined")
            session.row.seats = session.row.seats[:seat] + session.row.seats[seat + 1 :]
            humans = [s for s in session.seats if not s.ai]
            if not humans:
                session.row.status = "aborted"
                self._sessions.pop(session.id, None)
            elif user_id == session.row.host_id:
                session.row.host_id = humans[0].user_id
            await self._save(session)

    async def start(self, session: Session, by_user: int) -> None:
        async with self._acting(session):
            self._require_lobby(session)
            self._require_host(session, by_user)
            count = len(session.seats)
            if count < session.game.min_seats:
                raise IllegalInput("too_few_players", minimum=session.game.min_seats, count=count)
            state = _setup_state(session)  # IllegalInput: options this player count cannot use
            session.row.status = "active"
            session.state, session.seq = state, 0
            await self._save(session)

    async def abort(self, session: Session) -> None:
        async with self._acting(session):
            session.row.status = "aborted"
            await self._save(session)
            await self._closed(session)

    async def forfeit(self, session: Session, seat: int) -> None:
        """Timeout policy `abort`: the game ends unfinished and is rated as `seat`'s forfeit
        (table.ratings.forfeit_outcome), in the abort's own transaction."""
        async with self._acting(session):
            outcome = forfeit_outcome(len(session.row.seats), seat)
            also = await finish_statements(self.store, session.row, session.game, outcome)
            async with self._saving(session):
                await self.store.set_status(session.id, "aborted", also)
            session.row.status = "aborted"
            await self._closed(session)

    async def _closed(self, session: Session) -> None:
        """A session that ended unfinished is forgotten here, with its deadline."""
        self._sessions.pop(session.id, None)
        with suppress(IllegalInput):  # a leftover deadline finds the session aborted
            async with self._saving(None):
                await self.store.clear_deadline(session.id)

    async def hand_seat_to_ai(self, session: Session, seat: int) -> None:
        """Timeout policy: an AI plays this seat from now on (the log is unaffected)."""
        async with self._acting(session):
            session.update_seat(seat, ai=True)
            await self._save(session)

    async def set_meta(self, session: Session, durable: bool = False, **values: Any) -> None:
        """Bookkeeping of the front end; kept in memory even when the write fails (the next
        save writes it), so it needs no reload and no session lock. `durable` for a mark that
        must survive a power cut too (a hinted game is not rated)."""
        session.row.meta = session.row.meta.updated(**values)
        async with self._saving(None):
            await self.store.save_meta(session.id, session.row.meta, durable)

    async def mark_hinted(self, session: Session, seat: int) -> None:
        """`seat` took the hard AI's hint: that seat is not rated (table.ratings), and the mark
        is durable, stored before the hint is shown."""
        seats = sorted({*(session.row.meta.hinted_seats or ()), seat})
        await self.set_meta(session, durable=True, hinted=True, hinted_seats=seats)

    async def _save(self, session: Session) -> None:
        """Store the session row as changed in memory (the caller holds the session lock)."""
        async with self._saving(session):
            await self.store.save_session(session.row)

    def _require_lobby(self, session: Session) -> None:
        if session.status != "lobby":
            raise IllegalInput("not_in_lobby")

    def _require_host(self, session: Session, user_id: int) -> None:
        if user_id != session.row.host_id:
            raise IllegalInput("not_host")

    def _require_room(self, session: Session) -> None:
        if len(session.seats) >= session.game.max_seats:
            raise IllegalInput("table_full", maximum=session.game.max_seats)

    # Play -------------------------------------------------------------------------------

    async def submit(
        self,
        session: Session,
        seat: int,
        move: str,
        args: dict[str, Any],
        prompt_key: str | None = None,
    ) -> Submission:
        """Apply one input: validated by the rules, committed, then returned for announcing.

        `prompt_key` (what the front end showed) lets a stale answer be refused and a repeated
        identical answer be recognised as a duplicate (a no-op) rather than a second move.
        Several processes: the store refuses an input another process got ahead of
        (SessionMoved); the cache then catches up and the input is judged again.
        """
        _check_input(session, seat, move, args, prompt_key)
        async with session.lock:
            while True:
                try:
                    return await self._submit_locked(session, seat, move, args, prompt_key)
                except SessionMoved:
                    await self._catch_up(session, await self._stored(session))
                except IllegalInput:
                    # Refused by a cache another process may have outdated: judge it again.
                    held = await self._stored(session) if self.store.shared else None
                    if held is None or (held.seq, held.row.status) == (session.seq, session.status):
                        raise
                    await self._catch_up(session, held)

    async def _submit_locked(
        self, session: Session, seat: int, move: str, args: dict[str, Any], prompt_key: str | None
    ) -> Submission:
        if session.status != "active":
            raise IllegalInput("not_active")
        state = session.live()
        prompt = _find_prompt(session.game.pending(state), seat, move, prompt_key)
        key = prompt.key if prompt else (prompt_key or "")
        if prompt is not None and await self._same_answer_again(session, seat, prompt, args):
            return Submission(seq=session.seq, events=[], duplicate=True)
        action = Action(seat=seat, move=move, args=args)
        try:
            if prompt is None and prompt_key is not None:
                raise IllegalInput("stale")
            new_state, events = session.game.apply(state, action)
        except IllegalInput:
            if prompt_key and await self.store.find_input(session.id, seat, key, move, args):
                return Submission(seq=session.seq, events=[], duplicate=True)
            raise
        return await self._commit(session, action, key, new_state, events)

    async def _same_answer_again(
        self, session: Session, seat: int, prompt: Prompt, args: dict[str, Any]
    ) -> bool:
        """A revised answer equal to the seat's current one changes nothing: a no-op."""
        if not (prompt.revisable and seat in prompt.done):
            return False
        latest = await self.store.latest_input(session.id, seat, prompt.key)
        return latest is not None and latest.move == prompt.move and latest.args == args

    async def _commit(
        self, session: Session, action: Action, key: str, state: GameState, events: list[Event]
    ) -> Submission:
        seq = session.seq + 1
        outcome = session.game.outcome(state)
        finished = outcome is not None
        # The log's bound (Game.input_limit): the input that reaches it aborts the game with it.
        limited = not finished and seq >= session.game.input_limit()
        ended = "finished" if finished else "aborted" if limited else None
        snapshot = state.model_dump_json() if seq % SNAPSHOT_EVERY == 0 or ended else None
        row = InputRow(seq, action.seat, action.move, action.args, key)
        async with self._saving(session), self._finishing_game() if finished else nullcontext():
            also = (
                await finish_statements(self.store, session.row, session.game, outcome)
                if outcome
                else []
            )
            await self.store.append_input(
                session.id,
                row,
                snapshot=snapshot,
                status=ended,
                also=also,
            )
        session.state, session.seq = state, seq
        session.acted_at[action.seat] = time.time()  # as the log's `at`: see turn_pings
        if ended:
            session.row.status = ended
            self._sessions.pop(session.id, None)
            with suppress(Exception):
                await self.store.clear_deadline(session.id)
        return Submission(seq=seq, events=events, finished=finished, limit_reached=limited)

    def ai_turns(self, session: Session) -> list[tuple[int, Prompt]]:
        """(seat, prompt) for every AI seat that owes an answer now."""
        turns = []
        for prompt in session.pending():
            for seat in prompt.seats:
                if session.is_ai(seat) and (seat, prompt) not in turns:
                    turns.append((seat, prompt))
        return turns

    def ai_action(self, session: Session, seat: int, prompt: Prompt) -> Action:
        """The seat's decision at its level, computed here (tests, benchmarks)."""
        seed = ai_seed(session.row.seed, session.seq, seat)
        stored = session.row.seats[seat]
        style = style_named(stored.style)
        return level_action(
            session.game, session.live(), prompt, seat, seed, seat_level(stored), style
        )

    async def _ai_decision(self, session: Session, seat: int, prompt: Prompt) -> Action:
        """As `ai_action`, but a hard seat's search runs in the AI pool, off the event loop."""
        if seat_level(session.row.seats[seat]) != "hard":
            return self.ai_action(session, seat, prompt)
        seed = ai_seed(session.row.seed, session.seq, seat)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.ai_pool, level_action_by_id, session.row.game, session.live(), prompt, seat, seed
        )

    async def play_ai(self, session: Session) -> Submission | None:
        """Let one AI seat act, if any owes an answer; returns what happened."""
        await self._fresh(session)  # another process may have played this turn already
        turns = self.ai_turns(session)
        if not turns or session.status != "active":
            return None
        seat, prompt = turns[0]
        action = await self._ai_decision(session, seat, prompt)
        return await self.submit(session, seat, action.move, action.args, prompt.key)


def _require_some_table_size(game: AnyGame, options: Any) -> None:
    """Refuse, when the lobby opens, option clashes that no player count could start with."""
    errors = []
    for seats in range(game.min_seats, game.max_seats + 1):
        try:
            game.setup(options, seats, 0)
            return
        except IllegalInput as error:
            errors.append(error)
    raise errors[0]


def _check_input(session: Session, seat: Any, move: Any, args: Any, prompt_key: Any) -> None:
    """Refuse, with a code, an input that is not even shaped like one (before the rules see it
    or the store has to hold it): what is stored must replay to exactly the same input."""
    if type(seat) is not int or not 0 <= seat < len(session.seats):
        raise IllegalInput("not_a_player")
    if not (_storable_text(move, MOVE_MAX) and move):
        raise IllegalInput("unknown_move", move=str(move)[:MOVE_MAX])
    if prompt_key is not None and not _storable_text(prompt_key, KEY_MAX):
        raise IllegalInput("stale")
    if not isinstance(args, dict) or not all(isinstance(name, str) for name in args):
        raise IllegalInput("bad_input")
    try:
        text = json.dumps(args, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        raise IllegalInput("bad_input") from None
    if len(text) > ARGS_MAX or json.loads(text) != args:  # e.g. tuples, NaN, int-keyed dicts
        raise IllegalInput("bad_input")


def _storable_text(value: Any, limit: int) -> bool:
    if not isinstance(value, str) or len(value) > limit:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: SQLite cannot store them
        return False
    return True


def _find_prompt(prompts: list[Prompt], seat: int, move: str, key: str | None) -> Prompt | None:
    for prompt in prompts:
        if prompt.move != move or (key is not None and prompt.key != key):
            continue
        if seat in prompt.seats or seat in prompt.done:
            return prompt
    return None


@dataclass(frozen=True)
class Replayed:
    """Where a replay of a log got to, and the inputs it went through with their events."""

    seq: int
    state: GameState
    steps: list[tuple[InputRow, list[Event]]]


def _replay_rows(session: Session, start: Replayed, rows: list[InputRow]) -> Replayed:
    state, seq, steps = start.state, start.seq, []
    for row in rows:
        state, events = session.game.apply(state, _action(row))
        steps.append((row, events))
        seq = row.seq
    return Replayed(seq, state, steps)


def _setup_state(session: Session) -> GameState:
    game = session.game
    state: GameState = game.setup(
        game.parse_options(session.row.options), len(session.row.seats), session.row.seed
    )
    return state


def _action(row: InputRow) -> Action:
    return Action(seat=row.seat, move=row.move, args=row.args)


def seat_level(seat: Seat) -> str:
    """An AI seat's level; seats stored before levels existed play `normal`."""
    return seat.level or DEFAULT_LEVEL


def _first_error(error: ValueError) -> str:
    errors = getattr(error, "errors", None)
    if callable(errors):
        first = errors()[0]
        return f"{'.'.join(map(str, first['loc']))}: {first['msg']}"
    return str(error)
