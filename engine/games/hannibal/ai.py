"""Hannibal's AI, deciding from its own view only (the map, its hand, the public discards).

Moves: one ply, scoring each legal move's resulting position (distance of its legions to the
enemy capital, the enemy's to its own, material, control progress, immediate threats); a move
that starts a battle is scored as the chance-weighted mix of winning and losing it.
Battles: an exact expectimax over the remaining hands that assumes the opponent picks any card
of its hand (known from the public discards) with equal chance.
"""

from __future__ import annotations

import heapq
from functools import lru_cache

from engine.core import Action, Prompt
from engine.games.hannibal.board import Board, Role, board
from engine.games.hannibal.position import (
    Move,
    Position,
    controlled_cores,
    enemy,
    legion_total,
    mediterranean_control,
    moved,
    parse_move,
    side,
    units,
)
from engine.games.hannibal.state import (
    FULL_HAND,
    HannibalState,
    HannibalView,
    position_of,
    role_of,
)
from engine.rng import Rng
from engine.styles import STEADY, WHIM_SPREAD, Style

WIN = 1000.0
HANNIBAL_WORTH = 1.5
# How often a styled AI (times its risk) holds its best card back for its second best, where a
# clone played the best into the enemy's equal best: half the exchanges were mirror ties.
HOLD_BACK = 0.5
# A styled AI's moves score up to this much better or worse on a whim (a step nearer the enemy
# capital is worth 12): enough to leave the back-and-forth that held fewer ties forever.
MOVE_WHIM = 10.0


def decide(
    view: HannibalView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    rng = Rng(rng_state)
    role = role_of(view, seat)
    if prompt.move == "card":
        return Action(seat=seat, move="card", args={"card": _card(view, seat, role, rng, style)})
    if prompt.move == "declare":
        return Action(seat=seat, move="declare", args={"fighter": _declare(view, seat)})
    options = [str(choice.value) for choice in prompt.fields[0].options]
    restless = MOVE_WHIM / WHIM_SPREAD if style.tasteful else 0.0
    best = max(
        options,
        key=lambda code: (
            _move_score(view, seat, role, parse_move(code))
            + rng.below(100) / 1000
            + restless * (style.whim(rng) - 1)
        ),
    )
    return Action(seat=seat, move="move", args={"move": best})


# Battles ------------------------------------------------------------------------------------


def _mask(cards: tuple[int, ...]) -> int:
    return sum(1 << c for c in cards)


def _hands(view: HannibalView, seat: int) -> tuple[int, int]:
    """(own hand, enemy hand) as bit masks; the enemy's is every card not yet discarded."""
    own = _mask(view.hand or ())
    theirs = _mask(tuple(c for c in FULL_HAND if c not in view.discards[1 - seat]))
    return own, theirs


@lru_cache(maxsize=200_000)
def _battle(
    mine: int, theirs: int, my_hand: int, their_hand: int, my_h: bool, their_h: bool
) -> tuple[float, float]:
    """(objective, chance that I hold the place) of a battle from here, my best play against
    a uniformly random opponent. `my_h` / `their_h`: Hannibal is among that side's units (he
    fights when alone; beside other legions his owner declares: I pick, they pick at random).
    """
    if not mine or not theirs:
        return float(mine) - float(theirs) + (1.0 if mine else 0.0), 1.0 if mine else 0.0
    mine_options = (True, False) if my_h and mine > 1 else (my_h,)
    theirs_options = (True, False) if their_h and theirs > 1 else (their_h,)
    best: tuple[float, float] | None = None
    for my_fights in mine_options:
        total = [0.0, 0.0]
        for their_fights in theirs_options:
            value = _exchange(
                mine, theirs, my_hand, their_hand, my_h, their_h, my_fights, their_fights
            )
            total[0] += value[0] / len(theirs_options)
            total[1] += value[1] / len(theirs_options)
        if best is None or total[0] > best[0]:
            best = (total[0], total[1])
    assert best is not None
    return best


def _cards(hand: int) -> list[int]:
    return [c for c in FULL_HAND if hand >> c & 1]


def _card_values(
    mine: int,
    theirs: int,
    my_hand: int,
    their_hand: int,
    my_h: bool,
    their_h: bool,
    my_fights: bool,
    their_fights: bool,
) -> dict[int, tuple[float, float]]:
    """Expected (objective, hold chance) for each card I could play in this exchange, where
    `*_fights` says whether that side's Hannibal fights it (+1)."""
    options = _cards(their_hand)
    values = {}
    for card in _cards(my_hand):
        total = [0.0, 0.0]
        for other in options:
            mine_v, theirs_v = card + my_fights, other + their_fights
            lost_me, lost_them = mine_v <= theirs_v, theirs_v <= mine_v
            hands = (my_hand & ~(1 << card), their_hand & ~(1 << other))
            if not hands[0] and not hands[1]:
                hands = (_mask(FULL_HAND), _mask(FULL_HAND))
            value, hold = _battle(
                mine - lost_me,
                theirs - lost_them,
                hands[0],
                hands[1],
                my_h and not (lost_me and my_fights),
                their_h and not (lost_them and their_fights),
            )
            extra = HANNIBAL_WORTH - 1
            total[0] += (
                value - extra * (lost_me and my_fights) + extra * (lost_them and their_fights)
            )
            total[1] += hold
        values[card] = (total[0] / len(options), total[1] / len(options))
    return values


@lru_cache(maxsize=200_000)
def _exchange(
    mine: int,
    theirs: int,
    my_hand: int,
    their_hand: int,
    my_h: bool,
    their_h: bool,
    my_fights: bool,
    their_fights: bool,
) -> tuple[float, float]:
    values = _card_values(mine, theirs, my_hand, their_hand, my_h, their_h, my_fights, their_fights)
    return max(values.values())


def _battle_setup(
    position: Position, role: Role, place: str, naval: bool
) -> tuple[int, int, bool, bool]:
    """(mine, theirs, my Hannibal there, their Hannibal there) for a battle at `place`."""
    mine, theirs = units(position, role, place), units(position, enemy(role), place)
    hannibal_here = not naval and position.hannibal == place
    return mine, theirs, hannibal_here and role == "carthage", hannibal_here and role == "rome"


def _card(view: HannibalView, seat: int, role: Role, rng: Rng, style: Style) -> int:
    """The card of the best expected outcome; a styled AI, with a chance of `HOLD_BACK * risk`,
    the second best instead, so two AIs do not both play their best into a mirror tie."""
    combat = view.combat
    assert combat is not None and view.hand
    mine, theirs, my_h, their_h = _battle_setup(position_of(view), role, combat.place, combat.naval)
    fighting = combat.fighter == "hannibal"
    own, other = _hands(view, seat)
    values = _card_values(
        mine, theirs, own, other, my_h, their_h, fighting and my_h, fighting and their_h
    )
    ranked = sorted(values, key=lambda card: (values[card], -card), reverse=True)
    held_back = (
        style.tasteful and len(ranked) > 1 and rng.below(1000) < HOLD_BACK * style.risk * 1000
    )
    return ranked[1] if held_back else ranked[0]


def _declare(view: HannibalView, seat: int) -> str:
    combat = view.combat
    assert combat is not None
    mine, theirs, _, _ = _battle_setup(position_of(view), "carthage", combat.place, combat.naval)
    own, other = _hands(view, seat)
    with_him = _exchange(mine, theirs, own, other, True, False, True, False)
    without = _exchange(mine, theirs, own, other, True, False, False, False)
    return "hannibal" if with_him >= without else "ordinary"


# Moves --------------------------------------------------------------------------------------


def _move_score(view: HannibalView, seat: int, role: Role, move: Move) -> float:
    map_ = board()
    position = position_of(view)
    if move.piece != "fleet" and move.dest == map_.capitals[enemy(role)]:
        return 10 * WIN
    after = moved(position, role, move)
    defenders = units(after, enemy(role), move.dest)
    if not defenders:
        return score(view, map_, after, role)
    naval = move.piece == "fleet"
    mine, theirs, my_h, their_h = _battle_setup(after, role, move.dest, naval)
    own, other = _hands(view, seat)
    value, hold = _battle(mine, theirs, own, other, my_h, their_h)
    won = _cleared(after, role, move.dest, naval, enemy(role))
    lost = _cleared(after, role, move.dest, naval, role)
    won_score = score(view, map_, won, role)
    lost_score = score(view, map_, lost, role)
    return hold * won_score + (1 - hold) * lost_score + 4 * value


def _cleared(position: Position, role: Role, place: str, naval: bool, loser: Role) -> Position:
    """`position` with `loser`'s units at `place` gone (a battle's end, roughly)."""
    index = side(loser)
    pieces = dict(position.fleets if naval else position.legions)
    pair = list(pieces[place])
    pair[index] = 0
    pieces[place] = (pair[0], pair[1])
    if naval:
        return position._replace(fleets=pieces)
    hannibal = None if loser == "carthage" and position.hannibal == place else position.hannibal
    return position._replace(legions=pieces, hannibal=hannibal)


def score(view: HannibalState | HannibalView, map_: Board, position: Position, role: Role) -> float:
    """How good `position` is for `role` at the end of its own turn (its control counts)."""
    other = enemy(role)
    mine, theirs = legion_total(position, role), legion_total(position, other)
    if not theirs:
        return WIN if mine else 0.0
    if not mine:
        return -WIN
    if mediterranean_control(map_, position, role):
        return WIN
    score = 0.0
    if _threatens_capital(map_, position, other):
        score -= 300
    if _can_control_next(map_, position, other):
        score -= 200
    my_dist = _distances(map_, position, role)
    their_dist = _distances(map_, position, other)
    score -= 12 * min(my_dist, default=20) + sum(my_dist) * 1.0
    score += 8 * min(their_dist, default=20)
    fleets_mine = sum(pair[side(role)] for pair in position.fleets.values())
    fleets_theirs = sum(pair[side(other)] for pair in position.fleets.values())
    score += 10 * (mine - theirs) + 4 * (fleets_mine - fleets_theirs)
    if position.hannibal is not None:
        score += 5 if role == "carthage" else -5
    score += 6 * _groups(map_, position, role) - 6 * _groups(map_, position, other)
    if view.core_control:
        cores = controlled_cores(map_, position, role)
        seat = view.rome_seat if role == "rome" else 1 - view.rome_seat
        if cores >= 3:
            score += 30 + 10 * view.chips[seat]
        score += 4 * cores - 4 * controlled_cores(map_, position, other)
    return score


def _groups(map_: Board, position: Position, role: Role) -> int:
    return sum(
        any(units(position, role, region) for region in group) for group in map_.control[role]
    )


def _can_control_next(map_: Board, position: Position, role: Role) -> bool:
    """`role` holds all but one group of its Mediterranean condition and can step into it."""
    missing = [
        group
        for group in map_.control[role]
        if not any(units(position, role, region) for region in group)
    ]
    if len(missing) != 1:
        return False
    return any(
        _reaches(map_, position, role, region)
        for region in missing[0]
        if not units(position, enemy(role), region)
    )


def _threatens_capital(map_: Board, position: Position, role: Role) -> bool:
    return _reaches(map_, position, role, map_.capitals[enemy(role)])


def _reaches(map_: Board, position: Position, role: Role, target: str) -> bool:
    """A legion of `role` can enter `target` with one move."""
    me = side(role)
    for region in map_.land[target]:
        if position.legions[region][me] or (role == "carthage" and position.hannibal == region):
            return True
    for route in map_.routes_at(target):
        source = map_.across(route, target)
        if position.fleets[route][me] and position.legions[source][me]:
            return True
    return False


def _distances(map_: Board, position: Position, role: Role) -> list[int]:
    """Moves each legion of `role` needs to reach the enemy capital (fleet moves included)."""
    cost = _cost_to_capital(map_, position, role, hannibal=False)
    found = [
        cost[region] for region in map_.regions for _ in range(position.legions[region][side(role)])
    ]
    if role == "carthage" and position.hannibal is not None:
        found.append(_cost_to_capital(map_, position, role, hannibal=True)[position.hannibal])
    return found


def _cost_to_capital(map_: Board, position: Position, role: Role, hannibal: bool) -> dict[str, int]:
    them = 1 - side(role)
    defenders = tuple(position.legions[region][them] for region in map_.regions)
    fleets = tuple(position.fleets[route] for route in map_.routes)
    return _costs(role, hannibal, defenders, fleets)


@lru_cache(maxsize=50_000)
def _costs(
    role: Role, hannibal: bool, defenders: tuple[int, ...], fleet_pairs: tuple[tuple[int, int], ...]
) -> dict[str, int]:
    """Dijkstra from the enemy capital backwards over land borders and sea routes; entering
    a region costs 2 per defender there, a route without an own fleet 2 (3 past enemy ships).
    Cached: the AI scores many moves that leave the other side's pieces where they were."""
    map_ = board()
    me, them = side(role), 1 - side(role)
    enemy_legions = dict(zip(map_.regions, defenders, strict=True))
    fleets = dict(zip(map_.routes, fleet_pairs, strict=True))
    target = map_.capitals[enemy(role)]
    best = {region: 30 for region in map_.regions}
    best[target] = 0
    queue = [(0, target)]
    while queue:
        dist, region = heapq.heappop(queue)
        if dist > best[region]:
            continue
        entry = 0 if region == target else 2 * enemy_legions[region]
        steps = [(n, 1) for n in map_.land[region]]
        if not hannibal:
            for route in map_.routes_at(region):
                pair = fleets[route]
                crossing = 1 if pair[me] else 2 if not pair[them] else 3
                steps.append((map_.across(route, region), crossing))
        for neighbour, step in steps:
            total = dist + step + entry
            if total < best[neighbour]:
                best[neighbour] = total
                heapq.heappush(queue, (total, neighbour))
    return best
