"""Senator's texts in English and Japanese. `error.not_your_turn` is the core's; Senator keeps
its own wording of `wrong_phase` and `bad_seat_count`, which differs from the core's."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.senator.learn import LEARN

_OWN: Catalog = {
    "en": {
        "name": "Senator",
        "summary": "Push your family's members up the stairs into the senate.",
        "rules": (
            "2 players (Red and Blue, cards 1–10 each) or 3 players (cards 1–7 each). The "
            "board is 5×5 without corners: the middle 3×3 is the senate, the 12 outer squares "
            "are stairs. With 2 players the non-start player first puts the flag on any "
            "square. Then in turn each player pushes one card in at one of the 20 entries "
            "(each row and column, from either end): the cards next to it move one step along "
            "the line up to the first gap; a full line cannot be pushed. The flag moves like a "
            "card. When the board is full, each player scores the values of their cards in the "
            "senate; the higher total wins, equal totals draw.\n"
            "Variant flag_effect (2 players): cards in the flag's row/column (or only next to "
            "it with flag_scope=adjacent) count double in the senate (double), also score on "
            "the stairs (stairs), both (double_and_stairs), or score nothing (neutralize).\n"
            "Variant hidden: hands are secret, the flag and all cards go on the board face "
            "down and nobody may look until the end; only who pushed where is public."
        ),
        "option.flag_effect": (
            "Flag effect (2 players): none, double, stairs, double_and_stairs, neutralize"
        ),
        "option.flag_scope": "Reach of the flag: its whole row and column, or adjacent only",
        "option.hidden": "Hidden game: secret hands, all cards face down",
        "card": "{value}",
        "entry.down": "↓ column {line} (in at {square})",
        "entry.up": "↑ column {line} (in at {square})",
        "entry.right": "→ row {line} (in at {square})",
        "entry.left": "← row {line} (in at {square})",
        "square.senate": "{square} (senate)",
        "square.stairs": "{square} (stairs)",
        "field.square": "Square for the flag",
        "field.card": "Card to push",
        "field.entry": "Where to push it in",
        "prompt.place_flag": "{seat}: place the flag on any square.",
        "prompt.push": "Push {number}/{total}: {seat}, push one of your cards onto the board.",
        "event.flag_placed": "{seat} places the flag on {square}.",
        "event.pushed": "{seat} pushes {card} in at {square} ({arrow}).",
        "event.pushed_hidden": "{seat} pushes a face-down card in at {square} ({arrow}).",
        "event.pushed_own": "You pushed your {card} in at {square} ({arrow}).",
        "event.revealed": "All cards are turned face up.",
        "event.game_over": "Game over. Scores: {scores}. Winner: {seats}.",
        "private.hand": "Your cards: {cards}",
        "private.no_cards": "You have no cards left.",
        "error.wrong_phase": "That is not possible now.",
        "error.card_not_in_hand": "You do not have that card.",
        "error.bad_entry": "Unknown entry point.",
        "error.line_full": "That line is full: nothing can be pushed into it.",
        "error.bad_square": "That is not a square of the board.",
        "error.bad_seat_count": "Senator is for 2 or 3 players.",
        "error.flag_needs_two_players": "Flag effects are only for 2 players.",
        "board.title": "Senator",
        "board.hidden_game": "hidden game",
        "board.places_flag": "{player} places the flag",
        "board.push": "Push {number} of {total}: {player} to move",
        "board.over_winner": "Game over: {player} wins ({result})",
        "board.over_shared": "Game over: draw ({result})",
        "board.flag": "flag",
        "board.starts": "  (starts)",
        "board.senate_score": "Senate: {score}",
        "board.points": "Points: {score}",
        "board.secret_hand": "{count:card|cards} in hand (secret)",
        "board.no_cards": "no cards left",
        "board.face_down": "a face-down card",
        "board.card": "card {value}",
        "board.last_push": "Last push:",
        "board.entry.down": "in at {square}, down column {line} (red arrow)",
        "board.entry.up": "in at {square}, up column {line} (red arrow)",
        "board.entry.right": "in at {square}, right along row {line} (red arrow)",
        "board.entry.left": "in at {square}, left along row {line} (red arrow)",
        "board.flag_placed": "Flag placed on {square}",
        "board.no_flag": "No flag (3 players)",
        "board.reach.line": "row & column",
        "board.reach.adjacent": "neighbouring squares",
        "board.flag_effect": "Flag: {effect}",
        "board.effect.none": "no effect",
        "board.effect.double": "senate cards in its {reach} count double",
        "board.effect.stairs": "stair cards in its {reach} also score",
        "board.effect.double_and_stairs": "in its {reach}, senate cards count double and stair cards score",
        "board.effect.neutralize": "cards in its {reach} score nothing",
        "board.yellow_frames": " (yellow frames)",
        "board.pushed": "{player}: {card}",
    },
    "ja": {
        "name": "元老院議員（セナトール）",
        "summary": "一族のカードを階段から押し込み、元老院の中央を支配しましょう。",
        "rules": (
            "2人（赤と青、各1〜10のカード）または3人（各1〜7）。盤は角を除いた5×5で、中央の3×3が"
            "元老院、外周の12マスが階段です。2人戦では、スタートプレイヤーでない方が最初に旗印カードを"
            "好きなマスに置きます。その後、手番順に自分のカードを1枚、20か所の入口（各列・各行の"
            "両端）のどれかから押し込みます。先にあるカードは最初の空きマスまで1マスずつずれます。"
            "埋まった列には押し込めません。旗印もカードと同じように押されます。盤が埋まったら、"
            "元老院の中にある自分のカードの数字を合計し、多い方の勝ち。同点は引き分けです。\n"
            "バリアント flag_effect（2人戦）：旗印と同じ縦横の列（flag_scope=adjacent なら"
            "隣接マスのみ）のカードは、元老院で2倍（double）、階段でも得点（stairs）、その両方"
            "（double_and_stairs）、または得点なし（neutralize）。\n"
            "バリアント hidden（隠匿ゲーム）：手札は秘密、旗印もカードもすべて裏向きで置き、"
            "終了まで誰も見られません。公開されるのは誰がどこから押したかだけです。"
        ),
        "option.flag_effect": (
            "旗印の効果（2人戦）：none, double, stairs, double_and_stairs, neutralize"
        ),
        "option.flag_scope": "旗印の効果範囲：同じ縦横の列全体（line）か隣接マスのみ（adjacent）",
        "option.hidden": "隠匿ゲーム：手札は秘密、カードはすべて裏向き",
        "card": "{value}",
        "entry.down": "↓ {line}列（{square}から）",
        "entry.up": "↑ {line}列（{square}から）",
        "entry.right": "→ {line}行（{square}から）",
        "entry.left": "← {line}行（{square}から）",
        "square.senate": "{square}（元老院）",
        "square.stairs": "{square}（階段）",
        "field.square": "旗印を置くマス",
        "field.card": "押し込むカード",
        "field.entry": "押し込む入口",
        "prompt.place_flag": "{seat}：旗印カードを好きなマスに置いてください。",
        "prompt.push": "{number}/{total}手目：{seat}、カードを1枚盤に押し込んでください。",
        "event.flag_placed": "{seat}が旗印を{square}に置きました。",
        "event.pushed": "{seat}が{card}を{square}から{arrow}に押し込みました。",
        "event.pushed_hidden": "{seat}が裏向きのカードを{square}から{arrow}に押し込みました。",
        "event.pushed_own": "あなたは{card}を{square}から{arrow}に押し込みました。",
        "event.revealed": "すべてのカードが表になりました。",
        "event.game_over": "ゲーム終了。得点：{scores}。勝者：{seats}",
        "private.hand": "あなたの手札：{cards}",
        "private.no_cards": "手札はもうありません。",
        "error.wrong_phase": "今はそれはできません。",
        "error.card_not_in_hand": "そのカードは持っていません。",
        "error.bad_entry": "その入口はありません。",
        "error.line_full": "その列は埋まっているので押し込めません。",
        "error.bad_square": "盤上のマスではありません。",
        "error.bad_seat_count": "元老院議員は2人または3人用です。",
        "error.flag_needs_two_players": "旗印の効果は2人戦でのみ使えます。",
        "board.title": "元老院議員",
        "board.hidden_game": "隠匿ゲーム",
        "board.places_flag": "{player}が旗印を配置",
        "board.push": "{number}/{total}手目：{player}の手番",
        "board.over_winner": "ゲーム終了：{player}の勝ち（{result}）",
        "board.over_shared": "ゲーム終了：引き分け（{result}）",
        "board.flag": "旗印",
        "board.starts": "（先手）",
        "board.senate_score": "元老院：{score}",
        "board.points": "得点：{score}",
        "board.secret_hand": "手札{count}枚（非公開）",
        "board.no_cards": "手札なし",
        "board.face_down": "裏向きのカード",
        "board.card": "カード{value}",
        "board.last_push": "直前の押し込み：",
        "board.entry.down": "{square}から{line}列を↓（赤い矢印）",
        "board.entry.up": "{square}から{line}列を↑（赤い矢印）",
        "board.entry.right": "{square}から{line}行を→（赤い矢印）",
        "board.entry.left": "{square}から{line}行を←（赤い矢印）",
        "board.flag_placed": "旗印を{square}に配置",
        "board.no_flag": "旗印なし（3人戦）",
        "board.reach.line": "同じ縦横の列",
        "board.reach.adjacent": "隣接マス",
        "board.flag_effect": "旗印：{effect}",
        "board.effect.none": "効果なし",
        "board.effect.double": "{reach}にある元老院のカードは2倍",
        "board.effect.stairs": "{reach}にある階段のカードも得点",
        "board.effect.double_and_stairs": "{reach}では元老院のカードが2倍、階段のカードも得点",
        "board.effect.neutralize": "{reach}にあるカードは得点なし",
        "board.yellow_frames": "（黄色の枠）",
        "board.pushed": "{player}：{card}",
    },
}

STRINGS: Catalog = merge_catalogs(_OWN, LEARN)
