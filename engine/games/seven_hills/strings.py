"""The Seven Hills' texts in English and Japanese. `error.game_over` and `error.not_your_turn`
are the core's; the game keeps its own wording of `not_a_player`, `unknown_move` and
`bad_seat_count`, which differs from the core's."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.seven_hills.learn import LEARN

_OWN: Catalog = {
    "en": {
        "name": "The Seven Hills of Rome",
        "summary": "Two tribes place cards face down beside seven hills; the stronger tribe settles each hill.",
        "rules": (
            "2 players: Latins (A) and Sabines (B), each with cards 1–9. Seven hills worth 1–7 "
            "lie between them. Take turns playing one card beside any hill on your side, face "
            "down — except the hill your opponent played on just before. As soon as both tribes "
            "are on a hill, all its cards are turned face up and later cards there are played "
            "face up. When all 18 cards are played, the remaining face-down cards are revealed. "
            "Each hill goes to the tribe with the larger total there (a tribe alone takes it; "
            "a tie goes to the start player). The higher sum of hill values wins; equal is a "
            "draw.\n"
            "Variants — series: two games, each player starts once; totals count. "
            "no_repeat_values: you may never play a value the opponent already has on that "
            "hill; if a reveal shows such a repeat, the revealing card is removed. "
            "barricades: each player also has a flag (0) that nullifies the next card played on "
            "its hill (both leave the game); face down it acts at the reveal: as the owner's last "
            "card there it removes the revealing card, otherwise the owner's card right after "
            "it; flags alone never take a hill (not with no_repeat_values). highest_card: the "
            "highest card decides a hill, then the second highest, and so on; more cards beat an "
            "equal prefix. open_hands: hands are public and every card is played face up."
        ),
        "option.series": "Play a series of two games (each player starts once)",
        "option.no_repeat_values": "A value the opponent has on a hill may not be played there",
        "option.barricades": "Each player also gets a flag (barricade) of value 0",
        "option.highest_card": "The highest card, not the total, decides each hill",
        "option.open_hands": "Open game: hands public, every card played face up",
        "card": "{card}",
        "flag": "Flag 🚩",
        "hill": "Hill {hill}",
        "field.card": "Card",
        "field.hill": "Hill",
        "prompt.play": "{seat}: play a card beside a hill.",
        "prompt.play_blocked": "{seat}: play a card beside a hill (not hill {hill}).",
        "event.placed_hidden": "{seat} places a card face down at hill {hill}.",
        "event.placed_hidden_own": "You placed {card} face down at hill {hill}.",
        "event.placed_up": "{seat} plays {card} face up at hill {hill}.",
        "event.revealed": (
            "{seat} joins hill {hill} with {card}: the hill is revealed — "
            "{seat_a}: {cards_a} / {seat_b}: {cards_b}."
        ),
        "event.repeat_removed": (
            "{seat}'s {card} repeats a value already on hill {hill} and is removed."
        ),
        "event.barricade": (
            "Barricade at hill {hill}: {seat_flag}'s flag and {seat_card}'s {card} leave the game."
        ),
        "event.guard_set": "{seat}'s flag guards hill {hill}: the next card played there is nullified.",
        "event.end_revealed": "Hill {hill} is turned face up: {seat} has {cards}.",
        "event.hill_taken": "Hill {hill} goes to {seat} ({seat_a}: {cards_a} / {seat_b}: {cards_b}).",
        "event.hill_nobody": "Hill {hill} goes to nobody.",
        "event.game_scored": (
            "Game {game}: {seat_a}: {score_a} – {seat_b}: {score_b}; {seat} wins this game."
        ),
        "event.game_scored_draw": (
            "Game {game}: {seat_a}: {score_a} – {seat_b}: {score_b}; this game is a draw."
        ),
        "event.game_started": "Game {game} begins; {seat} starts.",
        "event.game_over": "Game over ({seat_a}: {score_a} – {seat_b}: {score_b}). Winner: {seats}.",
        "event.game_drawn": "Game over ({seat_a}: {score_a} – {seat_b}: {score_b}): a draw.",
        "reason.draw": "Equal scores: a draw.",
        "private.hand": "Your hand: {cards}",
        "private.face_down": "Your face-down cards at hill {hill}: {cards}",
        "private.no_face_down": "You have no face-down cards on the hills.",
        "error.bad_seat_count": "This game is for exactly 2 players.",
        "error.incompatible_options": "barricades and no_repeat_values cannot be combined.",
        "error.not_a_player": "You are not a player in this game.",
        "error.unknown_move": "Unknown move.",
        "error.card_not_in_hand": "That card is not in your hand.",
        "error.bad_hill": "Choose a hill from 1 to 7.",
        "error.hill_blocked": "Your opponent just played at hill {hill}: choose another hill.",
        "error.value_taken": "Your opponent already has a {card} at hill {hill}.",
        "board.title": "The Seven Hills of Rome",
        "board.game_of_two": "Game {game} of 2",
        "board.rule.no_repeats": "no repeats",
        "board.rule.barricades": "barricades",
        "board.rule.highest_card": "highest card",
        "board.rule.open_game": "open game",
        "board.list_separator": ", ",
        "board.draw": "a draw",
        "board.wins": "{player} wins",
        "board.over": "Game over",
        "board.to_play": "{player} to play",
        "board.hill_blocked": "hill {hill} blocked",
        "board.tribe.latins": "Latins",
        "board.tribe.sabines": "Sabines",
        "board.player_tribe": "{player} ({tribe})",
        "board.hand": "hand {count}",
        "board.start_player": "start player, wins ties",
        "board.series": "series {scores}",
        "board.points": "score {points}",
        "board.your_turn": "to play",
        "board.flag_short": "F",
        "board.cards": "cards: {cards}",
        "board.nobody": "nobody",
        "board.blocked": "blocked",
        "board.hidden": "hidden",
        "board.revealed": "revealed",
        "board.out_of_play": "Out of play",
        "board.hill_short": "H{hill}",
        "board.game_result": "Game {game}: A {a} – B {b}",
        "board.game_won": " ({letter} wins)",
        "board.game_draw": " (draw)",
        "board.note.order": "Cards nearest a hill were played first",
        "board.note.last": "red dot = card just played",
        "board.note.hatched": "hatched cards lie face down",
        "board.note.guard": "red frame = flag guarding its hill",
        "board.notes": "{notes}.",
    },
    "ja": {
        "name": "ローマ七丘",
        "summary": "2つの部族が7つの丘の脇にカードを伏せて置き、影響力の強い方が丘に入植します。",
        "rules": (
            "2人用：ラテン人（A）とサビニー人（B）。各自1〜9のカードを持ち、間に1〜7の価値の丘が7つ"
            "並びます。交互に1枚ずつ、好きな丘の自分側にカードを裏向きで置きます。ただし相手が直前に"
            "置いた丘には置けません。丘に両部族がそろったら、その丘のカードはすべて表になり、以後そこに"
            "置くカードも表向きです。18枚すべて出したら残りの裏向きカードを公開します。各丘は合計の"
            "大きい部族のもの（一部族だけならその部族、同点は先手番）。獲得した丘の数字の合計が大きい方の"
            "勝ち、同点は引き分けです。\n"
            "バリアント — series：2ゲームを行い各自1回ずつ先手番、合計点で勝負。"
            "no_repeat_values：相手がその丘に出した値と同じ値は出せません。公開時に同じ値が判明したら"
            "公開のきっかけのカードを除外します。barricades：各自0の旗印カードを1枚追加。その丘に次に"
            "出たカードを無効化し、両方ゲームから除外します。伏せた旗印は公開時に働き、持ち主の最後の"
            "カードなら公開のきっかけのカードを、そうでなければ旗印の直後の持ち主のカードを無効化します。"
            "旗印だけでは丘を獲得できません（no_repeat_valuesとは併用不可）。highest_card：合計ではなく"
            "最大のカードで比べ、同じなら2番目、以下同様。等しい並びなら枚数の多い方が勝ち。"
            "open_hands：手札を公開し、すべてのカードを表向きで出します。"
        ),
        "option.series": "2ゲームのシリーズ（各自1回ずつ先手番）",
        "option.no_repeat_values": "相手がその丘に出した値は出せない",
        "option.barricades": "各自に値0の旗印（バリケード）カードを追加",
        "option.highest_card": "合計ではなく最大のカードで丘を争う",
        "option.open_hands": "オープン・ゲーム：手札公開、すべて表向きで出す",
        "card": "{card}",
        "flag": "旗印 🚩",
        "hill": "丘{hill}",
        "field.card": "カード",
        "field.hill": "丘",
        "prompt.play": "{seat}：丘にカードを1枚置いてください。",
        "prompt.play_blocked": "{seat}：丘にカードを1枚置いてください（丘{hill}は不可）。",
        "event.placed_hidden": "{seat}が丘{hill}にカードを裏向きで置きました。",
        "event.placed_hidden_own": "あなたは丘{hill}に{card}を裏向きで置きました。",
        "event.placed_up": "{seat}が丘{hill}に{card}を表向きで置きました。",
        "event.revealed": (
            "{seat}が{card}で丘{hill}に加わり、丘が公開されました — "
            "{seat_a}：{cards_a} ／ {seat_b}：{cards_b}"
        ),
        "event.repeat_removed": "{seat}の{card}は丘{hill}で同じ値が重なったため除外されます。",
        "event.barricade": "丘{hill}のバリケード：{seat_flag}の旗印と{seat_card}の{card}がゲームから除外されます。",
        "event.guard_set": "{seat}の旗印が丘{hill}を守ります。次にそこに出たカードは無効になります。",
        "event.end_revealed": "丘{hill}が表になりました：{seat}のカードは{cards}。",
        "event.hill_taken": "丘{hill}は{seat}のもの（{seat_a}：{cards_a} ／ {seat_b}：{cards_b}）。",
        "event.hill_nobody": "丘{hill}は誰のものにもなりません。",
        "event.game_scored": (
            "第{game}ゲーム：{seat_a} {score_a}点 – {seat_b} {score_b}点。このゲームは{seat}の勝ち。"
        ),
        "event.game_scored_draw": (
            "第{game}ゲーム：{seat_a} {score_a}点 – {seat_b} {score_b}点。このゲームは引き分け。"
        ),
        "event.game_started": "第{game}ゲーム開始。先手番は{seat}です。",
        "event.game_over": "ゲーム終了（{seat_a} {score_a}点 – {seat_b} {score_b}点）。勝者：{seats}",
        "event.game_drawn": "ゲーム終了（{seat_a} {score_a}点 – {seat_b} {score_b}点）：引き分けです。",
        "reason.draw": "同点のため引き分けです。",
        "private.hand": "あなたの手札：{cards}",
        "private.face_down": "丘{hill}のあなたの裏向きカード：{cards}",
        "private.no_face_down": "丘に裏向きのカードはありません。",
        "error.bad_seat_count": "このゲームはちょうど2人用です。",
        "error.incompatible_options": "barricades と no_repeat_values は併用できません。",
        "error.not_a_player": "あなたはこのゲームのプレイヤーではありません。",
        "error.unknown_move": "不明な操作です。",
        "error.card_not_in_hand": "そのカードは手札にありません。",
        "error.bad_hill": "1〜7の丘を選んでください。",
        "error.hill_blocked": "相手が直前に丘{hill}に置いたので、別の丘を選んでください。",
        "error.value_taken": "相手は丘{hill}に既に{card}を出しています。",
        "board.title": "ローマ七丘",
        "board.game_of_two": "第{game}ゲーム（全2）",
        "board.rule.no_repeats": "同じ値禁止",
        "board.rule.barricades": "バリケード",
        "board.rule.highest_card": "最大カード勝負",
        "board.rule.open_game": "オープン・ゲーム",
        "board.list_separator": "、",
        "board.draw": "引き分け",
        "board.wins": "{player}の勝ち",
        "board.over": "ゲーム終了",
        "board.to_play": "{player}の手番",
        "board.hill_blocked": "丘{hill}には置けない",
        "board.tribe.latins": "ラテン人",
        "board.tribe.sabines": "サビニー人",
        "board.player_tribe": "{player}（{tribe}）",
        "board.hand": "手札{count}枚",
        "board.start_player": "先手番（同点なら勝ち）",
        "board.series": "シリーズ {scores}",
        "board.points": "{points}点",
        "board.your_turn": "手番",
        "board.flag_short": "旗",
        "board.cards": "カード：{cards}",
        "board.nobody": "なし",
        "board.blocked": "置けない",
        "board.hidden": "非公開",
        "board.revealed": "公開済み",
        "board.out_of_play": "除外されたカード",
        "board.hill_short": "丘{hill}",
        "board.game_result": "第{game}ゲーム：A {a} – B {b}",
        "board.game_won": "（{letter}の勝ち）",
        "board.game_draw": "（引き分け）",
        "board.note.order": "丘に近いカードほど先に出したもの",
        "board.note.last": "赤い点＝直前に出されたカード",
        "board.note.hatched": "斜線のカードは裏向き",
        "board.note.guard": "赤枠＝丘を守る旗印",
        "board.notes": "{notes}",
    },
}

STRINGS: Catalog = merge_catalogs(_OWN, LEARN)
