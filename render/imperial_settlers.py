"""Imperial Settlers table image, designed for a phone: one panel per player (faction, VP, goods,
tokens, hand size, locations by type, deals) with the empire as compact card tiles, the Lookout
display while drafting, whose turn it is, the last input highlighted and, at the end, each
player's final scoring.

Drawn from the public view only. Card tiles depend on the card, its tokens and the language
only, so each is drawn once and pasted (lru_cache); per-render text is stamped from cached
glyphs. Every piece is drawn in the board's palette, so a render only pastes them together.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from engine.games.imperial_settlers.cards import Card, CardSet, card_set_names, load_card_set
from engine.games.imperial_settlers.state import Location, PlayerView, SettlersView
from engine.games.imperial_settlers.words import goods_text, tile_text
from render.common import (
    BACKGROUND,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAYER_COLOURS,
    SMALL_TEXT,
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
    text_width,
    wrap,
)
from render.raster import paste_image

MARGIN = 20
# Four tiles a row, in type a third larger than before and fewer words, so a phone showing the
# board 390 px wide can read them without the board growing much taller.
COLUMNS = 4
TILE_W = (WIDTH - 2 * MARGIN - (COLUMNS - 1) * 8) // COLUMNS
TILE_H = 138  # the name and three lines of rule
DISPLAY_H = 170  # display tiles add the cost line
GAP = 8
HEADER_H = 124
PANEL_HEAD = 118
NAME_SIZE = RULE_SIZE = SMALL_TEXT
# Where a Japanese rule may break: after an item, an arrow or a colon, never inside a word.
RULE_BREAKS = "・→："
RULE_LINES = 3  # a longer rule is cut short: the board's words and the card text have it all
# The kind of a card on its tile and in the panel's count line, so it never rests on colour.
KIND_ICONS = {"production": "●", "feature": "★", "action": "▶", "foundation": "■"}
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
    texts = _texts(labels)
    blocks = [_player_height(view, seat) for seat in range(view.seats)]
    display = bool(view.display) and view.phase == "lookout"
    shown = _display_height(len(view.display)) if display else 0
    height = HEADER_H + shown + sum(blocks) + GAP * view.seats + 12
    image = PALETTE.new((WIDTH, height))
    paste_image(image, _header(_header_lines(view, names, labels, cards)), (0, 0))
    y = HEADER_H
    if display:
        image.paste(_display(tuple(view.display), labels("display"), texts, view.card_set), (0, y))
        y += shown
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
    stamp_text(image, (WIDTH - MARGIN, 30), decks, SMALL_TEXT, MUTED, "rm")
    stamp_text(image, (MARGIN, 56), fit(status, SMALL_TEXT, WIDTH - 2 * MARGIN), SMALL_TEXT, MUTED)
    if last:
        last = fit(last, SMALL_TEXT, WIDTH - 2 * MARGIN)
        stamp_text(image, (MARGIN, 88), last, SMALL_TEXT, HIGHLIGHT)
    return image


@lru_cache(maxsize=32)
def _display(cards: tuple[str, ...], heading: str, texts: Texts, card_set: str) -> Image.Image:
    """The Lookout display: the face-up common cards with their cost."""
    image = PALETTE.new((WIDTH, _display_height(len(cards))), BACKGROUND)
    stamp_text(image, (MARGIN, 4), heading, SMALL_TEXT, INK)
    for index, card_id in enumerate(cards):
        col, row = index % COLUMNS, index // COLUMNS
        tile = _tile(card_id, False, False, False, 1, False, True, texts, card_set)
        image.paste(tile, (MARGIN + col * (TILE_W + GAP), 40 + row * (DISPLAY_H + GAP)))
    return image


def _display_height(cards: int) -> int:
    return 40 + -(-cards // COLUMNS) * (DISPLAY_H + GAP) + 8


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
    paste_image(image, _frame(turn, height), (left, top))
    paste_image(image, _panel_head(seat, lines), (left + INSET, top + INSET))
    if tiles:
        grid_top = PANEL_HEAD + (34 if lines[-1] else 0)
        paste_image(image, _grid(tiles, texts, view.card_set), (left + INSET, top + grid_top))


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
    stamp_token(image, x + 20, 21, 18, seat)
    stamp_text(image, (x + 48, 21), fit(head, 28, 780), 28, INK, "lm")
    stamp_text(image, (PANEL_W - 2 * INSET - 10, 21), score, 28, INK, "rm")
    stamp_text(image, (x, 42), fit(goods, SMALL_TEXT, WIDTH - 60), SMALL_TEXT, INK)
    stamp_text(image, (x, 76), fit(kinds, SMALL_TEXT, WIDTH - 60), SMALL_TEXT, MUTED)
    if final:
        final = fit(final, SMALL_TEXT, WIDTH - 60)
        stamp_text(image, (x, PANEL_HEAD - 6), final, SMALL_TEXT, HIGHLIGHT)
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
        f"{KIND_ICONS[kind]} " + labels(f"kind.{kind}", count=kinds.get(kind, 0))
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


def card_face(card_id: str, labels: Labels) -> Image.Image:
    """One card as the Lookout display shows it, cost included (render.cards draws `/game card`
    with it), from the first card set that has it."""
    card_set = next(name for name in card_set_names() if card_id in load_card_set(name).cards)
    return _tile(card_id, False, False, False, 1, False, True, _texts(labels), card_set)


def _texts(labels: Labels) -> Texts:
    return Texts(
        labels("locale"), labels("foundation"), labels("defence"), labels("samurai"), labels("cost")
    )


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
    name = f"{KIND_ICONS[kind]} " + (card.name if texts.locale == "en" else card.name_ja)
    if number > 1:
        name += f" ×{number}"
    marks = [m for m, on in ((texts.defence, defence), (texts.samurai, samurai)) if on]
    if uses:
        marks.append("✓" * uses)
    room = TILE_W - 20
    if marks:
        text = " ".join(marks)
        pen.text((TILE_W - 10, 6), text, font=font(SMALL_TEXT), fill=HIGHLIGHT, anchor="ra")
        room -= round(text_width(text, SMALL_TEXT)) + 8
    pen.text((10, 6), fit(name, NAME_SIZE, room), font=font(NAME_SIZE), fill=INK)
    size, lines = RULE_SIZE, [texts.foundation]
    if not face_down:
        size, lines = rule_lines(tile_text(card, texts.locale))
        if with_cost:
            lines.insert(0, f"{texts.cost}: {goods_text(card.cost, texts.locale)}")
    fill = MUTED if face_down else INK
    top, step = 40, 32
    for index, line in enumerate(lines[: RULE_LINES + int(with_cost)]):
        pen.text((10, top + index * step), line, font=font(size), fill=fill)
    return image


def rule_lines(text: str) -> tuple[int, list[str]]:
    """A tile's rule text: up to RULE_LINES lines at RULE_SIZE, the last shortened with an
    ellipsis when the rule is longer (the board's words and `/game card` have it whole)."""
    lines = wrap(text, RULE_SIZE, TILE_W - 20, breaks=RULE_BREAKS)
    if len(lines) <= RULE_LINES:
        return RULE_SIZE, lines
    japanese = any(ord(ch) > 0x3000 for ch in text)
    rest = ("" if japanese else " ").join(lines[RULE_LINES - 1 :])
    return RULE_SIZE, [*lines[: RULE_LINES - 1], fit(rest, RULE_SIZE, TILE_W - 20)]
