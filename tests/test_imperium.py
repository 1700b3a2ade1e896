"""Imperium: the spec's worked examples (rules/imperium.md §10), error codes, variants, AI."""

from __future__ import annotations

import pytest

from engine.ai import play_out
from engine.core import Action, IllegalInput
from engine.games.imperium import Imperium
from engine.games.imperium.rules import position_points
from engine.games.imperium.state import ImperiumOptions, ImperiumState
from engine.registry import get_game

GAME: Imperium = get_game("imperium")  # type: ignore[assignment]
A, B, C, D, E = range(5)


def new(seats: int, **options: object) -> ImperiumState:
    return GAME.setup(ImperiumOptions(**options), seats, seed=1)


def select_all(state: ImperiumState, *selections: list[int]) -> tuple[ImperiumState, list]:
    events: list = []
    for seat, regions in enumerate(selections):
        state, new_events = GAME.apply(
            state, Action(seat=seat, move="select", args={"regions": regions})
        )
        events += new_events
    return state, events


def region(state: ImperiumState, number: int) -> tuple[int, ...]:
    return state.board[number - 1]


def test_example_1_four_players_rounds_1_and_2() -> None:
    state = new(4)
    state, events = select_all(state, [1, 9, 9], [1, 1, 5], [2, 3, 9], [9, 9, 9])
    scored = next(e for e in events if e.type == "scored")
    assert scored.data == {
        "region": 1,
        "counts": [1, 2, 0, 0],
        "points": [0, 1, 0, 0],
        "seat_points": [[1, 1]],
    }
    assert state.scores == (0, 1, 0, 0)
    assert state.supply == (12, 13, 11, 11)
    assert region(state, 1) == (0, 0, 0, 0)
    assert region(state, 9) == (2, 0, 1, 3)

    state, _ = select_all(state, [2, 2, 4], [2, 6, 7], [2, 9, 8], [3, 4, 5])
    assert state.scores == (1, 1, 1, 0)
    assert state.supply == (11, 11, 10, 8)
    expected = {
        3: (0, 0, 1, 1),
        4: (1, 0, 0, 1),
        5: (0, 1, 0, 1),
        6: (0, 1, 0, 0),
        7: (0, 1, 0, 0),
        8: (0, 0, 1, 0),
        9: (2, 0, 2, 3),
        2: (0, 0, 0, 0),
    }
    for number, counts in expected.items():
        assert region(state, number) == counts, number
    assert state.round == 3


@pytest.mark.parametrize(
    ("counts", "values", "points"),
    [
        ((2, 2, 1, 0, 0), (8, 4, 2, 1), (4, 4, 2, 0, 0)),
        ((4, 3, 3, 1, 0), (9, 4, 2, 1), (9, 2, 2, 1, 0)),
        ((4, 3, 3, 1, 1), (9, 4, 2, 1), (9, 2, 2, 0, 0)),
        ((1, 1), (5, 2, 1), (0, 0)),
        ((2, 1), (5, 2, 1), (5, 0)),
        ((3, 3, 3), (2, 1), (0, 0, 0)),
        ((0, 0, 0), (9, 4), (0, 0, 0)),
    ],
)
def test_example_2_and_tie_rules(counts, values, points) -> None:
    assert position_points(counts, values) == points


def short_state(supply: tuple[int, ...], revealed_first: list[int]) -> ImperiumState:
    state = new(2).model_copy(update={"supply": supply})
    state, _ = select_all(state, revealed_first, [4, 4, 4])
    return state


def test_example_3_shortage_prompt() -> None:
    state = short_state((1, 14), [3, 7, 7])
    assert state.phase == "place" and state.placing == A
    prompt = GAME.pending(state)[0]
    assert prompt.move == "place_short" and prompt.fields[0].count == 1
    for bad, code in (([7, 7], "wrong_count"), ([5], "not_in_selection")):
        with pytest.raises(IllegalInput) as error:
            GAME.apply(state, Action(seat=A, move="place_short", args={"regions": bad}))
        assert error.value.code == code
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=B, move="place_short", args={"regions": [4]}))
    assert error.value.code == "not_your_turn"
    for good in ([7], [3]):
        after, _ = GAME.apply(state, Action(seat=A, move="place_short", args={"regions": good}))
        assert after.phase == "select" and after.round == 2
        assert after.supply[A] == 0 and region(after, good[0])[A] == 1


def test_example_3_automatic_when_choice_makes_no_difference() -> None:
    state = short_state((2, 14), [6, 6, 6])
    assert state.phase == "select" and state.round == 2
    assert region(state, 6)[A] == 2 and state.supply[A] == 0


def test_example_4_thirty_points_stops_after_the_deciding_region() -> None:
    state = new(3, thirty_points=True).model_copy(update={"round": 10, "scores": (28, 29, 20)})
    board = [list(row) for row in state.board]
    board[0] = [2, 1, 0]
    board[1] = [0, 3, 2]
    state = state.model_copy(update={"board": tuple(tuple(r) for r in board)})
    # Everyone picks regions that are not scored this round so the board above decides.
    state, events = select_all(state, [5, 5, 5], [6, 6, 6], [7, 7, 7])
    assert [e.data["region"] for e in events if e.type == "scored"] == [1, 2]
    assert state.scores == (29, 31, 21)
    assert GAME.outcome(state).winners == (B,)
    assert GAME.pending(state) == []


def test_thirty_points_skips_rest_of_round_once_someone_reaches_30() -> None:
    state = new(3, thirty_points=True).model_copy(update={"round": 10, "scores": (29, 0, 0)})
    board = [list(row) for row in state.board]
    board[0] = [2, 1, 0]
    board[1] = [0, 3, 2]
    state = state.model_copy(update={"board": tuple(tuple(r) for r in board)})
    state, events = select_all(state, [5, 5, 5], [6, 6, 6], [7, 7, 7])
    assert [e.data["region"] for e in events if e.type == "scored"] == [1]
    assert state.scores == (30, 0, 0) and region(state, 2) == (0, 3, 2)


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (Action(seat=5, move="select", args={"regions": [1, 2, 3]}), "not_a_player"),
        (Action(seat=0, move="select", args={"regions": [1, 2]}), "bad_selection"),
        (Action(seat=0, move="select", args={"regions": [1, 2, 3, 4]}), "bad_selection"),
        (Action(seat=0, move="select", args={"regions": [0, 2, 3]}), "bad_selection"),
        (Action(seat=0, move="select", args={"regions": [1, 2, "x"]}), "bad_selection"),
        (Action(seat=0, move="select", args={"regions": [1, 2, True]}), "bad_selection"),
        (Action(seat=0, move="fly", args={}), "unknown_move"),
    ],
)
def test_select_errors(action: Action, code: str) -> None:
    state = new(3)
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, action)
    assert error.value.code == code


def test_second_selection_and_wrong_phase_are_rejected() -> None:
    state = new(3)
    state, _ = GAME.apply(state, Action(seat=A, move="select", args={"regions": [1, 1, 1]}))
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=A, move="select", args={"regions": [2, 2, 2]}))
    assert error.value.code == "already_submitted"
    over = state.model_copy(update={"phase": "over"})
    with pytest.raises(IllegalInput) as error:
        GAME.apply(over, Action(seat=B, move="select", args={"regions": [2, 2, 2]}))
    assert error.value.code == "game_over"


def test_base_game_scores_8_and_9_in_round_8_and_ends() -> None:
    state = new(2).model_copy(update={"round": 8})
    state, events = select_all(state, [8, 9, 9], [8, 8, 1])
    assert [e.data["region"] for e in events if e.type == "scored"] == [8, 9]
    assert state.scores == (9, 8) and state.phase == "over"


def test_scores_never_negative_and_selection_hidden_until_reveal() -> None:
    for seed in range(30):
        state = GAME.setup(ImperiumOptions(), 4, seed)
        state, _ = GAME.apply(state, Action(seat=A, move="select", args={"regions": [9, 9, 9]}))
        assert GAME.view(state, B).own_selection is None, seed
        assert GAME.view(state, A).own_selection == (9, 9, 9), seed
        final, _ = play_out(GAME, state, seed, smart=(False,) * 4)
        assert min(final.scores) >= 0, seed


@pytest.mark.parametrize(
    "games", [30, pytest.param(200, marks=pytest.mark.slow)], ids=["sample", "full"]
)
def test_ai_beats_random_in_three_player_games(games: int) -> None:
    """Seeds 0..games-1; the default suite plays a 30-game sample, -m slow the full 200."""
    wins = 0
    for seed in range(games):
        final, _ = play_out(
            GAME, GAME.setup(ImperiumOptions(), 3, seed), seed, (True, False, False)
        )
        wins += GAME.outcome(final).winners == (A,)
    rate = wins / games
    print(f"imperium AI vs random (3 players, {games} games, sole wins): {rate:.1%}")
    assert rate >= 0.70, f"seeds 0..{games - 1}: {rate:.0%}"


def test_public_view_and_image_do_not_depend_on_face_down_cards() -> None:
    from render import render_png

    names = ["A", "B", "C"]
    images, views = set(), set()
    for first, second in (([1, 1, 1], [9, 9, 9]), ([2, 5, 9], [3, 3, 4]), ([9, 9, 9], [1, 2, 3])):
        state = new(3)
        state, _ = GAME.apply(state, Action(seat=A, move="select", args={"regions": first}))
        state, _ = GAME.apply(state, Action(seat=B, move="select", args={"regions": second}))
        views.add(GAME.view(state, None).model_dump_json())
        views.add(GAME.view(state, C).model_dump_json())
        images.add(render_png("imperium", GAME.public_view(state), names, "ja"))
    assert len(images) == 1 and len(views) == 2
