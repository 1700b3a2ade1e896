"""Space Emperor's texts for learning it: what each kind of card does (`card.*`), written from
rules/space-emperor.md in our own words. A card's text is its kind's text filled in from the card
data (strength, classes, extra dice, special), so the 100 cards need 13 kinds of wording."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARDS: Catalog = {
    "en": {
        "card.name": "{name}",
        "board_text.system": "{system}: {seat} · {units}",
        "board_text.neutral": "{system}: neutral · {units}",
        "board_text.ship": "{name} ({symbol})",
        "board_text.unit.1": "{ship}",
        "board_text.unit.2": "{ship} + {second}",
        "board_text.unit.3": "{ship} + {second} + {third}",
        "board_text.legend": (
            "Board: FT fortress, BB battleship, CV carrier, CR cruiser, DD destroyer; the number "
            "is its dice; +n: support cards on that ship. Green dice are hits (6+ after bonuses)."
        ),
        "card.class.FT": "fortress",
        "card.class.BB": "battleship",
        "card.class.CV": "carrier",
        "card.class.CR": "cruiser",
        "card.class.DD": "destroyer",
        "card.nothing": "",
        "card.ship.text": (
            "{name}: a {class} of strength {strength}. In a battle it rolls {strength} dice; "
            "each die reaching 6 after bonuses is a hit. Fleets hold at most 3 cards; ships also "
            "guard your systems as garrisons."
        ),
        "card.ship.short": "A {class}: rolls {strength} dice in battle, each 6+ is a hit.",
        "card.star_system.text": (
            "{name}: a star system. Whoever draws it owns it at once (their turn ends). Own every "
            "system still in play to win at once, or the most systems when the game ends."
        ),
        "card.star_system.short": "Owned by whoever draws it; the most systems wins.",
        "card.trade.text": (
            "{name} (open card, resolved when drawn): the drawer names a player who holds cards; "
            "each of you gives the other one random card from hand."
        ),
        "card.trade.short": "When drawn: swap one random hand card with a player you choose.",
        "card.monster.text": (
            "{name} (open card, strength {strength}): when drawn it raids a random system of the "
            "drawer (a drawer without systems sends it to someone who has one), rolling "
            "{strength} dice and winning ties. If it wins, the system turns neutral with the "
            "monster on guard."
        ),
        "card.monster.short": "When drawn: raids one of your systems with {strength} dice; wins ties.",
        "card.black_hole.text": (
            "{name} (open card): destroys a random system of the drawer together with its "
            "garrison, for the rest of the game; a drawer without systems loses the ships in hand. "
            "A Black Hole Tractor Ship can push it onto another player."
        ),
        "card.black_hole.short": "When drawn: destroys a random system of yours and its garrison.",
        "card.supernova.text": (
            "{name} (open card): destroys a random system of the drawer together with its "
            "garrison, for good; a drawer without systems loses the whole hand. Nothing can "
            "push it away."
        ),
        "card.supernova.short": "When drawn: destroys a random system of yours; no tractor helps.",
        "card.defect.text": (
            "{name} (open card): the drawer discards every super-weapon they own, in hand and in "
            "garrisons, and the ESP units in their garrisons. Ships and admirals stay."
        ),
        "card.defect.short": "When drawn: lose all your super-weapons and garrisoned ESP units.",
        "card.spy.text": (
            "{name} (your turn's action): take a random card from another player's hand, unless "
            "they cancel it with Secret Police."
        ),
        "card.spy.short": "Action: steal a random hand card from a player (Secret Police stops it).",
        "card.terrorist.text": (
            "{name} (your turn's action): destroy a random card in the garrison of another "
            "player's system; a ship goes with its super-weapon, its admiral and ESP move to "
            "another ship. Secret Police stops it."
        ),
        "card.terrorist.short": "Action: destroy a random card of a rival garrison (Secret Police stops it).",
        "card.secret_police.text": (
            "{name} (reaction): when a Spy or Terrorist targets you, play it to cancel the "
            "operation; both cards are discarded."
        ),
        "card.secret_police.short": "Reaction: cancels a Spy or Terrorist aimed at you.",
        "card.admiral.text": (
            "{name} (support): attach it to a ship of a fleet; every ship of that fleet adds 1 "
            "to each die. It may change ships between battles."
        ),
        "card.admiral.short": "Support: +1 to every die of every ship in its fleet.",
        "card.esp.text": (
            "{name} (support): every ship of its fleet adds 1 to each die. If its ship sinks it "
            "escapes to a surviving ship; if its fleet sinks a monster, you may send the monster "
            "to raid another player."
        ),
        "card.esp.short": "Support: +1 to its fleet's dice; escapes sinking ships; redirects monsters.",
        "card.weapon.text": (
            "{name} (super-weapon; fits a {classes}): its ship adds 1 to each die{extra}{special}. "
            "It stays fixed to that ship."
        ),
        "card.weapon.short": "Weapon ({classes}): +1 per die{extra}{special}.",
        "card.weapon.fleet.text": (
            "{name} (super-weapon, any ship): every ship of its fleet adds 1 to each die. It "
            "stays fixed to the ship that carries it."
        ),
        "card.weapon.fleet.short": "Weapon (any ship): +1 to every die of every ship in its fleet.",
        "card.weapon.extra": " and rolls {extra} more dice",
        "card.weapon.extra.short": ", +{extra} dice",
        "card.special.bh_tractor": (
            "; it can push a Black Hole that strikes you (or its system) onto another player, "
            "and is then discarded"
        ),
        "card.special.bh_tractor.short": "; pushes a Black Hole away",
        "card.special.planet_auto_success": "; its ship's planet attack succeeds without rolling",
        "card.special.planet_auto_success.short": "; planet attack always succeeds",
        "card.special.tie_survive": "; its ship survives a tie and sinks only on fewer hits",
        "card.special.tie_survive.short": "; survives ties",
        "card.special.reroll_misses": "; its ship rolls every miss once more",
        "card.special.reroll_misses.short": "; re-rolls misses",
    },
    "ja": {
        "card.name": "{name}",
        "board_text.system": "{system}：{seat} · {units}",
        "board_text.neutral": "{system}：中立 · {units}",
        "board_text.ship": "{name}（{symbol}）",
        "board_text.unit.1": "{ship}",
        "board_text.unit.2": "{ship}＋{second}",
        "board_text.unit.3": "{ship}＋{second}＋{third}",
        "board_text.legend": (
            "盤面：FT 要塞艦・BB 戦艦・CV 空母・CR 巡洋艦・DD 駆逐艦。数字はサイコロの数、"
            "+n はその艦船の支援カードの枚数。緑のサイコロはヒット（修正後6以上）。"
        ),
        "card.class.FT": "要塞艦",
        "card.class.BB": "戦艦",
        "card.class.CV": "空母",
        "card.class.CR": "巡洋艦",
        "card.class.DD": "駆逐艦",
        "card.nothing": "",
        "card.ship.text": (
            "{name}：強さ{strength}の{class}。戦闘ではサイコロを{strength}個振り、修正後に6以上の目が"
            "1ヒット。艦隊は最大3枚。星系の守備隊にもなる。"
        ),
        "card.ship.short": "{class}：戦闘でサイコロ{strength}個、6以上で1ヒット。",
        "card.star_system.text": (
            "{name}：星系。引いた人がすぐに所有する（その手番は終わる）。残っている星系をすべて"
            "所有すれば即勝利、終了時は最も多く所有する人が勝つ。"
        ),
        "card.star_system.short": "引いた人のものになる。最も多く所有する人が勝つ。",
        "card.trade.text": (
            "{name}（公開カード、引いたとき解決）：引いた人は手札のある相手を1人選び、"
            "互いに手札からランダムに1枚ずつ渡す。"
        ),
        "card.trade.short": "引いたとき：選んだ相手と手札をランダムに1枚交換。",
        "card.monster.text": (
            "{name}（公開カード、強さ{strength}）：引いた人のランダムな星系を襲う（星系がなければ"
            "持っている人に押しつける）。サイコロ{strength}個で、同数なら勝つ。勝つとその星系は"
            "怪獣が守る中立になる。"
        ),
        "card.monster.short": "引いたとき：サイコロ{strength}個で自分の星系を襲う。同数なら勝つ。",
        "card.black_hole.text": (
            "{name}（公開カード）：引いた人のランダムな星系を守備隊ごと破壊し、以後使えない。"
            "星系がなければ手札の艦船を失う。ブラックホール牽引艦で他の人に押しつけられる。"
        ),
        "card.black_hole.short": "引いたとき：自分のランダムな星系を守備隊ごと破壊。",
        "card.supernova.text": (
            "{name}（公開カード）：引いた人のランダムな星系を守備隊ごと破壊する。星系がなければ"
            "手札をすべて失う。押しつけることはできない。"
        ),
        "card.supernova.short": "引いたとき：自分のランダムな星系を破壊。牽引艦は使えない。",
        "card.defect.text": (
            "{name}（公開カード）：引いた人は手札と守備隊のスーパーウェポンをすべて、"
            "守備隊のESP部隊も捨てる。艦船と提督は残る。"
        ),
        "card.defect.short": "引いたとき：スーパーウェポンと守備隊のESP部隊をすべて失う。",
        "card.spy.text": (
            "{name}（手番のアクション）：他の人の手札からランダムに1枚奪う。秘密警察で防がれる。"
        ),
        "card.spy.short": "アクション：相手の手札をランダムに1枚奪う（秘密警察で防がれる）。",
        "card.terrorist.text": (
            "{name}（手番のアクション）：他の人の星系の守備隊からランダムに1枚破壊する。艦船は"
            "スーパーウェポンと一緒に捨てられ、提督とESPは別の艦船に移る。秘密警察で防がれる。"
        ),
        "card.terrorist.short": "アクション：相手の守備隊をランダムに1枚破壊（秘密警察で防がれる）。",
        "card.secret_police.text": (
            "{name}（リアクション）：スパイかテロリストの標的になったとき出すと、その作戦を無効に"
            "する。両方のカードは捨てられる。"
        ),
        "card.secret_police.short": "リアクション：自分を狙ったスパイかテロリストを無効にする。",
        "card.admiral.text": (
            "{name}（支援）：艦隊の艦船に付ける。その艦隊のすべての艦船のサイコロの目に+1。"
            "戦闘の合間に別の艦船へ移れる。"
        ),
        "card.admiral.short": "支援：艦隊のすべての艦船のサイコロに+1。",
        "card.esp.text": (
            "{name}（支援）：艦隊のすべての艦船のサイコロの目に+1。乗った艦船が沈むと生き残った"
            "艦船へ逃げる。艦隊が怪獣を倒すと、その怪獣を他の人へ向かわせられる。"
        ),
        "card.esp.short": "支援：艦隊のサイコロに+1。沈む艦から逃げ、怪獣を他人へ向ける。",
        "card.weapon.text": (
            "{name}（{classes}用のスーパーウェポン）：その艦船のサイコロの目に+1{extra}{special}。"
            "その艦船から外せない。"
        ),
        "card.weapon.short": "兵器（{classes}）：目に+1{extra}{special}。",
        "card.weapon.fleet.text": (
            "{name}（スーパーウェポン、どの艦船にも）：艦隊のすべての艦船のサイコロの目に+1。"
            "付けた艦船から外せない。"
        ),
        "card.weapon.fleet.short": "兵器（どの艦船にも）：艦隊のすべての艦船のサイコロに+1。",
        "card.weapon.extra": "、さらにサイコロを{extra}個多く振る",
        "card.weapon.extra.short": "、サイコロ+{extra}個",
        "card.special.bh_tractor": (
            "。自分（またはその星系）に来たブラックホールを他の人へ押しつけ、その後捨てられる"
        ),
        "card.special.bh_tractor.short": "、ブラックホールを押しつける",
        "card.special.planet_auto_success": "。その艦船の惑星攻撃はサイコロなしで成功する",
        "card.special.planet_auto_success.short": "、惑星攻撃は必ず成功",
        "card.special.tie_survive": "。同数では沈まず、ヒットが少ないときだけ沈む",
        "card.special.tie_survive.short": "、同数では沈まない",
        "card.special.reroll_misses": "。外れた目をすべて1回振り直す",
        "card.special.reroll_misses.short": "、外れを振り直す",
    },
}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "Everyone gets five cards; star systems in a starting hand are owned at once, open cards are replaced. If nobody owns a system, one starts neutral.",
        "rules.turn": "Draw 1 + half your systems (rounded up) cards; an open card (trade, monster, event) or a star system stops the draw and ends your turn. Otherwise attack a system, play a spy or terrorist, or pass. Keep at most 5 cards in hand and garrisons.",
        "rules.scoring": "Battles: fleets of up to 3 cards; every ship rolls its dice, each die reaching 6 after bonuses is a hit, the side with more hits wins (the defender wins ties). Win the battle or a planet attack to capture the system.",
        "rules.end": "Own every system still in play to win at once. Once the deck is empty, a player who passes retires; when all have retired, most systems wins.",
        "rules.variants": "Seven players, first player chosen by the host, 0-0 ties sink both ships or not, shared or split final ties.",
    },
    "ja": {
        "rules.setup": "各自5枚。最初の手札の星系はすぐ自分のものになり、公開カードは引き直す。誰も星系がなければ1つが中立で置かれる。",
        "rules.turn": "1＋星系数の半分（切り上げ）枚を引く。公開カード（交易・怪獣・事件）か星系を引くと引くのをやめ手番終了。そうでなければ星系を攻撃、スパイかテロリスト、またはパス。手札と守備隊は合わせて5枚まで。",
        "rules.scoring": "戦闘：3枚までの艦隊。各艦船がサイコロを振り、修正後6以上が1ヒット。ヒットが多い側が勝つ（同数は防御側）。戦闘か惑星攻撃に勝つと星系を奪う。",
        "rules.end": "残っている星系をすべて所有すれば即勝利。山札が尽きた後にパスした人は引退し、全員が引退すると星系が最も多い人が勝つ。",
        "rules.variants": "7人戦、ホストが先手を決める、0対0で両方沈むか、最終の同点の扱い。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.act": "Attack a system, spy, terrorist or pass; after the deck runs out, passing retires you.",
        "tip.targets": "Choose the system to attack and the fleet: up to 3 cards, ships first, supports behind.",
        "tip.defend": "Send a defence fleet from your hand and the attacked system, or let the planet defend alone.",
        "tip.assign": "Point each untargeted ship at a defender or at the planet (one hit takes it).",
        "tip.react": "Secret Police cancels the spy or terrorist aimed at you.",
        "tip.discard": "Over five cards in hand and garrisons: choose what to discard.",
        "tip.relocate": "Surviving ships must move to one of your other systems.",
        "tip.trade_partner": "Choose who swaps a random hand card with you.",
        "tip.monster_push": "You own no system: send the monster to someone who does.",
        "tip.monster_redirect": "Your ESP fleet beat the monster: send it on to another player, or let it go.",
        "tip.esp_escape": "Your ESP unit escapes its sinking ship: choose the surviving ship it boards.",
        "tip.tractor": "Your Tractor Ship can push the Black Hole onto another player.",
        "tip.first_player": "Choose the player who takes the first turn.",
    },
    "ja": {
        "tip.act": "攻撃・スパイ・テロリスト・パス。山札が尽きた後のパスは引退になる。",
        "tip.targets": "攻撃する星系と艦隊を選ぶ：3枚まで、艦船の後ろに支援カード。",
        "tip.defend": "手札と攻撃された星系から防御艦隊を出すか、惑星だけで守る。",
        "tip.assign": "狙われていない艦船を防御艦か惑星（1ヒットで奪える）に向ける。",
        "tip.react": "秘密警察で自分へのスパイかテロリストを無効にできる。",
        "tip.discard": "手札と守備隊が5枚を超えた：捨てるものを選ぶ。",
        "tip.relocate": "生き残った艦船を自分の別の星系へ移す。",
        "tip.trade_partner": "手札をランダムに1枚交換する相手を選ぶ。",
        "tip.monster_push": "星系がない：怪獣を星系を持つ人へ送る。",
        "tip.monster_redirect": "ESPの艦隊が怪獣を倒した：他の人へ向けるか、逃がす。",
        "tip.esp_escape": "ESP部隊が沈む艦から逃げる：乗り移る艦を選ぶ。",
        "tip.tractor": "牽引艦でブラックホールを他の人へ押しつけられる。",
        "tip.first_player": "最初の手番の人を選ぶ。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
