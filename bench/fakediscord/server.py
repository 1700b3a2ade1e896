"""The loopback aiohttp server: request recording, body parsing, routing, start/stop."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, web

from .gateway import Gateway
from .limits import Limiter, Refusal
from .model import Attachment, RequestRecord
from .store import ApiError, Store

log = logging.getLogger("bench.fakediscord")

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
BODY_KEY = web.RequestKey("body", object)


@dataclass
class Body:
    """A parsed request body: the JSON (or ``payload_json`` part) and uploaded files."""

    json: Any = None
    files: list[Attachment] = field(default_factory=list)

    @property
    def data(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with Content-Type exactly ``application/json`` (discord.py needs that)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json"
    )


def no_content() -> web.Response:
    return web.Response(status=204)


def body_of(request: web.Request) -> Body:
    return request[BODY_KEY]  # type: ignore[return-value]


async def parse_body(request: web.Request) -> Body:
    if not request.body_exists:
        return Body()
    if request.content_type.startswith("multipart/"):
        return await _parse_multipart(request)
    raw = await request.read()
    try:
        return Body(json.loads(raw) if raw else None)
    except ValueError:
        return Body(raw.decode(errors="replace"))


async def _parse_multipart(request: web.Request) -> Body:
    body = Body()
    indexed: dict[int, Attachment] = {}
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        name = part.name or ""
        if name == "payload_json":
            body.json = json.loads(await part.text())
        elif name.startswith("file"):
            digits = "".join(ch for ch in name if ch.isdigit()) or str(len(indexed))
            data = await part.read()
            indexed[int(digits)] = Attachment(part.filename or name, bytes(data))
    body.files = [indexed[i] for i in sorted(indexed)]
    return body


def _too_many(refusal: Refusal) -> web.Response:
    """Discord's 429: `Via` marks it as Discord's own (not a Cloudflare ban) for discord.py."""
    response = json_response(
        {
            "message": "You are being rate limited.",
            "retry_after": round(refusal.retry_after, 3),
            "global": refusal.is_global,
            "code": 0,
        },
        429,
    )
    response.headers["Via"] = "1.1 google"
    response.headers["Retry-After"] = str(max(1, round(refusal.retry_after)))
    if refusal.is_global:
        response.headers["X-RateLimit-Global"] = "true"
    response.headers["X-RateLimit-Scope"] = "global" if refusal.is_global else "user"
    return response


class Server:
    """Owns the aiohttp app; REST handlers register themselves through ``add``."""

    def __init__(self, store: Store, gateway: Gateway) -> None:
        self.store = store
        self.gateway = gateway
        self.app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024**2)
        self.app.router.add_get("/", gateway.handle)
        self.app.router.add_get("/attachments/{cid}/{aid}/{filename}", self._attachment)
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.inflight = 0
        self.last_activity = time.monotonic()
        self.limiter = Limiter()

    def add(self, method: str, path: str, handler: Handler) -> None:
        self.app.router.add_route(method, API + path, handler)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, shutdown_timeout=0.5, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.store.base_url = self.base_url
        self.gateway.url = f"ws://127.0.0.1:{self.port}/"

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def touch(self) -> None:
        self.last_activity = time.monotonic()

    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API + "/"):
            return await handler(request)
        self.inflight += 1
        self.touch()
        try:
            return await self._recorded(request, handler)
        finally:
            self.inflight -= 1
            self.touch()

    async def _recorded(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        arrived = time.monotonic()  # Discord counts a request when it arrives, not once read
        body = await parse_body(request)
        request[BODY_KEY] = body
        path = request.path[len(API) :]
        record = RequestRecord(request.method, path, dict(request.query), body.json, body.files)
        self.store.requests.append(record)
        refusal = self.limiter.check(request.method, path, arrived)
        if refusal is not None:
            response = _too_many(refusal)
        else:
            response = await self._respond(request, handler, record)
        response.headers.update(self.limiter.headers(request.method, path))
        record.status = response.status
        if response.status >= 400:
            log.info("%s %s -> %s", request.method, path, response.status)
        return response

    async def _respond(
        self, request: web.Request, handler: Handler, record: RequestRecord
    ) -> web.StreamResponse:
        if request.match_info.http_exception is not None:
            log.warning("fakediscord: unknown route %s %s", record.method, record.path)
            self.store.unknown_routes.append(record)
            return json_response({"code": 0, "message": "unknown route"}, 404)
        try:
            return await handler(request)
        except ApiError as exc:
            return json_response(exc.body(), exc.status)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a bug in the fake: answer 400 so discord.py does not retry
            log.exception("fakediscord: handler crashed on %s %s", record.method, record.path)
            self.store.server_errors.append(f"{record.method} {record.path}: {exc!r}")
            return json_response({"code": 0, "message": f"fake server error: {exc!r}"}, 400)

    async def _attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["aid"])
        for msg in self.store.messages.values():
            for att in msg.attachments:
                if att.id == aid:
                    return web.Response(body=att.data, content_type=att.content_type or "")
        return web.Response(status=404)
