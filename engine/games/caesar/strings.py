"""Caesar texts, English and Japanese. `wrong_phase` keeps its own wording; `not_your_turn`,
worded the same in the core catalogue, stays because tests/test_caesar.py checks that this
catalogue covers every refusal code the game raises."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.caesar.learn import LEARN

_OWN: Catalog = {
    "en": {
        "name": "Caesar",
        "summary": "Merge your clients into stacks on a 5×5 board and win card duels.",
        "rules": (
            "2–5 players, 5 counters each, cards 1–9 and a flag each. Placement: 5 rounds, "
            "each player puts one counter on an empty square; the empty squares then get a "
            "neutral counter (all 25 filled). Main phase, in turn: ally, attack or pass.\n"
            "Squares are in line when they share a row or column with only empty squares "
            "between. A stack is owned by the colour on top; its size counts every counter.\n"
            "Ally: move your whole stack onto your own or a neutral stack in line.\n"
            "Attack: pick your stack and another player's stack in line; both choose a card "
            "secretly and reveal. A flag cancels the fight. Otherwise size + card: the higher "
            "total puts its stack on top of the loser's (also when the defender wins); equal "
            "totals remove both stacks from the game. Cards are used once.\n"
            "Pass only when you cannot attack. A player who owns no stack is out.\n"
            "The game ends when a fighter has used all 10 cards, when one player is left, or "
            "after a full round of passes. Most counters in owned stacks wins; ties share."
        ),
        "square": "{square}",
        "choice.attack": "Attack {from} ({from_size}) → {to} ({to_size})",
        "choice.ally": "Ally {from} ({from_size}) → {to} ({to_size})",
        "choice.pass": "Pass",
        "card": "{card}",
        "card.flag": "Flag",
        "field.square": "Empty square",
        "field.action": "Your move (stack sizes in brackets)",
        "field.card": "Fight card",
        "prompt.place": "Placement round {round}/{rounds}: {seat}, put a counter on an empty square.",
        "prompt.turn": (
            "{seat}: attack another player's stack in line, or ally (move your stack onto "
            "your own or a neutral stack in line)."
        ),
        "prompt.turn_no_attack": (
            "{seat}: nobody to attack. Ally (move your stack onto your own or a neutral "
            "stack in line) or pass."
        ),
        "prompt.fight_card": (
            "Fight {from} → {to}: {seat_attacker} (size {attacker_size}) against "
            "{seat_defender} (size {defender_size}). Choose your card secretly."
        ),
        "event.placed": "{seat} places a counter on {square}.",
        "event.neutrals": "{count:neutral counter fills|neutral counters fill} the empty squares.",
        "event.main_started": "Placement done. {seat} starts the main phase.",
        "event.allied": "{seat} allies: the stack on {from} moves onto {to} (now a stack of {size}).",
        "event.attacked": (
            "{seat} attacks {seat_defender}: {from} ({attacker_size}) → {to} ({defender_size})."
        ),
        "event.card_chosen": "{seat} has chosen a card.",
        "event.card_forced": "{seat} has one card left: it is played face down.",
        "event.fight_flag": "{seat} shows the flag against {seat_other}'s {card}: no effect.",
        "event.fight_flag_both": "{seat_attacker} and {seat_defender} both show the flag: no effect.",
        "event.fight_won": (
            "{seat} ({winner_card}, total {winner_total}) beats {seat_loser} ({loser_card}, "
            "total {loser_total}): stack of {size} on {square}."
        ),
        "event.fight_tie": (
            "{seat_attacker} ({attacker_card}) and {seat_defender} ({defender_card}) tie at "
            "{total}: both stacks ({removed} counters) leave the game."
        ),
        "event.eliminated": "{seat} owns no stack and is out.",
        "event.passed": "{seat} passes.",
        "event.auto_passed": "{seat} has no move and passes.",
        "event.game_over": "Game over. Winner: {seats}.",
        "end.cards": "A fighter has used all ten cards.",
        "end.last_player": "At most one player is left.",
        "end.passes": "Every player passed in turn.",
        "end.frozen": "Nobody can attack or ally any more.",
        "private.hand": "Your cards ({count}): {cards}",
        "term.flag": "flag",
        "private.fight_card": "Your fight card: {card}",
        "private.fight_flag": "Your fight card: the flag",
        "private.no_card": "Choose your fight card.",
        "error.wrong_phase": "That is not possible at this point of the game.",
        "error.not_your_turn": "It is not your turn.",
        "error.bad_square": "Name squares a1–e5 (column a–e, row 1–5).",
        "error.occupied": "That square is already occupied.",
        "error.not_your_group": "The first square must hold a stack you own.",
        "error.bad_target": "That target stack is not allowed for this move.",
        "error.not_in_line": "The two squares must be different and share a row or column.",
        "error.blocked": "Another stack stands between the two squares.",
        "error.not_a_fighter": "You are not part of this fight.",
        "error.already_submitted": "You have already chosen your card.",
        "error.card_not_in_hand": "That card is not in your hand.",
        "error.fight_available": "You cannot pass while you can attack.",
        "board.title": "Caesar",
        "board.placement": "Placement round {round}/5 · {player} places a counter",
        "board.fight": "Fight: {attacker} {source} attacks {defender} {target} · cards chosen in secret",
        "board.end.cards": "a fighter used all 10 cards",
        "board.end.last_player": "one player left",
        "board.end.passes": "everyone passed",
        "board.end.frozen": "no move left",
        "board.and": " & ",
        "board.nobody": "nobody",
        "board.over": "Game over ({reason}) · winner: {winners}",
        "board.to_move": "{player} to move: ally, attack or pass",
        "board.neutral_mark": "N",
        "board.final_counters": "Final counters",
        "board.players": "Players",
        "board.counters": "{count:counter|counters}",
        "board.cards_left": "{count:card|cards} left",
        "board.out": "out",
        "board.winner": "winner",
        "board.card_chosen": "card chosen",
        "board.choosing": "choosing a card",
        "board.your_move": "to move",
        "board.last_fight": "Last fight",
        "board.wins": "{letter} wins",
        "board.result.flag": "flag: no effect",
        "board.result.tie": "tie: both stacks removed",
        "board.flag": "flag",
        "board.last.place": "Last move: {player} placed a counter on {square}",
        "board.last.ally": "Last move: {player} allied {source} → {target}",
        "board.last.attack": "Last move: {player} attacked {target} from {source}",
        "board.last.pass": "Last move: {player} passed",
        "board.neutral_legend": "{mark} = neutral counter (nobody's): a stack topped by one belongs to no player",
    },
    "ja": {
        "name": "カエサル",
        "summary": "5×5の盤で応援民を積み重ねて集団を作り、カードの闘争で勝ち抜きます。",
        "rules": (
            "2〜5人。各自カウンター5個と、1〜9の数字カード＋旗印カードの計10枚。配置：5ラウンド、"
            "各自順に空きマスへカウンターを1個置きます。その後、空きマスはすべて中立カウンターで"
            "埋まります（25マス全部）。メインフェイズは手番順に、同盟・闘争・パスのいずれか1つ。\n"
            "同じ縦列か横列にあり、間が空きマスだけなら「一直線上」です。集団の持ち主は一番上の"
            "カウンターの色、大きさは色を問わないカウンター数です。\n"
            "同盟：自分の集団を丸ごと、一直線上の自分または中立の集団の上に移動します。\n"
            "闘争：自分の集団と一直線上の他プレイヤーの集団を選び、両者が秘密裏にカードを1枚選んで"
            "同時に公開。旗印が出れば効果なし。それ以外は大きさ＋カードの合計が高い方が勝ち、"
            "負けた集団の上に自分の集団を重ねます（防御側が勝った場合も同様）。同点なら両集団とも"
            "ゲームから除外。カードは1回しか使えません。\n"
            "パスは闘争ができないときだけ可能。集団を1つも持たないプレイヤーは脱落します。\n"
            "闘争した誰かが10枚すべてを使い切る、残りが1人以下になる、または全員が続けてパスすると"
            "終了。自分の集団のカウンター合計が最多のプレイヤーが勝ち、同点は勝利を分け合います。"
        ),
        "square": "{square}",
        "choice.attack": "闘争 {from}（{from_size}）→ {to}（{to_size}）",
        "choice.ally": "同盟 {from}（{from_size}）→ {to}（{to_size}）",
        "choice.pass": "パス",
        "card": "{card}",
        "card.flag": "旗印",
        "field.square": "空きマス",
        "field.action": "行動（括弧内は集団の大きさ）",
        "field.card": "闘争カード",
        "prompt.place": "配置ラウンド{round}/{rounds}：{seat}、空きマスにカウンターを置いてください。",
        "prompt.turn": (
            "{seat}の手番：一直線上の他プレイヤーの集団に闘争を仕掛けるか、同盟（自分の集団を"
            "一直線上の自分または中立の集団に重ねる）を行ってください。"
        ),
        "prompt.turn_no_attack": (
            "{seat}の手番：闘争できる相手がいません。同盟（自分の集団を一直線上の自分または"
            "中立の集団に重ねる）を行うか、パスしてください。"
        ),
        "prompt.fight_card": (
            "闘争 {from} → {to}：{seat_attacker}（大きさ{attacker_size}）対 "
            "{seat_defender}（大きさ{defender_size}）。カードを秘密裏に選んでください。"
        ),
        "event.placed": "{seat}が{square}にカウンターを置きました。",
        "event.neutrals": "空きマス{count}か所に中立カウンターが置かれました。",
        "event.main_started": "配置終了。{seat}からメインフェイズを始めます。",
        "event.allied": "{seat}が同盟：{from}の集団を{to}に重ねました（大きさ{size}の集団）。",
        "event.attacked": (
            "{seat}が{seat_defender}に闘争を仕掛けました：{from}（{attacker_size}）→ "
            "{to}（{defender_size}）。"
        ),
        "event.card_chosen": "{seat}がカードを選びました。",
        "event.card_forced": "{seat}の手札は残り1枚なので、そのカードが伏せて出されました。",
        "event.fight_flag": "{seat}が旗印を出しました（{seat_other}は{card}）。闘争は効果なし。",
        "event.fight_flag_both": "{seat_attacker}と{seat_defender}が両方とも旗印。闘争は効果なし。",
        "event.fight_won": (
            "{seat}（{winner_card}、合計{winner_total}）が{seat_loser}（{loser_card}、"
            "合計{loser_total}）に勝利：{square}に大きさ{size}の集団。"
        ),
        "event.fight_tie": (
            "{seat_attacker}（{attacker_card}）と{seat_defender}（{defender_card}）は合計"
            "{total}で同点：両集団（カウンター{removed}個）がゲームから除外されました。"
        ),
        "event.eliminated": "{seat}は集団を失い、脱落しました。",
        "event.passed": "{seat}がパスしました。",
        "event.auto_passed": "{seat}は行動できないため、自動的にパスしました。",
        "event.game_over": "ゲーム終了。勝者：{seats}",
        "end.cards": "闘争したプレイヤーがカード10枚をすべて使い切りました。",
        "end.last_player": "残ったプレイヤーが1人以下になりました。",
        "end.passes": "全員が続けてパスしました。",
        "end.frozen": "誰も闘争も同盟もできなくなりました。",
        "private.hand": "あなたの手札（{count}枚）：{cards}",
        "term.flag": "旗印",
        "private.fight_card": "あなたの闘争カード：{card}",
        "private.fight_flag": "あなたの闘争カード：旗印",
        "private.no_card": "闘争カードを選んでください。",
        "error.wrong_phase": "今はその行動はできません。",
        "error.not_your_turn": "あなたの手番ではありません。",
        "error.bad_square": "マスはa1〜e5（列a〜e、行1〜5）で指定してください。",
        "error.occupied": "そのマスにはすでにカウンターがあります。",
        "error.not_your_group": "最初のマスは自分の集団でなければなりません。",
        "error.bad_target": "その集団はこの行動の対象にできません。",
        "error.not_in_line": "2つのマスは別々で、同じ縦列か横列になければなりません。",
        "error.blocked": "2つのマスの間に別の集団があります。",
        "error.not_a_fighter": "あなたはこの闘争の当事者ではありません。",
        "error.already_submitted": "すでにカードを選んでいます。",
        "error.card_not_in_hand": "そのカードは手札にありません。",
        "error.fight_available": "闘争できる相手がいる間はパスできません。",
        "board.title": "カエサル",
        "board.placement": "配置ラウンド{round}/5 · {player}がカウンターを配置",
        "board.fight": "闘争：{attacker} {source} → {defender} {target} · カードを秘密裏に選択中",
        "board.end.cards": "カード10枚を使い切り",
        "board.end.last_player": "残り1人",
        "board.end.passes": "全員パス",
        "board.end.frozen": "行動不能",
        "board.and": "、",
        "board.nobody": "なし",
        "board.over": "ゲーム終了（{reason}）· 勝者：{winners}",
        "board.to_move": "{player}の手番：同盟・闘争・パス",
        "board.neutral_mark": "中",
        "board.final_counters": "最終カウンター数",
        "board.players": "プレイヤー",
        "board.counters": "カウンター{count}個",
        "board.cards_left": "残りカード{count}枚",
        "board.out": "脱落",
        "board.winner": "勝者",
        "board.card_chosen": "カード選択済み",
        "board.choosing": "カード選択中",
        "board.your_move": "手番",
        "board.last_fight": "直前の闘争",
        "board.wins": "{letter}の勝ち",
        "board.result.flag": "旗印：効果なし",
        "board.result.tie": "同点：両集団を除外",
        "board.flag": "旗印",
        "board.last.place": "直前の手：{player}が{square}にカウンターを配置",
        "board.last.ally": "直前の手：{player}が同盟 {source} → {target}",
        "board.last.attack": "直前の手：{player}が{source}から{target}を攻撃",
        "board.last.pass": "直前の手：{player}がパス",
        "board.neutral_legend": "{mark} = 中立カウンター（誰のものでもない）：一番上が中立の集団はどのプレイヤーのものでもない",
    },
}

STRINGS: Catalog = merge_catalogs(_OWN, LEARN)
