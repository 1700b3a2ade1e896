"""Konsul's texts in English and Japanese: rules help, prompts, choices, narration, errors, board."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.konsul.learn import LEARN

_EN = {
    "name": "Konsul",
    "summary": "Bid for the right to turn cards of a face-down grid; remember where they lie.",
    "rules": (
        "2–4 players. 35 cards lie face down in a 5×7 grid (A1–E7): numbers 1–5 in five colours "
        "and 10 banners. Everyone starts with a 6, a 7 and an 8 in hand.\n"
        "Each round is an open auction: the start player must open with a bid of at least 1, then "
        "clockwise each player raises or passes (a pass is final for the round). The last bidder "
        "left turns cards one at a time. The turned cards must form a set: all the same colour or "
        "all the same number; banners fit any set. A set is worth the sum of its numbers, +2 per "
        "banner. Once it is worth the bid you may stop and take every turned card, or keep "
        "turning. A card that does not fit ends the turn: you give up a hand card face up onto an "
        "empty slot (beside the grid, X1…, when none is empty), then every face-up card goes face "
        "down again and the next player starts. Failing with an empty hand puts you out of the "
        "game. Success: you start the next round.\n"
        "It is a memory game: cards turned back are never shown again. The game ends when the grid "
        "is empty; most cards wins (values do not count), ties share the win.\n"
        "Variant count_bidding: bids are numbers of cards, every card counts 1."
    ),
    "option.count_bidding": "Bids are numbers of cards (every card counts 1)",
    "choice.pass": "Pass",
    "choice.bid": "Bid {amount}",
    "choice.stop": "Stop and take the cards",
    "choice.slot": "{slot}",
    "card.banner": "Banner",
    "card.colour.0": "Red {value}",
    "card.colour.1": "Blue {value}",
    "card.colour.2": "Green {value}",
    "card.colour.3": "Yellow {value}",
    "card.colour.4": "White {value}",
    "move.bid": "Bid or pass",
    "move.flip": "Turn a card",
    "move.give_up": "Give up a card",
    "field.bid": "Your bid",
    "field.flip": "Card to turn",
    "field.card": "Card you give up",
    "field.slot": "Slot it goes to",
    "prompt.open": "{seat} opens the auction: bid at least 1.",
    "prompt.bid": "{seat}: raise the bid of {high} ({seat_high}) or pass.",
    "prompt.flip": "{seat} turns a card: the set is worth {value}, the bid is {bid}.",
    "prompt.flip_count": "{seat} turns a card: {value:card|cards} in the set, the bid is {bid}.",
    "prompt.give_up": "{seat} missed the bid: give up a card from your hand into the grid.",
    "event.passed": "{seat} passes.",
    "event.bid": "{seat} bids {amount}.",
    "event.auction_won": "{seat} wins the auction with {amount}.",
    "event.flipped": "{seat} turns {slot}: {card}.",
    "event.misfit": "The card on {slot} does not fit: {seat} fails.",
    "event.ran_out": "No face-down card is left: {seat} fails.",
    "event.gave_up": "{seat} gives up a card onto {slot}; the face-up cards are turned back.",
    "event.success": "{seat} makes the bid and takes {count:card|cards}.",
    "event.eliminated": "{seat} has no card to give up and is out of the game.",
    "event.round_started": "Round {round}: {seat} starts the auction.",
    "event.game_over": "Game over. Winner: {seats}.",
    "reason.last_standing": "The last player still in the game wins.",
    "private.hand": "Your hand: {count:card|cards}",
    "private.empty_hand": "Your hand is empty (failing a bid now puts you out).",
    "private.banners": "Banners: {count}",
    "private.colour.0": "Red: {values}",
    "private.colour.1": "Blue: {values}",
    "private.colour.2": "Green: {values}",
    "private.colour.3": "Yellow: {values}",
    "private.colour.4": "White: {values}",
    "error.eliminated": "You are out of the game.",
    "error.already_passed": "You have passed this round.",
    "error.opening_pass": "The start player must open the auction with a bid.",
    "error.bad_bid": "A bid is a whole number.",
    "error.bid_too_low": "A bid is at least 1.",
    "error.bid_not_higher": "Bid more than the current {high}.",
    "error.below_bid": "Your set is worth {value}; you need {bid} before you may stop.",
    "error.bad_slot": "There is no such slot.",
    "error.empty_slot": "Slot {slot} is empty.",
    "error.face_up": "The card on {slot} is already face up.",
    "error.not_in_hand": "That card is not in your hand.",
    "error.slot_occupied": "Slot {slot} is taken; choose an empty slot.",
    "board.title": "Konsul",
    "board.round": "Round {round}",
    "board.opening": "{name} opens the auction",
    "board.bidding": "{name} to bid · high bid {high} ({holder})",
    "board.flipping": "{name} turns cards · set {value} / bid {bid}",
    "board.flipping_count": "{name} turns cards · set {value} / bid {bid:card|cards}",
    "board.giving_up": "{name} failed and gives up a card",
    "board.over": "Game over · winner: {names}",
    "board.last_standing": "Game over · last player standing: {names}",
    "board.beside": "Beside the grid",
    "board.cards": "{count:card|cards}",
    "board.out": "out",
    "board.winner": "winner",
    "board.passed": "passed",
    "board.to_bid": "to bid",
    "board.high": "high bid {amount}",
    "board.turning": "turning · bid {amount}",
    "board.starts": "starts",
    "board.shown": "shown, now face down",
    "board.taken": "just taken",
    "board.colour.0": "red",
    "board.colour.1": "blue",
    "board.colour.2": "green",
    "board.colour.3": "yellow",
    "board.colour.4": "white",
    "board.banner": "banner",
    "board.mode_value": "bids in points",
    "board.mode_count": "bids in cards",
}

_JA = {
    "name": "執政官（コンスル）",
    "summary": "伏せたカードをめくる権利を競り、どこに何があったかを覚えておく記憶ゲームです。",
    "rules": (
        "2〜4人。35枚のカードを5×7の格子（A1〜E7）に伏せて並べます：5色の1〜5の数字カードと"
        "旗印10枚。各プレイヤーは6・7・8を1枚ずつ手札に持って始めます。\n"
        "毎ラウンド公開の競りを行います：スタートプレイヤーは必ず1以上で競り始め、時計回りに"
        "各プレイヤーは競り上げるかパスします（パスしたらそのラウンドは競れません）。最後に残った"
        "競り手がカードを1枚ずつめくります。めくったカードは組にならなければなりません：すべて"
        "同じ色か、すべて同じ数字。旗印はどの組にも入ります。組の価値は数字の合計で、旗印は1枚2点。"
        "価値が競り値に達したら止めてめくったカードをすべて獲得するか、さらにめくり続けられます。"
        "組に合わないカードをめくったら失敗：手札を1枚、空いているマス（空きがなければ格子の横の"
        "X1…）に表向きで置き、表になっているカードをすべて伏せ直して、次のプレイヤーから競ります。"
        "手札がないまま失敗すると脱落します。成功したら次のラウンドはその人から始めます。\n"
        "記憶ゲームなので、伏せ直したカードは二度と表示しません。格子が空になったら終了し、"
        "手札の枚数が最も多い人の勝ち（数字は数えません）。同数なら同点勝利です。\n"
        "バリアント count_bidding：競り値はカードの枚数で、どのカードも1と数えます。"
    ),
    "option.count_bidding": "競り値をカードの枚数で数える（どのカードも1）",
    "choice.pass": "パス",
    "choice.bid": "{amount}で競る",
    "choice.stop": "止めてカードを獲得",
    "choice.slot": "{slot}",
    "card.banner": "旗印",
    "card.colour.0": "赤の{value}",
    "card.colour.1": "青の{value}",
    "card.colour.2": "緑の{value}",
    "card.colour.3": "黄の{value}",
    "card.colour.4": "白の{value}",
    "move.bid": "競る／パス",
    "move.flip": "カードをめくる",
    "move.give_up": "手札を置く",
    "field.bid": "競り値",
    "field.flip": "めくるカード",
    "field.card": "手放すカード",
    "field.slot": "置くマス",
    "prompt.open": "{seat}が競りを始めます：1以上で競ってください。",
    "prompt.bid": "{seat}：{high}（{seat_high}）より高く競るか、パスしてください。",
    "prompt.flip": "{seat}がカードをめくります：組の価値{value}（競り値{bid}）",
    "prompt.flip_count": "{seat}がカードをめくります：組{value}枚（競り値{bid}枚）",
    "prompt.give_up": "{seat}は競り値に届きませんでした。手札を1枚選んで格子に置いてください。",
    "event.passed": "{seat}はパス。",
    "event.bid": "{seat}が{amount}で競りました。",
    "event.auction_won": "{seat}が{amount}で落札しました。",
    "event.flipped": "{seat}が{slot}をめくりました：{card}。",
    "event.misfit": "{slot}のカードは組に合いません：{seat}の失敗です。",
    "event.ran_out": "伏せたカードがなくなりました：{seat}の失敗です。",
    "event.gave_up": "{seat}が手札を1枚{slot}に置き、表のカードをすべて伏せ直しました。",
    "event.success": "{seat}が競り値を達成し、カードを{count}枚獲得しました。",
    "event.eliminated": "{seat}は置く手札がなく、脱落しました。",
    "event.round_started": "ラウンド{round}：{seat}から競りを始めます。",
    "event.game_over": "ゲーム終了。勝者：{seats}",
    "reason.last_standing": "最後まで残ったプレイヤーの勝ちです。",
    "private.hand": "あなたの手札：{count}枚",
    "private.empty_hand": "手札がありません（今、競りに失敗すると脱落します）。",
    "private.banners": "旗印：{count}枚",
    "private.colour.0": "赤：{values}",
    "private.colour.1": "青：{values}",
    "private.colour.2": "緑：{values}",
    "private.colour.3": "黄：{values}",
    "private.colour.4": "白：{values}",
    "error.eliminated": "あなたは脱落しています。",
    "error.already_passed": "このラウンドはもうパスしています。",
    "error.opening_pass": "スタートプレイヤーはパスできません。競り値を付けてください。",
    "error.bad_bid": "競り値は整数です。",
    "error.bid_too_low": "競り値は1以上です。",
    "error.bid_not_higher": "現在の{high}より高く競ってください。",
    "error.below_bid": "組の価値は{value}です。止めるには{bid}が必要です。",
    "error.bad_slot": "そのマスはありません。",
    "error.empty_slot": "{slot}は空いています。",
    "error.face_up": "{slot}のカードは既に表向きです。",
    "error.not_in_hand": "そのカードは手札にありません。",
    "error.slot_occupied": "{slot}は埋まっています。空いているマスを選んでください。",
    "board.title": "執政官（コンスル）",
    "board.round": "ラウンド{round}",
    "board.opening": "{name}が競りを始めます",
    "board.bidding": "{name}の競り番 · 最高値{high}（{holder}）",
    "board.flipping": "{name}がめくり中 · 組{value}／競り値{bid}",
    "board.flipping_count": "{name}がめくり中 · 組{value}枚／競り値{bid}枚",
    "board.giving_up": "{name}が失敗し、手札を1枚置きます",
    "board.over": "ゲーム終了 · 勝者：{names}",
    "board.last_standing": "ゲーム終了 · 最後に残った勝者：{names}",
    "board.beside": "格子の横",
    "board.cards": "{count}枚",
    "board.out": "脱落",
    "board.winner": "勝者",
    "board.passed": "パス",
    "board.to_bid": "競り番",
    "board.high": "最高値{amount}",
    "board.turning": "めくり中 · 競り値{amount}",
    "board.starts": "スタート",
    "board.shown": "直前に表、今は裏",
    "board.taken": "今獲得されたカード",
    "board.colour.0": "赤",
    "board.colour.1": "青",
    "board.colour.2": "緑",
    "board.colour.3": "黄",
    "board.colour.4": "白",
    "board.banner": "旗印",
    "board.mode_value": "競り値＝点数",
    "board.mode_count": "競り値＝枚数",
}

STRINGS: Catalog = merge_catalogs({"en": _EN, "ja": _JA}, LEARN)
