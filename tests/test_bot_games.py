"""End to end through the fake Discord: a whole game of Spartacus, Caesar, Senator and Seven Hills.

One human plays every one of their prompts with the components they would really see (the DM
chooser, the board's option buttons, or the ephemeral chooser behind "Take your turn"); AI seats
fill the rest of the table. The human's rule is simple: the first combination of shown options,
in the order shown, that the rules accept.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeUser
from engine.core import Action
from engine.registry import get_game
from tests.support.bot_games import (
    Player,
    assert_final_board,
    conflict_is_refused_at_game_new,
    fix_seed,
    invalid_option_is_refused,
    local_ai_only_game_finishes,
    play_to_the_end,
    variant_is_stored_and_played,
)

# (game, seed, AI seats, options, how the human's prompts arrive)
FULL_GAMES = [
    ("spartacus", 5, 2, None, ("dm",)),  # 3 seats at least
    ("caesar", 7, 1, None, ("board", "take_turn", "select", "dm")),
    ("senator", 3, 1, None, ("take_turn", "select")),
    ("senator", 4, 1, "hidden=true", ("dm",)),
    ("seven_hills", 2, 1, None, ("dm",)),
    ("seven_hills", 6, 1, "open_hands=true", ("take_turn",)),
    ("seven_hills", 5, 1, None, ("hand",)),  # alice's DMs are closed
]


@pytest.mark.parametrize(("game", "seed", "ai", "options", "paths"), FULL_GAMES)
async def test_a_whole_game_through_discord(
    harness: Harness, monkeypatch, game, seed, ai, options, paths
) -> None:
    probe = game == "caesar"  # its duels must offer only cards still in hand
    closed = "hand" in paths
    session, player = await play_to_the_end(
        harness, monkeypatch, game, seed, ai, options, probe, dms_closed=closed
    )
    label = f"{game} seed {seed} options {options}"
    reloaded = await harness.bot.service.get(session.id)
    assert reloaded.outcome() == session.outcome(), f"{label}: stored game ends differently"
    rules = get_game(game)
    state = rules.setup(rules.parse_options(session.row.options), len(session.seats), seed)
    for row in await harness.bot.store.inputs(session.id):
        state, _ = rules.apply(state, Action(seat=row.seat, move=row.move, args=row.args))
    assert rules.outcome(state) == session.outcome(), f"{label}: replayed inputs end differently"
    assert_final_board(harness, reloaded, label)
    for path in paths:
        assert player.paths[path] > 0, f"{label}: never answered via {path}: {player.paths}"
    if probe:
        assert not player.refused, f"{label}: the chooser offered refused options {player.refused}"
    if closed:
        fake = harness.fake
        alice = fake.users[0]
        assert fake.dms(alice) == [], f"{label}: DMs although closed"
        notices = [m for m in fake.channel_messages() if "can't send you DMs" in m.text()]
        assert len(notices) == 1 and alice.mention in notices[0].text(), f"{label}: {notices}"


# What players read -----------------------------------------------------------------------------


def dm_posts(harness: Harness, user: FakeUser) -> list[tuple[int, dict]]:
    """(request index, JSON body) of every new DM the bot sent to `user`, in order."""
    path = f"/channels/{harness.fake.dm_channel_id(user)}/messages"
    return [
        (index, request.json)
        for index, request in enumerate(harness.fake.requests)
        if request.method == "POST" and request.path == path and isinstance(request.json, dict)
    ]


def final_board_request(harness: Harness) -> int:
    return next(
        index
        for index, request in enumerate(harness.fake.requests)
        if isinstance(request.json, dict) and "Game over!" in json.dumps(request.json)
    )


async def test_no_dm_after_the_game_is_over(harness: Harness, monkeypatch) -> None:
    await play_to_the_end(harness, monkeypatch, "seven_hills", 2, 1)
    alice = harness.fake.users[0]
    late = [
        body for index, body in dm_posts(harness, alice) if index > final_board_request(harness)
    ]
    assert not late, f"seven_hills seed 2: DMs after the game ended: {late}"


async def test_every_dm_says_which_game_it_is_about(harness: Harness, monkeypatch) -> None:
    await play_to_the_end(harness, monkeypatch, "senator", 4, 1, "hidden=true")
    alice = harness.fake.users[0]
    bare = [
        body["content"] for _, body in dm_posts(harness, alice) if "Senator" not in body["content"]
    ]
    assert not bare, f"senator seed 4 hidden: DMs without the game's name: {bare}"


async def test_a_confirmed_private_move_is_not_echoed_by_another_dm(
    harness: Harness, monkeypatch
) -> None:
    await play_to_the_end(harness, monkeypatch, "senator", 4, 1, "hidden=true")
    alice = harness.fake.users[0]
    echoes = [
        body["content"]
        for _, body in dm_posts(harness, alice)
        if "You pushed your" in body["content"]
    ]
    assert not echoes, f"senator seed 4 hidden: {len(echoes)} echo DMs, e.g. {echoes[:2]}"


async def test_senator_narration_names_entries_as_the_chooser_does(
    harness: Harness, monkeypatch
) -> None:
    fix_seed(monkeypatch, 3)
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await harness.open_table([alice], game="senator", ai=1)
    session = await bot.service.in_channel(fake.channel_id)
    player = Player(harness, alice, session, "senator seed 3")
    while session.seq < 3:  # alice's flag, the AI's push, alice's push
        await player.answer(0, session.prompts_for(0)[0])
    text = harness.board().text()
    raw = re.findall(r"\b(?:up|down|left|right)-[a-e1-5]\b", text)
    assert not raw, f"senator seed 3: entry ids on the board: {raw}\n{text}"


async def test_a_prefilled_lone_option_is_named_before_confirm(
    harness: Harness, monkeypatch
) -> None:
    fix_seed(monkeypatch, 5)
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await harness.open_table([alice], game="spartacus", ai=2)
    session = await bot.service.in_channel(fake.channel_id)
    player = Player(harness, alice, session, "spartacus seed 5")
    texts = bot.play.wording.seat_texts(session, 0)
    empty = texts("chooser.ready", summary="")
    while session.seq < 12:  # alice's 4th prompt (g1.m11) has Pass as its only option
        await player.answer(0, session.prompts_for(0)[0])
    lone = [body["content"] for _, body in dm_posts(harness, alice) if empty in body["content"]]
    assert not lone, f"spartacus seed 5: a chooser asks to confirm nothing named: {lone}"


# Variants ------------------------------------------------------------------------------------

VARIANTS = [
    ("spartacus", "no_flags=true", {"no_flags": True}, 2),
    (
        "spartacus",
        "series_games=2 flags_as_jokers=true joker_penalty=true joker_voids_trick=true",
        {
            "series_games": 2,
            "flags_as_jokers": True,
            "joker_penalty": True,
            "joker_voids_trick": True,
        },
        2,
    ),
    (
        "senator",
        "flag_effect=double flag_scope=adjacent",
        {"flag_effect": "double", "flag_scope": "adjacent"},
        1,
    ),
    ("senator", "hidden=true", {"hidden": True}, 1),
    (
        "seven_hills",
        "no_repeat_values=true highest_card=true series=true",
        {"no_repeat_values": True, "highest_card": True, "series": True},
        1,
    ),
    ("seven_hills", "barricades=true open_hands=true", {"barricades": True, "open_hands": True}, 1),
]


@pytest.mark.parametrize(("game", "options", "expected", "ai"), VARIANTS)
async def test_variant_chosen_at_game_new_is_stored_and_played(
    harness: Harness, monkeypatch, game, options, expected, ai
) -> None:
    await variant_is_stored_and_played(harness, monkeypatch, game, options, expected, ai)


@pytest.mark.parametrize("game", ["spartacus", "caesar", "senator", "seven_hills"])
def test_every_option_has_a_variant_case(game) -> None:
    """Caesar's spec lists no variants (its unknown-option case is in BAD_OPTIONS)."""
    covered = {name for g, _, expected, _ in VARIANTS if g == game for name in expected}
    assert covered == set(get_game(game).Options.model_fields), f"{game}: add it to VARIANTS"


BAD_OPTIONS = [
    ("caesar", "flags=true", "Unknown option(s): flags."),
    ("spartacus", "no_flag=true", "Unknown option(s): no_flag."),
    ("spartacus", "no_flags=maybe", "Invalid option: no_flags"),
    ("spartacus", "series_games=three", "Invalid option: series_games"),
    ("senator", "flag_effect=sideways", "Invalid option: flag_effect"),
    ("seven_hills", "open_hands", "Could not read the options: open_hands"),
]


@pytest.mark.parametrize(("game", "options", "expected"), BAD_OPTIONS)
async def test_invalid_option_gives_a_clear_ephemeral_error(
    harness: Harness, game, options, expected
) -> None:
    await invalid_option_is_refused(harness, game, options, expected)


# Options that are each valid but not together (or not at this table size) -------------------

CONFLICTS = [
    ("spartacus", "joker_penalty=true", 2, "need flags_as_jokers"),
    ("spartacus", "no_flags=true flags_as_jokers=true", 2, "cannot be combined with no_flags"),
    ("spartacus", "series_games=0", 2, "A series has 1 to 20 games"),
    ("seven_hills", "barricades=true no_repeat_values=true", 1, "cannot be combined"),
    ("senator", "flag_effect=double", 2, "only for 2 players"),  # 3 seats
]


async def refused_start(harness: Harness, user: FakeUser, game: str, options: str, ai: int):
    """/game new, Add AI, Start; returns the error the host got, wherever it came."""
    fake = harness.fake
    record = await fake.slash(user, "game", ["new"], {"game": game, "options": options})
    reply = record.response_message
    if reply is not None and reply.ephemeral:  # refused at once
        return reply.text()
    lobby = harness.board()
    for _ in range(ai):
        await fake.click(user, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:ai:normal"))
    await fake.click(user, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:start"))
    await harness.settle()
    return harness.last_ephemeral(user)


@pytest.mark.parametrize(("game", "options", "ai", "expected"), CONFLICTS)
async def test_conflicting_options_are_refused_clearly(
    harness: Harness, game, options, ai, expected
) -> None:
    """At /game new or, at the latest, when the host presses Start."""
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    label = f"{game} {options!r}"
    error = await refused_start(harness, alice, game, options, ai)
    assert error.startswith("✗ ") and expected in error, f"{label}: {error}"
    assert all(m.png() is None for m in fake.channel_messages()), f"{label}: a board was posted"
    assert not fake.dms(alice), f"{label}: prompted by DM: {fake.dms(alice)}"
    assert not fake.server_errors and not fake.unknown_routes, label


async def test_lobby_stays_usable_after_a_refused_start(harness: Harness) -> None:
    """Senator's flag effects need 2 players: only Start can tell, so the lobby must survive."""
    game, options, ai, expected = CONFLICTS[-1]
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    label = f"{game} {options!r}"
    error = await refused_start(harness, alice, game, options, ai)
    assert expected in error, f"{label}: {error}"
    lobby = harness.board()
    session = await bot.service.in_channel(fake.channel_id)
    assert session is not None and session.status == "lobby", f"{label}: {session.status}"
    await fake.click(alice, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:start"))
    assert expected in harness.last_ephemeral(alice), f"{label}: {harness.last_ephemeral(alice)}"
    bob = fake.add_user("bob")
    await fake.click(bob, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:join"))
    assert "bob" in fake.message(lobby.id).text() or "full" in harness.last_ephemeral(bob), label


@pytest.mark.parametrize(
    ("game", "options", "expected"),
    [
        pytest.param(game, options, expected)
        for game, options, _, expected in CONFLICTS
        if game != "senator"
    ],
)
async def test_conflicting_options_are_refused_at_game_new(
    harness: Harness, game, options, expected
) -> None:
    """Better at once than after the table has gathered: the lobby cannot be fixed, only
    aborted and opened again."""
    await conflict_is_refused_at_game_new(harness, game, options, expected)


# Local terminal mode -------------------------------------------------------------------------

LOCAL = [("spartacus", 3, 21), ("caesar", 2, 22), ("senator", 2, 23), ("seven_hills", 2, 24)]


@pytest.mark.parametrize(("game", "players", "seed"), LOCAL)
def test_local_ai_only_game_finishes(tmp_path: Path, game, players, seed) -> None:
    local_ai_only_game_finishes(tmp_path, game, players, seed)
