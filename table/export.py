"""A finished game as a self-contained, versioned JSON file, and its faithful replay anywhere.

A game is its setup (game, rules version, options, seat count, seed) plus the log of accepted
inputs, so a file holding those rebuilds every state exactly. Only finished games are exported:
the file holds every input, hidden choices included, and those are history once the game is
over (as on Board Game Arena's replays). Seats are listed by display name only, never by account.

`digest` is the SHA-256 of the file's other fields in canonical JSON: an edited file is refused,
before its contents are validated. A file is bounded in size and nesting; every string must be
valid Unicode; its options, seats and log must fit the game (no longer than its input limit).
It guards against accidents and casual edits, not against someone who recomputes it; the replay
also checks that every input is legal and that the recorded outcome is the one the log gives.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Final, Literal

from pydantic import BaseModel, Field, ValidationError

from engine.core import Action, AnyGame, Event, GameState, IllegalInput, Outcome
from engine.registry import GAMES
from table.store import InputRow, SessionRow, Store

FORMAT: Final = "forum-game-export"
VERSION = 1
# 4 MiB holds the longest AI game at the largest table many times over (bench.replay prints
# export sizes). A larger file is refused unread:
# a load stays far under 300 MB of memory whatever the file holds.
MAX_BYTES = 4 * 2**20
MAX_DEPTH = 32  # real files nest 6 deep (inputs → args → a list of lists)
MAX_INPUTS = 50_000  # real logs hold hundreds of inputs
MAX_SEATS = 16


class ExportError(Exception):
    """A file that cannot be replayed; `code` keys a localized message (`export.<code>`)."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class ExportedSeat(BaseModel):
    name: str = Field(max_length=100)  # a display name (Discord allows 32)
    ai: bool


class ExportedInput(BaseModel):
    seat: int
    move: str = Field(max_length=64)
    args: dict[str, Any]


# Every list stops at its first bad item: a crafted file of a million bad items would
# otherwise make a million validation errors.
class ExportedOutcome(BaseModel):
    scores: list[int] = Field(fail_fast=True)
    ranks: list[int] = Field(fail_fast=True)
    winners: list[int] = Field(fail_fast=True)


class GameExport(BaseModel):
    format: Literal["forum-game-export"] = FORMAT
    version: int = VERSION
    game: str = Field(max_length=64)
    rules_version: int
    options: dict[str, Any]
    seats: list[ExportedSeat] = Field(fail_fast=True)
    seed: int
    inputs: list[ExportedInput] = Field(fail_fast=True)
    outcome: ExportedOutcome
    hinted: bool = False  # a player took the hard AI's hints: the result was not rated
    digest: str = ""

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def body_digest(self) -> str:
        return canonical_digest(self.model_dump(exclude={"digest"}))


def build_export(row: SessionRow, inputs: list[InputRow], outcome: Outcome) -> GameExport:
    """The export of a finished session (its row, its whole log and its outcome)."""
    export = GameExport(
        game=row.game,
        rules_version=row.rules_version,
        options=row.options,
        seats=[ExportedSeat(name=seat.name, ai=seat.ai) for seat in row.seats],
        seed=row.seed,
        inputs=[ExportedInput(seat=i.seat, move=i.move, args=i.args) for i in inputs],
        outcome=ExportedOutcome(
            scores=list(outcome.scores), ranks=list(outcome.ranks), winners=list(outcome.winners)
        ),
        hinted=row.meta.hinted,
    )
    export.digest = export.body_digest()
    return export


def dump_export(export: GameExport) -> str:
    return export.model_dump_json(indent=1) + "\n"


def load_export(text: str | bytes) -> GameExport:
    """A validated export, or ExportError saying in one line what is wrong with the file.

    Cheap checks come first, so a crafted file costs little: its size, then its JSON (bounded
    nesting and numbers), then its digest, and only then its contents with pydantic."""
    try:
        return _validated(_parse(text))
    except RecursionError:  # nesting the JSON parser took but the digest's encoder did not
        raise ExportError("too_deep", f"nested deeper than {MAX_DEPTH}") from None


def _validated(raw: Any) -> GameExport:
    """The parsed file checked in order of cost: the digest and counts before pydantic."""
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise ExportError("not_export")
    version = raw.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ExportError("newer_version", f"file version {version}, this Forum reads {VERSION}")
    if raw.get("digest") != canonical_digest({k: v for k, v in raw.items() if k != "digest"}):
        raise ExportError("tampered", "the digest does not match the file's contents")
    for key, most in (("inputs", _most_inputs(raw.get("game"))), ("seats", MAX_SEATS)):
        if isinstance(raw.get(key), list) and len(raw[key]) > most:
            raise ExportError("too_large", f"{len(raw[key])} {key}, at most {most}")
    if _too_deep(raw):
        raise ExportError("too_deep", f"nested deeper than {MAX_DEPTH}")
    try:
        export = GameExport.model_validate(raw, strict=True)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        raise ExportError("malformed", f"{_where(first['loc'])}: {first['msg']}") from None
    game = GAMES.get(export.game)
    if game is None:
        raise ExportError("unknown_game", export.game[:64])
    if export.rules_version != game.rules_version:
        raise ExportError(
            "rules_changed", f"file rules {export.rules_version}, game {game.rules_version}"
        )
    _check_table(export, game)
    return export


def _most_inputs(game_id: Any) -> int:
    """The longest log a file of `game_id` may hold: the game's own input limit, which no live
    game passes, so a replay's work is bounded by the game, not only by the file's size."""
    game = GAMES.get(game_id) if isinstance(game_id, str) else None
    return MAX_INPUTS if game is None else min(MAX_INPUTS, game.input_limit())


def _parse(text: str | bytes) -> Any:
    if len(text) > MAX_BYTES:
        raise ExportError("too_large", f"{len(text)} bytes, at most {MAX_BYTES}")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ExportError("not_json", str(error)) from None
    except ValueError as error:  # an integer of more digits than Python converts
        raise ExportError("not_json", str(error).split(";")[0]) from None
    except RecursionError:
        raise ExportError("too_deep", f"nested deeper than {MAX_DEPTH}") from None


def _too_deep(value: Any) -> bool:
    """Whether lists and objects nest deeper than MAX_DEPTH; memory bounded by the depth."""
    stack = [iter((value,))]
    while stack:
        for item in stack[-1]:
            if isinstance(item, dict | list):
                if len(stack) > MAX_DEPTH:
                    return True
                stack.append(iter(item.values() if isinstance(item, dict) else item))
                break
        else:
            stack.pop()
    return False


def canonical_digest(body: dict[str, Any]) -> str:
    """SHA-256 of a file's fields (all but `digest`) in canonical JSON."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    try:
        return hashlib.sha256(canonical.encode()).hexdigest()
    except UnicodeEncodeError:  # JSON's "\ud800" escape parses to a lone surrogate
        raise ExportError("not_json", "a string is not valid Unicode (a lone surrogate)") from None


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(part) for part in loc)[:100]


def _check_table(export: GameExport, game: AnyGame) -> None:
    """Options, seat count and the numbers of the log fit the game, so a replay can run."""
    seats = len(export.seats)
    if not game.min_seats <= seats <= game.max_seats:
        raise ExportError("bad_seats", f"{seats} seats, {game.min_seats}–{game.max_seats} allowed")
    try:
        options = game.parse_options(export.options)
    except IllegalInput as error:
        raise ExportError("bad_options", error.code) from None
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        raise ExportError("bad_options", f"{_where(first['loc'])}: {first['msg']}") from None
    if not 0 <= export.seed < 2**64:
        raise ExportError("malformed", "seed: out of range")
    if any(not 0 <= item.seat < seats for item in export.inputs):
        raise ExportError("malformed", "inputs: a seat that is not at the table")
    outcome = export.outcome
    if not len(outcome.scores) == len(outcome.ranks) == seats:
        raise ExportError("malformed", "outcome: not one score and rank per seat")
    try:
        game.setup(options, seats, export.seed)
    except IllegalInput as error:
        raise ExportError("bad_seats", error.code) from None


@dataclass(frozen=True)
class Step:
    """One accepted input and the state it led to (`seq` 0 is the setup, with no input)."""

    seq: int
    state: GameState
    events: tuple[Event, ...]


def replay_steps(
    game: AnyGame, options: dict[str, Any], seats: int, seed: int, inputs: list[ExportedInput]
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
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as error:
            # Rules validate their inputs; a crafted file is refused even where one does not.
            raise ExportError("illegal_input", f"input #{seq}: {type(error).__name__}") from None
        yield Step(seq, state, tuple(events))


def export_steps(export: GameExport) -> Iterator[Step]:
    return replay_steps(
        GAMES[export.game], export.options, len(export.seats), export.seed, export.inputs
    )


def replay_export(export: GameExport) -> tuple[GameState, Outcome]:
    """The final state and outcome the file's log gives; refused unless it is the recorded one."""
    state = None
    for step in export_steps(export):
        state = step.state
    assert state is not None
    return state, recorded_outcome(export, state)


def recorded_outcome(export: GameExport, final: GameState) -> Outcome:
    """The outcome of the log's `final` state, refused unless it is the one the file records."""
    outcome = GAMES[export.game].outcome(final)
    recorded = export.outcome
    if outcome is None or (list(outcome.scores), list(outcome.ranks)) != (
        recorded.scores,
        recorded.ranks,
    ):
        raise ExportError("outcome_differs", "the log does not lead to the recorded outcome")
    return outcome


async def latest_finished(store: Store, channel_id: int) -> int | None:
    """The id of the channel's most recently finished game, if any."""
    found = await store.query(
        "SELECT id FROM sessions WHERE channel_id=? AND status='finished' ORDER BY id DESC LIMIT 1",
        (channel_id,),
    )
    return found[0][0] if found else None
