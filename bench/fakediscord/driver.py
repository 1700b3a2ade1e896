"""Acting as users: slash commands, autocomplete, clicks, selects, modals, chat messages."""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Sequence
from typing import Any

from .gateway import Gateway
from .model import FakeChannel, FakeMessage, FakeUser, InteractionRecord, iter_components
from .store import FILE_SIZE_LIMIT, Store

log = logging.getLogger("bench.fakediscord.driver")

OptionValue = str | int | float | bool | FakeUser | tuple[int, Any]
SELECT_TYPES = (3, 5, 6, 7, 8)


def option_json(name: str, value: OptionValue, focused: bool = False) -> dict[str, Any]:
    """One leaf option; the type is inferred (bool 5, int 4, float 10, str 3, FakeUser 6)."""
    if isinstance(value, tuple):
        otype, raw = value
    elif isinstance(value, FakeUser):
        otype, raw = 6, str(value.id)
    elif isinstance(value, bool):
        otype, raw = 5, value
    elif isinstance(value, int):
        otype, raw = 4, value
    elif isinstance(value, float):
        otype, raw = 10, value
    else:
        otype, raw = 3, str(value)
    data: dict[str, Any] = {"name": name, "type": otype, "value": raw}
    if focused:
        data["focused"] = True
    return data


def build_options(
    path: Sequence[str], options: dict[str, OptionValue], focused: str | None = None
) -> list[dict[str, Any]]:
    """Nest leaf options under the subcommand (type 1) and groups (type 2) of ``path``."""
    nested = [option_json(k, v, k == focused) for k, v in options.items()]
    for depth, name in enumerate(reversed(path)):
        nested = [{"name": name, "type": 1 if depth == 0 else 2, "options": nested}]
    return nested


def _modal_component(comp: dict[str, Any], values: dict[str, Any]) -> dict[str, Any] | None:
    ctype = comp.get("type")
    if ctype == 1:
        subs = [s for c in comp.get("components", []) if (s := _modal_component(c, values))]
        return {"type": 1, "components": subs}
    if ctype == 18:
        inner = _modal_component(comp["component"], values)
        return None if inner is None else {"type": 18, "component": inner}
    cid = comp.get("custom_id")
    if cid is None:
        return None
    if ctype == 4:
        return {"type": 4, "custom_id": cid, "value": _text_value(comp, values.get(cid))}
    if ctype in SELECT_TYPES or ctype in (19, 22):
        return {"type": ctype, "custom_id": cid, "values": [str(v) for v in values.get(cid, [])]}
    return {"type": ctype, "custom_id": cid, "value": values.get(cid)}


def _text_value(comp: dict[str, Any], value: Any) -> str:
    text = "" if value is None else str(value)
    if comp.get("required", True) and not text:
        raise ValueError(f"text input {comp['custom_id']!r} is required")
    if text and not comp.get("min_length", 0) <= len(text) <= comp.get("max_length", 4000):
        raise ValueError(f"text input {comp['custom_id']!r}: length {len(text)} out of bounds")
    return text


def _check_select(comp: dict[str, Any], values: list[str]) -> None:
    lo, hi = comp.get("min_values", 1), comp.get("max_values", 1)
    if not lo <= len(values) <= hi:
        raise ValueError(f"select {comp['custom_id']!r} takes {lo}..{hi} values, got {values}")
    if comp["type"] == 3:
        allowed = {o["value"] for o in comp.get("options", [])}
        if not set(values) <= allowed:
            raise ValueError(f"select {comp['custom_id']!r}: {values} not among {sorted(allowed)}")


class UserActions:
    """Mixin of :class:`FakeDiscord`: builds interaction payloads and dispatches them."""

    store: Store
    gateway: Gateway
    response_timeout: float

    # ---- interaction plumbing -------------------------------------------------------------

    def _new_interaction(
        self,
        user: FakeUser,
        itype: int,
        channel_id: int | None,
        message: FakeMessage | None = None,
    ) -> InteractionRecord:
        channel = self.store.channel(channel_id or self.store.channel_id)
        if channel.is_dm and channel.recipient is not user:
            raise ValueError(f"{user.name} cannot act in another user's DM channel")
        if channel.guild_id is not None and not self.store.is_member(user, channel.guild_id):
            raise ValueError(f"{user.name} is not a member of channel {channel.id}'s server")
        rec = InteractionRecord(
            id=self.store.ids.next(),
            token=f"tok-{secrets.token_urlsafe(24)}",
            user=user,
            type=itype,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            source_message=message,
        )
        self.store.interactions[rec.id] = rec
        self.store.tokens[rec.token] = rec
        return rec

    def _interaction_payload(
        self, rec: InteractionRecord, data: dict[str, Any], locale: str | None
    ) -> dict[str, Any]:
        channel = self.store.channel(rec.channel_id)
        payload: dict[str, Any] = {
            "id": str(rec.id),
            "application_id": str(self.store.application_id),
            "type": rec.type,
            "token": rec.token,
            "version": 1,
            "data": data,
            "locale": locale or rec.user.locale,
            "attachment_size_limit": FILE_SIZE_LIMIT,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": self._owners(rec, channel),
            "channel_id": str(channel.id),
            "channel": self.store.channel_json(channel),
        }
        payload |= self._context_fields(rec, channel)
        if rec.source_message is not None:
            payload["message"] = self.store.message_json(rec.source_message)
        return payload

    def _owners(self, rec: InteractionRecord, channel: FakeChannel) -> dict[str, str]:
        """Who installed the app for this interaction: the server in it (guild install, key
        "0"); in a DM, the user (user install, key "1")."""
        if channel.is_dm:
            return {"1": str(rec.user.id)}
        return {"0": str(channel.guild_id)}

    def _context_fields(self, rec: InteractionRecord, channel: FakeChannel) -> dict[str, Any]:
        if channel.is_dm:
            perms = self.store.permissions_of(self.store.bot) & ~self.store.bot_role_permissions()
            return {"user": rec.user.to_json(), "context": 1, "app_permissions": str(perms)}
        guild_locale = {"guild_locale": self.store.guild_locale} if self.store.guild_locale else {}
        return guild_locale | {
            "guild_id": str(channel.guild_id),
            "member": self.store.member_json(rec.user, permissions=True, guild_id=channel.guild_id),
            "context": 0,
            "app_permissions": str(self.store.permissions_of(self.store.bot)),
        }

    def _resolved(self, values: list[FakeUser], in_guild: bool) -> dict[str, Any]:
        users = {str(u.id): u.to_json() for u in values}
        resolved: dict[str, Any] = {"users": users}
        if in_guild:
            resolved["members"] = {
                str(u.id): self.store.member_json(u, with_user=False, permissions=True)
                for u in values
            }
        return resolved

    async def _send(
        self,
        rec: InteractionRecord,
        data: dict[str, Any],
        locale: str | None,
        wait: bool,
        timeout: float | None,
    ) -> InteractionRecord:
        rec.payload = self._interaction_payload(rec, data, locale)
        await self.gateway.flush()
        if await self.gateway.dispatch("INTERACTION_CREATE", rec.payload, rec.guild_id) == 0:
            raise RuntimeError("no bot is connected to the fake gateway")
        if wait:
            try:
                await asyncio.wait_for(rec.responded.wait(), timeout or self.response_timeout)
            except TimeoutError:
                log.info("interaction %s (type %s) got no response", rec.id, rec.type)
        return rec

    # ---- application commands -------------------------------------------------------------

    def _command_data(
        self, name: str, path: Sequence[str], options: dict[str, OptionValue], focused: str | None
    ) -> dict[str, Any]:
        guild_cmds = {c["name"]: c for c in self.store.commands.get(self.store.guild_id, [])}
        global_cmds = {c["name"]: c for c in self.store.commands.get(None, [])}
        registered = guild_cmds.get(name) or global_cmds.get(name)
        data: dict[str, Any] = {
            "id": registered["id"] if registered else str(self.store.ids.next()),
            "name": name,
            "type": 1,
            "options": build_options(path, options, focused),
        }
        if name in guild_cmds:
            data["guild_id"] = str(self.store.guild_id)
        users = [v for v in options.values() if isinstance(v, FakeUser)]
        if users:
            data["resolved"] = self._resolved(users, True)
        return data

    def _require_context(self, name: str, rec: InteractionRecord) -> None:
        """Discord offers a command only where its `contexts` allow (1: the bot's DM)."""
        registered = {c["name"]: c for c in self.store.commands.get(None, [])}.get(name)
        contexts = (registered or {}).get("contexts")
        context = 1 if self.store.channel(rec.channel_id).is_dm else 0
        if contexts is not None and context not in contexts:
            raise ValueError(f"Discord does not offer /{name} in context {context}")

    async def slash(
        self,
        user: FakeUser,
        name: str,
        path: Sequence[str] = (),
        options: dict[str, OptionValue] | None = None,
        *,
        channel_id: int | None = None,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Run ``/name path... options`` as ``user``; waits for the initial response."""
        rec = self._new_interaction(user, 2, channel_id)
        data = self._command_data(name, path, options or {}, None)
        self._require_context(name, rec)
        if rec.guild_id is None:
            data.pop("resolved", None)
        return await self._send(rec, data, locale, wait, timeout)

    async def autocomplete(
        self,
        user: FakeUser,
        name: str,
        path: Sequence[str],
        options: dict[str, OptionValue],
        focused: str,
        *,
        channel_id: int | None = None,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """Ask for autocomplete choices of option ``focused``; returns the choice dicts."""
        rec = self._new_interaction(user, 4, channel_id)
        data = self._command_data(name, path, options, focused)
        await self._send(rec, data, locale, True, timeout)
        return rec.choices or []

    # ---- components -----------------------------------------------------------------------

    def _component(
        self, user: FakeUser, message: FakeMessage, custom_id: str, types: tuple[int, ...]
    ) -> tuple[FakeMessage, dict[str, Any]]:
        msg = self.store.messages.get(message.id, message)
        if msg.deleted:
            raise ValueError(f"message {msg.id} was deleted")
        if msg.ephemeral_for is not None and msg.ephemeral_for != user.id:
            raise ValueError(f"{user.name} cannot see ephemeral message {msg.id}")
        own_dm = self.store.dm_channels.get(user.id)
        if self.store.channel(msg.channel_id).is_dm and (
            own_dm is None or own_dm.id != msg.channel_id
        ):
            raise ValueError(f"{user.name} cannot see another user's DM {msg.id}")
        comp = msg.find_component(custom_id)
        if comp is None:
            raise ValueError(f"no component {custom_id!r} on message; has {msg.all_custom_ids()}")
        if comp.get("type") not in types:
            raise ValueError(f"component {custom_id!r} has type {comp.get('type')}")
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        return msg, comp

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
        check: bool = True,
    ) -> InteractionRecord:
        """Press a button (component_type 2); DM messages give a DM interaction.

        ``check=False`` skips the "is this button on the message, enabled, visible to
        the user" checks, to forge stale or malicious clicks."""
        msg = self._target(user, message, custom_id, (2,), check)[0]
        rec = self._new_interaction(user, 3, msg.channel_id, msg)
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._send(rec, data, locale, wait, timeout)

    async def select(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        values: Sequence[str | FakeUser],
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
        check: bool = True,
    ) -> InteractionRecord:
        """Choose ``values`` in a select (string select 3; user select 5 takes FakeUsers).

        ``check=False`` also skips the option and min/max_values checks."""
        msg, comp = self._target(user, message, custom_id, SELECT_TYPES, check)
        raw = [str(v.id) if isinstance(v, FakeUser) else str(v) for v in values]
        if check:
            _check_select(comp, raw)
        rec = self._new_interaction(user, 3, msg.channel_id, msg)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": comp.get("type", 3)}
        data["values"] = raw
        users = [v for v in values if isinstance(v, FakeUser)]
        if users:
            data["resolved"] = self._resolved(users, rec.guild_id is not None)
        return await self._send(rec, data, locale, wait, timeout)

    def _target(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        types: tuple[int, ...],
        check: bool,
    ) -> tuple[FakeMessage, dict[str, Any]]:
        if check:
            return self._component(user, message, custom_id, types)
        msg = self.store.messages.get(message.id, message)
        return msg, msg.find_component(custom_id) or {}

    async def submit_modal(
        self,
        user: FakeUser,
        interaction: InteractionRecord,
        custom_id: str | None = None,
        values: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        wait: bool = True,
        timeout: float | None = None,
    ) -> InteractionRecord:
        """Submit the modal that ``interaction`` opened (response type 9)."""
        modal = interaction.modal
        if modal is None:
            raise ValueError(f"interaction {interaction.id} did not open a modal")
        if custom_id is not None and custom_id != modal["custom_id"]:
            raise ValueError(f"modal is {modal['custom_id']!r}, not {custom_id!r}")
        values = dict(values or {})
        comps = [c for c in (_modal_component(x, values) for x in modal["components"]) if c]
        known = {c.get("custom_id") for c in iter_components(modal["components"])}
        if unknown := set(values) - known:
            raise ValueError(f"modal has no inputs {sorted(unknown)}; has {sorted(known)}")
        rec = self._new_interaction(user, 5, interaction.channel_id, interaction.source_message)
        data = {"custom_id": modal["custom_id"], "components": comps}
        return await self._send(rec, data, locale, wait, timeout)

    # ---- chat -----------------------------------------------------------------------------

    async def say(self, user: FakeUser, channel_id: int | None, content: str) -> FakeMessage:
        """Post a user message; the bot gets MESSAGE_CREATE."""
        channel = self.store.channel(channel_id or self.store.channel_id)
        if channel.is_dm and channel.recipient is not user:
            raise ValueError(f"{user.name} cannot post in another user's DM channel")
        msg = self.store.create_message(channel, user, {"content": content}, [])
        data = self.store.message_json(msg)
        await self.gateway.flush()
        if channel.archived:  # a member's message unarchives the thread, as the bot's does
            channel.archived = False
            thread = self.store.thread_json(channel)
            await self.gateway.dispatch("THREAD_UPDATE", thread, channel.guild_id)
        await self.gateway.dispatch("MESSAGE_CREATE", data, channel.guild_id)
        return msg
