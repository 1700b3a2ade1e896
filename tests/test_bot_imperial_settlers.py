"""Imperial Settlers through the fake Discord: two human seats draft, build, raze and defend
(the defence asked privately of the owner), an AI seat fills the table, and the game is played
to its final scoring; a second table has a human Japanese player placing samurai and choosing
storage; plus a local AI-only run."""

from __future__ import annotations

from functools import partial

import pytest

import tests.support.bot_games as bot_games
from bench.bot_harness import Harness
from engine.core import Action, Prompt
from engine.games.imperial_settlers import ai
from table.service import Session
from tests.support.bot_games import Player, assert_final_board, fix_seed

ROUNDS = 3  # enough for a raze through a defence; the local run below plays all five


def scripted_choice(
    factions: tuple[str, str], session: Session, seat: int, prompt: Prompt
) -> dict[str, int]:
    """The humans' play, as option indexes: Barbarians raze the other human's common locations
    whenever they can and gather raze tokens for it; the Japanese place samurai and keep a
    Timber Shed's goods; everyone defends; otherwise they play like the AI would from their
    own view."""
    field = prompt.fields[0]
    values = [choice.value for choice in field.options]
    view = session.game.view(session.live(), seat)
    wanted = ai.decide(view, prompt, seat, session.seq).args[field.name]
    faction = factions[seat]
    if prompt.move == "faction":
        wanted = faction
    elif prompt.move == "defend":
        wanted = values[0]
    elif prompt.move == "confirm":
        wanted = "confirm"
    elif prompt.move == "act" and faction == "barbarians":
        wanted = _alice_attacks(view, prompt) or wanted
    elif faction == "japanese":
        wanted = _samurai_and_storage(view, prompt, values) or wanted
    return {field.name: values.index(wanted)}


def _samurai_and_storage(view, prompt: Prompt, values: list) -> object | None:
    if prompt.move == "pick" and "C12" in values:
        return "C12"
    if prompt.move != "act":
        return None
    if "build:C12" in values:
        return "build:C12"
    me = view.players[view.seat]
    wood, stone = me.goods.get("wood", 0), me.goods.get("stone", 0)
    shed = any(loc.card == "C12" and loc.face_up for loc in me.empire)
    if shed and wood and stone and wood + stone > 2:
        return "pass"  # keep more than the shed holds: cleanup must ask what to store
    spots = [loc for loc in view.players[view.seat].empire if loc.face_up and not loc.samurai]
    if "activate:board" in values and len(spots) > 1:
        return "activate:board"
    return None


def _alice_attacks(view, prompt: Prompt) -> str | None:
    """A raze of Bob's location she can still confirm if he defends it (or any raze when he
    holds no defence token); else raze tokens from her board."""
    tokens = view.players[0].goods.get("raze", 0)
    bob_defends = view.players[1].goods.get("defense", 0) > 0
    for choice in prompt.fields[0].options:
        value = str(choice.value)
        if value.startswith("raze:1:"):
            cost = choice.label.args["cost"]
            if tokens >= cost + 1 or not bob_defends:
                return value
    values = [choice.value for choice in prompt.fields[0].options]
    if "activate:board" in values and tokens < 3:
        return "activate:board"
    return None


async def answer_store(harness: Harness, session: Session, user, seat: int, prompt: Prompt):
    """A storage choice (several picks of one field), clicked one by one, then confirmed."""
    view = session.game.view(session.live(), seat)
    keep = ai.decide(view, prompt, seat, 0).args["keep"]
    values = [choice.value for choice in prompt.fields[0].options]
    message = await harness.message_for(user, prompt)
    for good in keep:
        message = harness.fake.message(message.id)
        button = harness.custom_id(message, f":{prompt.key}:v:{values.index(good)}")
        await harness.fake.click(user, message, button)
    message = harness.fake.message(message.id)
    await harness.fake.click(user, message, harness.custom_id(message, f":{prompt.key}:ok"))
    await harness.settle()


async def play_two_humans(
    harness: Harness,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    factions: tuple[str, str],
    rounds: int = ROUNDS,
) -> tuple[Session, set[str], dict[tuple[int, str], int]]:
    """A whole game with two scripted humans and one AI seat; returns the session, the moves
    the humans made and a count of (seat, event type)."""
    monkeypatch.setattr(bot_games, "first_legal", partial(scripted_choice, factions))
    fix_seed(monkeypatch, seed)
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    bot = await harness.start()
    await harness.open_table(users, game="imperial_settlers", options=f"rounds={rounds}", ai=1)
    session = await bot.service.in_channel(fake.channel_id)
    label = f"imperial_settlers seed {seed}"
    players = [Player(harness, user, session, label) for user in users]
    for _ in range(session.game.max_inputs):
        await harness.settle()
        if session.outcome() is not None:
            break
        prompt = next(p for p in session.pending() if not session.is_ai(p.seats[0]))
        seat = prompt.seats[0]
        if prompt.move == "store":
            await answer_store(harness, session, users[seat], seat, prompt)
        elif prompt.public_options and len(prompt.fields[0].options) == 1:
            board = harness.board()  # a lone draft card: its button on the board
            await fake.click(users[seat], board, harness.custom_id(board, f":{prompt.key}:v:0"))
        else:
            await players[seat].answer(seat, prompt)
    await harness.settle()
    assert session.outcome() is not None, f"{label}: not finished"
    moves: dict[tuple[int, str], int] = {}
    for _, events in await bot.service.replay(session.id):
        for event in events:
            key = (event.data.get("seat", -1), event.type)
            moves[key] = moves.get(key, 0) + 1
    human_moves = {row.move for row in await bot.store.inputs(session.id) if row.seat in (0, 1)}
    print(f"{label}: the humans answered {sorted(human_moves)}")
    for player in players:
        assert player.paths["dm"] > 0, f"{label}: {player.paths}"
    assert_final_board(harness, session, label)
    rules = session.game
    state = rules.setup(rules.parse_options(session.row.options), 3, seed)
    for row in await bot.store.inputs(session.id):
        state, _ = rules.apply(state, Action(seat=row.seat, move=row.move, args=row.args))
    assert rules.outcome(state) == session.outcome(), f"{label}: replay ends differently"
    return session, human_moves, moves


async def test_two_humans_draft_build_raze_and_defend(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    label = "imperial_settlers seed 3"  # seed 1 no longer draws from either deck (rules v2)
    _, human_moves, moves = await play_two_humans(
        harness, monkeypatch, 3, ("barbarians", "egyptians")
    )
    for seat in (0, 1):
        assert moves.get((seat, "picked")), f"{label}: seat {seat} never drafted"
        assert moves.get((seat, "built")), f"{label}: seat {seat} never built"
    assert moves.get((0, "razed")), f"{label}: Alice never razed: {moves}"
    assert moves.get((1, "defended")), f"{label}: Bob never defended: {moves}"
    every_kind = {"faction", "pick", "act", "foundation", "exchange_more", "draw"}
    assert human_moves >= every_kind | {"defend", "confirm"}, human_moves


@pytest.mark.parametrize(("seed", "rounds", "kind"), [(1, 3, "store"), (5, 2, "samurai")])
async def test_a_japanese_human_places_samurai_and_chooses_storage(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seed: int, rounds: int, kind: str
) -> None:
    _, human_moves, _ = await play_two_humans(
        harness, monkeypatch, seed, ("japanese", "romans"), rounds
    )
    assert kind in human_moves, human_moves


@pytest.mark.parametrize(("players", "seed"), [(2, 31)])
def test_local_ai_only_game_finishes(tmp_path, players: int, seed: int) -> None:
    bot_games.local_ai_only_game_finishes(tmp_path, "imperial_settlers", players, seed)


async def test_every_option_is_selectable_at_game_new(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_seed(monkeypatch, 2)
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    options = (
        "card_set=original_v1 common_deck_scale=2 faction_assignment=random first_player=host "
        "always_prompt_defence=false rounds=3 solo_variant=false"
    )
    record = await fake.slash(
        alice, "game", ["new"], {"game": "imperial_settlers", "options": options}
    )
    lobby = record.response_message
    assert lobby is not None and not lobby.ephemeral, lobby
    session = await bot.service.in_channel(fake.channel_id)
    assert set(session.row.options) == set(session.game.Options.model_fields)
    await fake.click(alice, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:ai:normal"))
    await fake.click(alice, lobby, harness.custom_id(fake.message(lobby.id), ":lobby:start"))
    await harness.settle()
    state = session.live()
    assert state.common_scale == 2 and state.start == 0 and state.rounds == 3
    assert not state.always_prompt_defence and all(p.faction for p in state.players)
    assert harness.board().png() is not None


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ("solo_variant=true", "Unknown option(s): solo"),  # hidden: not offered
        ("card_set=published", "Unknown card set published (card sets: original"),
    ],
)
async def test_refused_options_say_why(harness: Harness, options: str, expected: str) -> None:
    await bot_games.conflict_is_refused_at_game_new(harness, "imperial_settlers", options, expected)


@pytest.mark.parametrize(
    ("options", "expected"),
    [("rounds=0", "Invalid option: rounds"), ("faction_assignment=auction", "Invalid option")],
)
async def test_invalid_option_values_are_refused(
    harness: Harness, options: str, expected: str
) -> None:
    await bot_games.invalid_option_is_refused(harness, "imperial_settlers", options, expected)


async def test_a_turn_prompt_folds_the_hand_behind_a_button(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23 item 15: the action DM holds what can be done now, not the whole hand again;
    "Show my hand" shows the hand (only to its owner)."""
    monkeypatch.setattr(bot_games, "first_legal", partial(scripted_choice, ("romans", "japanese")))
    fix_seed(monkeypatch, 5)
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    bot = await harness.start()
    await harness.open_table(users, game="imperial_settlers", options="rounds=1")
    session = await bot.service.in_channel(fake.channel_id)
    players = [Player(harness, user, session, "item 15") for user in users]
    for _ in range(60):
        await harness.settle()
        prompt = next(p for p in session.pending())
        if prompt.move == "act":
            break
        seat = prompt.seats[0]
        if prompt.public_options and len(prompt.fields[0].options) == 1:
            board = harness.board()
            await fake.click(users[seat], board, harness.custom_id(board, f":{prompt.key}:v:0"))
        else:
            await players[seat].answer(seat, prompt)
    seat = prompt.seats[0]
    user = users[seat]
    hand = bot.play.prompts.private_text(session, seat, [])
    assert len(hand) > 500, "the hand is too short to show the folding"
    dm = next(m for m in reversed(fake.dms(user)) if f":{prompt.key}:" in str(m.all_custom_ids()))
    assert len(dm.content) < 600 and hand not in dm.content, dm.content
    record = await fake.click(user, dm, harness.custom_id(dm, ":hand:view"))
    assert record.response_message.ephemeral and record.response_message.content == hand
