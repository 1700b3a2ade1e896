"""Circus Maximus: the spec's worked examples, rejections, variants, track data, AI and board."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from PIL import Image

from engine.ai import play_out
from engine.core import Action, IllegalInput
from engine.data import load
from engine.games.circus_maximus import CircusMaximus
from engine.games.circus_maximus.rules import move_order
from engine.games.circus_maximus.state import Chariot, CircusState, CircusView
from engine.games.circus_maximus.track import TRACK, Drive, TrackError, build_track, drive
from render import render_png
from render.circus_maximus import _tag, tag_origin

GAME = CircusMaximus()
RED, BLUE, GREEN = 0, 1, 2


def options(**chosen: Any):
    return GAME.parse_options(chosen)


def start_number(cell: tuple[int, int]) -> int:
    return TRACK.starts.index(cell) + 1


def placement_state(seats: int, **chosen: Any) -> CircusState:
    """A fresh game whose start player is seat 0 (P1), as the examples assume."""
    state = GAME.setup(options(**chosen), seats, 1)
    clockwise = list(range(seats))
    return state.model_copy(
        update={"start": 0, "placing": tuple(clockwise + clockwise[::-1] + clockwise)}
    )


def race_state(
    seats: int, positions: dict[int, tuple[tuple[int, int], int, bool]], **chosen: Any
) -> CircusState:
    """Round 1 of a race with the chariots at `positions` (index -> cell, segment, finished)."""
    state = placement_state(seats, **chosen)
    chariots = tuple(
        Chariot(seat=i // 3, cell=cell, segment=segment, finished=finished)
        for i, (cell, segment, finished) in sorted(positions.items())
    )
    hand = (1, 2, 3, 4, 5, 6) if chosen.get("six_cards") else (1, 2, 3, 4, 5)
    return state.model_copy(
        update={
            "phase": "race",
            "round": 1,
            "chariots": chariots,
            "cards": tuple(hand for _ in range(seats)),
            "order": move_order(chariots),
        }
    )


def act(state: CircusState, seat: int, move: str, **args: Any) -> CircusState:
    state, _ = GAME.apply(state, Action(seat=seat, move=move, args=args))
    return state


def move(state: CircusState, seat: int, card: int, direction: str) -> CircusState:
    return act(act(state, seat, "card", card=card), seat, "drive", to=direction)


def rejected(state: CircusState, seat: int, move_name: str, code: str, **args: Any) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=seat, move=move_name, args=args))
    assert error.value.code == code, error.value.code
    assert state.model_dump_json() == before


def cell_of(state: CircusState, chariot: int) -> tuple[int, int] | None:
    return state.chariots[chariot].cell


# Example 1 — placement, first-round order, rejected moves ------------------------------------

R1, R2, R3, B1, B2, B3, G1, G2, G3 = range(9)
EXAMPLE_1 = [
    (RED, (16, 4)),
    (BLUE, (16, 2)),
    (GREEN, (15, 3)),
    (GREEN, (14, 4)),
    (BLUE, (15, 1)),
    (RED, (16, 0)),
    (RED, (12, 4)),
    (BLUE, (13, 3)),
    (GREEN, (12, 2)),
]


def example_1_placed(**chosen: Any) -> CircusState:
    state = placement_state(3, **chosen)
    for seat, cell in EXAMPLE_1:
        state = act(state, seat, "place", cell=start_number(cell))
    return state


def test_example_1_snake_placement_and_first_round_order() -> None:
    state = example_1_placed()
    assert state.phase == "race" and state.round == 1
    assert state.order == (R1, B1, R2, G1, B2, G2, B3, R3, G3)
    assert all(cards == (1, 2, 3, 4, 5) for cards in state.cards)


def test_example_1_placement_rejections() -> None:
    state = placement_state(3)
    state = act(state, RED, "place", cell=start_number((16, 4)))
    rejected(state, RED, "place", "not_your_turn", cell=1)  # Blue places next
    rejected(state, BLUE, "place", "cell_occupied", cell=start_number((16, 4)))
    rejected(state, BLUE, "place", "not_a_start_cell", cell=16)
    rejected(state, BLUE, "place", "not_a_start_cell", cell="(24,4)")


def test_an_input_of_the_other_phase_is_the_cores_wrong_phase_in_the_games_words() -> None:
    placing = placement_state(3)
    rejected(placing, RED, "card", "wrong_phase", card=5)
    rejected(placing, RED, "drive", "wrong_phase", to="E")
    racing = example_1_placed()
    rejected(racing, racing.chariots[racing.order[0]].seat, "place", "wrong_phase", cell=1)
    assert GAME.strings["en"]["error.wrong_phase"] == "That is not asked now."
    assert GAME.strings["ja"]["error.wrong_phase"] == "今はその操作はできません。"


def test_example_1_first_moves() -> None:
    state = example_1_placed()
    state = move(state, RED, 4, "E")
    assert cell_of(state, R1) == (24, 4)
    state = move(state, RED, 1, "NE")
    assert cell_of(state, R1) == (25, 3)
    state = act(state, RED, "card", card="end")
    assert state.cards[RED] == (2, 3, 5)
    # B1: 3 ↘ would enter finish cell (19,5) before completing a lap.
    chosen = act(state, BLUE, "card", card=3)
    rejected(chosen, BLUE, "drive", "lap_not_complete", to="SE")
    assert "SE" not in [c.value for c in GAME.pending(chosen)[0].fields[0].options]
    state = move(state, BLUE, 5, "E")
    assert cell_of(state, B1) == (26, 2)
    state = act(state, BLUE, "card", card="end")
    state = move(state, RED, 5, "E")
    assert cell_of(state, R2) == (26, 0)
    # Red keeps {2, 3}: R3 still needs a card, and a 2nd card for R2 stays legal.
    state = act(state, RED, "card", card="end")
    assert state.cards[RED] == (2, 3)
    chosen = act(state, GREEN, "card", card=5)
    rejected(chosen, GREEN, "drive", "path_blocked", to="E")  # step 5 is R1 at (25,3)
    state = move(state, GREEN, 2, "E")
    assert cell_of(state, G1) == (19, 3)
    state = move(state, GREEN, 3, "NE")
    assert cell_of(state, G1) == (22, 0)
    state = act(state, GREEN, "card", card="end")
    assert state.cards[GREEN] == (1, 4, 5)
    assert state.order[state.turn] == B2


# Example 2 — a turn, segments, reservation ---------------------------------------------------

EXAMPLE_2 = {
    0: ((30, 8), 2, False),  # R1
    1: ((38, 6), 1, False),  # R2
    2: ((33, 3), 0, False),  # R3
    3: ((36, 4), 1, False),  # B1
    4: ((34, 4), 0, False),  # B2
    5: ((33, 1), 0, False),  # B3
}


def test_example_2_order_turn_segments_and_reservation() -> None:
    state = race_state(2, EXAMPLE_2)
    assert state.order == (0, 3, 1, 4, 2, 5)  # R1, B1, R2, B2, R3, B3
    state = move(state, RED, 5, "W")
    assert cell_of(state, 0) == (20, 8)
    state = act(state, RED, "card", card="end")
    state = move(state, BLUE, 1, "SE")
    assert cell_of(state, 3) == (37, 5)
    state = move(state, BLUE, 2, "SW")
    assert cell_of(state, 3) == (35, 7) and state.chariots[3].segment == 2
    state = move(state, BLUE, 3, "W")
    assert cell_of(state, 3) == (29, 7)
    assert state.cards[BLUE] == (4, 5) and state.order[state.turn] == 1  # 3 cards: turn over
    state = move(state, RED, 4, "SW")
    assert cell_of(state, 1) == (34, 10) and state.chariots[1].segment == 2
    state = act(state, RED, "card", card="end")
    state = move(state, BLUE, 4, "E")
    assert cell_of(state, 4) == (42, 4) and state.chariots[4].segment == 1
    # Blue has {5} and B3 still to move: no 2nd card for B2, R3 moves next.
    assert state.order[state.turn] == 2 and state.cards[BLUE] == (5,)


def test_end_before_any_card_is_rejected() -> None:
    state = race_state(2, EXAMPLE_2)
    rejected(state, RED, "card", "end_too_early", card="end")
    rejected(state, BLUE, "card", "not_your_turn", card=5)
    rejected(state, RED, "card", "card_not_available", card=6)
    rejected(state, RED, "drive", "choose_card", to="E")
    chosen = act(state, RED, "card", card=5)
    rejected(chosen, RED, "card", "choose_direction", card=4)
    rejected(chosen, RED, "drive", "bad_direction", to="N")
    rejected(chosen, RED, "drive", "off_track", to="SE")  # (31,9), (32,10), then off the board
    back = act(chosen, RED, "drive", to="back")
    assert back.selected is None and back.cards == state.cards and back.steps == ()


def test_burn_uses_a_card_without_moving() -> None:
    state = race_state(2, EXAMPLE_2)
    state = act(act(state, RED, "card", card=1), RED, "drive", to="burn")
    assert cell_of(state, 0) == (30, 8) and state.cards[RED] == (2, 3, 4, 5)
    assert state.last is not None and state.last.kind == "burn"
    state = move(state, RED, 5, "W")  # a burn may be followed by a move
    assert cell_of(state, 0) == (20, 8)


def test_card_and_direction_in_one_input_is_the_specs_move() -> None:
    state = race_state(2, EXAMPLE_2)
    assert act(state, RED, "card", card=5, to="W") == move(state, RED, 5, "W").model_copy(
        update={"inputs": state.inputs + 1}
    )
    burned = act(state, RED, "card", card=2, to="burn")
    assert burned.cards[RED] == (1, 3, 4, 5) and burned.steps[0].direction is None
    rejected(state, RED, "card", "off_track", card=5, to="SE")
    rejected(state, RED, "card", "bad_direction", card=5, to="back")


# Example 3 — finishing and winning ------------------------------------------------------------

EXAMPLE_3 = {
    0: ((25, 5), 4, True),  # R1 in
    1: ((20, 2), 4, False),  # R2
    2: ((18, 4), 4, False),  # R3
    3: ((14, 4), 0, False),  # B1
    4: ((30, 8), 2, False),  # B2
    5: ((10, 4), 3, False),  # B3
}


def test_example_3_finishing_and_winning() -> None:
    state = race_state(2, EXAMPLE_3)
    assert state.order == (1, 2, 5, 4, 3)  # R2, R3, B3, B2, B1
    state = move(state, RED, 5, "SE")  # 3 steps into (23,5), 2 lost, turn over
    assert cell_of(state, 1) == (23, 5) and state.chariots[1].finished
    assert state.order[state.turn] == 2
    state, events = GAME.apply(
        act(state, RED, "card", card=1), Action(seat=RED, move="drive", args={"to": "SE"})
    )
    assert cell_of(state, 2) == (19, 5)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (RED,) and outcome.ranks == (1, 2)
    assert GAME.pending(state) == []
    assert [e.type for e in events][-2:] == ["team_complete", "game_over"]
    rejected(state, BLUE, "card", "game_over", card=1)


def test_finish_cells_need_a_lap_and_the_thin_boundary() -> None:
    assert drive((14, 4), 0, 1, "SE", set()) == "lap_not_complete"
    assert drive((14, 6), 4, 1, "NE", set()) == "finish_closed"  # from row 6: thick boundary
    assert drive((12, 4), 4, 1, "SE", set()) == Drive(((13, 5),), 4, True)
    assert drive((10, 4), 3, 1, "SE", set()) == "off_track"  # (11,5) is a wall


def test_reversing_out_of_the_start_loses_a_segment() -> None:
    way = drive((12, 4), 0, 1, "W", set())
    assert isinstance(way, Drive) and way.path == ((10, 4),) and way.segment == -1
    back = drive((10, 4), -1, 1, "E", set())
    assert isinstance(back, Drive) and back.segment == 0


# Variants ---------------------------------------------------------------------------------


def test_exactly_two_needs_six_cards() -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.setup(options(exactly_two=True), 3, 1)
    assert error.value.code == "exactly_two_needs_six_cards"
    assert "six_cards" in GAME.strings["en"]["error.exactly_two_needs_six_cards"]
    state = GAME.setup(options(exactly_two=True, six_cards=True), 3, 1)
    assert state.exactly_two and state.six_cards


def test_exactly_two_gives_every_chariot_two_cards() -> None:
    state = race_state(2, EXAMPLE_2, six_cards=True, exactly_two=True)
    assert state.cards[RED] == (1, 2, 3, 4, 5, 6)
    state = move(state, RED, 6, "W")
    assert [c.value for c in GAME.pending(state)[0].fields[0].options] == [1, 2, 3, 4, 5]
    rejected(state, RED, "card", "two_cards_needed", card="end")
    state = move(state, RED, 1, "W")
    assert state.order[state.turn] == 3 and state.cards[RED] == (2, 3, 4, 5)


def test_exactly_two_finishing_with_the_first_card_ends_the_turn() -> None:
    state = race_state(2, EXAMPLE_3, six_cards=True, exactly_two=True)
    state = move(state, RED, 3, "SE")
    assert state.chariots[1].finished and state.order[state.turn] == 2


def test_straight_line_needs_a_burn_to_turn() -> None:
    state = race_state(2, EXAMPLE_2, straight_line=True)
    state = move(state, RED, 1, "W")
    chosen = act(state, RED, "card", card=2)
    assert [c.value for c in GAME.pending(chosen)[0].fields[0].options] == ["W", "burn", "back"]
    rejected(chosen, RED, "drive", "must_go_straight", to="NW")
    state = act(chosen, RED, "drive", to="burn")
    state = move(state, RED, 3, "E")  # the burn paid for the change of direction
    assert cell_of(state, 0) == (34, 8)


def test_six_cards_gives_cards_one_to_six() -> None:
    state = example_1_placed(six_cards=True)
    assert all(cards == (1, 2, 3, 4, 5, 6) for cards in state.cards)


def test_continue_for_placings_plays_on_after_the_winner() -> None:
    state = race_state(2, EXAMPLE_3, continue_for_placings=True)
    state = move(state, RED, 5, "SE")
    state = move(state, RED, 1, "SE")
    assert state.phase == "race" and state.places == (RED,)
    assert state.order[state.turn] == 5  # B3 moves on
    assert GAME.outcome(state) is None


def test_continue_for_placings_ends_when_the_finish_cells_are_full() -> None:
    finish = list(TRACK.finish[:-1])  # (33,5) stays free
    positions = {i: (finish[i], 4, True) for i in range(10)}
    positions[10] = ((32, 4), 4, False)  # seat 3 drives into the last free finish cell
    positions[11] = ((20, 8), 2, False)
    state = race_state(4, positions, continue_for_placings=True)
    state = state.model_copy(update={"places": (1, 0, 2)})
    assert state.order == (10, 11)
    state = move(state, 3, 1, "SE")
    outcome = GAME.outcome(state)
    assert state.phase == "over" and outcome is not None
    assert outcome.ranks == (2, 1, 3, 4) and outcome.winners == (1,)
    assert outcome.scores == (3, 3, 3, 2)


def test_a_called_race_is_won_by_the_fewest_steps_left() -> None:
    state = race_state(2, EXAMPLE_2).model_copy(update={"round": 30, "turn": 5})
    state = act(move(state, BLUE, 3, "E"), BLUE, "card", card="end")
    outcome = GAME.outcome(state)
    assert state.called and outcome is not None and outcome.reason is not None
    left = [
        sum(TRACK.steps_left(c.cell, c.segment) for c in state.chariots if c.seat == seat)
        for seat in (RED, BLUE)
    ]
    assert left[RED] != left[BLUE]
    assert outcome.winners == ((RED,) if left[RED] < left[BLUE] else (BLUE,))


def test_a_race_that_runs_too_long_is_called() -> None:
    state = GAME.setup(options(), 2, 3)
    final, _ = play_out(GAME, state, 3, smart=(False, False))
    outcome = GAME.outcome(final)
    assert final.called and outcome is not None and outcome.reason is not None
    assert outcome.reason.key == "reason.called"


# Track data ---------------------------------------------------------------------------------


def test_track_matches_the_spec_counts() -> None:
    sections = list(TRACK.section.values())
    assert [sections.count(s) for s in "ABCD"] == [62, 37, 62, 37]
    assert len(TRACK.starts) == 15 and len(TRACK.finish) == 11 and len(TRACK.walls) == 2
    assert TRACK.starts[0] == (12, 0) and TRACK.starts[-1] == (16, 4)


def _broken(change) -> dict[str, Any]:
    raw = json.loads(json.dumps(load("engine.games.circus_maximus", "circus_maximus")))
    change(raw)
    return raw


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda raw: raw["rows"].__setitem__(0, raw["rows"][0].replace("S", "Q", 1)), "rows"),
        (lambda raw: raw["rows"].__setitem__(0, " " + raw["rows"][0]), "x + y is odd"),
        (lambda raw: raw["turn_order"]["B"].pop(), "turn_order.B"),
        (lambda raw: raw["turn_order"]["D"].append([20, 2]), "turn_order.D"),
        (lambda raw: raw.__setitem__("finish_entry", ["UP"]), "finish_entry.0"),
        (lambda raw: raw.pop("rows"), "rows"),
    ],
)
def test_malformed_track_data_is_a_clear_error(change, named: str) -> None:
    with pytest.raises(TrackError) as error:
        build_track(_broken(change))
    assert "circus_maximus.json" in str(error.value) and named in str(error.value)


# AI -----------------------------------------------------------------------------------------

VARIANT_SETS = [
    {},
    {"straight_line": True},
    {"six_cards": True},
    {"six_cards": True, "exactly_two": True},
    {"continue_for_placings": True},
]


def ai_win_rate(chosen: dict[str, Any], games: int) -> tuple[float, list[int]]:
    """Sole wins of the AI against the random baseline in 2-player games, seats alternating."""
    lost = []
    for seed in range(games):
        ai = seed % 2
        state = GAME.setup(options(**chosen), 2, seed)
        final, _ = play_out(GAME, state, seed, smart=(ai == 0, ai == 1))
        outcome = GAME.outcome(final)
        assert outcome is not None, f"seed {seed}: no end"
        if outcome.winners != (ai,):
            lost.append(seed)
    return 1 - len(lost) / games, lost


@pytest.mark.parametrize("chosen", VARIANT_SETS, ids=lambda c: "+".join(c) or "base")
def test_ai_beats_random_sample(chosen: dict[str, Any]) -> None:
    rate, lost = ai_win_rate(chosen, 12)
    print(f"circus_maximus AI vs random {chosen} (seeds 0..11): {rate:.0%}, lost {lost}")
    assert rate >= 0.6, f"seeds 0..11 {chosen}: AI won {rate:.0%}; lost seeds {lost}"


@pytest.mark.slow
@pytest.mark.parametrize("chosen", VARIANT_SETS, ids=lambda c: "+".join(c) or "base")
def test_ai_beats_random_in_200_games(chosen: dict[str, Any]) -> None:
    rate, lost = ai_win_rate(chosen, 200)
    print(f"circus_maximus AI vs random {chosen} (seeds 0..199): {rate:.0%}, lost {lost}")
    assert rate >= 0.6, f"seeds 0..199 {chosen}: AI won {rate:.0%}; lost seeds {lost}"


def test_ai_decides_from_its_view_and_every_answer_is_legal() -> None:
    state = GAME.setup(options(straight_line=True), 3, 8)
    final, actions = play_out(GAME, state, 8)
    assert GAME.outcome(final) is not None and not final.called
    assert {a.move for a in actions} == {"place", "card"}  # card and direction at once
    assert all("to" in a.args or a.args["card"] == "end" for a in actions if a.move == "card")


# Board --------------------------------------------------------------------------------------


def test_board_is_a_stable_palette_image_showing_the_chosen_cards_arrows() -> None:
    from render import render_png
    from render.circus_maximus import draw
    from render.common import WIDTH, Labels

    state = act(race_state(2, EXAMPLE_2), RED, "card", card=5)
    view = GAME.view(state, None)
    assert {t.direction: t.cell for t in view.targets} == {"E": (40, 8), "W": (20, 8)}
    image = draw(view, ["Ann", "Bo"], Labels(GAME.strings, "en"))
    assert image.width == WIDTH
    png = render_png("circus_maximus", GAME.public_view(state), ["Ann", "Bo"])
    assert Image.open(io.BytesIO(png)).mode == "P"
    assert render_png("circus_maximus", GAME.public_view(state), ["Ann", "Bo"]) == png
    plain = render_png("circus_maximus", GAME.public_view(race_state(2, EXAMPLE_2)), ["Ann", "Bo"])
    assert plain != png  # the arrows are drawn
    assert GAME.view(state, 0) == GAME.view(state, None).model_copy(update={"seat": 0})
    assert CircusView.model_validate(view.model_dump()) == view  # built without validation


# End to end through the fake Discord ----------------------------------------------------------


class Racer:
    """A human seat that plays like the AI but also makes every other kind of choice once:
    it goes back from its first chosen card, burns its second one and ends a turn early. Options shown on the
    board are clicked there; longer lists (the start cells) through Take your turn."""

    def __init__(self, harness, user, session) -> None:
        self.harness, self.user, self.session = harness, user, session
        self.kinds: set[str] = set()
        self.paths: set[str] = set()
        self.drives = 0

    def value(self, prompt) -> Any:
        state = self.session.live()
        action = GAME.ai_action(GAME.view(state, 0), prompt, 0, 1)
        assert action is not None
        offered = [choice.value for choice in prompt.fields[0].options]
        if prompt.move == "card" and "end" in offered and "end" not in self.kinds:
            return "end"
        if prompt.move == "drive":
            self.drives += 1
            if self.drives == 1:
                return "back"
            if self.drives == 3:
                return "burn"
        return next(iter(action.args.values()))

    async def answer(self, prompt) -> None:
        value = self.value(prompt)
        options = prompt.fields[0].options
        index = [choice.value for choice in options].index(value)
        kind = {"place": "place", "card": "end" if value == "end" else "card"}.get(prompt.move)
        self.kinds.add(kind or (value if value in ("back", "burn") else "direction"))
        fake, board = self.harness.fake, self.harness.board()
        ids = board.all_custom_ids()
        before = self.session.seq
        if any(i.endswith(f":{prompt.key}:open") for i in ids):
            opened = f":{prompt.key}:open"
            record = await fake.click(self.user, board, self.harness.custom_id(board, opened))
            message = record.response_message
            assert message is not None and message.ephemeral
            self.paths.add("take_turn")
        else:
            message = board
            self.paths.add("board")
        button = self.harness.custom_id(fake.message(message.id), f":{prompt.key}:v:{index}")
        await fake.click(self.user, fake.message(message.id), button)
        await self.harness.settle()
        assert self.session.seq > before, f"{prompt.key}: {value!r} was not accepted"


async def test_a_whole_race_through_discord(harness, monkeypatch) -> None:
    from tests.support.bot_games import assert_final_board, fix_seed

    fix_seed(monkeypatch, 4)
    alice = harness.fake.add_user("alice")
    bot = await harness.start()
    await harness.open_table([alice], game="circus_maximus", options="six_cards=true", ai=1)
    session = await bot.service.in_channel(harness.fake.channel_id)
    racer = Racer(harness, alice, session)
    for _ in range(GAME.max_inputs):  # open_table and every answer settle the bot first
        if session.outcome() is not None:
            break
        prompts = session.prompts_for(0)
        assert prompts, f"seed 4: the race waits on nobody at seq {session.seq}"
        assert all(len(p.fields) == 1 and p.fields[0].kind == "one" for p in prompts)
        await racer.answer(prompts[0])
    await harness.settle()
    assert session.outcome() is not None, "seed 4: the race did not finish"
    assert racer.kinds == {"place", "card", "direction", "burn", "back", "end"}, racer.kinds
    assert racer.paths == {"board", "take_turn"}, racer.paths
    reloaded = await bot.service.get(session.id)
    assert session.live().six_cards
    state = GAME.setup(GAME.parse_options(session.row.options), 2, 4)
    for row in await bot.store.inputs(session.id):
        state, _ = GAME.apply(state, Action(seat=row.seat, move=row.move, args=row.args))
    assert GAME.outcome(state) == session.outcome()
    assert_final_board(harness, reloaded, "circus_maximus seed 4")


def test_local_ai_only_race_finishes(tmp_path) -> None:
    from tests.support.bot_games import local_ai_only_game_finishes

    local_ai_only_game_finishes(tmp_path, "circus_maximus", 2, 5)


async def test_every_variant_is_chosen_at_game_new_and_played(harness, monkeypatch) -> None:
    from tests.support.bot_games import variant_is_stored_and_played

    text = "straight_line=true six_cards=true exactly_two=true continue_for_placings=true"
    expected = dict.fromkeys(CircusMaximus.Options.model_fields, True)
    await variant_is_stored_and_played(harness, monkeypatch, "circus_maximus", text, expected, 1)


async def test_exactly_two_without_six_cards_is_refused_at_game_new(harness) -> None:
    from tests.support.bot_games import conflict_is_refused_at_game_new

    await conflict_is_refused_at_game_new(
        harness, "circus_maximus", "exactly_two=true", "exactly_two needs six_cards"
    )


@pytest.mark.parametrize("chosen", VARIANT_SETS[1:], ids=lambda c: "+".join(c))
def test_random_races_in_every_variant_end_replay_and_render(chosen: dict[str, Any]) -> None:
    from render import render_png

    seats, seed = 4, 1
    state = GAME.setup(options(**chosen), seats, seed)
    final, actions = play_out(GAME, state, seed, smart=(False,) * seats)
    assert GAME.outcome(final) is not None, f"{chosen} seed {seed}: no end"
    again = GAME.setup(options(**chosen), seats, seed)
    for action in actions:
        again, _ = GAME.apply(again, action)
    assert again == final, f"{chosen} seed {seed}: replay differs"
    names = ["A", "B", "C", "D"]
    assert render_png("circus_maximus", GAME.public_view(final), names, "ja").startswith(b"\x89PNG")


def test_a_start_number_stays_readable_under_a_chariot() -> None:
    """Issue 23.16: a chariot on a start cell hid the cell's number; it is tagged on the cell's
    upper right corner instead, in the same pixels wherever it is shown."""
    state = act(placement_state(3), 0, "place", cell=5)
    board = Image.open(
        io.BytesIO(render_png("circus_maximus", GAME.public_view(state), ["a", "b", "c"]))
    )
    left, top = tag_origin(TRACK.starts[4])
    tag = _tag(5)
    shown = board.convert("RGB").crop((left, top, left + tag.width, top + tag.height))
    assert shown.tobytes() == tag.convert("RGB").tobytes()
