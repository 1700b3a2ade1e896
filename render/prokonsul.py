"""Prokonsul board: the seven provinces with values, links, candidates and governors, the black
pawn, the tie-break track, and this round's cards in front of whoever holds them. Drawn from the
public view, which has no chip totals until the game is over."""

from __future__ import annotations

from PIL import Image, ImageDraw

from engine.games.prokonsul import ProkonsulView
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    WHITE,
    WIDTH,
    Labels,
    canvas,
    font,
    player_label,
    player_letter,
    title,
    token,
)

MARGIN = 24
SCALE_X, SCALE_Y = 1.17, 1.35
MAP_DX, MAP_DY = 15, -131
BOX_W, BOX_H = 174, 112
MAP_BOTTOM = 620
TRACK_TOP = MAP_BOTTOM + 16
STATUS_TOP = TRACK_TOP + 92
ROW_H = 62
GOVERNED = (214, 205, 186)
BLACK = (20, 20, 20)


def draw(view: ProkonsulView, names: list[str], labels: Labels) -> Image.Image:
    extra = _extra_lines(view)
    height = STATUS_TOP + 64 + ROW_H * view.seats + 34 * len(extra) + 16
    image, pen = canvas(height)
    title(pen, "Prokonsul", _subtitle(view))
    _map(pen, view)
    _track(pen, view)
    y = _round_panel(pen, view, names)
    for line, colour in extra:
        pen.text((MARGIN, y), line, font=font(24), fill=colour)
        y += 34
    return image


def _subtitle(view: ProkonsulView) -> str:
    mode = {"strict": "strict petitions", "two_way": "two-way lobbying", "free": "free negotiation"}
    parts = [mode.get(view.negotiation, view.negotiation)]
    if view.short_game:
        parts.append("short game")
    if view.phase == "over":
        return "Game over · " + " · ".join(parts)
    return f"Round {view.round} · {view.hand_size} cards in hand · " + " · ".join(parts)


def _centre(view: ProkonsulView, province: int) -> tuple[float, float]:
    x, y = view.positions[province]
    return MAP_DX + x * SCALE_X, MAP_DY + y * SCALE_Y


def _map(pen: ImageDraw.ImageDraw, view: ProkonsulView) -> None:
    for a, b in view.links:
        (ax, ay), (bx, by) = _centre(view, a), _centre(view, b)
        pen.line((ax, ay, bx, by), fill=PANEL_DARK, width=10)
    for province in range(len(view.provinces)):
        _province(pen, view, province)
    for a, b in view.links:  # the "5" link symbols go on top, between the two provinces
        (ax, ay), (bx, by) = _centre(view, a), _centre(view, b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        pen.ellipse((mx - 19, my - 19, mx + 19, my + 19), fill=WHITE, outline=HIGHLIGHT, width=3)
        pen.text((mx, my), f"+{view.link_bonus}", font=font(19), fill=INK, anchor="mm")


def _province(pen: ImageDraw.ImageDraw, view: ProkonsulView, province: int) -> None:
    cx, cy = _centre(view, province)
    left, top = cx - BOX_W / 2, cy - BOX_H / 2
    here = province == view.pawn and view.phase != "over"
    governor = view.governor[province]
    closed = governor is not None or (view.short_game and province in view.visited and not here)
    pen.rounded_rectangle(
        (left, top, left + BOX_W, top + BOX_H),
        radius=14,
        fill=GOVERNED if closed else PANEL,
        outline=HIGHLIGHT if here else PANEL_DARK,
        width=6 if here else 2,
    )
    name = view.names[province]
    size = next(
        (n for n in (22, 20, 18, 16) if pen.textlength(name, font=font(n)) <= BOX_W - 12), 16
    )
    pen.text((cx, top + 17), name, font=font(size), fill=INK, anchor="mm")
    if governor is not None:
        token(pen, left + 38, top + 64, 24, governor)
        pen.text(
            (left + 68, top + 64),
            f"gov. {view.values[province]}",
            font=font(24),
            fill=INK,
            anchor="lm",
        )
    else:
        pen.ellipse((left + 12, top + 38, left + 58, top + 84), fill=WHITE, outline=INK, width=2)
        pen.text(
            (left + 35, top + 61), str(view.values[province]), font=font(30), fill=INK, anchor="mm"
        )
        for slot, seat in enumerate(view.candidates[province]):
            row, col = divmod(slot, 3)
            token(pen, left + 82 + col * 36, top + 56 + row * 34, 16, seat)
    if view.short_game and province in view.visited and governor is None and not here:
        pen.text((cx, top + BOX_H - 16), "visited", font=font(18), fill=MUTED, anchor="mm")
    if here:
        _black_pawn(pen, left + BOX_W - 24, top + BOX_H - 28)


def _black_pawn(pen: ImageDraw.ImageDraw, x: float, y: float) -> None:
    pen.polygon([(x - 15, y + 24), (x + 15, y + 24), (x + 6, y), (x - 6, y)], fill=BLACK)
    pen.ellipse((x - 10, y - 18, x + 10, y + 2), fill=BLACK, outline=WHITE, width=2)


def _track(pen: ImageDraw.ImageDraw, view: ProkonsulView) -> None:
    pen.text((MARGIN, TRACK_TOP + 22), "Tie-break", font=font(26), fill=INK, anchor="lm")
    pen.text((MARGIN, TRACK_TOP + 52), "(left first)", font=font(20), fill=MUTED, anchor="lm")
    for space in range(5):
        x = 190 + space * 74
        pen.rounded_rectangle(
            (x, TRACK_TOP + 4, x + 64, TRACK_TOP + 68),
            radius=8,
            fill=PANEL,
            outline=PANEL_DARK,
            width=2,
        )
        if space < len(view.tiebreak):
            token(pen, x + 32, TRACK_TOP + 36, 22, view.tiebreak[space])
    x = 190 + 5 * 74 + 30
    if view.revealed:
        held = ""
        if view.petitioner is not None:
            held = f" · {player_letter(view.petitioner)} holds {view.holding(view.petitioner)}"
        pen.text(
            (x, TRACK_TOP + 20),
            f"Round {view.revealed_round}: total {view.total}, majority {view.threshold}{held}",
            font=font(26),
            fill=INK,
            anchor="lm",
        )
        pen.text((x, TRACK_TOP + 54), _result_line(view), font=font(22), fill=MUTED, anchor="lm")


def _result_line(view: ProkonsulView) -> str:
    if view.phase in ("petition", "free"):
        if view.phase == "free":
            return "Open negotiation: any coalition reaching the majority"
        return "Petition order: " + " ".join(player_letter(s) for s in view.queue)
    how = {
        "immediate": "won alone",
        "petition": "won by petition",
        "fallback": "fallback to first petitioner",
        "coalition": "won by coalition",
        "none": "no decision",
    }.get(view.result, "")
    if view.winner is not None:
        return f"Winner {player_letter(view.winner)} · {how}"
    return how


def _round_panel(pen: ImageDraw.ImageDraw, view: ProkonsulView, names: list[str]) -> int:
    top = STATUS_TOP
    heading = "Players · cards in front of them" if view.revealed else "Players"
    pen.text((MARGIN, top), heading, font=font(26), fill=INK)
    if view.phase == "over" and view.final_chips is not None:
        pen.text((WIDTH - MARGIN, top), "final chips", font=font(22), fill=MUTED, anchor="ra")
    for seat in range(view.seats):
        y = top + 40 + seat * ROW_H
        fill = PANEL if seat % 2 == 0 else (240, 234, 220)
        pen.rectangle((MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4), fill=fill)
        token(pen, MARGIN + 26, y + ROW_H / 2 - 2, 20, seat)
        pen.text(
            (MARGIN + 56, y + ROW_H / 2 - 2),
            player_label(seat, names),
            font=font(26),
            fill=INK,
            anchor="lm",
        )
        pen.text(
            (330, y + ROW_H / 2 - 2),
            f"{view.supply[seat]} in supply",
            font=font(20),
            fill=MUTED,
            anchor="lm",
        )
        if view.held:
            for slot, owner in enumerate(view.held[seat]):
                _card(pen, 470 + slot * 60, y + 7, view.revealed[owner], owner, owner != seat)
        status, hot = _status(view, seat)
        pen.text(
            (800, y + ROW_H / 2 - 2),
            status,
            font=font(22),
            fill=HIGHLIGHT if hot else INK,
            anchor="lm",
        )
        if view.phase == "over" and view.final_chips is not None:
            pen.text(
                (WIDTH - MARGIN - 10, y + ROW_H / 2 - 2),
                str(view.final_chips[seat]),
                font=font(30),
                fill=INK,
                anchor="rm",
            )
    return top + 40 + view.seats * ROW_H + 14


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
    pen.text((x + 26, y + 22), str(value), font=font(26), fill=INK, anchor="mm")
    if foreign:
        pen.text((x + 49, y + 41), player_letter(owner), font=font(16), fill=HIGHLIGHT, anchor="rd")


def _status(view: ProkonsulView, seat: int) -> tuple[str, bool]:
    if view.phase == "over" and view.final_chips is not None:
        chips = view.final_chips
        order = sorted(range(view.seats), key=lambda s: (-chips[s], view.tiebreak.index(s)))
        place = order.index(seat) + 1
        return ("WINNER" if place == 1 else f"place {place}"), place == 1
    if view.phase == "select":
        return ("chosen ✓" if view.chosen[seat] else "choosing…"), False
    if view.phase == "petition":
        if seat == view.petitioner:
            offer = view.offer
            if offer is None:
                return f"petitioning · holds {view.holding(seat)}", True
            if offer.counter is not None:
                return f"petitioning · weighing {offer.counter}", True
            return f"petitioning · offers {offer.chips} to {player_letter(offer.target)}", True
        if view.offer is not None and view.offer.target == seat:
            return "answering the offer", True
        if seat in view.barred:
            return "refused (barred)", False
        if view.held and not view.held[seat]:
            return "gave cards away", False
        if seat in view.petitioned:
            return "petition failed", False
        return "waiting to petition", False
    if view.phase == "free":
        if seat in view.no_decision:
            return "would end w/o decision", False
        owner = next((p for p in view.proposals if p.proposer == seat), None)
        return (f"proposed #{owner.id}", False) if owner else ("", False)
    if view.phase == "pawn" and seat == view.winner:
        return "moves the black pawn", True
    if seat == view.winner:
        return "won the round", True
    return "", False


def _extra_lines(view: ProkonsulView) -> list[tuple[str, tuple[int, int, int]]]:
    lines: list[tuple[str, tuple[int, int, int]]] = []
    if view.phase == "petition" and view.offer is not None and view.offer.text:
        lines.append((f"Promise: “{view.offer.text[:80]}”", MUTED))
    if view.phase == "free":
        for proposal in view.proposals:
            pays = ", ".join(
                f"{player_letter(a)}→{player_letter(b)} {c}" for a, b, c in proposal.transfers
            )
            members = "".join(player_letter(m) for m in proposal.members)
            waiting = "".join(
                player_letter(s) for s in proposal.involved if s not in proposal.accepted
            )
            line = f"#{proposal.id}: {player_letter(proposal.winner)} wins with {members}"
            if pays:
                line += f" · payments {pays}"
            line += f" · waiting for {waiting}"
            lines.append((line, INK))
    return lines
