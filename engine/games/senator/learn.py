"""Senator's texts for learning it, written from rules/senator.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "flag")

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: the middle 3×3 framed in brown is the senate; arrows are the entries, a red arrow the last push, a pale one a full line; the yellow flag fills its square.",
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
        "board_text.legend": "盤面：茶色の枠の中央3×3が元老院。矢印が押し込み口で、赤は直前の押し込み、薄いものは埋まった列。黄色い旗はそのマスをふさぐ。",
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

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Two players hold family cards 1-10 (three players: 1-7 each). With two, the second player first puts the flag on any square.",
        "rules.turn": "On your turn push one card into a row or column from an arrow at the edge; cards in its way slide one step along the line up to the first gap. Nothing falls off: a full line cannot be pushed.",
        "rules.scoring": "At the end each card standing in the senate (the middle 3×3) scores its number for its owner; cards on the stairs score nothing, nor does the flag.",
        "rules.end": "The game ends when the board is full. Higher score wins; equal scores draw (three players: ties share).",
        "rules.variants": "Flag effects for two: double senate cards in its row and column, let stair cards there count, or cancel them; its reach can be its lines or its neighbours only. Hidden game: every card is pushed face down.",
    },
    "ja": {
        "rules.setup": "2人は家族カード1〜10（3人なら各1〜7）。2人戦では後手が最初に旗を好きなマスに置く。",
        "rules.turn": "手番では端の矢印から1枚を行か列に押し込む。行く手のカードは最初の空きまで1マスずれる。押し出されることはなく、埋まった列には押し込めない。",
        "rules.scoring": "終了時、元老院（中央3×3）にあるカードは持ち主に数字の得点。階段のカードと旗は0点。",
        "rules.end": "盤が埋まると終わり。得点の高い方が勝ち、同点は引き分け（3人なら同点は共に勝ち）。",
        "rules.variants": "2人用の旗の効果：同じ行と列の元老院のカードを2倍、階段も得点、または無効に。範囲は行と列か隣だけ。隠しゲーム：すべて裏向きで押し込む。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.place_flag": "Place the flag where it hurts your rival most with the chosen flag effect; it fills a square.",
        "tip.push": "A push shoves the line one step: push your rival's cards out of the senate or yours in.",
    },
    "ja": {
        "tip.place_flag": "旗の効果が相手に最も不利になる場所へ。旗はマスを1つふさぐ。",
        "tip.push": "押し込むと列が1マスずれる。相手のカードを元老院から出し、自分のを入れよう。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
