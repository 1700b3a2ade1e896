"""Prokonsul's texts for learning it: what each card does (`card.*`), written from
rules/prokonsul.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "12")

LEARN: Catalog = {
    "en": {
        "card.number.name": "Influence {value}",
        "card.number.text": (
            "Influence {value}: choose it secretly each round. Revealed, it lies before you; a "
            "player whose cards reach a strict majority of all revealed values wins the round's "
            "province. Collect others' cards by offering them chips. Back in hand after 10 rounds."
        ),
        "card.number.short": "Secret pick: its value counts toward a majority for this province.",
    },
    "ja": {
        "card.number.name": "影響力{value}",
        "card.number.text": (
            "影響力{value}：毎ラウンド秘密に1枚選ぶ。公開されると自分の前に置かれ、公開された値の合計の"
            "過半数に達した人がその属州を取る。チップを申し出て他の人のカードを集める。"
            "10ラウンドごとに手札に戻る。"
        ),
        "card.number.short": "秘密に選ぶ：この属州の過半数に向けて値が数えられる。",
    },
}
