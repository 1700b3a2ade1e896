"""The custom_id codec. Every component the bot sends carries `f:{session}:{prompt key}:{op}`
and an optional `:{arg}`, so routing needs no stored view: a click after a restart is understood
like any other, and a click on an outdated prompt is recognised by its key."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# ASCII only and bounded: a custom_id is user input (a modified client can send anything).
_CUSTOM_ID = re.compile(
    r"f:(?P<sid>[0-9]{1,18}):(?P<key>[A-Za-z0-9_.\-]{1,64}):(?P<op>[a-z]{1,16})"
    r"(?::(?P<arg>[A-Za-z0-9_\-]{1,32}))?",
    re.ASCII,
)
_INDEX = re.compile(r"[0-9]{1,6}", re.ASCII)


def cid(sid: int, key: str, op: str, arg: str | int = "") -> str:
    return f"f:{sid}:{key}:{op}" + (f":{arg}" if arg != "" else "")


class MalformedId(ValueError):
    """A custom_id (or a select value) of ours that does not parse: forged or corrupted."""


@dataclass(frozen=True)
class ParsedId:
    sid: int
    key: str
    op: str
    arg: str

    def index(self) -> int:
        """The argument as an option index or page number."""
        return parse_index(self.arg)


def parse_cid(custom_id: str) -> ParsedId | None:
    """None for a custom_id that is not ours; MalformedId for one of ours that is invalid."""
    if not isinstance(custom_id, str) or not custom_id.startswith("f:"):
        return None
    match = _CUSTOM_ID.fullmatch(custom_id)
    if match is None:
        raise MalformedId(custom_id[:100])
    return ParsedId(int(match["sid"]), match["key"], match["op"], match["arg"] or "")


def parse_index(text: Any) -> int:
    """A small non-negative number written in ASCII digits, else MalformedId."""
    if not isinstance(text, str) or _INDEX.fullmatch(text) is None:
        raise MalformedId(str(text)[:100])
    return int(text)
