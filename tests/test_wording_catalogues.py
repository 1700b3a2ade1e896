"""Every catalogue read for the wording slips seen in transcripts (issue 33): two bracketed
groups in a row, "10 of 8", untranslated titles, mixed or inconsistent Japanese names, さん in
some lines only, ASCII colons in Japanese, 「戦車3乗」; and the lines composed from several
templates (a prompt's label and its hint, a hand of cards, a petition over-filled)."""

from __future__ import annotations

import re

import pytest

import bot.frontend.after_game_strings as after_game_strings
import bot.frontend.settings_strings as settings_strings
import bot.frontend.strings as bot_strings
import bot.terminal.local_strings as local_strings
from engine.core import Catalog, Msg
from engine.i18n import Localizer
from engine.registry import GAMES, get_game
from engine.strings import STRINGS as CORE
from table.strings import STRINGS as TABLE

NAMES = ["Player 1", "AI 1", "AI 2"]


def _catalogues() -> dict[str, Catalog]:
    found: dict[str, Catalog] = {f"game {g}": GAMES[g].strings for g in GAMES}
    found |= {"engine": CORE, "table": TABLE}
    for module in (bot_strings, after_game_strings, settings_strings, local_strings):
        for name, value in vars(module).items():
            if isinstance(value, dict) and {"en", "ja"} <= set(value):
                found[f"{module.__name__}.{name}"] = value
    return found


CATALOGUES = _catalogues()
# "{a} of {b}" pairs whose first never exceeds the second (a round of the rounds, a page...).
BOUNDED = {
    ("round", "rounds"),
    ("number", "total"),
    ("page", "pages"),
    ("game", "games"),
    ("count", "maximum"),
    ("votes", "humans"),
}
OF_PAIR = re.compile(
    r"\{(\w+)[^{}]*\}(?: of (?:the )?|/|／)\{(\w+)[^{}]*\}|\{(\w+)\}のうち\{(\w+)\}"
)


def _templates(locale: str):
    for where, catalogue in CATALOGUES.items():
        for key, template in catalogue.get(locale, {}).items():
            if isinstance(template, str):
                yield where, key, template


def _slips(locale: str, check) -> list[str]:
    return [f"{where} {key}: {t!r}" for where, key, t in _templates(locale) if check(t)]


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_no_doubled_brackets_and_no_count_beyond_its_bound(locale: str) -> None:
    assert not _slips(locale, lambda t: re.search(r"[)）]\s*[(（]|\(\(|（（|\)\)|））", t))

    def unbounded(template: str) -> bool:
        for match in OF_PAIR.finditer(template):
            pair = (match[1] or match[4], match[2] or match[3])
            if pair not in BOUNDED:
                return True
        return False

    assert not _slips(locale, unbounded)


def test_japanese_reads_one_way_throughout() -> None:
    assert not _slips("ja", lambda t: "さん" in t)  # nobody is さん in some lines only
    assert not _slips("ja", lambda t: re.search(r"\d乗", t))  # 「戦車3乗」 reads "cubed"
    # An ASCII colon outside a code example (in backticks or 「」) or a code (legion:ROMA).
    bare = re.compile(r"`[^`]*`|「[^」]*」|[A-Za-z_\-]+:\S*|\d{1,2}:\d{2}")  # or a time
    assert not _slips("ja", lambda t: ":" in bare.sub("", re.sub(r"\{[^{}]*\}", "", t)))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_titles_are_translated_and_the_board_names_the_game_alike(game_id: str) -> None:
    strings = GAMES[game_id].strings
    english, japanese = strings["en"]["name"], strings["ja"]["name"]
    assert re.fullmatch(r"[A-Za-z' ]+", english) and not re.search(
        r"\b(gegen|der|die|das|und)\b", english
    ), english
    assert not re.search(r"[A-Za-z]", japanese), japanese
    for locale, name in (("en", english), ("ja", japanese)):
        title = strings[locale].get("board.title", name)
        # The board's title is the name, or the name without its bracketed reading.
        assert name == title or name.startswith(title + "（"), (locale, title, name)


def test_place_names_use_the_usual_japanese_forms() -> None:
    from engine.games.prokonsul.state import province_data

    usual = {"Sicilia": "シチリア", "Asia": "アジア"}
    names = {p["name"]: p["name_ja"] for p in province_data().values()}
    assert {name: names[name] for name in usual} == usual


def _text(game_id: str, locale: str, key: str, **args) -> str:
    return Localizer().msg(locale, Msg(key=key, args=args), get_game(game_id), NAMES)


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_lines_seen_in_transcripts(locale: str) -> None:
    over = _text(
        "prokonsul",
        locale,
        "event.accepted",
        seat=2,
        seat_petitioner=1,
        chips=2,
        held=10,
        threshold=8,
    )
    assert not re.search(r"10 of 8|10／8", over), over
    assert "Hannibal" in _text("hannibal", locale, "name") or locale == "ja"
    assert "legion" not in _text("hannibal", locale, "end.capital").lower()
    low = _text("spartacus", locale, "prompt.play_none", seat=0, lowest=1)
    assert "below 1 or" not in low and "1より低い数字カードか" not in low, low
    ally = _text("caesar", locale, "event.allied", seat=1, size=3, **{"from": "a3", "to": "a2"})
    assert "allies a3" not in ally, ally
    planet = _text("space_emperor", locale, "event.battle_defender_planet", attack=1, defence=2)
    assert "planet" in planet or "惑星" in planet, planet


def _hand(game_id: str, locale: str, seats: int, steps: int = 0) -> list[str]:
    """Seat 0's private lines after `steps` random inputs of seeded game 3."""
    from engine.ai import random_action

    game = get_game(game_id)
    state = game.setup(game.parse_options({}), seats, 3)
    for step in range(steps):
        prompt = game.pending(state)[0]
        state, _ = game.apply(state, random_action(game, state, prompt, prompt.seats[0], step))
    return [Localizer().msg(locale, m, game, NAMES) for m in game.private_lines(state, 0)]


def test_private_hands_are_in_the_readers_language() -> None:
    caesar = _hand("caesar", "ja", 3)
    assert "旗印" in caesar[0] and "flag" not in caesar[0], caesar
    space = _hand("space_emperor", "ja", 3)[0]
    # Card names in Japanese; only a ship's class code stays in Latin letters: 「ゴスホーク（CR3）」.
    assert not re.search(r"[A-Za-z]", re.sub(r"（[A-Z]+\d+）", "", space)), space
    assert _hand("space_emperor", "en", 3)[0].count(" (") >= 1


def test_a_large_settlers_hand_is_grouped_by_card_type() -> None:
    for locale, heading in (
        ("en", r"(Production|Features|Actions) \(\d+\):"),
        ("ja", r"\S+（\d+枚）："),
    ):
        lines = _hand("imperial_settlers", locale, 2, steps=40)
        groups = [line for line in lines[1:] if re.fullmatch(heading, line)]
        assert len(lines) > 6 and len(groups) >= 2, lines
        assert max(len(line) for line in lines) < 400, lines
