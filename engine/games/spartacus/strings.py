"""Spartacus texts, English and Japanese. The common refusals (`game_over`, `not_your_turn`)
come from the core catalogue; `bad_seat_count` keeps its own wording (it names the game)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.spartacus.learn import LEARN

_OWN: Catalog = {
    "en": {
        "name": "Spartacus",
        "summary": "A trick game where low cards are strong: undercut or pass.",
        "rules": (
            "3–5 players. Everyone holds the cards 1–10 and a flag. The leader plays any card; "
            "then, clockwise, each player plays a number lower than the lowest number in the "
            "trick, plays the flag, or passes (passing only once a number is on the table; who "
            "passes is out of this trick). When the turn comes back to the player of the lowest "
            "number, they take the trick face down and the next player clockwise leads. The "
            "game ends the moment anyone plays their last card: the current trick goes to its "
            "lowest number (a trick of flags only to nobody). Each trick scores the sum of its "
            "numbers, doubled for each flag in it; cards left in hand are subtracted the same "
            "way (doubled if you still hold your flag). Highest total wins; ties share.\\n"
            "Variants: series_games = play several games and add up the scores (the start "
            "player moves one seat clockwise each game). flags_as_jokers = the flag is a joker "
            "just below the card before it (it beats even a 1, but a lower number still beats "
            "it); the last card takes the trick; jokers score 0 and double nothing; pass is "
            "allowed on any non-empty trick. joker_penalty = -10 per joker in your tricks or "
            "hand. joker_voids_trick = a trick with a joker is worth 0. no_flags = play "
            "without flags."
        ),
        "option.series_games": "Number of games in the series (scores add up)",
        "option.flags_as_jokers": "Flags are jokers: just below the previous card",
        "option.joker_penalty": "Jokers: -10 per joker in your tricks or hand",
        "option.joker_voids_trick": "Jokers: a trick containing a joker is worth 0",
        "option.no_flags": "Play without flags",
        "card": "{card}",
        "card.flag": "Flag ⚑",
        "card.joker": "Joker ★",
        "choice.pass": "Pass",
        "field.card": "Card to play",
        "prompt.lead": "{seat}: lead a card.",
        "prompt.any": "{seat}: no number on the table yet, any card may follow.",
        "prompt.play": "{seat}: play a number below {lowest} or your flag, or pass.",
        "prompt.play_joker": "{seat}: play a number below {lowest} or your joker, or pass.",
        "prompt.play_number": "{seat}: play a number below {lowest}, or pass.",
        "prompt.play_none": "{seat}: no number is below {lowest}; play your flag, or pass.",
        "prompt.play_joker_none": "{seat}: no number is below {lowest}; play your joker, or pass.",
        "prompt.play_number_none": "{seat}: no number is below {lowest}; you can only pass.",
        "event.played": "{seat} plays {card}.",
        "event.played_flag": "{seat} plays the flag ⚑.",
        "event.played_joker": "{seat} plays the joker ★.",
        "event.passed": "{seat} passes.",
        "event.trick_won": "{seat} takes the trick: {cards}.",
        "event.trick_discarded": "The trick {cards} holds no number card and goes to nobody.",
        "event.trick_started": "{seat} leads the next trick.",
        "event.hand_empty": "{seat} has played their last card: the game ends.",
        "event.final_seat": ("{seat}: tricks {tricks}; hand {hand} (−{penalty}); score {score}."),
        "event.game_ended": "Game {game} is over: scores {scores}. Best: {seats}.",
        "event.game_started": "Game {game} of the series begins; {seat} leads.",
        "event.game_over": "Game over. Winner: {seats}.",
        "outcome.series": "Running sums after {games} games.",
        "private.hand": "Your hand: {cards}",
        "private.legal": "You may play: {cards}",
        "error.card_not_in_hand": "You do not hold that card.",
        "error.not_lower": "Play a number lower than {lowest}, a flag, or pass.",
        "error.must_play": "You cannot pass before a number card is played: play a card.",
        "error.bad_seat_count": "Spartacus needs 3 to 5 players.",
        "error.bad_series_games": "A series has 1 to {max} games.",
        "error.jokers_without_flags": "flags_as_jokers cannot be combined with no_flags.",
        "error.joker_rule_without_jokers": (
            "joker_penalty and joker_voids_trick need flags_as_jokers."
        ),
        "board.title": "Spartacus",
        "board.game_of": "Game {game} of {games}",
        "board.rule.jokers": "jokers",
        "board.rule.joker_penalty": "−10 per joker",
        "board.rule.joker_voids": "a joker voids the trick",
        "board.list_separator": ", ",
        "board.rule.no_flags": "no flags",
        "board.rule.standard": "low cards win · each flag doubles",
        "board.over": "Game over",
        "board.new_trick": "New trick: waiting for the lead",
        "board.worth": "Trick worth {value}",
        "board.any_card": "any card",
        "board.only_joker": "only a joker",
        "board.below_or_joker": "below {lowest} or a joker",
        "board.last_takes": "the last card takes it",
        "board.no_number": "no number yet: nobody may pass",
        "board.nothing_beats_1": "nothing beats a 1",
        "board.below": "play below {lowest}",
        "board.lowest_takes": "lowest card takes it",
        "board.final_scores": "Final scores",
        "board.players": "Players",
        "board.game": "Game {game}",
        "board.score": "Score",
        "board.hand": "Hand",
        "board.tricks": "Tricks",
        "board.left_in_hand": "Left in hand",
        "board.status": "Status",
        "board.series_total": "Series total",
        "board.to_play": "to play",
        "board.taking": "takes it so far",
        "board.passed": "passed",
        "board.joker": "joker",
        "board.flag": "flag",
        "board.last_trick": "Last trick: {player} took {cards} (worth {value})",
    },
    "ja": {
        "name": "スパルタクス",
        "summary": "低いカードが強いトリックテイキング：より低いカードを出すかパスするか。",
        "rules": (
            "3〜5人。各自1〜10の数字カードと旗印カード1枚を持ちます。リードは好きなカードを出し、"
            "以後時計回りに、トリック中の最も低い数字より低い数字カードか旗印を出すか、パスします"
            "（パスは数字カードが出てから。パスした人はそのトリックに参加できません）。最も低い数字を"
            "出したプレイヤーに手番が戻ったら、その人がトリックを裏向きで獲得し、時計回りに次の人が"
            "次のトリックをリードします。誰かが最後の手札を出した瞬間にゲーム終了：その時のトリックは"
            "最も低い数字を出した人のもの（旗印だけなら誰のものでもありません）。各トリックは数字の合計"
            "で、旗印1枚ごとに2倍。手札に残ったカードも同様に減点（旗印が残っていれば2倍）。合計点の"
            "最も高い人が勝ち、同点は勝利を分け合います。\\n"
            "バリアント：series_games＝複数ゲームを行い得点を合算（スタートプレイヤーは毎回時計回りに"
            "1つずれる）。flags_as_jokers＝旗印は直前のカードのすぐ下として働くジョーカー（1にも勝つが、"
            "より低い数字には負ける）。最後に出たカードがトリックを取り、ジョーカーは0点で倍にもしない。"
            "カードが1枚でも出ていればパス可。joker_penalty＝獲得トリックや手札のジョーカー1枚につき"
            "−10点。joker_voids_trick＝ジョーカー入りのトリックは0点。no_flags＝旗印なしで遊ぶ。"
        ),
        "option.series_games": "シリーズのゲーム数（得点を合算）",
        "option.flags_as_jokers": "旗印をジョーカーとして使う（直前のカードのすぐ下）",
        "option.joker_penalty": "ジョーカー：トリックや手札のジョーカー1枚につき−10点",
        "option.joker_voids_trick": "ジョーカー：ジョーカー入りのトリックは0点",
        "option.no_flags": "旗印カードを使わない",
        "card": "{card}",
        "card.flag": "旗印 ⚑",
        "card.joker": "ジョーカー ★",
        "choice.pass": "パス",
        "field.card": "出すカード",
        "prompt.lead": "{seat}：カードをリードしてください。",
        "prompt.any": "{seat}：まだ数字カードが出ていません。どのカードでも出せます。",
        "prompt.play": "{seat}：{lowest}より低い数字カードか旗印を出すか、パスしてください。",
        "prompt.play_number": "{seat}：{lowest}より低い数字カードを出すか、パスしてください。",
        "prompt.play_none": "{seat}：{lowest}より低い数字はありません。旗印を出すか、パスしてください。",
        "prompt.play_joker_none": "{seat}：{lowest}より低い数字はありません。ジョーカーを出すか、パスしてください。",
        "prompt.play_number_none": "{seat}：{lowest}より低い数字はありません。パスしかできません。",
        "prompt.play_joker": (
            "{seat}：{lowest}より低い数字カードかジョーカーを出すか、パスしてください。"
        ),
        "event.played": "{seat}が{card}を出しました。",
        "event.played_flag": "{seat}が旗印⚑を出しました。",
        "event.played_joker": "{seat}がジョーカー★を出しました。",
        "event.passed": "{seat}はパス。",
        "event.trick_won": "{seat}がトリックを獲得：{cards}",
        "event.trick_discarded": "トリック{cards}には数字カードがなく、誰のものにもなりません。",
        "event.trick_started": "{seat}が次のトリックをリードします。",
        "event.hand_empty": "{seat}が手札を出し切りました。ゲーム終了です。",
        "event.final_seat": ("{seat}：トリック {tricks}／手札 {hand}（−{penalty}）／得点 {score}"),
        "event.game_ended": "第{game}ゲーム終了：得点 {scores}。最高点：{seats}",
        "event.game_started": "シリーズ第{game}ゲーム開始。{seat}がリードします。",
        "event.game_over": "ゲーム終了。勝者：{seats}",
        "outcome.series": "{games}ゲームの合計点。",
        "private.hand": "あなたの手札：{cards}",
        "private.legal": "出せるカード：{cards}",
        "error.card_not_in_hand": "そのカードは手札にありません。",
        "error.not_lower": "{lowest}より低い数字カードか旗印を出すか、パスしてください。",
        "error.must_play": "数字カードが出るまではパスできません。カードを出してください。",
        "error.bad_seat_count": "スパルタクスは3〜5人用です。",
        "error.bad_series_games": "シリーズは1〜{max}ゲームです。",
        "error.jokers_without_flags": "flags_as_jokers と no_flags は同時に使えません。",
        "error.joker_rule_without_jokers": (
            "joker_penalty と joker_voids_trick には flags_as_jokers が必要です。"
        ),
        "board.title": "スパルタクス",
        "board.game_of": "第{game}ゲーム（全{games}）",
        "board.rule.jokers": "ジョーカー",
        "board.rule.joker_penalty": "ジョーカー−10点",
        "board.rule.joker_voids": "ジョーカー入りは0点",
        "board.list_separator": "、",
        "board.rule.no_flags": "旗印なし",
        "board.rule.standard": "低いカードが強い · 旗印1枚ごとに2倍",
        "board.over": "ゲーム終了",
        "board.new_trick": "新しいトリック：リード待ち",
        "board.worth": "トリックの価値 {value}",
        "board.any_card": "どのカードでも可",
        "board.only_joker": "ジョーカーのみ",
        "board.below_or_joker": "{lowest}未満かジョーカー",
        "board.last_takes": "最後のカードが獲得",
        "board.no_number": "数字カードがまだない：パス不可",
        "board.nothing_beats_1": "1より低いカードはない",
        "board.below": "{lowest}未満を出す",
        "board.lowest_takes": "最も低いカードが獲得",
        "board.final_scores": "最終得点",
        "board.players": "プレイヤー",
        "board.game": "第{game}ゲーム",
        "board.score": "得点",
        "board.hand": "手札",
        "board.tricks": "トリック",
        "board.left_in_hand": "残った手札",
        "board.status": "状況",
        "board.series_total": "シリーズ合計",
        "board.to_play": "手番",
        "board.taking": "現在獲得中",
        "board.passed": "パス",
        "board.joker": "ジョーカー",
        "board.flag": "旗印",
        "board.last_trick": "直前のトリック：{player}が{cards}を獲得（{value}点）",
    },
}

STRINGS: Catalog = merge_catalogs(_OWN, LEARN)
