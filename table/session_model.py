"""The typed parts of a stored session: its seats and the front ends' bookkeeping (`meta`).

Both are validated when a row is loaded, by either store, so an old row (written before a field
existed) reads with that field's default, and a row of the wrong shape marks the session broken
instead of failing later. Both are frozen: a change is a new value (`Session.update_seat`,
`TableService.set_meta`), so nothing holding the old one sees it move. Adding a field is one line
with a default here. Unknown keys (from a newer process on a shared database) are kept as they
are, so writing the row back does not drop them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, TypeAdapter


class Seat(BaseModel):
    """One seat: a member (by Discord user id; 0 for an AI) or an AI at its level."""

    model_config = ConfigDict(frozen=True, extra="allow")

    user_id: int
    name: str
    ai: bool
    locale: str | None = None  # the member's language, for their private texts
    level: str | None = None  # an AI seat's level; None plays the default level
    style: str | None = None  # an AI seat's style (engine.styles); None plays STEADY


class SessionMeta(BaseModel):
    """What the front ends remember about a session besides the game: stored with the row,
    written by `TableService.set_meta` without the session lock."""

    model_config = ConfigDict(frozen=True, extra="allow")

    locale: str | None = None  # the server's language when the game was opened
    board: int | None = None  # the channel message showing the board
    buried: bool = False  # chat pushed the board out of sight
    shown: int | None = None  # the last input the board showed (read in SQL: table.queries)
    hinted: bool = False  # someone took a hint (see hinted_seats)
    hinted_seats: tuple[int, ...] | None = None  # who did: unrated; None (older rows): everyone
    rematch_of: int | None = None  # the finished session this lobby is a rematch of
    learning: bool = False  # /game learn: tips shown, answered through choosers, unrated
    thread: bool = False  # the game has its own thread
    out_folder: str | None = None  # local mode: the game's own board folder (None: older rows)
    # Hints deferred ("thinking…") and not yet answered: (interaction token, reader's language,
    # wall time), so a restart can withdraw them (bot.discord_app.hints.withdraw_deferred).
    hint_waits: tuple[tuple[str, str, float], ...] = ()
    quiet_warned: bool = False  # table talk was told once the channel is quiet
    asked: tuple[str, ...] = ()  # public replies already asked in the channel
    prompted: Mapping[str, str] = {}  # seat -> the prompt key last sent to it privately
    private: Mapping[str, str] = {}  # seat -> digest of the private view it last saw
    dm_closed: tuple[int, ...] = ()  # seats whose DMs are closed (told once in the channel)
    dm_message: Mapping[str, int] = {}  # seat -> its latest private message of this game
    turn_seats: tuple[int, ...] = ()  # human seats that owed a public turn when last checked
    turn_ping: int | None = None  # the channel message of the latest turn ping

    def updated(self, **changes: Any) -> Self:
        """A copy with `changes`, validated like a loaded row; a misspelt field is refused
        (unknown keys are only kept from rows, never made here)."""
        unknown = set(changes) - set(type(self).model_fields)
        if unknown:
            raise TypeError(f"SessionMeta has no field {sorted(unknown)}")
        return self.model_validate({**self.model_dump(), **changes})

    def stored(self) -> dict[str, Any]:
        """The JSON object stored: only what differs from the defaults (old rows stay alike)."""
        return self.model_dump(mode="json", exclude_defaults=True)


SEATS = TypeAdapter(tuple[Seat, ...])  # a row's seats column, validated


def stored_seats(seats: tuple[Seat, ...]) -> list[dict[str, Any]]:
    return [seat.model_dump(mode="json", exclude_none=True) for seat in seats]
