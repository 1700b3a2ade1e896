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
TRIBES = ("Latins", "Sabines")
HILL_FILL = (168, 186, 140)
HILL_DARK = (96, 116, 78)


def draw(view: SevenHillsView, names: list[str], labels: Labels) -> Image.Image:
    rows = max(2, *(_rows(len(side)) for hill in view.hills for side in hill.cards))
    band = rows * ROW_STEP + 10
    top = 112
    b_row = top
    b_band = b_row + PLAYER_H
    hills_top = b_band + band
    a_band = hills_top + HILL_H
    a_row = a_band + band
    removed_top = a_row + PLAYER_H + 12
    footer = removed_top + (CARD_H + 56 if view.removed else 36)
    height = footer + 44
    image, pen = canvas(height)
    title(pen, "The Seven Hills of Rome", _subtitle(view, names))
    _player_row(pen, view, names, 1, b_row)
    _player_row(pen, view, names, 0, a_row)
    for index, hill in enumerate(view.hills):
        x = MARGIN + index * COLUMN
        _hill(pen, view, hill, x, hills_top)
        _side(pen, hill.cards[1], hill, 1, x, hills_top - 8, upward=True, settled=view.settled)
        _side(pen, hill.cards[0], hill, 0, x, a_band + 8, upward=False, settled=view.settled)
    _removed(pen, view, removed_top)
    _footer(pen, view, footer)
    return image


def _rows(count: int) -> int:
    return (count + 1) // 2


def _subtitle(view: SevenHillsView, names: list[str]) -> str:
    game = f"Game {view.game} of 2 · " if view.games == 2 else ""
    rules = [
        label
        for flag, label in (
            (view.no_repeat_values, "no repeats"),
            (view.barricades, "barricades"),
            (view.highest_card, "highest card"),
            (view.open_hands, "open game"),
        )
        if flag
    ]
    extra = f" · {', '.join(rules)}" if rules else ""
    if view.phase == "over":
        totals = [sum(r.scores[s] for r in view.results) for s in range(2)]
        if totals[0] == totals[1]:
            verdict = "a draw"
        else:
            verdict = f"{player_label(0 if totals[0] > totals[1] else 1, names)} wins"
        return f"{game}Game over · {totals[0]} – {totals[1]} · {verdict}{extra}"
    assert view.turn is not None
    blocked = f" · hill {view.last_hill} blocked" if view.last_hill is not None else ""
    return f"{game}{player_label(view.turn, names)} to play{blocked}{extra}"


def _player_row(
    pen: ImageDraw.ImageDraw, view: SevenHillsView, names: list[str], seat: int, y: int
) -> None:
    mid = y + PLAYER_H // 2
    active = view.turn == seat
    if active:
        pen.rounded_rectangle(
            (MARGIN - 6, y + 4, WIDTH - MARGIN + 6, y + PLAYER_H - 4),
            radius=10,
            outline=HIGHLIGHT,
            width=3,
        )
    token(pen, MARGIN + 22, mid, 18, seat)
    label = f"{player_label(seat, names)} ({TRIBES[seat]})"
    pen.text((MARGIN + 52, mid), label, font=font(28), fill=INK, anchor="lm")
    status = [f"hand {view.hand_sizes[seat]}"]
    if view.start == seat:
        status.append("start player, wins ties")
    if view.games == 2 and view.results:
        status.append("series " + " + ".join(str(r.scores[seat]) for r in view.results))
    elif view.phase == "over":
        status.append(f"{view.results[-1].scores[seat]} points")
    if active:
        status.append("to play")
    pen.text((WIDTH - MARGIN - 6, mid), " · ".join(status), font=font(24), fill=MUTED, anchor="rm")
    if view.open_hand_cards is not None:
        hand = " ".join("F" if v == FLAG else str(v) for v in view.open_hand_cards[seat])
        pen.text((540, mid), f"cards: {hand}", font=font(24), fill=INK, anchor="lm")


def _hill(pen: ImageDraw.ImageDraw, view: SevenHillsView, hill: HillView, x: int, y: int) -> None:
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
            pen.text((cx, base - 14), "nobody", font=font(20), fill=MUTED, anchor="mm")
        else:
            token(pen, cx, base - 14, 12, winner)
    elif view.last_hill == hill.number:
        pen.text((cx, base - 14), "blocked", font=font(20), fill=HIGHLIGHT, anchor="mm")
    elif not hill.revealed and (hill.cards[0] or hill.cards[1]):
        pen.text((cx, base - 14), "hidden", font=font(20), fill=MUTED, anchor="mm")
    elif hill.revealed and not view.open_hands:
        pen.text((cx, base - 14), "revealed", font=font(20), fill=HILL_DARK, anchor="mm")
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


def _removed(pen: ImageDraw.ImageDraw, view: SevenHillsView, top: int) -> None:
    if not view.removed:
        if view.results and view.games == 2:
            _results_line(pen, view, top)
        return
    pen.text((MARGIN, top), "Out of play", font=font(26), fill=INK)
    y = top + 36
    for slot, removed in enumerate(view.removed):
        left = MARGIN + slot * (CARD_W + 40)
        if left + CARD_W > WIDTH - MARGIN:
            break
        _card(pen, left, y, removed.seat, CardView(value=removed.value, up=True))
        pen.text(
            (left + CARD_W + 4, y + CARD_H // 2),
            f"H{removed.hill}",
            font=font(20),
            fill=MUTED,
            anchor="lm",
        )
    if view.results and view.games == 2:
        _results_line(pen, view, top, right=True)


def _results_line(
    pen: ImageDraw.ImageDraw, view: SevenHillsView, top: int, right: bool = False
) -> None:
    text = "   ".join(
        f"Game {n}: A {r.scores[0]} – B {r.scores[1]}" for n, r in enumerate(view.results, 1)
    )
    if right:
        pen.text((WIDTH - MARGIN, top), text, font=font(24), fill=MUTED, anchor="ra")
    else:
        pen.text((MARGIN, top), text, font=font(24), fill=MUTED)


def _footer(pen: ImageDraw.ImageDraw, view: SevenHillsView, y: int) -> None:
    notes = ["Cards nearest a hill were played first"]
    if not view.open_hands:
        notes.append("hatched cards lie face down")
    if view.barricades:
        notes.append("red frame = flag guarding its hill")
    pen.text((MARGIN, y), " · ".join(notes) + ".", font=font(20), fill=MUTED)
