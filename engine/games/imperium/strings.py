"""Imperium's texts in English and Japanese (it words none of the core's common refusals)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.imperium.learn import LEARN

_OWN: Catalog = {
    "en": {
        "name": "Imperium",
        "summary": "Secretly pick three regions each round; the round's region is scored.",
        "rules": (
            "2–5 players, 8 rounds. Each round everyone secretly picks 3 regions (repeats "
            "allowed), all reveal, and each player places one marker per pick (14 markers in "
            "all). Then the round's region is scored: round r scores region r, round 8 scores "
            "8 and 9. Most markers scores the first value, ties take the lower position, and "
            "the weakest (or absent) score nothing. Scored markers come back; others stay.\n"
            "Variant thirty_points: play until someone reaches 30 points."
        ),
        "option.thirty_points": "Play until someone reaches 30 points",
        "option.round_cap": "Safety cap on rounds for AI-only games (0 = none)",
        "region": "Region {region}",
        "field.regions": "Three regions (repeats allowed)",
        "field.place": "Regions that get your markers",
        "prompt.select": "Round {round}: pick three regions (scored this round: {regions}).",
        "prompt.place_short": "{seat} is short of markers: choose where to place {count}.",
        "event.submitted": "{seat} has chosen.",
        "event.revealed": "Round {round}: the cards are revealed.",
        "event.placed": "{seat} places markers on regions {regions}.",
        "event.forfeit": "{seat} forfeits {count:marker|markers}.",
        "event.scored": "Region {region} scored: {seat_points}.",
        "event.scored.none": "Region {region} scored: nobody scores.",
        "pair.seat_points": "{seat} +{amount}",
        "event.round_started": "Round {round} begins (scoring: {regions}).",
        "event.game_over": "Game over. Winner: {seats}.",
        "private.supply": "Markers in your supply: {count}",
        "private.selection": "Your face-down cards: {regions}",
        "private.no_selection": "You have not chosen your three regions yet.",
        "error.bad_selection": "Choose exactly three regions between 1 and 9.",
        "error.wrong_count": "Choose exactly {count:region|regions}.",
        "error.not_in_selection": "You can only place on regions you revealed.",
        "board.title": "Imperium",
        "board.limit_thirty": "first to 30",
        "board.limit_rounds": "8 rounds",
        "board.over": "Game over · {limit}",
        "board.round": "Round {round} ({limit}) · scoring now: region {regions}",
        "board.and": " & ",
        "board.scoring_now": "scoring now",
        "board.just_scored": "just scored",
        "board.score": "Score",
        "board.values_legend": "Regions: points for 1st · 2nd · 3rd …",
        "board.revealed": "Cards revealed in round {round}",
        "board.players": "Players",
        "board.points": "score {points}",
        "board.markers": "{count:marker|markers}",
        "board.chosen": "chosen ✓",
        "board.choosing": "choosing…",
        "board.placing": "placing",
    },
    "ja": {
        "name": "インペリウム（帝国）",
        "summary": "毎ラウンド3つの地域を秘密裏に選び、そのラウンドの地域で得点を争います。",
        "rules": (
            "2〜5人、8ラウンド。各ラウンド、全員が秘密裏に地域を3つ選び（重複可）、一斉に公開して、"
            "選んだ地域ごとにマーカーを1つ置きます（マーカーは全部で14個）。その後そのラウンドの地域を"
            "決算します：ラウンドrは地域r、ラウンド8は地域8と9。マーカー最多が1番目の数値を得て、"
            "同数は低い順位の数値を得ます。最も弱いプレイヤー（不在を含む）は得点なし。"
            "決算した地域のマーカーは戻り、他の地域のマーカーは残ります。\n"
            "バリアント thirty_points：誰かが30点に達するまで続けます。"
        ),
        "option.thirty_points": "誰かが30点に達するまでプレイする",
        "option.round_cap": "AI同士の対戦用のラウンド上限（0 = なし）",
        "region": "地域{region}",
        "field.regions": "地域を3つ（重複可）",
        "field.place": "マーカーを置く地域",
        "prompt.select": "ラウンド{round}：地域を3つ選んでください（このラウンドの決算：{regions}）。",
        "prompt.place_short": "{seat}はマーカーが足りません。{count}個を置く地域を選んでください。",
        "event.submitted": "{seat}が選びました。",
        "event.revealed": "ラウンド{round}：カードが公開されました。",
        "event.placed": "{seat}が地域{regions}にマーカーを配置。",
        "event.forfeit": "{seat}はマーカー{count}個を置けませんでした。",
        "event.scored": "地域{region}の決算：{seat_points}",
        "event.scored.none": "地域{region}の決算：得点者なし",
        "pair.seat_points": "{seat} +{amount}点",
        "event.round_started": "ラウンド{round}開始（決算：{regions}）。",
        "event.game_over": "ゲーム終了。勝者：{seats}",
        "private.supply": "手元のマーカー：{count}",
        "private.selection": "あなたの伏せたカード：{regions}",
        "private.no_selection": "まだ3つの地域を選んでいません。",
        "error.bad_selection": "1〜9の地域をちょうど3つ選んでください。",
        "error.wrong_count": "ちょうど{count}つの地域を選んでください。",
        "error.not_in_selection": "公開した地域にしか置けません。",
        "board.title": "インペリウム",
        "board.limit_thirty": "30点先取",
        "board.limit_rounds": "全8ラウンド",
        "board.over": "ゲーム終了 · {limit}",
        "board.round": "ラウンド{round}（{limit}）· 決算：地域{regions}",
        "board.and": "・",
        "board.scoring_now": "決算中",
        "board.just_scored": "直前に決算",
        "board.score": "得点",
        "board.values_legend": "地域の数字：1位 · 2位 · 3位…の得点",
        "board.revealed": "ラウンド{round}で公開されたカード",
        "board.players": "プレイヤー",
        "board.points": "{points}点",
        "board.markers": "マーカー{count}個",
        "board.chosen": "選択済み ✓",
        "board.choosing": "選択中…",
        "board.placing": "配置中",
    },
}

STRINGS: Catalog = merge_catalogs(_OWN, LEARN)
