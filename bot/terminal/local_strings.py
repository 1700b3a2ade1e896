"""Player-facing strings of local play added since bot/frontend/strings.py: answers, the live board page
and resuming, in English and Japanese. `LOCAL_TEXT` looks here first, then in the bot's own."""

from __future__ import annotations

from bot.frontend.strings import BOT
from engine.core import Catalog
from engine.i18n import Localizer

LOCAL: Catalog = {
    "en": {
        "local.error.not_listed": "'{answer}' is not one of the choices: type a code, a number"
        " or a name from the list.",
        "local.error.range": "Type a whole number from {minimum} to {maximum}.",
        "local.error.too_long": "At most {maximum} characters, not {length}: type it shorter.",
        "local.error.fleet_twice": "{answer} is already in this fleet.",
        "local.error.fleet_size": "At most {per_head} behind one ship and {total} cards in all.",
        "local.fleet_so_far": "Fleet so far: {fleet}",
        "local.error.humans": "--humans must be between 1 and the number of players ({players}),"
        " not {humans}.",
        "local.error.ai_humans": "--ai {ai} and --humans {humans} do not add up to {players}"
        " players; give one of them.",
        "local.paused_differs": "Your paused {game} game (session {session}) is {paused}, not"
        " {asked} as asked. Add --new to abandon it and start yours, or run"
        " `{command} local {game_id}` to resume it.",
        "local.table": "{players} players ({ai} AI), {options}",
        "local.amounts": "[{first}]–[{last}]: type the amount",
        "local.base_game": "base game",
        "local.live": "Live board (board and story, updated after every move): {url}",
        "local.live_opened": "Live board, opened in your browser: {url}",
        "local.page.title": "{game} · session {session}",
        "local.no_token": "No Discord token configured (config.toml [discord].token or"
        " DISCORD_TOKEN).\nStarting a local {game} game instead; see README.md to connect to"
        " Discord.\n(Or: {command} local GAME, one of {games})",
        "local.new_starts_over": " (--new starts over)",
        "local.page.lang": "en",
        "local.page.back": "Earlier board",
        "local.page.forth": "Later board",
        "local.live_failed": "No live board: port {port} cannot be used ({reason}); --port 0 picks"
        " a free one. Board images are still written.",
        "local.close_page": "Press Enter to close the live board…",
        "local.page.waiting": "Waiting for the first board…",
        "local.page.story": "Story",
        "local.page.gone": "The game is not running (stopped or over). Run the command again to"
        " resume a paused game.",
        "local.hint_ask": "? for a hint",
        "local.hint_thinking": "Working out a hint…",
        "local.scoreboard": "Scores: {seat_scores}",
        "pair.seat_scores": "{seat} {amount}",
        "local.tip": "Tip: {tip}",
        "local.learn_commands": "(type rules, card NAME, tip or tips off at any prompt)",
        "local.tips_on": "Tips are on: each kind of decision gets one the first time.",
        "local.tips_off": "Tips are off; type tip at a prompt to see one anyway.",
        "local.rules_of": "Rules of {game}",
        "local.section.setup": "Setup",
        "local.section.turn": "A turn",
        "local.section.scoring": "Scoring",
        "local.section.end": "End of the game",
        "local.section.variants": "Variants",
        "local.no_card": "No card is called '{name}' ({count} cards: try a name or its first letters).",
        "local.more_cards": "… and {count} more: type more of the name.",
        "local.card_picture": "Its picture: {path}",
        "export.written": "Session {session} written to {path}; `{command}` rebuilds its boards.",
        "export.no_session": "There is no game with session number {session} in this database.",
        "export.unfinished": "Session {session} is not finished; only finished games are exported.",
        "export.unwritable": "{path} cannot be written ({reason}).",
    },
    "ja": {
        "local.error.not_listed": "「{answer}」は選択肢にありません。一覧のコード、番号、"
        "名前のどれかを入力してください。",
        "local.error.range": "{minimum}から{maximum}までの整数を入力してください。",
        "local.error.too_long": "最大{maximum}文字です（入力は{length}文字）。短くしてください。",
        "local.error.fleet_twice": "{answer} はもう艦隊に入っています。",
        "local.error.fleet_size": "1隻の後ろは最大{per_head}枚、全部で最大{total}枚です。",
        "local.fleet_so_far": "ここまでの艦隊：{fleet}",
        "local.error.humans": "--humans は 1 から参加人数（{players}）までです（{humans}は不可）。",
        "local.error.ai_humans": "--ai {ai} と --humans {humans} の合計が参加人数 {players} に"
        "なりません。どちらか一方を指定してください。",
        "local.paused_differs": "中断中の{game}のゲーム（セッション{session}）は{paused}で、"
        "指定された{asked}とは異なります。--new を付けるとそれを破棄して新しく始めます。"
        "再開するには `{command} local {game_id}` を実行してください。",
        "local.table": "{players}人（うちCPU{ai}人）・{options}",
        "local.amounts": "[{first}]～[{last}]：数を入力してください",
        "local.base_game": "基本ルール",
        "local.live": "ライブ盤面（盤面と経過、一手ごとに更新）：{url}",
        "local.live_opened": "ライブ盤面をブラウザで開きました：{url}",
        "local.page.title": "{game}・セッション{session}",
        "local.no_token": "Discord のトークンが設定されていません（config.toml の [discord].token"
        " または DISCORD_TOKEN）。\n代わりに{game}をローカルで始めます。Discord への接続は README.md"
        " を参照してください。\n（ほかのゲーム：{command} local GAME、GAME は {games}）",
        "local.new_starts_over": "（--new で最初からやり直せます）",
        "local.page.lang": "ja",
        "local.page.back": "前の盤面",
        "local.page.forth": "次の盤面",
        "local.live_failed": "ライブ盤面なし：ポート{port}を使えません（{reason}）。--port 0 で空いている"
        "ポートを使います。盤面画像は保存されます。",
        "local.close_page": "Enter を押すとライブ盤面を閉じます…",
        "local.page.waiting": "最初の盤面を待っています…",
        "local.page.story": "経過",
        "local.page.gone": "ゲームは動いていません（中断または終了）。中断したゲームは同じコマンドで"
        "再開できます。",
        "local.hint_ask": "?でヒント",
        "local.hint_thinking": "ヒントを計算中です…",
        "local.scoreboard": "得点：{seat_scores}",
        "pair.seat_scores": "{seat} {amount}",
        "local.tip": "ヒント：{tip}",
        "local.learn_commands": "（いつでも rules、card 名前、tip、tips off を入力できます）",
        "local.tips_on": "説明をオンにしました：初めての判断ごとに1度表示します。",
        "local.tips_off": "説明をオフにしました。tip と入力すればいつでも見られます。",
        "local.rules_of": "{game}のルール",
        "local.section.setup": "準備",
        "local.section.turn": "手番",
        "local.section.scoring": "得点",
        "local.section.end": "ゲームの終わり",
        "local.section.variants": "変種",
        "local.no_card": "「{name}」というカードはありません（全{count}種：名前か最初の数文字を入力）。",
        "local.more_cards": "…ほか{count}枚：名前をもう少し入力してください。",
        "local.card_picture": "カードの画像：{path}",
        "export.written": "セッション{session}を {path} に書き出しました。`{command}` で盤面を再現できます。",
        "export.no_session": "このデータベースにセッション番号{session}のゲームはありません。",
        "export.unfinished": "セッション{session}は終わっていません。書き出せるのは終わったゲームだけです。",
        "export.unwritable": "{path} に書き込めません（{reason}）。",
    },
}

LOCAL_TEXT = Localizer(LOCAL, BOT)
