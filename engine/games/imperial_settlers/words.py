"""The words of Imperial Settlers' goods and card effects in English and Japanese: the card texts
of the catalogue (strings.py) and the card tiles of the board (render/imperial_settlers.py)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from engine.core import counted

if TYPE_CHECKING:
    from engine.games.imperial_settlers.cards import Card, Scaled

GOOD_WORDS = {
    "en": {  # "one|many"
        "wood": "wood",
        "stone": "stone",
        "food": "food",
        "gold": "gold",
        "worker": "worker|workers",
        "raze": "raze token|raze tokens",
        "defense": "defence token|defence tokens",
        "vp": "VP",
        "card_common": "common card|common cards",
        "card_faction": "faction card|faction cards",
        "card_any": "card (either deck)|cards (either deck)",
        "samurai": "samurai",
        "seal": "sun seal|sun seals",
    },
    "ja": {
        "wood": "木材",
        "stone": "石材",
        "food": "食料",
        "gold": "金",
        "worker": "労働者",
        "raze": "破壊トークン",
        "defense": "防衛トークン",
        "vp": "勝利点",
        "card_common": "共通カード",
        "card_faction": "文明カード",
        "card_any": "カード（どちらかの山）",
        "samurai": "侍",
        "seal": "太陽の印章",
    },
}
SELECTOR_WORDS = {
    "en": {
        "location": "location",
        "common_location": "common location",
        "faction_location": "faction location",
        "production_location": "production location",
        "feature_location": "feature location",
        "action_location": "action location",
        "deal": "deal",
        "samurai": "samurai",
        "seal": "sun seal",
        "tag": "{tag} location",
    },
    "ja": {
        "location": "建物",
        "common_location": "共通の建物",
        "faction_location": "文明の建物",
        "production_location": "生産の建物",
        "feature_location": "特性の建物",
        "action_location": "アクションの建物",
        "deal": "交易",
        "samurai": "侍",
        "seal": "太陽の印章",
        "tag": "「{tag}」の建物",
    },
}
TAG_WORDS = {"en": {"shrine": "shrine", "gate": "gate"}, "ja": {"shrine": "社", "gate": "門"}}
TYPE_WORDS = {
    "en": {"production": "production", "feature": "feature", "action": "action"},
    "ja": {"production": "生産", "feature": "特性", "action": "アクション"},
}
TRIGGER_WORDS = {
    "en": {
        "on_build": "When you build {what}",
        "on_deal": "When you make a deal",
        "on_raze_location": "When you raze an opponent's location",
        "on_raze_hand": "When you raze a card from your hand",
        "on_lookout_end": "At the end of each Lookout",
        "game_end": "At game end",
    },
    "ja": {
        "on_build": "{what}を建設するたび",
        "on_deal": "交易するたび",
        "on_raze_location": "相手の建物を破壊するたび",
        "on_raze_hand": "手札を破壊するたび",
        "on_lookout_end": "各偵察フェイズの終わりに",
        "game_end": "ゲーム終了時",
    },
}
STATIC_WORDS = {
    "en": {
        "deal_food_cost": "Your deals cost {n} food",
        "own_common_raze_extra": "Razing your common locations costs +{n} raze token",
        "samurai_raze_extra": "A samurai on your location costs +{n} raze tokens (not +1)",
    },
    "ja": {
        "deal_food_cost": "あなたの交易の食料コストは{n}",
        "own_common_raze_extra": "あなたの共通の建物の破壊に破壊トークン+{n}",
        "samurai_raze_extra": "侍のいるあなたの建物の破壊に破壊トークン+{n}（+1の代わり）",
    },
}
PARTS = {
    "en": {
        "sep": ", ",
        "nothing": "nothing",
        "cost": "Cost: {goods}",
        "foundation": "needs a foundation",
        "production": "Production: {goods}",
        "per": "{goods} per {divisor}{what}",
        "action": "Action: pay {cost} → {gain}",
        "uses": " (up to {n}× per round)",
        "storage": "Storage: keep up to {limit} of {goods}",
        "storage_one": "Storage: keep up to {limit} {goods}",
        "deal": "Deal: {goods}",
        "raze": "Raze: {goods}",
        "any": "a location",
        "filtered": "{what} location",
        "or": " or ",
    },
    "ja": {
        "sep": "・",
        "nothing": "なし",
        "cost": "コスト：{goods}",
        "foundation": "土台が必要",
        "production": "生産：{goods}",
        "per": "{what}{divisor}つごとに{goods}",
        "action": "アクション：{cost}を払い{gain}",
        "uses": "（1ラウンド{n}回まで）",
        "storage": "保管：{goods}を合わせて{limit}まで",
        "storage_one": "保管：{goods}を{limit}まで",
        "deal": "交易：{goods}",
        "raze": "破壊：{goods}",
        "any": "建物",
        "filtered": "{what}の建物",
        "or": "か",
    },
}


def goods_text(goods: dict[str, int], locale: str) -> str:
    return _goods_text(tuple(goods.items()), locale)


@lru_cache(maxsize=2048)
def _goods_text(goods: tuple[tuple[str, int], ...], locale: str) -> str:
    words = GOOD_WORDS[locale]
    items = [(good, n) for good, n in goods if n]
    if not items:
        return PARTS[locale]["nothing"]
    if locale == "ja":
        return "・".join(f"{words[g]}{n}" for g, n in items)
    return ", ".join(counted(n, words[g]) for g, n in items)


def _per_text(spec: Scaled, locale: str) -> str:
    words = SELECTOR_WORDS[locale]
    if spec.per.startswith("tag:"):
        tag = spec.per[4:]
        what = words["tag"].format(tag=TAG_WORDS[locale].get(tag, tag))
    else:
        what = words[spec.per]
    divisor = f"{spec.divisor} " if spec.divisor > 1 and locale == "en" else ""
    if locale == "ja":
        divisor = str(spec.divisor)
    return PARTS[locale]["per"].format(
        goods=goods_text(spec.gain, locale), divisor=divisor, what=what
    )


def effect_text(card: Card, locale: str) -> str:
    """What the card does once built, in words."""
    parts = PARTS[locale]
    lines = []
    if card.production is not None or card.production_per is not None:
        lines.append(parts["production"].format(goods=_produced(card, locale)))
    if card.feature is not None:
        lines.append(_feature_text(card, locale))
    if card.action is not None:
        text = parts["action"].format(
            cost=goods_text(card.action.cost, locale), gain=goods_text(card.action.gain, locale)
        )
        if card.action.max_uses > 1:
            text += parts["uses"].format(n=card.action.max_uses)
        lines.append(text)
    for entry in card.storage:
        names = parts["or"].join(GOOD_WORDS[locale][g].split("|")[-1] for g in entry.goods)
        template = parts["storage" if len(entry.goods) > 1 else "storage_one"]
        lines.append(template.format(limit=entry.limit, goods=names))
    return " / ".join(lines)


TILE_PARTS = {
    "en": {"action": "{cost} → {gain}", "uses": " ({n}× a round)"},
    "ja": {"action": "{cost}→{gain}", "uses": "（毎ラウンド{n}回）"},
}


def tile_text(card: Card, locale: str) -> str:
    """`effect_text` in fewer words, for a card tile on the board, whose icon already tells the
    kind: what it produces, when a feature pays, an action's cost → gain."""
    parts = PARTS[locale]
    lines = []
    if card.production is not None or card.production_per is not None:
        lines.append(_produced(card, locale))
    if card.feature is not None:
        lines.append(_feature_text(card, locale))
    if card.action is not None:
        words = TILE_PARTS[locale]
        cost, gain = goods_text(card.action.cost, locale), goods_text(card.action.gain, locale)
        text = words["action"].format(cost=cost, gain=gain)
        if card.action.max_uses > 1:
            text += words["uses"].format(n=card.action.max_uses)
        lines.append(text)
    for entry in card.storage:
        names = parts["or"].join(GOOD_WORDS[locale][g] for g in entry.goods)
        template = parts["storage" if len(entry.goods) > 1 else "storage_one"]
        lines.append(template.format(limit=entry.limit, goods=names))
    return " / ".join(lines)


def _produced(card: Card, locale: str) -> str:
    produced = [goods_text(card.production, locale)] if card.production else []
    if card.production_per is not None:
        produced.append(_per_text(card.production_per, locale))
    return PARTS[locale]["sep"].join(produced)


def _feature_text(card: Card, locale: str) -> str:
    feature = card.feature
    assert feature is not None
    if feature.static is not None:
        return " / ".join(
            STATIC_WORDS[locale][key].format(n=n) for key, n in feature.static.items()
        )
    gains = [goods_text(feature.gain, locale)] if feature.gain else []
    if feature.per is not None:
        gains.append(_per_text(feature.per, locale))
    when = PARTS[locale]["or"].join(
        TRIGGER_WORDS[locale][t].format(what=_filter_text(feature.filter, locale))
        for t in feature.triggers
    )
    return (
        f"{when}: {PARTS[locale]['sep'].join(gains)}"
        if locale == "en"
        else f"{when}：{'・'.join(gains)}"
    )


def _filter_text(filter_: Any, locale: str) -> str:
    parts = PARTS[locale]
    if filter_.origin == "any" and filter_.type == "any":
        return parts["any"]
    origin = {
        "en": {"common": "common", "faction": "faction"},
        "ja": {"common": "共通", "faction": "文明"},
    }[locale].get(filter_.origin)
    kind = None if filter_.type == "any" else TYPE_WORDS[locale][filter_.type]
    words = [word for word in (origin, kind) if word]
    if locale == "ja":
        return parts["filtered"].format(what="の".join(words))
    article = "an" if words[0][0] in "aeiou" else "a"  # "an action location"
    return parts["filtered"].format(what=" ".join([article, *words]))


def card_text(card: Card, locale: str) -> str:
    """A hand card in words: name, type, cost, foundation, effect, deal and raze rewards."""
    parts = PARTS[locale]
    bits = [parts["cost"].format(goods=goods_text(card.cost, locale))]
    if card.foundation:
        bits.append(parts["foundation"])
    bits.append(effect_text(card, locale))
    if card.deal is not None:
        bits.append(parts["deal"].format(goods=goods_text(card.deal, locale)))
    if card.raze is not None:
        bits.append(parts["raze"].format(goods=goods_text(card.raze, locale)))
    name = card.name if locale == "en" else card.name_ja
    return f"{name} [{TYPE_WORDS[locale][card.type]}] " + " · ".join(bits)


SHORT_LIMIT = 100  # engine.core.SHORT_CARD_TEXT


def short_text(card: Card, locale: str) -> str:
    """A card in at most SHORT_LIMIT characters, for a chooser's option: kind, cost and what it
    does (the tile's words), cut with "…" when longer."""
    cost = PARTS[locale]["cost"].format(goods=goods_text(card.cost, locale))
    text = f"[{TYPE_WORDS[locale][card.type]}] {cost} · {tile_text(card, locale)}"
    return text if len(text) <= SHORT_LIMIT else text[: SHORT_LIMIT - 1] + "…"
