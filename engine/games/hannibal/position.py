"""Pieces on the map and what they may do: shared by the rules and the AI (which sees the same
public position in its view), so both agree on every legal move.

A move is written `piece:origin>destination` with piece `legion`, `hannibal` or `fleet`
(origins and destinations are region ids for legions and route ids for fleets).
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import IllegalInput, require
from engine.games.hannibal.board import Board, Role

PIECES = ("legion", "hannibal", "fleet")


def side(role: Role) -> int:
    """Index of `role` inside the per-place (rome, carthage) count pairs."""
    return 0 if role == "rome" else 1


def enemy(role: Role) -> Role:
    return "carthage" if role == "rome" else "rome"


class Position(NamedTuple):
    """legions[region] = (Roman legions, ordinary Carthaginian legions); Hannibal separately."""

    legions: dict[str, tuple[int, int]]
    hannibal: str | None
    fleets: dict[str, tuple[int, int]]


class Move(NamedTuple):
    piece: str
    origin: str
    dest: str

    @property
    def code(self) -> str:
        return f"{self.piece}:{self.origin}>{self.dest}"


def parse_move(raw: object) -> Move:
    """`"legion:ROMA>CORSICA"` -> Move; a list of moves or a pass gets its own rejection."""
    if isinstance(raw, list | tuple):
        raise IllegalInput("one_piece_only")
    require(isinstance(raw, str), "bad_move")
    assert isinstance(raw, str)
    text = raw.strip()
    require(text.lower() != "pass", "no_passing")
    piece, _, path = text.partition(":")
    origin, _, dest = path.partition(">")
    require(piece in PIECES and bool(origin) and bool(dest) and ">" not in dest, "bad_move")
    return Move(piece, origin.strip().upper(), dest.strip().upper())


def units(position: Position, role: Role, place: str) -> int:
    """Legions (Hannibal included) of `role` in a region, or its fleets on a route."""
    pair = position.fleets.get(place) or position.legions.get(place) or (0, 0)
    extra = role == "carthage" and position.hannibal == place
    return pair[side(role)] + extra


def legion_total(position: Position, role: Role) -> int:
    total = sum(pair[side(role)] for pair in position.legions.values())
    return total + (role == "carthage" and position.hannibal is not None)


def check_move(board: Board, position: Position, role: Role, move: Move) -> None:
    """Spec §4.3's rejections, in a fixed order; silent when the move is legal."""
    if move.piece == "fleet":
        require(move.origin in board.route_ends, "no_piece_there", place=move.origin)
        require(position.fleets[move.origin][side(role)] > 0, "no_piece_there", place=move.origin)
        require(move.dest in board.route_ends, "not_reachable", place=move.dest)
        require(move.dest != move.origin, "same_route")
        return
    require(move.origin in board.land, "no_piece_there", place=move.origin)
    if move.piece == "hannibal":
        require(
            role == "carthage" and position.hannibal == move.origin,
            "no_piece_there",
            place=move.origin,
        )
    else:
        require(position.legions[move.origin][side(role)] > 0, "no_piece_there", place=move.origin)
    require(move.dest in board.land, "not_reachable", place=move.dest)
    if move.dest in board.land[move.origin]:
        return
    routes = [r for r in board.routes_at(move.origin) if board.across(r, move.origin) == move.dest]
    require(bool(routes), "not_reachable", place=move.dest)
    require(move.piece != "hannibal", "hannibal_no_sea")
    require(any(position.fleets[r][side(role)] > 0 for r in routes), "no_fleet", place=move.dest)


def legal_moves(board: Board, position: Position, role: Role) -> list[Move]:
    """Every legal move of `role`, in map order: legions, Hannibal, then fleets."""
    me = side(role)
    moves: list[Move] = []
    for region in board.regions:
        if position.legions[region][me]:
            moves.extend(
                Move("legion", region, dest)
                for dest in _destinations(board, position, role, region)
            )
    if role == "carthage" and position.hannibal is not None:
        moves.extend(
            Move("hannibal", position.hannibal, dest) for dest in board.land[position.hannibal]
        )
    for route in board.routes:
        if position.fleets[route][me]:
            moves.extend(Move("fleet", route, other) for other in board.routes if other != route)
    return moves


def _destinations(board: Board, position: Position, role: Role, region: str) -> list[str]:
    found = list(board.land[region])
    for route in board.routes_at(region):
        if position.fleets[route][side(role)]:
            found.append(board.across(route, region))
    return found


def can_move(board: Board, position: Position, role: Role) -> bool:
    """Spec §4.4: a fleet, a legion off the islands, or an island legion with a fleet beside."""
    me = side(role)
    if any(pair[me] for pair in position.fleets.values()):
        return True
    if role == "carthage" and position.hannibal is not None:
        return True
    return any(
        count[me] and region not in board.islands for region, count in position.legions.items()
    )


def moved(position: Position, role: Role, move: Move) -> Position:
    """The position after `move`, before any combat (both sides may then share the place)."""
    me = side(role)
    if move.piece == "fleet":
        fleets = dict(position.fleets)
        fleets[move.origin] = _add(fleets[move.origin], me, -1)
        fleets[move.dest] = _add(fleets[move.dest], me, 1)
        return position._replace(fleets=fleets)
    if move.piece == "hannibal":
        return position._replace(hannibal=move.dest)
    legions = dict(position.legions)
    legions[move.origin] = _add(legions[move.origin], me, -1)
    legions[move.dest] = _add(legions[move.dest], me, 1)
    return position._replace(legions=legions)


def _add(pair: tuple[int, int], index: int, amount: int) -> tuple[int, int]:
    return (pair[0] + amount, pair[1]) if index == 0 else (pair[0], pair[1] + amount)


def mediterranean_control(board: Board, position: Position, role: Role) -> bool:
    """Spec §6.3: a legion of `role` in one region of every group of its condition."""
    return all(
        any(units(position, role, region) for region in group) for group in board.control[role]
    )


def controlled_cores(board: Board, position: Position, role: Role) -> int:
    """Spec §7 core_control: cores c with a legion of `role` on c's line at or beyond c."""
    reach: dict[str, int] = {}  # line -> furthest position held towards the enemy capital
    for region, (line, pos) in board.line_of.items():
        if units(position, role, region):
            best = reach.get(line)
            if best is None or (pos > best if role == "rome" else pos < best):
                reach[line] = pos
    count = 0
    for core in board.cores:
        line, pos = board.line_of[core]
        if line in reach and (reach[line] >= pos if role == "rome" else reach[line] <= pos):
            count += 1
    return count
