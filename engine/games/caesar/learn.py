"""Caesar's texts for learning it, written from rules/caesar.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

CARDS: Catalog = {
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

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Everyone has 5 counters and fight cards 1-9 plus a flag. In five rounds each player puts one counter on an empty square of the 5×5 board; then every empty square gets a neutral counter.",
        "rules.turn": "On your turn ally, attack or pass. Ally: move your whole stack onto your own or a neutral stack in line (same row or column, nothing between). Attack: pick a rival stack in line; both fighters play a card in secret. Pass only when you cannot attack.",
        "rules.scoring": "In a fight each side adds its card to its stack's size; the higher total stacks onto the loser, equal totals remove both stacks. A flag calls the fight off. Your score is every counter, of any colour, in the stacks you own (yours on top).",
        "rules.end": "The game ends when a fighter has used all ten cards, when at most one player is left, or after a full round of passes. A player owning no stack is out. Most counters wins; ties share the win.",
        "rules.variants": "Caesar has no variants.",
    },
    "ja": {
        "rules.setup": "各自カウンター5個と戦闘カード1〜9と旗を持つ。5ラウンドで順に1個ずつ5×5の空きマスに置き、残った空きマスには中立のカウンターが置かれる。",
        "rules.turn": "手番では同盟・攻撃・パスのどれか。同盟：自分の集団全体を、同じ列か行で間に何もない自分か中立の集団の上に移す。攻撃：同じ列の相手の集団を選び、両者が秘密にカードを出す。パスは攻撃できないときだけ。",
        "rules.scoring": "戦闘では集団の大きさにカードを足し、大きい方が負けた集団の上に乗る。同じなら両方の集団が取り除かれる。旗は戦闘を無効にする。得点は一番上が自分の集団の中の全カウンター（色は問わない）。",
        "rules.end": "戦った人が10枚すべてを使ったとき、残りが1人以下のとき、全員が続けてパスしたときに終わる。集団を持たない人は脱落。カウンターが最も多い人が勝ち、同点は共に勝ち。",
        "rules.variants": "カエサルに変種はない。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.place": "Placement: spread out or cluster; squares in line with many neutrals give easy allies later.",
        "tip.turn": "Ally to grow a stack you can defend, or attack a stack smaller than yours plus your card.",
        "tip.ally": "An ally moves your whole stack onto yours or a neutral one in line: bigger stacks win fights.",
        "tip.attack": "Attack a rival stack in line: both play a card, stack size + card decides, ties remove both.",
        "tip.pass": "You may pass only when no attack is possible.",
        "tip.fight_card": "Your total is your stack's size plus this card; the flag cancels the fight, each card is used once.",
    },
    "ja": {
        "tip.place": "配置：散らすか固めるか。中立が多く並ぶマスは後で同盟しやすい。",
        "tip.turn": "同盟で守れる大きな集団を作るか、自分より小さい集団を攻撃する。",
        "tip.ally": "同盟は集団全体を同じ列の自分か中立の集団へ移す。大きい集団ほど戦闘に強い。",
        "tip.attack": "同じ列の相手の集団を攻撃：集団の大きさ＋カードで決まり、同じなら両方消える。",
        "tip.pass": "攻撃できないときだけパスできる。",
        "tip.fight_card": "合計は集団の大きさ＋このカード。旗は戦闘を無効にする。カードは1回ずつ。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
