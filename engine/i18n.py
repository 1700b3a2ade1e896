"""Turning `Msg`s into Japanese or English text for any front end.

Lookup order: the game's own catalog, then the front end's catalogs, then `CORE` (the engine's
own texts, engine.strings). Arguments named `seat`, `seat_*` or `seats` are seat numbers and become
player names; an argument named `look` is a seat number and becomes the colour and shape its
pieces have on every board (engine.core.seat_look); lists become comma-separated text, and
`[[seat, amount], ...]` reads "alice +4" (a game's `pair.<arg>` template may word it otherwise).
A text argument the game's catalog lists as `term.<text>` in the reader's language is translated
(card names: "Space Amoeba" → "宇宙アメーバ"; "A + B" part by part). A message whose seat list is
empty uses its `<key>.none` template when there is one ("nobody scores" rather than "—"). A
count's noun agrees with it through a format spec of two forms: `{count:card|cards}` gives
"1 card", "2 cards" (Japanese needs none).
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from engine.core import (
    RULE_SECTIONS,
    SHORT_CARD_TEXT,
    AnyGame,
    Catalog,
    Event,
    Msg,
    counted,
    seat_look,
)
from engine.strings import STRINGS as CORE
from engine.styles import style_named

LOCALES = ("en", "ja")
_DETAILED = re.compile(r"(?P<name>[^()]+) \((?P<detail>[^()]+)\)")


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return counted(value, format_spec)
        return str(super().format_field(value, format_spec))


_FORMATTER = _Formatter()


def format_text(template: str, args: Mapping[str, Any]) -> str:
    """`template` filled with `args` (with the plural spec above); the template itself when it
    does not fit its arguments, so a catalog mistake shows as text rather than an error."""
    try:
        if _plural(template):
            return _FORMATTER.vformat(template, (), args)
        return template.format_map(args)  # C, a sixth of vformat's cost: most texts have no plural
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


@lru_cache(maxsize=4096)  # templates come from the catalogs, never from a member
def _plural(template: str) -> bool:
    """Whether `template` uses the plural spec (or cannot be parsed: the slow path says so)."""
    try:
        return any(spec and "|" in spec for _, _, spec, _ in _FORMATTER.parse(template))
    except ValueError:
        return True


def locale_of(discord_locale: str | None, default: str = "en") -> str:
    """'ja' for Japanese clients, else 'en' (Discord sends e.g. 'ja', 'en-US', 'en-GB')."""
    if not discord_locale:
        return default
    return "ja" if str(discord_locale).lower().startswith("ja") else "en"


class Localizer:
    def __init__(self, *catalogs: Catalog) -> None:
        self.catalogs = (*catalogs, CORE)

    def template(self, locale: str, key: str, game: AnyGame | None = None) -> str | None:
        for catalog in ((game.strings,) if game else ()) + self.catalogs:
            for lang in (locale, "en"):
                text = catalog.get(lang, {}).get(key)
                if text is not None:
                    return text
        return None

    def text(
        self,
        locale: str,
        key: str,
        game: AnyGame | None = None,
        names: Sequence[str] = (),
        /,
        **args: Any,
    ) -> str:
        return self.msg(locale, Msg(key=key, args=args), game, names)

    def msg(
        self, locale: str, msg: Msg, game: AnyGame | None = None, names: Sequence[str] = ()
    ) -> str:
        template = self.template(locale, msg.key, game)
        if template is None:
            return msg.key
        if any(_is_seat(name) and value == [] for name, value in msg.args.items()):
            template = self.template(locale, f"{msg.key}.none", game) or template
        terms = game.strings.get(locale, {}) if game else {}
        args = {
            name: self.msg(locale, value, game, names)  # a card's name, say, inside an event
            if isinstance(value, Msg)
            else _separator(locale).join(self.msg(locale, item, game, names) for item in value)
            if _is_msgs(value)
            else self._pairs(locale, name, value, game, names)
            if _is_pairs(name, value)
            else _format_arg(name, _translated(value, terms), names, locale)
            for name, value in msg.args.items()
        }
        return format_text(template, args)

    def _pairs(
        self, locale: str, name: str, value: Any, game: AnyGame | None, names: Sequence[str]
    ) -> str:
        """`[[seat, amount], ...]` as "alice +4, bob +2" (or the game's `pair.<name>`)."""
        pair = self.template(locale, f"pair.{name}", game) or self.template(locale, "pair", game)
        return _separator(locale).join(
            format_text(pair or "", {"seat": _format_arg("seat", seat, names, locale), "amount": n})
            for seat, n in value
        )

    def event(
        self, locale: str, event: Event, game: AnyGame | None = None, names: Sequence[str] = ()
    ) -> str:
        return self.msg(locale, Msg(key=f"event.{event.type}", args=event.data), game, names)


def look_words(seat: int, locale: str) -> str:
    """'orange circle' / 'オレンジの丸': how a seat's pieces look on the board, in words."""
    words = CORE.get(locale, CORE["en"])
    colour, shape = seat_look(seat)
    return words["look"].format(colour=words[f"colour.{colour}"], shape=words[f"shape.{shape}"])


def style_name(style: str | None, locale: str) -> str:
    """'bold' / '強気': an AI seat's style (engine.styles) as the lobby shows it beside the seat;
    a seat stored without one plays STEADY and reads so."""
    words = CORE.get(locale, CORE["en"])
    return words.get(f"style.{style_named(style).name}", words["style.steady"])


def _is_seat(name: str) -> bool:
    return name == "seat" or name == "seats" or name.startswith("seat_")


def term(text: str, catalog: Mapping[str, str]) -> str:
    """`text` in the catalog's language when it lists it as `term.<text>` ("A + B" by parts;
    "Name (detail)" by its name, the detail kept, in the catalog's `term.detailed` form)."""
    if " + " in text:
        return " + ".join(term(part, catalog) for part in text.split(" + "))
    detailed = _DETAILED.fullmatch(text)
    if detailed and f"term.{detailed['name']}" in catalog:
        form = catalog.get("term.detailed", "{name} ({detail})")
        return form.format(name=catalog[f"term.{detailed['name']}"], detail=detailed["detail"])
    return catalog.get(f"term.{text}", text)


def _translated(value: Any, terms: Mapping[str, str]) -> Any:
    if isinstance(value, str):
        return term(value, terms)
    if isinstance(value, list | tuple) and all(isinstance(item, str) for item in value):
        return [term(item, terms) for item in value]
    return value


def _is_pairs(name: str, value: Any) -> bool:
    return (
        _is_seat(name)
        and isinstance(value, list | tuple)
        and bool(value)
        and (isinstance(value[0], list | tuple))
    )


def _separator(locale: str) -> str:
    return "、" if locale == "ja" else ", "


def _is_msgs(value: Any) -> bool:
    return isinstance(value, list | tuple) and bool(value) and isinstance(value[0], Msg)


def _format_arg(name: str, value: Any, names: Sequence[str], locale: str) -> str:
    if name == "look" and isinstance(value, int) and not isinstance(value, bool):
        return look_words(value, locale)
    if isinstance(value, list | tuple):
        return (
            _separator(locale).join(_format_arg(name, item, names, locale) for item in value) or "—"
        )
    if _is_seat(name) and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


_CARDS = Localizer()


def card_words(game: AnyGame, card_id: str, locale: str) -> tuple[str, str, str]:
    """(name, full text, short text) of one of `game`'s cards in `locale`, for any front end."""
    words = game.card(card_id)
    name, text, short = (
        _CARDS.msg(locale, msg, game) for msg in (words.name, words.text, words.short)
    )
    return name, text, short


def check_card_texts(game: AnyGame) -> None:
    """Refuse a game whose card texts are missing or unworded in a language, or whose short
    text is over SHORT_CARD_TEXT characters: the registry checks every game when it loads."""
    for card_id in game.cards():
        words = game.card(card_id)
        for locale in LOCALES:
            for msg in (words.name, words.text, words.short):
                if game.strings.get(locale, {}).get(msg.key) is None:
                    raise ValueError(f"{game.id}: card {card_id}: no {locale} text {msg.key!r}")
            name, text, short = card_words(game, card_id, locale)
            if not text.strip() or not name.strip() or not short.strip():
                raise ValueError(f"{game.id}: card {card_id}: an empty {locale} text")
            if len(short) > SHORT_CARD_TEXT:
                raise ValueError(f"{game.id}: card {card_id}: {locale} short text over limit")


def check_learning_texts(game: AnyGame) -> None:
    """Refuse a game without every section of its rules, or without a tip for one of its moves,
    in both languages: the registry checks every game when it loads."""
    keys = [f"rules.{section}" for section in RULE_SECTIONS]
    keys += [f"tip.{move}" for move in game.moves]
    for locale in LOCALES:
        missing = [key for key in keys if not game.strings.get(locale, {}).get(key, "").strip()]
        if missing:
            raise ValueError(f"{game.id}: no {locale} text for {', '.join(missing)}")
