"""The phone imitation of a board message (bench.phone_page, `bench.phone --shots`): the markdown
a board uses becomes the right HTML, member text stays text, the board image is the file beside
the page, and chromium's screenshot is 390 px wide and cut to the message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from bench.phone import PHONE_WIDTH, BoardMessage, screenshot
from bench.phone_page import markdown, page

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

BOARD = [
    {
        "type": 17,
        "accent_color": 0xB8860B,
        "components": [
            {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]},
            {"type": 10, "content": "### Konsul\nWaiting for **alice**."},
            {"type": 14, "divider": True},
            {"type": 10, "content": "▶ alice\n> Board: a legend"},
            {"type": 1, "components": [{"type": 2, "style": 3, "label": "Bid", "custom_id": "x"}]},
        ],
    }
]


def test_the_markdown_a_board_uses() -> None:
    out = markdown("### Title\n-# small\n- one\n- two\n> legend\n**bold** and *it* `c`")
    assert out.startswith('<h3>Title</h3><p class="sub">small</p><ul><li>one</li><li>two</li></ul>')
    assert "legend</p>" in out and "border-left" in out
    assert "<b>bold</b> and <i>it</i> <code>c</code>" in out
    assert markdown("<script>x</script> & **<b>**") == (
        "<p>&lt;script&gt;x&lt;/script&gt; &amp; <b>&lt;b&gt;</b></p>"
    )


def test_the_page_shows_the_container_its_image_and_buttons() -> None:
    html = page(BOARD, "shot-board.png")
    assert "border-left-color:#b8860b" in html and 'src="shot-board.png"' in html
    assert "<h3>Konsul</h3>" in html and "<b>alice</b>" in html
    assert 'class="button" style="background:#248046">Bid</div>' in html
    assert "attachment://" not in html


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")
def test_the_screenshot_is_a_phone_wide_and_cut_to_the_message(tmp_path: Path) -> None:
    board = Image.new("RGB", (1200, 600), (246, 241, 230))
    board_png = tmp_path / "board.png"
    board.save(board_png)
    shot = screenshot(BoardMessage("shot", BOARD, board_png.read_bytes()), tmp_path)
    with Image.open(shot) as image:
        width, height = image.size
        light = image.convert("RGB").getpixel((PHONE_WIDTH // 2, 150))
    assert width == PHONE_WIDTH
    assert 300 < height < 1200, height  # the image (195 px at this width) and text, no window
    assert light == (246, 241, 230), light  # the board image is shown, at full width
