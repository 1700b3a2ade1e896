"""Spartacus' texts for learning it: what each card does (`card.*`), the rules by section (`rules.*`) and a tip per
kind of decision (`tip.<move>`), written from
rules/spartacus.md in our own words."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "flag")

CARDS: Catalog = {
    "en": {
        "board_text.legend": "Board: a card's shape and colour say who played it; the red dot marks the card just played; ⚑ is a flag (★ a joker in the joker variant).",
        "card.number.name": "Card {value}",
        "card.number.text": (
            "Card {value}: in a trick you may play it only below the lowest card so far; the "
            "lowest card takes the trick. A won trick scores its numbers; {value} still in hand "
            "at the end counts against you."
        ),
        "card.number.short": "Play it lower than the trick's lowest card; the lowest takes the trick.",
        "card.flag.name": "Flag",
        "card.flag.text": (
            "Flag: may always be played. It doubles the value of the trick it ends up in, and "
            "doubles your hand penalty if you still hold it. With the joker variant it is a "
            "joker instead: it beats the card just before it and is worth 0."
        ),
        "card.flag.short": "Always playable; doubles its trick's value (a joker in the joker variant).",
    },
    "ja": {
        "board_text.legend": "盤面：カードの形と色は出した人。赤い点は直前に出されたカード。⚑は旗（ジョーカーの変種では★）。",
        "card.number.name": "カード{value}",
        "card.number.text": (
            "カード{value}：トリックでは、それまでの最小のカードより小さいときだけ出せる。"
            "最小のカードを出した人がトリックを取る。取ったトリックは数字の合計が得点、"
            "終了時に手札に残った{value}は失点になる。"
        ),
        "card.number.short": "トリックの最小より小さいときに出せる。最小のカードがトリックを取る。",
        "card.flag.name": "旗",
        "card.flag.text": (
            "旗：いつでも出せる。入ったトリックの価値を2倍にし、手札に残っていると失点も2倍になる。"
            "ジョーカーの変種では、直前のカードに勝つ0点のジョーカーになる。"
        ),
        "card.flag.short": "いつでも出せる。トリックの価値を2倍（変種ではジョーカー）。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "3-5 players each hold cards 1-10 and a flag. The start player leads the first trick.",
        "rules.turn": "In turn, play a card lower than the lowest card of the trick, or a flag (always allowed), or pass once a number card is in. When the turn comes back to the player of the lowest card, they take the trick and lead the next.",
        "rules.scoring": "A won trick scores the sum of its numbers, doubled for every flag in it. At the end the numbers left in your hand count against you, doubled if you still hold your flag.",
        "rules.end": "The game ends the moment someone plays their last card; the open trick goes to its lowest card. Highest total wins; ties share.",
        "rules.variants": "Series: several games, totals added. Flags as jokers: a flag beats the card just before it and is worth 0 (optional -10 penalty, or a joker voids its trick). No flags: hands are 1-10 only.",
    },
    "ja": {
        "rules.setup": "3〜5人が各自カード1〜10と旗を持つ。最初のトリックはスタートプレイヤーから。",
        "rules.turn": "順に、トリックの最小より小さいカードか旗（いつでも可）を出す。数字が出ていればパスもできる。最小のカードを出した人に手番が戻ると、その人がトリックを取り次を始める。",
        "rules.scoring": "取ったトリックは数字の合計が得点で、旗1枚ごとに2倍。終了時に手札に残った数字は失点で、旗を持っていればそれも2倍。",
        "rules.end": "誰かが最後のカードを出した瞬間に終わり、途中のトリックは最小のカードの人のもの。合計が最も高い人が勝ち、同点は共に勝ち。",
        "rules.variants": "シリーズ：複数回の合計。旗をジョーカーに：直前のカードに勝つ0点（-10の罰や、ジョーカー入りトリックを0点にする選択も）。旗なし：手札は1〜10だけ。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.play": "Play under the lowest card to take the trick; keep low cards to win big tricks late.",
        "tip.pass": "Passing keeps your card; the lowest card so far takes the trick when play comes back.",
    },
    "ja": {
        "tip.play": "最小より小さく出せばトリックを取れる。小さいカードは大きなトリックのために残そう。",
        "tip.pass": "パスすればカードは残る。手番が戻ると最小のカードの人がトリックを取る。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
