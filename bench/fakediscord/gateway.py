"""The fake gateway: plain JSON text frames, no compression."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from typing import Any

from aiohttp import WSMsgType, web

from .store import Store

log = logging.getLogger("bench.fakediscord.gateway")

HEARTBEAT_INTERVAL_MS = 41250


class Session:
    """One websocket connection from a client."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.session_id: str | None = None
        self.seq = 0
        self.shard = (0, 1)
        self.ready = False
        self.parked = False  # a killed bot trying to resume: it gets nothing any more
        self._lock = asyncio.Lock()

    async def send(self, payload: dict[str, Any]) -> None:
        async with self._lock:
            if not self.ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: Any) -> None:
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})

    def handles(self, guild_id: int | None) -> bool:
        """Sharding: guild events go to (guild_id >> 22) % n, DMs only to shard 0."""
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return (guild_id >> 22) % count == shard_id


class Gateway:
    """Accepts client websockets and dispatches events to the identified sessions."""

    def __init__(self, store: Store, token: str, on_activity: Callable[[], None]) -> None:
        self.store = store
        self.token = token
        self.url = "ws://127.0.0.1:0/"
        self.sessions: set[Session] = set()  # every open connection
        self.killed: set[str] = set()
        self.identify_count = 0
        self.ready_count = 0
        self.pending: set[asyncio.Task[int]] = set()  # events queued by synchronous setup calls
        self._on_activity = on_activity

    @property
    def active(self) -> list[Session]:
        return [s for s in self.sessions if s.ready and not s.ws.closed]

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = Session(ws)
        self.sessions.add(session)
        try:
            await session.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._on_frame(session, json.loads(msg.data))
        finally:
            self.sessions.discard(session)
        return ws

    async def _on_frame(self, session: Session, payload: dict[str, Any]) -> None:
        op, data = payload.get("op"), payload.get("d")
        if op == 1:
            await session.send({"op": 11})
        elif op == 2:
            await self._identify(session, data)
        elif op == 6:
            await self._resume(session, data)
        elif op == 8:
            await self._request_members(session, data)
        else:
            log.debug("ignored gateway op %s", op)

    async def _identify(self, session: Session, data: dict[str, Any]) -> None:
        if data.get("token") != self.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identify_count += 1
        session.session_id = secrets.token_hex(16)
        session.shard = tuple(data.get("shard") or (0, 1))  # type: ignore[assignment]
        await session.dispatch("READY", self._ready_payload(session))
        for guild_id in self.store.guild_names:
            if session.handles(guild_id):
                await session.dispatch("GUILD_CREATE", self.store.guild_json(guild_id))
        session.ready = True
        self.ready_count += 1
        self._on_activity()

    def _ready_payload(self, session: Session) -> dict[str, Any]:
        guilds = [
            {"id": str(guild_id), "unavailable": True}
            for guild_id in self.store.guild_names
            if session.handles(guild_id)
        ]
        return {
            "v": 10,
            "user": self.store.bot.to_json() | {"verified": True, "mfa_enabled": False},
            "session_id": session.session_id,
            "resume_gateway_url": self.url,
            "guilds": guilds,
            "application": {"id": str(self.store.application_id), "flags": 0},
            "shard": list(session.shard),
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "session_type": "normal",
        }

    async def _resume(self, session: Session, data: dict[str, Any]) -> None:
        if data.get("session_id") in self.killed:
            session.parked = True  # the "killed process": keep it quiet, never dispatch to it
            return
        await session.send({"op": 9, "d": False})

    async def _request_members(self, session: Session, data: dict[str, Any]) -> None:
        guild_id = int(data.get("guild_id") or self.store.guild_id)
        members = [
            self.store.member_json(u, guild_id=guild_id) for u in self.store.members(guild_id)
        ]
        chunk = {
            "guild_id": str(guild_id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: Any, guild_id: int | None) -> int:
        """Send an event to every identified session; returns how many got it."""
        targets = [s for s in self.active if s.handles(guild_id)]
        for session in targets:
            await session.dispatch(event, data)
        self._on_activity()
        return len(targets)

    def dispatch_soon(self, event: str, data: Any, guild_id: int | None) -> None:
        """Queue an event from synchronous code; :meth:`flush` waits for it."""
        if not self.active:
            return
        task = asyncio.get_running_loop().create_task(self.dispatch(event, data, guild_id))
        self.pending.add(task)
        task.add_done_callback(self.pending.discard)

    async def flush(self) -> None:
        """Deliver queued events before anything dispatched after them."""
        while self.pending:
            await asyncio.gather(*list(self.pending), return_exceptions=True)

    async def kill_all(self) -> None:
        """Close every identified session hard; their resumes get parked."""
        for session in self.active:
            if session.session_id is not None:
                self.killed.add(session.session_id)
            session.ready = False
            await session.ws.close(code=4000, message=b"killed by test")

    async def close_all(self) -> None:
        for task in list(self.pending):
            task.cancel()
        await asyncio.gather(*self.pending, return_exceptions=True)
        for session in list(self.sessions):
            session.ready = False
            await session.ws.close(code=1001, message=b"fake discord stopping")
