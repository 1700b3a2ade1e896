"""Prokonsul's texts for learning it, written from rules/prokonsul.md in our own words: what
each card does (`card.*`), the rules by section (`rules.*`) and a tip per kind of decision
(`tip.<move>`)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARD_IDS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "12")

CARDS: Catalog = {
    "en": {
        "board_text.holds": "{seat} holds {cards}",
        "board_text.card": "{value} ({seat_owner}'s)",
        "board_text.legend": (
            "Board: the circled number is a province's value; +{bonus} on a road: governing both "
            "linked provinces pays {bonus} more; a token beside a value is a candidate, one with "
            "a value after it the governor; a small token on a card: whose card it was."
        ),
        "card.number.name": "Influence {value}",
        "card.number.text": (
            "Influence {value}: choose it secretly each round. Revealed, it lies before you; a "
            "player whose cards reach a strict majority of all revealed values wins the round's "
            "province. Collect others' cards by offering them chips. Back in hand after 10 rounds."
        ),
        "card.number.short": "Secret pick: its value counts toward a majority for this province.",
    },
    "ja": {
        "board_text.holds": "{seat}の前：{cards}",
        "board_text.card": "{value}（{seat_owner}のカード）",
        "board_text.legend": (
            "盤面：丸の数字は属州の価値。道の+{bonus}：つながった両方の属州の総督になると{bonus}多く"
            "受け取る。価値の横の駒は候補者、数字が添えられた駒は総督。カードの小さな駒は元の持ち主。"
        ),
        "card.number.name": "影響力{value}",
        "card.number.text": (
            "影響力{value}：毎ラウンド秘密に1枚選ぶ。公開されると自分の前に置かれ、公開された値の合計の"
            "過半数に達した人がその属州を取る。チップを申し出て他の人のカードを集める。"
            "10ラウンドごとに手札に戻る。"
        ),
        "card.number.short": "秘密に選ぶ：この属州の過半数に向けて値が数えられる。",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "3-5 players each have influence cards 1-9 and 12, five counters and 20 secret chips. The black pawn starts on a random province; the tie-break track is random.",
        "rules.turn": "Each round everyone chooses a card in secret; cards are revealed. Whoever's cards reach a strict majority of the total wins the round: petition others by offering chips for all the cards in front of them (they may say no).",
        "rules.scoring": "The round's winner puts a counter on the pawn's province as candidate; winning there again makes them governor, paid the province's value in chips (+5 for each linked province they also govern). The winner then moves the pawn.",
        "rules.end": "The game ends when every province has a governor. Most chips wins.",
        "rules.variants": "Two-way lobbying (counter-offers), free negotiation (coalitions), short game (cards 1-7).",
    },
    "ja": {
        "rules.setup": "3〜5人が影響力カード1〜9と12、カウンター5個、秘密のチップ20枚を持つ。黒い駒はランダムな属州から、タイブレークの順もランダム。",
        "rules.turn": "毎ラウンド全員が秘密に1枚選び公開する。前のカードが合計の過半数に達した人がラウンドの勝者。チップを申し出て他の人の前のカードすべてを求める（断ることもできる）。",
        "rules.scoring": "勝者は駒の属州に候補者のカウンターを置く。そこでもう一度勝つと総督になり属州の価値のチップを受け取る（つながった属州も治めていれば+5）。勝者は駒を動かす。",
        "rules.end": "すべての属州に総督がいると終わり。チップが最も多い人が勝つ。",
        "rules.variants": "双方向の交渉（逆提案）、自由交渉（連合）、短いゲーム（カード1〜7）。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.select": "A high card may win alone, but you get it back only after ten rounds.",
        "tip.offer": "Offer chips for all of a player's cards before you; the total you need is a strict majority.",
        "tip.answer": "Accept the chips and give up your cards, or refuse and keep them for a better offer.",
        "tip.move_pawn": "Move the pawn to a province where your candidate can become governor.",
        "tip.propose": "Propose a coalition: who joins and which chips change hands.",
        "tip.respond": "Accept or counter the offer with the amount you want.",
        "tip.vote": "Vote for the coalition proposal you prefer.",
        "tip.no_decision": "Nobody reached a majority: the fallback rule decides this round.",
    },
    "ja": {
        "tip.select": "大きいカードは単独で勝てるが、戻るのは10ラウンド後。",
        "tip.offer": "前のカードすべてにチップを申し出る。必要なのは合計の過半数。",
        "tip.answer": "チップを受け取ってカードを渡すか、断ってよい申し出を待つ。",
        "tip.move_pawn": "自分の候補者が総督になれる属州へ駒を動かす。",
        "tip.propose": "連合を提案：誰が加わり、チップがどう動くか。",
        "tip.respond": "申し出を受けるか、望む額で逆提案する。",
        "tip.vote": "よいと思う連合の提案に投票する。",
        "tip.no_decision": "過半数に届かなかった：代わりの規則でこのラウンドが決まる。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
