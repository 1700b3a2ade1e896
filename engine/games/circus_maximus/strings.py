"""Every player-facing text of Circus Maximus, in English and Japanese."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.circus_maximus.learn import LEARN

_DIRECTIONS_EN = {
    "E": "→ right",
    "W": "← left",
    "NE": "↗ up-right",
    "NW": "↖ up-left",
    "SE": "↘ down-right",
    "SW": "↙ down-left",
}
_DIRECTIONS_JA = {
    "E": "→ 右",
    "W": "← 左",
    "NE": "↗ 右上",
    "NW": "↖ 左上",
    "SE": "↘ 右下",
    "SW": "↙ 左下",
}

_EN = {
    "name": "Circus Maximus",
    "summary": "Chariot race: split five movement cards over your three chariots, drive a lap "
    "and bring all three into the finish first.",
    "rules": (
        "2–5 players, three chariots each. First the chariots are placed on the 15 numbered start "
        "cells in snake order (1→n, n→1, 1→n). Each round every player has cards 1–5 and gives "
        "each of their racing chariots 1–3 of them; leaders move first (the board lists the "
        "order). A card moves its chariot exactly its value in one straight line (6 hex "
        "directions) through empty cells only; you may drive backwards, but that undoes "
        "progress. Instead of moving you may burn a card (it counts, no move). Keep at least one "
        "card for each of your chariots still to move. The race runs clockwise: top straight "
        "rightwards, right turn, bottom straight leftwards, left turn. After a full lap a chariot "
        "may enter a finish cell in the middle, only from above (moving ↘ or ↙); it stops there "
        "for good. The first player with all three chariots in wins. A race still running "
        "after round 30 is called: the most chariots in, then the fewest steps left, wins.\n"
        "How to play here: pick a card, then an arrow — the board marks where each arrow "
        "leads — or burn the card, or go back; End turn once the chariot has had enough.\n"
        "Variants — straight_line: within one turn every move continues in the direction of the "
        "previous move, unless a card was burned after it (that burn pays for the turn). "
        "six_cards: cards 1–6. exactly_two (needs six_cards): every chariot gets exactly two "
        "cards (one if it finishes with the first). continue_for_placings: after the winner the "
        "race goes on for the next places until the finish cells are full."
    ),
    "option.straight_line": "Moves continue in a straight line; a burned card pays for a turn",
    "option.six_cards": "Movement cards 1–6 instead of 1–5",
    "option.exactly_two": "Each chariot gets exactly two cards (needs six_cards)",
    "option.continue_for_placings": "Race on after the winner for the next places",
    "move.place": "Place a chariot",
    "move.card": "Choose a card",
    "move.drive": "Drive",
    "field.cell": "Start cell",
    "field.card": "Card",
    "field.to": "Direction",
    "choice.start": "Start {n}",
    "choice.card": "Card {card}",
    "choice.end": "End turn",
    "choice.burn": "Burn {card} (no move)",
    "choice.back": "Other card",
    **{f"dir.{name}": text for name, text in _DIRECTIONS_EN.items()},
    **{f"dir_finish.{name}": f"{text} 🏁" for name, text in _DIRECTIONS_EN.items()},
    "prompt.place": "{seat}: place chariot {chariot} on a free start cell (numbers on the board).",
    "prompt.card_first": "{seat}: chariot {chariot} moves — choose a card (you have {cards}).",
    "prompt.card_more": "{seat}: chariot {chariot} — another card (you have {cards}), or end "
    "its turn.",
    "prompt.card_second": "{seat}: chariot {chariot} — choose its second card (you have {cards}).",
    "prompt.drive": "{seat}: chariot {chariot} with card {card} — choose an arrow (marked on the "
    "board), burn the card, or choose another card.",
    "prompt.drive_straight": "{seat}: chariot {chariot} with card {card} — straight on {arrow} "
    "only (burn a card to change direction), or choose another card.",
    "event.placed": "{seat} places chariot {chariot} on start {n}.",
    "event.moved": "{seat}'s chariot {chariot} drives {card} {arrow}.",
    "event.finished": "{seat}'s chariot {chariot} drives {arrow} into the finish!",
    "event.burned": "{seat} burns card {card} for chariot {chariot} (no move).",
    "event.lap": "{seat}'s chariot {chariot} has completed its lap: the finish is open to it.",
    "event.round_started": "Round {round} begins: all cards are face up again.",
    "event.team_complete": "{seat} has all three chariots in — place {place}!",
    "event.race_called": "Round {round} is over and the race is called.",
    "event.game_over": "Game over: the race is decided. Winner: {seats}.",
    "reason.called": "The race was called after round {round}: most chariots in, then fewest "
    "steps left.",
    "error.bad_seat_count": "Circus Maximus is for 2 to 5 players.",
    "error.exactly_two_needs_six_cards": "exactly_two needs six_cards: with five cards three "
    "chariots cannot get two each.",
    "error.not_a_player": "You are not a player in this game.",
    "error.unknown_move": "Unknown move.",
    "error.game_over": "The race is over.",
    "error.wrong_phase": "That is not asked now.",
    "error.not_a_start_cell": "Choose one of the numbered start cells.",
    "error.cell_occupied": "Start {n} is already taken.",
    "error.choose_direction": "A card is chosen: choose a direction, burn it, or choose another card.",
    "error.choose_card": "Choose a card first.",
    "error.end_too_early": "This chariot must get at least one card.",
    "error.two_cards_needed": "With exactly_two every chariot gets two cards.",
    "error.card_not_available": "That card is not among your face-up cards.",
    "error.bad_direction": "Choose one of the six directions.",
    "error.no_more_backs": "A chariot's turn may change its card {count} times; drive or burn it.",
    "error.must_go_straight": "Straight line: keep going {arrow}, or burn a card first to turn.",
    "error.off_track": "That move leaves the track.",
    "error.path_blocked": "Another chariot is in the way.",
    "error.finish_closed": "A finish cell can only be entered from above (↘ or ↙).",
    "error.lap_not_complete": "This chariot has not completed its lap yet.",
    "board.title": "Circus Maximus",
    "board.round": "Round {round} (of max. {limit})",
    "board.placing": "Placement: {player} places chariot {chariot}",
    "board.moving": "{player}: chariot {chariot} to move",
    "board.choose_arrow": "card {card}: choose an arrow",
    "board.over": "Race over",
    "board.called": "Race called after round {round}",
    "board.order": "Order",
    "board.moved_all": "all moved",
    "board.cards": "cards",
    "board.chariots_in": "{count}/3 in",
    "board.place": "place {place}",
    "board.finish": "FINISH",
    "board.start": "START",
    "board.lap_mark": "lap ✓",
    "board.rules": "Rules: {rules}",
    "board.rule.straight_line": "straight line",
    "board.rule.six_cards": "cards 1–6",
    "board.rule.exactly_two": "exactly two cards",
    "board.rule.continue_for_placings": "race for places",
    "board.list_separator": ", ",
    "board.race_direction": "clockwise: → on top, ← below",
}

_JA = {
    "name": "大競技場",
    "summary": "戦車競走：5枚の走行カードを3台の戦車に割り振り、1周してから3台ともゴールに"
    "入れた人の勝ちです。",
    "rules": (
        "2〜5人用、各自戦車3台。まず番号付きの15の開始位置に戦車をスネーク順"
        "（1→n、n→1、1→n）で置きます。毎ラウンド各自1〜5のカードを持ち、走っている自分の"
        "戦車それぞれに1〜3枚を割り振ります。前を行く戦車から移動します（順番は盤面に表示）。"
        "カード1枚で戦車はちょうどその数だけ、6方向のどれかへ一直線に、空いているマスだけを"
        "通って進みます。逆走もできますが、進んだ分は戻ります。動かずにカードを1枚伏せる"
        "こともできます（その戦車のカードとして数えます）。まだ動いていない自分の戦車1台に"
        "つき少なくとも1枚は残してください。競走は時計回り：上の直線を右へ、右の曲がり角、"
        "下の直線を左へ、左の曲がり角。1周した戦車は中央のゴール位置に上からだけ（↘か↙で）"
        "入れ、そこで止まります。最初に3台ともゴールに入れた人の勝ち。第30ラウンドを"
        "終えても決着しない場合はレースを打ち切り、ゴールした戦車の多い人、次に残り歩数の"
        "少ない人の勝ちです。\n"
        "操作：カードを選び、次に矢印を選びます（各矢印の行き先は盤面に表示）。カードを伏せる"
        "ことも、別のカードを選び直すこともできます。十分に動いたら「手番終了」。\n"
        "バリアント — straight_line：1手番の中で、移動は直前の移動と同じ方向に続けなければ"
        "なりません。方向を変えるにはその前にカードを1枚伏せます。six_cards：カードは1〜6。"
        "exactly_two（six_cardsが必要）：各戦車にちょうど2枚（1枚目でゴールしたら1枚）。"
        "continue_for_placings：勝者が決まっても、ゴールが埋まるまで順位を争って続けます。"
    ),
    "option.straight_line": "移動は一直線に続ける（向きを変えるにはカードを1枚伏せる）",
    "option.six_cards": "走行カードを1〜5ではなく1〜6にする",
    "option.exactly_two": "各戦車にちょうど2枚のカード（six_cardsが必要）",
    "option.continue_for_placings": "勝者が決まった後も順位を争って続ける",
    "move.place": "戦車を置く",
    "move.card": "カードを選ぶ",
    "move.drive": "走る",
    "field.cell": "開始位置",
    "field.card": "カード",
    "field.to": "方向",
    "choice.start": "開始{n}",
    "choice.card": "カード{card}",
    "choice.end": "手番終了",
    "choice.burn": "{card}を伏せる（動かない）",
    "choice.back": "別のカード",
    **{f"dir.{name}": text for name, text in _DIRECTIONS_JA.items()},
    **{f"dir_finish.{name}": f"{text} 🏁" for name, text in _DIRECTIONS_JA.items()},
    "prompt.place": "{seat}：戦車{chariot}を空いている開始位置に置いてください（番号は盤面）。",
    "prompt.card_first": "{seat}：戦車{chariot}の番です。カードを選んでください（手元：{cards}）。",
    "prompt.card_more": "{seat}：戦車{chariot}にもう1枚（手元：{cards}）か、手番終了を選んで"
    "ください。",
    "prompt.card_second": "{seat}：戦車{chariot}の2枚目のカードを選んでください（手元：{cards}）。",
    "prompt.drive": "{seat}：戦車{chariot}、カード{card}。矢印（行き先は盤面）を選ぶか、"
    "カードを伏せるか、別のカードを選んでください。",
    "prompt.drive_straight": "{seat}：戦車{chariot}、カード{card}。まっすぐ{arrow}のみです"
    "（向きを変えるにはカードを伏せる）。別のカードも選べます。",
    "event.placed": "{seat}が戦車{chariot}を開始{n}に置きました。",
    "event.moved": "{seat}の戦車{chariot}が{arrow}へ{card}マス進みました。",
    "event.finished": "{seat}の戦車{chariot}が{arrow}へ進んでゴールに入りました！",
    "event.burned": "{seat}が戦車{chariot}のためにカード{card}を伏せました（移動なし）。",
    "event.lap": "{seat}の戦車{chariot}が1周しました。ゴールに入れます。",
    "event.round_started": "第{round}ラウンド開始：カードはすべて表に戻ります。",
    "event.team_complete": "{seat}の戦車3台がすべてゴール — {place}位！",
    "event.race_called": "第{round}ラウンドが終わり、レースは打ち切りです。",
    "event.game_over": "ゲーム終了：レースの決着がつきました。勝者：{seats}",
    "reason.called": "第{round}ラウンドでレースを打ち切りました：ゴールした戦車の数、次に残り"
    "歩数で順位を決めます。",
    "error.bad_seat_count": "大競技場は2〜5人用です。",
    "error.exactly_two_needs_six_cards": "exactly_two には six_cards が必要です。5枚では3台に"
    "2枚ずつ割り振れません。",
    "error.not_a_player": "あなたはこのゲームのプレイヤーではありません。",
    "error.unknown_move": "不明な操作です。",
    "error.game_over": "レースは終了しています。",
    "error.wrong_phase": "今はその操作はできません。",
    "error.not_a_start_cell": "番号付きの開始位置を選んでください。",
    "error.cell_occupied": "開始{n}には既に戦車があります。",
    "error.choose_direction": "カードは選択済みです。方向を選ぶか、伏せるか、別のカードを"
    "選んでください。",
    "error.choose_card": "先にカードを選んでください。",
    "error.end_too_early": "この戦車には少なくとも1枚のカードが必要です。",
    "error.two_cards_needed": "exactly_two では各戦車にカードを2枚割り振ります。",
    "error.card_not_available": "そのカードは表向きの手元にありません。",
    "error.bad_direction": "6方向のどれかを選んでください。",
    "error.no_more_backs": "1台の手番でカードを選び直せるのは{count}回までです。進むか捨ててください。",
    "error.must_go_straight": "一直線ルール：{arrow}へ進み続けるか、先にカードを伏せて向きを"
    "変えてください。",
    "error.off_track": "その移動は競走路をはみ出します。",
    "error.path_blocked": "途中に他の戦車がいます。",
    "error.finish_closed": "ゴールには上からだけ（↘か↙で）入れます。",
    "error.lap_not_complete": "この戦車はまだ1周していません。",
    "board.title": "大競技場",
    "board.round": "第{round}ラウンド（最大{limit}）",
    "board.placing": "配置：{player}が戦車{chariot}を置く",
    "board.moving": "{player}：戦車{chariot}の番",
    "board.choose_arrow": "カード{card}：矢印を選ぶ",
    "board.over": "レース終了",
    "board.called": "第{round}ラウンドで打ち切り",
    "board.order": "順番",
    "board.moved_all": "全車移動済み",
    "board.cards": "カード",
    "board.chariots_in": "ゴール{count}/3",
    "board.place": "{place}位",
    "board.finish": "ゴール",
    "board.start": "スタート",
    "board.lap_mark": "周回済",
    "board.rules": "ルール：{rules}",
    "board.rule.straight_line": "一直線",
    "board.rule.six_cards": "カード1〜6",
    "board.rule.exactly_two": "ちょうど2枚",
    "board.rule.continue_for_placings": "順位決定戦",
    "board.list_separator": "、",
    "board.race_direction": "時計回り：上は→、下は←",
}

STRINGS: Catalog = merge_catalogs({"en": _EN, "ja": _JA}, LEARN)
