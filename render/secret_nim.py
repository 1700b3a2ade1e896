"""The board of Secret Nim (engine/games/secret_nim), the example renderer of engine/README.md:
the pile as a row of stones and the players with whether they have added, drawn with
render.common's helpers in the shared palette."""

from __future__ import annotations

from PIL import Image

from engine.games.secret_nim.state import NimView
from render.common import BASE_PALETTE, MUTED, PANEL_DARK, Labels, canvas, legend, title

PALETTE = BASE_PALETTE
HEIGHT = 300
STONE = 36  # a stone's diameter
ROW = 24  # stones in one row (the largest pile)


def draw(view: NimView, names: list[str], labels: Labels) -> Image.Image:
    image, pen = canvas(HEIGHT, palette=PALETTE)
    title(pen, labels("pile", pile=view.pile))
    for index in range(min(view.pile, ROW)):
        left = 24 + index * (STONE + 8)
        pen.ellipse((left, 120, left + STONE, 120 + STONE), fill=MUTED, outline=PANEL_DARK)
    extra = [labels("added") if done else "" for done in view.added]
    legend(pen, 24, 180, names, extra)
    return image
