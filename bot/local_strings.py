"""Player-facing strings of local play added since bot/strings.py: answers, the live board page
and resuming, in English and Japanese. `LOCAL_TEXT` looks here first, then in the bot's own."""

from __future__ import annotations

from bot.strings import BOT
from engine.core import Catalog
from table.i18n import Localizer

LOCAL: Catalog = {
    "en": {
        "local.error.not_listed": "'{answer}' is not one of the choices: type a code, a number"
        " or a name from the list.",
        "local.error.range": "Type a whole number from {minimum} to {maximum}.",
    },
    "ja": {
        "local.error.not_listed": "「{answer}」は選択肢にありません。一覧のコード、番号、"
        "名前のどれかを入力してください。",
        "local.error.range": "{minimum}から{maximum}までの整数を入力してください。",
    },
}

LOCAL_TEXT = Localizer(LOCAL, BOT)
