"""Senator: the spec's worked examples (rules/senator.md §10), error codes, variants, views,
AI strength and the board image."""

from __future__ import annotations

import itertools

import pytest

from engine.ai import play_out, random_action
from engine.core import Action, IllegalInput
from engine.games.senator import Senator
from engine.games.senator.board import ENTRIES, FLAG, INDEX, SQUARES, line_of, score_board
from engine.games.senator.state import SenatorOptions, SenatorState
from engine.registry import get_game
from render import render_png

GAME: Senator = get_game("senator")  # type: ignore[assignment]
R, B, G = 0, 1, 2  # Red, Blue, Green
NAMES = {"R": R, "B": B}


def new(seats: int = 2, start: int = R, seed: int = 1, **options: object) -> SenatorState:
    state = GAME.setup(SenatorOptions(**options), seats, seed)
    return state.model_copy(update={"start": start})


def push(state: SenatorState, seat: int, card: int, entry: str) -> SenatorState:
    state, _ = GAME.apply(
        state, Action(seat=seat, move="push", args={"card": card, "entry": entry})
    )
    return state


def flag(state: SenatorState, seat: int, square: str) -> SenatorState:
    state, _ = GAME.apply(state, Action(seat=seat, move="place_flag", args={"square": square}))
    return state


def at(state: SenatorState, square: str) -> str:
    """'R10', 'B7', 'flag' or '' for the cell on `square`."""
    cell = state.board[INDEX[square]]
    if cell is None:
        return ""
    if cell[0] == FLAG:
        return "flag"
    return "RBG"[cell[0]] + str(cell[1])


def code_of(state: SenatorState, action: Action) -> str:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, action)
    assert state.model_dump_json() == before
    return error.value.code


# Worked examples -------------------------------------------------------------------------


def test_example_1_pushing() -> None:
    state = flag(new(), B, "c3")
    for seat, card, entry in [
        (R, 10, "down-c"),
        (B, 9, "up-c"),
        (R, 8, "right-3"),
        (B, 7, "left-3"),
        (R, 6, "down-b"),
    ]:
        state = push(state, seat, card, entry)
    assert [at(state, s) for s in ("c1", "c5", "b1")] == ["R10", "B9", "R6"]
    assert [at(state, f"{c}3") for c in "abcde"] == ["R8", "", "flag", "", "B7"]
    state = push(state, B, 5, "right-3")
    assert [at(state, f"{c}3") for c in "abcde"] == ["B5", "R8", "flag", "", "B7"]


EXAMPLE_2 = [
    ("R", 3, "right-1", "b1=R3"),
    ("B", 1, "right-3", "a3=B1"),
    ("R", 10, "down-c", "c1=R10"),
    ("B", 7, "down-d", "d1=B7"),
    ("R", 5, "down-b", "b1=R5 b2=R3"),
    ("B", 3, "down-b", "b1=B3 b2=R5 b3=R3"),
    ("R", 6, "up-a", "a4=R6"),
    ("B", 4, "down-c", "c1=B4 c2=R10"),
    ("R", 8, "down-c", "c1=R8 c2=B4 c3=R10 c4=flag"),
    ("B", 2, "up-a", "a4=B2 a3=R6 a2=B1"),
    ("R", 2, "down-e", "e2=R2"),
    ("B", 10, "down-c", "c1=B10 c2=R8 c3=B4 c4=R10 c5=flag"),
    ("R", 9, "right-4", "a4=R9 b4=B2"),
    ("B", 6, "down-b", "b1=B6 b2=B3 b3=R5 b4=R3 b5=B2"),
    ("R", 7, "down-d", "d1=R7 d2=B7"),
    ("B", 8, "left-3", "e3=B8"),
    ("R", 1, "right-4", "a4=R1 b4=R9 c4=R3 d4=R10"),
    ("B", 5, "up-d", "d5=B5"),
    ("R", 4, "right-3", "a3=R4 b3=R6 c3=R5 d3=B4"),
    ("B", 9, "down-e", "e2=B9 e3=R2 e4=B8"),
]
FINAL_2 = """
      B6  B10 R7
  B1  B3  R8  B7  B9
  R4  R6  R5  B4  R2
  R1  R9  R3  R10 B8
      B2  flag B5
"""


def example_2_final() -> SenatorState:
    state = flag(new(), B, "c3")
    for who, card, entry, _ in EXAMPLE_2:
        state = push(state, NAMES[who], card, entry)
    return state


def test_example_2_every_push_changes_the_listed_squares() -> None:
    state = flag(new(), B, "c3")
    for number, (who, card, entry, changes) in enumerate(EXAMPLE_2, 1):
        before = state
        state = push(state, NAMES[who], card, entry)
        changed = {s: at(state, s) for s in SQUARES if at(state, s) != at(before, s)}
        expected = dict(part.split("=") for part in changes.split())
        assert changed == expected, f"push {number}"
        if number == 4:
            for full in ("right-1", "left-1"):
                action = Action(seat=R, move="push", args={"card": 5, "entry": full})
                assert code_of(state, action) == "line_full"
    assert state.phase == "over"
    assert GAME.pending(state) == []


def test_example_2_final_board_and_base_score() -> None:
    state = example_2_final()
    rows = [line.split() for line in FINAL_2.strip("\n").splitlines()]
    assert [at(state, s) for s in ("b1", "c1", "d1")] == rows[0]
    for r in (2, 3, 4):
        assert [at(state, f"{c}{r}") for c in "abcde"] == rows[r - 1], r
    assert [at(state, s) for s in ("b5", "c5", "d5")] == rows[4]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (41, 14)
    assert outcome.winners == (R,)


@pytest.mark.parametrize(
    ("effect", "line", "adjacent"),
    [
        ("none", (41, 14), (41, 14)),
        ("double", (57, 14), (44, 14)),
        ("stairs", (41, 31), (41, 21)),
        ("double_and_stairs", (57, 31), (44, 21)),
        ("neutralize", (25, 14), (38, 14)),
    ],
)
def test_example_2_flag_options(effect: str, line: tuple, adjacent: tuple) -> None:
    board = example_2_final().board
    assert score_board(board, 2, effect, "line") == line
    assert score_board(board, 2, effect, "adjacent") == adjacent
    # the same figures through a game played with the option
    state = new(flag_effect=effect, flag_scope="adjacent")
    state = state.model_copy(update={"board": board, "hands": ((), ()), "phase": "over"})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == adjacent


def test_draw_is_shared() -> None:
    board = [None] * len(SQUARES)
    board[INDEX["b2"]] = (R, 5)
    board[INDEX["d4"]] = (B, 5)
    state = new().model_copy(update={"board": tuple(board), "phase": "over"})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (R, B) and outcome.ranks == (1, 1)


# Board data and push mechanics -----------------------------------------------------------


def test_board_has_21_squares_and_20_entries_five_per_side() -> None:
    assert len(SQUARES) == 21 and not {"a1", "e1", "a5", "e5"} & set(SQUARES)
    assert len(ENTRIES) == 20
    for direction in ("down", "up", "right", "left"):
        assert sum(e.startswith(direction) for e in ENTRIES) == 5
    first = [SQUARES[line_of(e)[0]] for e in ENTRIES]
    assert all(s[0] in "ae" or s[1] in "15" for s in first)  # every entry square is a stair
    assert len(set(first)) == 12  # all 12 stairs are entry squares
    for entry in ENTRIES:
        direction, _ = entry.split("-")
        opposite = {"down": "up", "up": "down", "right": "left", "left": "right"}[direction]
        assert line_of(entry) == line_of(entry.replace(direction, opposite))[::-1]


def test_push_stops_at_first_gap_and_never_pushes_off() -> None:
    state = flag(new(), B, "b2")
    state = push(state, R, 1, "down-b")  # b1=R1, flag on b2 stays: b1 was empty
    assert (at(state, "b1"), at(state, "b2")) == ("R1", "flag")
    state = push(state, B, 1, "down-b")  # b1..b2 block shifts into b3
    assert [at(state, f"b{r}") for r in range(1, 6)] == ["B1", "R1", "flag", "", ""]
    state = push(state, R, 2, "up-b")  # the far end is independent
    assert [at(state, f"b{r}") for r in range(1, 6)] == ["B1", "R1", "flag", "", "R2"]
    state = push(state, B, 2, "up-b")  # only R2 shifts (into the gap b4); the top block stays
    assert [at(state, f"b{r}") for r in range(1, 6)] == ["B1", "R1", "flag", "R2", "B2"]
    for entry in ("down-b", "up-b"):
        full = Action(seat=R, move="push", args={"card": 3, "entry": entry})
        assert code_of(state, full) == "line_full"


# Error codes -----------------------------------------------------------------------------


def test_place_flag_errors_in_order() -> None:
    state = new()
    assert code_of(state, Action(seat=R, move="place_flag", args={"square": "c3"})) == (
        "not_your_turn"
    )
    assert code_of(state, Action(seat=R, move="place_flag", args={"square": "a1"})) == (
        "not_your_turn"
    )
    for bad in ("a1", "e5", "f3", "c0", "", None, 3):
        args = {"square": bad} if bad is not None else {}
        assert code_of(state, Action(seat=B, move="place_flag", args=args)) == "bad_square", bad
    placed = flag(state, B, "a2")
    assert code_of(placed, Action(seat=B, move="place_flag", args={"square": "c3"})) == (
        "wrong_phase"
    )
    three = new(3)
    assert code_of(three, Action(seat=1, move="place_flag", args={"square": "zz"})) == (
        "wrong_phase"
    )
    assert code_of(state, Action(seat=2, move="place_flag", args={"square": "c3"})) == (
        "not_a_player"
    )
    assert code_of(state, Action(seat=B, move="flag", args={"square": "c3"})) == "unknown_move"


def test_push_errors_in_order() -> None:
    before_flag = new()
    move = Action(seat=R, move="push", args={"card": 99, "entry": "nowhere"})
    assert code_of(before_flag, move) == "wrong_phase"
    state = flag(before_flag, B, "c1")
    state = push(state, R, 10, "left-1")  # d1 = R10, the flag stays on c1
    assert code_of(state, move) == "not_your_turn"  # Blue to move; every other arg is bad too
    blue = move.model_copy(update={"seat": B})
    assert code_of(state, blue) == "card_not_in_hand"
    for card in (0, 11, True, "3", None, 3.0):
        args = {"card": card, "entry": "nowhere"} if card is not None else {"entry": "x"}
        assert code_of(state, Action(seat=B, move="push", args=args)) == "card_not_in_hand", card
    state = push(state, B, 10, "right-1")  # b1 = B10: row 1 is full
    assert code_of(state, Action(seat=R, move="push", args={"card": 10, "entry": "down-b"})) == (
        "card_not_in_hand"
    )
    for entry in ("down", "down-f", "right-6", "", None, 1):
        args = {"card": 1, "entry": entry} if entry is not None else {"card": 1}
        assert code_of(state, Action(seat=R, move="push", args=args)) == "bad_entry", entry
    assert code_of(state, Action(seat=R, move="push", args={"card": 1, "entry": "left-1"})) == (
        "line_full"
    )
    final = example_2_final()
    assert code_of(final, Action(seat=R, move="push", args={"card": 1, "entry": "x"})) == (
        "game_over"
    )


def test_setup_rejects_bad_configurations() -> None:
    for seats in (1, 4):
        with pytest.raises(IllegalInput, match="bad_seat_count"):
            GAME.setup(SenatorOptions(), seats, 1)
    with pytest.raises(IllegalInput, match="flag_needs_two_players"):
        GAME.setup(SenatorOptions(flag_effect="double"), 3, 1)
    GAME.setup(SenatorOptions(flag_scope="adjacent"), 3, 1)  # ignored without an effect
    with pytest.raises(IllegalInput, match="unknown_option"):
        GAME.parse_options({"flag": "double"})
    with pytest.raises(IllegalInput, match="option_values"):
        GAME.parse_options({"flag_effect": "triple"})


def test_apply_never_mutates_its_input() -> None:
    state = flag(new(), B, "c3")
    before = state.model_dump_json()
    after = push(state, R, 10, "down-c")
    assert state.model_dump_json() == before and after != state


# Flow, prompts and variants --------------------------------------------------------------


def test_start_player_comes_from_the_seed_and_the_other_places_the_flag() -> None:
    starts = {GAME.setup(SenatorOptions(), 2, seed).start for seed in range(20)}
    assert starts == {0, 1}
    for seed in range(6):
        state = GAME.setup(SenatorOptions(), 2, seed)
        (prompt,) = GAME.pending(state)
        assert prompt.move == "place_flag" and prompt.seats == (1 - state.start,), seed
        assert len(prompt.fields[0].options) == 21
        state = flag(state, 1 - state.start, "e3")
        (prompt,) = GAME.pending(state)
        assert prompt.move == "push" and prompt.seats == (state.start,), seed


def test_prompt_keys_change_every_push_and_options_are_exactly_legal() -> None:
    state = flag(new(), B, "c3")
    keys = set()
    for step in range(20):
        (prompt,) = GAME.pending(state)
        assert prompt.key not in keys
        keys.add(prompt.key)
        assert prompt.public_options
        seat = prompt.seats[0]
        cards = [c.value for c in prompt.fields[0].options]
        entries = [c.value for c in prompt.fields[1].options]
        assert tuple(cards) == state.hands[seat]
        for card, entry in itertools.product(cards, ENTRIES):
            action = Action(seat=seat, move="push", args={"card": card, "entry": entry})
            try:
                GAME.apply(state, action)
            except IllegalInput as error:
                assert entry not in entries and error.code == "line_full", (step, entry)
            else:
                assert entry in entries, (step, entry)
        state, _ = GAME.apply(state, random_action(GAME, state, prompt, seat, step))
    assert state.phase == "over"


def test_three_players_no_flag_21_pushes_clockwise() -> None:
    state = new(3, start=2)
    assert state.hands == (tuple(range(1, 8)),) * 3 and state.phase == "push"
    seats = []
    while prompts := GAME.pending(state):
        (prompt,) = prompts
        seats.append(prompt.seats[0])
        state, _ = GAME.apply(state, random_action(GAME, state, prompt, prompt.seats[0], 5))
    assert seats == [2, 0, 1] * 7
    assert all(cell is not None and cell[0] != FLAG for cell in state.board)
    outcome = GAME.outcome(state)
    assert outcome is not None and sum(outcome.scores) == sum(
        c[1]
        for i, c in enumerate(state.board)
        if c and SQUARES[i][0] in "bcd" and SQUARES[i][1] in "234"
    )


def test_hidden_game_hides_cards_hands_and_values_until_the_end() -> None:
    state = flag(new(hidden=True), B, "c3")
    (prompt,) = GAME.pending(state)
    assert not prompt.public_options
    first, events = GAME.apply(
        state, Action(seat=R, move="push", args={"card": 7, "entry": "down-c"})
    )
    second, _ = GAME.apply(state, Action(seat=R, move="push", args={"card": 2, "entry": "down-c"}))
    public = [e for e in events if e.to is None]
    assert [e.type for e in public] == ["pushed_hidden"]
    assert public[0].data == {"seat": R, "entry": "down-c", "square": "c1", "arrow": "↓"}
    private = [e for e in events if e.to is not None]
    assert [(e.type, e.to, e.data["card"]) for e in private] == [("pushed_own", (R,), 7)]
    for seat in (None, B):
        assert GAME.view(first, seat) == GAME.view(second, seat), seat
    view = GAME.view(first, B)
    assert {sq.kind for sq in view.board} == {"empty", "face_down"}
    assert all(sq.seat is None and sq.value is None for sq in view.board)
    assert view.hands == (None, tuple(range(1, 11))) and view.hand_sizes == (9, 10)
    assert view.scores is None and view.pushes[0].card is None
    own = GAME.view(first, R)
    assert own.hands[R] == (1, 2, 3, 4, 5, 6, 8, 9, 10) and own.hands[B] is None
    assert all(sq.value is None for sq in own.board)  # not even the owner sees it
    assert render_png("senator", GAME.public_view(first), ["A", "B"]) == render_png(
        "senator", GAME.public_view(second), ["A", "B"]
    )
    final, _ = play_out(GAME, first, seed=3, smart=(False, False))
    end = GAME.view(final, B)
    assert {sq.kind for sq in end.board} == {"card", "flag"}
    assert end.scores == GAME.outcome(final).scores  # type: ignore[union-attr]
    assert all(p.card is not None for p in end.pushes)


def test_hidden_three_player_game_plays_out() -> None:
    for seed in range(5):
        state = GAME.setup(SenatorOptions(hidden=True), 3, seed)
        final, actions = play_out(GAME, state, seed, smart=(True, False, True))
        assert len(actions) == 21 and GAME.outcome(final) is not None, seed


def test_open_game_view_shows_everything_and_private_lines_list_the_hand() -> None:
    state = push(flag(new(), B, "c3"), R, 10, "down-c")
    view = GAME.view(state, None)
    assert view.hands == (tuple(range(1, 10)), tuple(range(1, 11)))
    assert view.board[INDEX["c1"]].value == 10 and view.pushes[0].card == 10
    assert GAME.own_lines(state, R)[0].args == {"cards": "1, 2, 3, 4, 5, 6, 7, 8, 9"}


# AI and rendering ------------------------------------------------------------------------


def _slow(*values: object) -> object:
    return pytest.param(*values, marks=pytest.mark.slow)


@pytest.mark.parametrize(
    ("seats", "options", "games"),
    [
        (2, {}, 30),
        (2, {"hidden": True}, 20),
        (2, {"flag_effect": "neutralize"}, 20),
        (3, {}, 20),
        _slow(2, {}, 200),
        _slow(2, {"hidden": True}, 60),
        _slow(2, {"flag_effect": "neutralize"}, 60),
        _slow(3, {}, 60),
    ],
)
def test_ai_beats_random(seats: int, options: dict, games: int) -> None:
    """Seeds 0..games-1: a 20-30-game sample by default, the full runs under -m slow."""
    wins = 0
    for seed in range(games):
        state = GAME.setup(SenatorOptions(**options), seats, seed)
        final, _ = play_out(GAME, state, seed, (True,) + (False,) * (seats - 1))
        wins += GAME.outcome(final).winners == (R,)  # type: ignore[union-attr]
    rate = wins / games
    print(f"senator AI vs random ({seats} players, {options or 'base'}, {games} games): {rate:.0%}")
    assert rate >= 0.6, f"{seats} players {options} seeds 0..{games - 1}: {rate:.0%}"


def test_board_image_renders_through_random_games() -> None:
    for seed, (seats, options) in enumerate(
        [(2, {}), (2, {"hidden": True}), (3, {}), (2, {"flag_effect": "double_and_stairs"})]
    ):
        state = GAME.setup(SenatorOptions(**options), seats, seed)
        names = ["Alice", "Bob", "Chiyo"][:seats]
        for step in range(30):
            png = render_png("senator", GAME.public_view(state), names)
            assert png.startswith(b"\x89PNG"), (seed, step)
            if not GAME.pending(state):
                break
            (prompt,) = GAME.pending(state)
            state, _ = GAME.apply(state, random_action(GAME, state, prompt, prompt.seats[0], step))
