"""Circus Maximus AI, from the seat's view only (nothing is hidden anyway).

Each decision plans the moving chariot's whole turn with a small beam search over card actions
(the real movement rules, other chariots as obstacles) and plays its first step; the next prompt
plans again from where the chariot stands, so the card and drive prompts agree. A plan is worth
the steps it saves towards the finish (an empty-track distance that follows the lap rules),
minus a price per card pip while teammates still have to move this round (cards left after the
last teammate are lost anyway). The constants were tuned in AI-against-AI games (random
placements, 240 games each): weighting chariots that trail their team lost to this plain sum.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core import Action, Prompt
from engine.games.circus_maximus.state import CircusView, cards_needed, occupied, turn_limit
from engine.games.circus_maximus.track import DIRECTIONS, TRACK, Cell, Drive, reach
from engine.styles import STEADY, Style

BEAM = 6
CARD_PRICE = 0.65  # steps a pip is expected to gain for a teammate still to move
FINISH_BONUS = 4.0


class Plan(NamedTuple):
    score: float
    actions: tuple[tuple[int, str | None], ...]  # (card, direction or None = burn)
    cell: Cell
    segment: int
    finished: bool
    hand: tuple[int, ...]


def decide(
    view: CircusView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action | None:
    if prompt.move == "place":
        return Action(seat=seat, move="place", args={"cell": _best_start(view)})
    if view.moving is None:
        return None
    first = view.selected if prompt.move == "drive" else None
    plan = best_plan(view, seat, first)
    if not plan.actions:
        return Action(seat=seat, move="card", args={"card": "end"})
    card, direction = plan.actions[0]
    if prompt.move == "card":  # card and direction in one input (see __init__.py)
        return Action(seat=seat, move="card", args={"card": card, "to": direction or "burn"})
    return Action(seat=seat, move="drive", args={"to": direction or "burn"})


def _best_start(view: CircusView) -> int:
    taken = occupied(view.chariots)
    free = [(n, cell) for n, cell in enumerate(TRACK.starts, 1) if cell not in taken]
    return min(free, key=lambda item: (TRACK.steps_left(item[1], 0), item[0]))[0]


def best_plan(view: CircusView, seat: int, first: int | None) -> Plan:
    """The best rest of the moving chariot's turn; `first` forces the next card."""
    mover = view.moving
    assert mover is not None
    chariot = view.chariots[mover]
    assert chariot.cell is not None
    others = sum(view.chariots[i].seat == seat for i in view.order[view.turn + 1 :])
    price = CARD_PRICE if others else 0.0
    need = cards_needed(view.exactly_two, others)
    limit = turn_limit(view.exactly_two) - len(view.steps)
    taken = occupied(view.chariots) - {chariot.cell}
    root = Plan(0.0, (), chariot.cell, chariot.segment, False, view.cards[seat])
    can_stop = bool(view.steps) and not view.exactly_two
    best: Plan | None = root if can_stop and first is None else None
    beam = [root]
    for depth in range(limit):
        grown: list[Plan] = []
        for plan in beam:
            if len(plan.hand) - 1 < need:
                continue
            cards = (first,) if depth == 0 and first is not None else tuple(sorted(set(plan.hand)))
            grown += _children(view, plan, cards, taken, price)
        grown.sort(key=lambda p: p.score, reverse=True)
        for plan in grown:
            done = plan.finished or not view.exactly_two or len(plan.actions) + len(view.steps) == 2
            if done and (best is None or plan.score > best.score):
                best = plan
        beam = [p for p in grown if not p.finished][:BEAM]
        beam += [p for p in grown[BEAM:] if p.actions[-1][1] is None][:1]  # keep a pivot burn
    assert best is not None
    return best


def _children(
    view: CircusView, plan: Plan, cards: tuple[int, ...], taken: frozenset[Cell], price: float
) -> list[Plan]:
    """Every next action after `plan` with one of `cards`: each burned, or driven in each
    direction (one walk per direction serves every card)."""
    out = []
    for card in cards:
        hand = list(plan.hand)
        hand.remove(card)
        rest = tuple(hand)
        burn = (*plan.actions, (card, None))
        # a burn scores a little below standing still: only when nothing moves forward
        out.append(
            Plan(plan.score - price * card - 0.01, burn, plan.cell, plan.segment, False, rest)
        )
    here = TRACK.steps_left(plan.cell, plan.segment)
    required = _required(view, plan) if view.straight_line else None
    for name in DIRECTIONS:
        if required is not None and name != required:
            continue
        ways = reach(plan.cell, plan.segment, name, max(cards), taken)
        for card in cards:
            way = ways[card - 1]
            if not isinstance(way, Drive):
                continue
            left = 0 if way.finished else TRACK.steps_left(way.path[-1], way.segment)
            gain = here - left + (FINISH_BONUS if way.finished else 0.0)
            hand = list(plan.hand)
            hand.remove(card)
            actions = (*plan.actions, (card, name))
            score = plan.score + gain - price * card
            out.append(Plan(score, actions, way.path[-1], way.segment, way.finished, tuple(hand)))
    return out


def _required(view: CircusView, plan: Plan) -> str | None:
    for _card, direction in reversed((*((s.card, s.direction) for s in view.steps), *plan.actions)):
        return direction
    return None
