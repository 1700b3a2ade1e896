"""Texts of /game settings and of the limits a member meets (English, Japanese)."""

from __future__ import annotations

from engine.core import Catalog

SETTINGS: Catalog = {
    "en": {
        "setting.language": "Language of new games",
        "setting.admin_role": "Role that may change settings",
        "setting.reminder_minutes": "Reminder after (minutes, 0 = none)",
        "setting.idle_policy": "When nobody answers after the reminder",
        "setting.idle_minutes": "Idle after the reminder (minutes)",
        "setting.ai_delay_seconds": "AI thinking pause (seconds)",
        "setting.game_channels": "Channels that may host games",
        "setting.thread_lobbies": "Games in new threads",
        "setting.replays": "Replays",
        "setting.exports": "Exports",
        "setting.hints": "Hint button",
        "setting.cooldown_new": "Cooldown of /game new (seconds)",
        "setting.cooldown_status": "Cooldown of /game status (seconds)",
        "setting.cooldown_history": "Cooldown of /game history (seconds)",
        "setting.cooldown_replay": "Cooldown of /game replay (seconds)",
        "setting.cooldown_export": "Cooldown of /game export (seconds)",
        "setting.cooldown_stats": "Cooldown of /game stats (seconds)",
        "setting.cooldown_leaderboard": "Cooldown of /game leaderboard (seconds)",
        "setting.open_lobbies": "Open lobbies per member",
        "setting.open_thread_lobbies": "Open thread lobbies per member",
        "setting.lobby_expiry_minutes": "A lobby not started expires after (minutes)",
        "setting.threads_per_window": "New game threads per member …",
        "setting.thread_window_minutes": "… per this many minutes",
        "settings.title": "**Forum settings of this server**",
        "settings.line": "{label}: **{value}**{mark}",
        "settings.default_mark": " (default)",
        "settings.value.on": "on",
        "settings.value.off": "off",
        "settings.value.auto": "the server's Discord language",
        "settings.value.everywhere": "every channel",
        "settings.value.none": "none (Manage Server only)",
        "settings.denied": "Only members with Manage Server (or the role the admins chose) can"
        " change Forum's settings.",
        "settings.done": "✓ {label}: **{value}**",
        "settings.reset_one": "✓ {label} is back to its default: **{value}**",
        "settings.reset_all": "✓ Every setting is back to its default.",
        "settings.bad": "✗ {label} does not take “{value}”: give {rule}.",
        "settings.rule.bool": "on or off",
        "settings.rule.number": "a number from {low} to {high}",
        "settings.rule.whole": "a whole number from {low} to {high}",
        "settings.rule.choice": "one of {choices}",
        "settings.rule.channels": "up to {count} channel mentions (#channel), or all",
        "settings.rule.role": "a role mention (@role), or none",
        "gate.cooldown": "Please wait: try again in {seconds} s.",
        "gate.replays_off": "Replays are turned off on this server.",
        "gate.exports_off": "Exports are turned off on this server.",
        "gate.channel": "Games are not hosted in this channel here; they are in: {channels}.",
        "gate.threads_off": "Games in new threads are turned off on this server.",
        "gate.lobbies": "Open lobbies you host on this server: {count} (at most {limit})."
        " Start or abort one first.",
        "gate.thread_lobbies": "Open lobbies you host in threads on this server: {count} (at"
        " most {limit}). Start or abort one first.",
        "gate.thread_rate": "You may open {limit} game threads per {minutes} minutes: try again"
        " in {seconds} s.",
        "lobby.expired": "This {game} lobby expired: nobody started it within {minutes} minutes.",
    },
    "ja": {
        "setting.language": "新しいゲームの言語",
        "setting.admin_role": "設定を変更できるロール",
        "setting.reminder_minutes": "催促までの時間（分、0＝なし）",
        "setting.idle_policy": "催促後も応答がないとき",
        "setting.idle_minutes": "催促後の待ち時間（分）",
        "setting.ai_delay_seconds": "AIの考慮時間（秒）",
        "setting.game_channels": "ゲームを開けるチャンネル",
        "setting.thread_lobbies": "新しいスレッドでのゲーム",
        "setting.replays": "リプレイ",
        "setting.exports": "書き出し",
        "setting.hints": "ヒントボタン",
        "setting.cooldown_new": "/game new の間隔（秒）",
        "setting.cooldown_status": "/game status の間隔（秒）",
        "setting.cooldown_history": "/game history の間隔（秒）",
        "setting.cooldown_replay": "/game replay の間隔（秒）",
        "setting.cooldown_export": "/game export の間隔（秒）",
        "setting.cooldown_stats": "/game stats の間隔（秒）",
        "setting.cooldown_leaderboard": "/game leaderboard の間隔（秒）",
        "setting.open_lobbies": "1人が同時に開ける参加受付",
        "setting.open_thread_lobbies": "1人が同時に開けるスレッドの参加受付",
        "setting.lobby_expiry_minutes": "開始されない参加受付の期限（分）",
        "setting.threads_per_window": "1人が作れるゲーム用スレッドの数…",
        "setting.thread_window_minutes": "…この分数あたり",
        "settings.title": "**このサーバーのForum設定**",
        "settings.line": "{label}：**{value}**{mark}",
        "settings.default_mark": "（既定値）",
        "settings.value.on": "オン",
        "settings.value.off": "オフ",
        "settings.value.auto": "サーバーのDiscordの言語",
        "settings.value.everywhere": "すべてのチャンネル",
        "settings.value.none": "なし（サーバー管理権限のみ）",
        "settings.denied": "Forumの設定を変更できるのは「サーバー管理」権限（または管理者が選んだ"
        "ロール）を持つメンバーだけです。",
        "settings.done": "✓ {label}：**{value}**",
        "settings.reset_one": "✓ {label}を既定値に戻しました：**{value}**",
        "settings.reset_all": "✓ すべての設定を既定値に戻しました。",
        "settings.bad": "✗ {label}に「{value}」は使えません。{rule}を指定してください。",
        "settings.rule.bool": "on（オン）か off（オフ）",
        "settings.rule.number": "{low}から{high}までの数",
        "settings.rule.whole": "{low}から{high}までの整数",
        "settings.rule.choice": "{choices} のどれか",
        "settings.rule.channels": "チャンネルのメンション（#チャンネル、{count}個まで）か all",
        "settings.rule.role": "ロールのメンション（@ロール）か none",
        "gate.cooldown": "少しお待ちください。{seconds}秒後にもう一度お試しください。",
        "gate.replays_off": "このサーバーではリプレイが無効になっています。",
        "gate.exports_off": "このサーバーでは書き出しが無効になっています。",
        "gate.channel": "このサーバーではこのチャンネルでゲームを開けません。開けるチャンネル：{channels}",
        "gate.threads_off": "このサーバーでは新しいスレッドでのゲームが無効になっています。",
        "gate.lobbies": "このサーバーで既に{count}件の参加受付を開いています（最大{limit}件）。"
        "先にどれかを開始するか中止してください。",
        "gate.thread_lobbies": "このサーバーで既に{count}件のスレッドの参加受付を開いています"
        "（最大{limit}件）。先にどれかを開始するか中止してください。",
        "gate.thread_rate": "ゲーム用スレッドは{minutes}分あたり{limit}件までです。{seconds}秒後に"
        "もう一度お試しください。",
        "lobby.expired": "この{game}の参加受付は、{minutes}分以内に開始されなかったため終了しました。",
    },
}

# Slash-command texts for app_commands.Translator (key = the English text): the commands, and
# each setting's label as the name of its choice.
COMMANDS_JA: dict[str, str] = {
    "Forum's settings on this server": "このサーバーでのForumの設定",
    "Show this server's settings": "このサーバーの設定を表示",
    "Change a setting (Manage Server or the admins' role)": "設定を変更（サーバー管理権限または管理者のロール）",
    "Put settings back to their defaults (Manage Server or the admins' role)": "設定を既定値に戻す（サーバー管理権限または管理者のロール）",
    "Which setting": "どの設定か",
    "Which setting (default: all of them)": "どの設定か（省略時：すべて）",
    "The new value, e.g. 5, on, ja, #channel": "新しい値（例：5、on、ja、#チャンネル）",
    **{
        text: SETTINGS["ja"][key]
        for key, text in SETTINGS["en"].items()
        if key.startswith("setting.")
    },
}
