"""The table's refusals (table.service, for every front end): lobbies, sessions, storage.

Front ends word them with their own catalog (bot.frontend.strings.BOT includes them)."""

from __future__ import annotations

from engine.core import Catalog

STRINGS: Catalog = {
    "en": {
        "error.stale": "This prompt is out of date; use the latest one.",
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
    },
    "ja": {
        "error.stale": "この表示は古くなっています。最新のものを使ってください。",
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
    },
}
