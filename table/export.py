"""A finished game as a self-contained, versioned JSON file, and its faithful replay anywhere.

A game is its setup (game, rules version, options, seat count, seed) plus the log of accepted
inputs, so a file holding those rebuilds every state exactly. Only finished games are exported:
the file holds every input, hidden choices included, and those are history once the game is
over (as on Board Game Arena's replays). Seats are listed by display name only, never by account.

`digest` is the SHA-256 of the file's other fields in canonical JSON: an edited file is refused.
It guards against accidents and casual edits, not against someone who recomputes it; the replay
also checks that every input is legal and that the recorded outcome is the one the log gives.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ValidationError

from engine.core import Action, Event, Game, GameState, IllegalInput, Outcome
from engine.registry import GAMES
from table.store import InputRow, SessionRow, Store

FORMAT = "forum-game-export"
VERSION = 1


class ExportError(Exception):
    """A file that cannot be replayed; `code` keys a localized message (`export.<code>`)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class ExportedSeat(BaseModel):
    name: str
    ai: bool


class ExportedInput(BaseModel):
    seat: int
    move: str
    args: dict[str, Any]


class ExportedOutcome(BaseModel):
    scores: list[int]
    ranks: list[int]
    winners: list[int]


class GameExport(BaseModel):
    format: Literal["forum-game-export"] = FORMAT
    version: int = VERSION
    game: str
    rules_version: int
    options: dict[str, Any]
    seats: list[ExportedSeat]
    seed: int
    inputs: list[ExportedInput]
    outcome: ExportedOutcome
    digest: str = ""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def body_digest(self) -> str:
        body = self.model_dump(exclude={"digest"})
        canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(canonical.encode()).hexdigest()


def build_export(row: SessionRow, inputs: list[InputRow], outcome: Outcome) -> GameExport:
    """The export of a finished session (its row, its whole log and its outcome)."""
    export = GameExport(
        game=row.game,
        rules_version=row.rules_version,
        options=row.options,
        seats=[ExportedSeat(name=seat["name"], ai=bool(seat["ai"])) for seat in row.seats],
        seed=row.seed,
        inputs=[ExportedInput(seat=i.seat, move=i.move, args=i.args) for i in inputs],
        outcome=ExportedOutcome(
            scores=list(outcome.scores), ranks=list(outcome.ranks), winners=list(outcome.winners)
        ),
    )
    export.digest = export.body_digest()
    return export


def dump_export(export: GameExport) -> str:
    return export.model_dump_json(indent=1) + "\n"


def load_export(text: str | bytes) -> GameExport:
    """A validated export, or ExportError saying what is wrong with the file."""
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ExportError("not_json", str(error)) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ExportError("not_export")
    version = raw.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ExportError("newer_version", f"file version {version}, this Forum reads {VERSION}")
    try:
        export = GameExport.model_validate(raw)
    except ValidationError as error:
        raise ExportError("malformed", str(error.errors()[0]["loc"])) from None
    if export.digest != export.body_digest():
        raise ExportError("tampered", "the digest does not match the file's contents")
    game = GAMES.get(export.game)
    if game is None:
        raise ExportError("unknown_game", export.game)
    if export.rules_version != game.rules_version:
        raise ExportError(
            "rules_changed", f"file rules {export.rules_version}, game {game.rules_version}"
        )
    return export


@dataclass(frozen=True)
class Step:
    """One accepted input and the state it led to (`seq` 0 is the setup, with no input)."""

    seq: int
    state: GameState
    events: tuple[Event, ...]


def replay_steps(
    game: Game, options: dict[str, Any], seats: int, seed: int, inputs: list[ExportedInput]
) -> Iterator[Step]:
    """Setup, then every input in order; an input the rules refuse is an ExportError."""
    state = game.setup(game.parse_options(options), seats, seed)
    yield Step(0, state, ())
    for seq, item in enumerate(inputs, start=1):
        try:
            state, events = game.apply(
                state, Action(seat=item.seat, move=item.move, args=item.args)
            )
        except IllegalInput as error:
            raise ExportError("illegal_input", f"input #{seq}: {error.code}") from None
        yield Step(seq, state, tuple(events))


def export_steps(export: GameExport) -> Iterator[Step]:
    return replay_steps(
        GAMES[export.game], export.options, len(export.seats), export.seed, export.inputs
    )


def replay_export(export: GameExport) -> tuple[GameState, Outcome]:
    """The final state and outcome the file's log gives; refused unless it is the recorded one."""
    game = GAMES[export.game]
    state = None
    for step in export_steps(export):
        state = step.state
    assert state is not None
    outcome = game.outcome(state)
    recorded = export.outcome
    if outcome is None or (list(outcome.scores), list(outcome.ranks)) != (
        recorded.scores,
        recorded.ranks,
    ):
        raise ExportError("outcome_differs", "the log does not lead to the recorded outcome")
    return state, outcome


async def latest_finished(store: Store, channel_id: int) -> int | None:
    """The id of the channel's most recently finished game, if any."""
    found = await store.query(
        "SELECT id FROM sessions WHERE channel_id=? AND status='finished' ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    return found[0][0] if found else None
