"""Who a message would ping, with Discord's rules for `allowed_mentions`.

Without `allowed_mentions` every mention in the content pings (`@everyone`, `@here`, roles,
users). With it, only what its `parse` list names pings, plus the ids listed in `users` and
`roles`. Embeds never ping; content and components-v2 text displays do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .model import iter_components

EVERYONE = re.compile(r"@(everyone|here)")
ROLE = re.compile(r"<@&(\d+)>")
USER = re.compile(r"<@!?(\d+)>")
PARSE_TYPES = {"everyone", "roles", "users"}


@dataclass
class Ping:
    """A message the bot sent that could ping what it should not."""

    message_id: int
    channel_id: int
    reasons: list[str]
    content: str
    allowed_mentions: dict[str, Any] | None


def allowed_mentions_problem(allowed: Any) -> str | None:
    """What Discord refuses in an `allowed_mentions` object (HTTP 400), or None."""
    if allowed is None:
        return None
    if not isinstance(allowed, dict):
        return "allowed_mentions: Must be an object."
    parse = allowed.get("parse") or []
    if not set(parse) <= PARSE_TYPES:
        return f"allowed_mentions.parse: unknown value in {parse!r}"
    for kind in ("users", "roles"):
        listed = allowed.get(kind) or []
        if listed and kind in parse:
            return f"allowed_mentions: parse {kind} and a {kind} list are mutually exclusive"
        if len(listed) > 100:
            return f"allowed_mentions.{kind}: Must be 100 or fewer in length."
    return None


def pinged_text(data: dict[str, Any]) -> str:
    """The parts of a message payload whose mentions notify."""
    parts = [data.get("content") or ""]
    parts += [c.get("content", "") for c in iter_components(data.get("components") or [])]
    return "\n".join(p for p in parts if p and isinstance(p, str))


def unwanted_pings(text: str, allowed: dict[str, Any] | None) -> list[str]:
    """Why `text` sent with `allowed` would ping something the bot did not single out: a mass
    ping, a role, or a user found by parsing rather than named in `allowed_mentions.users`."""
    parse = PARSE_TYPES if allowed is None else set(allowed.get("parse") or [])
    roles = {str(r) for r in (allowed or {}).get("roles") or []}
    reasons = []
    if "everyone" in parse:
        reasons += [f"@{m}" for m in EVERYONE.findall(text)]
    reasons += [f"role {r}" for r in ROLE.findall(text) if "roles" in parse or r in roles]
    if "users" in parse:
        reasons += [f"user {u} (parsed)" for u in USER.findall(text)]
    return reasons
