"""Seven Hills' texts for learning it: what each card does (`card.*`), the rules by section (`rules.*`) and a tip per
kind of decision (`tip.<move>`), written from
rules/seven-hills.md in our own words."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: each hill's number is its value; cards nearest a hill were played first; hatched cards lie face down; Σ is a side's total; a red dot marks the card just played.",
        "card.number.name": "Tribe card {value}",
        "card.number.text": (
            "Tribe card {value}: place it beside a hill on your side (face down until both "
            "tribes are there). At the end each hill goes to the larger total of cards on it; "
            "you may not play on the hill your opponent just used."
        ),
        "card.number.short": "Adds its number to your side of a hill; the larger side takes it.",
        "card.flag.name": "Flag (barricade)",
        "card.flag.text": (
            "Flag (barricades variant only): worth 0. Face up on a hill it guards it: the next "
            "card played there is removed together with the flag. Hidden, it removes the card "
            "that reveals the hill or your card played after it."
        ),
        "card.flag.short": "Barricade: removes itself and the next card played on its hill (worth 0).",
    },
    "ja": {
        "board_text.legend": "盤面：丘の数字はその価値。丘に近いカードほど先に出したもの。斜線のカードは裏向き。Σはその側の合計。赤い点は直前に出されたカード。",
        "card.number.name": "部族カード{value}",
        "card.number.text": (
            "部族カード{value}：丘の自分側に置く（両部族がそろうまで裏向き）。"
            "終了時、各丘はカードの合計が大きい方のものになる。相手が直前に置いた丘には置けない。"
        ),
        "card.number.short": "丘の自分側に数字を足す。合計が大きい方が丘を取る。",
        "card.flag.name": "旗（バリケード）",
        "card.flag.text": (
            "旗（バリケードの変種のみ）：0点。表向きの旗は丘を守り、次にそこへ置かれたカードと一緒に"
            "取り除かれる。裏向きなら丘を公開したカードか、その後に置いた自分のカードを取り除く。"
        ),
        "card.flag.short": "バリケード：次にその丘へ置かれたカードと一緒に取り除かれる（0点）。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Two tribes hold cards 1-9 each; seven hills worth 1 to 7 lie between them.",
        "rules.turn": "Take turns placing one card face down beside a hill on your side; you may not use the hill your opponent just played on. When both tribes have cards on a hill it is revealed and stays face up.",
        "rules.scoring": "Each hill goes to the side with the larger total there (the start player wins ties). Your score is the sum of the hills you take.",
        "rules.end": "The game ends when both hands are empty. Higher score wins; equal scores draw.",
        "rules.variants": "Series of two games; no repeated values on a hill; barricades (a flag removes the next card on its hill); highest card decides instead of the sum; open hands.",
    },
    "ja": {
        "rules.setup": "2つの部族が各自カード1〜9を持つ。間に価値1〜7の丘が7つ並ぶ。",
        "rules.turn": "交互に1枚、自分側の丘の横に裏向きで置く。相手が直前に置いた丘には置けない。両部族のカードがそろった丘は公開され、以後表向き。",
        "rules.scoring": "各丘は合計が大きい側のもの（同じならスタートプレイヤー）。得点は取った丘の数字の合計。",
        "rules.end": "両者の手札がなくなると終わり。得点の高い方が勝ち、同点は引き分け。",
        "rules.variants": "2回戦のシリーズ、同じ数字の禁止、バリケード（旗が次のカードを取り除く）、合計でなく大きいカード順、手札公開。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.play": "A hidden card bluffs until both sides are there; the hill your rival just used is closed to you."
    },
    "ja": {
        "tip.play": "裏向きのカードは両者がそろうまで隠れる。相手が直前に使った丘には置けない。"
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
