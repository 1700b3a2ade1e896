"""Seven Hills' texts for learning it: what each card does (`card.*`), written from
rules/seven-hills.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

LEARN: Catalog = {
    "en": {
        "card.number.name": "Tribe card {value}",
        "card.number.text": (
            "Tribe card {value}: place it beside a hill on your side (face down until both "
            "tribes are there). At the end each hill goes to the larger total of cards on it; "
            "you may not play on the hill your opponent just used."
        ),
        "card.number.short": "Adds its number to your side of a hill; the larger side takes it.",
        "card.flag.name": "Flag (barricade)",
        "card.flag.text": (
            "Flag (barricades variant only): worth 0. Face up on a hill it guards it: the next "
            "card played there is removed together with the flag. Hidden, it removes the card "
            "that reveals the hill or your card played after it."
        ),
        "card.flag.short": "Barricade: removes itself and the next card played on its hill (worth 0).",
    },
    "ja": {
        "card.number.name": "部族カード{value}",
        "card.number.text": (
            "部族カード{value}：丘の自分側に置く（両部族がそろうまで裏向き）。"
            "終了時、各丘はカードの合計が大きい方のものになる。相手が直前に置いた丘には置けない。"
        ),
        "card.number.short": "丘の自分側に数字を足す。合計が大きい方が丘を取る。",
        "card.flag.name": "旗（バリケード）",
        "card.flag.text": (
            "旗（バリケードの変種のみ）：0点。表向きの旗は丘を守り、次にそこへ置かれたカードと一緒に"
            "取り除かれる。裏向きなら丘を公開したカードか、その後に置いた自分のカードを取り除く。"
        ),
        "card.flag.short": "バリケード：次にその丘へ置かれたカードと一緒に取り除かれる（0点）。",
    },
}
