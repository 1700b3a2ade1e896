"""Konsul's texts for learning it, written from rules/konsul.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: dark cards are face down, named by their slot (row letter, column number); face-up cards show value and colour, the flag card is a banner; a folded corner marks a card the last turn showed.",
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
        "board_text.legend": "盤面：暗いカードは裏向きで、マスの名前（行の文字と列の数字）がつく。表のカードは数字と色、旗の絵は旗印。折れた角は直前の手番で見えたカード。",
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

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "35 cards lie face down in a 5×7 grid: numbers 1-5 in five colours and 10 banners. Everyone starts with a 6, a 7 and an 8 in hand.",
        "rules.turn": "Each round players bid; the highest bidder turns grid cards one by one. They must form one set (all one colour or all one value; banners fit any) worth at least the bid, and may stop once it is.",
        "rules.scoring": "A set is worth the sum of its numbers plus 2 per banner. Success: take every turned card. A card that does not fit fails the turn: give a card from your hand to an empty slot, and all face-up cards turn down again.",
        "rules.end": "The game ends when the grid is empty. Most cards in hand wins (their numbers do not count); a player who fails with an empty hand is out.",
        "rules.variants": "Count bidding: a bid is a number of cards instead of points.",
    },
    "ja": {
        "rules.setup": "5×7に35枚を裏向きに並べる（5色の1〜5と旗印10枚）。各自6・7・8を1枚ずつ持って始める。",
        "rules.turn": "毎ラウンド競りを行い、最高値の人が1枚ずつめくる。同じ色か同じ数字のセット（旗印はどれにも入る）で競り値以上を目指し、達したら止めてもよい。",
        "rules.scoring": "セットの価値は数字の合計＋旗印1枚につき2。成功：めくったカードをすべて取る。合わないカードで失敗：手札から1枚を空きマスに置き、表のカードはすべて裏に戻る。",
        "rules.end": "場が空になると終わり。手札の枚数が最も多い人が勝ち（数字は数えない）。手札なしで失敗した人は脱落。",
        "rules.variants": "枚数の競り：競り値を点ではなく枚数で言う。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.bid": "Bid what you believe you can turn in one set; remember which face-down cards you saw.",
        "tip.flip": "Turn a card you remember fitting your set; one misfit loses the whole turn.",
        "tip.give_up": "On a failure you give a hand card to the grid: choose one that helps others least.",
    },
    "ja": {
        "tip.bid": "1つのセットでめくれると思う値を競る。見たカードを覚えておこう。",
        "tip.flip": "セットに合うと覚えているカードをめくる。1枚でも合わなければ失敗。",
        "tip.give_up": "失敗したら手札を1枚場に出す。他の人の役に立ちにくいものを。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
