"""Prokonsul board: the seven provinces with values, links, candidates and governors, the black
pawn, the tie-break track, and this round's cards in front of whoever holds them; the province
the latest round decided is outlined in its winner's colour and that round's payments are
listed. Drawn from the public view, which has no chip totals until the game is over.

Title, links and the track's frame are a static layer cached per (seat count, map, language)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from engine.games.prokonsul import ProkonsulView
from engine.games.prokonsul.state import board
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
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
    player_letter,
    text_width,
    title,
    token,
)
from render.raster import Stamp, paste_stamp, to_stamp

MARGIN = 24
SCALE_X, SCALE_Y = 1.17, 1.45
MAP_DX, MAP_DY = 15, -131
BOX_W, BOX_H = 184, 150
MAP_BOTTOM = 740
TRACK_TOP = MAP_BOTTOM + 16
STATUS_TOP = TRACK_TOP + 92
ROW_H = 62
EXTRA_H = 38  # a line under the players
TRACK_X = 214  # the tie-break track, right of its heading
STATUS_X = 840  # right of the supply text and up to five cards
GOVERNED = (214, 205, 186)
BLACK = (20, 20, 20)
ROW_ALT = (240, 234, 220)
PALETTE = board_palette(
    colours=(GOVERNED, BLACK, ROW_ALT),
    text_on=((INK, GOVERNED), (INK, ROW_ALT), (MUTED, ROW_ALT), (HIGHLIGHT, ROW_ALT)),
)


def draw(view: ProkonsulView, names: list[str], labels: Labels) -> Image.Image:
    extra = _extra_lines(view, labels)
    height = STATUS_TOP + 64 + ROW_H * view.seats + EXTRA_H * len(extra) + 16
    links = tuple((_centre(view, a), _centre(view, b)) for a, b in view.links)
    texts = (labels("title"), labels("tiebreak"), labels("left_first"))
    base = STATUS_TOP + 64 + ROW_H * view.seats + 16
    image, pen = layer(_background(base, links, texts), height)
    pen.text((24, 66), _subtitle(view, labels), font=font(SMALL_TEXT), fill=MUTED)
    _map(pen, view, labels)
    _track(pen, view, labels)
    y = _round_panel(pen, view, names, labels)
    for line, colour in extra:
        pen.text(
            (MARGIN, y),
            fit(line, SMALL_TEXT, WIDTH - 2 * MARGIN),
            font=font(SMALL_TEXT),
            fill=colour,
        )
        y += EXTRA_H
    return image


@lru_cache(maxsize=8)
def _background(
    height: int,
    links: tuple[tuple[tuple[float, float], tuple[float, float]], ...],
    texts: tuple[str, str, str],
) -> Image.Image:
    """Title, the roads between provinces and the tie-break track's frame."""
    image, pen = canvas(height, palette=PALETTE)
    title(pen, texts[0])
    for (ax, ay), (bx, by) in links:
        pen.line((ax, ay, bx, by), fill=PANEL_DARK, width=10)
    pen.text((MARGIN, TRACK_TOP + 20), texts[1], font=font(SMALL_TEXT), fill=INK, anchor="lm")
    first = fit(texts[2], SMALL_TEXT, TRACK_X - MARGIN - 8)
    pen.text((MARGIN, TRACK_TOP + 52), first, font=font(SMALL_TEXT), fill=MUTED, anchor="lm")
    for space in range(5):
        x = TRACK_X + space * 74
        box = (x, TRACK_TOP + 4, x + 64, TRACK_TOP + 68)
        pen.rounded_rectangle(box, radius=8, fill=PANEL, outline=PANEL_DARK, width=2)
    return image


NEGOTIATIONS = ("strict", "two_way", "free")


def _subtitle(view: ProkonsulView, labels: Labels) -> str:
    mode = view.negotiation
    parts = [labels(f"mode.{mode}") if mode in NEGOTIATIONS else mode]
    if view.short_game:
        parts.append(labels("short_game"))
    if view.phase == "over":
        parts.insert(0, labels("over"))
    else:
        parts[:0] = [labels("round", round=view.round), labels("hand", count=view.hand_size)]
    return " · ".join(parts)


def _province_name(view: ProkonsulView, province: int, labels: Labels) -> str:
    """The province's name in the reader's language: the board data's `name_ja` beside `name`
    (looked up by the view's public province id), as the text catalog does."""
    provinces: list[dict[str, Any]] = board()["provinces"]
    data = next((p for p in provinces if p["id"] == view.provinces[province]), {})
    name = view.names[province]
    return labels("province", name=name, name_ja=data.get("name_ja", name))


def _centre(view: ProkonsulView, province: int) -> tuple[float, float]:
    x, y = view.positions[province]
    return MAP_DX + x * SCALE_X, MAP_DY + y * SCALE_Y


def _map(pen: Pen, view: ProkonsulView, labels: Labels) -> None:
    for province in range(len(view.provinces)):
        _province(pen, view, province, labels)
    for a, b in view.links:  # the link symbols go on top, between the two provinces
        (ax, ay), (bx, by) = _centre(view, a), _centre(view, b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        pen.ellipse((mx - 25, my - 25, mx + 25, my + 25), fill=WHITE, outline=HIGHLIGHT, width=3)
        pen.text((mx, my), f"+{view.link_bonus}", font=font(SMALL_TEXT), fill=INK, anchor="mm")


def _province(pen: Pen, view: ProkonsulView, province: int, labels: Labels) -> None:
    """A province box, pasted from a sprite cached on what it shows (a move changes one or two
    provinces; the others are pasted as they were), then the pawn on its left edge."""
    cx, cy = _centre(view, province)
    left, top = round(cx - BOX_W / 2), round(cy - BOX_H / 2)
    here = province == view.pawn and view.phase != "over"
    governor = view.governor[province]
    visited = view.short_game and province in view.visited and not here
    decided = province == view.decided and view.winner is not None
    if here:
        outline, width = HIGHLIGHT, 6
    elif decided:  # the latest round was decided here: its winner's colour
        outline, width = player_colour(view.winner or 0), 6
    else:
        outline, width = PANEL_DARK, 2
    box = _ProvinceBox(
        _province_name(view, province, labels),
        view.values[province],
        governor is not None or visited,
        outline,
        width,
        governor,
        labels("governor", value=view.values[province]) if governor is not None else "",
        tuple(view.candidates[province]),
        labels("visited") if visited and governor is None else "",
    )
    paste_stamp(pen.image, _province_sprite(box), (left, top))
    if here:
        _black_pawn(pen, left - 2, top + BOX_H - 30)  # on the left edge: clear of all inside


class _ProvinceBox(NamedTuple):
    """All a province box shows: its sprite's cache key."""

    name: str
    value: int
    closed: bool
    outline: tuple[int, int, int]
    width: int
    governor: int | None
    governor_text: str
    candidates: tuple[int, ...]
    visited: str


@lru_cache(maxsize=512)
def _province_sprite(box: _ProvinceBox) -> Stamp:
    image, pen = canvas(BOX_H + 1, BOX_W + 1, palette=PALETTE)
    shape = (0, 0, BOX_W, BOX_H)
    pen.rounded_rectangle(
        shape,
        radius=14,
        fill=GOVERNED if box.closed else PANEL,
        outline=box.outline,
        width=box.width,
    )
    _name_lines(pen, box.name, BOX_W / 2, 0)
    if box.governor is not None:
        token(pen, 38, 90, 24, box.governor)
        pen.text((68, 90), box.governor_text, font=font(SMALL_TEXT), fill=INK, anchor="lm")
    else:
        pen.ellipse((12, 66, 58, 112), fill=WHITE, outline=INK, width=2)
        pen.text((35, 89), str(box.value), font=font(30), fill=INK, anchor="mm")
        for slot, seat in enumerate(box.candidates):
            row, col = divmod(slot, 3)
            token(pen, 82 + col * 36, 80 + row * 34, 16, seat)
    if box.visited:
        pen.text(
            (BOX_W / 2, BOX_H - 18), box.visited, font=font(SMALL_TEXT), fill=MUTED, anchor="mm"
        )
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(shape, radius=14, fill=255)
    return to_stamp(image, mask)


def _name_lines(pen: ImageDraw.ImageDraw, name: str, cx: float, top: float) -> None:
    """The name at SMALL_TEXT on one line when it fits the box, else on two, split at the "・"
    or space nearest its middle (cut short with "…" only if a half is still too wide)."""
    room = BOX_W - 12
    if text_width(name, SMALL_TEXT) <= room:
        pen.text((cx, top + 20), name, font=font(SMALL_TEXT), fill=INK, anchor="mm")
        return
    cuts = [i for i, char in enumerate(name) if char in "・ "]
    cut = min(cuts, key=lambda i: abs(2 * i - len(name))) if cuts else len(name)
    for line, part in enumerate((name[:cut], name[cut + 1 :])):
        text = fit(part, SMALL_TEXT, room)
        pen.text((cx, top + 20 + 29 * line), text, font=font(SMALL_TEXT), fill=INK, anchor="mm")


def _black_pawn(pen: ImageDraw.ImageDraw, x: float, y: float) -> None:
    pen.polygon([(x - 15, y + 24), (x + 15, y + 24), (x + 6, y), (x - 6, y)], fill=BLACK)
    pen.ellipse((x - 10, y - 18, x + 10, y + 2), fill=BLACK, outline=WHITE, width=2)


def _track(pen: ImageDraw.ImageDraw, view: ProkonsulView, labels: Labels) -> None:
    for space, seat in enumerate(view.tiebreak[:5]):
        token(pen, TRACK_X + space * 74 + 32, TRACK_TOP + 36, 22, seat)
    x = TRACK_X + 5 * 74 + 30
    if view.revealed:
        reveal = labels(
            "revealed", round=view.revealed_round, total=view.total, threshold=view.threshold
        )
        if view.petitioner is not None:
            holding = view.holding(view.petitioner)
            reveal += " · " + labels("holds", letter=player_letter(view.petitioner), held=holding)
        room = WIDTH - MARGIN - x
        reveal = fit(reveal, SMALL_TEXT, room)
        pen.text((x, TRACK_TOP + 20), reveal, font=font(SMALL_TEXT), fill=INK, anchor="lm")
        result = fit(_result_line(view, labels), SMALL_TEXT, room)
        pen.text((x, TRACK_TOP + 54), result, font=font(SMALL_TEXT), fill=MUTED, anchor="lm")


RESULTS = ("immediate", "petition", "fallback", "coalition", "none")


def _result_line(view: ProkonsulView, labels: Labels) -> str:
    if view.phase in ("petition", "free"):
        if view.phase == "free":
            return labels("open_negotiation")
        return labels("petition_order", order=" ".join(player_letter(s) for s in view.queue))
    how = labels(f"result.{view.result}") if view.result in RESULTS else ""
    if view.winner is not None:
        return labels("winner_how", letter=player_letter(view.winner), how=how)
    return how


def _round_panel(pen: Pen, view: ProkonsulView, names: list[str], labels: Labels) -> int:
    top = STATUS_TOP
    heading = labels("players_cards") if view.revealed else labels("players")
    pen.text((MARGIN, top), heading, font=font(SMALL_TEXT), fill=INK)
    if view.phase == "over" and view.final_chips is not None:
        chips = labels("final_chips")
        pen.text((WIDTH - MARGIN, top), chips, font=font(SMALL_TEXT), fill=MUTED, anchor="ra")
    supplies = [labels("supply", count=count) for count in view.supply]
    cards_x = max(470, 330 + max(text_width(text, SMALL_TEXT) for text in supplies) + 16)
    for seat in range(view.seats):
        words = _row_words(view, names, labels, seat, supplies[seat], cards_x)
        at = (MARGIN, top + 40 + seat * ROW_H)
        piece(pen.image, at, (WIDTH - 2 * MARGIN + 1, ROW_H - 3), _row, *words)
    return top + 40 + view.seats * ROW_H + 14


def _row_words(
    view: ProkonsulView, names: list[str], labels: Labels, seat: int, supply: str, cards_x: float
) -> tuple[int, str, str, float, tuple[tuple[int, int, bool], ...], str, bool, str | None]:
    """What one player's row shows (the row is cached by it): name, supply, held cards (value,
    owner, held by another), status and whether it is urgent, final chips."""
    cards = (
        tuple((view.revealed[owner], owner, owner != seat) for owner in view.held[seat])
        if view.held
        else ()
    )
    status, hot = _status(view, seat, labels)
    room = WIDTH - MARGIN - 10 - STATUS_X - (60 if view.final_chips is not None else 0)
    over = view.phase == "over" and view.final_chips is not None
    chips = str(view.final_chips[seat]) if over and view.final_chips is not None else None
    label = player_label(seat, names)
    return seat, label, supply, cards_x, cards, fit(status, SMALL_TEXT, room), hot, chips


def _row(
    pen: ImageDraw.ImageDraw,
    seat: int,
    label: str,
    supply: str,
    cards_x: float,
    cards: tuple[tuple[int, int, bool], ...],
    status: str,
    hot: bool,
    chips: str | None,
) -> None:
    """One player's row, in its own coordinates (the board's less MARGIN across)."""
    mid = ROW_H / 2 - 2
    pen.rectangle((0, 0, WIDTH - 2 * MARGIN, ROW_H - 4), fill=PANEL if seat % 2 == 0 else ROW_ALT)
    token(pen, 26, mid, 20, seat)
    pen.text(
        (56, mid),
        fit(label, SMALL_TEXT, 330 - MARGIN - 64),
        font=font(SMALL_TEXT),
        fill=INK,
        anchor="lm",
    )
    pen.text((330 - MARGIN, mid), supply, font=font(SMALL_TEXT), fill=MUTED, anchor="lm")
    for slot, (value, owner, foreign) in enumerate(cards):
        _card(pen, cards_x - MARGIN + slot * 60, 7, value, owner, foreign)
    fill = HIGHLIGHT if hot else INK
    pen.text((STATUS_X - MARGIN, mid), status, font=font(SMALL_TEXT), fill=fill, anchor="lm")
    if chips is not None:
        pen.text((WIDTH - 2 * MARGIN - 10, mid), chips, font=font(30), fill=INK, anchor="rm")


def _card(
    pen: ImageDraw.ImageDraw, x: float, y: float, value: int, owner: int, foreign: bool
) -> None:
    pen.rounded_rectangle(
        (x, y, x + 52, y + 44),
        radius=6,
        fill=WHITE,
        outline=HIGHLIGHT if foreign else INK,
        width=3 if foreign else 2,
    )
    pen.text((x + 26, y + 22), str(value), font=font(SMALL_TEXT), fill=INK, anchor="mm")
    if foreign:  # its owner's token in the corner (the board's words name the owner)
        token(pen, x + 48, y + 40, 9, owner)


def _status(view: ProkonsulView, seat: int, labels: Labels) -> tuple[str, bool]:
    if view.phase == "over" and view.final_chips is not None:
        chips = view.final_chips
        order = sorted(range(view.seats), key=lambda s: (-chips[s], view.tiebreak.index(s)))
        place = order.index(seat) + 1
        return (labels("winner") if place == 1 else labels("place", place=place)), place == 1
    if view.phase == "select":
        return (labels("chosen") if view.chosen[seat] else labels("choosing")), False
    if view.phase == "petition":
        if seat == view.petitioner:
            offer = view.offer
            if offer is None:
                return labels("petitioning_holds", held=view.holding(seat)), True
            if offer.counter is not None:
                return labels("petitioning_weighs", chips=offer.counter), True
            target = player_letter(offer.target)
            return labels("petitioning_offers", chips=offer.chips, letter=target), True
        if view.offer is not None and view.offer.target == seat:
            return labels("answering"), True
        if seat in view.barred:
            return labels("refused"), False
        if view.held and not view.held[seat]:
            return labels("gave_cards"), False
        if seat in view.petitioned:
            return labels("petition_failed"), False
        return labels("waiting"), False
    if view.phase == "free":
        if seat in view.no_decision:
            return labels("would_end"), False
        owner = next((p for p in view.proposals if p.proposer == seat), None)
        return (labels("proposed", id=owner.id), False) if owner else ("", False)
    if view.phase == "pawn" and seat == view.winner:
        return labels("moves_pawn"), True
    if seat == view.winner:
        return labels("won_round"), True
    return "", False


def _extra_lines(view: ProkonsulView, labels: Labels) -> list[tuple[str, tuple[int, int, int]]]:
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if view.payments:
        paid = labels("list_separator").join(
            f"{player_letter(a)}→{player_letter(b)} {c}" for a, b, c in view.payments
        )
        lines.append((labels("paid", payments=paid), HIGHLIGHT))
    if view.phase == "petition" and view.offer is not None and view.offer.text:
        lines.append((labels("promise", text=view.offer.text[:80]), MUTED))
    if view.phase == "free":
        for proposal in view.proposals:
            pays = labels("list_separator").join(
                f"{player_letter(a)}→{player_letter(b)} {c}" for a, b, c in proposal.transfers
            )
            members = "".join(player_letter(m) for m in proposal.members)
            waiting = "".join(
                player_letter(s) for s in proposal.involved if s not in proposal.accepted
            )
            winner = player_letter(proposal.winner)
            line = labels("proposal", id=proposal.id, letter=winner, members=members)
            if pays:
                line += " · " + labels("payments", payments=pays)
            line += " · " + labels("waiting_for", letters=waiting)
            lines.append((line, INK))
    return lines
