"""Hannibal's texts for learning it: what each card does (`card.*`), written from
rules/hannibal.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5")

LEARN: Catalog = {
    "en": {
        "card.number.name": "Battle card {value}",
        "card.number.text": (
            "Battle card {value}: in each exchange of a combat both sides play a card at once. "
            "The lower card loses one unit there, equal cards both lose one; Hannibal fighting "
            "adds 1 to Carthage's card. Played cards return only when both hands are empty."
        ),
        "card.number.short": "Each combat exchange: the lower card loses a unit; ties lose one each.",
    },
    "ja": {
        "card.number.name": "戦闘カード{value}",
        "card.number.text": (
            "戦闘カード{value}：戦闘の1回ごとに両者が同時に1枚出す。小さい方がその場所のユニットを1つ失い、"
            "同じなら両方が1つずつ失う。ハンニバルが戦うとカルタゴのカードに+1。"
            "出したカードは両者の手札が空になったときに戻る。"
        ),
        "card.number.short": "戦闘の1回ごとに小さいカードの側がユニットを1つ失う。同じなら両方。",
    },
}
