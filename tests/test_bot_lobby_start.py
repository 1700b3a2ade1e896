"""After Start (issue 33 items 14 and 19), through the fake Discord with the real client: the
lobby's components are disabled in the edit that answers Start, any lobby click that still
arrives (a stale or forged one, the level select included) is refused at once and never turns
the board back into a lobby, and discord.py's "unknown view" line is not logged as a warning."""

from __future__ import annotations

import logging

import pytest

from bench.bot_harness import Harness

UPDATE_MESSAGE = 7  # the interaction callback type that edits the clicked message


async def test_after_start_the_lobby_is_disabled_and_every_lobby_click_is_refused(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="discord.ui.view")
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    await fake.slash(alice, "game", ["new"], {"game": "senator"})
    lobby = harness.board()
    await fake.click(alice, lobby, harness.custom_id(lobby, ":lobby:ai:normal"))
    lobby = fake.message(lobby.id)
    level, start = harness.custom_id(lobby, ":lobby:lvl"), harness.custom_id(lobby, ":lobby:start")
    join = harness.custom_id(lobby, ":lobby:join")
    started = await fake.click(alice, lobby, start)
    assert started.response_type == UPDATE_MESSAGE  # the lobby edited in the same answer…
    shown = started.response_message or fake.message(lobby.id)
    disabled = [c.get("disabled") for row in shown.components for c in row.get("components", [])]
    assert disabled and all(disabled), shown.components  # …with every component disabled
    # Clicks that still arrive (from a client that has not seen the edit) are refused at once.
    chosen = await fake.select(alice, lobby, level, ["hard"], check=False)
    assert "already started" in chosen.response_message.text()
    joined = await fake.click(alice, lobby, join, check=False)
    assert "already started" in joined.response_message.text()
    await harness.settle()
    board = fake.message(lobby.id).text()
    assert "lobby" not in board.lower() and "Senator" in board, board
    assert not [
        r for r in caplog.records if r.levelno >= logging.WARNING and "unknown view" in r.message
    ]
    await harness.stop()
