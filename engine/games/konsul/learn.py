"""Konsul's texts for learning it: what each card does (`card.*`), written from
rules/konsul.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

LEARN: Catalog = {
    "en": {
        "card.number.text": (
            "{card}: a number card. In a set it is worth {value}; a set is valid while its number "
            "cards all share one colour or all share one value. At the end only how many cards "
            "you hold counts, not their numbers."
        ),
        "card.number.short": "Worth its number in a set of one colour or of one value.",
        "card.banner.text": (
            "Banner: a wild card. It fits any set, whatever its colour or value, and is worth "
            "{value} in it. At the end it counts as one card like any other."
        ),
        "card.banner.short": "Wild: fits any set and is worth {value} in it.",
    },
    "ja": {
        "card.number.text": (
            "{card}：数字のカード。セットの中で{value}の価値。セットは数字のカードがすべて同じ色か、"
            "すべて同じ数字なら有効。終了時は数字ではなく持っているカードの枚数だけを数える。"
        ),
        "card.number.short": "同じ色か同じ数字のセットで数字の価値になる。",
        "card.banner.text": (
            "旗印：万能のカード。色や数字に関係なくどのセットにも入り、その中で{value}の価値。"
            "終了時は他のカードと同じく1枚と数える。"
        ),
        "card.banner.short": "万能：どのセットにも入り、{value}の価値。",
    },
}
