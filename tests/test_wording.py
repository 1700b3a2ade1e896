"""Wording that reads right in both languages (issue 23, item 14): counts agree with their
nouns, points read as points, empty lists say so, and no template leaves "(s)" to the reader."""

from __future__ import annotations

import re

import pytest

from engine.core import Msg
from engine.games.space_emperor.cards import card_set
from engine.i18n import CORE, Localizer, format_text
from engine.registry import GAMES
from render.common import Labels

NAMES = ["Player 1", "AI 1", "AI 2"]


def test_a_count_agrees_with_its_noun() -> None:
    assert format_text("{count:card|cards} · {vp} VP", {"count": 1, "vp": 11}) == "1 card · 11 VP"
    assert format_text("{count:card|cards}", {"count": 13}) == "13 cards"
    assert format_text("{count:card|cards}", {"count": "0"}) == "0 cards"
    assert format_text("{missing} stays", {}) == "{missing} stays"  # a catalog slip shows as text


@pytest.mark.parametrize(
    ("locale", "points", "expected"),
    [
        ("en", [[0, 1], [1, 1]], "Region 3 scored: Player 1 +1, AI 1 +1."),
        ("en", [], "Region 3 scored: nobody scores."),
        ("ja", [[1, 4]], "地域3の決算：AI 1 +4点"),
        ("ja", [], "地域3の決算：得点者なし"),
    ],
)
def test_points_read_as_points(locale: str, points: list, expected: str) -> None:
    msg = Msg(key="event.scored", args={"region": 3, "seat_points": points})
    assert Localizer().msg(locale, msg, GAMES["imperium"], NAMES) == expected


def test_a_monster_roll_has_no_double_space_and_hits_stay_apart_from_the_modifier() -> None:
    game = GAMES["space_emperor"]
    args = {"ship": "Space Amoeba", "slot": "A1", "dice": 2, "faces": [6, 1], "hits": 1}
    text = Localizer().msg("en", Msg(key="event.monster_roll", args=args), game, NAMES)
    assert "  " not in text and text.endswith("→ 1 hit."), text
    assert Labels(game.strings, "ja")("hits", mod=1, hits=2) == "修正+1・2ヒット"
    assert Labels(game.strings, "en")("hits", mod=1, hits=1) == "+1: 1 hit"


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_no_english_template_leaves_a_plural_to_the_reader(game_id: str) -> None:
    catalogs = [GAMES[game_id].strings["en"], CORE["en"]]
    for catalog in catalogs:
        for key, template in catalog.items():
            assert not re.search(r"\w\(s\)", template.replace("option(s)", "")), (key, template)
            assert not re.search(r"\{(count|chips|hits)\} (cards|chips|hits)\b", template), key


def test_space_emperor_card_names_are_japanese_in_japanese() -> None:
    game = GAMES["space_emperor"]
    ja = game.strings["ja"]
    missing = [c.name for c in card_set("designed_v1").cards.values() if f"term.{c.name}" not in ja]
    assert not missing, missing
    args = {"ship": "Space Amoeba", "slot": "A1", "dice": 1, "faces": [6], "hits": 1}
    text = Localizer().msg("ja", Msg(key="event.monster_roll", args=args), game, NAMES)
    assert text.startswith("宇宙アメーバ（A1）"), text
    reveal = {"attack": ["Ironhold + Torpedo Rack"], "defence": ["Space Dragon"]}
    text = Localizer().msg("ja", Msg(key="event.reveal", args=reveal), game, NAMES)
    assert "アイアンホールド + 魚雷ラック" in text and "宇宙ドラゴン" in text, text
    assert Labels(game.strings, "ja").term("Gaia") == "ガイア"
    assert Localizer().msg("en", Msg(key="event.reveal", args=reveal), game).count("Ironhold") == 1
