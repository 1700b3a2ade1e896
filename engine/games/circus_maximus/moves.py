"""Movement, lap counting and move order (rules §5), on plain values so the AI can simulate them."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from engine.games.circus_maximus.track import DIRECTIONS, LAP, TRACK, Cell, Track, next_segment


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
    dx, dy = DIRECTIONS[direction]
    path: list[Cell] = []
    x, y = cell
    for _ in range(card):
        x, y = x + dx, y + dy
        nxt = (x, y)
        if nxt in occupied:
            return "path_blocked"
        section = track.section.get(nxt)
        if section is None:
            if nxt not in track.finish:
                return "off_track"
            if direction not in track.entry:
                return "finish_closed"
            if segment < LAP:
                return "lap_not_complete"
            path.append(nxt)
            return Drive(tuple(path), segment, True)
        segment = next_segment(segment, section)
        path.append(nxt)
    return Drive(tuple(path), segment, False)


def order_key(cell: Cell, segment: int, track: Track = TRACK) -> tuple[int, int, int]:
    """§5.4: sorting racing chariots by this key, descending, gives the round's move order."""
    section = track.section[cell]
    lane = track.lane(cell)
    if section == "A":
        return segment, cell[0], -lane
    if section == "C":
        return segment, -cell[0], -lane
    return segment, -track.turn_rank[cell], 0
