"""How the hard AI scores a rollout cut at its horizon: the normal AI's judgement of the
position (material, distance to the enemy capital, control progress, threats) plus the battle
cards left in both hands, squashed into a chance to win. Short rollouts keep the worst decision
under a second; the game's own result still counts when a rollout reaches it."""

from __future__ import annotations

import math

from engine.games.hannibal.ai import WIN, score
from engine.games.hannibal.board import board
from engine.games.hannibal.position import enemy
from engine.games.hannibal.state import HannibalState, position_of, role_of

SCALE = 80.0  # score points for odds of e: about two legions and a step nearer the capital
CARD_WEIGHT = 2.0  # per pip of battle cards held beyond the opponent's


def evaluate(state: HannibalState, seat: int) -> float:
    map_, position, role = board(), position_of(state), role_of(state, seat)
    mine = score(state, map_, position, role)
    theirs = score(state, map_, position, enemy(role))
    if abs(mine) >= WIN or abs(theirs) >= WIN:
        return 1.0 if mine >= WIN or theirs <= -WIN else 0.0
    cards = sum(state.hands[seat]) - sum(state.hands[1 - seat])
    lead = (mine - theirs) / 2 + CARD_WEIGHT * cards
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
