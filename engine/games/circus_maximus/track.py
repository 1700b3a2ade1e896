"""The Circus Maximus track (rules §8), a designed hex grid loaded from data and checked, and
how a chariot moves on it (rules §5), on plain values so the AI can simulate moves.

Doubled-width hex coordinates: a cell (x, y) exists only where x + y is even; neighbours are
(x±2, y) and (x±1, y±1). The file circus_maximus.json beside this module holds the map rows, the
move-order lists of the two turns and the directions that cross a finish cell's thin boundary;
everything else (sections, start and finish cells, lanes, the distance field the AI and a
called race use) is derived here once.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator, model_validator

from engine.data import load

Cell = tuple[int, int]
Direction = Literal["E", "W", "NE", "NW", "SE", "SW"]
DIRECTIONS: dict[str, Cell] = {
    "E": (2, 0),
    "W": (-2, 0),
    "NE": (1, -1),
    "NW": (-1, -1),
    "SE": (1, 1),
    "SW": (-1, 1),
}
SECTIONS = "ABCD"  # race order: top straight, right turn, bottom straight, left turn
LAP = len(SECTIONS)  # a chariot's `segment` reaches LAP when it is back on the top straight
_KINDS = {"S": "A", "a": "A", "b": "B", "c": "C", "d": "D", "F": "F", "#": "#"}
SEGMENT_RANGE = range(-LAP, 2 * LAP)  # segments the distance field covers (others are clamped)


class TrackError(ValueError):
    """A malformed track file, naming the record and field at fault."""


class TrackData(BaseModel):
    """The JSON file as written; `_note` is documentation only."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    note: str = ""
    rows: list[str]
    turn_order: dict[Literal["B", "D"], list[tuple[int, int]]]
    finish_entry: list[Direction]

    @field_validator("rows")
    @classmethod
    def _cells_are_known(cls, rows: list[str]) -> list[str]:
        for y, row in enumerate(rows):
            for x, char in enumerate(row):
                if char == " ":
                    continue
                if char not in _KINDS:
                    raise ValueError(
                        f"row {y}, x={x}: unknown cell kind {char!r} (use S a b c d F #)"
                    )
                if (x + y) % 2:
                    raise ValueError(f"row {y}, x={x}: {char!r} where x + y is odd (no hex there)")
        return rows

    @model_validator(mode="after")
    def _turns_list_their_cells(self) -> TrackData:
        cells = dict(_cells(self.rows))
        if not any(kind == "S" for kind in cells.values()):
            raise ValueError("rows: no start cell 'S'")
        if not any(kind == "F" for kind in cells.values()):
            raise ValueError("rows: no finish cell 'F'")
        for section, listed in self.turn_order.items():
            expected = {cell for cell, kind in cells.items() if _KINDS[kind] == section}
            for cell in listed:
                if cell not in expected:
                    raise ValueError(
                        f"turn_order.{section}: {cell} is not a cell of section {section}"
                    )
            if len(set(listed)) != len(listed):
                raise ValueError(f"turn_order.{section}: a cell is listed twice")
            missing = sorted(expected - set(listed))
            if missing:
                raise ValueError(f"turn_order.{section}: cells missing from the list: {missing}")
        return self


def _cells(rows: list[str]) -> Iterator[tuple[Cell, str]]:
    for y, row in enumerate(rows):
        for x, char in enumerate(row):
            if char != " ":
                yield (x, y), char


@dataclass(frozen=True)
class Track:
    """The checked track with everything the rules and the board need, derived once."""

    section: dict[Cell, str]  # every drivable cell -> "A".."D"
    starts: tuple[Cell, ...]  # reading order; start cell n is starts[n - 1]
    finish: tuple[Cell, ...]  # left to right
    walls: tuple[Cell, ...]
    turn_rank: dict[Cell, int]  # position in its turn's move-order list
    barrier_row: int  # the row of the finish cells; lane = distance from it on the straights
    entry: frozenset[str]  # directions that cross a finish cell's thin boundary
    rows: int
    columns: int
    remaining: dict[tuple[Cell, int], int]  # steps from (cell, segment) into a finish cell

    def lane(self, cell: Cell) -> int:
        return abs(cell[1] - self.barrier_row)

    def steps_left(self, cell: Cell, segment: int) -> int:
        """Steps a lone chariot needs from here to a finish cell (empty track); a chariot
        more than a lap behind pays a lap's length for each lap outside the table."""
        extra = 0
        while segment >= SEGMENT_RANGE.stop:
            segment -= LAP
        while segment < SEGMENT_RANGE.start:
            segment += LAP
            extra += self.lap_steps
        return self.remaining[(cell, segment)] + extra

    @property
    def lap_steps(self) -> int:
        start = self.starts[0]
        return self.remaining[(start, 0)] - self.remaining[(start, LAP)]


def next_segment(segment: int, section: str) -> int:
    """§5.3: one step into `section` moves the lap counter one section on or back."""
    if section == SECTIONS[(segment + 1) % LAP]:
        return segment + 1
    if section == SECTIONS[(segment - 1) % LAP]:
        return segment - 1
    return segment


def build_track(raw: dict[str, Any], name: str = "circus_maximus.json") -> Track:
    """The Track of a parsed JSON file; a malformed file raises TrackError naming the field."""
    raw = {("note" if key == "_note" else key): value for key, value in raw.items()}
    try:
        data = TrackData.model_validate(raw)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'file'}: {item['msg']}"
            for item in error.errors()
        )
        raise TrackError(f"{name}: {problems}") from None
    kinds = dict(_cells(data.rows))
    section = {cell: _KINDS[k] for cell, k in kinds.items() if _KINDS[k] in SECTIONS}
    finish = tuple(sorted((c for c, k in kinds.items() if k == "F"), key=lambda c: c[0]))
    track = Track(
        section=section,
        starts=tuple(sorted((c for c, k in kinds.items() if k == "S"), key=lambda c: (c[1], c[0]))),
        finish=finish,
        walls=tuple(c for c, k in kinds.items() if k == "#"),
        turn_rank={cell: i for listed in data.turn_order.values() for i, cell in enumerate(listed)},
        barrier_row=finish[0][1],
        entry=frozenset(data.finish_entry),
        rows=len(data.rows),
        columns=max(len(row) for row in data.rows),
        remaining={},
    )
    track.remaining.update(_distances(track))
    return track


def _distances(track: Track) -> dict[tuple[Cell, int], int]:
    """Breadth-first, backwards from the finish: steps from each (cell, segment) to a finish
    cell on an empty track, following the lap rules, so backwards driving is counted too."""
    finish = set(track.finish)
    nodes = [
        (cell, seg)
        for cell, sec in track.section.items()
        for seg in SEGMENT_RANGE
        if SECTIONS[seg % LAP] == sec
    ]
    into: dict[tuple[Cell, int], list[tuple[Cell, int]]] = {}
    dist: dict[tuple[Cell, int], int] = {}
    queue: deque[tuple[Cell, int]] = deque()
    for cell, seg in nodes:
        for name, (dx, dy) in DIRECTIONS.items():
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt in finish:
                if name in track.entry and seg >= LAP and (cell, seg) not in dist:
                    dist[(cell, seg)] = 1
                    queue.append((cell, seg))
            elif nxt in track.section:
                after = next_segment(seg, track.section[nxt])
                if after >= SEGMENT_RANGE.stop:  # past the line again: same as one lap less
                    after -= LAP
                target = (nxt, after)
                into.setdefault(target, []).append((cell, seg))
    while queue:
        node = queue.popleft()
        for before in into.get(node, ()):
            if before not in dist:
                dist[before] = dist[node] + 1
                queue.append(before)
    return dist


TRACK = build_track(load(__package__, "circus_maximus"))

# Movement, lap counting and move order (rules §5) ------------------------------------------


class Drive(NamedTuple):
    """Where one card takes a chariot: every cell entered, its lap counter, whether it finished."""

    path: tuple[Cell, ...]
    segment: int
    finished: bool


def drive(
    cell: Cell,
    segment: int,
    card: int,
    direction: str,
    occupied: Collection[Cell],
    track: Track = TRACK,
) -> Drive | str:
    """§5.1: `card` steps in a straight line, or the code of the first step that fails."""
    return reach(cell, segment, direction, card, occupied, track)[-1]


def reach(
    cell: Cell,
    segment: int,
    direction: str,
    steps: int,
    occupied: Collection[Cell],
    track: Track = TRACK,
) -> list[Drive | str]:
    """What cards 1..`steps` do in `direction`, from one walk along the line: entry k-1 is
    card k's Drive, or the code of its first failing step."""
    dx, dy = DIRECTIONS[direction]
    results: list[Drive | str] = []
    path: list[Cell] = []
    x, y = cell
    while len(results) < steps:
        x, y = x + dx, y + dy
        nxt = (x, y)
        section = track.section.get(nxt)
        if nxt in occupied:
            outcome: Drive | str = "path_blocked"
        elif section is not None:
            segment = next_segment(segment, section)
            path.append(nxt)
            results.append(Drive(tuple(path), segment, False))
            continue
        elif nxt not in track.finish:
            outcome = "off_track"
        elif direction not in track.entry:
            outcome = "finish_closed"
        elif segment < LAP:
            outcome = "lap_not_complete"
        else:
            outcome = Drive((*path, nxt), segment, True)  # the rest of the card is lost
        return results + [outcome] * (steps - len(results))
    return results


def order_key(cell: Cell, segment: int, track: Track = TRACK) -> tuple[int, int, int]:
    """§5.4: sorting racing chariots by this key, descending, gives the round's move order."""
    section = track.section[cell]
    lane = track.lane(cell)
    if section == "A":
        return segment, cell[0], -lane
    if section == "C":
        return segment, -cell[0], -lane
    return segment, -track.turn_rank[cell], 0
