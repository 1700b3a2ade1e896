"""The final-results strip under every finished board: who won, then every player's rank, token,
name and score, in the reader's language. Drawn from the engine's `Outcome` alone, so every game
(present and future) gets it without a line of its own."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.core import Catalog, Msg, Outcome
from render.common import (
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_DARK,
    PLAIN,
    SMALL_TEXT,
    WHITE,
    Pen,
    canvas,
    fit,
    font,
    layer,
    palette_of,
    piece,
    player_label,
    text_width,
)

MARGIN = 24
HEAD_H = 96
CELL_H = 92
STRIP_H = HEAD_H + CELL_H + 24

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Final result",
        "winner": "★ Winner: {names}",
        "winners": "★ Shared victory: {names}",
        "draw": "Draw: {names}",
        "nobody": "No winner",
        "rank": "{rank}.",
        "score": "Score {score}",
        "and": ", ",
        "hinted": "hints used: those players unrated",
    },
    "ja": {
        "title": "最終結果",
        "winner": "★ 勝者：{names}",
        "winners": "★ 同点勝利：{names}",
        "draw": "引き分け：{names}",
        "nobody": "勝者なし",
        "rank": "{rank}位",
        "score": "得点 {score}",
        "and": "、",
        "hinted": "ヒント使用者はレーティング対象外",
    },
}


def with_results(
    board: Image.Image,
    outcome: Outcome,
    names: Sequence[str],
    catalog: Catalog,
    locale: str,
    hinted: bool = False,
) -> Image.Image:
    """`board` with the results strip added below it, drawn in the board's own palette (an RGB
    board, from a renderer without one, gets an RGB strip). On a palette board the strip is a
    `piece`, cached by its words. A game in which hints were used says so in the heading."""
    palette = palette_of(board) if board.mode == "P" else None
    if palette is None and board.mode != "RGB":
        board = board.convert("RGB")
    height = board.height + STRIP_H
    image, _ = layer(board, height) if palette is None else palette.taller(board, height)
    words = _words(board.width, outcome, names, catalog, locale, hinted)
    if palette is None:
        strip, pen = canvas(STRIP_H, board.width)
        _strip(pen, *words)
        image.paste(strip, (0, board.height))
    else:
        box = (board.width, STRIP_H)  # new rows, all background
        piece(image, (0, board.height), box, _strip, *words, under=PLAIN)
    return image


Cell = tuple[int, bool, str, str, str]  # seat, won, rank, name, score


def _words(
    width: int,
    outcome: Outcome,
    names: Sequence[str],
    catalog: Catalog,
    locale: str,
    hinted: bool,
) -> tuple[int, str, str, tuple[Cell, ...]]:
    """What the strip shows: heading, verdict, and a cell per player, best rank first."""
    words = WORDS.get(locale, WORDS["en"])
    heading = words["title"]
    reason = _reason(outcome.reason, names, catalog, locale)
    if reason:
        heading += " · " + reason
    if hinted:
        heading += " · " + words["hinted"]
    heading = fit(heading, SMALL_TEXT, width - 2 * MARGIN)
    verdict = fit(_verdict(outcome, names, words), 34, width - 2 * MARGIN)
    order = sorted(range(len(outcome.scores)), key=lambda seat: (outcome.ranks[seat], seat))
    cells = tuple(
        (
            seat,
            seat in outcome.winners,
            words["rank"].format(rank=outcome.ranks[seat]),
            player_label(seat, names),
            words["score"].format(score=outcome.scores[seat]),
        )
        for seat in order
    )
    return width, heading, verdict, cells


def _strip(pen: Pen, width: int, heading: str, verdict: str, cells: tuple[Cell, ...]) -> None:
    pen.rectangle((0, 0, width, 5), fill=HIGHLIGHT)
    pen.text((MARGIN, 16), heading, font=font(SMALL_TEXT), fill=MUTED)
    pen.text((MARGIN, 50), verdict, font=font(34), fill=HIGHLIGHT)
    _cells(pen, cells, HEAD_H, width)


def _verdict(outcome: Outcome, names: Sequence[str], words: dict[str, str]) -> str:
    winners = outcome.winners
    if not winners:
        return words["nobody"]
    listed = words["and"].join(player_label(seat, names) for seat in winners)
    if len(winners) == 1:
        return words["winner"].format(names=listed)
    everyone = len(winners) == len(outcome.scores)
    return words["draw" if everyone else "winners"].format(names=listed)


def _cells(pen: Pen, cells: tuple[Cell, ...], top: int, width: int) -> None:
    """One cell per player, best rank first: rank, token and name above, score below."""
    cell_w = (width - 2 * MARGIN) // max(1, len(cells))
    for slot, (seat, won, rank, label, score) in enumerate(cells):
        left = MARGIN + slot * cell_w
        pen.rounded_rectangle(
            (left + 4, top, left + cell_w - 4, top + CELL_H),
            radius=10,
            fill=WHITE if won else PANEL,
            outline=HIGHLIGHT if won else PANEL_DARK,
            width=4 if won else 2,
        )
        pen.text((left + 16, top + 28), rank, font=font(SMALL_TEXT), fill=INK, anchor="lm")
        token_x = left + 16 + text_width(rank, SMALL_TEXT) + 26
        pen.token(token_x, top + 28, 17, seat)
        name = fit(label, SMALL_TEXT, left + cell_w - 14 - (token_x + 26))
        pen.text((token_x + 26, top + 28), name, font=font(SMALL_TEXT), fill=INK, anchor="lm")
        pen.text((left + 16, top + 66), score, font=font(SMALL_TEXT), fill=INK, anchor="lm")


def _reason(reason: Msg | None, names: Sequence[str], catalog: Catalog, locale: str) -> str:
    """The outcome's reason from the game's catalog, seats named; empty when it has none."""
    if reason is None:
        return ""
    template = catalog.get(locale, {}).get(reason.key) or catalog.get("en", {}).get(reason.key)
    if not template:
        return ""
    args = {
        key: player_label(value, names)
        if key.startswith("seat") and isinstance(value, int)
        else value
        for key, value in reason.args.items()
    }
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        return ""
