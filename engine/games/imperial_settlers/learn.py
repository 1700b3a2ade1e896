"""Imperial Settlers' texts for learning it, written from rules/imperial-settlers.md in our own
words (its card texts are worded from the card data, in strings.py)."""

from __future__ import annotations

from engine.core import Catalog, merge_catalogs

CARDS: Catalog = {"en": {}, "ja": {}}

# The rules in our own words, by section (Game.rules_text), from the spec.
RULES: Catalog = {
    "en": {
        "rules.setup": "2-4 players each lead a faction (Romans, Barbarians, Egyptians, Japanese) with its board. Everyone draws 2 common and 2 faction cards.",
        "rules.turn": "Five rounds of four phases: Lookout (pick cards from a display), Production (faction board, deals and production locations pay), Actions (in turn: build a location, make a deal, raze a card for goods, use an action, or pass), Cleanup (most goods are lost).",
        "rules.scoring": "VP come from actions, features and deals during play. At the end each common location is worth 1 and each faction location 2, plus end-of-game features.",
        "rules.end": "After round 5 the highest total wins; ties go to most resources and workers left, then most cards in hand.",
        "rules.variants": "Card set, common deck size, random factions, first player chosen by the host, always ask for defence.",
    },
    "ja": {
        "rules.setup": "2〜4人が文明（ローマ、バーバリアン、エジプト、日本）を1つずつ率いる。各自共通カード2枚と文明カード2枚を引く。",
        "rules.turn": "5ラウンド、各4フェイズ：偵察（場からカードを取る）、生産（文明ボード・交易・生産の建物）、アクション（順に建設・交易・破壊・アクション・パスのどれか）、片付け（ほとんどの資源を失う）。",
        "rules.scoring": "勝利点はアクション・特性・交易で得る。終了時に共通の建物は1点、文明の建物は2点、さらに終了時の特性。",
        "rules.end": "ラウンド5の後に合計が最も高い人が勝ち。同点は残った資源と労働者、次に手札の枚数で決める。",
        "rules.variants": "カードセット、共通の山札の量、文明をランダムに、ホストが先手を決める、防衛を常に確認。",
    },
}

# One line per kind of decision (a prompt's move), for the learning mode (Game.tip).
TIPS: Catalog = {
    "en": {
        "tip.faction": "Each faction's board produces different goods; pick one whose plan you like.",
        "tip.pick": "Take a card from the display: production pays every round, features and actions score VP.",
        "tip.act": "One action per turn: build, deal, raze for goods, use an action location, or pass.",
        "tip.confirm": "Check what you pay and gain before the action is played.",
        "tip.defend": "Spend a defence token to save your location from the raze, or let it go.",
        "tip.draw": "Draw from the common deck or your faction deck.",
        "tip.exchange_more": "Trade more workers for goods, or stop.",
        "tip.foundation": "Faction locations need a foundation: raze a common location of yours for it.",
        "tip.samurai": "Place your samurai to guard a location from razing.",
        "tip.store": "Choose which goods your storage keeps through the cleanup.",
    },
    "ja": {
        "tip.faction": "文明ごとに生産が違う。好きな戦略のものを選ぼう。",
        "tip.pick": "場から1枚取る：生産は毎ラウンド資源、特性とアクションは勝利点。",
        "tip.act": "手番ごとに1つ：建設・交易・破壊・アクション・パス。",
        "tip.confirm": "アクションの前に払うものと得るものを確認する。",
        "tip.defend": "防衛トークンで建物を破壊から守るか、あきらめるか。",
        "tip.draw": "共通の山札か自分の文明の山札から引く。",
        "tip.exchange_more": "労働者をさらに資源に交換するか、やめる。",
        "tip.foundation": "文明の建物には土台が要る：自分の共通の建物を壊して使う。",
        "tip.samurai": "侍を置いて建物を破壊から守る。",
        "tip.store": "片付けで保管する資源を選ぶ。",
    },
}

LEARN: Catalog = merge_catalogs(CARDS, RULES, TIPS)
