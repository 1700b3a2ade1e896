"""Hannibal gegen Rom's text catalog (English and Japanese).

Region names live here as `board.region.<id>` (the board image uses them too). Prompts and
events name places through `place_args`, which passes both languages' names (`place`,
`place_ja`), so each template picks its own without the engine formatting any text.
"""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.hannibal.learn import LEARN

REGION_NAMES = {
    "ROMA": ("Roma", "ローマ"),
    "GALLIA": ("Gallia", "ガリア"),
    "HISP_N": ("N. Hispania", "北ヒスパニア"),
    "HISP_S": ("S. Hispania", "南ヒスパニア"),
    "MAURETANIA": ("Mauretania", "モーリタニア"),
    "CARTHAGO": ("Carthago", "カルタゴ"),
    "CANNAE": ("Cannae", "カンネー"),
    "ZAMA": ("Zama", "ザマ"),
    "CORSICA": ("Corsica", "コルシカ"),
    "SARDINIA": ("Sardinia", "サルディニア"),
    "SICILIA": ("Sicilia", "シシリア"),
}


def place_args(place: str, prefix: str = "place") -> dict[str, str]:
    """A region's (or route's) name in both languages, for a Msg's args."""
    en, ja = REGION_NAMES.get(place, (place, place))
    return {prefix: en, f"{prefix}_ja": ja}


EN = {
    "name": "Hannibal versus Rome",
    "summary": "Rome against Carthage: move one legion or fleet a turn, fight with secret cards 1–5.",
    "rules": (
        "2 players: Rome (7 legions in Roma, 3 fleets on S1 Roma–Corsica) against Carthage "
        "(Hannibal and 5 legions in Carthago, 3 fleets on S3 Sardinia–Carthago). Roles are drawn "
        "at random; Rome moves first. Each player holds cards 1–5.\n"
        "Your turn: move exactly one piece (no passing). A legion moves to a land-adjacent "
        "region, or across a sea route on which you have a fleet. Hannibal moves by land only "
        "(never to Corsica, Sardinia or Sicilia). A fleet moves to any other route.\n"
        "Battle: a legion entering enemy legions, or a fleet entering enemy fleets. Both choose a "
        "card in secret, both are revealed together; the lower card loses one unit there, a tie "
        "costs both one. Repeat until one side is gone. If Hannibal fights he adds 1 to "
        "Carthage's card and is removed on a loss or tie; with other legions beside him "
        "Carthage declares before each exchange who fights. Used cards go face up to the "
        "discard pile; when both hands are empty both take all five back.\n"
        "You win by (1) moving a legion into the enemy capital (no battle there), "
        "(2) ending your turn in Mediterranean control — Rome: Sardinia, S. Hispania or "
        "Mauretania, Sicilia or Zama; Carthage: Corsica, N. Hispania or Gallia, Sicilia or "
        "Cannae — (3) the enemy losing all legions (both at once: no winner), or (4) the enemy "
        "being unable to move at the start of his turn.\n"
        "Variants — series: play games with alternating roles until one player wins two in a "
        "row (a draw breaks both streaks). core_control: 8 chips; at the end of your turn, if "
        "you control at least 3 of the core regions (Corsica, Sardinia, Sicilia, N. and S. "
        "Hispania: one of your legions on it or further along its line towards the enemy "
        "capital), take a chip while the enemy returns all of his; 8 chips win."
    ),
    "option.series": "Play a series with alternating roles until someone wins twice in a row",
    "option.core_control": "Fifth victory condition: 8 chips for controlling 3 core regions",
    "field.move": "Piece to move",
    "field.fighter": "Who fights this exchange",
    "field.card": "Battle card",
    "card": "{card}",
    "choice.legion": "Legion {from} → {to}",
    "choice.hannibal": "Hannibal {from} → {to}",
    "choice.fleet": "Fleet {from} → {to}",
    "choice.fight_hannibal": "Hannibal (+1)",
    "choice.fight_ordinary": "An ordinary legion",
    "prompt.move.rome": "{seat} (Rome): move one legion or fleet.",
    "prompt.move.carthage": "{seat} (Carthage): move Hannibal, one legion or one fleet.",
    "prompt.declare": "Battle in {place}: {seat}, declare who fights — Hannibal or an ordinary legion.",
    "prompt.card": "Battle in {place} (Rome {rome} – Carthage {carthage}): choose a card in secret.",
    "prompt.card_hannibal": (
        "Battle in {place} (Rome {rome} – Carthage {carthage}), Hannibal fights (+1): "
        "choose a card in secret."
    ),
    "prompt.card_naval": (
        "Sea battle on {place} (Rome {rome} – Carthage {carthage} fleets): choose a card in secret."
    ),
    "event.moved_legion": "{seat} moves a legion {from} → {to}.",
    "event.moved_hannibal": "{seat} moves Hannibal {from} → {to}.",
    "event.moved_fleet": "{seat} moves a fleet {from} → {to}.",
    "event.battle_land": "Battle in {place}: {seat} attacks {seat_defender} (Rome {rome} – Carthage {carthage}).",
    "event.battle_naval": "Sea battle on {place}: {seat} attacks {seat_defender} (Rome {rome} – Carthage {carthage}).",
    "event.declared_hannibal": "{seat} declares: Hannibal fights.",
    "event.declared_ordinary": "{seat} declares: an ordinary legion fights.",
    "event.card_chosen": "{seat} has chosen a card.",
    "event.last_cards": "One card left in each hand: they are played at once.",
    "event.revealed": "Cards revealed: Rome ({seat_rome}) {rome_card}, Carthage ({seat_carthage}) {carthage_card}.",
    "event.revealed_hannibal": (
        "Cards revealed: Rome ({seat_rome}) {rome_card}, Carthage ({seat_carthage}) "
        "{carthage_card} + 1 for Hannibal = {carthage_total}."
    ),
    "event.lost_legion": "{seat} loses a legion in {place}.",
    "event.lost_fleet": "{seat} loses a fleet on {place}.",
    "event.hannibal_falls": "Hannibal falls in {place}!",
    "event.tie_legion": "A tie: both lose a legion in {place}.",
    "event.tie_legion_hannibal": "A tie: Rome loses a legion and Hannibal falls in {place}!",
    "event.tie_fleet": "A tie: both lose a fleet on {place}.",
    "event.hands_refilled": "Both hands are empty: each player takes cards 1–5 back.",
    "event.battle_won_rome": "Rome ({seat}) holds {place}.",
    "event.battle_won_carthage": "Carthage ({seat}) holds {place}.",
    "event.battle_empty": "Nobody is left in {place}.",
    "event.chip_taken": "{seat} controls three core regions and takes a chip ({chips}); {seat_other} returns {returned}.",
    "event.stuck": "{seat} cannot move.",
    "event.won_capital": "{seat} marches into the enemy capital and wins game {game}!",
    "event.won_mediterranean": "{seat} controls the Mediterranean and wins game {game}!",
    "event.won_annihilation": "{seat} has destroyed every enemy legion and wins game {game}!",
    "event.won_chips": "{seat} holds 8 chips and wins game {game}!",
    "event.won_stuck": "The enemy cannot move: {seat} wins game {game}!",
    "event.drawn": "Both sides lost all legions: game {game} has no winner.",
    "event.next_game": "Game {game} of the series begins: {seat_rome} plays Rome, {seat_carthage} Carthage.",
    "event.series_won": "{seat} wins the series after {games} games!",
    "event.series_drawn": "The series ends undecided after {games} games.",
    "event.game_over": "Game over. Winner: {seats}.",
    "event.game_over.none": "Game over: no winner.",
    "end.capital": "The enemy capital was taken.",
    "end.mediterranean": "Mediterranean control.",
    "end.annihilation": "All enemy legions destroyed.",
    "end.annihilation_both": "Both sides lost all legions: no winner.",
    "end.chips": "Eight core-control chips.",
    "end.stuck": "The enemy could not move.",
    "end.series": "Series: two games won in a row.",
    "end.series_cap": "Series stopped after 15 games: the most games won decides.",
    "private.role.rome": "You play Rome: your pieces are the {look}s on the board.",
    "private.role.carthage": "You play Carthage, with Hannibal: your pieces are the {look}s on the board.",
    "private.hand": "Your cards ({count}): {cards}",
    "private.card": "Your battle card: {card}",
    "private.no_card": "Choose your battle card.",
    "error.bad_move": "Name a move as piece:from>to, e.g. legion:ROMA>GALLIA.",
    "error.one_piece_only": "Move exactly one piece.",
    "error.no_passing": "You must move a piece; passing is not allowed.",
    "error.no_piece_there": "You have no such piece at {place}.",
    "error.not_reachable": "{place} cannot be reached from there.",
    "error.no_fleet": "Crossing to {place} needs one of your fleets on that sea route.",
    "error.hannibal_no_sea": "Hannibal never crosses the sea.",
    "error.same_route": "A fleet must move to another sea route.",
    "error.bad_fighter": "Declare hannibal or ordinary.",
    "error.hannibal_absent": "Hannibal is not in the battle region.",
    "error.hannibal_alone": "Hannibal is Carthage's only legion there: he must fight.",
    "error.card_not_in_hand": "That card is not in your hand.",
    "board.title": "Hannibal versus Rome",
    "board.rome": "Rome",
    "board.carthage": "Carthage",
    "board.to_move": "Turn {turn} · {player} ({role}) to move",
    "board.declaring": "Battle · {player} declares who fights",
    "board.choosing": "Battle · both choose a card in secret",
    "board.over": "Game over · {reason}",
    "board.game": "Game {game}",
    "board.series": "Series (2 wins in a row): {results}",
    "board.draw_mark": "draw",
    "board.series_over": "series over after {games} games",
    "board.cards": "{count:card|cards}",
    "board.discards": "used: {cards}",
    "board.chips": "chips {count}/8",
    "board.hannibal_key": "H = Hannibal",
    "board.battle": "Battle in {place}",
    "board.battle_naval": "Sea battle on {place}",
    "board.units": "Rome {rome} – Carthage {carthage}",
    "board.chosen": "card chosen ✓",
    "board.waiting": "choosing…",
    "board.fighter_hannibal": "Hannibal fights (+1)",
    "board.fighter_ordinary": "an ordinary legion fights",
    "board.fighter_pending": "Carthage to declare",
    "board.last_exchange": "Last exchange in {place}: Rome {rome} – Carthage {carthage}",
    "board.nobody": "no winner",
    "board.winner": "winner: {player}",
    "board.core": "★",
    "board.legend": "{core} core region · H Hannibal · S1–S5 sea routes (fleets)",
    "board.end.capital": "capital taken",
    "board.end.mediterranean": "Mediterranean control",
    "board.end.annihilation": "all legions destroyed",
    "board.end.annihilation_both": "both sides destroyed",
    "board.end.chips": "8 chips",
    "board.end.stuck": "enemy cannot move",
    **{f"board.region.{rid}": names[0] for rid, names in REGION_NAMES.items()},
}

JA = {
    "name": "ハンニバル対ローマ",
    "summary": "ローマ対カルタゴ：手番ごとに軍団か艦隊を1つ動かし、1〜5の秘密のカードで戦います。",
    "rules": (
        "2人用：ローマ（ローマに軍団7、海路S1 ローマ–コルシカに艦隊3）対カルタゴ（カルタゴに"
        "ハンニバルと軍団5、海路S3 サルディニア–カルタゴに艦隊3）。役割は無作為に決まり、"
        "ローマが先手です。各自1〜5のカードを手札に持ちます。\n"
        "手番：駒をちょうど1つ動かします（パス不可）。軍団は陸で隣接する地域へ、または自軍の艦隊が"
        "いる海路を渡って向こう側へ移動します。ハンニバルは陸路のみ（コルシカ・サルディニア・"
        "シシリアには渡れません）。艦隊は他の任意の海路へ移動します。\n"
        "戦闘：敵軍団のいる地域に軍団が、敵艦隊のいる海路に艦隊が入ると起きます。両者が秘密裏に"
        "カードを1枚選び同時に公開し、低い方がその場所の駒を1つ失い、同点なら両者1つずつ失います。"
        "どちらかがいなくなるまで繰り返します。ハンニバルが戦うとカルタゴのカードに+1し、負けか"
        "同点で除去されます。他の軍団と一緒のときは、カルタゴが毎回どちらが戦うか宣言します。"
        "使ったカードは表向きで捨て札になり、両者の手札が尽きたら5枚とも戻ります。\n"
        "勝利：(1) 軍団が敵の首都に入る（首都では戦闘なし）、(2) 自手番の終了時に地中海を支配"
        "——ローマ：サルディニア、南ヒスパニアかモーリタニア、シシリアかザマ；カルタゴ："
        "コルシカ、北ヒスパニアかガリア、シシリアかカンネー——、(3) 敵の軍団が全滅（同時なら"
        "勝者なし）、(4) 敵が手番開始時に動けない。\n"
        "バリアント — series：役割を交代しながら、誰かが2連勝するまで続けます（引き分けは両者の"
        "連勝を止めます）。core_control：チップ8枚。自手番の終了時に中核地域（コルシカ・"
        "サルディニア・シシリア・北/南ヒスパニア）のうち3つ以上を支配していれば（その地域か、"
        "同じ線上でそれより敵の首都側に自軍の軍団がいる）チップを1枚取り、敵は全チップを戻します。"
        "8枚で勝利。"
    ),
    "option.series": "役割を交代しながら、誰かが2連勝するまでシリーズで遊ぶ",
    "option.core_control": "第5の勝利条件：中核地域3つの支配でチップ、8枚で勝利",
    "field.move": "動かす駒",
    "field.fighter": "今回戦う軍団",
    "field.card": "戦闘カード",
    "card": "{card}",
    "choice.legion": "軍団 {from_ja} → {to_ja}",
    "choice.hannibal": "ハンニバル {from_ja} → {to_ja}",
    "choice.fleet": "艦隊 {from_ja} → {to_ja}",
    "choice.fight_hannibal": "ハンニバル（+1）",
    "choice.fight_ordinary": "通常の軍団",
    "prompt.move.rome": "{seat}（ローマ）：軍団か艦隊を1つ動かしてください。",
    "prompt.move.carthage": "{seat}（カルタゴ）：ハンニバル・軍団・艦隊のどれか1つを動かしてください。",
    "prompt.declare": "{place_ja}の戦闘：{seat}、戦う軍団を宣言してください（ハンニバルか通常の軍団）。",
    "prompt.card": "{place_ja}の戦闘（ローマ{rome}対カルタゴ{carthage}）：カードを秘密裏に選んでください。",
    "prompt.card_hannibal": (
        "{place_ja}の戦闘（ローマ{rome}対カルタゴ{carthage}）、ハンニバルが戦います（+1）："
        "カードを秘密裏に選んでください。"
    ),
    "prompt.card_naval": (
        "{place_ja}の海戦（艦隊 ローマ{rome}対カルタゴ{carthage}）：カードを秘密裏に選んでください。"
    ),
    "event.moved_legion": "{seat}が軍団を移動：{from_ja} → {to_ja}",
    "event.moved_hannibal": "{seat}がハンニバルを移動：{from_ja} → {to_ja}",
    "event.moved_fleet": "{seat}が艦隊を移動：{from_ja} → {to_ja}",
    "event.battle_land": "{place_ja}で戦闘：{seat}が{seat_defender}を攻撃（ローマ{rome}対カルタゴ{carthage}）。",
    "event.battle_naval": "{place_ja}で海戦：{seat}が{seat_defender}を攻撃（ローマ{rome}対カルタゴ{carthage}）。",
    "event.declared_hannibal": "{seat}の宣言：ハンニバルが戦います。",
    "event.declared_ordinary": "{seat}の宣言：通常の軍団が戦います。",
    "event.card_chosen": "{seat}がカードを選びました。",
    "event.last_cards": "両者の手札が残り1枚：そのまま出されます。",
    "event.revealed": "カード公開：ローマ（{seat_rome}）{rome_card}、カルタゴ（{seat_carthage}）{carthage_card}。",
    "event.revealed_hannibal": (
        "カード公開：ローマ（{seat_rome}）{rome_card}、カルタゴ（{seat_carthage}）"
        "{carthage_card}＋ハンニバル1＝{carthage_total}。"
    ),
    "event.lost_legion": "{seat}は{place_ja}で軍団を1つ失いました。",
    "event.lost_fleet": "{seat}は{place_ja}で艦隊を1つ失いました。",
    "event.hannibal_falls": "{place_ja}でハンニバルが倒れました！",
    "event.tie_legion": "同点：両者とも{place_ja}で軍団を1つ失いました。",
    "event.tie_legion_hannibal": "同点：{place_ja}でローマは軍団を1つ失い、ハンニバルが倒れました！",
    "event.tie_fleet": "同点：両者とも{place_ja}で艦隊を1つ失いました。",
    "event.hands_refilled": "両者の手札が尽きました。それぞれ1〜5のカードを手札に戻します。",
    "event.battle_won_rome": "ローマ（{seat}）が{place_ja}を確保しました。",
    "event.battle_won_carthage": "カルタゴ（{seat}）が{place_ja}を確保しました。",
    "event.battle_empty": "{place_ja}には誰も残りませんでした。",
    "event.chip_taken": "{seat}が中核地域を3つ支配しチップを獲得（{chips}枚）。{seat_other}は{returned}枚を戻します。",
    "event.stuck": "{seat}は駒を動かせません。",
    "event.won_capital": "{seat}が敵の首都に進軍し、第{game}ゲームに勝利！",
    "event.won_mediterranean": "{seat}が地中海を支配し、第{game}ゲームに勝利！",
    "event.won_annihilation": "{seat}が敵の軍団を全滅させ、第{game}ゲームに勝利！",
    "event.won_chips": "{seat}がチップ8枚を集め、第{game}ゲームに勝利！",
    "event.won_stuck": "敵が動けません：{seat}が第{game}ゲームに勝利！",
    "event.drawn": "両者とも軍団が全滅：第{game}ゲームは勝者なしです。",
    "event.next_game": "シリーズ第{game}ゲーム開始：{seat_rome}がローマ、{seat_carthage}がカルタゴ。",
    "event.series_won": "{games}ゲームの末、{seat}がシリーズに勝利！",
    "event.series_drawn": "{games}ゲームを終えてもシリーズの決着はつきませんでした。",
    "event.game_over": "ゲーム終了。勝者：{seats}",
    "event.game_over.none": "ゲーム終了：勝者なし。",
    "end.capital": "敵の首都が制圧されました。",
    "end.mediterranean": "地中海の支配。",
    "end.annihilation": "敵の軍団が全滅しました。",
    "end.annihilation_both": "両者とも軍団が全滅：勝者なし。",
    "end.chips": "中核支配チップ8枚。",
    "end.stuck": "敵が動けませんでした。",
    "end.series": "シリーズ：2連勝。",
    "end.series_cap": "シリーズは15ゲームで打ち切り：勝利数の多い方の勝ち。",
    "private.role.rome": "あなたはローマです。盤上のあなたの駒は{look}です。",
    "private.role.carthage": "あなたはカルタゴで、ハンニバルを率います。盤上のあなたの駒は{look}です。",
    "private.hand": "あなたの手札（{count}枚）：{cards}",
    "private.card": "あなたの戦闘カード：{card}",
    "private.no_card": "戦闘カードを選んでください。",
    "error.bad_move": "移動は「駒の種類:出発地>到着地」の形で指定してください（例：legion:ROMA>GALLIA）。",
    "error.one_piece_only": "動かせる駒はちょうど1つです。",
    "error.no_passing": "必ず駒を1つ動かしてください。パスはできません。",
    "error.no_piece_there": "{place}にそのような自分の駒はありません。",
    "error.not_reachable": "そこから{place}へは移動できません。",
    "error.no_fleet": "{place}へ渡るには、その海路に自軍の艦隊が必要です。",
    "error.hannibal_no_sea": "ハンニバルは海を渡れません。",
    "error.same_route": "艦隊は別の海路へ移動しなければなりません。",
    "error.bad_fighter": "hannibal か ordinary を宣言してください。",
    "error.hannibal_absent": "ハンニバルは戦闘地域にいません。",
    "error.hannibal_alone": "その地域のカルタゴ軍団はハンニバルだけです。ハンニバルが戦います。",
    "error.card_not_in_hand": "そのカードは手札にありません。",
    "board.title": "ハンニバル対ローマ",
    "board.rome": "ローマ",
    "board.carthage": "カルタゴ",
    "board.to_move": "第{turn}手番 · {player}（{role}）の手番",
    "board.declaring": "戦闘 · {player}が戦う軍団を宣言中",
    "board.choosing": "戦闘 · 両者がカードを秘密裏に選択中",
    "board.over": "ゲーム終了 · {reason}",
    "board.game": "第{game}ゲーム",
    "board.series": "シリーズ（2連勝で勝利）：{results}",
    "board.draw_mark": "引分",
    "board.series_over": "{games}ゲームでシリーズ終了",
    "board.cards": "手札{count}枚",
    "board.discards": "使用済み：{cards}",
    "board.chips": "チップ {count}/8",
    "board.hannibal_key": "H = ハンニバル",
    "board.battle": "{place}の戦闘",
    "board.battle_naval": "{place}の海戦",
    "board.units": "ローマ{rome}対カルタゴ{carthage}",
    "board.chosen": "選択済み ✓",
    "board.waiting": "選択中…",
    "board.fighter_hannibal": "ハンニバルが戦う（+1）",
    "board.fighter_ordinary": "通常の軍団が戦う",
    "board.fighter_pending": "カルタゴが宣言中",
    "board.last_exchange": "直前の対決（{place}）：ローマ{rome}対カルタゴ{carthage}",
    "board.nobody": "勝者なし",
    "board.winner": "勝者：{player}",
    "board.core": "★",
    "board.legend": "{core} 中核地域 · H ハンニバル · S1～S5 海路（艦隊）",
    "board.end.capital": "首都制圧",
    "board.end.mediterranean": "地中海の支配",
    "board.end.annihilation": "軍団全滅",
    "board.end.annihilation_both": "両軍全滅",
    "board.end.chips": "チップ8枚",
    "board.end.stuck": "敵が移動不能",
    **{f"board.region.{rid}": names[1] for rid, names in REGION_NAMES.items()},
}

STRINGS: Catalog = merge_catalogs({"en": EN, "ja": JA}, LEARN)
