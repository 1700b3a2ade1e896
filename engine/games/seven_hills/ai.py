"""The Seven Hills' AI: a one-ply evaluator from the seat's own view. The opponent's unseen
cards are sampled from the values it cannot have shown yet; each candidate play is simulated
with the real hill rules on every sample, and the hill is scored as value × (2·P(win) − 1) with
P a logistic of the margin, softer while many cards remain. A card costs its strength, so high
cards go where they swing a valuable hill; the flag is worth most as a trap on an empty hill."""

from __future__ import annotations

from typing import Any

from engine.core import Action, Prompt
from engine.games.seven_hills.hill import SimHill, play_on_hill
from engine.games.seven_hills.state import FLAG, HILLS, SIDES, SevenHillsView, full_hand
from engine.rng import Rng
from engine.styles import STEADY, Style

_AI_SAMPLES = 10
_AI_CARD_COST = 0.35
_AI_TRAP = 0.45
# Plays the hard AI's search weighs: the evaluator's best few.
SEARCH_CANDIDATES = 4


def decide(
    view: SevenHillsView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action | None:
    if prompt.move != "play" or view.hand is None or not view.hand:
        return None
    card, hill = ai_choose(view, seat, rng_state)
    return Action(
        seat=seat, move="play", args={"card": "flag" if card == FLAG else card, "hill": hill}
    )


def _ai_margin(mine: list[int], theirs: list[int], highest: bool) -> float:
    if highest:
        a, b = sorted(mine, reverse=True), sorted(theirs, reverse=True)
        for x, y in zip(a, b, strict=False):
            if x != y:
                return float(x - y)
        return 0.5 * (len(a) - len(b))
    return float(sum(mine) - sum(theirs))


def _ai_hill_value(
    hill: SimHill, number: int, me: int, view: SevenHillsView, softness: float
) -> float:
    mine = [v for v, _ in hill.cards[me]]
    theirs = [v for v, _ in hill.cards[1 - me]]
    if view.barricades and not hill.revealed:  # as the end-of-game reveal would leave it
        for side in (mine, theirs):
            if FLAG in side[:-1]:
                at = side.index(FLAG)
                del side[at : at + 2]
    q_me, q_op = any(v != FLAG for v in mine), any(v != FLAG for v in theirs)
    if not q_me and not q_op:
        return 0.0
    margin = _ai_margin(mine, theirs, view.highest_card)
    margin += 0.4 if view.start == me else -0.4
    if not q_op:
        margin = max(margin, 1.0)
    if not q_me:
        margin = min(margin, -1.0)
    x = max(-30.0, min(30.0, margin / softness))
    p = 1.0 / (1.0 + float(2.718281828 ** (-x)))
    return number * (2.0 * p - 1.0)


def _ai_samples(view: SevenHillsView, me: int, rng: Rng) -> list[list[SimHill]]:
    """Full-information guesses at the hills: the opponent's hidden values drawn without
    replacement from the values it may still hold."""
    opp = 1 - me
    pool = list(full_hand(view.barricades))
    for hill in view.hills:
        for card in hill.cards[opp]:
            if card.value is not None and card.value in pool:
                pool.remove(card.value)
    for removed in view.removed:
        if removed.seat == opp and removed.value in pool:
            pool.remove(removed.value)
    hidden = sum(1 for hill in view.hills for card in hill.cards[opp] if card.value is None)
    count = _AI_SAMPLES if hidden else 1
    samples = []
    for _ in range(count):
        draw = iter(rng.shuffled(pool))
        hills = []
        for hill in view.hills:
            sides = tuple(
                tuple(
                    (card.value if card.value is not None else next(draw, 5), card.up)
                    for card in hill.cards[side]
                )
                for side in range(SIDES)
            )
            hills.append(SimHill(revealed=hill.revealed, cards=sides, guard=hill.guard))  # type: ignore[arg-type]  # two sides, as the tuple type says
        samples.append(hills)
    return samples


def ai_choose(view: SevenHillsView, me: int, rng_state: int) -> tuple[int, int]:
    return ranked_plays(view, me, rng_state)[0]


def ranked_plays(view: SevenHillsView, me: int, rng_state: int) -> list[tuple[int, int]]:
    """Every legal (card, hill) play, the evaluator's best first (ties fall by the seed)."""
    rng = Rng(rng_state)
    assert view.hand is not None
    remaining = view.hand_sizes[0] + view.hand_sizes[1]
    softness = 1.0 + 4.0 * remaining / (2 * len(full_hand(view.barricades)))
    samples = _ai_samples(view, me, rng)
    base = [
        [_ai_hill_value(hills[i], number, me, view, softness) for i, number in enumerate(HILLS)]
        for hills in samples
    ]
    keyed: list[tuple[float, int, int, int]] = []
    for card in sorted(set(view.hand)):
        for index, number in enumerate(HILLS):
            if number == view.last_hill:
                continue
            shown = view.hills[index]
            if (
                view.no_repeat_values
                and shown.revealed
                and any(c.value == card for c in shown.cards[1 - me])
            ):
                continue
            gain = 0.0
            for hills, before in zip(samples, base, strict=True):
                after, _, _ = play_on_hill(
                    hills[index],
                    number,
                    me,
                    card,
                    no_repeat=view.no_repeat_values,
                    barricades=view.barricades,
                    narrate=False,
                    build=SimHill,
                )
                gain += _ai_hill_value(after, number, me, view, softness) - before[index]
            score = gain / len(samples) - _AI_CARD_COST * card
            if card == FLAG and not shown.revealed and not shown.cards[0] and not shown.cards[1]:
                score += _AI_TRAP * number
            keyed.append((score, rng.below(1 << 16), card, number))
    assert keyed
    return [(card, number) for _, _, card, number in sorted(keyed, reverse=True)]


def alternatives(view: SevenHillsView, prompt: Prompt, seat: int) -> list[dict[str, Any]] | None:
    """The hard AI's candidates: the evaluator's best few plays. Random (card, hill) pairs, as
    the search draws for a prompt of two fields, were mostly poor plays that spent the rollout
    budget without challenging the heuristic's pick."""
    if prompt.move != "play" or not view.hand:
        return None
    best = ranked_plays(view, seat, 0)[:SEARCH_CANDIDATES]
    return [{"card": "flag" if card == FLAG else card, "hill": hill} for card, hill in best]
