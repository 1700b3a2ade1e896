"""Caesar's texts for learning it: what each card does (`card.*`), written from
rules/caesar.md in our own words."""

from __future__ import annotations

from engine.core import Catalog

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

LEARN: Catalog = {
    "en": {
        "board_text.stack": "{square}: {count} counters, {top} on top · {seat_members} · neutral ×{neutral}",
        "pair.seat_members": "{seat} ×{amount}",
        "board_text.nobody": "neutral",
        "board_text.legend": (
            "Board: a square shows its stack's top counter (who owns it) and its size ×n; the "
            "stripes beside it are the counters inside, bottom to top; N marks a neutral counter."
        ),
        "card.number.name": "Fight card {value}",
        "card.number.text": (
            "Fight card {value}: play it face down when one of your groups fights. Your strength "
            "is the group's counters plus {value}; the higher total wins and its group lands on "
            "the loser's, equal totals remove both groups. Each card is used once."
        ),
        "card.number.short": "In a fight: adds its number to your group's counters. Used once.",
        "card.flag.name": "Flag",
        "card.flag.text": (
            "Flag: play it in a fight to call the fight off: neither group moves, and both "
            "cards played are spent. Used once."
        ),
        "card.flag.short": "Calls a fight off: nobody moves, both cards are spent. Used once.",
    },
    "ja": {
        "board_text.stack": "{square}：{count}個、一番上は{top} · {seat_members} · 中立×{neutral}",
        "pair.seat_members": "{seat}×{amount}",
        "board_text.nobody": "中立",
        "board_text.legend": (
            "盤面：マスには集団の一番上のカウンター（持ち主）と大きさ×nを表示。横の帯は下から順に"
            "中のカウンター。「中」は中立のカウンター。"
        ),
        "card.number.name": "戦闘カード{value}",
        "card.number.text": (
            "戦闘カード{value}：自分の集団が戦うとき裏向きに出す。強さは集団のカウンター数＋{value}。"
            "合計が大きい方が勝ち、勝った集団が負けた集団の上に乗る。同じなら両方の集団が取り除かれる。"
            "各カードは1回だけ使える。"
        ),
        "card.number.short": "戦闘で集団のカウンター数に数字を足す。1回だけ使える。",
        "card.flag.name": "旗",
        "card.flag.text": "旗：戦闘で出すとその戦闘は無効になり、どちらの集団も動かない。出した2枚はどちらも使用済みになる。1回だけ使える。",
        "card.flag.short": "戦闘を無効にする：誰も動かず、出した2枚は使用済み。1回だけ使える。",
    },
}
