"""Konsul's AI: it bids only what it can surely make and turns remembered cards first.

It decides from its seat's view alone: the face-up cards, its memory of face-down cards shown
earlier (`remembered`) and the multiset of cards never shown (`unrevealed`), which is what a
player with a perfect memory of the public reveals knows. The first card turned always fits, so
"one unknown card, then the remembered cards that fit it" is a sure plan as well.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Action, Prompt
from engine.games.konsul.cards import (
    BANNER,
    Mode,
    best_set_bound,
    fits,
    mode_totals,
    modes_of,
    number_of,
    set_value,
    slot_name,
)
from engine.games.konsul.state import FACE_DOWN, KonsulView
from engine.rng import Rng
from engine.styles import STEADY, Style


def decide(
    view: KonsulView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    if prompt.move == "bid":
        return Action(seat=seat, move="bid", args={"bid": _bid(view, prompt, rng_state)})
    if prompt.move == "flip":
        return Action(seat=seat, move="flip", args={"slot": _flip(view, prompt, rng_state)})
    card = min(view.hand or (), key=lambda c: (c != BANNER, number_of(c)))
    slot = prompt.fields[1].options[0].value
    return Action(seat=seat, move="give_up", args={"card": card, "slot": slot})


def _unknown_slots(view: KonsulView) -> list[int]:
    remembered = {slot for slot, _ in view.remembered}
    return [i for i, c in enumerate(view.cells) if c == FACE_DOWN and i not in remembered]


def _unknown_count(view: KonsulView) -> int:
    """How many face-down cards were never shown (remembered slots are the other face-down ones)."""
    return view.cells.count(FACE_DOWN) - len(view.remembered)


def _plan(
    cards: list[int], known: list[tuple[int, int]], modes: tuple[Mode, ...], count: bool
) -> tuple[int, list[int]]:
    """The remembered cards to add to `cards` for the best sure set: (worth, slots)."""
    best: tuple[int, list[int]] = (set_value(cards, count), [])
    if not known:
        return best
    totals = mode_totals((c for _, c in known), count)
    mode = max(modes, key=totals.__getitem__, default=None)
    if mode is None or totals[mode] == 0:
        return best
    return best[0] + totals[mode], [slot for slot, c in known if fits(c, mode)]


def sure_worth(view: KonsulView) -> int:
    """The most this seat can surely make if it wins the auction now."""
    known = tuple(sorted(c for _, c in view.remembered))
    return _sure_worth(known, view.unrevealed, view.count_bidding, _unknown_count(view) > 0)


@lru_cache(maxsize=4096)
def _sure_worth(known: tuple[int, ...], pool: tuple[int, ...], count: bool, unknown: bool) -> int:
    """`sure_worth` from the multisets it depends on: rollouts ask it at every bid, for the same
    few memories again and again, so it is computed once per memory."""
    totals = mode_totals(known, count)
    worth = max(totals.values())
    if unknown and pool:
        worst_first = min(
            set_value([first], count) + max(totals[mode] for mode in modes_of([first]))
            for first in set(pool)
        )
        worth = max(worth, worst_first)
    return worth


def possible_worth(view: KonsulView) -> int:
    """The best set the face-down cards could make, remembered and never shown alike: a bid
    above it fails whatever is turned (and costs a hand card)."""
    face_down = [c for _, c in view.remembered] + list(view.unrevealed)
    return best_set_bound(face_down, view.count_bidding)


def hoped_worth(view: KonsulView) -> float:
    """The sure worth plus what turning unknown cards is expected to add: each further card
    fits with the share of never-shown cards that fit some mode, and is worth their mean."""
    sure = sure_worth(view)
    unknown = _unknown_count(view)
    if not view.unrevealed or not unknown:
        return float(sure)
    mean, p = _pool_odds(view.unrevealed, view.count_bidding)
    extra, chance = 0.0, 1.0
    for _ in range(min(3, unknown)):
        chance *= p
        extra += chance * mean
    return sure + extra


@lru_cache(maxsize=4096)
def _pool_odds(pool: tuple[int, ...], count: bool) -> tuple[float, float]:
    """The mean worth of a never-shown card, and the best share of them that fit one mode."""
    mean = sum(set_value([c], count) for c in pool) / len(pool)
    return mean, max(mode_totals(pool, True).values()) / len(pool)


def _bid(view: KonsulView, prompt: Prompt, rng_state: int) -> int | str:
    """Bid up to the value of the remembered cards and of the risk worth taking: the sure worth,
    raised toward the hoped worth by a seeded appetite for risk. An opening bid starts a little
    below that limit (a lower price if no one contests), so auctions close at varied bids; a
    contested auction is fought to CONTEST_MARGIN past the hoped worth. Never past what can be
    made: one past the possible worth is a block (it fails for sure, costs a hand card and
    denies the high bidder his set); empty-handed, a failure eliminates, so only the sure worth."""
    rng = Rng(rng_state)
    sure = sure_worth(view)
    possible = possible_worth(view)
    appetite = rng.below(9) / 8  # 0, 1/8 .. all of the hoped extra
    limit = max(1, min(int(sure + appetite * (hoped_worth(view) - sure)), possible))
    offered = [c.value for c in prompt.fields[0].options if isinstance(c.value, int)]
    ceiling = min(possible + BLOCK if view.hand else sure, max(offered))
    if view.high == 0:
        return max(1, min(limit, ceiling) - rng.below(3))
    # Contested, it goes one past its hoped worth: a rival who never passes (always the lowest
    # raise) otherwise won 97% of 60 games against two normal seats, taking every auction cheap.
    limit = min(max(limit, int(hoped_worth(view)) + CONTEST_MARGIN), ceiling)
    return view.high + 1 if view.high + 1 <= limit else "pass"


CONTEST_MARGIN = 1
# How far past the possible worth a contested bid may go: a block that fails for sure. Without
# it an always-the-lowest-raise rival, who never passes, took every set the AI stopped at.
BLOCK = 1


def _flip(view: KonsulView, prompt: Prompt, rng_state: int) -> str:
    turned = [card for i in view.turned if (card := view.cells[i]) is not None]  # face up
    count = view.count_bidding
    known = list(view.remembered)
    worth, slots = _plan(turned, known, modes_of(turned), count)
    unknown = _unknown_slots(view)
    offered = [choice.value for choice in prompt.fields[0].options]
    if not turned and worth < view.bid and unknown:
        slots = []  # an unknown first card fits anything and leaves every plan open
    if slots:
        return slot_name(slots[0])
    if "stop" in offered and not _worth_the_risk(view, turned):
        return "stop"
    if not unknown:  # every card left is remembered and none fits: the turn fails anyway
        return str(next(v for v in offered if v != "stop"))
    return slot_name(Rng(rng_state).choice(unknown))


def _worth_the_risk(view: KonsulView, turned: list[int]) -> bool:
    """Turn one more unknown card only when a misfit (losing the set and a hand card) is less
    likely than its gain of one card justifies."""
    pool = list(view.unrevealed)
    if not pool or not _unknown_count(view):
        return False
    modes = modes_of(turned)
    fitting = sum(any(fits(c, mode) for mode in modes) for c in pool)
    p = fitting / len(pool)
    return p * 1 > (1 - p) * (len(turned) + 1)
