"""Hannibal's texts for learning it, written from rules/hannibal.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5")

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: boxes are regions, thick ones the capitals, green ones islands; ★ marks a core region; S1-S5 are sea routes for fleets; token ×n counts legions or fleets; H is Hannibal; red frames mark the last move or the combat.",
        "card.number.name": "Battle card {value}",
        "card.number.text": (
            "Battle card {value}: in each exchange of a combat both sides play a card at once. "
            "The lower card loses one unit there, equal cards both lose one; Hannibal fighting "
            "adds 1 to Carthage's card. Played cards return only when both hands are empty."
        ),
        "card.number.short": "Each combat exchange: the lower card loses a unit; ties lose one each.",
    },
    "ja": {
        "board_text.legend": "盤面：箱は地域で、太枠は首都、緑は島。★は中核地域、S1〜S5は艦隊の海路。駒×nは軍団か艦隊の数、Hはハンニバル。赤い枠は直前の移動か戦闘。",
        "card.number.name": "戦闘カード{value}",
        "card.number.text": (
            "戦闘カード{value}：戦闘の1回ごとに両者が同時に1枚出す。小さい方がその場所のユニットを1つ失い、"
            "同じなら両方が1つずつ失う。ハンニバルが戦うとカルタゴのカードに+1。"
            "出したカードは両者の手札が空になったときに戻る。"
        ),
        "card.number.short": "戦闘の1回ごとに小さいカードの側がユニットを1つ失う。同じなら両方。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Rome and Carthage each take battle cards 1-5, legions and three fleets on the designed map; Hannibal stands with Carthage's legions.",
        "rules.turn": "Players alternate moving one legion along a road or one fleet along a sea route. Entering a place held by the enemy starts a combat.",
        "rules.scoring": "Combat: both play a card at once, the lower card loses a unit there, equal cards lose one each, until one side is gone. Hannibal fighting adds 1 to Carthage's card. Cards return only when both hands are empty.",
        "rules.end": "You win by entering the enemy capital, by leaving the enemy no legions, or by holding the three Mediterranean regions of your side at the end of your turn; a player who cannot move loses.",
        "rules.variants": "Series with roles swapped each game; core control: holding three core regions at the end of your turn earns chips, 8 chips win.",
    },
    "ja": {
        "rules.setup": "ローマとカルタゴは戦闘カード1〜5、軍団、艦隊3つを持つ。ハンニバルはカルタゴの軍団と共にいる。",
        "rules.turn": "交互に軍団1つを道に沿って、または艦隊1つを海路に沿って動かす。敵のいる場所に入ると戦闘。",
        "rules.scoring": "戦闘：両者が同時に1枚出し、小さい方がその場所のユニットを1つ失う。同じなら両方。どちらかがいなくなるまで続く。ハンニバルが戦うとカルタゴに+1。カードは両者の手札が空になると戻る。",
        "rules.end": "敵の首都に入る、敵の軍団をなくす、手番の終わりに自分側の地中海の3地域を押さえる、のどれかで勝ち。動けない人は負け。",
        "rules.variants": "役割を交代するシリーズ。中核支配：手番の終わりに中核地域を3つ押さえるとチップ、8枚で勝ち。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.move": "Move one legion or fleet; entering an enemy place starts a combat fought with cards 1-5.",
        "tip.card": "The lower card loses a unit; a high card spent now is gone until both hands are empty.",
        "tip.declare": "Let Hannibal fight (+1 to your card, but he can fall) or an ordinary legion.",
        "tip.pass": "Passing leaves the board as it is.",
    },
    "ja": {
        "tip.move": "軍団か艦隊を1つ動かす。敵の場所に入るとカード1〜5で戦闘。",
        "tip.card": "小さいカードの側がユニットを失う。使った大きいカードは両者の手札が空になるまで戻らない。",
        "tip.declare": "ハンニバルを戦わせる（カード+1、ただし倒れることも）か普通の軍団か。",
        "tip.pass": "パスすると盤面はそのまま。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
