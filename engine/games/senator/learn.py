"""Senator's texts for learning it: what each card does (`card.*`), written from
rules/senator.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "flag")

LEARN: Catalog = {
    "en": {
        "card.number.name": "Family card {value}",
        "card.number.text": (
            "Family card {value}: push it onto a stair square from outside; the cards in its way "
            "slide one step along the line, up to the first gap. At the end it scores {value} "
            "for you if it stands in the senate (the middle 3×3)."
        ),
        "card.number.short": "Push it in from the edge; scores its number if it ends in the senate.",
        "card.flag.name": "Flag",
        "card.flag.text": (
            "Flag (two players): the second player places it on any square before the first "
            "push. It is pushed like a card, fills a square and scores for nobody."
        ),
        "card.flag.short": "Placed before play: takes up a square and scores for nobody.",
    },
    "ja": {
        "card.number.name": "家族カード{value}",
        "card.number.text": (
            "家族カード{value}：外から階段のマスへ押し込む。行く手のカードは列に沿って最初の空きまで"
            "1マスずれる。終了時に元老院（中央3×3）にあれば{value}点になる。"
        ),
        "card.number.short": "端から押し込む。元老院で終われば数字が得点になる。",
        "card.flag.name": "旗",
        "card.flag.text": (
            "旗（2人用）：最初の押し込みの前に後手が好きなマスに置く。カードと同じく押されて"
            "マスを1つふさぎ、誰の得点にもならない。"
        ),
        "card.flag.short": "開始前に置かれ、マスを1つふさぐ。誰の得点にもならない。",
    },
}
