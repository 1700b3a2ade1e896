"""Interaction callbacks, followups and interaction-token message edits."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from .model import EPHEMERAL, LOADING, FakeMessage, InteractionRecord
from .server import Body, Server, body_of, json_response, no_content
from .store import ApiError, Store, validate_choices, validate_modal

MESSAGE = 4
DEFERRED = 5
DEFERRED_UPDATE = 6
UPDATE = 7
AUTOCOMPLETE = 8
MODAL = 9
COMPONENT_TYPES = (3, 5)  # interactions that may update the message they came from


def _already() -> ApiError:
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


class WebhookApi:
    """Handlers for /interactions/{id}/{token}/callback and /webhooks/{app}/{token}/..."""

    def __init__(self, server: Server, deadline: float | None) -> None:
        self.server = server
        self.store: Store = server.store
        self.deadline = deadline

    def register(self) -> None:
        add = self.server.add
        add("POST", "/interactions/{iid}/{token}/callback", self.callback)
        add("POST", "/webhooks/{app}/{token}", self.followup)
        for method, handler in (
            ("GET", self.get_message),
            ("PATCH", self.edit_message),
            ("DELETE", self.delete_message),
        ):
            add(method, "/webhooks/{app}/{token}/messages/{mid}", handler)

    # ---- initial response -----------------------------------------------------------------

    def _pending(self, request: web.Request) -> InteractionRecord:
        rec = self.store.tokens.get(request.match_info["token"])
        if rec is None or str(rec.id) != request.match_info["iid"]:
            raise ApiError(404, 10062, "Unknown interaction")
        if rec.response_type is not None:
            raise _already()
        if self.deadline is not None and time.monotonic() - rec.created > self.deadline:
            raise ApiError(404, 10062, "Unknown interaction")
        return rec

    async def callback(self, request: web.Request) -> web.Response:
        rec = self._pending(request)
        body = body_of(request)
        rtype = int(body.data.get("type", 0))
        data = body.data.get("data") or {}
        msg = self._respond(rec, rtype, data, body)
        rec.response_type = rtype
        rec.response_message = msg
        rec.responded.set()
        return json_response(self._callback_response(rec, rtype, msg))

    def _respond(
        self, rec: InteractionRecord, rtype: int, data: dict[str, Any], body: Body
    ) -> FakeMessage | None:
        if rtype == MESSAGE:
            return self._new_message(rec, data, body, ephemeral=bool((data.get("flags") or 0) & 64))
        if rtype == DEFERRED:
            flags = LOADING | ((data.get("flags") or 0) & EPHEMERAL)
            return self._new_message(rec, {"flags": flags}, Body(), ephemeral=bool(flags & 64))
        if rtype in (DEFERRED_UPDATE, UPDATE):
            return self._update(rec, rtype, data, body)
        if rtype == AUTOCOMPLETE and rec.type == 4:
            validate_choices(data.get("choices") or [])
            rec.choices = list(data.get("choices") or [])
            return None
        if rtype == MODAL and rec.type in (2, 3):
            if not data.get("components"):  # Discord: "Must be between 1 and 5 in length."
                raise ApiError(400, 50035, "Invalid Form Body: components: BASE_TYPE_BAD_LENGTH")
            validate_modal(data)
            rec.modal = data
            return None
        raise ApiError(400, 50035, f"Invalid Form Body: response type {rtype} for {rec.type}")

    def _new_message(
        self, rec: InteractionRecord, data: dict[str, Any], body: Body, *, ephemeral: bool
    ) -> FakeMessage:
        channel = self.store.channel(rec.channel_id)
        who = rec.user.id if ephemeral else None
        validate = not data.get("flags", 0) & LOADING
        return self.store.create_message(
            channel,
            self.store.bot,
            data,
            body.files,
            ephemeral_for=who,
            interaction=rec,
            validate=validate,
        )

    def _update(
        self, rec: InteractionRecord, rtype: int, data: dict[str, Any], body: Body
    ) -> FakeMessage | None:
        if rec.type not in COMPONENT_TYPES:
            raise ApiError(400, 50035, "Invalid Form Body: cannot update a message here")
        msg = rec.source_message
        if rtype == UPDATE:
            if msg is None or msg.deleted:
                raise ApiError(404, 10008, "Unknown Message")
            self.store.edit_message(msg, data, body.files)
        return msg

    def _callback_response(
        self, rec: InteractionRecord, rtype: int, msg: FakeMessage | None
    ) -> dict[str, Any]:
        info: dict[str, Any] = {"id": str(rec.id), "type": rec.type}
        resource: dict[str, Any] = {"type": rtype}
        if msg is not None:
            info |= {
                "response_message_id": str(msg.id),
                "response_message_loading": msg.loading,
                "response_message_ephemeral": msg.ephemeral,
            }
            resource["message"] = self.store.message_json(msg)
        return {"interaction": info, "resource": resource}

    # ---- followups and token message edits ------------------------------------------------

    def _by_token(self, request: web.Request) -> InteractionRecord:
        rec = self.store.tokens.get(request.match_info["token"])
        app = request.match_info["app"]
        if rec is None or app != str(self.store.application_id) or rec.response_type is None:
            raise ApiError(404, 10015, "Unknown Webhook")
        return rec

    async def followup(self, request: web.Request) -> web.Response:
        rec = self._by_token(request)
        body = body_of(request)
        data = body.data
        original = rec.response_message
        if rec.response_type == DEFERRED and original is not None and original.loading:
            data = {k: v for k, v in data.items() if k != "flags"}
            self.store.edit_message(original, data, body.files)  # fills the "thinking" message
            msg = original
        else:
            ephemeral = bool((data.get("flags") or 0) & 64)
            msg = self._new_message(rec, data, body, ephemeral=ephemeral)
        rec.followups.append(msg)
        if request.query.get("wait", "").lower() in ("true", "1"):
            return json_response(self.store.message_json(msg))
        return no_content()

    def _token_message(self, request: web.Request) -> FakeMessage:
        rec = self._by_token(request)
        mid = request.match_info["mid"]
        if mid == "@original":
            msg = rec.response_message
        else:
            msg = next((m for m in rec.messages if str(m.id) == mid), None)
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self.store.message_json(self._token_message(request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        msg = self._token_message(request)
        self.store.refuse_if_archived(msg)
        body = body_of(request)
        self.store.edit_message(msg, body.data, body.files)
        return json_response(self.store.message_json(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        msg = self._token_message(request)
        self.store.refuse_if_archived(msg)
        self.store.delete_message(msg)
        return no_content()
