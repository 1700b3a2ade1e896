"""The local live page answers everything and holds nothing (issue 30, rows 11 and 12): any web
page open in the same browser may send it requests, so every query parameter is parsed
strictly (HTTP 400 for a bad one, never a traceback on the player's terminal), and silent
connections cost neither a thread each nor the page's answers to the real player."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import bot.terminal.local_web as local_web
from bot.terminal.local_web import LiveBoard, board_file

WORDS = dict.fromkeys(("lang", "waiting", "story", "gone", "back", "forth"), "x")
IDLE_CONNECTIONS = 300


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveBoard]:
    page = LiveBoard(tmp_path, "Konsul", WORDS)
    board_file(tmp_path, 1).write_bytes(b"\x89PNG one")
    page.show(1)
    try:
        yield page
    finally:
        page.close()


def port_of(live: LiveBoard) -> int:
    port = urlsplit(live.url).port
    assert port is not None
    return port


def get(live: LiveBoard, path: str, timeout: float = 10) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port_of(live), timeout=timeout)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


BAD_QUERIES = [
    "/state?after=%C2%B2",  # "²": str.isdigit() says yes, int() says no
    "/state?after=" + "9" * 5000,  # more digits than int() converts
    "/state?after=1&after=2",
    "/state?after=",
    "/state?after=1.5",
    "/state?after=%EF%BC%91",  # a full-width digit one
    "/state?before=1",
    "/state?after=1;x",
    "/?x=1",
    "/board/1.png?x",
]


@pytest.mark.parametrize("path", BAD_QUERIES)
def test_a_bad_query_parameter_gets_400_and_nothing_on_the_terminal(
    live: LiveBoard, path: str, capfd: pytest.CaptureFixture[str]
) -> None:
    assert get(live, path)[0] == 400, path
    assert get(live, "/state?after=0")[0] == 200  # the page still answers
    out, err = capfd.readouterr()
    assert out == "" and err == "", (out, err)


def test_odd_board_names_are_not_found_and_good_requests_still_answer(
    live: LiveBoard, capfd: pytest.CaptureFixture[str]
) -> None:
    for path in ("/board/%C2%B2.png", "/board/" + "1" * 5000 + ".png", "/board/-1.png"):
        assert get(live, path)[0] == 404, path
    assert get(live, "/board/1.png") == (200, b"\x89PNG one")
    code, body = get(live, "/state?after=-1")
    assert code == 200 and json.loads(body)["latest"] == 1
    assert capfd.readouterr() == ("", "")


def test_300_idle_connections_hold_no_thread_each_and_the_page_still_answers(
    live: LiveBoard, capfd: pytest.CaptureFixture[str]
) -> None:
    before = threading.active_count()
    idle = [socket.create_connection(("127.0.0.1", port_of(live))) for _ in range(300)]
    try:
        time.sleep(0.5)  # let the server accept them all
        started = time.monotonic()
        assert get(live, "/state?after=0")[0] == 200
        assert time.monotonic() - started < 5
        assert threading.active_count() - before <= local_web.WORKERS + 2
    finally:
        for connection in idle:
            connection.close()
    assert capfd.readouterr() == ("", "")


def test_a_silent_connection_is_closed_after_the_read_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local_web, "READ_SECONDS", 0.5)
    page = LiveBoard(tmp_path, "Konsul", WORDS)
    try:
        with socket.create_connection(("127.0.0.1", port_of(page)), timeout=10) as silent:
            started = time.monotonic()
            assert silent.recv(100) == b""  # closed by the server, not by our timeout
            assert time.monotonic() - started < 5
    finally:
        page.close()
