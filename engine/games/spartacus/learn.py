"""Spartacus' texts for learning it: what each card does (`card.*`), written from
rules/spartacus.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "flag")

LEARN: Catalog = {
    "en": {
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
