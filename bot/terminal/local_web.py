"""The live board of a local game: a page on 127.0.0.1 with the latest board and the public story.

The page follows the game; its arrows step back through every earlier board (all are kept).

The terminal waits in a blocking `input()` (so the first Ctrl-C stops at once), hence the page is
served from its own daemon threads by the standard library's HTTP server, never from the game's
event loop. Each open page long-polls `/state?after=N`, which answers as soon as the board or the
story moved past version N. The page shows only what is public: in hot seat everyone sees it.
"""

from __future__ import annotations

import html
import json
import os
import sys
import threading
import webbrowser
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

POLL_SECONDS = 20.0  # a long-poll answers at the latest after this, unchanged
STORY_SHOWN = 400  # the page keeps the story's latest lines

Text = Callable[..., str]


def board_file(folder: Path, number: int) -> Path:
    """Every board of a game is kept, numbered in the order shown."""
    return folder / f"board-{number:04d}.png"


def next_board_number(folder: Path) -> int:
    """After a resume, numbering goes on from the boards already in the folder."""
    numbers = [int(p.stem.partition("-")[2]) for p in folder.glob("board-[0-9]*.png")]
    return max(numbers, default=0) + 1


class LiveBoard:
    """One game's page; `show` and `tell` publish, the HTTP threads read under `changed`."""

    def __init__(self, folder: Path, title: str, words: dict[str, str], port: int = 0) -> None:
        self.folder = folder
        self.title = title
        self.words = words  # the page's own texts, in the player's language
        self.changed = threading.Condition()
        self.version = 0
        self.board: int | None = None
        self.story: list[str] = []
        self.status = ""
        self.server = ThreadingHTTPServer(("127.0.0.1", port), _handler(self))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/"

    def show(self, number: int) -> None:
        self._publish(lambda: setattr(self, "board", number))

    def tell(self, lines: list[str], status: str | None = None) -> None:
        def change() -> None:
            self.story.extend(lines)
            del self.story[:-STORY_SHOWN]
            if status is not None:
                self.status = status

        self._publish(change)

    def _publish(self, change: Callable[[], None]) -> None:
        with self.changed:
            change()
            self.version += 1
            self.changed.notify_all()

    def state(self, after: int, timeout: float = POLL_SECONDS) -> dict[str, Any]:
        with self.changed:
            self.changed.wait_for(lambda: self.version != after, timeout)
            return {
                "version": self.version,
                "latest": self.board,
                "story": list(self.story),  # encoded after the lock is released
                "status": self.status,
            }

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def page(self) -> bytes:
        words = {k: html.escape(v) for k, v in self.words.items()}
        return PAGE.format(
            lang=words["lang"],
            title=html.escape(self.title),
            waiting=words["waiting"],
            story=words["story"],
            back=words["back"],
            forth=words["forth"],
            gone=json.dumps(self.words["gone"]).replace("<", "\\u003c"),  # no </script>
        ).encode()


def open_in_browser(url: str) -> bool:
    """Open `url` in a graphical browser, if there is a screen for one: a console browser
    (lynx, w3m) would take over the very terminal the game is played in."""
    graphical = sys.platform in ("darwin", "win32") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    )
    if not graphical:
        return False
    try:
        return webbrowser.open(url, new=2)
    except webbrowser.Error:
        return False


def _handler(board: LiveBoard) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            port = board.server.server_address[1]
            if self.headers.get("Host") not in (f"127.0.0.1:{port}", f"localhost:{port}"):
                return self._send(403, "text/plain", b"forbidden")  # no DNS rebinding
            url = urlsplit(self.path)
            if url.path == "/":
                return self._send(200, "text/html; charset=utf-8", board.page())
            if url.path == "/state":
                after = parse_qs(url.query).get("after", ["-1"])[0]
                version = int(after) if after.lstrip("-").isdigit() else -1
                body = json.dumps(board.state(version), ensure_ascii=False).encode()
                return self._send(200, "application/json", body)
            name = url.path.removeprefix("/board/").removesuffix(".png")
            if url.path.startswith("/board/") and name.isdigit():
                file = board_file(board.folder, int(name))
                if file.is_file():
                    return self._send(200, "image/png", file.read_bytes())
            return self._send(404, "text/plain", b"not found")

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            """Silent: the terminal is the game's."""

    return Handler


PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ margin: 0; font: 15px/1.4 system-ui, sans-serif; background: #1e1f22; color: #eee; }}
main {{ display: flex; flex-wrap: wrap; gap: 12px; padding: 12px; }}
#board {{ max-width: 100%; max-height: calc(100vh - 24px); align-self: flex-start; }}
#side {{ flex: 1 1 300px; min-width: 260px; }}
h1 {{ font-size: 18px; margin: 0 0 6px; }}
h2 {{ font-size: 15px; margin: 12px 0 0; }}
#status {{ color: #f0c674; min-height: 1.4em; }}
#story {{ max-height: 75vh; overflow-y: auto; padding-left: 20px; margin: 6px 0; }}
</style></head>
<body><main>
<img id="board" alt="" hidden>
<div id="side"><h1>{title}</h1><div id="status">{waiting}</div>
<p><button id="back" title="{back}">◀</button> <span id="counter"></span>
<button id="forth" title="{forth}">▶</button></p>
<h2>{story}</h2><ol id="story"></ol></div>
</main>
<script>
const $ = id => document.getElementById(id);
const board = $("board"), story = $("story"), status = $("status"), counter = $("counter");
let version = -1, latest = 0, shown = 0;  // board numbers: the newest, the one on screen
function draw() {{
  if (shown && board.getAttribute("src") !== "/board/" + shown + ".png") {{
    board.src = "/board/" + shown + ".png"; board.hidden = false;
  }}
  counter.textContent = shown ? shown + " / " + latest : "";
  $("back").disabled = shown <= 1; $("forth").disabled = shown >= latest;
}}
$("back").onclick = () => {{ shown = Math.max(1, shown - 1); draw(); }};
$("forth").onclick = () => {{ shown = Math.min(latest, shown + 1); draw(); }};
async function follow() {{
  for (;;) {{
    try {{
      const answer = await fetch("/state?after=" + version, {{cache: "no-store"}});
      const state = await answer.json();
      version = state.version;
      if (state.latest) {{
        if (shown === latest) shown = state.latest;  // following the game, not looking back
        latest = state.latest; draw();
      }}
      status.textContent = state.status;
      story.replaceChildren(...state.story.map(line => {{
        const item = document.createElement("li"); item.textContent = line; return item; }}));
      story.scrollTop = story.scrollHeight;
    }} catch (error) {{
      status.textContent = {gone};
      await new Promise(resume => setTimeout(resume, 1000));
    }}
  }}
}}
follow();
</script></body></html>
"""
