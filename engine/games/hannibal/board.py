"""Hannibal's map as data: hannibal.json beside this module, validated when loaded.

The topology is designed (spec §8), so it lives in JSON where it can be corrected without code.
`parse_map` checks every record and every cross-reference and raises `MapError` naming the
record and field at fault; the rules only ever see a `Board` that passed those checks.
"""

from __future__ import annotations

from functools import cache
from itertools import pairwise
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from engine.data import load

Role = Literal["rome", "carthage"]
ROLES: tuple[Role, Role] = ("rome", "carthage")


class MapError(ValueError):
    """A malformed map file: the message names the record and the field."""


class RegionRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    capital: Role | None = None
    island: bool = False
    core: bool = False
    pos: tuple[int, int]


class RouteRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    ends: tuple[str, str]


class StartRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    legions: dict[str, int]
    hannibal: str | None = None
    fleets: dict[str, int]


class MapRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    comment: str = ""
    regions: tuple[RegionRecord, ...]
    land: tuple[tuple[str, str], ...]
    routes: tuple[RouteRecord, ...]
    mirror: dict[str, str]
    lines: dict[str, tuple[str, ...]]
    control: dict[Role, tuple[tuple[str, ...], ...]]
    start: dict[Role, StartRecord]


class Board(BaseModel):
    """The validated map, with the lookups the rules need precomputed."""

    model_config = ConfigDict(frozen=True)
    regions: tuple[str, ...]
    routes: tuple[str, ...]
    capitals: dict[Role, str]
    islands: frozenset[str]
    cores: tuple[str, ...]
    positions: dict[str, tuple[int, int]]
    land: dict[str, tuple[str, ...]]  # region -> land-adjacent regions
    route_ends: dict[str, tuple[str, str]]
    line_of: dict[str, tuple[str, int]]  # non-capital region -> (line name, position)
    lines: dict[str, tuple[str, ...]]
    control: dict[Role, tuple[tuple[str, ...], ...]]
    start: dict[Role, StartRecord]

    sea: dict[str, tuple[str, ...]]  # region -> the routes touching it

    def routes_at(self, region: str) -> tuple[str, ...]:
        return self.sea[region]

    def across(self, route: str, region: str) -> str:
        a, b = self.route_ends[route]
        return b if region == a else a


def _where(error: ValidationError) -> str:
    first = error.errors()[0]
    return ".".join(str(part) for part in first["loc"]) + f": {first['msg']}"


def _check(condition: bool, where: str, problem: str) -> None:
    if not condition:
        raise MapError(f"hannibal map, {where}: {problem}")


def parse_map(raw: dict[str, Any]) -> Board:
    """Validate a raw map document; MapError names the record and field of the first fault."""
    try:
        record = MapRecord.model_validate(raw)
    except ValidationError as error:
        raise MapError(f"hannibal map, {_where(error)}") from None
    ids = [r.id for r in record.regions]
    _check(len(set(ids)) == len(ids), "regions", "duplicate region id")
    known = set(ids)
    for index, (a, b) in enumerate(record.land):
        _check(a in known and b in known, f"land.{index}", f"unknown region in {a}–{b}")
        _check(a != b, f"land.{index}", "a region cannot border itself")
    islands = {r.id for r in record.regions if r.island}
    for index, (a, b) in enumerate(record.land):
        _check(not {a, b} & islands, f"land.{index}", f"an island has a land border ({a}–{b})")
    route_ids = [r.id for r in record.routes]
    _check(len(set(route_ids)) == len(route_ids), "routes", "duplicate route id")
    _check(not known & set(route_ids), "routes", "a route id equals a region id")
    for index, route in enumerate(record.routes):
        a, b = route.ends
        _check(a in known and b in known, f"routes.{index}.ends", f"unknown region in {a}–{b}")
        _check(a != b, f"routes.{index}.ends", "a route must join two regions")
    capitals: dict[str, str] = {r.capital: r.id for r in record.regions if r.capital}
    _check(set(capitals) == set(ROLES), "regions.capital", "need one capital for each side")
    for index, region in enumerate(record.regions):
        _check(not (region.capital and region.island), f"regions.{index}", "a capital on an island")
    _check_lines(record, known, capitals)
    _check_mirror(record, known | set(route_ids))
    for role, groups in record.control.items():
        for index, group in enumerate(groups):
            bad = [r for r in group if r not in known]
            _check(not bad, f"control.{role}.{index}", f"unknown region {bad}")
    _check_start(record, known, set(route_ids))
    return _board(record, capitals)


def _check_lines(record: MapRecord, known: set[str], capitals: dict[str, str]) -> None:
    edges = {frozenset(pair) for pair in record.land} | {
        frozenset(route.ends) for route in record.routes
    }
    seen: dict[str, str] = {}
    for name, line in record.lines.items():
        where = f"lines.{name}"
        _check(
            len(line) >= 2 and line[0] == capitals["rome"] and line[-1] == capitals["carthage"],
            where,
            "a line runs from Rome's capital to Carthage's",
        )
        for a, b in pairwise(line):
            _check(a in known and b in known, where, f"unknown region in {a}–{b}")
            _check(frozenset((a, b)) in edges, where, f"{a} and {b} are not connected")
        for region in line[1:-1]:
            _check(region not in seen, where, f"{region} already lies on line {seen.get(region)}")
            seen[region] = name
    others = known - set(capitals.values())
    _check(set(seen) == others, "lines", f"not on any line: {sorted(others - set(seen))}")


def _check_mirror(record: MapRecord, names: set[str]) -> None:
    mirror = dict(record.mirror)
    mirror.update({b: a for a, b in record.mirror.items()})
    _check(set(mirror) == names, "mirror", f"not mirrored: {sorted(names - set(mirror))}")

    def flip(pair: tuple[str, str]) -> frozenset[str]:
        return frozenset(mirror[x] for x in pair)

    land = {frozenset(pair) for pair in record.land}
    _check({flip(p) for p in record.land} == land, "mirror", "land borders are not symmetric")
    routes = {r.id: frozenset(r.ends) for r in record.routes}
    for route, ends in routes.items():
        _check(
            routes[mirror[route]] == flip(tuple(ends)),  # type: ignore[arg-type]  # a route has exactly two ends (checked when loaded)
            f"mirror.{route}",
            "the mirrored route does not join the mirrored regions",
        )
    by_id = {r.id: r for r in record.regions}
    for region in by_id.values():
        twin = by_id[mirror[region.id]]
        _check(
            (twin.island, twin.core) == (region.island, region.core),
            f"mirror.{region.id}",
            "its mirror image differs in island/core",
        )
    rome = {frozenset(mirror[r] for r in group) for group in record.control.get("rome", ())}
    carthage = {frozenset(group) for group in record.control.get("carthage", ())}
    _check(rome == carthage, "control", "the two sides' conditions are not mirror images")


def _check_start(record: MapRecord, known: set[str], routes: set[str]) -> None:
    for role, start in record.start.items():
        where = f"start.{role}"
        for region, count in start.legions.items():
            _check(region in known, f"{where}.legions", f"unknown region {region}")
            _check(count > 0, f"{where}.legions.{region}", "count must be positive")
        for route, count in start.fleets.items():
            _check(route in routes, f"{where}.fleets", f"unknown route {route}")
            _check(count > 0, f"{where}.fleets.{route}", "count must be positive")
        if start.hannibal is not None:
            _check(start.hannibal in known, f"{where}.hannibal", "unknown region")
            _check(role == "carthage", f"{where}.hannibal", "only Carthage has Hannibal")
    _check(set(record.start) == set(ROLES), "start", "need a start for each side")


def _board(record: MapRecord, capitals: dict[str, str]) -> Board:
    ids = tuple(r.id for r in record.regions)
    land: dict[str, list[str]] = {r: [] for r in ids}
    for a, b in record.land:
        land[a].append(b)
        land[b].append(a)
    line_of = {
        region: (name, position)
        for name, line in record.lines.items()
        for position, region in enumerate(line)
        if 0 < position < len(line) - 1
    }
    return Board(
        regions=ids,
        routes=tuple(r.id for r in record.routes),
        capitals=capitals,
        islands=frozenset(r.id for r in record.regions if r.island),
        cores=tuple(r.id for r in record.regions if r.core),
        positions={r.id: r.pos for r in record.regions},
        land={r: tuple(n) for r, n in land.items()},
        route_ends={r.id: r.ends for r in record.routes},
        sea={rid: tuple(r.id for r in record.routes if rid in r.ends) for rid in ids},
        line_of=line_of,
        lines=dict(record.lines),
        control=dict(record.control),
        start=dict(record.start),
    )


@cache
def board() -> Board:
    """The shipped map, validated once."""
    return parse_map(load(__package__, "hannibal"))
