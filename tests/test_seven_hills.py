"""Die Sieben Hügel Roms: the spec's worked examples (rules/seven-hills.md §10), error codes,
every variant, hidden information, the AI and the board image."""

from __future__ import annotations

from typing import Any

import pytest

from engine.ai import ai_seed, choose_action, play_out, random_action
from engine.core import Action, IllegalInput, Kind
from engine.games.seven_hills import SevenHills
from engine.games.seven_hills.estimate import HORIZON, estimate
from engine.games.seven_hills.hill import hill_winner
from engine.games.seven_hills.state import (
    FLAG,
    GameResult,
    Hill,
    SevenHillsOptions,
    SevenHillsState,
)
from engine.i18n import Localizer
from engine.registry import get_game
from engine.search import rollout
from render import render_png

GAME: SevenHills = get_game("seven_hills")  # type: ignore[assignment]
R, B = 0, 1


def new(start: int = R, seed: int = 1, **options: Any) -> SevenHillsState:
    state = GAME.setup(SevenHillsOptions(**options), 2, seed=seed)
    return state.model_copy(update={"start": start, "turn": start})


def action(move: str) -> Action:
    who, card, hill = move.split()
    value: int | str = card if card == "flag" else int(card)
    return Action(seat=R if who == "R" else B, move="play", args={"card": value, "hill": int(hill)})


def play(state: SevenHillsState, move: str) -> tuple[SevenHillsState, list]:
    before = state.model_dump_json()
    after, events = GAME.apply(state, action(move))
    assert state.model_dump_json() == before, f"{move} mutated its input state"
    return after, events


def run(state: SevenHillsState, moves: str) -> tuple[SevenHillsState, list]:
    events: list = []
    for move in moves.split(","):
        state, new_events = play(state, move.strip())
        events += new_events
    return state, events


def values(state: SevenHillsState, hill: int, seat: int) -> list[int]:
    return [v for v, _ in state.hills[hill - 1].cards[seat]]


def faces(state: SevenHillsState, hill: int, seat: int) -> list[bool]:
    return [up for _, up in state.hills[hill - 1].cards[seat]]


def rejects(state: SevenHillsState, move: Action | str, code: str) -> None:
    act = action(move) if isinstance(move, str) else move
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, act)
    assert error.value.code == code, (move, error.value.code)
    assert state.model_dump_json() == before


# §10 Example 1 -------------------------------------------------------------------------------

EXAMPLE_1 = [
    "R 9 7",
    "B 8 6",
    "R 1 1",
    "B 2 7",
    "R 7 6",
    "B 9 5",
    "R 5 4",
    "B 7 3",
    "R 6 2",
    "B 1 4",
    "R 8 5",
    "B 6 2",
    "R 4 3",
    "B 5 7",
    "R 3 1",
    "B 3 4",
    "R 2 5",
    "B 4 4",
]
REVEALING = {"B 2 7": 7, "R 7 6": 6, "B 1 4": 4, "R 8 5": 5, "B 6 2": 2, "R 4 3": 3}


def test_example_1_reveals_when_the_second_tribe_arrives() -> None:
    state = new(R)
    for move in EXAMPLE_1[:-1]:
        state, events = play(state, move)
        revealed = [e.data["hill"] for e in events if e.type == "revealed"]
        assert revealed == ([REVEALING[move]] if move in REVEALING else []), move
    # Hill 1 was never contested: Red's 1 and 3 are still face down before the last play.
    assert values(state, 1, R) == [1, 3] and faces(state, 1, R) == [False, False]
    assert not state.hills[0].revealed
    assert all(state.hills[n - 1].revealed for n in range(2, 8))
    state, events = play(state, EXAMPLE_1[-1])
    assert [e.data["hill"] for e in events if e.type == "end_revealed"] == [1]
    assert state.phase == "over" and GAME.pending(state) == []


def test_example_1_settlement_table_and_scores() -> None:
    state, events = run(new(R), ", ".join(EXAMPLE_1))
    table = {
        1: ([1, 3], [], R),
        2: ([6], [6], R),
        3: ([4], [7], B),
        4: ([5], [1, 3, 4], B),
        5: ([8, 2], [9], R),
        6: ([7], [8], B),
        7: ([9], [2, 5], R),
    }
    result = state.results[-1]
    for hill, (red, blue, winner) in table.items():
        assert values(state, hill, R) == red, hill
        assert values(state, hill, B) == blue, hill
        assert result.winners[hill - 1] == winner, hill
    assert result.scores == (15, 13)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (15, 13) and outcome.winners == (R,)
    assert events[-1].type == "game_over" and events[-1].data["seats"] == [R]


def test_example_1_blocked_hill() -> None:
    state, _ = run(new(R), ", ".join(EXAMPLE_1[:7]))  # ... R 5 4
    rejects(state, "B 7 4", "hill_blocked")
    state, _ = play(state, "B 7 3")
    rejects(state, "R 6 3", "hill_blocked")
    state, _ = play(state, "R 6 4")  # a player may reuse the hill they themselves used last


def test_first_play_of_the_game_is_free() -> None:
    for hill in range(1, 8):
        play(new(B), f"B 5 {hill}")


# §10 Example 2: no_repeat_values -------------------------------------------------------------


def test_example_2_no_repeat_values() -> None:
    state, _ = run(new(R, no_repeat_values=True), "R 4 2, B 6 5, R 7 3")
    state, events = play(state, "B 4 2")  # same value on an unrevealed hill: accepted
    assert [e.type for e in events] == ["revealed", "repeat_removed"]
    assert state.hills[1].revealed
    assert values(state, 2, R) == [4] and faces(state, 2, R) == [True]
    assert values(state, 2, B) == []
    assert [(r.seat, r.hill, r.value) for r in state.removed] == [(B, 2, 4)]
    assert state.turn == R
    rejects(state, "R 8 2", "hill_blocked")  # the just-revealed hill stays blocked
    state, events = play(state, "R 8 5")
    assert events[0].type == "revealed" and values(state, 5, B) == [6]
    state, events = play(state, "B 1 3")
    assert events[0].type == "revealed" and values(state, 3, R) == [7]
    state, events = play(state, "R 2 5")
    assert events[0].type == "placed_up" and faces(state, 5, R) == [True, True]
    rejects(state, "B 8 5", "hill_blocked")
    state, _ = play(state, "B 8 2")
    assert values(state, 2, B) == [8] and faces(state, 2, B) == [True]
    rejects(state, "R 6 5", "value_taken")
    state, _ = play(state, "R 6 3")


# §10 Example 3: barricades -------------------------------------------------------------------


def test_example_3_barricades() -> None:
    state, _ = run(new(R, barricades=True), "R flag 1, B 5 3, R 6 1, B 9 2")
    assert values(state, 1, R) == [FLAG, 6] and faces(state, 1, R) == [False, False]
    state, events = play(state, "R 8 3")
    assert events[0].type == "revealed" and values(state, 3, B) == [5]
    state, events = play(state, "B 7 1")
    assert [e.type for e in events] == ["revealed", "barricade"]
    assert values(state, 1, R) == [] and values(state, 1, B) == [7]
    assert state.hills[0].revealed
    assert [(r.seat, r.hill, r.value) for r in state.removed] == [(R, 1, FLAG), (R, 1, 6)]
    state, events = play(state, "R 3 2")
    assert events[0].type == "revealed" and values(state, 2, B) == [9]
    state, events = play(state, "B flag 3")
    assert [e.type for e in events] == ["placed_up", "guard_set"]
    assert state.hills[2].guard == B
    rejects(state, "R 2 3", "hill_blocked")
    state, _ = play(state, "R 2 4")
    state, events = play(state, "B 4 3")  # nullified by Blue's own guard
    assert [e.type for e in events] == ["placed_up", "barricade"]
    assert values(state, 3, B) == [5] and values(state, 3, R) == [8]
    assert state.hills[2].guard is None
    assert [(r.seat, r.value) for r in state.removed[2:]] == [(B, FLAG), (B, 4)]


def test_example_3_alternative_flag_as_last_card_takes_the_trigger() -> None:
    state, _ = run(new(R, barricades=True), "R flag 1, B 5 3, R 8 4")
    state, events = play(state, "B 7 1")
    assert [e.type for e in events] == ["revealed", "barricade"]
    assert values(state, 1, R) == [] and values(state, 1, B) == []
    assert state.hills[0].revealed
    assert [(r.seat, r.value) for r in state.removed] == [(R, FLAG), (B, 7)]


def test_two_flags_in_a_row_nullify_each_other() -> None:
    state, _ = run(new(R, barricades=True), "R 5 1, B 2 2, R 3 3, B 6 1, R 4 4, B 1 5")
    state, events = play(state, "R flag 1")
    assert state.hills[0].guard == R and [e.type for e in events] == ["placed_up", "guard_set"]
    state, events = run(state, "B 7 7, R 8 6, B flag 1")
    assert events[-1].type == "barricade"
    assert values(state, 1, R) == [5] and values(state, 1, B) == [6]
    assert state.hills[0].guard is None


def test_revealing_flag_becomes_a_guard_unless_it_was_caught() -> None:
    state, _ = run(new(R, barricades=True), "R 5 1, B 2 2, R 3 3, B flag 1")
    assert [v for v, _ in state.hills[0].cards[B]] == [FLAG] and state.hills[0].guard == B
    # The owner's followed flag takes the owner's next card; the revealing flag survives.
    state, _ = run(new(R, barricades=True), "R flag 1, B 2 2, R 5 1, B 3 3, R 4 4, B flag 1")
    assert values(state, 1, R) == [] and values(state, 1, B) == [FLAG]
    assert state.hills[0].guard == B
    # The owner's last-card flag and a revealing flag nullify each other.
    state, _ = run(new(R, barricades=True), "R flag 1, B 2 2, R 3 3, B flag 1")
    assert values(state, 1, R) == [] and values(state, 1, B) == []
    assert state.hills[0].guard is None and state.hills[0].revealed


def test_end_of_game_flags_and_flag_only_hill() -> None:
    state = new(R, barricades=True)
    hills = list(state.hills)
    hills[0] = Hill(cards=(((FLAG, False), (9, False), (2, False)), ()))  # followed: flag + 9 go
    hills[1] = Hill(cards=(((4, False), (FLAG, False)), ()))  # last: the flag stays
    hills[2] = Hill(cards=((), ((FLAG, False),)))  # a flag alone takes nothing
    state = state.model_copy(update={"hills": tuple(hills), "hands": ((1,), (3,))})
    state, _ = run(state, "R 1 7, B 3 6")
    assert values(state, 1, R) == [2] and values(state, 2, R) == [4, FLAG]
    assert values(state, 3, B) == [FLAG]
    assert [(r.seat, r.hill, r.value) for r in state.removed] == [(R, 1, FLAG), (R, 1, 9)]
    assert state.results[-1].winners[:3] == (R, R, None)
    assert state.results[-1].scores == (1 + 2 + 7, 6)


# §10 Example 4 and the settlement rules ------------------------------------------------------


@pytest.mark.parametrize(
    ("red", "blue", "winner"),
    [
        ([8], [7, 6], R),
        ([5, 3], [5, 2], R),
        ([4], [4, 1], B),
        ([9, 2], [9, 2], "start"),
        ([6, FLAG], [6], R),
    ],
)
def test_example_4_highest_card(red, blue, winner) -> None:
    for start in (R, B):
        expected = start if winner == "start" else winner
        assert hill_winner((red, blue), start, highest=True) == expected


@pytest.mark.parametrize(
    ("red", "blue", "start", "winner"),
    [
        ([], [], R, None),
        ([FLAG], [], R, None),
        ([FLAG], [FLAG], B, None),
        ([FLAG], [1], R, B),
        ([1, 3], [], B, R),
        ([6], [6], B, B),
        ([8, 2], [9], B, R),
        ([8], [7, 6], R, B),
    ],
)
def test_sum_settlement(red, blue, start, winner) -> None:
    assert hill_winner((red, blue), start, highest=False) == winner


def test_highest_card_variant_settles_a_whole_game() -> None:
    state, _ = run(new(R, highest_card=True), ", ".join(EXAMPLE_1))
    # Hill 4: Red {5} vs Blue {4, 3, 1}: Red now; hill 7: Red {9} vs Blue {5, 2}: Red.
    assert state.results[-1].winners == (R, R, B, R, B, B, R)
    assert state.results[-1].scores == (1 + 2 + 4 + 7, 3 + 5 + 6)


# Errors --------------------------------------------------------------------------------------


def test_error_codes_in_spec_order() -> None:
    state, _ = run(new(R, no_repeat_values=True), "R 4 2, B 6 5, R 7 3")
    rejects(state, Action(seat=2, move="play", args={"card": 1, "hill": 1}), "not_a_player")
    rejects(state, Action(seat=B, move="pass", args={}), "unknown_move")
    rejects(state, "R 9 9", "not_your_turn")  # before card_not_in_hand and bad_hill
    rejects(state, "B 6 9", "card_not_in_hand")  # played already; before bad_hill
    rejects(state, "B flag 1", "card_not_in_hand")  # no flag without barricades
    for card in (True, "5", 10, None, 0):
        rejects(
            state, Action(seat=B, move="play", args={"card": card, "hill": 1}), "card_not_in_hand"
        )
    for hill in (0, 8, "1", True, None):
        rejects(state, Action(seat=B, move="play", args={"card": 5, "hill": hill}), "bad_hill")
    state, _ = run(state, "B 2 4, R 8 5")  # reveals hill 5: B 6, R 8
    rejects(state, "B 8 5", "hill_blocked")
    state, _ = play(state, "B 1 3")  # reveals hill 3: R 7, B 1
    rejects(state, "R 6 5", "value_taken")
    play(state, "R 1 5")
    finished, _ = run(new(R), ", ".join(EXAMPLE_1))
    rejects(finished, "R 9 1", "game_over")
    rejects(finished, Action(seat=R, move="nope"), "unknown_move")


def test_hill_blocked_is_checked_before_value_taken() -> None:
    state, _ = run(new(R, no_repeat_values=True), "R 4 2, B 6 5, R 7 3, B 1 1, R 8 5")
    rejects(state, "B 8 5", "hill_blocked")


def test_setup_rejections() -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.setup(SevenHillsOptions(barricades=True, no_repeat_values=True), 2, 1)
    assert error.value.code == "incompatible_options"
    for seats in (1, 3):
        with pytest.raises(IllegalInput) as error:
            GAME.setup(SevenHillsOptions(), seats, 1)
        assert error.value.code == "bad_seat_count"
    with pytest.raises(IllegalInput, match="unknown_option"):
        GAME.parse_options({"no_such_variant": True})


def test_start_player_comes_from_the_seed() -> None:
    starts = {GAME.setup(SevenHillsOptions(), 2, seed).start for seed in range(20)}
    assert starts == {R, B}
    state = GAME.setup(SevenHillsOptions(), 2, 5)
    assert state.turn == state.start and GAME.pending(state)[0].seats == (state.start,)


# Variants ------------------------------------------------------------------------------------


def test_series_second_game_switches_start_player_and_totals_count() -> None:
    state, events = run(new(R, series=True), ", ".join(EXAMPLE_1))
    assert state.phase == "play" and state.game == 2
    assert state.start == B and state.turn == B
    assert state.hands == (tuple(range(1, 10)),) * 2
    assert all(not h.revealed and h.cards == ((), ()) for h in state.hills)
    assert state.results == (GameResult(start=R, scores=(15, 13), winners=(R, R, B, B, R, B, R)),)
    assert [e.type for e in events[-2:]] == ["game_scored", "game_started"]
    assert events[-2].data["seat"] == R  # the line names who took game 1
    assert GAME.outcome(state) is None
    assert GAME.pending(state)[0].key == "g2.p0.play"
    # Game 2 with the same plays, mirrored seats: Blue (now starting) wins 15-13.
    mirrored = ", ".join(("B" if m[0] == "R" else "R") + m[1:] for m in EXAMPLE_1)
    state, events = run(state, mirrored)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (28, 28)
    assert outcome.winners == (R, B) and outcome.reason is not None
    assert outcome.reason.key == "reason.draw"
    assert events[-1].type == "game_drawn"


def test_single_game_draw() -> None:
    state = new(R)
    hills = [
        Hill(cards=((), ((1, False),))),
        Hill(cards=((), ((2, False),))),
        Hill(cards=(((3, False),), ())),
        Hill(cards=(((4, False),), ())),
        Hill(cards=((), ((5, False),))),
        Hill(cards=((), ((6, False),))),
        Hill(cards=(((7, False),), ())),
    ]
    state = state.model_copy(update={"hills": tuple(hills), "hands": ((8,), (9,))})
    state, events = run(state, "R 8 3, B 9 5")
    assert state.results[-1].scores == (14, 14)
    assert events[-1].type == "game_drawn"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.ranks == (1, 1)


def test_open_hands_plays_face_up_and_shows_hands() -> None:
    state = new(R, open_hands=True, no_repeat_values=True)
    assert all(h.revealed for h in state.hills)
    prompt = GAME.pending(state)[0]
    assert prompt.public_options
    state, events = play(state, "R 5 3")
    assert events[0].type == "placed_up" and faces(state, 3, R) == [True]
    state, _ = run(state, "B 4 4, R 1 1, B 2 2")
    rejects(state, "R 4 4", "value_taken")  # rejected up front, no reveal step
    view = GAME.view(state, None)
    assert view.open_hand_cards == state.hands
    assert view.hills[2].cards[0][0].value == 5


def test_open_hands_with_barricades_flag_is_a_guard_at_once() -> None:
    state, events = run(new(R, open_hands=True, barricades=True), "R flag 5")
    assert state.hills[4].guard == R and events[-1].type == "guard_set"
    state, events = run(state, "B 1 1, R 2 2")
    state, events = play(state, "B 9 5")
    assert values(state, 5, R) == [] and values(state, 5, B) == []
    assert [e.type for e in events] == ["placed_up", "barricade"]


# Prompts, hidden information, private lines --------------------------------------------------


def test_prompt_offers_hand_and_unblocked_hills() -> None:
    state = new(R, barricades=True)
    prompt = GAME.pending(state)[0]
    assert prompt.kind == Kind.TURN and prompt.seats == (R,) and not prompt.public_options
    cards, hills = prompt.fields
    assert [c.value for c in cards.options] == ["flag", *range(1, 10)]
    assert [c.value for c in hills.options] == list(range(1, 8))
    state, _ = play(state, "R 3 4")
    prompt2 = GAME.pending(state)[0]
    assert prompt2.key != prompt.key and prompt2.seats == (B,)
    assert [c.value for c in prompt2.fields[1].options] == [1, 2, 3, 5, 6, 7]
    assert prompt2.text.key == "prompt.play_blocked"


def test_face_down_values_stay_hidden_from_opponent_and_public() -> None:
    state, events = run(new(R), "R 9 7, B 8 6, R 1 1")
    placed = [e for e in events if e.type.startswith("placed_hidden")]
    assert all("card" not in e.data for e in placed if e.to is None)
    assert all(e.to == (e.data["seat"],) for e in placed if "card" in e.data)
    public, blue, red = GAME.view(state, None), GAME.view(state, B), GAME.view(state, R)
    assert [c.value for c in public.hills[6].cards[R]] == [None]
    assert [c.value for c in blue.hills[6].cards[R]] == [None]
    assert [c.value for c in red.hills[6].cards[R]] == [9]  # the owner may look
    assert [c.value for c in red.hills[5].cards[B]] == [None]
    assert (
        public.hand is None
        and blue.hand == (1, 2, 3, 4, 5, 6, 7, 9)
        and public.open_hand_cards is None
    )
    lines = GAME.own_lines(state, R)
    assert lines[0].key == "private.hand"
    assert {(m.args["hill"], m.args["cards"]) for m in lines[1:]} == {(1, "1"), (7, "9")}


def _swap_hidden(state: SevenHillsState, seat: int) -> SevenHillsState | None:
    """The same public situation with one face-down card of `seat` exchanged for a hand card."""
    for index, hill in enumerate(state.hills):
        for pos, (value, up) in enumerate(hill.cards[seat]):
            others = [v for v in state.hands[seat] if v != value]
            if up or not others:
                continue
            other = others[0]
            side = list(hill.cards[seat])
            side[pos] = (other, False)
            cards = list(hill.cards)
            cards[seat] = tuple(side)
            hills = list(state.hills)
            hills[index] = hill.model_copy(update={"cards": tuple(cards)})
            hands = list(state.hands)
            hands[seat] = tuple(sorted([*(v for v in hands[seat] if v != other), value]))
            return state.model_copy(update={"hills": tuple(hills), "hands": tuple(hands)})
    return None


@pytest.mark.parametrize("options", [{}, {"barricades": True}, {"no_repeat_values": True}])
def test_hidden_values_never_change_other_views(options) -> None:
    checked = 0
    for seed in range(6):
        state = GAME.setup(SevenHillsOptions(**options), 2, seed)
        step = 0
        while GAME.pending(state):
            for seat in (R, B):
                other = _swap_hidden(state, seat)
                if other is None:
                    continue
                for viewer in (None, 1 - seat):
                    assert GAME.view(state, viewer) == GAME.view(other, viewer), (seed, step)
                opp = 1 - seat
                if state.turn == opp:
                    assert GAME.pending(state) == GAME.pending(other), (seed, step)
                checked += 1
            prompt = GAME.pending(state)[0]
            act = choose_action(
                GAME, state, prompt, prompt.seats[0], ai_seed(seed, step, 0), smart=False
            )
            state, _ = GAME.apply(state, act)
            step += 1
    assert checked > 50


# AI ------------------------------------------------------------------------------------------


def _ai_rate(options: dict[str, Any], games: int) -> float:
    wins = 0
    for seed in range(games):
        state = GAME.setup(SevenHillsOptions(**options), 2, seed)
        final, _ = play_out(GAME, state, seed, smart=(True, False))
        outcome = GAME.outcome(final)
        assert outcome is not None, f"seed {seed}"
        wins += outcome.winners == (R,)
    return wins / games


@pytest.mark.parametrize(
    "games", [30, pytest.param(200, marks=pytest.mark.slow)], ids=["sample", "full"]
)
def test_ai_beats_random(games: int) -> None:
    """Seeds 0..games-1; the default suite plays a 30-game sample, -m slow the full 200."""
    rate = _ai_rate({}, games)
    print(f"seven_hills AI vs random ({games} games, sole wins): {rate:.0%}")
    assert rate >= 0.6, f"seeds 0..{games - 1}: AI sole win rate {rate:.0%}"


@pytest.mark.parametrize(
    "games", [20, pytest.param(30, marks=pytest.mark.slow)], ids=["sample", "full"]
)
@pytest.mark.parametrize(
    "options",
    [
        {"no_repeat_values": True},
        {"barricades": True},
        {"highest_card": True},
        {"open_hands": True, "highest_card": True},
        {"series": True, "barricades": True},
    ],
)
def test_ai_beats_random_in_variants(options, games: int) -> None:
    rate = _ai_rate(options, games)
    print(f"seven_hills AI vs random {options} ({games} games, sole wins): {rate:.0%}")
    assert rate >= 0.6, f"{options} seeds 0..{games - 1}: {rate:.0%}"


def test_ai_only_uses_its_own_view_and_plays_legally() -> None:
    state = new(R, barricades=True)
    for step in range(20):
        prompt = GAME.pending(state)[0]
        seat = prompt.seats[0]
        act = GAME.ai_action(GAME.view(state, seat), prompt, seat, ai_seed(3, step, seat))
        assert act is not None
        state, _ = GAME.apply(state, act)  # raises if illegal
    assert GAME.outcome(state) is not None


# Board image ---------------------------------------------------------------------------------


def test_render_across_a_game_and_hidden_values_do_not_change_the_png() -> None:
    names = ["Alice", "Bob"]
    seed = 0
    state = GAME.setup(SevenHillsOptions(barricades=True), 2, seed)
    sample = None
    step = 0
    while GAME.pending(state):
        png = render_png("seven_hills", GAME.public_view(state), names)
        assert png.startswith(b"\x89PNG"), step
        for seat in (R, B):
            other = _swap_hidden(state, seat)
            if other is not None:
                assert render_png("seven_hills", GAME.public_view(other), names) == png, step
        if step == 18:
            sample = png
        prompt = GAME.pending(state)[0]
        act = choose_action(
            GAME, state, prompt, prompt.seats[0], ai_seed(seed, step, prompt.seats[0]), smart=False
        )
        state, _ = GAME.apply(state, act)
        step += 1
    assert render_png("seven_hills", GAME.public_view(state), names).startswith(b"\x89PNG")
    assert sample is not None
    assert sample.startswith(b"\x89PNG")


def test_render_variants_and_series() -> None:
    for options in ({"series": True}, {"open_hands": True, "highest_card": True}):
        state = GAME.setup(SevenHillsOptions(**options), 2, 4)
        final, _ = play_out(GAME, state, 4, smart=(True, False))
        png = render_png("seven_hills", GAME.public_view(final), ["A", "B"])
        assert png.startswith(b"\x89PNG"), options


def test_each_series_game_says_who_took_it_or_that_it_was_a_draw() -> None:
    lines: dict[str, str] = {}
    for seed in range(40):  # fixed seeds; the first draws within a handful
        state = GAME.setup(GAME.parse_options({"series": True}), 2, seed)
        while GAME.outcome(state) is None:
            prompt = GAME.pending(state)[0]
            action = random_action(GAME, state, prompt, prompt.seats[0], seed)
            state, events = GAME.apply(state, action)
            for event in events:
                if event.type in ("game_scored", "game_scored_draw"):
                    lines[event.type] = Localizer().event("en", event, GAME, ["Red", "Blue"])
        if len(lines) == 2:
            break
    assert lines["game_scored_draw"].endswith("this game is a draw."), lines
    assert lines["game_scored"].endswith(("Red wins this game.", "Blue wins this game.")), lines


def test_the_series_line_on_the_board_names_each_games_winner_or_a_draw() -> None:
    from render.common import Labels
    from render.seven_hills import _verdict

    english, japanese = Labels(GAME.strings, "en"), Labels(GAME.strings, "ja")
    assert _verdict((10, 5), english) == " (A wins)"
    assert _verdict((5, 5), english) == " (draw)"
    assert _verdict((3, 7), japanese) == "（Bの勝ち）"


@pytest.mark.parametrize("options", [{}, {"barricades": True}, {"series": True}])
def test_hard_ai_cuts_only_a_series_second_game(options: dict[str, Any]) -> None:
    """The search's horizon plays a whole single game out; only a series is cut, in game 2,
    and the cut is scored for the side that leads the series."""
    for seed in range(4):
        end = rollout(GAME, new(seed=seed, **options), seed, "random", HORIZON)
        assert isinstance(end, SevenHillsState)
        if not options.get("series"):
            assert GAME.outcome(end) is not None, f"seed {seed}"
            continue
        assert GAME.outcome(end) is None and end.game == 2, f"seed {seed}"
        first = end.results[0].scores
        leader = 0 if first[0] > first[1] else 1
        assert estimate(end, leader) >= 0.5 >= estimate(end, 1 - leader), f"seed {seed}"
