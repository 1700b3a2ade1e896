"""Circus Maximus' texts for learning it: what each card does (`card.*`), written from
rules/circus-maximus.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6")  # 6: the six_cards variant

LEARN: Catalog = {
    "en": {
        "card.number.name": "Movement card {value}",
        "card.number.text": (
            "Movement card {value}: moves the chariot exactly {value} spaces in one straight line "
            "through empty spaces, or is burned without moving. Each chariot takes 1 to 3 of your "
            "cards a round; keep at least one card for every chariot still to move."
        ),
        "card.number.short": "Moves a chariot exactly its number in a straight line (or burn it).",
    },
    "ja": {
        "card.number.name": "移動カード{value}",
        "card.number.text": (
            "移動カード{value}：戦車を空いたマスを通ってまっすぐちょうど{value}マス動かす。"
            "動かさずに捨ててもよい。各戦車は1ラウンドに手札のうち1〜3枚を使い、"
            "まだ動く戦車の数だけカードを残さなければならない。"
        ),
        "card.number.short": "戦車をまっすぐちょうど数字のマス数動かす（捨ててもよい）。",
    },
}
