"""Seven Hills board: the hills in a row, Sabine (B) cards above and Latin (A) cards below them,
face-down cards as hatched backs, removed cards and the score line. Drawn from the public view,
so a face-down value never reaches the picture."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.seven_hills import FLAG, CardView, HillView, SevenHillsView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    WHITE,
    WIDTH,
    Labels,
    canvas,
    font,
    player_colour,
    player_label,
    title,
    token,
)

MARGIN = 24
COLUMN = (WIDTH - 2 * MARGIN) // 7
CARD_W, CARD_H = 68, 54
CARD_GAP = 8
ROW_STEP = CARD_H + CARD_GAP
HILL_H = 150
PLAYER_H = 60
HAND_LINE = 30  # an open hand gets its own line under the name, clear of the status text
HILL_FILL = (168, 186, 140)
HILL_DARK = (96, 116, 78)


def draw(view: SevenHillsView, names: list[str], labels: Labels) -> Image.Image:
    rows = max(2, *(_rows(len(side)) for hill in view.hills for side in hill.cards))
    band = rows * ROW_STEP + 10
    top = 112
    b_row = top
    player_h = PLAYER_H + (HAND_LINE if view.open_hand_cards is not None else 0)
    b_band = b_row + player_h
    hills_top = b_band + band
    a_band = hills_top + HILL_H
    a_row = a_band + band
    removed_top = a_row + player_h + 12
    footer = removed_top + (CARD_H + 56 if view.removed else 36)
    height = footer + 44
    image, pen = canvas(height)
    title(pen, labels("title"), _fit(_subtitle(view, names, labels), 26, WIDTH - 2 * MARGIN))
    _player_row(pen, view, names, 1, b_row, labels)
    _player_row(pen, view, names, 0, a_row, labels)
    for index, hill in enumerate(view.hills):
        x = MARGIN + index * COLUMN
        _hill(pen, view, hill, x, hills_top, labels)
        _side(pen, hill.cards[1], hill, 1, x, hills_top - 8, upward=True, settled=view.settled)
        _side(pen, hill.cards[0], hill, 0, x, a_band + 8, upward=False, settled=view.settled)
    _removed(pen, view, removed_top, labels)
    _footer(pen, view, footer, labels)
    return image


def _rows(count: int) -> int:
    return (count + 1) // 2


def _subtitle(view: SevenHillsView, names: list[str], labels: Labels) -> str:
    parts = [labels("game_of_two", game=view.game)] if view.games == 2 else []
    rules = [
        labels(key)
        for flag, key in (
            (view.no_repeat_values, "rule.no_repeats"),
            (view.barricades, "rule.barricades"),
            (view.highest_card, "rule.highest_card"),
            (view.open_hands, "rule.open_game"),
        )
        if flag
    ]
    if view.phase == "over":
        totals = [sum(r.scores[s] for r in view.results) for s in range(2)]
        if totals[0] == totals[1]:
            verdict = labels("draw")
        else:
            verdict = labels("wins", player=player_label(0 if totals[0] > totals[1] else 1, names))
        parts += [labels("over"), f"{totals[0]} – {totals[1]}", verdict]
    else:
        assert view.turn is not None
        parts.append(labels("to_play", player=player_label(view.turn, names)))
        if view.last_hill is not None:
            parts.append(labels("hill_blocked", hill=view.last_hill))
    if rules:
        parts.append(labels("list_separator").join(rules))
    return " · ".join(parts)


def _player_row(
    pen: ImageDraw.ImageDraw,
    view: SevenHillsView,
    names: list[str],
    seat: int,
    y: int,
    labels: Labels,
) -> None:
    mid = y + PLAYER_H // 2
    active = view.turn == seat
    height = PLAYER_H + (HAND_LINE if view.open_hand_cards is not None else 0)
    if active:
        pen.rounded_rectangle(
            (MARGIN - 6, y + 4, WIDTH - MARGIN + 6, y + height - 4),
            radius=10,
            outline=HIGHLIGHT,
            width=3,
        )
    token(pen, MARGIN + 22, mid, 18, seat)
    tribe = labels("tribe.latins" if seat == 0 else "tribe.sabines")
    label = labels("player_tribe", player=player_label(seat, names), tribe=tribe)
    pen.text((MARGIN + 52, mid), label, font=font(28), fill=INK, anchor="lm")
    status = [labels("hand", count=view.hand_sizes[seat])]
    if view.start == seat:
        status.append(labels("start_player"))
    if view.games == 2 and view.results:
        series = " + ".join(str(r.scores[seat]) for r in view.results)
        status.append(labels("series", scores=series))
    elif view.phase == "over":
        status.append(labels("points", points=view.results[-1].scores[seat]))
    if active:
        status.append(labels("your_turn"))
    pen.text((WIDTH - MARGIN - 6, mid), " · ".join(status), font=font(24), fill=MUTED, anchor="rm")
    if view.open_hand_cards is not None:
        flag = labels("flag_short")
        hand = " ".join(flag if v == FLAG else str(v) for v in view.open_hand_cards[seat])
        text = labels("cards", cards=hand)
        pen.text((MARGIN + 52, mid + HAND_LINE), text, font=font(24), fill=INK, anchor="lm")


def _hill(
    pen: ImageDraw.ImageDraw, view: SevenHillsView, hill: HillView, x: int, y: int, labels: Labels
) -> None:
    """A mound with the hill's number; each side's total (when known) above and below it."""
    left, right = x + 8, x + COLUMN - 8
    base = y + HILL_H - 28
    winner = hill.winner if view.settled else None
    pen.pieslice(
        (left, y + 30, right, y + 30 + 2 * (base - y - 30)),
        start=180,
        end=360,
        fill=HILL_FILL,
        outline=player_colour(winner) if winner is not None else HILL_DARK,
        width=7 if winner is not None else 2,
    )
    pen.line((left, base, right, base), fill=HILL_DARK, width=2)
    cx = x + COLUMN // 2
    pen.text((cx, y + 78), str(hill.number), font=font(52), fill=INK, anchor="mm")
    if view.settled:
        if winner is None:
            pen.text((cx, base - 14), labels("nobody"), font=font(20), fill=MUTED, anchor="mm")
        else:
            token(pen, cx, base - 14, 12, winner)
    elif view.last_hill == hill.number:
        pen.text((cx, base - 14), labels("blocked"), font=font(20), fill=HIGHLIGHT, anchor="mm")
    elif not hill.revealed and (hill.cards[0] or hill.cards[1]):
        pen.text((cx, base - 14), labels("hidden"), font=font(20), fill=MUTED, anchor="mm")
    elif hill.revealed and not view.open_hands:
        pen.text((cx, base - 14), labels("revealed"), font=font(20), fill=HILL_DARK, anchor="mm")
    if view.highest_card:
        return
    for seat, ty in ((1, y + 14), (0, base + 14)):
        values = [card.value for card in hill.cards[seat]]
        if values and None not in values and (hill.revealed or view.settled):
            total = sum(v for v in values if v is not None)
            pen.text((cx, ty), f"Σ {total}", font=font(22), fill=INK, anchor="mm")


def _side(
    pen: ImageDraw.ImageDraw,
    cards: tuple[CardView, ...],
    hill: HillView,
    seat: int,
    x: int,
    y: int,
    *,
    upward: bool,
    settled: bool,
) -> None:
    """Cards in play order from the hill outward, two per row."""
    inner = (COLUMN - 2 * CARD_W - CARD_GAP) // 2
    for slot, card in enumerate(cards):
        row, col = divmod(slot, 2)
        left = x + inner + col * (CARD_W + CARD_GAP)
        top = y - (row + 1) * ROW_STEP + CARD_GAP if upward else y + row * ROW_STEP
        guard = hill.guard == seat and card.value == FLAG and card.up and not settled
        _card(pen, left, top, seat, card, guard)


def _card(
    pen: ImageDraw.ImageDraw, left: int, top: int, seat: int, card: CardView, guard: bool = False
) -> None:
    box = (left, top, left + CARD_W, top + CARD_H)
    colour = player_colour(seat)
    if not card.up:
        pen.rounded_rectangle(box, radius=7, fill=colour, outline=INK, width=2)
        for offset in range(-CARD_H, CARD_W, 12):  # hatched back
            x0, x1 = left + max(offset, 0), left + min(offset + CARD_H, CARD_W)
            if x1 > x0:
                y0 = top + CARD_H - (x0 - left - offset)
                y1 = top + CARD_H - (x1 - left - offset)
                pen.line((x0 + 1, y0 - 1, x1 - 1, y1 + 1), fill=INK, width=1)
        return
    pen.rounded_rectangle(
        box, radius=7, fill=WHITE, outline=HIGHLIGHT if guard else INK, width=4 if guard else 2
    )
    pen.rectangle((left + 3, top + 3, left + 12, top + CARD_H - 3), fill=colour)
    cx, cy = left + CARD_W // 2 + 6, top + CARD_H // 2
    if card.value == FLAG:
        _flag(pen, cx, cy, colour)
    else:
        pen.text((cx, cy), str(card.value), font=font(34), fill=INK, anchor="mm")


def _flag(pen: ImageDraw.ImageDraw, cx: int, cy: int, colour: tuple[int, int, int]) -> None:
    pole = cx - 12
    pen.line((pole, cy - 18, pole, cy + 18), fill=INK, width=3)
    pen.polygon(
        [(pole, cy - 18), (pole + 26, cy - 10), (pole, cy - 2)], fill=colour, outline=INK, width=2
    )


def _removed(pen: ImageDraw.ImageDraw, view: SevenHillsView, top: int, labels: Labels) -> None:
    if not view.removed:
        if view.results and view.games == 2:
            _results_line(pen, view, top, labels)
        return
    pen.text((MARGIN, top), labels("out_of_play"), font=font(26), fill=INK)
    y = top + 36
    for slot, removed in enumerate(view.removed):
        left = MARGIN + slot * (CARD_W + 40)
        if left + CARD_W > WIDTH - MARGIN:
            break
        _card(pen, left, y, removed.seat, CardView(value=removed.value, up=True))
        pen.text(
            (left + CARD_W + 4, y + CARD_H // 2),
            labels("hill_short", hill=removed.hill),
            font=font(20),
            fill=MUTED,
            anchor="lm",
        )
    if view.results and view.games == 2:
        _results_line(pen, view, top, labels, right=True)


def _results_line(
    pen: ImageDraw.ImageDraw, view: SevenHillsView, top: int, labels: Labels, right: bool = False
) -> None:
    text = "   ".join(
        labels("game_result", game=n, a=r.scores[0], b=r.scores[1])
        for n, r in enumerate(view.results, 1)
    )
    if right:
        pen.text((WIDTH - MARGIN, top), text, font=font(24), fill=MUTED, anchor="ra")
    else:
        pen.text((MARGIN, top), text, font=font(24), fill=MUTED)


def _footer(pen: ImageDraw.ImageDraw, view: SevenHillsView, y: int, labels: Labels) -> None:
    notes = [labels("note.order")]
    if not view.open_hands:
        notes.append(labels("note.hatched"))
    if view.barricades:
        notes.append(labels("note.guard"))
    text = labels("notes", notes=" · ".join(notes))
    pen.text((MARGIN, y), _fit(text, 20, WIDTH - 2 * MARGIN), font=font(20), fill=MUTED)


def _fit(text: str, size: int, width: int) -> str:
    """Shorten `text` with an ellipsis until it fits `width` pixels."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
