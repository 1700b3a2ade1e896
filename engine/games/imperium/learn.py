"""Imperium's texts for learning it: what each card does (`card.*`), written from
rules/imperium.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

LEARN: Catalog = {
    "en": {
        "board_text.seat": "{seat}: {points:point|points} · {count:marker|markers} left · {status}",
        "board_text.none": "—",
        "board_text.scored": "Region {region} just scored: {seat_paid}",
        "board_text.legend": (
            "Board: the small numbers of a region are its points for 1st · 2nd · 3rd …; a "
            "token ×n is a player's markers there; the weakest in a region scores nothing."
        ),
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
        "board_text.seat": "{seat}：{points}点 · マーカー残り{count}個 · {status}",
        "board_text.none": "—",
        "board_text.scored": "地域{region}の決算：{seat_paid}",
        "board_text.legend": (
            "盤面：地域の小さな数字は1位・2位・3位…の得点。駒×nはその地域のマーカーの数。"
            "その地域で最も弱い人は0点。"
        ),
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
