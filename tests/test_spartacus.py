"""Spartacus: the spec's worked examples (rules/spartacus.md §10), error codes, variants, views,
the AI against the random baseline, and the board image."""

from __future__ import annotations

import pytest

from engine.ai import play_out, random_action
from engine.core import Action, IllegalInput, Kind
from engine.games.spartacus import Spartacus
from engine.games.spartacus.cards import FLAG, pile_value
from engine.games.spartacus.rules import game_scores
from engine.games.spartacus.sampler import sample
from engine.games.spartacus.state import SpartacusOptions, SpartacusState
from engine.registry import get_game
from engine.rng import Rng
from render import render_png

GAME: Spartacus = get_game("spartacus")  # type: ignore[assignment]
A, B, C, D, E = range(5)
LETTERS = "ABCDE"

EXAMPLE_2 = (
    "A:1 B:flag C:pass",
    "B:10 C:9 A:8 B:7 C:pass A:5 B:pass",
    "B:9 C:8 A:7 B:6 C:pass A:4 B:3 A:2 B:pass",
    "B:8 C:7 A:6 B:5 C:4 A:3 B:2 C:1 A:flag B:pass",
    "A:10 B:4 C:3 A:pass B:1",
)


def new(seats: int, **options: object) -> SpartacusState:
    return GAME.setup(SpartacusOptions(**options), seats, seed=1)


def act(state: SpartacusState, token: str) -> tuple[SpartacusState, list]:
    """`"B:7"`, `"C:pass"`, `"A:flag"` or `"A:joker"`: one input through the prompt's move."""
    player, card = token.split(":")
    value: int | str = card if card in ("flag", "joker", "pass") else int(card)
    return GAME.apply(state, Action(seat=LETTERS.index(player), move="play", args={"card": value}))


def play(state: SpartacusState, tokens: str) -> tuple[SpartacusState, list]:
    events: list = []
    for token in tokens.split():
        state, new_events = act(state, token)
        events += new_events
    return state, events


def rejects(state: SpartacusState, token: str, code: str) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        act(state, token)
    assert error.value.code == code
    assert state.model_dump_json() == before


# Worked examples ----------------------------------------------------------------------


def test_example_1_flags_after_the_lowest_card_still_end_the_trick_at_the_leader() -> None:
    state, events = play(new(4), "A:8 B:flag C:5 D:pass A:flag")
    assert state.active == B and state.passed == (False, False, False, True)
    state, events = act(state, "B:pass")
    assert state.won[C] == ((8, FLAG, 5, FLAG),)
    assert pile_value(state.won[C][0], state) == 52
    assert state.trick == () and state.passed == (False,) * 4
    assert state.active == D
    assert [e.type for e in events] == ["passed", "trick_won", "trick_started"]
    assert events[-1].data == {"seat": D}


def test_example_2_complete_game() -> None:
    state = new(3)
    leaders = []
    for number, trick in enumerate(EXAMPLE_2[:4]):
        if number == 0:
            # a pass is legal in trick 1 once a number card is on the table
            state, _ = play(state, "A:1 B:flag")
            assert GAME.pending(state)[0].fields[0].options[-1].value == "pass"
            state, _ = act(state, "C:pass")
        else:
            if number == 3:
                mid, _ = play(state, "B:8 C:7 A:6")
                rejects(mid, "B:flag", "card_not_in_hand")  # B used the flag in trick 1
            state, _ = play(state, trick)
        leaders.append(state.active)
    assert leaders == [B, B, B, A]
    assert state.won == (
        ((1, FLAG), (10, 9, 8, 7, 5), (9, 8, 7, 6, 4, 3, 2)),
        (),
        ((8, 7, 6, 5, 4, 3, 2, 1, FLAG),),
    )
    assert [pile_value(p, state) for p in state.won[A]] == [2, 39, 39]
    assert pile_value(state.won[C][0], state) == 72
    mid, _ = play(state, "A:10 B:4 C:3")
    rejects(mid, "A:9", "not_lower")
    state, events = play(mid, "A:pass B:1")
    assert state.hands == ((9,), (), (FLAG, 2, 5, 6, 10))
    assert state.won[B] == ((10, 4, 3, 1),)
    assert game_scores(state) == (71, 18, 26)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (71, 18, 26) and outcome.winners == (A,)
    assert GAME.pending(state) == []
    assert [e.type for e in events][-3:] == ["final_seat", "game_ended", "game_over"]
    finals = [e.data for e in events if e.type == "final_seat"]
    assert finals[C]["penalty"] == 46 and finals[C]["score"] == 26
    assert finals[A]["tricks"] == "[1 ⚑]=2 / [10 9 8 7 5]=39 / [9 8 7 6 4 3 2]=39"


@pytest.mark.parametrize(
    ("options", "value"),
    [
        ({}, 4),
        ({"joker_penalty": True}, -16),
        ({"joker_voids_trick": True}, 0),
        ({"joker_penalty": True, "joker_voids_trick": True}, -20),
    ],
)
def test_example_3_jokers(options: dict, value: int) -> None:
    state, _ = play(new(4, flags_as_jokers=True, **options), "A:3 B:1 C:joker D:pass A:joker")
    rejects(state, "B:5", "not_lower")
    state, _ = play(state, "B:pass C:pass")
    assert state.won[A] == ((3, 1, FLAG, FLAG),)
    assert pile_value(state.won[A][0], state) == value
    assert state.active == B


def test_example_3_a_lower_number_beats_a_joker() -> None:
    state, _ = play(new(4, flags_as_jokers=True), "A:8 B:joker")
    rejects(state, "C:9", "not_lower")
    state, _ = play(state, "C:6 D:pass A:pass B:pass")
    assert state.won[C] == ((8, FLAG, 6),)
    assert pile_value(state.won[C][0], state) == 14
    assert state.active == D


# Errors -------------------------------------------------------------------------------


def test_play_error_codes_in_spec_order() -> None:
    state = new(3)
    rejects(state, "B:5", "not_your_turn")
    rejects(state, "A:pass", "must_play")
    state, _ = play(state, "A:flag")
    rejects(state, "B:pass", "must_play")  # a flag-only trick cannot be passed
    state, _ = play(state, "B:7")
    rejects(state, "C:8", "not_lower")
    rejects(state, "C:7", "not_lower")
    rejects(state, "A:9", "not_your_turn")  # before not_lower
    state, _ = play(state, "C:3")
    rejects(state, "A:flag", "card_not_in_hand")
    rejects(state, "A:11", "card_not_in_hand")
    rejects(state, "B:9", "not_your_turn")
    state, _ = play(state, "A:2 B:pass C:pass")  # A takes the trick
    assert state.active == B
    state, _ = play(state, "B:6")
    rejects(state, "C:3", "card_not_in_hand")  # before not_lower: C's 3 is gone and not lower
    for junk in ("x", None, True, 0, "3", [1]):
        with pytest.raises(IllegalInput) as error:
            GAME.apply(state, Action(seat=C, move="play", args={"card": junk}))
        assert error.value.code == "card_not_in_hand", junk


def test_game_over_comes_first() -> None:
    state = new(3)
    for trick in EXAMPLE_2:
        state, _ = play(state, trick)
    rejects(state, "A:9", "game_over")
    rejects(state, "C:2", "game_over")
    rejects(state, "B:pass", "game_over")


def test_pass_move_and_unknown_inputs() -> None:
    state, _ = play(new(3), "A:5")
    passed, events = GAME.apply(state, Action(seat=B, move="pass"))
    assert passed.passed[B] and events[0].type == "passed"
    with pytest.raises(IllegalInput) as error:
        GAME.apply(new(3), Action(seat=A, move="pass"))
    assert error.value.code == "must_play"
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=B, move="discard", args={"card": 3}))
    assert error.value.code == "unknown_move"
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=3, move="play", args={"card": 3}))
    assert error.value.code == "not_a_player"


@pytest.mark.parametrize(
    ("seats", "options", "code"),
    [
        (2, {}, "bad_seat_count"),
        (6, {}, "bad_seat_count"),
        (3, {"series_games": 0}, "bad_series_games"),
        (3, {"series_games": 21}, "bad_series_games"),
        (3, {"no_flags": True, "flags_as_jokers": True}, "jokers_without_flags"),
        (3, {"joker_penalty": True}, "joker_rule_without_jokers"),
        (4, {"joker_voids_trick": True}, "joker_rule_without_jokers"),
    ],
)
def test_rejected_configurations(seats: int, options: dict, code: str) -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.setup(GAME.parse_options(options), seats, 1)
    assert error.value.code == code
    assert f"error.{code}" in GAME.strings["en"]


def test_unknown_option_is_rejected() -> None:
    with pytest.raises((IllegalInput, ValueError)):  # pydantic's extra="forbid" answers first
        GAME.parse_options({"jokers": True})


# End of game --------------------------------------------------------------------------


def test_flag_only_trick_at_the_end_is_discarded() -> None:
    state = new(3).model_copy(update={"hands": ((FLAG,), (FLAG, 4), (2, 9))})
    state, events = act(state, "A:flag")
    assert state.phase == "over" and state.won == ((), (), ())
    assert "trick_discarded" in [e.type for e in events]
    assert game_scores(state) == (0, -8, -11)


def test_game_ends_mid_trick_and_the_leader_takes_it() -> None:
    state = new(3).model_copy(update={"hands": ((7, 8), (FLAG,), (1, 9))})
    state, _ = play(state, "A:7 B:flag")
    assert state.phase == "over"
    assert state.won[A] == ((7, FLAG),)
    assert game_scores(state) == (14 - 8, 0, -10)


def test_joker_game_end_goes_to_the_last_card_even_a_joker() -> None:
    state = new(3, flags_as_jokers=True).model_copy(update={"hands": ((7, 8), (FLAG,), (1, 9))})
    state, _ = play(state, "A:7 B:joker")
    assert state.won[B] == ((7, FLAG),)
    assert game_scores(state) == (-8, 7, -10)


# Variants -----------------------------------------------------------------------------


def test_no_flags_variant() -> None:
    state = new(3, no_flags=True)
    assert state.hands == (tuple(range(1, 11)),) * 3
    options = [c.value for c in GAME.pending(state)[0].fields[0].options]
    assert options == list(range(1, 11))
    rejects(state, "A:flag", "card_not_in_hand")
    state, _ = play(state, "A:6 B:pass C:pass")
    assert state.won[A] == ((6,),) and state.active == B
    state = state.model_copy(update={"hands": ((1,), (2, 3), (4, 5))})
    state, _ = play(state, "B:3 C:pass A:1")
    assert game_scores(state) == (6 + 4, -2, -9)


def test_jokers_pass_on_a_joker_lead_and_score_nothing() -> None:
    state = new(3, flags_as_jokers=True, joker_penalty=True)
    prompt = GAME.pending(state)[0]
    assert prompt.fields[0].options[0].label.key == "card.joker"
    state, _ = play(state, "A:joker")
    assert [c.value for c in GAME.pending(state)[0].fields[0].options][-1] == "pass"
    state, _ = play(state, "B:pass C:pass")
    assert state.won[A] == ((FLAG,),) and state.active == B
    assert pile_value((FLAG,), state) == -10
    state = state.model_copy(update={"hands": ((5,), (FLAG, 2), (9, 8))})
    state, _ = play(state, "B:2 C:pass A:pass")  # B takes; C leads
    state, _ = play(state, "C:9 A:pass B:joker")  # B's last card: the joker takes the trick
    assert state.phase == "over" and state.won[B] == ((2,), (9, FLAG))
    assert game_scores(state) == (-10 - 5, 2 + 9 - 10, -8)


def test_jokers_any_number_beats_a_led_joker() -> None:
    state, _ = play(new(4, flags_as_jokers=True), "A:joker B:10")
    assert state.trick == ((A, FLAG), (B, 10))
    state, _ = play(state, "C:pass D:pass A:pass")
    assert state.won[B] == ((FLAG, 10),) and state.active == C


def test_series_rotates_the_start_and_adds_up() -> None:
    state = new(3, series_games=2)
    first_key = GAME.pending(state)[0].key
    for trick in EXAMPLE_2:
        state, events = play(state, trick)
    assert state.phase == "play" and state.game_no == 2
    assert state.results == ((71, 18, 26),) and state.totals == (71, 18, 26)
    assert state.active == B and state.won == ((), (), ())
    assert state.hands == ((FLAG, *range(1, 11)),) * 3
    assert GAME.pending(state)[0].key != first_key
    types = [e.type for e in events]
    assert "game_ended" in types and types[-1] == "game_started" and "game_over" not in types
    assert events[-1].data == {"game": 2, "seat": B}
    assert GAME.outcome(state) is None
    state = state.model_copy(update={"hands": ((3, 4), (1, 2), (FLAG, 5, 6))})
    state, events = play(state, "B:2 C:flag A:pass C:5 A:3 B:1")
    assert state.phase == "over"
    assert state.results[1] == (-4, 2 * 2 + 9, -6)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (67, 31, 20) and outcome.winners == (A,)
    assert outcome.reason is not None and outcome.reason.key == "outcome.series"
    assert events[-1].type == "game_over"


def test_series_start_player_of_game_k() -> None:
    state = new(4, series_games=5)
    starts = []
    for _ in range(5):
        starts.append(state.active)
        state = state.model_copy(update={"hands": tuple((3,) for _ in range(4))})
        state, _ = act(state, f"{LETTERS[state.active]}:3")
    assert starts == [A, B, C, D, A]
    assert state.phase == "over" and len(state.results) == 5


# Prompts, views, private lines ---------------------------------------------------------


def test_prompt_lists_exactly_the_legal_cards_privately() -> None:
    state = new(3)
    prompt = GAME.pending(state)[0]
    assert prompt.kind == Kind.TURN and prompt.seats == (A,) and not prompt.public_options
    assert [c.value for c in prompt.fields[0].options] == ["flag", *range(1, 11)]
    state, _ = act(state, "A:4")
    again = GAME.pending(state)[0]
    assert again.key != prompt.key and again.key == GAME.pending(state)[0].key
    assert [c.value for c in again.fields[0].options] == ["flag", 1, 2, 3, "pass"]


def test_once_the_flag_is_played_the_prompt_no_longer_offers_it() -> None:
    state, _ = play(new(3), "A:1 B:flag C:pass B:9")  # B led the next trick after its flag
    state, _ = act(state, "C:8")
    state, _ = act(state, "A:7")
    prompt = GAME.pending(state)[0]
    assert prompt.seats == (B,) and "flag" not in [c.value for c in prompt.fields[0].options]
    assert prompt.text.key == "prompt.play_number"
    assert GAME.pending(play(new(3), "A:4")[0])[0].text.key == "prompt.play"


def test_views_hide_hands_and_piles_until_the_end() -> None:
    state, _ = play(new(3), "A:1 B:flag C:pass B:10")
    public = GAME.view(state, None)
    assert public.hand is None and public.won is None and public.final_hands is None
    assert public.tricks_won == (1, 0, 0) and public.hand_sizes == (10, 9, 11)
    assert public.trick == ((B, 10),) and public.leader == B and public.lowest == 10
    own = GAME.view(state, C)
    assert own.hand == (FLAG, *range(1, 11))
    assert GAME.view(state, A).hand == (FLAG, *range(2, 11))
    swapped = state.model_copy(
        update={"hands": ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10), *state.hands[1:])}
    )
    for seat in (None, B, C):
        assert GAME.view(swapped, seat) == GAME.view(state, seat), seat
    lines = GAME.own_lines(state, C)
    assert lines[0].key == "private.hand" and lines[0].args["cards"] == "⚑ 1 2 3 4 5 6 7 8 9 10"
    assert lines[1].key == "private.legal" and lines[1].args["cards"] == "⚑ 1 2 3 4 5 6 7 8 9"
    assert len(GAME.own_lines(state, A)) == 1
    for trick in EXAMPLE_2:
        state = new(3) if trick == EXAMPLE_2[0] else state
        state, _ = play(state, trick)
    final = GAME.view(state, None)
    assert final.won == state.won and final.final_hands == state.hands and final.active is None


def test_views_list_the_cards_each_seat_has_played_as_a_card_counter_knows_them() -> None:
    state, _ = play(new(3), "A:1 B:flag C:pass B:10 C:9 A:8")
    assert GAME.view(state, None).played == ((1, 8), (FLAG, 10), (9,))
    assert GAME.view(state, C).played == GAME.view(state, None).played
    stored = state.model_dump()
    del stored["played"]  # a game stored before the field existed
    assert SpartacusState.model_validate(stored).played == ((1, 8), (FLAG, 10), (9,))
    state, _ = play(new(3, series_games=2), " ".join(EXAMPLE_2))
    assert state.game_no == 2 and state.played == ((), (), ())


def test_the_hard_ai_knows_every_hand_and_draws_only_the_face_down_piles() -> None:
    state, _ = play(new(3), " ".join(EXAMPLE_2[:3]) + " B:8 C:7")
    taken = sorted(card for piles in state.won for pile in piles for card in pile)
    for k in range(8):
        drawn = sample(GAME.view(state, C), Rng(k))
        assert drawn.hands == state.hands, k
        assert sorted(card for piles in drawn.won for pile in piles for card in pile) == taken
        assert tuple(map(len, drawn.won)) == tuple(map(len, state.won))
        assert drawn.won[A][-1] == state.won[A][-1]  # the latest trick stays with its taker


def test_every_prompt_and_event_has_text() -> None:
    keys = set(GAME.strings["en"])
    for seed in range(6):
        state = GAME.setup(
            SpartacusOptions(series_games=2, flags_as_jokers=seed % 2 == 1), 3 + seed % 3, seed
        )
        while prompts := GAME.pending(state):
            prompt = prompts[0]
            assert prompt.text.key in keys and prompt.fields[0].label.key in keys
            assert all(c.label.key in keys for c in prompt.fields[0].options)
            action = random_action(GAME, state, prompt, prompt.seats[0], seed * 1000 + state.moves)
            state, events = GAME.apply(state, action)
            assert all(f"event.{e.type}" in keys for e in events), seed


# AI -----------------------------------------------------------------------------------


def ai_rate(games: int, **options: object) -> float:
    """Share of games AI seat 0 wins (shared wins count) against random seats, 3-5 players."""
    wins = 0
    for seed in range(games):
        seats = 3 + seed % 3
        state = GAME.setup(SpartacusOptions(**options), seats, seed)
        final, _ = play_out(GAME, state, seed, (True,) + (False,) * (seats - 1))
        outcome = GAME.outcome(final)
        assert outcome is not None, f"seed {seed}"
        wins += A in outcome.winners
    return wins / games


@pytest.mark.parametrize(
    "games", [30, pytest.param(200, marks=pytest.mark.slow)], ids=["sample", "full"]
)
def test_ai_beats_random(games: int) -> None:
    """Seeds 0..games-1; the default suite plays a 30-game sample, -m slow the full 200."""
    rate = ai_rate(games)
    print(f"spartacus AI vs random (3-5 players, {games} games, shared wins count): {rate:.0%}")
    assert rate >= 0.6, f"seeds 0..{games - 1}: {rate:.0%}"


@pytest.mark.parametrize(
    "games", [20, pytest.param(60, marks=pytest.mark.slow)], ids=["sample", "full"]
)
@pytest.mark.parametrize(
    "options",
    [
        {"no_flags": True},
        {"flags_as_jokers": True},
        {"flags_as_jokers": True, "joker_penalty": True, "joker_voids_trick": True},
    ],
)
def test_ai_beats_random_in_variants(options: dict, games: int) -> None:
    rate = ai_rate(games, **options)
    print(f"spartacus AI vs random with {options} ({games} games): {rate:.0%}")
    assert rate >= 0.6, f"{options} seeds 0..{games - 1}: {rate:.0%}"


# Board image --------------------------------------------------------------------------


NAMES = ["Alice", "Bob", "千代子", "Dimitri", "Eve"]


def test_board_renders_across_a_game_from_the_public_view() -> None:
    for seed, options in ((3, {}), (4, {"flags_as_jokers": True, "series_games": 2})):
        state = GAME.setup(SpartacusOptions(**options), 5, seed)
        step = 0
        while prompts := GAME.pending(state):
            if step % 7 == 0:
                png = render_png("spartacus", GAME.public_view(state), NAMES)
                assert png.startswith(b"\x89PNG"), f"seed {seed} step {step}"
            prompt = prompts[0]
            state, _ = GAME.apply(state, random_action(GAME, state, prompt, prompt.seats[0], step))
            step += 1
        assert render_png("spartacus", GAME.public_view(state), NAMES).startswith(b"\x89PNG")
    state = new(3)
    for trick in EXAMPLE_2[:3]:
        state, _ = play(state, trick)
    state, _ = play(state, "B:8 C:7 A:6 B:5 C:4 A:3 B:2 C:1 A:flag")
    assert render_png("spartacus", GAME.public_view(state), NAMES[:3]).startswith(b"\x89PNG")


def test_image_does_not_depend_on_hidden_hands() -> None:
    state, _ = play(new(4), "A:9 B:flag C:5")
    other = state.model_copy(
        update={"hands": (state.hands[0], (FLAG, 1, 2, 3, 4, 5, 6, 7, 8, 10), *state.hands[2:])}
    )
    first = render_png("spartacus", GAME.public_view(state), NAMES[:4])
    second = render_png("spartacus", GAME.public_view(other), NAMES[:4])
    assert first == second
    assert state.hands[1] != other.hands[1]
