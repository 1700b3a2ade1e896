"""Spartacus table: the current trick in play order (the newest card dotted) and the trick
taken last, then one row per player with hand size, tricks won (face down: count only), who
passed, whose turn it is and the running series score.

Title, the trick panel and the column headings are a static layer cached per (seat count,
stage, series, language); cards are cached sprites."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from engine.games.spartacus.cards import FLAG, hand_penalty, pile_value
from engine.games.spartacus.state import SpartacusView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    RGB,
    SMALL_TEXT,
    WHITE,
    WIDTH,
    Labels,
    Pen,
    board_palette,
    canvas,
    fit,
    font,
    layer,
    piece,
    player_colour,
    player_label,
    title,
)
from render.raster import Stamp, paste_stamp, to_stamp

MARGIN = 24
TRICK_TOP = 108
CARD_W, CARD_H, CARD_GAP = 68, 108, 8
TRICK_H = 230
PLAYERS_TOP = TRICK_TOP + TRICK_H + 22
ROW_H = 66
COL_HAND, COL_TRICKS, COL_STATUS, COL_SERIES = 420, 600, 790, 1010
PALETTE = board_palette()  # the shared colours are all this table uses


def draw(view: SpartacusView, names: list[str], labels: Labels) -> Image.Image:
    over = view.phase == "over"
    series = view.series_games > 1
    headings = _headings(view, labels)
    image, pen = layer(_background(view.seats, over, series, labels("title"), headings))
    pen.text(
        (24, 66),
        fit(_subtitle(view, labels), SMALL_TEXT, WIDTH - 2 * MARGIN),
        font=font(SMALL_TEXT),
        fill=MUTED,
    )
    if not over:
        _trick(pen, view, names, labels)
    _players(pen, view, names, TRICK_TOP if over else PLAYERS_TOP, labels)
    return image


def _headings(view: SpartacusView, labels: Labels) -> tuple[str, ...]:
    """The players heading, then the column headings."""
    over = view.phase == "over"
    score = labels("game", game=view.game_no) if view.series_games > 1 else labels("score")
    headings = (
        labels("final_scores") if over else labels("players"),
        score if over else labels("hand"),
        labels("tricks"),
        labels("left_in_hand") if over else labels("status"),
    )
    return (*headings, labels("series_total")) if view.series_games > 1 else headings


@lru_cache(maxsize=8)
def _background(
    seats: int, over: bool, series: bool, heading: str, headings: tuple[str, ...]
) -> Image.Image:
    top = TRICK_TOP if over else PLAYERS_TOP  # a finished game has no trick to show
    image, pen = canvas(top + 50 + ROW_H * seats + 24, palette=PALETTE)
    title(pen, heading)
    if not over:
        box = (MARGIN, TRICK_TOP, WIDTH - MARGIN, TRICK_TOP + TRICK_H)
        pen.rounded_rectangle(box, radius=14, fill=PANEL, outline=PANEL_DARK, width=2)
    pen.text((MARGIN, top), headings[0], font=font(SMALL_TEXT), fill=INK)
    columns = (COL_HAND, COL_TRICKS, COL_STATUS, COL_SERIES)
    for text, x in zip(headings[1:], columns, strict=False):
        pen.text((x, top + 4), text, font=font(SMALL_TEXT), fill=MUTED)
    return image


def _subtitle(view: SpartacusView, labels: Labels) -> str:
    parts = []
    if view.series_games > 1:
        parts.append(labels("game_of", game=view.game_no, games=view.series_games))
    if view.flags_as_jokers:
        rules = [labels("rule.jokers")]
        if view.joker_penalty:
            rules.append(labels("rule.joker_penalty"))
        if view.joker_voids_trick:
            rules.append(labels("rule.joker_voids"))
        parts.append(labels("list_separator").join(rules))
    elif view.no_flags:
        parts.append(labels("rule.no_flags"))
    else:
        parts.append(labels("rule.standard"))
    if view.phase == "over":
        parts.insert(0, labels("over"))
    return " · ".join(parts)


def _trick(pen: Pen, view: SpartacusView, names: list[str], labels: Labels) -> None:
    heading = fit(_trick_heading(view, labels), 28, WIDTH - 2 * MARGIN - 36)
    pen.text((MARGIN + 18, TRICK_TOP + 10), heading, font=font(28), fill=INK)
    count = len(view.trick)
    step: float = CARD_W + CARD_GAP
    if count * step > WIDTH - 2 * MARGIN - 24:  # never in real play (at most 15 cards), but safe
        step = (WIDTH - 2 * MARGIN - 24 - CARD_W) / max(1, count - 1)
    top = TRICK_TOP + 62
    last = count - 1
    for index, (seat, card) in enumerate(view.trick):
        taking = view.leader == seat and (
            index == last if view.flags_as_jokers else card == view.lowest
        )
        sprite = _card(seat, card, view.flags_as_jokers, taking, newest=index == last)
        pen.image.paste(sprite, (round(MARGIN + 16 + index * step), top))
    if view.last_trick is not None:
        text = fit(_last_trick(view, names, labels), SMALL_TEXT, WIDTH - 2 * MARGIN - 36)
        pen.text(
            (MARGIN + 18, TRICK_TOP + TRICK_H - 22),
            text,
            font=font(SMALL_TEXT),
            fill=MUTED,
            anchor="lm",
        )


def _last_trick(view: SpartacusView, names: list[str], labels: Labels) -> str:
    assert view.last_trick is not None
    seat, cards = view.last_trick
    word = "★" if view.flags_as_jokers else labels("flag")  # as on the cards
    shown = " ".join(word if card == FLAG else str(card) for card in cards)
    value = str(pile_value(cards, view)).replace("-", "−")
    return labels("last_trick", player=player_label(seat, names), cards=shown, value=value)


def _trick_heading(view: SpartacusView, labels: Labels) -> str:
    if not view.trick:
        return labels("new_trick")
    cards = tuple(card for _, card in view.trick)
    worth = labels("worth", value=str(pile_value(cards, view)).replace("-", "−"))
    if view.flags_as_jokers:
        below = labels("any_card")
        if view.lowest:
            if view.lowest == 1:
                below = labels("only_joker")
            else:
                below = labels("below_or_joker", lowest=view.lowest)
        return f"{worth} · {labels('last_takes')} · {below}"
    if view.lowest is None:
        return f"{worth} · {labels('no_number')}"
    below = labels("nothing_beats_1") if view.lowest == 1 else labels("below", lowest=view.lowest)
    return f"{worth} · {labels('lowest_takes')} · {below}"


@lru_cache(maxsize=512)
def _card(seat: int, card: int, jokers: bool, taking: bool, newest: bool) -> Image.Image:
    """A face-up trick card on the trick panel: the player's token, the value (a star for a
    joker, a pennant for a flag); a red frame on the card taking the trick, a red dot on the
    newest one."""
    image, pen = canvas(CARD_H + 1, CARD_W + 1, palette=PALETTE)
    pen.rectangle((0, 0, CARD_W, CARD_H), fill=PANEL)
    pen.rounded_rectangle(
        (0, 0, CARD_W, CARD_H),
        radius=8,
        fill=WHITE,
        outline=HIGHLIGHT if taking else INK,
        width=5 if taking else 2,
    )
    pen.token(CARD_W / 2, 24, 16, seat)
    cx, cy = CARD_W / 2, 76
    if card != FLAG:
        pen.text((cx, cy), str(card), font=font(44), fill=INK, anchor="mm")
    elif jokers:
        pen.text((cx, cy), "★", font=font(44), fill=INK, anchor="mm")
    else:
        _flag(pen, cx, cy, seat)
    if newest:
        pen.ellipse((CARD_W - 22, 6, CARD_W - 8, 20), fill=HIGHLIGHT, outline=WHITE, width=2)
    return image


def _flag(pen: ImageDraw.ImageDraw, cx: float, cy: float, seat: int) -> None:
    """A pennant on a pole (the font has no flag glyph)."""
    pen.line((cx - 14, cy - 22, cx - 14, cy + 24), fill=INK, width=4)
    pen.polygon(
        [(cx - 12, cy - 22), (cx + 20, cy - 12), (cx - 12, cy + 2)],
        fill=player_colour(seat),
        outline=INK,
        width=2,
    )


def _players(pen: Pen, view: SpartacusView, names: list[str], top: int, labels: Labels) -> None:
    """A row per player, each a piece cached by what it shows, its stripe included (every
    other row lies on a panel stripe, which reaches one pixel into the row below: over a
    stripe the box would not be one colour, so it could not be cached)."""
    over = view.phase == "over"
    winners = _winners(view) if over else ()
    for seat in range(view.seats):
        label = fit(player_label(seat, names), 28, COL_HAND - MARGIN - 74)
        cells: tuple[object, ...]
        if over:
            cells = _final_cells(view, seat, seat in winners, labels)
        else:
            cells = _live_cells(view, seat, labels)
        total = str(view.totals[seat]) if view.series_games > 1 else None
        last = seat == view.seats - 1
        size = (WIDTH - 2 * MARGIN + 1, ROW_H + (1 if last else 0))
        stripe = (seat % 2 == 0, seat % 2 == 1)  # on a stripe; under the one above's edge
        at = (LEFT, top + 44 + seat * ROW_H)
        piece(pen.image, at, size, _row, seat, label, over, cells, total, *stripe)


LEFT = MARGIN  # a row piece's x origin on the board
MID = ROW_H / 2  # the middle of a row piece


def _row(
    pen: Pen,
    seat: int,
    label: str,
    over: bool,
    cells: tuple,
    total: str | None,
    striped: bool,
    edge: bool,
) -> None:
    """One player's row in its own coordinates, with its panel stripe (`striped`, which ends
    on the first line of the next row) or the stripe above's last line (`edge`)."""
    if striped:
        pen.rectangle((0, 0, WIDTH - 2 * MARGIN, ROW_H), fill=PANEL)
    elif edge:
        pen.rectangle((0, 0, WIDTH - 2 * MARGIN, 0), fill=PANEL)
    pen.token(MARGIN + 26 - LEFT, MID, 20, seat)
    pen.text((MARGIN + 58 - LEFT, MID), label, font=font(28), fill=INK, anchor="lm")
    if over:
        _final_row(pen, *cells)
    else:
        _live_row(pen, *cells)
    if total is not None:
        pen.text((COL_SERIES - LEFT, MID), total, font=font(30), fill=INK, anchor="lm")


def _live_cells(view: SpartacusView, seat: int, labels: Labels) -> tuple[int, int, str, RGB]:
    """A live row's hand size, tricks won and status (with its colour)."""
    if view.active == seat:
        status, colour = "▶ " + labels("to_play"), HIGHLIGHT
    elif view.leader == seat:
        status, colour = labels("taking"), INK
    elif view.passed[seat]:
        status, colour = labels("passed"), MUTED
    else:
        status, colour = "", MUTED
    return view.hand_sizes[seat], view.tricks_won[seat], status, colour


def _live_row(pen: Pen, size: int, tricks: int, status: str, colour: RGB) -> None:
    _card_backs(pen, COL_HAND - LEFT, MID, min(size, 11))
    pen.text((COL_HAND + 112 - LEFT, MID), str(size), font=font(30), fill=INK, anchor="lm")
    _piles(pen, COL_TRICKS - LEFT, MID, tricks)
    pen.text((COL_STATUS - LEFT, MID), status, font=font(28), fill=colour, anchor="lm")


def _final_cells(
    view: SpartacusView, seat: int, winner: bool, labels: Labels
) -> tuple[str, bool, str, str]:
    """A finished row's score (a star for a winner), tricks won = points, and hand left over."""
    score = view.results[-1][seat] if view.results else 0
    won = view.won[seat] if view.won else ()
    earned = sum(pile_value(pile, view) for pile in won)
    hand = view.final_hands[seat] if view.final_hands else ()
    text = " ".join(str(card) for card in hand if card != FLAG)
    if FLAG in hand:  # the font has no flag glyph: name it
        text += " + " + labels("joker" if view.flags_as_jokers else "flag")
    if hand:
        text = f"{text.strip(' +')}  (−{hand_penalty(hand, view)})"
    width = (COL_SERIES if view.series_games > 1 else WIDTH - MARGIN) - COL_STATUS - 12
    score_text = f"{score}" + ("  ★" if winner else "")
    return score_text, winner, f"{len(won)} = {earned}", fit(text or "-", SMALL_TEXT, width)


def _final_row(pen: Pen, score: str, winner: bool, tricks: str, hand: str) -> None:
    fill = HIGHLIGHT if winner else INK
    pen.text((COL_HAND - LEFT, MID), score, font=font(30), fill=fill, anchor="lm")
    pen.text((COL_TRICKS - LEFT, MID), tricks, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    pen.text((COL_STATUS - LEFT, MID), hand, font=font(SMALL_TEXT), fill=INK, anchor="lm")


@lru_cache(maxsize=32)
def _stack(count: int, dx: int, dy: int, fill: tuple[int, int, int]) -> Stamp:
    """`count` rounded cards, each `dx` right and `dy` up of the one before (a hand's fan is
    24x40, a trick pile's cards 34x36), and the mask of the pixels they cover."""
    w, h = (24, 40) if dy == 0 else (34, 36)
    size = (w + dx * (count - 1) + 1, h + dy * 2 + 1 if dy else h + 1)
    image, pen = canvas(size[1], size[0], palette=PALETTE)
    mask = Image.new("L", size, 0)
    outline = ImageDraw.Draw(mask)
    for level in range(count):
        box = (level * dx, size[1] - 1 - h - level * dy, level * dx + w, size[1] - 1 - level * dy)
        pen.rounded_rectangle(box, radius=4, fill=fill, outline=INK, width=1)
        outline.rounded_rectangle(box, radius=4, fill=255)
    return to_stamp(image, mask)


def _winners(view: SpartacusView) -> tuple[int, ...]:
    scores = view.totals
    best = max(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def _card_backs(pen: Pen, x: float, mid: float, count: int) -> None:
    """A fan of face-down cards, one per card in hand (a sprite cached per count)."""
    if count:
        paste_stamp(pen.image, _stack(count, 7, 0, PANEL_DARK), (round(x), round(mid) - 20))


def _piles(pen: Pen, x: float, mid: float, count: int) -> None:
    """Face-down trick piles: a stack icon and the count."""
    if count:
        paste_stamp(pen.image, _stack(min(count, 3), 4, 4, MUTED), (round(x), round(mid) - 26))
    pen.text((x + 56, mid), f"× {count}", font=font(30), fill=INK, anchor="lm")
