"""Learning a game in the app (issue 29): every game has its rules by section and a one-line tip
for every kind of decision, in both languages, checked when the registry loads."""

from __future__ import annotations

import pytest

from engine.ai import play_out
from engine.core import RULE_SECTIONS, IllegalInput, playable_seats
from engine.i18n import LOCALES, Localizer, check_learning_texts
from engine.registry import GAMES

WORDS = Localizer()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_its_rules_by_section_in_both_languages(game_id: str) -> None:
    game = GAMES[game_id]
    for section in RULE_SECTIONS:
        texts = {locale: WORDS.msg(locale, game.rules_text(section), game) for locale in LOCALES}
        assert all(len(text) >= 10 for text in texts.values()), (game_id, section, texts)
        assert texts["en"] != texts["ja"], (game_id, section)
        assert not any(text.startswith("rules.") for text in texts.values()), texts


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_decision_a_game_asks_has_a_tip(game_id: str) -> None:
    """Random games with fixed seeds at the smallest and largest table: every prompt met has a
    tip worded in both languages."""
    game = GAMES[game_id]
    met: set[str] = set()
    sizes = playable_seats(game)
    for seed in (1, 2):
        for seats in sorted({sizes[0], sizes[-1]}):
            state = game.setup(game.parse_options({}), seats, seed)
            _, actions = play_out(game, state, seed, smart=(False,) * seats)
            for action in actions:
                for prompt in game.pending(state):
                    if prompt.move in met:
                        continue
                    for locale in LOCALES:
                        tip = WORDS.msg(locale, game.tip(prompt), game)
                        assert tip and not tip.startswith("tip."), (game_id, seed, prompt.move)
                    met.add(prompt.move)
                state, _ = game.apply(state, action)
    assert met, game_id


def test_an_unknown_section_is_refused_with_a_code() -> None:
    with pytest.raises(IllegalInput) as refused:
        GAMES["konsul"].rules_text("history")
    assert refused.value.code == "unknown_section"


KONSUL = GAMES["konsul"]


class _Untaught(type(KONSUL)):  # type: ignore[misc]
    """Konsul without the Japanese tip for its bid."""

    strings = {
        "en": KONSUL.strings["en"],
        "ja": {key: text for key, text in KONSUL.strings["ja"].items() if key != "tip.bid"},
    }


class _Unruled(type(KONSUL)):  # type: ignore[misc]
    """Konsul without the English section on scoring."""

    strings = {
        "en": {key: text for key, text in KONSUL.strings["en"].items() if key != "rules.scoring"},
        "ja": KONSUL.strings["ja"],
    }


def test_loading_refuses_a_game_missing_a_tip_or_a_rules_section() -> None:
    check_learning_texts(KONSUL)
    with pytest.raises(ValueError, match=r"no ja text for tip\.bid"):
        check_learning_texts(_Untaught())
    with pytest.raises(ValueError, match=r"no en text for rules\.scoring"):
        check_learning_texts(_Unruled())
