"""A Prokonsul AI that decides from its own view only (never chip totals but its own).

Valuation: winning a round is worth what it brings now (governor: the province's value plus
link bonuses) or later (a candidate counter: a share of the value). Another player's win costs
us his gain split among the other players. Only the ranking counts, so chips paid to a rival
count twice (we lose them, he gains them): against the average rival a deal of N chips moves
N * seats / (seats - 1), and every price is scaled down by that factor. From that:
- cards: the more the round matters (to us, or to stop a candidate rival), the higher the card;
- petitioning: ask the cheapest target whose cards reach the majority, offering just above what
  the win is worth to him (his chance of winning the round times his gain), within our means;
- answering: accept when the chips are worth more than our own chance of winning the round
  times our gain, plus what the petitioner's win costs us when we alone can give it to him
  (another seat that would also do would sell instead: then our refusal stops nothing).
  Before this, a seat that always played its lowest card won 65% of 3-seat games against
  normal seats: its low card was the kingmaker that both high-card seats paid for in full.
- free negotiation: the same prices, conceding more the longer a round stays undecided, so AI
  tables always reach a coalition.
"""

from __future__ import annotations

import math
from typing import Any

from engine.core import Action, Prompt
from engine.games.prokonsul.state import ProkonsulView, Proposal, top_two_value
from engine.rng import Rng
from engine.styles import STEADY, Style

CANDIDATE_SHARE = 0.35  # a candidate counter is worth this share of the province (one more win)


def decide(
    view: ProkonsulView, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
) -> Action:
    rng = Rng(rng_state)
    move = prompt.move
    args: dict[str, Any]
    if move == "select":
        args = {"card": choose_card(view, seat, rng)}
    elif move == "offer":
        args = _offer(view, prompt, seat)
    elif move == "answer":
        args = _answer(view, seat)
    elif move == "respond":
        args = _respond(view, seat)
    elif move == "move_pawn":
        args = {"province": _pawn_target(view, prompt, seat)}
    elif move == "propose":
        args = _propose(view, prompt, seat)
    elif move == "vote":
        args = _vote(view, prompt, seat)
    else:  # no_decision: the only answer that changes anything for a listed seat
        args = {"vote": "continue" if seat in view.no_decision else "end"}
    return Action(seat=seat, move=move, args=args)


# Valuation ------------------------------------------------------------------------------


def _relative(view: ProkonsulView) -> float:
    """What a chip paid to (or taken from) one rival is worth against the average rival."""
    return (view.seats - 1) / view.seats


def _links(view: ProkonsulView, seat: int, province: int) -> int:
    bonus = 0
    for a, b in view.links:
        if province in (a, b):
            other = b if a == province else a
            if view.governor[other] == seat:
                bonus += view.link_bonus
    return bonus


def gain(view: ProkonsulView, seat: int, province: int | None = None) -> float:
    """What winning a round in `province` (default: the current one) is worth to `seat`."""
    x = view.pawn if province is None else province
    if view.governor[x] is not None and not view.short_game:
        return 0.0
    full = view.values[x] + _links(view, seat, x)
    if view.short_game:
        return float(full) if view.supply[seat] > 0 else 0.0
    if seat in view.candidates[x]:
        return float(full)
    if view.supply[seat] > 0:
        return CANDIDATE_SHARE * full
    return 0.0


def _rival_threat(view: ProkonsulView, seat: int) -> float:
    """The largest gain another player makes by winning this round."""
    return max((gain(view, r) for r in range(view.seats) if r != seat), default=0.0)


def _harm(view: ProkonsulView, winner: int) -> float:
    """What `winner`'s gain costs each other player (ranking is relative)."""
    return gain(view, winner) / max(1, view.seats - 1)


def _chance(view: ProkonsulView, seat: int, petitioner: int | None) -> float:
    """A rough chance that `seat` wins the round if he keeps his cards now."""
    chance = 0.0
    if view.first_petitioner == seat and petitioner != seat:
        chance += 0.2
    if seat not in view.petitioned and view.held and view.held[seat]:
        position = view.queue.index(seat) if seat in view.queue else 0
        ahead = [
            q
            for q in view.queue[:position]
            if q not in view.petitioned and view.held[q] and q != petitioner
        ]
        share = min(1.0, 2.0 * view.holding(seat) / max(1, view.threshold))
        chance += 0.5 * share * 0.6 ** len(ahead)
    return min(1.0, chance)


def reservation(view: ProkonsulView, seat: int, petitioner: int, decisive: bool) -> float:
    """The least `seat` should take for his cards from `petitioner`."""
    price = _chance(view, seat, petitioner) * gain(view, seat)
    if decisive and not _others_suffice(view, seat, petitioner):
        price += _harm(view, petitioner)
    return price * _relative(view)


def _others_suffice(view: ProkonsulView, seat: int, petitioner: int) -> bool:
    """Whether another seat the petitioner may still ask also holds enough to make him win."""
    need = view.threshold - view.holding(petitioner)
    return any(
        view.holding(t) >= need
        for t in range(view.seats)
        if t not in (seat, petitioner) and t not in view.barred
    )


# Cards and pawn ---------------------------------------------------------------------------


def choose_card(view: ProkonsulView, seat: int, rng: Rng) -> int:
    hand = sorted(view.own_hand or ())
    assert hand, "select prompt without a hand"
    importance = (gain(view, seat) + 0.5 * _rival_threat(view, seat)) / 15.0
    index = round(min(1.0, importance) * (len(hand) - 1)) + rng.below(3) - 1
    return hand[max(0, min(len(hand) - 1, index))]


def _pawn_target(view: ProkonsulView, prompt: Prompt, seat: int) -> str:
    def score(pid: str) -> float:
        p = view.provinces.index(pid)
        threat = max((gain(view, r, p) for r in range(view.seats) if r != seat), default=0.0)
        return gain(view, seat, p) - 0.5 * threat

    options = [str(c.value) for c in prompt.fields[0].options]
    return max(options, key=lambda pid: (score(pid), pid))


# Petitions ------------------------------------------------------------------------------


def _budget(view: ProkonsulView, seat: int) -> int:
    worth = (gain(view, seat) + 0.5 * _rival_threat(view, seat)) * _relative(view)
    return max(0, min(view.own_chips or 0, math.floor(worth)))


def _offer(view: ProkonsulView, prompt: Prompt, seat: int) -> dict[str, Any]:
    targets = [int(c.value) for c in prompt.fields[0].options]
    need = view.threshold - view.holding(seat)
    budget = _budget(view, seat)

    def price(target: int) -> int:
        decisive = view.holding(target) >= need
        return math.floor(reservation(view, target, seat, decisive)) + 1

    enough = [t for t in targets if view.holding(t) >= need]
    if enough:
        target = min(enough, key=lambda t: (price(t), -view.holding(t), t))
        chips = min(price(target), budget)
    else:
        reachable = view.holding(seat) + sum(view.holding(t) for t in targets)
        target = max(targets, key=lambda t: (view.holding(t), -t))
        chips = min(price(target), budget // 2) if reachable >= view.threshold else 0
    return {"target": target, "chips": max(0, chips), "text": ""}


def _answer(view: ProkonsulView, seat: int) -> dict[str, Any]:
    offer, petitioner = view.offer, view.petitioner
    assert offer is not None and petitioner is not None
    need = view.threshold - view.holding(petitioner)
    floor_price = reservation(view, seat, petitioner, view.holding(seat) >= need)
    if offer.chips > floor_price:
        return {"answer": "accept"}
    if view.negotiation == "two_way" and offer.counters == 0:
        return {"answer": "counter", "chips": math.floor(floor_price) + 1, "text": ""}
    return {"answer": "decline"}


def _respond(view: ProkonsulView, seat: int) -> dict[str, Any]:
    offer = view.offer
    assert offer is not None and offer.counter is not None
    budget = _budget(view, seat)
    if offer.counter <= budget:
        return {"decision": "accept_counter", "chips": 0, "text": ""}
    middle = (offer.chips + offer.counter) // 2
    if offer.counters < 2 and offer.chips < min(budget, middle):
        return {"decision": "offer", "chips": min(budget, middle), "text": ""}
    return {"decision": "break_off", "chips": 0, "text": ""}


# Free negotiation -----------------------------------------------------------------------


def _concession(view: ProkonsulView) -> float:
    return max(0.0, 1.0 - view.proposals_made / (3.0 * view.seats))


def _free_chance(view: ProkonsulView, seat: int) -> float:
    if view.top_two_only and view.revealed[seat] < top_two_value(view.revealed):
        return 0.0
    better = sum(1 for c in view.revealed if c > view.revealed[seat])
    return (0.4, 0.25)[better] if better < 2 else 0.1


def _free_price(view: ProkonsulView, seat: int, winner: int) -> float:
    if seat == winner:
        return 0.0
    return (_free_chance(view, seat) * gain(view, seat) + _harm(view, winner)) * _concession(view)


def _propose(view: ProkonsulView, prompt: Prompt, seat: int) -> dict[str, Any]:
    fields = {f.name: f for f in prompt.fields}
    eligible = [int(c.value) for c in fields["winner"].options]
    cap = fields["pay_0"].max
    chips = view.own_chips or 0
    if seat in eligible and gain(view, seat) > 0:
        winner = seat
    else:  # someone who gains from it, so the game moves on; the strongest card first
        winner = max(eligible, key=lambda s: (gain(view, s) > 0, view.revealed[s], -s))
    members = [winner] + ([seat] if seat != winner else [])
    others = sorted(
        (s for s in range(view.seats) if s not in members),
        key=lambda s: (-view.revealed[s], _free_price(view, s, winner), s),
    )
    while sum(view.revealed[m] for m in members) < view.threshold:
        members.append(others.pop(0))
    pay = dict.fromkeys(range(view.seats), 0)
    if winner == seat:
        asks = {m: math.ceil(_free_price(view, m, seat)) for m in members if m != seat}
        budget = min(chips, math.floor(gain(view, seat) + 0.5 * _rival_threat(view, seat)))
        total = sum(asks.values())
        scale = 1.0 if total <= budget else budget / total
        for member, ask in asks.items():
            pay[member] = min(cap, math.floor(ask * scale))
    else:
        pay[seat] = min(cap, math.ceil(_free_price(view, seat, winner)))
    args: dict[str, Any] = {"winner": winner, "members": sorted(members), "text": ""}
    args.update({f"pay_{s}": amount for s, amount in pay.items()})
    return args


def _vote(view: ProkonsulView, prompt: Prompt, seat: int) -> dict[str, Any]:
    number = int(prompt.fields[0].options[0].value)
    proposal = next(p for p in view.proposals if p.id == number)
    return {"proposal": number, "answer": "accept" if _likes(view, proposal, seat) else "decline"}


def _likes(view: ProkonsulView, proposal: Proposal, seat: int) -> bool:
    if proposal.outgoing(seat) > (view.own_chips or 0):
        return False
    net = proposal.net(seat)
    if proposal.winner == seat:
        worth = gain(view, seat) + 0.5 * _rival_threat(view, seat)
        return -net <= max(worth, 0.0) * max(_concession(view), 0.5) or net >= 0
    return net >= _free_price(view, seat, proposal.winner)
