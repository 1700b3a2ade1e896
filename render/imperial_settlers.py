"""Imperial Settlers table image, designed for a phone: one panel per player (faction, VP, goods,
tokens, hand size, locations by type, deals) with the empire as compact card tiles, the Lookout
display while drafting, whose turn it is, the last input highlighted and, at the end, each
player's final scoring.

Drawn from the public view only. Card tiles depend on the card, its tokens and the language
only, so each is drawn once and pasted (lru_cache); per-render text is stamped from cached
glyphs. Each cached piece is mapped onto the fixed palette once, so a render only pastes
palette pieces together (one byte per pixel, like render/imperium's output).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from engine.games.imperial_settlers.cards import Card, CardSet, load_card_set
from engine.games.imperial_settlers.model import Location, PlayerView, SettlersView
from engine.games.imperial_settlers.strings import effect_text, goods_text
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAYER_COLOURS,
    WHITE,
    WIDTH,
    Labels,
    Pen,
    board_palette,
    fit,
    font,
    player_label,
    stamp_text,
    stamp_token,
    wrap,
)

MARGIN = 20
COLUMNS = 4
TILE_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * 8) // COLUMNS
TILE_H = 96
DISPLAY_H = 120  # display tiles add the cost line
GAP = 8
HEADER_H = 118
PANEL_HEAD = 112
TYPE_COLOURS = {
    "production": (206, 231, 196),
    "feature": (203, 220, 242),
    "action": (246, 222, 190),
    "foundation": (205, 200, 192),
}
_COLOURS = (
    BACKGROUND,
    PANEL,
    PANEL_DARK,
    INK,
    MUTED,
    HIGHLIGHT,
    WHITE,
    *PLAYER_COLOURS,
    *TYPE_COLOURS.values(),
)
_TEXT_ON = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (HIGHLIGHT, BACKGROUND),
    (INK, PANEL),
    (MUTED, PANEL),
    (HIGHLIGHT, PANEL),
    *((INK, colour) for colour in TYPE_COLOURS.values()),
    *((MUTED, colour) for colour in TYPE_COLOURS.values()),
    *((INK, colour) for colour in PLAYER_COLOURS),
)
PALETTE = board_palette(_COLOURS, _TEXT_ON)  # pieces are mapped onto it as they are cached


class Texts(NamedTuple):
    """Localized words inside cached tiles (part of their cache key)."""

    locale: str
    foundation: str
    defence: str
    samurai: str
    cost: str


def draw(view: SettlersView, names: list[str], labels: Labels) -> Image.Image:
    """The board as a palette image assembled from cached, already mapped pieces: a move
    redraws only the pieces whose words changed, and nothing is mapped per render."""
    cards = load_card_set(view.card_set)
    texts = Texts(
        labels("locale"), labels("foundation"), labels("defence"), labels("samurai"), labels("cost")
    )
    blocks = [_player_height(view, seat) for seat in range(view.seats)]
    display = bool(view.display) and view.phase == "lookout"
    height = HEADER_H + (DISPLAY_H + 56 if display else 0) + sum(blocks) + GAP * view.seats + 12
    image = PALETTE.new((WIDTH, height))
    image.paste(_header(_header_lines(view, names, labels, cards)), (0, 0))
    y = HEADER_H
    if display:
        image.paste(_display(tuple(view.display), labels("display"), texts, view.card_set), (0, y))
        y += DISPLAY_H + 56
    for seat in range(view.seats):
        _player(image, view, seat, names, labels, texts, cards, y, blocks[seat])
        y += blocks[seat] + GAP
    return image


def _header_lines(
    view: SettlersView, names: list[str], labels: Labels, cards: CardSet
) -> tuple[str, str, str, str]:
    if view.phase == "over":
        status = labels("over")
    else:
        phase = labels(f"phase.{view.phase}")
        status = phase
        if view.round:  # factions are chosen before round 1
            status = labels("round", round=view.round, rounds=view.rounds, phase=phase)
        if view.waiting:
            who = ", ".join(player_label(s, names) for s in view.waiting)
            status += " · " + labels("waiting", players=who)
    decks = labels(
        "decks", deck=view.deck_sizes.get("common", 0), discard=view.discard_sizes.get("common", 0)
    )
    return labels("title"), status, _last_line(view, names, labels, cards), decks


@lru_cache(maxsize=32)
def _header(lines: tuple[str, str, str, str]) -> Image.Image:
    title, status, last, decks = lines
    image = PALETTE.new((WIDTH, HEADER_H), BACKGROUND)
    stamp_text(image, (MARGIN, 12), title, 36, INK)
    stamp_text(image, (WIDTH - MARGIN, 30), decks, 22, MUTED, "rm")
    stamp_text(image, (MARGIN, 56), fit(status, 24, WIDTH - 2 * MARGIN), 24, MUTED)
    if last:
        stamp_text(image, (MARGIN, 86), fit(last, 22, WIDTH - 2 * MARGIN), 22, HIGHLIGHT)
    return image


@lru_cache(maxsize=32)
def _display(cards: tuple[str, ...], heading: str, texts: Texts, card_set: str) -> Image.Image:
    """The Lookout display: the face-up common cards with their cost."""
    image = PALETTE.new((WIDTH, DISPLAY_H + 56), BACKGROUND)
    stamp_text(image, (MARGIN, 4), heading, 24, INK)
    for index, card_id in enumerate(cards):
        tile = _tile(card_id, False, False, False, 1, False, True, texts, card_set)
        image.paste(tile, (MARGIN + index * (TILE_W + GAP), 40))
    return image


def _card_name(labels: Labels, card: Card) -> str:
    return labels("card", name=card.name, name_ja=card.name_ja)


def _last_line(view: SettlersView, names: list[str], labels: Labels, cards: CardSet) -> str:
    if view.raze is not None:
        raze = view.raze
        target = next(loc for loc in view.players[raze.target].empire if loc.uid == raze.uid)
        return labels(
            "raze",
            attacker=player_label(raze.attacker, names),
            owner=player_label(raze.target, names),
            card=_card_name(labels, cards.cards[target.card]),
            cost=raze.cost,
        )
    last = view.last
    if last is None:
        return ""
    card = ""
    if last.card in cards.cards:
        card = _card_name(labels, cards.cards[last.card])
    elif last.card == "board":
        card = labels("board")
    owner = player_label(last.target, names) if last.target >= 0 else ""
    return labels(
        f"last.{last.move}", player=player_label(last.seat, names), card=card, owner=owner
    )


# Player panels --------------------------------------------------------------------------------


def _groups(player: PlayerView) -> list[tuple[Location, int]]:
    """Identical locations (same card, same tokens, unused) shown once with a count."""
    counted: Counter = Counter()
    firsts: dict[tuple, Location] = {}
    for location in player.empire:
        key = (location.card, location.face_up, location.defence, location.samurai, location.uses)
        counted[key] += 1
        firsts.setdefault(key, location)
    return [(firsts[key], counted[key]) for key in firsts]


def _player_height(view: SettlersView, seat: int) -> int:
    rows = -(-len(_groups(view.players[seat])) // COLUMNS)
    final = 34 if view.scores else 0
    return PANEL_HEAD + final + rows * (TILE_H + GAP) + 6


def _player(
    image: Image.Image,
    view: SettlersView,
    seat: int,
    names: list[str],
    labels: Labels,
    texts: Texts,
    cards: CardSet,
    top: int,
    height: int,
) -> None:
    """One player's panel: its words are worked out here, the drawing is cached on them."""
    player = view.players[seat]
    turn = seat == view.active or seat in view.waiting
    faction = cards.factions[player.faction] if player.faction else None
    head = player_label(seat, names)
    if faction is not None:
        head += " — " + labels("faction", name=faction.name, name_ja=faction.name_ja)
    marks = [labels("start")] if seat == view.start and view.phase != "over" else []
    if player.passed:
        marks.append(labels("passed"))
    if marks:
        head += "  (" + ", ".join(marks) + ")"
    score = labels("vp", vp=player.vp) + " · " + labels("hand", count=player.hand_size)
    final = ""
    if view.scores:
        s = view.scores[seat]
        final = labels(
            "final",
            vp=s.vp,
            common=s.common,
            faction=s.faction,
            bonus=s.bonus,
            total=s.total,
            held=s.held,
            hand=s.hand,
        )
    lines = (head, score, _goods_line(player, labels), _kinds_line(player, labels, cards), final)
    marked = _marked_uid(view, seat)
    tiles = tuple(
        (loc.card, not loc.face_up, loc.defence, loc.samurai, number, loc.uid == marked, loc.uses)
        for loc, number in _groups(player)
    )
    left = MARGIN - 8
    image.paste(_frame(turn, height), (left, top))
    image.paste(_panel_head(seat, lines), (left + INSET, top + INSET))
    if tiles:
        grid_top = PANEL_HEAD + (34 if lines[-1] else 0)
        image.paste(_grid(tiles, texts, view.card_set), (left + INSET, top + grid_top))


def _marked_uid(view: SettlersView, seat: int) -> int:
    """The location the last input (or a raze under way) concerns, on this player's panel."""
    if view.raze is not None:
        return view.raze.uid if view.raze.target == seat else -1
    last = view.last
    if last is None or last.uid < 0:
        return -1
    owner = last.target if last.target >= 0 else last.seat
    return last.uid if owner == seat else -1


# A panel is three cached pieces: its frame (the outline marks whose turn it is), its words
# (which change with goods and VP) and its tile grid (which changes only when the empire does).
PANEL_W = WIDTH - 2 * MARGIN + 17
INSET = 6  # inside the outline


@lru_cache(maxsize=32)
def _frame(turn: bool, height: int) -> Image.Image:
    image = PALETTE.new((PANEL_W, height + 1), BACKGROUND)
    Pen(image).rounded_rectangle(
        (0, 0, PANEL_W - 1, height),
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if turn else PANEL_DARK,
        width=5 if turn else 2,
    )
    return image


@lru_cache(maxsize=64)
def _panel_head(seat: int, lines: tuple[str, ...]) -> Image.Image:
    head, score, goods, kinds, final = lines
    height = PANEL_HEAD - INSET - 4 + (34 if final else 0)
    image = PALETTE.new((PANEL_W - 2 * INSET, height), PANEL)
    x = 8 - INSET  # text starts at the page margin
    stamp_token(image, x + 20, 20, 17, seat)
    stamp_text(image, (x + 46, 20), fit(head, 26, 820), 26, INK, "lm")
    stamp_text(image, (PANEL_W - 2 * INSET - 10, 20), score, 26, INK, "rm")
    stamp_text(image, (x, 46), fit(goods, 20, WIDTH - 60), 20, INK)
    stamp_text(image, (x, 74), fit(kinds, 20, WIDTH - 60), 20, MUTED)
    if final:
        stamp_text(image, (x, PANEL_HEAD - 10), fit(final, 22, WIDTH - 60), 22, HIGHLIGHT)
    return image


@lru_cache(maxsize=64)
def _grid(tiles: tuple[tuple, ...], texts: Texts, card_set: str) -> Image.Image:
    rows = -(-len(tiles) // COLUMNS)
    image = PALETTE.new((PANEL_W - 2 * INSET, rows * (TILE_H + GAP) - GAP), PANEL)
    x = 8 - INSET
    for index, (card, down, defence, samurai, number, marked, uses) in enumerate(tiles):
        col, row = index % COLUMNS, index // COLUMNS
        tile = _tile(card, down, defence, samurai, number, marked, False, texts, card_set, uses)
        image.paste(tile, (x + col * (TILE_W + GAP), row * (TILE_H + GAP)))
    return image


def _goods_line(player: PlayerView, labels: Labels) -> str:
    parts = [
        f"{labels('g.' + good)} {player.goods.get(good, 0)}"
        for good in ("wood", "stone", "food", "gold", "worker", "raze", "defense")
    ]
    if player.goods.get("seal"):
        parts.append(f"{labels('g.seal')} {player.goods['seal']}")
    return "  ".join(parts)


def _kinds_line(player: PlayerView, labels: Labels, cards: CardSet) -> str:
    kinds = Counter(
        cards.cards[loc.card].type if loc.face_up else "foundation" for loc in player.empire
    )
    parts = [
        labels(f"kind.{kind}", count=kinds.get(kind, 0))
        for kind in ("production", "feature", "action", "foundation")
    ]
    deals = Counter(player.deals)
    dealt = ", ".join(
        labels("card", name=cards.cards[d].name, name_ja=cards.cards[d].name_ja)
        + (f" ×{n}" if n > 1 else "")
        for d, n in deals.items()
    )
    parts.append(labels("deals", count=len(player.deals), cards=dealt or "—"))
    return " · ".join(parts)


# Card tiles ------------------------------------------------------------------------------------


@lru_cache(maxsize=1024)
def _tile(
    card_id: str,
    face_down: bool,
    defence: bool,
    samurai: bool,
    number: int,
    marked: bool,
    with_cost: bool,
    texts: Texts,
    card_set: str,
    uses: int = 0,
) -> Image.Image:
    card = load_card_set(card_set).cards[card_id]
    kind = "foundation" if face_down else card.type
    colour = TYPE_COLOURS[kind]
    height = DISPLAY_H if with_cost else TILE_H
    image = PALETTE.new((TILE_W, height), PANEL)
    pen = Pen(image)
    pen.rounded_rectangle(
        (0, 0, TILE_W - 1, height - 1),
        radius=8,
        fill=colour,
        outline=HIGHLIGHT if marked else PANEL_DARK,
        width=4 if marked else 2,
    )
    name = card.name if texts.locale == "en" else card.name_ja
    if number > 1:
        name += f" ×{number}"
    pen.text((10, 8), fit(name, 20, TILE_W - 20), font=font(20), fill=INK)
    if face_down:
        lines = [texts.foundation]
    else:
        lines = _two_lines(effect_text(card, texts.locale), 18, TILE_W - 20)
        if with_cost:
            lines.insert(0, f"{texts.cost}: {goods_text(card.cost, texts.locale)}")
    for index, line in enumerate(lines):
        pen.text((10, 36 + index * 24), line, font=font(18), fill=MUTED if face_down else INK)
    marks = [m for m, on in ((texts.defence, defence), (texts.samurai, samurai)) if on]
    if uses:
        marks.append("✓" * uses)
    if marks:
        text = " ".join(marks)
        pen.text((TILE_W - 10, 10), text, font=font(18), fill=HIGHLIGHT, anchor="ra")
    return image


def _two_lines(text: str, size: int, width: int) -> list[str]:
    """`text` wrapped, at most two lines, the second shortened with an ellipsis."""
    lines = wrap(text, size, width)
    if len(lines) > 2:
        japanese = any(ord(ch) > 0x3000 for ch in text)
        lines = [lines[0], fit(("" if japanese else " ").join(lines[1:]), size, width)]
    return lines
