"""The board as a layout message (issue 29): every game's board at its start, in its middle and
at its end, in both languages, is a layout message the fake accepts (bench.fakediscord.layout:
Discord's rules), shows its image and says in text who is to move, each seat and what happened
last; a board posted before layouts becomes one by its next edit, in place; the largest table
(Space Emperor, seven seats) fits in 40 components and 4,000 characters."""

from __future__ import annotations

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord, FakeMessage
from bench.fakediscord.layout import (
    COMPONENTS_V2,
    MAX_COMPONENTS,
    MAX_TEXT,
    Form,
    check_form,
    layout_text_length,
    walk,
)
from engine.registry import GAMES, get_game
from table.service import Session
from tests.support import discord_schema
from tests.support.bot_games import fix_seed

OPTIONS = {"imperial_settlers": "rounds=1", "prokonsul": "short_game=true"}
MIDDLE = 12  # inputs of the human seat before the middle board is checked


def board_size(board: FakeMessage) -> tuple[int, int]:
    return layout_text_length(board.components), sum(1 for _ in walk(board.components))


def assert_layout_board(harness: Harness, session: Session, label: str) -> FakeMessage:
    """The board is a layout message Discord accepts, with its image shown and its text."""
    board = harness.board()
    assert board.is_layout and board.content == "" and not board.embeds, label
    check_form(
        Form(
            board.flags,
            board.content,
            board.embeds,
            board.components,
            frozenset(a.filename for a in board.attachments),
        )
    )
    image = board.image()
    assert image is not None and image.format == "PNG", f"{label}: no image shown"
    text = board.text()
    for name in session.names:
        assert name in text, f"{label}: seat {name} missing from\n{text}"
    chars, components = board_size(board)
    assert chars <= MAX_TEXT and components <= MAX_COMPONENTS, label
    print(f"board {label}: {chars} characters, {components} components")  # for the report
    return board


def assert_requests_match_discord_schema(fake: FakeDiscord, label: str) -> int:
    """Every message body the bot sent (board posts and edits, interaction answers,
    followups) is one Discord's OpenAPI description accepts; returns how many were checked."""
    checked = layouts = 0
    for call in fake.requests:
        try:
            checked += discord_schema.request(call.method, call.path, call.json) is not None
        except discord_schema.SchemaError as error:
            raise AssertionError(f"{label}: {call.method} {call.path}: {error}") from None
        body = call.json.get("data", call.json) if isinstance(call.json, dict) else None
        layouts += isinstance(body, dict) and bool((body.get("flags") or 0) & COMPONENTS_V2)
    assert layouts, f"{label}: no layout message was sent"
    return checked


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_board_is_a_layout_message_at_start_middle_and_end(
    tmp_path, monkeypatch: pytest.MonkeyPatch, game: str, locale: str
) -> None:
    fix_seed(monkeypatch, 3)
    async with FakeDiscord(guild_locale=locale) as fake:
        harness = Harness(fake, tmp_path / "forum.sqlite3")
        try:
            alice = fake.add_user("alice", locale=locale)
            bot = await harness.start()
            ai = get_game(game).min_seats - 1
            await harness.open_table([alice], game, OPTIONS.get(game), ai=ai)
            session = await bot.service.in_channel(fake.channel_id)
            label = f"{game} {locale}"
            board = assert_layout_board(harness, session, f"{label} start")
            assert "\n▶ " in board.text(), f"{label}: who is to move? {board.text()}"
            assert "\n> " in board.text(), f"{label}: the legend is not set apart"
            await harness.play_seat(session, 0, MIDDLE)
            assert_layout_board(harness, session, f"{label} middle")
            await harness.play_seat(session, 0, None)
            final = assert_layout_board(harness, session, f"{label} end")
            assert final.id == board.id, f"{label}: the board was posted anew"
            checked = assert_requests_match_discord_schema(fake, label)
            print(f"{label}: {checked} message bodies match Discord's OpenAPI schema")
            assert not fake.server_errors and not fake.unknown_routes, label
        finally:
            await harness.stop()


async def test_the_largest_table_fits_and_its_size_is_reported(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Space Emperor at seven seats, the most seats of any game: the biggest board text."""
    fix_seed(monkeypatch, 5)
    fake = harness.fake
    alice = fake.add_user("alice" * 6)  # a long name, as members choose them
    bot = await harness.start()
    await harness.open_table([alice], "space_emperor", "allow_seven_players=true", ai=6)
    session = await bot.service.in_channel(fake.channel_id)
    sizes = [board_size(assert_layout_board(harness, session, "space_emperor 7 start"))]
    for _ in range(4):
        await harness.play_seat(session, 0, MIDDLE)
        sizes.append(board_size(assert_layout_board(harness, session, "space_emperor 7 on")))
    chars, components = max(c for c, _ in sizes), max(n for _, n in sizes)
    print(f"largest board: {chars} characters, {components} components")
    assert len(session.seats) == 7 and chars <= MAX_TEXT and components <= MAX_COMPONENTS


async def test_a_board_posted_before_layouts_becomes_one_in_place(harness: Harness) -> None:
    """A board of the old form (content, buttons, its image shown as an attachment) takes the
    layout by its next edit: the same message, its content cleared, the image kept."""
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    bot = await harness.start()
    await harness.open_table(users, "caesar")
    session = await bot.service.in_channel(fake.channel_id)
    board = harness.board()
    old_rows = [{"type": 1, "components": [c]} for c in board.components[0]["components"][-1:]]
    board.flags, board.content, board.components = 0, "**Caesar**\nWaiting for alice.", old_rows
    assert not board.is_layout and board.png() is not None  # as an older bot left it
    bot.play.publish(session)  # what a restart or the next move does
    await harness.settle()
    again = harness.board()
    assert again.id == board.id and again.is_layout and again.content == ""
    assert again.png() is not None and "alice" in again.text()
