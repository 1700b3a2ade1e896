"""The conformance suite on every registered game (engine.registry): each check of
engine.testing (what they check is listed there) as its own test per game, and the fuzz through
the table's door (table.testing). A failing assertion names the game and the seed."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.frontend.strings import BOT
from engine.i18n import Localizer
from engine.registry import GAMES
from engine.testing import CHECKS, Check
from table.testing import FUZZ_SEEDS, fuzz_game

GAME_IDS = sorted(GAMES)
SLOW_SEEDS = range(3, 60)
WORDS = Localizer(BOT)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_game_conforms(game_id: str, check: Check) -> None:
    reason = check(GAMES[game_id])
    if reason is not None:
        pytest.skip(f"{game_id}: {reason}")


def test_trusted_views_equal_validated_ones() -> None:
    from engine.games.imperium.state import ImperiumView

    game = GAMES["imperium"]
    state = game.setup(game.parse_options({}), 3, 1)
    for seat in (None, 0, 2):
        fast = game.view(state, seat)
        slow = ImperiumView.model_validate(fast.model_dump())
        assert fast == slow and fast.model_dump_json() == slow.model_dump_json()
        assert fast.model_fields_set == set(ImperiumView.model_fields)


async def _run(seeds: range) -> Counter[str]:
    figures: Counter[str] = Counter()
    for game_id in GAME_IDS:
        for seed in seeds:
            await fuzz_game(GAMES[game_id], seed, figures, WORDS)
    print(f"\nfuzz: {dict(sorted(figures.items()))}")
    return figures


async def test_random_inputs_are_refused_by_code_or_keep_every_invariant() -> None:
    figures = await _run(FUZZ_SEEDS)
    assert figures["inputs"] > 0 and figures["accepted"] + figures["duplicate"] > 0
    assert sum(v for k, v in figures.items() if k.startswith("refused.")) > 0


@pytest.mark.slow
async def test_many_random_inputs() -> None:
    figures = await _run(SLOW_SEEDS)
    assert figures["inputs"] > 0
