"""The message catalog (en, ja): prompts, choices, narration, errors, options, board labels, and
the words of the card data (card and faction names as `term.<id>`, card texts, goods), which
events and choices name by key (messages.py)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs
from engine.games.imperial_settlers.cards import card_set_names, load_card_set
from engine.games.imperial_settlers.learn import LEARN
from engine.games.imperial_settlers.words import GOOD_WORDS, PARTS, card_text, short_text

RULES_EN = (
    "2–4 players, 5 rounds, one faction each (Romans, Barbarians, Egyptians, Japanese). Each "
    "round: LOOKOUT — everyone draws a faction card, then two displays of players+1 common "
    "cards are drafted (start player first, then the last player first). PRODUCTION — a "
    "defence token, your faction board, your deals and production locations. ACTIONS — one "
    "action per turn until everyone passes: build a card (pay its cost; gold replaces wood, "
    "stone or food; some faction cards need a location or foundation discarded), make a deal "
    "with a faction card (1 food: its reward now and every production), raze a card from hand "
    "(1 raze token, gain its raze reward), raze an opponent's common location (2+ raze tokens; "
    "the owner may defend it with a defence token, privately), use an action location or your "
    "board, exchange 2 workers for a resource or card, or pass. CLEANUP — everything but "
    "cards, VP, locations, deals, samurai and sun seals is discarded unless stored.\n"
    "Final score: VP + 1 per common and 2 per faction location + end-game features. Ties: most "
    "resources and workers left, then most cards in hand.\n"
    "Options: card_set (original_v1), common_deck_scale (auto/1/2), faction_assignment "
    "(choose/random), first_player (random/host), always_prompt_defence (true), rounds (5). "
    "The solo variant (invasion cards) is not available."
)
RULES_JA = (
    "2〜4人、5ラウンド。各自1つの文明（ローマ、バーバリアン、エジプト、日本）を率います。各ラウンド："
    "偵察 — 全員が文明カードを1枚引き、共通カードを人数+1枚ずつ2回並べてドラフトします（1回目はスタート"
    "プレイヤーから、2回目は最後のプレイヤーから）。生産 — 防衛トークン1つ、文明ボード、交易、生産の建物"
    "から物資を得ます。アクション — 全員がパスするまで1手番1アクション：カードを建設（コストを支払う。"
    "金は木材・石材・食料の代わりになる。土台が必要な文明カードは自分の建物か土台を1つ捨てる）、文明カード"
    "で交易（食料1：報酬を今と毎生産で得る）、手札を破壊（破壊トークン1で破壊報酬）、相手の共通の建物を"
    "破壊（破壊トークン2以上。持ち主は非公開で防衛トークンを置いて守れる）、アクションの建物や文明ボード"
    "を使う、労働者2人を資源かカードに交換、またはパス。整理 — カード・勝利点・建物・交易・侍・太陽の印章"
    "以外は保管できる分を除いて捨てます。\n"
    "最終得点：勝利点＋共通の建物1点・文明の建物2点＋終了時の特性。同点なら残った資源と労働者の数、"
    "次に手札の枚数。\n"
    "オプション：card_set（original_v1）、common_deck_scale（auto/1/2）、faction_assignment"
    "（choose/random）、first_player（random/host）、always_prompt_defence（true）、rounds（5）。"
    "ソロバリアント（侵攻カード）には未対応です。"
)

EN = {
    "name": "Imperial Settlers",
    "summary": "Build an empire of location cards over five rounds: draft, produce, build, "
    "deal and raze.",
    "rules": RULES_EN,
    "option.card_set": "Card data set (original_v1)",
    "option.common_deck_scale": "Copies of the common deck: auto (2 with 4 players), 1 or 2",
    "option.faction_assignment": "Factions: choose in seat order, or random",
    "option.first_player": "Start player: random or the host",
    "option.always_prompt_defence": "Always ask the owner of a razed common location (hides "
    "whether they hold a token)",
    "option.rounds": "Number of rounds",
    "option.solo_variant": "Solo variant with invasion cards (not available)",
    "outcome.reason": "Highest final score; ties: most resources and workers, then most cards.",
    "move.act": "Take your turn",
    "move.foundation": "Choose foundation",
    "move.exchange_more": "Exchange workers",
    "move.confirm": "Confirm the raze",
    "move.store": "Choose storage",
    "move.draw": "Choose deck",
    "move.samurai": "Place samurai",
    "move.faction": "Choose faction",
    "move.pick": "Pick a card",
    "move.defend": "Defend?",
    "prompt.faction": "{seat}: choose your faction.",
    "prompt.pick": "Lookout ({stage}/2): {seat} picks a card from the display.",
    "prompt.turn": "Round {round}: {seat}'s turn — choose an action.",
    "prompt.exchange": "{seat}: exchange another 2 workers ({workers} left), or done.",
    "prompt.foundation": "{seat} chooses a foundation.",
    "prompt.defend": "{seat_attacker} attacks {seat}'s {card} ({cost} raze tokens). "
    "{seat}: place a defence token on it?",
    "prompt.confirm": "{seat_owner} defended: the raze now costs {cost} raze tokens. {seat}: "
    "confirm or withdraw?",
    "prompt.card_any": "{seat}: draw a card from which deck?",
    "prompt.samurai": "{seat}: place a samurai on which location?",
    "prompt.store": "{seat}: storage — choose the {count} goods you keep.",
    "field.faction": "Faction",
    "field.card": "Card",
    "field.do": "Action",
    "field.choice": "Exchange",
    "field.foundation": "Location or foundation to discard for {card}",
    "field.answer": "Answer",
    "field.deck": "Deck",
    "field.location": "Location",
    "field.keep": "Goods to keep",
    "choice.faction": "{faction}",
    "choice.card": "{card} ({cost})",
    "choice.confirm": "Raze for {cost} tokens",
    "choice.withdraw": "Withdraw",
    "choice.deck_common": "Common deck",
    "choice.deck_faction": "{deck} deck",
    "choice.location": "{card}",
    "choice.defend": "Defend (place a token)",
    "choice.decline": "Don't defend",
    "choice.good": "{good}",
    "choice.exchange": "2 workers → {goods}",
    "choice.done": "Done",
    "choice.seal": "Spend a sun seal",
    "choice.foundation_up": "Discard {card}",
    "choice.foundation_down": "Foundation ({card})",
    "choice.cancel": "Cancel",
    "choice.pay_gold": "{card}: pay {goods} instead (keeps stored goods)",
    "choice.build": "Build {card} ({cost})",
    "choice.build_on": "Build {card} on {on} ({cost})",
    "choice.deal": "Deal {card} (→ {gain})",
    "choice.raze_hand": "Raze {card} from hand (→ {gain})",
    "choice.activate_board": "Faction board: {cost} → {gain}",
    "choice.activate": "Use {card}: {cost} → {gain}",
    "choice.raze": "Raze {seat_owner}'s {card} ({cost} tokens → {gain})",
    "choice.pass": "Pass",
    "event.effect": "{seat}: {source} → {goods}",
    "event.drew": "{seat} draws {count:card|cards} from the {deck} deck.",
    "event.drew_private": "You drew: {cards}",
    "event.reshuffled": "The {deck} discard pile is shuffled into a new deck.",
    "event.round_started": "Round {round} begins; start player {seat}.",
    "event.display": "Lookout display {stage}: {cards}",
    "event.no_pick": "{seat} gets no card (the display is empty).",
    "event.actions_started": "Action phase: {seat} acts first.",
    "event.samurai_lost": "{seat} has no location for the samurai; it is lost.",
    "event.stored": "{seat} keeps {goods} in storage.",
    "event.round_ended": "Round {round} ends; the start player is now {seat}.",
    "event.scored": "{seat}: {vp} VP + {common} common + {faction} faction + {bonus} "
    "end-game = {total}",
    "event.game_over": "Game over. Winner: {seats}.",
    "event.faction_chosen": "{seat} leads the {faction}.",
    "event.picked": "{seat} picks {card}.",
    "event.built": "{seat} builds {card}{on} (paid {paid}).",
    "event.dealt": "{seat} makes a deal with {card} (paid {paid}).",
    "event.razed_hand": "{seat} razes {card} from hand.",
    "event.raze_declared": "{seat} attacks {seat_owner}'s {card} ({cost} raze tokens).",
    "event.razed": "{seat} razes {seat_owner}'s {card} for {cost} raze tokens.",
    "event.activated": "{seat} uses {card} (paid {paid}).",
    "event.exchanged": "{seat} exchanges 2 workers for {goods}.",
    "event.passed": "{seat} passes.",
    "event.declined": "{seat} does not defend.",
    "event.defended": "{seat} defends {card}: the raze now costs {cost}.",
    "event.withdrawn": "{seat} withdraws the attack.",
    "event.withdrawn_auto": "{seat} cannot pay the higher cost: the attack is withdrawn.",
    "event.samurai_placed": "{seat} places a samurai on {card}.",
    "private.goods": "You hold: {goods} · {vp} VP",
    "private.hand": "Your hand ({count:card|cards}):",
    "private.group.production": "Production ({count}):",
    "private.group.feature": "Features ({count}):",
    "private.group.action": "Actions ({count}):",
    "private.card": "• {text}",
    "private.cards": "• {copies}× {text}",
    "built_on.none": "",
    "built_on.seal": " (spending a sun seal)",
    "built_on.card": " on {card}",
    "on.seal": "a sun seal",
    "source.board": "faction board",
    "source.supply": "supply",
    "name.faction_board": "Faction board",
    "deck.common": "common",
    "error.solo_not_implemented": "The solo variant (invasion cards) is not implemented; "
    "play with 2–4 players.",
    "error.unknown_card_set": "Unknown card set {name}.",
    "error.bad_card_set": "Unknown card set {value} (card sets: {values}).",
    "error.bad_faction": "Choose one of the four factions.",
    "error.faction_taken": "That faction is already taken.",
    "error.not_in_display": "That card is not in the display.",
    "error.not_in_hand": "That card is not in your hand.",
    "error.wrong_deck": "You can only build common cards and your own faction's cards.",
    "error.cannot_pay": "You cannot pay for that.",
    "error.bad_payment": "That payment does not cover the cost exactly.",
    "error.foundation_required": "This card needs a foundation: one of your locations or "
    "foundations (or a sun seal).",
    "error.no_more_cancels": (
        "One action may be cancelled {count} times; choose a foundation now."
    ),
    "error.foundation_not_yours": "Name one of your own locations or foundations as the "
    "foundation.",
    "error.foundation_not_needed": "This card needs no foundation.",
    "error.not_faction_card": "Only your own faction's cards can be used for deals.",
    "error.not_razable": "This card has no raze reward and cannot be razed from hand.",
    "error.no_raze_token": "You need a raze token.",
    "error.bad_target": "Choose another player's location.",
    "error.target_passed": "That player has passed and cannot be attacked this round.",
    "error.no_such_location": "That location does not exist.",
    "error.location_not_razable": "Only common (and Japanese faction) locations can be razed.",
    "error.not_enough_raze": "Razing that location costs {cost} raze tokens.",
    "error.not_action_location": "That is not one of your action locations.",
    "error.used_up": "That action has been used up this round.",
    "error.bad_exchange": "Exchange workers for wood, stone, food or a card.",
    "error.not_enough_workers": "You need 2 workers for each exchange.",
    "error.bad_answer": "Choose one of the offered answers.",
    "error.no_defence_token": "You have no defence token to place.",
    "error.bad_deck": "Choose the common deck or your faction deck.",
    "error.bad_location": "Choose one of your locations without a samurai.",
    "error.bad_storage": "Choose exactly {count} goods you hold.",
    "board.locale": "en",
    "board.title": "Imperial Settlers",
    "board.over": "Game over — final scoring",
    "board.round": "Round {round}/{rounds} · {phase}",
    "board.phase.faction": "choosing factions",
    "board.phase.lookout": "Lookout",
    "board.phase.production": "Production",
    "board.phase.action": "Actions",
    "board.phase.cleanup": "Cleanup",
    "board.phase.over": "Game over",
    "board.waiting": "waiting for {players}",
    "board.display": "Lookout display",
    "board.decks": "Common deck {deck} · discard {discard}",
    "board.card": "{name}",
    "board.faction": "{name}",
    "board.board": "faction board",
    "board.start": "start player",
    "board.passed": "passed",
    "board.vp": "{vp} VP",
    "board.hand": "{count:card|cards}",
    "board.g.wood": "Wood",
    "board.g.stone": "Stone",
    "board.g.food": "Food",
    "board.g.gold": "Gold",
    "board.g.worker": "Workers",
    "board.g.raze": "Raze",
    "board.g.defense": "Defence",
    "board.g.seal": "Seals",
    "board.kind.production": "Production {count}",
    "board.kind.feature": "Feature {count}",
    "board.kind.action": "Action {count}",
    "board.kind.foundation": "Foundations {count}",
    "board.deals": "Deals {count}: {cards}",
    "board.foundation": "foundation (face down)",
    "board.defence": "Def",
    "board_text.display": "On display: {text}",
    "board_text.legend": (
        "Board: ● production, ★ feature, ▶ action location, ■ foundation (a card face down); "
        "Def: a defence token guards it; Sam: a samurai guards it; ✓ its action used this round."
    ),
    "board.samurai": "Sam",
    "board.cost": "Cost",
    "board.final": "{vp} VP + {common} common + {faction} faction + {bonus} end-game = {total}"
    "  (resources {held}, hand {hand})",
    "board.raze": "{attacker} attacks {owner}'s {card} (cost {cost} raze tokens)",
    "board.last.faction": "Last: {player} chose a faction",
    "board.last.pick": "Last: {player} picked {card}",
    "board.last.build": "Last: {player} built {card}",
    "board.last.deal": "Last: {player} made a deal with {card}",
    "board.last.raze_hand": "Last: {player} razed {card} from hand",
    "board.last.raze": "Last: {player} attacked {owner}'s {card}",
    "board.last.razed": "Last: {player} razed {owner}'s {card}",
    "board.last.activate": "Last: {player} used {card}",
    "board.last.exchange": "Last: {player} exchanged workers",
    "board.last.pass": "Last: {player} passed",
    "board.last.store": "Last: {player} chose storage",
}

JA = {
    "name": "インペリアル・セトラーズ",
    "summary": "5ラウンドで建物カードの帝国を築きます：ドラフト、生産、建設、交易、破壊。",
    "rules": RULES_JA,
    "option.card_set": "カードデータ（original_v1）",
    "option.common_deck_scale": "共通デッキの枚数：auto（4人なら2倍）、1、2",
    "option.faction_assignment": "文明の決め方：席順に選ぶ（choose）かランダム（random）",
    "option.first_player": "スタートプレイヤー：ランダムかホスト",
    "option.always_prompt_defence": "共通の建物を破壊されるとき常に持ち主に尋ねる（トークンの有無を隠す）",
    "option.rounds": "ラウンド数",
    "option.solo_variant": "侵攻カードのソロバリアント（未対応）",
    "outcome.reason": "最終得点の最多が勝ち。同点なら資源と労働者の数、次に手札の枚数。",
    "move.act": "手番を行う",
    "move.foundation": "土台を選ぶ",
    "move.exchange_more": "労働者を交換",
    "move.confirm": "破壊を確定",
    "move.store": "保管を選ぶ",
    "move.draw": "山札を選ぶ",
    "move.samurai": "侍を置く",
    "move.faction": "文明を選ぶ",
    "move.pick": "カードを選ぶ",
    "move.defend": "防衛する？",
    "prompt.faction": "{seat}：文明を選んでください。",
    "prompt.pick": "偵察（{stage}/2）：{seat}が場からカードを1枚選びます。",
    "prompt.turn": "ラウンド{round}：{seat}の手番 — アクションを選んでください。",
    "prompt.exchange": "{seat}：さらに労働者2人を交換しますか（残り{workers}人）？終わるなら「完了」。",
    "prompt.foundation": "{seat}が土台を選んでいます。",
    "prompt.defend": "{seat_attacker}が{seat}の{card}を攻撃（破壊トークン{cost}）。"
    "{seat}：防衛トークンを置きますか？",
    "prompt.confirm": "{seat_owner}が防衛しました。破壊のコストは破壊トークン{cost}です。"
    "{seat}：確定しますか、取りやめますか？",
    "prompt.card_any": "{seat}：どちらの山札から引きますか？",
    "prompt.samurai": "{seat}：侍をどの建物に置きますか？",
    "prompt.store": "{seat}：保管 — 残す物資を{count}つ選んでください。",
    "field.faction": "文明",
    "field.card": "カード",
    "field.do": "アクション",
    "field.choice": "交換",
    "field.foundation": "{card}の土台として捨てる建物（または土台）",
    "field.answer": "返答",
    "field.deck": "山札",
    "field.location": "建物",
    "field.keep": "残す物資",
    "choice.faction": "{faction}",
    "choice.card": "{card}（{cost}）",
    "choice.confirm": "破壊トークン{cost}で破壊",
    "choice.withdraw": "取りやめる",
    "choice.deck_common": "共通の山札",
    "choice.deck_faction": "{deck}の山札",
    "choice.location": "{card}",
    "choice.defend": "防衛する（トークンを置く）",
    "choice.decline": "防衛しない",
    "choice.good": "{good}",
    "choice.exchange": "労働者2 → {goods}",
    "choice.done": "完了",
    "choice.seal": "太陽の印章を使う",
    "choice.foundation_up": "{card}を捨てる",
    "choice.foundation_down": "土台（{card}）",
    "choice.cancel": "キャンセル",
    "choice.pay_gold": "{card}：代わりに{goods}で支払う（保管できる資源を残す）",
    "choice.build": "{card}を建設（{cost}）",
    "choice.build_on": "{on}を土台に{card}を建設（{cost}）",
    "choice.deal": "{card}で交易（→ {gain}）",
    "choice.raze_hand": "手札の{card}を破壊（→ {gain}）",
    "choice.activate_board": "文明ボード：{cost} → {gain}",
    "choice.activate": "{card}を使う：{cost} → {gain}",
    "choice.raze": "{seat_owner}の{card}を破壊（トークン{cost} → {gain}）",
    "choice.pass": "パス",
    "event.effect": "{seat}：{source} → {goods}",
    "event.drew": "{seat}が{deck}の山札から{count}枚引きました。",
    "event.drew_private": "引いたカード：{cards}",
    "event.reshuffled": "{deck}の捨て札を切り直して山札にしました。",
    "event.round_started": "ラウンド{round}開始。スタートプレイヤーは{seat}。",
    "event.display": "偵察の場{stage}：{cards}",
    "event.no_pick": "{seat}は場が空のためカードを得られません。",
    "event.actions_started": "アクションフェイズ：{seat}から。",
    "event.samurai_lost": "{seat}は侍を置ける建物がなく、侍は失われました。",
    "event.stored": "{seat}は{goods}を保管しました。",
    "event.round_ended": "ラウンド{round}終了。スタートプレイヤーは{seat}に移ります。",
    "event.scored": "{seat}：勝利点{vp}＋共通{common}＋文明{faction}＋終了時{bonus}＝{total}",
    "event.game_over": "ゲーム終了。勝者：{seats}",
    "event.faction_chosen": "{seat}は{faction}を率います。",
    "event.picked": "{seat}が{card}を取りました。",
    "event.built": "{seat}が{card}を建設{on}（支払い：{paid}）。",
    "event.dealt": "{seat}が{card}で交易（支払い：{paid}）。",
    "event.razed_hand": "{seat}が手札の{card}を破壊しました。",
    "event.raze_declared": "{seat}が{seat_owner}の{card}を攻撃（破壊トークン{cost}）。",
    "event.razed": "{seat}が破壊トークン{cost}で{seat_owner}の{card}を破壊しました。",
    "event.activated": "{seat}が{card}を使用（支払い：{paid}）。",
    "event.exchanged": "{seat}が労働者2人を{goods}に交換。",
    "event.passed": "{seat}がパスしました。",
    "event.declined": "{seat}は防衛しません。",
    "event.defended": "{seat}が{card}を防衛：破壊のコストは{cost}になりました。",
    "event.withdrawn": "{seat}は攻撃を取りやめました。",
    "event.withdrawn_auto": "{seat}は増えたコストを払えず、攻撃は取りやめになりました。",
    "event.samurai_placed": "{seat}が{card}に侍を置きました。",
    "private.goods": "あなたの持ち物：{goods} · {vp}勝利点",
    "private.hand": "あなたの手札（{count}枚）：",
    "private.group.production": "生産（{count}枚）：",
    "private.group.feature": "特性（{count}枚）：",
    "private.group.action": "アクション（{count}枚）：",
    "private.card": "• {text}",
    "private.cards": "• {copies}× {text}",
    "built_on.none": "",
    "built_on.seal": "（太陽の印章を使用）",
    "built_on.card": "（{card}を土台に）",
    "on.seal": "太陽の印章",
    "source.board": "文明ボード",
    "source.supply": "サプライ",
    "name.faction_board": "文明ボード",
    "deck.common": "共通",
    "error.solo_not_implemented": "ソロバリアント（侵攻カード）は未実装です。2〜4人で遊んでください。",
    "error.unknown_card_set": "不明なカードデータ：{name}",
    "error.bad_card_set": "不明なカードデータ：{value}（選べるもの：{values}）",
    "error.bad_faction": "4つの文明から1つを選んでください。",
    "error.faction_taken": "その文明は既に選ばれています。",
    "error.not_in_display": "そのカードは場にありません。",
    "error.not_in_hand": "そのカードは手札にありません。",
    "error.wrong_deck": "建設できるのは共通カードと自分の文明のカードだけです。",
    "error.cannot_pay": "その支払いができません。",
    "error.bad_payment": "その支払いはコストとぴったり合いません。",
    "error.foundation_required": "このカードには土台が必要です：自分の建物か土台（または太陽の印章）。",
    "error.foundation_not_yours": "土台には自分の建物か土台を指定してください。",
    "error.no_more_cancels": "1回のアクションでキャンセルできるのは{count}回までです。土台を選んでください。",
    "error.foundation_not_needed": "このカードに土台は不要です。",
    "error.not_faction_card": "交易に使えるのは自分の文明のカードだけです。",
    "error.not_razable": "このカードには破壊報酬がなく、手札から破壊できません。",
    "error.no_raze_token": "破壊トークンが必要です。",
    "error.bad_target": "他のプレイヤーの建物を選んでください。",
    "error.target_passed": "そのプレイヤーはパスしたので、このラウンドは攻撃できません。",
    "error.no_such_location": "その建物はありません。",
    "error.location_not_razable": "破壊できるのは共通の建物（と日本の文明の建物）だけです。",
    "error.not_enough_raze": "その建物の破壊には破壊トークンが{cost}必要です。",
    "error.not_action_location": "それはあなたのアクションの建物ではありません。",
    "error.used_up": "そのアクションはこのラウンドもう使えません。",
    "error.bad_exchange": "労働者は木材・石材・食料・カードに交換できます。",
    "error.not_enough_workers": "交換1回につき労働者2人が必要です。",
    "error.bad_answer": "示された返答から選んでください。",
    "error.no_defence_token": "置ける防衛トークンがありません。",
    "error.bad_deck": "共通の山札か自分の文明の山札を選んでください。",
    "error.bad_location": "侍のいない自分の建物を選んでください。",
    "error.bad_storage": "持っている物資からちょうど{count}つ選んでください。",
    "board.locale": "ja",
    "board.title": "インペリアル・セトラーズ",
    "board.over": "ゲーム終了 — 最終得点",
    "board.round": "ラウンド{round}/{rounds} · {phase}",
    "board.phase.faction": "文明の選択",
    "board.phase.lookout": "偵察",
    "board.phase.production": "生産",
    "board.phase.action": "アクション",
    "board.phase.cleanup": "整理",
    "board.phase.over": "ゲーム終了",
    "board.waiting": "{players}の入力待ち",
    "board.display": "偵察の場",
    "board.decks": "共通の山札{deck}枚・捨て札{discard}枚",
    "board.card": "{name_ja}",
    "board.faction": "{name_ja}",
    "board.board": "文明ボード",
    "board.start": "スタートプレイヤー",
    "board.passed": "パス済み",
    "board.vp": "{vp}勝利点",
    "board.hand": "手札{count}枚",
    "board.g.wood": "木材",
    "board.g.stone": "石材",
    "board.g.food": "食料",
    "board.g.gold": "金",
    "board.g.worker": "労働者",
    "board.g.raze": "破壊",
    "board.g.defense": "防衛",
    "board.g.seal": "印章",
    "board.kind.production": "生産{count}",
    "board.kind.feature": "特性{count}",
    "board.kind.action": "アクション{count}",
    "board.kind.foundation": "土台{count}",
    "board.deals": "交易{count}：{cards}",
    "board.foundation": "土台（裏向き）",
    "board.defence": "防",
    "board_text.display": "場のカード：{text}",
    "board_text.legend": (
        "盤面：● 生産、★ 特性、▶ アクションの建物、■ 土台（裏向きのカード）。"
        "防：防衛トークンが守る。侍：侍が守る。✓ このラウンドにアクションを使った。"
    ),
    "board.samurai": "侍",
    "board.cost": "コスト",
    "board.final": "勝利点{vp}＋共通{common}＋文明{faction}＋終了時{bonus}＝{total}"
    "（資源{held}・手札{hand}）",
    "board.raze": "{attacker}が{owner}の{card}を攻撃中（破壊トークン{cost}）",
    "board.last.faction": "直前：{player}が文明を選択",
    "board.last.pick": "直前：{player}が{card}を取った",
    "board.last.build": "直前：{player}が{card}を建設",
    "board.last.deal": "直前：{player}が{card}で交易",
    "board.last.raze_hand": "直前：{player}が手札の{card}を破壊",
    "board.last.raze": "直前：{player}が{owner}の{card}を攻撃",
    "board.last.razed": "直前：{player}が{owner}の{card}を破壊",
    "board.last.activate": "直前：{player}が{card}を使用",
    "board.last.exchange": "直前：{player}が労働者を交換",
    "board.last.pass": "直前：{player}がパス",
    "board.last.store": "直前：{player}が保管を選択",
}

GOODS_SEPARATOR = {"en": ", ", "ja": "・"}


def _good(word: str, locale: str) -> str:
    """One good with its amount `n`: "2 wood", "1 worker" / "木材2"."""
    if locale == "ja":
        return word + "{n}"
    return "{n:" + word + "}" if "|" in word else "{n} " + word


def _data_words(locale: str) -> dict[str, str]:
    """Goods (`goods.<count>` of `good.<good>`s), and the names and texts of every card set."""
    words = {f"good.{good}": _good(word, locale) for good, word in GOOD_WORDS[locale].items()}
    for count in range(len(GOOD_WORDS[locale]) + 1):
        slots = (f"{{g{index}}}" for index in range(count))
        words[f"goods.{count}"] = GOODS_SEPARATOR[locale].join(slots) or PARTS[locale]["nothing"]
    for name in card_set_names():
        cards = load_card_set(name)
        for faction_id, faction in cards.factions.items():
            words[f"term.{faction_id}"] = faction.name if locale == "en" else faction.name_ja
        for card in cards.cards.values():
            words[f"term.{card.id}"] = card.name if locale == "en" else card.name_ja
            words[f"card_text.{card.id}"] = card_text(card, locale)
            words[f"card_short.{card.id}"] = short_text(card, locale)
    return words


STRINGS: Catalog = merge_catalogs(
    {"en": EN | _data_words("en"), "ja": JA | _data_words("ja")}, LEARN
)
