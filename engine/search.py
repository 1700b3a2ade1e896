"""The hard AI: determinised Monte Carlo search from one seat's own view, for any game.

Each game supplies a *sampler* `(view, rng) -> state`: a full state consistent with what the
seat sees, hidden hands, deck order and other seats' unrevealed commits drawn afresh. The search
never touches the real state: it builds several such worlds (determinisations), tries each
candidate input in them with UCB1 over the summed statistics of all worlds (root-parallel,
PIMC-style), and plays every trial to the end with the game's rollout policy, or to a horizon
where the game's own estimate scores it (shorter trials, so more of them in the budget). Every
arm's k-th trial shares its world, dice and rollout seed with the other arms' k-th (common random
numbers), so a small budget still tells inputs apart. A game may ask instead for the same number
of trials per input and evidence (`SearchSpec.evidence`): an input replaces the heuristic's pick
only when it beat it trial by trial, paired on those shared worlds and dice, by a t above the
bar. A fixed number of rollouts, not wall time, bounds the work, so a seed always gives the
same decision.

Simultaneous secret choices stay secret: the sampler redraws every commit the seat has not
seen revealed, so the seat never conditions on one.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel

from engine.ai import random_args, random_step
from engine.core import Action, AnyGame, GameState, IllegalInput, Outcome, Prompt, SearchSpec
from engine.rng import Rng, derive_seed

# Distinct inputs tried at the root when a prompt cannot be listed in full (multisets, fleets).
MAX_CANDIDATES = 12
EXPLORATION = 0.7
MIN_ROLLOUTS_PER_ARM = 4


def reward(outcome: Outcome, seat: int, seats: int) -> float:
    """Mostly the share of the win, plus a little for the rank, so lost games still teach."""
    win = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
    place = (seats - outcome.ranks[seat]) / max(1, seats - 1)
    return 0.8 * win + 0.2 * place


def _key(action: Action) -> str:
    return json.dumps(action.args, sort_keys=True, default=str)


def candidates(
    game: AnyGame, spec: SearchSpec, view: BaseModel, prompt: Prompt, seat: int, seed: int
) -> list[Action]:
    """The inputs worth trying: the heuristic's own pick first, then the game's own
    alternatives when it offers them, else every option of a single pick-one field, or random
    samples of the fields. Built from the view and prompt only, so the same in every world."""
    found: dict[str, Action] = {}
    heuristic = game.ai_action(view, prompt, seat, seed)
    if heuristic is not None:
        found[_key(heuristic)] = heuristic
    offered = spec.alternatives(view, prompt, seat) if spec.alternatives else None
    if offered is not None:
        for args in offered:
            action = Action(seat=seat, move=prompt.move, args=args)
            found.setdefault(_key(action), action)
        return list(found.values())
    fields = prompt.fields
    if len(fields) == 1 and fields[0].kind == "one":
        for choice in fields[0].options:
            action = Action(seat=seat, move=prompt.move, args={fields[0].name: choice.value})
            found.setdefault(_key(action), action)
        return list(found.values())
    rng = Rng(derive_seed(seed, "candidates"))
    for attempt in range(MAX_CANDIDATES * 4):
        if len(found) >= MAX_CANDIDATES:
            break
        mine = (
            game.ai_action(view, prompt, seat, derive_seed(seed, attempt)) if attempt % 2 else None
        )
        action = mine or Action(seat=seat, move=prompt.move, args=random_args(prompt, rng))
        found.setdefault(_key(action), action)
    return list(found.values())


def rollout(
    game: AnyGame, state: GameState, seed: int, policy: str, horizon: int = 1000
) -> GameState | None:
    """Play `state` on: every seat decides from its own view (heuristic) or at random, to the
    end or for `horizon` inputs, whichever comes first. None when no input fits a world."""
    for step in range(horizon):
        prompts = game.pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        seat = prompt.seats[0]
        step_seed = derive_seed(seed, step)
        try:
            state = _step(game, state, prompt, seat, step_seed, policy)
        except (RuntimeError, ValueError):
            # A sampled world can be one the rules never reach (a guessed chip count below
            # what a prompt needs), and no input fits: it counts as a fair share.
            return None
    return state


def scored(
    game: AnyGame, spec: SearchSpec, state: GameState | None, seat: int, seats: int
) -> tuple[float, float]:
    """(reward, share of a win) of a rollout's last state. A game cut at the horizon is worth
    the game's own estimate when it declares one, else a fair share (and no win)."""
    outcome = None if state is None else game.outcome(state)
    if outcome is not None:
        return reward(outcome, seat, seats), _won(outcome, seat)
    if state is None or spec.evaluate is None:
        return 1.0 / seats, 0.0
    estimate = spec.evaluate(state, seat)
    return estimate, estimate


def _step(
    game: AnyGame, state: GameState, prompt: Prompt, seat: int, seed: int, policy: str
) -> GameState:
    """The state after `seat`'s input by `policy` (the heuristic, or at random)."""
    if policy == "heuristic":
        action = game.ai_action(game.view(state, seat), prompt, seat, seed)
        if action is not None:
            try:
                after: GameState = game.apply(state, action)[0]
                return after
            except IllegalInput:
                pass  # a heuristic misled by a sampled world: fall back to a random input
    return random_step(game, state, prompt, seat, seed)[1][0]


@dataclass
class _Arm:
    action: Action
    visits: int = 0
    total: float = 0.0
    wins: float = 0.0
    values: list[float] = field(default_factory=list)  # each trial's reward, in trial order


def search_action(
    game: AnyGame, spec: SearchSpec, view: BaseModel, prompt: Prompt, seat: int, seed: int
) -> Action:
    """The seat's hard-AI decision, from its view and prompt alone (deterministic per seed)."""
    return searched(game, spec, view, prompt, seat, seed)[0]


def searched(
    game: AnyGame, spec: SearchSpec, view: BaseModel, prompt: Prompt, seat: int, seed: int
) -> tuple[Action, float | None]:
    """`search_action` and the share of its sampled games the decision won (None: it was the
    only input worth trying, so nothing was sampled): a hint's reason."""
    found = candidates(game, spec, view, prompt, seat, seed)
    # Every arm needs a few rollouts to mean anything: a small budget tries fewer inputs.
    arms = [_Arm(action) for action in found[: max(2, spec.rollouts // MIN_ROLLOUTS_PER_ARM)]]
    if len(arms) == 1:
        return arms[0].action, None
    rng = Rng(derive_seed(seed, "worlds"))
    worlds = [spec.sampler(view, rng) for _ in range(spec.worlds)]
    view_seats = worlds[0].seats
    legal = [[_applied(game, world, arm.action) for arm in arms] for world in worlds]
    playable = [i for i in range(len(arms)) if any(row[i] is not None for row in legal)]
    if not playable:
        return arms[0].action, None
    trials = _Trials(game, spec, legal, arms, seed, seat, view_seats)
    if spec.evidence is None:
        for n in range(spec.rollouts):
            trials.run(_pick(arms, playable, n))
        best = arms[_choice(arms, playable, spec.margin)]
    else:
        for i in playable:
            for _ in range(max(MIN_ROLLOUTS_PER_ARM, spec.rollouts // len(playable))):
                trials.run(i)
        best = arms[_paired_choice(arms, playable, spec.evidence)]
    return best.action, best.wins / best.visits if best.visits else None


@dataclass
class _Trials:
    """Plays an arm's next trial and adds it to the arm's statistics."""

    game: AnyGame
    spec: SearchSpec
    legal: list[list[GameState | None]]
    arms: list[_Arm]
    seed: int
    seat: int
    seats: int

    def run(self, i: int) -> None:
        arm = self.arms[i]
        k = arm.visits
        after = _trial_start(self.legal, i, k, derive_seed(self.seed, "dice", k))
        result = rollout(
            self.game, after, derive_seed(self.seed, "r", k), self.spec.policy, self.spec.horizon
        )
        value, won = scored(self.game, self.spec, result, self.seat, self.seats)
        arm.visits += 1
        arm.total += value
        arm.wins += won
        arm.values.append(value)


def _won(outcome: Outcome, seat: int) -> float:
    """The seat's share of a rollout's win (a shared win is split)."""
    if seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)


def _choice(arms: list[_Arm], playable: list[int], needed: float) -> int:
    """The most tried input (UCB's robust choice); the heuristic's own pick (arm 0) stays
    unless that one's mean result beats it by a clear margin: small budgets are noisy."""
    best = max(playable, key=lambda i: (arms[i].visits, arms[i].total, -i))
    first = arms[0]
    if best == 0 or 0 not in playable or first.visits == 0 or arms[best].visits == 0:
        return best
    margin = arms[best].total / arms[best].visits - first.total / first.visits
    return best if margin > needed else 0


def _paired_choice(arms: list[_Arm], playable: list[int], evidence: float) -> int:
    """The heuristic's pick (arm 0) unless another input beat it trial by trial, each of its
    trials against the pick's trial of the same world, dice and rollout seed, by a paired t
    above `evidence`; of several, the surest. A pick no sampled world allows: the best mean."""
    if 0 not in playable:
        return max(playable, key=lambda i: (arms[i].total / arms[i].visits, -i))
    best, surest = 0, evidence
    for i in playable:
        t = _paired_t(arms[i].values, arms[0].values) if i else -math.inf
        if t > surest:
            best, surest = i, t
    return best


def _paired_t(values: list[float], baseline: list[float]) -> float:
    """The t statistic of the mean gain of `values` over `baseline`, trial by trial (infinite
    for a gain the same in every trial)."""
    gains = [value - base for value, base in zip(values, baseline, strict=True)]
    mean = sum(gains) / len(gains)
    spread = sum((gain - mean) ** 2 for gain in gains) / max(1, len(gains) - 1)
    if spread == 0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(spread / len(gains))


def _trial_start(legal: list[list[GameState | None]], arm: int, k: int, dice: int) -> GameState:
    """Where an arm's k-th trial starts. Common random numbers: every arm's k-th trial plays
    the same world (the first from k where the input is legal), re-seeded with the same dice,
    and its rollout the same seed, so arms differ by their input far more than by luck, and no
    world's dice are reused across its trials."""
    rows = [legal[(k + j) % len(legal)][arm] for j in range(len(legal))]
    start = next(state for state in rows if state is not None)
    return start.model_copy(update={"rng": dice})


def _applied(game: AnyGame, world: GameState, action: Action) -> GameState | None:
    try:
        after: GameState = game.apply(world, action)[0]
        return after
    except IllegalInput:
        return None


def _pick(arms: list[_Arm], options: list[int], n: int) -> int:
    """UCB1 over the arms legal in this world; untried arms first, in order."""
    for i in options:
        if arms[i].visits == 0:
            return i
    log_n = math.log(n + 1)

    def score(i: int) -> float:
        arm = arms[i]
        return arm.total / arm.visits + EXPLORATION * math.sqrt(log_n / arm.visits)

    return max(options, key=score)


W = TypeVar("W", bound=GameState)


def world(state_type: type[W], view: BaseModel, **hidden: Any) -> W:
    """A sampled full state: every field the state shares by name with the view is copied from
    it, and `hidden` gives the rest (hands, decks, commits drawn afresh). Samplers list only what
    they draw, so a field added to both state and view needs no sampler change. Every field the
    state declares secret (`State.secrets`) must be drawn: a view's field of the same name holds
    at most the seat's own part of it."""
    undrawn = set(state_type.secrets.fields()) - set(hidden)
    assert not undrawn, f"{state_type.__name__}: the sampler must draw {sorted(undrawn)}"
    shared = type(view).model_fields
    fields = {name: getattr(view, name) for name in state_type.model_fields if name in shared}
    fields.update(hidden)
    return state_type(**fields)
