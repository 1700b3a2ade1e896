"""Circus Maximus' texts for learning it: what each card does (`card.*`), the rules by section (`rules.*`) and a tip per
kind of decision (`tip.<move>`), written from
rules/circus-maximus.md in our own words."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6")  # 6: the six_cards variant

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: the numbered pale spaces are the starts, the light hexes in the middle the finish; a token's number is its chariot; the red ring marks the chariot to move and red outlines its last path; the order row lists this round's moves (underlined: done).",
        "card.number.name": "Movement card {value}",
        "card.number.text": (
            "Movement card {value}: moves the chariot exactly {value} spaces in one straight line "
            "through empty spaces, or is burned without moving. Each chariot takes 1 to 3 of your "
            "cards a round; keep at least one card for every chariot still to move."
        ),
        "card.number.short": "Moves a chariot exactly its number in a straight line (or burn it).",
    },
    "ja": {
        "board_text.legend": "盤面：番号つきの薄いマスがスタート、中央の明るいマスがゴール。駒の数字は戦車の番号。赤い丸が動く戦車、赤い枠は直前の道筋。順番の列はこのラウンドの移動順（下線は済み）。",
        "card.number.name": "移動カード{value}",
        "card.number.text": (
            "移動カード{value}：戦車を空いたマスを通ってまっすぐちょうど{value}マス動かす。"
            "動かさずに捨ててもよい。各戦車は1ラウンドに手札のうち1〜3枚を使い、"
            "まだ動く戦車の数だけカードを残さなければならない。"
        ),
        "card.number.short": "戦車をまっすぐちょうど数字のマス数動かす（捨ててもよい）。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "2-5 players each race three chariots and hold movement cards 1-5. In snake order each player places a chariot on a start space, three times.",
        "rules.turn": "Each round every chariot moves once, leaders first. Give the moving chariot 1-3 of your cards: a card moves it exactly its number in one straight line through empty spaces, or is burned. Keep a card for every chariot still to move.",
        "rules.scoring": "Race once around the track clockwise, then into the finish spaces in the middle. Cards come back at the start of every round.",
        "rules.end": "The first player with all three chariots in the finish wins at once.",
        "rules.variants": "Straight line (turning costs a burned card); six cards (1-6); exactly two cards per chariot; play on for places.",
    },
    "ja": {
        "rules.setup": "2〜5人が各自戦車3台と移動カード1〜5を持つ。蛇行順に1台ずつ、3回スタートのマスに置く。",
        "rules.turn": "毎ラウンド先頭の戦車から1回ずつ動く。動く戦車に1〜3枚のカードを使う：カードは戦車を空いたマスをまっすぐちょうど数字ぶん動かすか、捨てる。まだ動く戦車の分のカードを残すこと。",
        "rules.scoring": "コースを時計回りに1周し、中央のゴールのマスに入る。カードは毎ラウンドの初めに戻る。",
        "rules.end": "最初に3台ともゴールに入れた人がすぐに勝つ。",
        "rules.variants": "直線（向きを変えるには1枚捨てる）、6枚（1〜6）、各戦車ちょうど2枚、順位決めまで続行。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.place": "Start spaces nearer the inside make the first turn shorter.",
        "tip.card": "A card moves exactly its number in one straight line through empty spaces, or burn it.",
        "tip.drive": "Choose the direction for this card; the whole path must be empty.",
    },
    "ja": {
        "tip.place": "内側のスタートほど最初のカーブが短い。",
        "tip.card": "カードは空いたマスをまっすぐちょうど数字ぶん動かす。動かせなければ捨てる。",
        "tip.drive": "このカードの方向を選ぶ。通り道はすべて空いていること。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
