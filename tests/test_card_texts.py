"""Every card of every game says what it does, in both languages, where a player meets it
(issue 29): its full text and a short one for a chooser's option, and the hand view (a DM,
`/game hand`, the terminal) words every card the seat holds."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.ai import play_out
from engine.core import (
    SHORT_CARD_TEXT,
    CardText,
    Game,
    GameState,
    IllegalInput,
    Msg,
    playable_seats,
)
from engine.i18n import LOCALES, Localizer, card_words, check_card_texts
from engine.registry import GAMES

WORDS = Localizer()
UNRESOLVED = re.compile(r"\b(card|term)\.\w")  # a catalog key left as it is


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_card_has_a_name_a_text_and_a_short_text_in_both_languages(game_id: str) -> None:
    game = GAMES[game_id]
    assert game.cards(), f"{game_id} has cards that do something, and must list them"
    for card_id in game.cards():
        for locale in LOCALES:
            name, text, short = card_words(game, card_id, locale)
            assert name.strip() and short.strip(), (game_id, card_id, locale)
            # The full text names the card's effect: more than its name, and every key resolved.
            assert len(text) >= len(name) + 20, (game_id, card_id, locale, text)
            assert not UNRESOLVED.search(text + short), (game_id, card_id, text, short)
            assert "{" not in text and "{" not in short, (game_id, card_id, text, short)
            assert len(short) <= SHORT_CARD_TEXT, (game_id, card_id, locale, short)
        assert card_words(game, card_id, "en")[1] != card_words(game, card_id, "ja")[1]


def _held(game: Game, state: Any, seat: int) -> tuple[str, ...]:
    """The seat's hand as card ids (Imperial Settlers words its hand itself: no `held_cards`)."""
    if game.id == "imperial_settlers":
        return tuple(state.players[seat].hand)
    return game.held_cards(state, seat)


def _sampled_states(game: Game, seed: int) -> list[GameState]:
    seats = playable_seats(game)[-1]
    start = game.setup(game.parse_options({}), seats, seed)
    _, actions = play_out(game, start, seed)
    states, state = [start], start
    for index, action in enumerate(actions):
        state, _ = game.apply(state, action)
        if index % max(1, len(actions) // 6) == 0:
            states.append(state)
    return states


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_hand_view_words_every_card_held(game_id: str) -> None:
    game = GAMES[game_id]
    seen: set[str] = set()
    for seed in (1, 2):
        for state in _sampled_states(game, seed):
            for seat in range(state.seats):
                for locale in LOCALES:
                    lines = "\n".join(
                        WORDS.msg(locale, line, game) for line in game.private_lines(state, seat)
                    )
                    for card_id in _held(game, state, seat):
                        _, text, short = card_words(game, card_id, locale)
                        assert text in lines or short in lines, (game_id, seed, seat, card_id)
                        seen.add(card_id)
    assert seen or game_id == "circus_maximus", f"{game_id}: no hand met in the sampled games"


def test_number_cards_share_one_line_in_the_hand_view() -> None:
    game = GAMES["caesar"]
    state = game.setup(game.parse_options({}), 3, 1)
    lines = [WORDS.msg("en", line, game) for line in game.private_lines(state, 0)]
    assert lines[-1].startswith("1, 2, 3, 4, 5, 6, 7, 8, 9: In a fight"), lines
    assert sum("Flag:" in line for line in lines) == 1, lines


def test_an_unknown_card_is_refused_with_a_code() -> None:
    with pytest.raises(IllegalInput) as refused:
        GAMES["space_emperor"].card("XX99")
    assert refused.value.code == "unknown_card"


CAESAR = GAMES["caesar"]


class _Ghostly(type(CAESAR)):  # type: ignore[misc]
    """Caesar with one more card, "ghost", worded by the catalog `card.ghost`."""

    card_ids = ("1", "flag", "ghost")

    def card(self, card_id: str) -> CardText:
        if card_id != "ghost":
            return super().card(card_id)
        ghost = Msg(key="card.ghost")
        return CardText(name=ghost, text=ghost, short=ghost)


class _Unworded(_Ghostly):
    strings = {"en": {**CAESAR.strings["en"], "card.ghost": "Ghost"}, "ja": CAESAR.strings["ja"]}


class _Wordy(_Ghostly):
    strings = {
        locale: {**CAESAR.strings[locale], "card.ghost": "x" * (SHORT_CARD_TEXT + 1)}
        for locale in LOCALES
    }


def test_loading_refuses_a_card_without_a_text() -> None:
    with pytest.raises(ValueError, match="ghost: no ja text"):
        check_card_texts(_Unworded())


def test_loading_refuses_a_short_text_over_the_option_limit() -> None:
    with pytest.raises(ValueError, match="ghost: en short text over"):
        check_card_texts(_Wordy())


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_board_in_words_is_worded_in_both_languages(game_id: str) -> None:
    """Game.board_lines: what a board shows only as symbols, then its legend (every game has
    one), for the text beside the image; every key resolves, in both languages."""
    game = GAMES[game_id]
    names = [f"P{seat}" for seat in range(7)]
    for state in _sampled_states(game, 3):
        lines = game.board_lines(game.view(state, None))
        assert lines[-1].key == "board_text.legend", (game_id, lines)  # every board's legend
        for locale in LOCALES:
            for line in lines:
                text = WORDS.msg(locale, line, game, names)
                assert text.strip() and not UNRESOLVED.search(text), (game_id, locale, text)
                assert not re.search(r"\bboard_text\.", text), (game_id, locale, text)
