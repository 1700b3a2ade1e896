"""The live board page of local play, in a real headless browser (Debian's `chromium`).

The game runs in a thread with a scripted keyboard; the test drives chromium over the DevTools
protocol (aiohttp's websocket client) and reads the page as a player would see it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import io
import itertools
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from PIL import Image, ImageChops, ImageStat

from bot.terminal.local import LocalOptions, run_local

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no chromium: install Debian's (apt-get install chromium); .ci/run installs it",
)
WAIT = 90.0  # seconds a page may take to show a change on a busy machine (a bound, not a pace)


class Keyboard:
    """Answers typed from the test thread; each prompt is announced on `prompts`."""

    def __init__(self) -> None:
        self.prompts: queue.Queue[str] = queue.Queue()
        self.answers: queue.Queue[str | None] = queue.Queue()

    def ask(self, prompt: str) -> str:
        self.prompts.put(prompt)
        answer = self.answers.get()
        if answer is None:
            raise EOFError
        return answer

    async def next_prompt(self) -> str:
        return await asyncio.to_thread(self.prompts.get, True, WAIT)


class Page:
    """One chromium tab over the DevTools protocol."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.session: str | None = None

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        message: dict[str, Any] = {"id": number, "method": method, "params": params}
        if self.session is not None:
            message["sessionId"] = self.session
        await self.socket.send_json(message)
        while True:
            answer = json.loads((await self.socket.receive(timeout=WAIT)).data)
            if answer.get("id") == number:
                assert "error" not in answer, answer
                return answer["result"]

    async def value(self, expression: str) -> Any:
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result["result"].get("value")

    async def until(self, expression: str) -> Any:
        """The expression's value once truthy; polls the page (a test of what it shows)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while not (value := await self.value(expression)):
            assert loop.time() < deadline, f"the page never showed: {expression}"
            await asyncio.sleep(0.1)
        return value


@contextlib.asynccontextmanager
async def browser(tmp_path: Path, url: str) -> AsyncIterator[Page]:
    profile = tmp_path / "chromium"
    assert CHROMIUM is not None
    process = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",  # CI runs as root
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",
            "--window-size=1400,1000",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its renderers go with it at the end
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = asyncio.get_running_loop().time() + WAIT
        while not port_file.exists() or len(port_file.read_text().split()) < 2:
            assert asyncio.get_running_loop().time() < deadline and process.poll() is None
            await asyncio.sleep(0.1)
        port, path = port_file.read_text().split()[:2]
        async with aiohttp.ClientSession() as client:
            socket = await client.ws_connect(f"ws://127.0.0.1:{port}{path}", max_msg_size=0)
            page = Page(socket)
            target = await page.call("Target.createTarget", url=url)
            attached = await page.call(
                "Target.attachToTarget", targetId=target["targetId"], flatten=True
            )
            page.session = attached["sessionId"]
            yield page
            await socket.close()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextlib.asynccontextmanager
async def konsul_game(tmp_path: Path, capsys) -> AsyncIterator[tuple[Keyboard, str, Path]]:
    """Konsul, you against one AI, waiting at your first bid (the AI opened with 1)."""
    keyboard = Keyboard()
    opts = LocalOptions(
        game="konsul",
        players=2,
        ai=1,
        ai_only=False,
        out=tmp_path / "out",
        database=str(tmp_path / "forum.sqlite3"),
        locale="en",
        options={},
        seed=3,
    )

    def play() -> None:
        with contextlib.suppress(EOFError):
            asyncio.run(run_local(opts, ask=keyboard.ask))

    game = threading.Thread(target=play)
    game.start()
    try:
        await keyboard.next_prompt()
        found = re.search(r"http://127\.0\.0\.1:\d+/", capsys.readouterr().out)
        assert found, "no live board address printed"
        (folder,) = (tmp_path / "out").glob("konsul-1-*")
        yield keyboard, found.group(0), folder
    finally:
        keyboard.answers.put(None)
        game.join()


BOARD = "document.getElementById('board')"
STORY = "document.getElementById('story').innerText"
COUNTER = "document.getElementById('counter').innerText"


async def test_the_page_follows_the_board_and_the_story(tmp_path: Path, capsys) -> None:
    async with konsul_game(tmp_path, capsys) as (keyboard, url, _), browser(tmp_path, url) as page:
        await page.until(f"{BOARD}.complete && {BOARD}.naturalWidth > 0")
        assert "AI 1 bids 1." in await page.until(STORY)
        first = await page.value(f"{BOARD}.getAttribute('src')")
        assert "raise the bid" in await page.value("document.getElementById('status').innerText")
        keyboard.answers.put("2")  # Player 1 bids 2; the AI contests it with 3 (its style)
        await keyboard.next_prompt()
        keyboard.answers.put("4")  # Player 1 bids 4; the AI passes
        await keyboard.next_prompt()
        story = await page.until(f"{STORY}.includes('Player 1 wins the auction') && {STORY}")
        bids = ["AI 1 bids 1.", "Player 1 bids 2.", "AI 1 bids 3.", "Player 1 bids 4."]
        assert sorted(bids, key=story.index) == bids, story
        second = await page.until(f"{BOARD}.getAttribute('src') !== {first!r} && {BOARD}.src")
        keyboard.answers.put("A3")
        await keyboard.next_prompt()
        story = await page.until(f"{STORY}.includes('turns A3') && {STORY}")
        assert re.search(r"Player 1 turns A3: (Red|Blue|Green|Yellow|White) \d\.", story), story
        await page.until(f"{BOARD}.src !== {second!r} && {BOARD}.complete")
        latest = await page.value(f"{BOARD}.getAttribute('src')")
        await page.value("document.getElementById('back').click()")  # every board is kept
        number = int(latest.removeprefix("/board/").removesuffix(".png"))
        earlier = f"/board/{number - 1}.png"
        await page.until(f"{BOARD}.getAttribute('src') === {earlier!r} && {BOARD}.complete")
        assert await page.value(COUNTER) == f"{number - 1} / {number}"
        keyboard.answers.put("stop")  # a new board while looking back: the page stays there
        await keyboard.next_prompt()
        await page.until(f"{COUNTER} === '{number - 1} / {number + 1}'")
        assert await page.value(f"{BOARD}.getAttribute('src')") == earlier
        await page.value("document.getElementById('forth').click()")
        await page.value("document.getElementById('forth').click()")
        await page.until(f"{COUNTER} === '{number + 1} / {number + 1}'")


async def test_the_board_image_is_really_on_screen(tmp_path: Path, capsys) -> None:
    async with konsul_game(tmp_path, capsys) as (_, url, folder), browser(tmp_path, url) as page:
        await page.until(f"{BOARD}.complete && {BOARD}.naturalWidth > 0")
        src = await page.value(f"{BOARD}.getAttribute('src')")
        box = await page.value(
            f"(r => [r.left, r.top, r.width, r.height])({BOARD}.getBoundingClientRect())"
        )
        shot = await page.call("Page.captureScreenshot", format="png")
    screen = Image.open(io.BytesIO(base64.b64decode(shot["data"]))).convert("RGB")
    left, top, width, height = (round(v) for v in box)
    assert width > 300 and height > 200, box
    shown = screen.crop((left, top, left + width, top + height))
    number = int(src.removeprefix("/board/").removesuffix(".png"))
    board = Image.open(folder / f"board-{number:04d}.png").convert("RGB").resize(shown.size)
    difference = ImageStat.Stat(ImageChops.difference(shown, board)).mean
    assert max(difference) < 12, difference  # the pixels on screen are the board's
    page_colour = screen.getpixel((screen.width - 5, screen.height - 5))
    differs = ImageChops.difference(shown, Image.new("RGB", shown.size, page_colour))
    assert max(ImageStat.Stat(differs).mean) > 20  # and not the empty page behind it
