"""Imperium's texts for learning it: what each card does (`card.*`), written from
rules/imperium.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

LEARN: Catalog = {
    "en": {
        "card.number.name": "Region card {value}",
        "card.number.text": (
            "Region card {value}: choose it among your three secret picks to put a marker on "
            "region {value} when the picks are revealed. The most markers in a region score its "
            "first value when it is scored; the weakest there score nothing."
        ),
        "card.number.short": "A secret pick: one marker on its region when picks are revealed.",
        "card.flag.name": "Flag",
        "card.flag.text": (
            "Flag (you have two): added to a region card to put one more marker on that same "
            "region, so one round can pour two or three markers into one region."
        ),
        "card.flag.short": "One more marker on a region you picked this round.",
    },
    "ja": {
        "card.number.name": "地域カード{value}",
        "card.number.text": (
            "地域カード{value}：秘密に選ぶ3枚の1つにすると、公開時に地域{value}へマーカーを1個置く。"
            "決算では最も多くマーカーを置いた人がその地域の最初の値を得て、最も弱い人は0点。"
        ),
        "card.number.short": "秘密の選択：公開時にその地域へマーカーを1個置く。",
        "card.flag.name": "旗",
        "card.flag.text": (
            "旗（2枚）：地域カードに添えて同じ地域にマーカーをもう1個置く。"
            "1ラウンドで1つの地域に2個や3個置ける。"
        ),
        "card.flag.short": "このラウンドに選んだ地域へマーカーをもう1個。",
    },
}
