"""Prokonsul's texts for learning it: what each card does (`card.*`), written from
rules/prokonsul.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "12")

LEARN: Catalog = {
    "en": {
        "board_text.holds": "{seat} holds {cards}",
        "board_text.card": "{value} ({seat_owner}'s)",
        "board_text.legend": (
            "Board: the circled number is a province's value; +{bonus} on a road: governing both "
            "linked provinces pays {bonus} more; a token beside a value is a candidate, one with "
            "a value after it the governor; a small token on a card: whose card it was."
        ),
        "card.number.name": "Influence {value}",
        "card.number.text": (
            "Influence {value}: choose it secretly each round. Revealed, it lies before you; a "
            "player whose cards reach a strict majority of all revealed values wins the round's "
            "province. Collect others' cards by offering them chips. Back in hand after 10 rounds."
        ),
        "card.number.short": "Secret pick: its value counts toward a majority for this province.",
    },
    "ja": {
        "board_text.holds": "{seat}の前：{cards}",
        "board_text.card": "{value}（{seat_owner}のカード）",
        "board_text.legend": (
            "盤面：丸の数字は属州の価値。道の+{bonus}：つながった両方の属州の総督になると{bonus}多く"
            "受け取る。価値の横の駒は候補者、数字が添えられた駒は総督。カードの小さな駒は元の持ち主。"
        ),
        "card.number.name": "影響力{value}",
        "card.number.text": (
            "影響力{value}：毎ラウンド秘密に1枚選ぶ。公開されると自分の前に置かれ、公開された値の合計の"
            "過半数に達した人がその属州を取る。チップを申し出て他の人のカードを集める。"
            "10ラウンドごとに手札に戻る。"
        ),
        "card.number.short": "秘密に選ぶ：この属州の過半数に向けて値が数えられる。",
    },
}
