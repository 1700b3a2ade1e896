"""What players are offered as variant options: only implemented, player-facing ones, each with
its valid values, and nothing a player may set outside them (issue 23, item 13)."""

from __future__ import annotations

import pytest

from bot.discord_app.rules_pages import options_help
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from engine.core import IllegalInput, option_values, player_options
from engine.i18n import Localizer
from engine.registry import GAMES

GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_rules_list_every_offered_option_with_its_values(game_id: str, locale: str) -> None:
    game = GAMES[game_id]
    lines = options_help(game, Texts(Localizer(BOT), locale, game, ()))
    assert len(lines) == len(player_options(game))
    for line, (name, spec) in zip(lines, player_options(game).items(), strict=True):
        values = option_values(spec)
        assert f"`{name}`" in line and values in line, line
        assert "<" not in values and "class" not in line, line
        if spec.annotation is int or "–" in values:
            low, high = values.split("|")[0].split("–")
            assert low and high, f"{game_id}.{name}: an unbounded number ({values})"


def test_hidden_options_are_neither_listed_nor_accepted_from_players() -> None:
    imperium, settlers = GAMES["imperium"], GAMES["imperial_settlers"]
    assert "round_cap" not in player_options(imperium)
    assert "solo_variant" not in player_options(settlers)
    for raw in ({"round_cap": 1}, {"round_cap": -5}, {"round_cap": "1"}):
        with pytest.raises(IllegalInput) as error:
            imperium.parse_options(raw)
        assert error.value.code == "unknown_option", raw
    # A stored session's options hold the hidden defaults and still load.
    assert imperium.parse_options({"round_cap": 0}).round_cap == 0
    assert settlers.parse_options({"solo_variant": "false"}).solo_variant is False


@pytest.mark.parametrize(
    ("game_id", "raw", "expected"),
    [
        ("space_emperor", {"hand_limit": 0}, "hand_limit=0 (valid: 1–20)"),
        ("space_emperor", {"endgame_turn_limit": 0}, "endgame_turn_limit=0 (valid: 1–50|null)"),
        ("imperial_settlers", {"rounds": -5}, "rounds=-5 (valid: 1–10)"),
        ("senator", {"flag_scope": "far"}, "flag_scope=far (valid: line|adjacent)"),
        ("spartacus", {"series_games": 0}, "A series has 1 to 20 games"),
    ],
)
def test_a_refused_value_names_the_valid_ones(game_id: str, raw: dict, expected: str) -> None:
    game = GAMES[game_id]
    with pytest.raises(IllegalInput) as error:
        game.parse_options(raw)
    assert expected in Localizer().msg("en", error.value.msg, game)
    assert Localizer().msg("ja", error.value.msg, game) != error.value.msg.key
