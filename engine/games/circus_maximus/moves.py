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
