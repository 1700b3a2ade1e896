"""The live board of a local game: a page on 127.0.0.1 with the latest board and the public story.

The page follows the game; its arrows step back through every earlier board (all are kept).

The terminal waits in a blocking `input()` (so the first Ctrl-C stops at once), hence the page is
served from one daemon thread running its own asyncio loop, never from the game's event loop.
Each open page long-polls `/state?after=N`, which answers as soon as the board or the story
moved past version N. The page shows only what is public: in hot seat everyone sees it.

Any web page open in the same browser may send this server requests, so it holds nothing and
says nothing: one thread whatever the connections (at most MAX_CONNECTIONS open; a request head
must arrive within READ_SECONDS, so a silent connection is closed), every query parameter
parsed strictly (anything but the one expected parameter, a plain ASCII number, is HTTP 400),
and no error ever printed: the terminal is the game's.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import os
import re
import socket
import sys
import threading
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from render.common import FONT_PATH

POLL_SECONDS = 20.0  # a long-poll answers at the latest after this, unchanged
STORY_SHOWN = 400  # the page keeps the story's latest lines
READ_SECONDS = 10.0  # a request's head must arrive within this, or the connection is closed
WRITE_SECONDS = 30.0  # an answer must be taken within this
HEAD_BYTES = 8192  # a longer request head is not read
MAX_CONNECTIONS = 512  # open at once; one more is closed unanswered
WORKERS = 1  # threads the page uses, whatever the connections: one event loop
_VERSION = re.compile(r"-?[0-9]{1,18}")  # ASCII digits only: str.isdigit() also says "²"
_BOARD = re.compile(r"/board/([0-9]{1,9})\.png")

log = logging.getLogger("forum.local_web")
Text = Callable[..., str]
Answer = tuple[int, str, bytes]


class BadRequest(Exception):
    """A request the page does not take: answered 400."""


def board_file(folder: Path, number: int) -> Path:
    """Every board of a game is kept, numbered in the order shown."""
    return folder / f"board-{number:04d}.png"


def next_board_number(folder: Path) -> int:
    """After a resume, numbering goes on from the boards already in the folder."""
    numbers = [int(p.stem.partition("-")[2]) for p in folder.glob("board-[0-9]*.png")]
    return max(numbers, default=0) + 1


class LiveBoard:
    """One game's page; `show` and `tell` publish from the game's thread, the page's loop
    reads under `changed` and is woken through `_wake`."""

    def __init__(self, folder: Path, title: str, words: dict[str, str], port: int = 0) -> None:
        self.folder = folder
        self.title = title
        self.words = words  # the page's own texts, in the player's language
        self.changed = threading.Lock()
        self.version = 0
        self.board: int | None = None
        self.story: list[str] = []
        self.told = 0  # story lines told in all (the page keeps the latest STORY_SHOWN)
        self.marks: dict[int, int] = {}  # board number -> lines told when it was shown
        self.status = ""
        self.over = False  # the game has ended: the page keeps its last board and result
        self.connections = 0
        listening = _listening(port)
        self.port = listening.getsockname()[1]
        self._loop = asyncio.new_event_loop()
        self._loop.set_exception_handler(_quiet)
        self._moved = asyncio.Event()
        ready = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(listening, ready), daemon=True)
        self.thread.start()
        ready.wait()

    def _run(self, listening: socket.socket, ready: threading.Event) -> None:
        """The page's thread: its own loop (the game's loop may be running in the caller)."""
        self._server = self._loop.run_until_complete(
            asyncio.start_server(self._serve, sock=listening, limit=HEAD_BYTES)
        )
        ready.set()
        self._loop.run_forever()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def show(self, number: int) -> None:
        def change() -> None:
            self.board = number
            self.marks[number] = self.told
            for old in [n for n in self.marks if n <= number - STORY_SHOWN]:
                del self.marks[old]

        self._publish(change)

    def tell(self, lines: list[str], status: str | None = None, over: bool = False) -> None:
        """More of the story; `over` when the game has ended (its result in `lines`)."""

        def change() -> None:
            self.story.extend(lines)
            self.told += len(lines)
            del self.story[:-STORY_SHOWN]
            if status is not None:
                self.status = status
            self.over = self.over or over

        self._publish(change)

    def _publish(self, change: Callable[[], None]) -> None:
        with self.changed:
            change()
            self.version += 1
        with contextlib.suppress(RuntimeError):  # the page is closed
            self._loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        """In the loop: wake the long-polls waiting now; later ones wait for the next change."""
        moved, self._moved = self._moved, asyncio.Event()
        moved.set()

    async def state(self, after: int, timeout: float = POLL_SECONDS) -> dict[str, Any]:
        """The page's state once its version is past `after` (or `timeout` has passed)."""
        deadline = self._loop.time() + timeout
        while self.version == after and (left := deadline - self._loop.time()) > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._moved.wait(), left)
        with self.changed:
            return {
                "version": self.version,
                "latest": self.board,
                "story": list(self.story),  # encoded after the lock is released
                "first": self.told - len(self.story),  # the story's first line, counted in all
                "marks": dict(self.marks),
                "status": self.status,
                "over": self.over,
            }

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError):
            asyncio.run_coroutine_threadsafe(self._stop(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self.thread.join(5)
        self._loop.close()

    async def _stop(self) -> None:
        self._server.close()
        here = asyncio.current_task()
        tasks = [task for task in asyncio.all_tasks() if task is not here]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

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

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection, one request: read within READ_SECONDS, answer, close."""
        self.connections += 1
        try:
            if self.connections > MAX_CONNECTIONS:
                return
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), READ_SECONDS)
            try:
                code, kind, body = await self._answer(head.decode("latin-1"))
            except BadRequest:
                code, kind, body = 400, "text/plain", b"bad request"
            writer.write(_response(code, kind, body))
            await asyncio.wait_for(writer.drain(), WRITE_SECONDS)
        except (OSError, TimeoutError, asyncio.IncompleteReadError, asyncio.LimitOverrunError):
            pass  # gone, silent or oversized: closed unanswered
        except Exception:  # never on the terminal: the player's screen is the game's
            log.debug("live page request failed", exc_info=True)
        finally:
            self.connections -= 1
            writer.close()

    async def _answer(self, head: str) -> Answer:
        lines = head.split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/"):
            raise BadRequest
        headers = {
            name.strip().lower(): value.strip()
            for name, _, value in (line.partition(":") for line in lines[1:] if line)
        }
        if headers.get("host") not in (f"127.0.0.1:{self.port}", f"localhost:{self.port}"):
            return 403, "text/plain", b"forbidden"  # no DNS rebinding
        if parts[0] != "GET":
            return 405, "text/plain", b"method not allowed"
        url = urlsplit(parts[1])
        if url.path == "/":
            _query(url.query, ())
            return 200, "text/html; charset=utf-8", self.page()
        if url.path == "/font.ttf":  # the boards' own font: Japanese without system CJK fonts
            _query(url.query, ())
            return 200, "font/ttf", FONT_PATH.read_bytes()
        if url.path == "/state":
            after = _query(url.query, ("after",)).get("after", "-1")
            if not _VERSION.fullmatch(after):
                raise BadRequest
            body = json.dumps(await self.state(int(after)), ensure_ascii=False).encode()
            return 200, "application/json", body
        board = _BOARD.fullmatch(url.path)
        _query(url.query, ())
        file = board_file(self.folder, int(board.group(1))) if board else None
        if file is not None and file.is_file():
            return 200, "image/png", file.read_bytes()
        return 404, "text/plain", b"not found"


def _listening(port: int) -> socket.socket:
    """A socket listening on 127.0.0.1:`port`, or OSError naming the reason (port taken)."""
    listening = socket.socket()
    try:
        listening.bind(("127.0.0.1", port))
        listening.listen(128)
    except OSError:
        listening.close()
        raise
    return listening


def _query(query: str, names: tuple[str, ...]) -> dict[str, str]:
    """The query's parameters, each of `names` at most once; anything else is BadRequest."""
    if not query:
        return {}
    try:
        pairs = parse_qsl(
            query, keep_blank_values=True, strict_parsing=True, max_num_fields=len(names) or 1
        )
    except ValueError:
        raise BadRequest from None
    found = dict(pairs)
    if len(found) != len(pairs) or not set(found) <= set(names):
        raise BadRequest
    return found


def _response(code: int, kind: str, body: bytes) -> bytes:
    reasons = {200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found"}
    head = (
        f"HTTP/1.1 {code} {reasons.get(code, 'Method Not Allowed')}\r\n"
        f"Content-Type: {kind}\r\nContent-Length: {len(body)}\r\n"
        "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
    )
    return head.encode() + body


def _quiet(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The page's loop reports nothing on the terminal (asyncio's default prints there)."""
    log.debug("live page: %s", context.get("message"))


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


PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
@font-face {{ font-family: "Forum"; src: url("/font.ttf") format("truetype"); }}
body {{ margin: 0; font: 15px/1.4 system-ui, "Forum", sans-serif; background: #1e1f22;
  color: #eee; }}
:lang(ja) body, body:lang(ja) {{ font-family: "Forum", system-ui, sans-serif; }}
main {{ display: flex; flex-wrap: wrap; gap: 12px; padding: 12px; }}
#board {{ max-width: 100%; max-height: calc(100vh - 24px); align-self: flex-start; }}
#side {{ flex: 1 1 300px; min-width: 260px; }}
h1 {{ font-size: 18px; margin: 0 0 6px; }}
h2 {{ font-size: 15px; margin: 12px 0 0; }}
#status {{ color: #f0c674; min-height: 1.4em; }}
#story {{ max-height: 75vh; overflow-y: auto; padding-left: 4em; margin: 6px 0; }}
#story li.later {{ opacity: 0.35; }}
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
let first = 0, marks = {{}}, over = false;  // the story's first line; lines told per board
function draw() {{
  if (shown && board.getAttribute("src") !== "/board/" + shown + ".png") {{
    board.src = "/board/" + shown + ".png"; board.hidden = false;
  }}
  counter.textContent = shown ? shown + " / " + latest : "";
  $("back").disabled = shown <= 1; $("forth").disabled = shown >= latest;
  // The story follows the board on screen: what came after it is dimmed, its last line shown.
  const told = shown < latest && marks[shown] !== undefined ? marks[shown] : Infinity;
  let last = null;
  for (const [index, item] of [...story.children].entries()) {{
    const later = first + index >= told;
    item.classList.toggle("later", later);
    if (!later) last = item;
  }}
  if (told === Infinity) story.scrollTop = story.scrollHeight;
  else if (last) last.scrollIntoView({{block: "nearest"}});
}}
$("back").onclick = () => {{ shown = Math.max(1, shown - 1); draw(); }};
$("forth").onclick = () => {{ shown = Math.min(latest, shown + 1); draw(); }};
document.addEventListener("keydown", event => {{  // ← → step, Home and End jump
  const to = {{ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 1, End: latest}}[event.key];
  if (to === undefined || !latest) return;
  shown = Math.min(latest, Math.max(1, to)); draw(); event.preventDefault();
}});
async function follow() {{
  for (;;) {{
    try {{
      const answer = await fetch("/state?after=" + version, {{cache: "no-store"}});
      const state = await answer.json();
      version = state.version;
      first = state.first; marks = state.marks; over = state.over;
      status.textContent = state.status;
      story.start = first + 1;  // numbers count from the game's first line, all digits shown
      story.replaceChildren(...state.story.map(line => {{
        const item = document.createElement("li"); item.textContent = line; return item; }}));
      if (state.latest && shown === latest) shown = state.latest;  // following, not looking back
      latest = state.latest || latest; draw();
    }} catch (error) {{
      // After the game's end the page keeps its last board and result; otherwise it says the
      // game is not running and tries again (the same port after a resume: it reconnects).
      if (!over) status.textContent = {gone};
      await new Promise(resume => setTimeout(resume, 1000));
    }}
  }}
}}
follow();
</script></body></html>
"""
