"""Prokonsul's text catalog (English and Japanese). Province names arrive as `name` / `name_ja`
arguments from the board data, so a corrected board needs no catalog change."""

from __future__ import annotations

from engine.core import Catalog

EN = {
    "name": "Prokonsul",
    "summary": "Buy influence cards with chips to win a majority and become governor of Rome's provinces.",
    "rules": (
        "3–5 players. Each player has 10 influence cards (1–9 and 12), 5 counters and 20 chips; "
        "chip totals stay secret until the end, but every payment is announced. Each round is "
        "about the province under the black pawn.\n"
        "1. Everyone secretly chooses a card (you may change it until the last player has "
        "chosen); all are revealed. You need a strict majority of the total. A card that alone "
        "has it wins at once.\n"
        "2. Otherwise players petition in order of their cards, highest first (equal cards: "
        "leftmost pawn on the tie-break track first; a tied player who uses that priority moves "
        "his pawn to the right end). The petitioner makes offers, one player at a time: chips "
        "(paid at once if accepted) plus an optional promise that is not binding. Yes: he pays "
        "and takes ALL cards in front of that player. No: he may not ask that player again in "
        "this petition. He wins as soon as his cards reach the majority; he fails when nobody is "
        "left to ask. Players who gave their cards away are out of the round. If every petition "
        "fails, the first petitioner wins.\n"
        "3. The winner places a candidate counter on the province; if he already has one there "
        "he becomes governor, receives the province's value in chips (+5 for each linked "
        "province he also governs), and the other counters go back. Then he moves the black "
        "pawn to another ungoverned province. Cards come back after 10 rounds.\n"
        "The game ends when all 7 provinces have governors: most chips wins (ties: leftmost "
        "pawn on the track).\n"
        "During a petition only the petitioner (and the player answering him) may talk.\n"
        "Variants — negotiation two_way: the asked player may answer with a counter-offer, "
        "and the petitioner may accept it, offer again or break off. negotiation free: "
        "anyone may propose a coalition (winner, members whose cards reach the majority, "
        "payments between the winner and others); it wins when every involved player accepts. "
        "free_top_two_only: only the players with the two highest cards may win. "
        "free_allow_no_decision: if everybody agrees, the round ends without a winner. "
        "short_game: cards 1–7, the pawn visits each province once, a round win makes you "
        "governor at once, 7 rounds. quiet_petitions: remind or enforce who may talk."
    ),
    "option.negotiation": "Negotiation rules: strict (standard), two_way (counter-offers) or free",
    "option.free_allow_no_decision": "Free negotiation: a round may end without a winner",
    "option.free_top_two_only": "Free negotiation: only the two highest cards may win",
    "option.short_game": "Short game: cards 1–7, each province once, 7 rounds",
    "option.quiet_petitions": "During petitions, others must keep quiet: off, remind or enforce",
    "seat": "{seat}",
    "card": "{value}",
    "province": "{name} ({value})",
    "proposal": "Proposal #{id}",
    "field.card": "Your influence card",
    "field.target": "Player to ask",
    "field.chips": "Chips you offer",
    "field.promise": "Promise (optional, not binding)",
    "field.answer": "Your answer",
    "field.counter": "Chips you ask for (counter-offer only)",
    "field.decision": "Your decision",
    "field.proposal": "Proposal",
    "field.winner": "Round winner",
    "field.members": "Coalition members (their cards count)",
    "field.pay": "Chips the winner pays {seat} (negative: {seat} pays the winner)",
    "field.no_decision": "End the round without a decision?",
    "field.province": "Next province for the black pawn",
    "answer.accept": "Accept",
    "answer.decline": "Decline",
    "answer.counter": "Counter-offer",
    "decision.accept_counter": "Accept the counter-offer",
    "decision.offer": "Make a new offer",
    "decision.break_off": "Break off",
    "no_decision.end": "End without decision",
    "no_decision.continue": "Keep negotiating",
    "prompt.select": "Round {round} — {name} ({value}): choose your influence card.",
    "prompt.offer": (
        "{seat}, you are petitioning: you hold {held} of the {threshold} needed "
        "({need} more). Make an offer."
    ),
    "prompt.answer": "{seat}: {seat_petitioner} offers you {chips} chip(s) for your cards. {text}",
    "prompt.respond": "{seat}: {seat_target} asks for {chips} chip(s). Accept, offer again or break off?",
    "prompt.vote": "{seat}: proposal #{id} makes {seat_winner} the winner; it brings you {chips} chip(s). Accept?",
    "prompt.propose": "Free negotiation: propose a coalition reaching {threshold}.",
    "prompt.no_decision": "End this round without a winner? (pressed so far: {seats})",
    "prompt.move_pawn": "{seat}, move the black pawn to another province.",
    "event.chosen": "{seat} has chosen a card.",
    "event.your_card": "You chose {card}.",
    "event.choice_changed": "You changed your card to {card}.",
    "event.revealed": "Round {round}: cards revealed — total {total}, majority {threshold}.",
    "event.played": "{seat} played {card}.",
    "event.immediate_win": "{seat}'s {card} alone is a majority!",
    "event.petition_order": "Petition order: {seats}.",
    "event.track_moved": "{seat} used the tie-break priority and moves to the right end: {seats}.",
    "event.petitioner": "{seat} petitions, holding {held} ({need} more needed).",
    "event.offer": "{seat} offers {chips} chip(s) to {seat_target}.",
    "event.promise": "{seat}: “{text}”",
    "event.accepted": "{seat} accepts {seat_petitioner}'s {chips} chip(s); {seat_petitioner} now holds {held} of {threshold}.",
    "event.declined": "{seat} says no to {seat_petitioner}.",
    "event.counter": "{seat} asks {seat_petitioner} for {chips} chip(s) instead.",
    "event.broke_off": "{seat} breaks off the talks with {seat_target}.",
    "event.petition_failed": "{seat}'s petition fails.",
    "event.fallback": "Every petition failed: {seat}, the first petitioner, wins the round.",
    "event.free_open": "Free negotiation is open: a coalition needs {threshold}.",
    "event.free_open_top_two": "Free negotiation is open: a coalition needs {threshold}; only {seats} may win.",
    "event.proposed": "Proposal #{id} by {seat}: {seat_winner} wins with {seats} ({cards} in cards).",
    "event.proposed_payment": "  #{id}: {seat_payer} pays {seat_payee} {chips} chip(s).",
    "event.proposal_accepted": "{seat} accepts proposal #{id}.",
    "event.proposal_declined": "{seat} declines proposal #{id}; it is off the table.",
    "event.withdrawn": "{seat} withdraws proposal #{id}.",
    "event.transfer": "{seat_payer} pays {seat_payee} {chips} chip(s).",
    "event.coalition": "Proposal #{id} is agreed: {seat} wins the round with {seats}.",
    "event.no_decision_pressed": "{seat} would end the round without a decision.",
    "event.no_decision_retracted": "{seat} wants to keep negotiating.",
    "event.no_decision": "Round {round} ends without a decision.",
    "event.round_won": "{seat} wins the round in {name}.",
    "event.candidate": "{seat} becomes candidate in {name}.",
    "event.no_counter": "{seat} has no counter left: nothing is placed in {name}.",
    "event.no_counter_left": "{seat} has no counter left: {name} stays without governor.",
    "event.governor": "{seat} becomes governor of {name} and receives {chips} chip(s) from the bank.",
    "event.link_bonus": "{seat} also governs {name2}: link bonus of {chips} chip(s).",
    "event.counters_returned": "The other counters in {name} go back to {seats}.",
    "event.pawn_moved": "{seat} moves the black pawn to {name} ({value}).",
    "event.pawn_drawn": "The black pawn is drawn to {name} ({value}).",
    "event.pawn_stays": "The black pawn stays in {name}.",
    "event.hands_refilled": "All cards are used: everyone takes his {count} cards back.",
    "event.round_started": "Round {round} begins in {name} ({value}).",
    "event.final_chips": "{seat}: {chips} chips.",
    "event.game_over": "All provinces have governors. Winner: {seat}.",
    "private.chips": "Your chips: {chips}",
    "private.hand": "Your hand: {cards}",
    "private.no_cards": "Your hand is empty.",
    "private.choice": "Your face-down card: {card}",
    "private.no_choice": "You have not chosen a card yet.",
    "talk.strict": "{seat} is petitioning: only the petitioner speaks; the player asked may only say yes or no.",
    "talk.two_way": "{seat} is petitioning: only {seats} may speak now.",
    "talk.free": "Free negotiation: everybody may talk.",
    "outcome.reason": "Most chips wins; ties go to the pawn further left on the tie-break track.",
    "error.bad_card": "Choose a card from your hand.",
    "error.bad_target": "You can only ask a player who still holds cards and has not refused you.",
    "error.bad_amount": "That is not a valid number of chips.",
    "error.not_enough_chips": "You do not have that many chips.",
    "error.bad_text": "The promise text is too long.",
    "error.bad_answer": "Choose one of the offered answers.",
    "error.bad_decision": "Choose accept_counter, offer or break_off.",
    "error.cannot_afford": "Not enough chips to pay that.",
    "error.bad_province": "Unknown province.",
    "error.province_visited": "The black pawn has already been there.",
    "error.province_governed": "That province already has a governor.",
    "error.same_province": "The black pawn must move to another province.",
    "error.already_proposed": "You already have an open proposal; withdraw it first.",
    "error.bad_winner": "Choose the round winner among the players.",
    "error.not_top_two": "Only a player with one of the two highest cards may win.",
    "error.bad_members": "List distinct players, including the winner.",
    "error.no_majority": "These members' cards do not reach the majority.",
    "error.no_such_proposal": "That proposal is no longer open.",
    "error.not_involved": "You are not part of that proposal.",
    "error.already_answered": "You have already accepted that proposal.",
    "error.not_allowed": "This game does not allow ending a round without a decision.",
    "error.no_change": "That is already your answer.",
    "move.offer": "Make an offer",
    "move.respond": "Answer the counter-offer",
    "move.propose": "Propose a coalition",
    "shortcut.offer": "Offer chips to a player for their card (petitioner only)",
    "shortcut.offer.player": "The player whose card you want",
    "shortcut.offer.chips": "How many chips you offer",
    "shortcut.offer.promise": "A promise (optional)",
}

JA = {
    "name": "総督（プロコンスル）",
    "summary": "チップで影響力カードを買い集めて過半数を握り、ローマの属州の総督になりましょう。",
    "rules": (
        "3〜5人。各プレイヤーは影響力カード10枚（1〜9と12）、カウンター5個、チップ20枚を持ちます。"
        "チップの合計はゲーム終了まで秘密ですが、支払いはすべて公開されます。各ラウンドは黒のポーンが"
        "立っている属州を巡って行われます。\n"
        "1. 全員が秘密裏にカードを1枚選び（最後の人が選ぶまで変更可）、一斉に公開します。合計の過半数を"
        "握れば勝ちです。1枚で過半数に達したカードがあれば、その持ち主が即座に勝ちます。\n"
        "2. そうでなければ、高いカードを出した人から順に嘆願します（同じ値ならタイブレーク列で左の人が"
        "先。この優先権を使った人は自分のポーンを右端へ移します）。嘆願者は一人ずつ提案します：チップ"
        "（受諾されたら即支払い）と、守る義務のない約束。イエスなら支払って、その人の前のカードを全部"
        "受け取ります。ノーならこの嘆願中はその人にもう提案できません。カードが過半数に達した時点で"
        "勝ち、提案できる相手がいなくなれば失敗です。カードを手放した人はそのラウンドから外れます。"
        "全員が失敗したら最初の嘆願者が勝ちます。\n"
        "3. 勝者はその属州に候補者カウンターを置きます。すでに置いてあれば総督になり、属州の価値分の"
        "チップを受け取り（連結された属州の総督も兼ねていれば+5）、他のカウンターは持ち主に戻ります。"
        "その後、勝者は黒のポーンを総督のいない別の属州へ動かします。10ラウンドでカードは手札に戻ります。\n"
        "7つの属州すべてに総督が決まったら終了。チップ最多の人が勝ち（同数ならタイブレーク列で左の人）。\n"
        "嘆願中に話せるのは嘆願者（と回答中の相手）だけです。\n"
        "バリアント — negotiation two_way：提案された人は逆提案でき、嘆願者は受諾・再提案・打ち切りを"
        "選べます。negotiation free：誰でも連合（勝者、カードで過半数に達するメンバー、勝者と他の人の間の"
        "支払い）を提案でき、関係者全員が受諾すれば成立します。free_top_two_only：最も高いカードと2番目に"
        "高いカードの人しか勝者になれません。free_allow_no_decision：全員が同意すれば勝者なしでラウンドを"
        "終えられます。short_game：カード1〜7、各属州に1回ずつ、勝てば即総督、7ラウンド。"
        "quiet_petitions：話してよい人の注意（remind）または強制（enforce）。"
    ),
    "option.negotiation": "交渉ルール：strict（標準）、two_way（逆提案あり）、free（自由交渉）",
    "option.free_allow_no_decision": "自由交渉：勝者なしでラウンドを終えられる",
    "option.free_top_two_only": "自由交渉：最高と2番目のカードの人だけが勝者になれる",
    "option.short_game": "短縮ゲーム：カード1〜7、各属州1回、7ラウンド",
    "option.quiet_petitions": "嘆願中の私語：off（なし）、remind（注意）、enforce（削除）",
    "seat": "{seat}",
    "card": "{value}",
    "province": "{name_ja}（{value}）",
    "proposal": "提案#{id}",
    "field.card": "出す影響力カード",
    "field.target": "提案する相手",
    "field.chips": "支払うチップ",
    "field.promise": "約束（任意・拘束力なし）",
    "field.answer": "回答",
    "field.counter": "要求するチップ（逆提案のときのみ）",
    "field.decision": "対応",
    "field.proposal": "提案",
    "field.winner": "ラウンドの勝者",
    "field.members": "連合のメンバー（カードが数えられる人）",
    "field.pay": "勝者が{seat}に払うチップ（マイナスなら{seat}が勝者に払う）",
    "field.no_decision": "勝者なしでラウンドを終えますか？",
    "field.province": "黒のポーンを動かす属州",
    "answer.accept": "受諾",
    "answer.decline": "拒否",
    "answer.counter": "逆提案",
    "decision.accept_counter": "逆提案を受諾",
    "decision.offer": "新たに提案",
    "decision.break_off": "打ち切る",
    "no_decision.end": "勝者なしで終える",
    "no_decision.continue": "交渉を続ける",
    "prompt.select": "ラウンド{round}：{name_ja}（{value}）。影響力カードを選んでください。",
    "prompt.offer": "{seat}さんの嘆願です：{threshold}のうち{held}を保持（あと{need}）。提案してください。",
    "prompt.answer": "{seat}さん：{seat_petitioner}さんがあなたのカードに{chips}チップを提案しています。{text}",
    "prompt.respond": "{seat}さん：{seat_target}さんが{chips}チップを要求しています。受諾・再提案・打ち切りのどれにしますか？",
    "prompt.vote": "{seat}さん：提案#{id}では{seat_winner}さんが勝者、あなたの収支は{chips}チップです。受諾しますか？",
    "prompt.propose": "自由交渉：{threshold}に達する連合を提案してください。",
    "prompt.no_decision": "勝者なしでこのラウンドを終えますか？（賛成済み：{seats}）",
    "prompt.move_pawn": "{seat}さん、黒のポーンを別の属州へ動かしてください。",
    "event.chosen": "{seat}さんがカードを選びました。",
    "event.your_card": "あなたは{card}を選びました。",
    "event.choice_changed": "カードを{card}に変更しました。",
    "event.revealed": "ラウンド{round}：カード公開 — 合計{total}、過半数は{threshold}。",
    "event.played": "{seat}さん：{card}",
    "event.immediate_win": "{seat}さんの{card}は単独で過半数です！",
    "event.petition_order": "嘆願の順番：{seats}",
    "event.track_moved": "{seat}さんが同値の優先権を使い、ポーンを右端へ：{seats}",
    "event.petitioner": "{seat}さんの嘆願（保持{held}、あと{need}）。",
    "event.offer": "{seat}さんが{seat_target}さんに{chips}チップを提案。",
    "event.promise": "{seat}さん：「{text}」",
    "event.accepted": "{seat}さんが{seat_petitioner}さんの{chips}チップを受諾。{seat_petitioner}さんの保持は{held}／{threshold}。",
    "event.declined": "{seat}さんは{seat_petitioner}さんにノー。",
    "event.counter": "{seat}さんは{seat_petitioner}さんに代わりに{chips}チップを要求。",
    "event.broke_off": "{seat}さんは{seat_target}さんとの交渉を打ち切りました。",
    "event.petition_failed": "{seat}さんの嘆願は失敗しました。",
    "event.fallback": "全員の嘆願が失敗：最初の嘆願者{seat}さんがラウンドを獲得します。",
    "event.free_open": "自由交渉開始：連合には{threshold}が必要です。",
    "event.free_open_top_two": "自由交渉開始：連合には{threshold}が必要です。勝者になれるのは{seats}さんだけです。",
    "event.proposed": "提案#{id}（{seat}さん）：{seat_winner}さんが勝者、メンバー{seats}（カード計{cards}）。",
    "event.proposed_payment": "  #{id}：{seat_payer}さんが{seat_payee}さんに{chips}チップ。",
    "event.proposal_accepted": "{seat}さんが提案#{id}を受諾。",
    "event.proposal_declined": "{seat}さんが提案#{id}を拒否。提案は消えました。",
    "event.withdrawn": "{seat}さんが提案#{id}を撤回。",
    "event.transfer": "{seat_payer}さんが{seat_payee}さんに{chips}チップを支払い。",
    "event.coalition": "提案#{id}が成立：{seat}さんが{seats}と共にラウンドを獲得。",
    "event.no_decision_pressed": "{seat}さんは勝者なしでの終了に賛成。",
    "event.no_decision_retracted": "{seat}さんは交渉の継続を希望。",
    "event.no_decision": "ラウンド{round}は勝者なしで終わりました。",
    "event.round_won": "{seat}さんが{name_ja}のラウンドを獲得。",
    "event.candidate": "{seat}さんが{name_ja}の候補者になりました。",
    "event.no_counter": "{seat}さんはカウンターが残っていないため、{name_ja}には何も置きません。",
    "event.no_counter_left": "{seat}さんはカウンターが残っていないため、{name_ja}は総督不在のままです。",
    "event.governor": "{seat}さんが{name_ja}の総督に！金庫から{chips}チップを受け取ります。",
    "event.link_bonus": "{seat}さんは{name2_ja}の総督でもあるので、連結ボーナス{chips}チップ。",
    "event.counters_returned": "{name_ja}の他のカウンターは{seats}さんに戻ります。",
    "event.pawn_moved": "{seat}さんが黒のポーンを{name_ja}（{value}）へ。",
    "event.pawn_drawn": "黒のポーンは抽選で{name_ja}（{value}）へ。",
    "event.pawn_stays": "黒のポーンは{name_ja}に留まります。",
    "event.hands_refilled": "カードを使い切りました。全員が{count}枚のカードを手札に戻します。",
    "event.round_started": "ラウンド{round}開始：{name_ja}（{value}）。",
    "event.final_chips": "{seat}さん：{chips}チップ",
    "event.game_over": "すべての属州に総督が決まりました。勝者：{seat}さん",
    "private.chips": "あなたのチップ：{chips}",
    "private.hand": "あなたの手札：{cards}",
    "private.no_cards": "手札はありません。",
    "private.choice": "あなたの伏せたカード：{card}",
    "private.no_choice": "まだカードを選んでいません。",
    "talk.strict": "{seat}さんの嘆願中です。話せるのは嘆願者だけ、提案された人はイエスかノーだけです。",
    "talk.two_way": "{seat}さんの嘆願中です。今話せるのは{seats}さんだけです。",
    "talk.free": "自由交渉：誰でも話せます。",
    "outcome.reason": "チップ最多の人が勝ち。同数ならタイブレーク列で左の人。",
    "error.bad_card": "手札のカードを選んでください。",
    "error.bad_target": "カードを持っていて、まだ断っていない人にしか提案できません。",
    "error.bad_amount": "チップの数が正しくありません。",
    "error.not_enough_chips": "そんなにチップを持っていません。",
    "error.bad_text": "約束の文が長すぎます。",
    "error.bad_answer": "表示された回答から選んでください。",
    "error.bad_decision": "受諾・再提案・打ち切りから選んでください。",
    "error.cannot_afford": "支払うチップが足りません。",
    "error.bad_province": "その属州はありません。",
    "error.province_visited": "黒のポーンはすでにそこを訪れています。",
    "error.province_governed": "その属州にはすでに総督がいます。",
    "error.same_province": "黒のポーンは別の属州へ動かしてください。",
    "error.already_proposed": "未決の提案がすでにあります。先に撤回してください。",
    "error.bad_winner": "勝者はプレイヤーの中から選んでください。",
    "error.not_top_two": "最も高いカードか2番目に高いカードの人しか勝者になれません。",
    "error.bad_members": "勝者を含む、重複のないメンバーを選んでください。",
    "error.no_majority": "そのメンバーのカードでは過半数に届きません。",
    "error.no_such_proposal": "その提案はもうありません。",
    "error.not_involved": "あなたはその提案の関係者ではありません。",
    "error.already_answered": "その提案はすでに受諾しています。",
    "error.not_allowed": "このゲームでは勝者なしでラウンドを終えられません。",
    "error.no_change": "すでにその回答をしています。",
    "move.offer": "申し出をする",
    "move.respond": "逆提案に答える",
    "move.propose": "連合を提案する",
    "shortcut.offer": "カードと引き換えにチップを申し出る（請願者のみ）",
    "shortcut.offer.player": "カードが欲しい相手",
    "shortcut.offer.chips": "申し出るチップの数",
    "shortcut.offer.promise": "約束（任意）",
}

STRINGS: Catalog = {"en": EN, "ja": JA}
