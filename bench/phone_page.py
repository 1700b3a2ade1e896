"""A board message as a phone shows it (issue 29): the layout components the bot sent to the fake
Discord, written as an HTML page in the manner of Discord's mobile app (390 px wide, dark theme),
for headless chromium to screenshot (bench.phone --shots).

An imitation, not Discord's code: the message header, a container with its accent bar, the
media gallery's image at full width, text displays with the markdown a board uses (headings,
`-#` subtext, lists, bold, italic, code), separators, and buttons and selects in rows. Sizes
follow Discord's mobile app: 16 px body text, 40 px buttons.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

FONTS = Path(__file__).resolve().parent.parent / "render" / "fonts"  # IPAexGothic: Japanese
BUTTON_COLOURS = {1: "#5865f2", 2: "#4e5058", 3: "#248046", 4: "#da373c", 5: "#4e5058"}

STYLE = """
* { box-sizing: border-box; }
body { margin: 0; width: 390px; background: #313338; color: #dbdee1;
  font: 16px/1.375 "DejaVu Sans", "IPAexGothic", sans-serif; }
.message { padding: 12px 12px 16px 12px; }
.head { display: flex; align-items: center; gap: 8px; margin-bottom: 6px; }
.avatar { width: 40px; height: 40px; border-radius: 50%; background: #5865f2; }
.author { font-weight: bold; color: #f2f3f5; }
.app { background: #5865f2; color: #fff; font-size: 10px; padding: 1px 4px; border-radius: 3px; }
.time { color: #949ba4; font-size: 12px; }
.container { background: #2b2d31; border-radius: 8px; padding: 12px; border-left: 4px solid;
  display: flex; flex-direction: column; gap: 8px; }
.gallery img { width: 100%; border-radius: 4px; display: block; }
.text p { margin: 0; overflow-wrap: anywhere; }
.text h1 { font-size: 24px; margin: 4px 0; } .text h2 { font-size: 20px; margin: 4px 0; }
.text h3 { font-size: 18px; margin: 2px 0; }
.text .sub { font-size: 13px; color: #949ba4; }
.text ul { margin: 0; padding-left: 20px; }
.text code { background: #1e1f22; border-radius: 3px; padding: 0 3px; font-size: 14px; }
.sep { border: 0; margin: 0; } .sep.divider { border-top: 1px solid #3f4147; }
.row { display: flex; flex-wrap: wrap; gap: 8px; }
.button { min-height: 40px; padding: 4px 14px; border-radius: 8px; color: #fff; display: flex;
  align-items: center; font-size: 15px; font-weight: 500; }
.button.disabled { opacity: 0.5; }
.select { width: 100%; min-height: 44px; background: #1e1f22; border: 1px solid #1e1f22;
  border-radius: 8px; padding: 10px 12px; color: #949ba4; }
.section { display: flex; gap: 12px; align-items: center; }
.section > .text { flex: 1; }
.thumb { width: 85px; border-radius: 8px; }
"""


def font_config(folder: Path) -> Path:
    """A fontconfig file adding the bundled Japanese font to the system's, for chromium (a web
    font would be matched per run of text, and its bold not at all)."""
    path = folder / "fonts.conf"
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{FONTS}</dir><cachedir>{folder / 'fontcache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    return path


def page(components: list[dict[str, Any]], image: str | None, author: str = "Forum") -> str:
    """The HTML page of one layout message; `image` is the file the `attachment://` URLs of
    its media name (the board's PNG beside the page)."""
    body = "".join(_component(c, image) for c in components)
    return (
        '<!doctype html><html><head><meta charset="utf-8"><style>'
        + STYLE
        + '</style></head><body><div class="message"><div class="head">'
        + f'<div class="avatar"></div><span class="author">{html.escape(author)}</span>'
        + '<span class="app">APP</span><span class="time">Today at 12:00</span></div>'
        + body
        + "</div></body></html>"
    )


def _component(comp: dict[str, Any], image: str | None) -> str:
    kind = comp.get("type")
    children = "".join(_component(c, image) for c in comp.get("components") or [])
    if kind == 17:
        accent = comp.get("accent_color")
        colour = f"#{accent:06x}" if isinstance(accent, int) else "#4e5058"
        return f'<div class="container" style="border-left-color:{colour}">{children}</div>'
    if kind == 12:
        items = "".join(_media(item, image) for item in comp.get("items", []))
        return f'<div class="gallery">{items}</div>'
    if kind == 10:
        return f'<div class="text">{markdown(comp.get("content", ""))}</div>'
    if kind == 14:
        divider = " divider" if comp.get("divider", True) else ""
        space = 16 if comp.get("spacing") == 2 else 4
        return f'<hr class="sep{divider}" style="margin:{space}px 0">'
    if kind == 1:
        return f'<div class="row">{children}</div>'
    if kind == 2:
        return _button(comp)
    if kind in (3, 5, 6, 7, 8):
        return f'<div class="select">{html.escape(comp.get("placeholder") or "Make a selection")} ▾</div>'
    if kind == 9:
        accessory = comp.get("accessory") or {}
        side = (
            _button(accessory)
            if accessory.get("type") == 2
            else f'<img class="thumb" src="{_src(accessory.get("media", {}), image)}">'
        )
        return f'<div class="section"><div>{children}</div>{side}</div>'
    return ""


def _media(item: dict[str, Any], image: str | None) -> str:
    alt = html.escape(item.get("description") or "")
    return f'<img src="{_src(item.get("media", {}), image)}" alt="{alt}">'


def _src(media: dict[str, Any], image: str | None) -> str:
    url = str(media.get("url", ""))
    return image if url.startswith("attachment://") and image else html.escape(url)


def _button(comp: dict[str, Any]) -> str:
    colour = BUTTON_COLOURS.get(comp.get("style", 2), "#4e5058")
    emoji = (comp.get("emoji") or {}).get("name") or ""
    label = html.escape(" ".join(filter(None, [emoji, comp.get("label") or ""])))
    disabled = " disabled" if comp.get("disabled") else ""
    return f'<div class="button{disabled}" style="background:{colour}">{label}</div>'


INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*(.+?)\*\*"), r"<b>\1</b>"),
    (re.compile(r"__(.+?)__"), r"<u>\1</u>"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"<i>\1</i>"),
    (re.compile(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)"), r"<i>\1</i>"),
    (re.compile(r"~~(.+?)~~"), r"<s>\1</s>"),
]


def inline(text: str) -> str:
    out = html.escape(text, quote=False)
    for pattern, replacement in INLINE:
        out = pattern.sub(replacement, out)
    return out


def markdown(text: str) -> str:
    """The markdown Discord renders in a text display, as far as boards use it: a line starting
    `#`, `##`, `###` is a heading, `-#` subtext, `- ` or `* ` a list item, `> ` a quote."""
    parts: list[str] = []
    items: list[str] = []
    for line in text.split("\n"):
        listed = re.match(r"^\s*[-*] (.*)$", line)
        if listed and not line.startswith("-# "):
            items.append(f"<li>{inline(listed.group(1))}</li>")
            continue
        if items:
            parts.append(f"<ul>{''.join(items)}</ul>")
            items = []
        heading = re.match(r"^(#{1,3}) (.*)$", line)
        if heading:
            level = len(heading.group(1))
            parts.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif line.startswith("-# "):
            parts.append(f'<p class="sub">{inline(line[3:])}</p>')
        elif line.startswith("> "):
            parts.append(
                f'<p style="border-left:4px solid #4e5058;padding-left:8px">{inline(line[2:])}</p>'
            )
        else:
            parts.append(f"<p>{inline(line) or '&nbsp;'}</p>")
    if items:
        parts.append(f"<ul>{''.join(items)}</ul>")
    return "".join(parts)
