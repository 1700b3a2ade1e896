"""Imperium's texts for learning it, written from rules/imperium.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "flag")

CARDS: Catalog = {
    "en": {
        "board_text.seat": "{seat}: {points:point|points} · {count:marker|markers} left · {status}",
        "board_text.none": "—",
        "board_text.scored": "Region {region} just scored: {seat_paid}",
        "board_text.legend": (
            "Board: the small numbers of a region are its points for 1st · 2nd · 3rd …; a "
            "token ×n is a player's markers there; the weakest in a region scores nothing."
        ),
        "card.number.name": "Region card {value}",
        "card.number.text": (
            "Region card {value}: choose it among your three secret picks to put a marker on "
            "region {value} when the picks are revealed. The most markers in a region score its "
            "first value when it is scored; the weakest there score nothing."
        ),
        "card.number.short": "A secret pick: one marker on its region when picks are revealed.",
        "card.flag.name": "Flag",
        "card.flag.text": (
            "Flag (you have two): added to a region card to put one more marker on that same "
            "region, so one round can pour two or three markers into one region."
        ),
        "card.flag.short": "One more marker on a region you picked this round.",
    },
    "ja": {
        "board_text.seat": "{seat}：{points}点 · マーカー残り{count}個 · {status}",
        "board_text.none": "—",
        "board_text.scored": "地域{region}の決算：{seat_paid}",
        "board_text.legend": (
            "盤面：地域の小さな数字は1位・2位・3位…の得点。駒×nはその地域のマーカーの数。"
            "その地域で最も弱い人は0点。"
        ),
        "card.number.name": "地域カード{value}",
        "card.number.text": (
            "地域カード{value}：秘密に選ぶ3枚の1つにすると、公開時に地域{value}へマーカーを1個置く。"
            "決算では最も多くマーカーを置いた人がその地域の最初の値を得て、最も弱い人は0点。"
        ),
        "card.number.short": "秘密の選択：公開時にその地域へマーカーを1個置く。",
        "card.flag.name": "旗",
        "card.flag.text": (
            "旗（2枚）：地域カードに添えて同じ地域にマーカーをもう1個置く。"
            "1ラウンドで1つの地域に2個や3個置ける。"
        ),
        "card.flag.short": "このラウンドに選んだ地域へマーカーをもう1個。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Everyone has region cards 1-9, two flags and 14 markers; the board has nine regions, each with its list of points.",
        "rules.turn": "Each round everyone secretly picks three regions (a flag repeats a region). All picks are revealed together and a marker goes on each picked region.",
        "rules.scoring": "One region is scored each round (1, 2, ... 7, then 8 and 9 together): the most markers score its first value, ties share a lower place, the weakest there score nothing. Scored markers return to their owners.",
        "rules.end": "The game ends after round 8. Highest score wins; ties share.",
        "rules.variants": "30-point game: regions keep being scored in a cycle until someone has 30 points.",
    },
    "ja": {
        "rules.setup": "各自地域カード1〜9、旗2枚、マーカー14個を持つ。盤には得点表つきの地域が9つ。",
        "rules.turn": "毎ラウンド全員が秘密に3つの地域を選ぶ（旗で同じ地域を重ねられる）。一斉に公開し、選んだ地域にマーカーを1個ずつ置く。",
        "rules.scoring": "毎ラウンド1つの地域を決算（1、2…7、最後に8と9）。マーカー最多が最初の値、同数は下の順位を分け合い、最も弱い人は0点。決算した地域のマーカーは持ち主に戻る。",
        "rules.end": "ラウンド8の後に終わる。得点が最も高い人が勝ち、同点は共に勝ち。",
        "rules.variants": "30点ゲーム：誰かが30点に達するまで地域の決算を繰り返す。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.select": "Three markers: spread them or stack one region with flags; only the weakest there score nothing.",
        "tip.place_short": "You have fewer than three markers left: choose which of your picks get one.",
    },
    "ja": {
        "tip.select": "マーカー3個：散らすか旗で1つに集中するか。その地域で最も弱い人だけが0点。",
        "tip.place_short": "マーカーが3個未満：選んだ地域のどれに置くかを決める。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
