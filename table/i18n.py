"""Turning `Msg`s into Japanese or English text for any front end.

Lookup order: the game's own catalog, then the front end's catalog, then `CORE` (engine and
table error codes). Arguments named `seat`, `seat_*` or `seats` are seat numbers and become
player names; lists become comma-separated text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core import Catalog, Event, Game, Msg

LOCALES = ("en", "ja")

CORE: Catalog = {
    "en": {
        "error.not_a_player": "You are not playing in this game.",
        "error.wrong_phase": "That can't be done at this point of the game.",
        "error.already_submitted": "You have already made this choice.",
        "error.not_your_turn": "It is not your turn.",
        "error.unknown_move": "That move does not exist in this game.",
        "error.stale": "This prompt is out of date; use the latest one.",
        "error.bad_input": "That input is not valid.",
        "error.unknown_option": "Unknown option(s): {names}.",
        "error.bad_option": "Invalid option: {detail}.",
        "error.bad_seat_count": "This game can't be played with that many players.",
        "error.no_session": "There is no game in this channel.",
        "error.not_started": "The game has not started yet.",
        "error.not_active": "This game is not running.",
        "error.unknown_game": "Unknown game: {game}.",
        "error.channel_busy": "This channel already has a game.",
        "error.already_joined": "You have already joined.",
        "error.not_joined": "You have not joined this game.",
        "error.not_host": "Only the host can do that.",
        "error.not_in_lobby": "The game has already started.",
        "error.table_full": "The table is full ({maximum} players at most).",
        "error.too_few_players": "At least {minimum} players are needed (now {count}).",
        "error.rules_changed": "This {game} session was stored under older rules.",
        "error.session_broken": "This game (session {session}) cannot be loaded. End it with"
        " /game abort; then a new game can start here.",
        "error.storage_unavailable": "I can't save right now, so nothing was changed."
        " Please try again in a while.",
        "seat": "{seat}",
        "yes": "Yes",
        "no": "No",
    },
    "ja": {
        "error.not_a_player": "あなたはこのゲームの参加者ではありません。",
        "error.wrong_phase": "今はそれを行えません。",
        "error.already_submitted": "この選択はもう済んでいます。",
        "error.not_your_turn": "あなたの手番ではありません。",
        "error.unknown_move": "このゲームにその操作はありません。",
        "error.stale": "この表示は古くなっています。最新のものを使ってください。",
        "error.bad_input": "入力が正しくありません。",
        "error.unknown_option": "不明なオプション：{names}",
        "error.bad_option": "オプションが正しくありません：{detail}",
        "error.bad_seat_count": "この人数ではプレイできません。",
        "error.no_session": "このチャンネルにはゲームがありません。",
        "error.not_started": "ゲームはまだ始まっていません。",
        "error.not_active": "このゲームは進行中ではありません。",
        "error.unknown_game": "不明なゲーム：{game}",
        "error.channel_busy": "このチャンネルでは既にゲームが開かれています。",
        "error.already_joined": "既に参加しています。",
        "error.not_joined": "このゲームに参加していません。",
        "error.not_host": "ホストだけが行えます。",
        "error.not_in_lobby": "ゲームは既に始まっています。",
        "error.table_full": "満席です（最大{maximum}人）。",
        "error.too_few_players": "最低{minimum}人必要です（現在{count}人）。",
        "error.rules_changed": "この{game}のセッションは古いルールで保存されています。",
        "error.session_broken": "このゲーム（セッション{session}）を読み込めません。"
        "/game abort で中止すると、ここで新しいゲームを始められます。",
        "error.storage_unavailable": "現在保存できないため、何も変更されていません。"
        "しばらくしてからもう一度お試しください。",
        "seat": "{seat}",
        "yes": "はい",
        "no": "いいえ",
    },
}


def locale_of(discord_locale: str | None, default: str = "en") -> str:
    """'ja' for Japanese clients, else 'en' (Discord sends e.g. 'ja', 'en-US', 'en-GB')."""
    if not discord_locale:
        return default
    return "ja" if str(discord_locale).lower().startswith("ja") else "en"


class Localizer:
    def __init__(self, *catalogs: Catalog) -> None:
        self.catalogs = (*catalogs, CORE)

    def template(self, locale: str, key: str, game: Game | None = None) -> str | None:
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
        game: Game | None = None,
        names: Sequence[str] = (),
        /,
        **args: Any,
    ) -> str:
        return self.msg(locale, Msg(key=key, args=args), game, names)

    def msg(
        self, locale: str, msg: Msg, game: Game | None = None, names: Sequence[str] = ()
    ) -> str:
        template = self.template(locale, msg.key, game)
        if template is None:
            return msg.key
        args = {
            name: self.msg(locale, value, game, names)  # a card's name, say, inside an event
            if isinstance(value, Msg)
            else _format_arg(name, value, names, locale)
            for name, value in msg.args.items()
        }
        try:
            return template.format(**args)
        except (KeyError, IndexError, ValueError):
            return template

    def event(
        self, locale: str, event: Event, game: Game | None = None, names: Sequence[str] = ()
    ) -> str:
        return self.msg(locale, Msg(key=f"event.{event.type}", args=event.data), game, names)


def _format_arg(name: str, value: Any, names: Sequence[str], locale: str) -> str:
    is_seat = name == "seat" or name == "seats" or name.startswith("seat_")
    separator = "、" if locale == "ja" else ", "
    if is_seat and isinstance(value, list | tuple) and value and isinstance(value[0], list | tuple):
        # [[seat, amount], ...]: "alice 4, bob 2"
        return separator.join(
            f"{_format_arg(name, seat, names, locale)} {amount}" for seat, amount in value
        )
    if isinstance(value, list | tuple):
        return separator.join(_format_arg(name, item, names, locale) for item in value) or "—"
    if is_seat and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)
