"""Hannibal gegen Rom: the spec's worked examples, its rejections, hidden battle cards, the map
loader, variants, the AI against random play, the board image and a game through Discord."""

from __future__ import annotations

import copy
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.ai import ai_seed, choose_action, play_out
from engine.core import Action, Event, IllegalInput, Kind
from engine.data import load
from engine.games.hannibal import Hannibal
from engine.games.hannibal.board import ROLES, MapError, board, parse_map
from engine.games.hannibal.position import legal_moves
from engine.games.hannibal.state import HannibalOptions, HannibalState, position_of, seat_of
from engine.i18n import CORE, Localizer
from render import render_png
from render.common import COLOUR_RGB
from render.hannibal import _box

GAME = Hannibal()
R, C = 0, 1  # seats in the hand-built positions below: seat 0 plays Rome
NAMES = ["Alice", "ボブ"]


def new(**options: Any) -> HannibalState:
    state = GAME.setup(HannibalOptions(**options), 2, seed=1)
    return state.model_copy(update={"rome_seat": R})


def placed(
    state: HannibalState,
    legions: dict[str, tuple[int, int]],
    hannibal: str | None,
    fleets: dict[str, tuple[int, int]] | None = None,
    **update: Any,
) -> HannibalState:
    """`state` with exactly these pieces on the map (unnamed places empty)."""
    map_ = board()
    all_legions = {region: legions.get(region, (0, 0)) for region in map_.regions}
    fleets = fleets if fleets is not None else {"S1": (3, 0), "S3": (0, 3)}
    all_fleets = {route: fleets.get(route, (0, 0)) for route in map_.routes}
    return state.model_copy(
        update={"legions": all_legions, "hannibal": hannibal, "fleets": all_fleets, **update}
    )


def act(state: HannibalState, seat: int, name: str, /, **args: Any):
    return GAME.apply(state, Action(seat=seat, move=name, args=args))


def move(state: HannibalState, seat: int, code: str):
    return act(state, seat, "move", move=code)


def cards(state: HannibalState, rome: int, carthage: int):
    state, first = act(state, R, "card", card=rome)
    state, second = act(state, C, "card", card=carthage)
    return state, first + second


def rejected(state: HannibalState, seat: int, name: str, code: str, /, **args: Any) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        act(state, seat, name, **args)
    assert error.value.code == code, f"{name} {args}: {error.value.code} instead of {code}"
    assert state.model_dump_json() == before, f"{name} {args} changed the state"


def types(events) -> list[str]:
    return [event.type for event in events]


# Setup -------------------------------------------------------------------------------------


def test_setup_follows_the_spec() -> None:
    state = GAME.setup(HannibalOptions(), 2, seed=5)
    assert state.legions["ROMA"] == (7, 0) and state.legions["CARTHAGO"] == (0, 5)
    assert state.hannibal == "CARTHAGO"
    assert state.fleets["S1"] == (3, 0) and state.fleets["S3"] == (0, 3)
    assert state.hands == ((1, 2, 3, 4, 5), (1, 2, 3, 4, 5))
    prompt = GAME.pending(state)[0]
    assert prompt.seats == (state.rome_seat,) and prompt.kind == Kind.TURN
    roles = {GAME.setup(HannibalOptions(), 2, seed).rome_seat for seed in range(20)}
    assert roles == {0, 1}, "roles are drawn, not fixed"


def test_only_two_players_and_known_options() -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.setup(HannibalOptions(), 3, seed=1)
    assert error.value.code == "bad_seat_count"
    with pytest.raises(IllegalInput) as error:
        GAME.parse_options({"chips": True})
    assert error.value.code == "unknown_option"
    both = GAME.parse_options({"series": "true", "core_control": "true"})
    assert both.series and both.core_control


# Worked examples (spec §10) ----------------------------------------------------------------


def test_example_1_opening_moves_and_a_naval_battle() -> None:
    state = new()
    state, events = move(state, R, "legion:ROMA>CORSICA")
    assert state.legions["CORSICA"] == (1, 0) and state.phase == "move"
    assert state.active == "carthage" and "battle_land" not in types(events)
    state, events = move(state, C, "fleet:S3>S1")
    assert "battle_naval" in types(events) and state.phase == "cards"
    state, events = cards(state, rome=2, carthage=5)
    assert state.fleets["S1"] == (2, 1), "Rome lost a fleet"
    state, events = cards(state, rome=3, carthage=3)
    assert "tie_fleet" in types(events) and "battle_won_rome" in types(events)
    assert state.fleets["S1"] == (1, 0) and state.fleets["S3"] == (0, 2)
    assert state.hands == ((1, 4, 5), (1, 2, 4))
    assert state.phase == "move" and state.active == "rome"


def test_example_2_hannibal_in_defence_a_tie_removes_him() -> None:
    state = placed(new(), {"HISP_S": (0, 2), "HISP_N": (2, 0)}, hannibal="HISP_S")
    state, events = move(state, R, "legion:HISP_N>HISP_S")
    assert "battle_land" in types(events) and state.phase == "declare"
    prompt = GAME.pending(state)[0]
    assert prompt.move == "declare" and prompt.seats == (C,) and prompt.kind == Kind.TURN
    state, _ = act(state, C, "declare", fighter="ordinary")
    state, _ = cards(state, rome=4, carthage=2)
    assert state.legions["HISP_S"] == (1, 1) and state.hannibal == "HISP_S"
    assert state.phase == "declare", "Hannibal and a legion still share the region"
    state, _ = act(state, C, "declare", fighter="hannibal")
    state, events = cards(state, rome=5, carthage=4)
    assert "revealed_hannibal" in types(events) and "tie_legion_hannibal" in types(events)
    assert state.hannibal is None
    assert state.legions["HISP_S"] == (0, 1) and state.legions["HISP_N"] == (1, 0)
    assert state.hands == ((1, 2, 3), (1, 3, 5))
    assert state.phase == "move" and state.active == "carthage"


def test_example_3a_mediterranean_control_wins() -> None:
    state = placed(
        new(),
        {"SARDINIA": (1, 0), "MAURETANIA": (1, 0), "CANNAE": (2, 0), "CARTHAGO": (0, 5)},
        hannibal="CARTHAGO",
        fleets={"S4": (1, 0), "S3": (0, 3)},
    )
    state, events = move(state, R, "legion:CANNAE>SICILIA")
    assert state.phase == "over" and state.end_reason == "mediterranean"
    assert "won_mediterranean" in types(events)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (R,)


def test_example_3b_entering_the_capital_wins_without_a_battle() -> None:
    state = placed(
        new(),
        {"SARDINIA": (1, 0), "MAURETANIA": (1, 0), "CANNAE": (2, 0), "CARTHAGO": (0, 5)},
        hannibal="CARTHAGO",
        fleets={"S4": (1, 0), "S3": (0, 3)},
    )
    state, events = move(state, R, "legion:MAURETANIA>CARTHAGO")
    assert state.phase == "over" and state.end_reason == "capital"
    assert state.hands == ((1, 2, 3, 4, 5),) * 2, "no cards are played"
    assert "battle_land" not in types(events)
    assert GAME.outcome(state).winners == (R,)  # type: ignore[union-attr]


# Rejections (spec §4.3, §5) ---------------------------------------------------------------


def test_movement_rejections_leave_the_state_unchanged() -> None:
    state = new()
    rejected(state, R, "move", "no_piece_there", move="legion:GALLIA>ROMA")
    rejected(state, R, "move", "no_piece_there", move="hannibal:ROMA>GALLIA")
    rejected(state, R, "move", "not_reachable", move="legion:ROMA>HISP_N")
    rejected(state, R, "move", "same_route", move="fleet:S1>S1")
    rejected(state, R, "move", "no_piece_there", move="fleet:S3>S2")
    rejected(state, R, "move", "one_piece_only", move=["legion:ROMA>GALLIA", "fleet:S1>S2"])
    rejected(state, R, "move", "no_passing", move="pass")
    rejected(state, R, "pass", "no_passing")
    rejected(state, R, "move", "bad_move", move="legion ROMA GALLIA")
    rejected(state, C, "move", "not_your_turn", move="legion:CARTHAGO>ZAMA")
    rejected(state, R, "card", "wrong_phase", card=3)
    rejected(state, R, "teleport", "unknown_move")


def test_no_fleet_and_hannibal_never_crosses_the_sea() -> None:
    state = new().model_copy(update={"fleets": {**new().fleets, "S1": (0, 0), "S2": (3, 0)}})
    rejected(state, R, "move", "no_fleet", move="legion:ROMA>CORSICA")
    carthage = new().model_copy(update={"active": "carthage"})
    rejected(carthage, C, "move", "hannibal_no_sea", move="hannibal:CARTHAGO>SARDINIA")
    state, _ = move(carthage, C, "legion:CARTHAGO>SARDINIA")  # an ordinary legion may
    assert state.legions["SARDINIA"] == (0, 1)
    codes = {m.code for m in legal_moves(board(), position_of(carthage), "carthage")}
    assert "hannibal:CARTHAGO>SARDINIA" not in codes and "hannibal:CARTHAGO>ZAMA" in codes


def test_battle_rejections() -> None:
    state = placed(new(), {"HISP_S": (0, 2), "HISP_N": (2, 0)}, hannibal="HISP_S")
    state, _ = move(state, R, "legion:HISP_N>HISP_S")
    rejected(state, R, "declare", "not_your_turn", fighter="hannibal")
    rejected(state, C, "declare", "bad_fighter", fighter="elephant")
    rejected(state, C, "card", "wrong_phase", card=3)
    state, _ = act(state, C, "declare", fighter="ordinary")
    rejected(state, C, "declare", "wrong_phase", fighter="hannibal")
    state, _ = cards(state, rome=5, carthage=1)
    assert state.phase == "declare" and state.legions["HISP_S"] == (1, 1)
    state, _ = act(state, C, "declare", fighter="hannibal")
    rejected(state, R, "card", "card_not_in_hand", card=6)
    rejected(state, C, "card", "card_not_in_hand", card=1)  # played in the first exchange
    state, _ = act(state, R, "card", card=3)
    rejected(state, R, "card", "already_submitted", card=4)
    rejected(state, R, "move", "wrong_phase", move="legion:ROMA>GALLIA")
    state, _ = act(state, C, "card", card=2)  # 3 against 2 + 1: a tie, Hannibal falls
    assert state.hannibal is None and state.phase == "move", "Rome's attacker fell too"
    rejected(state, C, "card", "wrong_phase", card=3)


def test_declaring_hannibal_absent_or_alone_is_refused() -> None:
    alone = placed(new(), {"HISP_N": (2, 0)}, hannibal="HISP_S")
    alone, _ = move(alone, R, "legion:HISP_N>HISP_S")
    assert alone.phase == "cards" and alone.combat.fighter == "hannibal"  # type: ignore[union-attr]
    rejected(alone, C, "declare", "hannibal_alone", fighter="ordinary")
    absent = placed(new(), {"HISP_N": (2, 0), "HISP_S": (0, 2)}, hannibal="MAURETANIA")
    absent, _ = move(absent, R, "legion:HISP_N>HISP_S")
    assert absent.phase == "cards"
    rejected(absent, C, "declare", "hannibal_absent", fighter="hannibal")


# Battles, cards and the end ------------------------------------------------------------------


def test_hands_persist_and_refill_when_both_are_empty() -> None:
    start = {"GALLIA": (1, 0), "HISP_S": (2, 0), "CANNAE": (1, 0), "HISP_N": (0, 6)}
    state = placed(new(), start, hannibal=None)
    state, _ = move(state, R, "legion:GALLIA>HISP_N")
    state, _ = cards(state, rome=5, carthage=1)
    state, _ = cards(state, rome=4, carthage=2)
    state, _ = cards(state, rome=3, carthage=3)
    assert state.hands == ((1, 2), (4, 5)) and state.discards == ((5, 4, 3), (1, 2, 3))
    assert state.legions["HISP_N"] == (0, 3) and state.active == "carthage"
    state, events = move(state, C, "legion:HISP_N>HISP_S")  # 1 against 2
    state, events = cards(state, rome=1, carthage=4)
    assert "last_cards" in types(events) and "hands_refilled" in types(events)
    assert state.legions["HISP_S"] == (0, 1) and state.active == "rome"
    assert state.hands == ((1, 2, 3, 4, 5),) * 2 and state.discards == ((), ())
    last = state.last_exchange
    assert last is not None and (last.rome_card, last.carthage_card) == (2, 5)


def test_annihilation_of_both_sides_is_a_draw() -> None:
    state = placed(new(), {"GALLIA": (1, 0), "HISP_N": (0, 1)}, hannibal=None)
    state, _ = move(state, R, "legion:GALLIA>HISP_N")
    state, events = cards(state, rome=3, carthage=3)
    assert state.phase == "over" and state.end_reason == "annihilation_both"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and "drawn" in types(events)
    assert events[-1].type == "game_over" and events[-1].data["seats"] == []


def test_the_cores_game_over_event_is_worded_in_both_languages() -> None:
    won = Event(type="game_over", data={"scores": [1, 0], "seats": [R]})
    drawn = Event(type="game_over", data={"scores": [0, 0], "seats": []})
    texts = {
        (locale, event.data["seats"] == []): Localizer().event(locale, event, GAME, NAMES)
        for locale in ("en", "ja")
        for event in (won, drawn)
    }
    assert texts[("en", False)] == f"Game over. Winner: {NAMES[R]}."
    assert texts[("en", True)] == "Game over: no winner."
    assert texts[("ja", False)] == f"ゲーム終了。勝者：{NAMES[R]}"
    assert texts[("ja", True)] == "ゲーム終了：勝者なし。"


def test_annihilation_loses() -> None:
    state = placed(new(), {"GALLIA": (1, 0), "ROMA": (1, 0)}, hannibal="HISP_N")
    state, _ = move(state, R, "legion:GALLIA>HISP_N")
    state, _ = cards(state, rome=5, carthage=3)  # 5 against 3 + 1
    assert state.end_reason == "annihilation" and GAME.outcome(state).winners == (R,)  # type: ignore[union-attr]


def test_a_player_who_cannot_move_loses_even_if_the_other_is_stuck_too() -> None:
    state = placed(
        new(),
        {"CORSICA": (1, 0), "SICILIA": (0, 1), "GALLIA": (1, 0)},
        hannibal=None,
        fleets={"S1": (1, 0)},
    )
    state, events = move(state, R, "legion:GALLIA>ROMA")
    assert state.phase == "over" and state.end_reason == "stuck"
    assert "stuck" in types(events) and GAME.outcome(state).winners == (R,)  # type: ignore[union-attr]


def test_control_of_the_other_side_is_only_checked_at_the_end_of_its_own_turn() -> None:
    carthage_holds = {"CORSICA": (0, 1), "GALLIA": (0, 1), "CANNAE": (0, 1), "ZAMA": (1, 0)}
    state = placed(new(), carthage_holds, hannibal="CARTHAGO", fleets={"S1": (1, 0)})
    state, _ = move(state, R, "fleet:S1>S2")
    assert state.phase == "move" and state.active == "carthage", "Rome's turn: no check"
    state, _ = move(state, C, "hannibal:CARTHAGO>MAURETANIA")
    assert state.end_reason == "mediterranean" and GAME.outcome(state).winners == (C,)  # type: ignore[union-attr]


# Variants ---------------------------------------------------------------------------------


def test_core_control_takes_a_chip_and_the_enemy_returns_all() -> None:
    state = placed(
        new(core_control=True),
        {"HISP_S": (1, 0), "CORSICA": (1, 0), "ROMA": (1, 0), "CARTHAGO": (0, 2)},
        hannibal="CARTHAGO",
        chips=(0, 5),
    )
    state, events = move(state, R, "legion:ROMA>CANNAE")
    assert "chip_taken" in types(events) and state.chips == (1, 0)
    assert state.phase == "move", "1 chip is no win"
    plain = placed(new(), {"HISP_S": (1, 0), "CORSICA": (1, 0), "ROMA": (1, 0)}, hannibal=None)
    plain = plain.model_copy(update={"legions": {**plain.legions, "CARTHAGO": (0, 2)}})
    plain, events = move(plain, R, "legion:ROMA>CANNAE")
    assert "chip_taken" not in types(events), "chips only with core_control"


def test_eight_chips_win() -> None:
    state = placed(
        new(core_control=True),
        {"HISP_S": (1, 0), "CORSICA": (1, 0), "ROMA": (1, 0), "CARTHAGO": (0, 2)},
        hannibal="CARTHAGO",
        chips=(7, 0),
    )
    state, _ = move(state, R, "legion:ROMA>CANNAE")
    assert state.end_reason == "chips" and GAME.outcome(state).winners == (R,)  # type: ignore[union-attr]


def test_core_control_counts_regions_beyond_on_the_line() -> None:
    from engine.games.hannibal.position import controlled_cores

    state = placed(new(), {"MAURETANIA": (1, 0), "SARDINIA": (0, 1)}, hannibal=None)
    position = position_of(state)
    assert controlled_cores(board(), position, "rome") == 2  # HISP_N and HISP_S
    assert controlled_cores(board(), position, "carthage") == 1  # SARDINIA, not CORSICA


def test_series_swaps_roles_and_ends_after_two_wins_in_a_row() -> None:
    state = new(series=True)
    state = placed(state, {"MAURETANIA": (1, 0), "CARTHAGO": (0, 2)}, hannibal="CARTHAGO")
    state, events = move(state, R, "legion:MAURETANIA>CARTHAGO")
    assert "next_game" in types(events) and state.phase == "move"
    assert state.results == (R,) and state.game == 2 and state.rome_seat == C
    assert state.legions["ROMA"] == (7, 0) and state.hands == ((1, 2, 3, 4, 5),) * 2
    assert GAME.outcome(state) is None
    # Seat 0 now plays Carthage and wins again: the series is over.
    state = placed(state, {"GALLIA": (0, 1)}, hannibal="CARTHAGO", active="carthage")
    state, events = move(state, R, "legion:GALLIA>ROMA")
    assert "series_won" in types(events) and state.phase == "over"
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (R,) and outcome.scores == (2, 0)


def test_a_draw_breaks_the_series_streaks() -> None:
    state = new(series=True).model_copy(update={"results": (R, -1), "game": 3})
    state = placed(state, {"MAURETANIA": (1, 0)}, hannibal="CARTHAGO")
    state, events = move(state, R, "legion:MAURETANIA>CARTHAGO")
    assert "series_won" not in types(events) and state.game == 4 and state.results == (R, -1, R)


# Hidden battle cards ---------------------------------------------------------------------


def test_a_chosen_card_is_hidden_until_both_are_revealed() -> None:
    state = new()
    state, _ = move(state, R, "legion:ROMA>CORSICA")
    state, _ = move(state, C, "fleet:S3>S1")
    prompts = GAME.pending(state)
    assert {p.seats for p in prompts} == {(R,), (C,)} and {p.kind for p in prompts} == {Kind.SECRET}
    assert len({p.key for p in prompts}) == 1
    localizer = Localizer()
    views, images, narrations = set(), set(), set()
    for card in (1, 3, 5):
        chosen, events = act(state, C, "card", card=card)
        views.add(GAME.view(chosen, None).model_dump_json())
        views.add(GAME.view(chosen, R).model_dump_json())
        images.add(render_png("hannibal", GAME.public_view(chosen), NAMES))
        for locale in ("en", "ja"):
            narrations.add(
                tuple(localizer.event(locale, e, GAME, NAMES) for e in events if e.to is None)
            )
        assert GAME.view(chosen, C).own_card == card
        assert [p.seats for p in GAME.pending(chosen)] == [(R,)]
    assert len(views) == 2 and len(images) == 1 and len(narrations) == 2  # en + ja
    _, events = act(chosen, R, "card", card=2)
    reveal = next(e for e in events if e.type == "revealed")
    text = localizer.event("en", reveal, GAME, NAMES)
    assert "Rome (Alice) 2" in text and "Carthage (ボブ) 5" in text, text


# Map data ---------------------------------------------------------------------------------


def _raw() -> dict[str, Any]:
    return copy.deepcopy(load("engine.games.hannibal", "hannibal"))


def test_the_shipped_map_matches_the_spec() -> None:
    map_ = board()
    assert len(map_.regions) == 11 and len(map_.routes) == 5
    assert map_.islands == {"CORSICA", "SARDINIA", "SICILIA"}
    assert map_.capitals == {"rome": "ROMA", "carthage": "CARTHAGO"}
    assert map_.line_of["HISP_S"] == ("west", 3) and map_.line_of["SICILIA"] == ("east", 2)


@pytest.mark.parametrize(
    ("breakage", "expected"),
    [
        (lambda raw: raw["regions"][3].pop("pos"), "regions.3.pos"),
        (lambda raw: raw["land"].append(["ROMA", "ATLANTIS"]), "land.7"),
        (lambda raw: raw["land"].append(["CORSICA", "GALLIA"]), "island has a land border"),
        (lambda raw: raw["routes"][2].update(ends=["SARDINIA", "ZAMA"]), "lines.centre"),
        (lambda raw: raw["land"].append(["GALLIA", "CANNAE"]), "not symmetric"),
        (lambda raw: raw["lines"]["east"].remove("ZAMA"), "lines.east"),
        (lambda raw: raw["control"]["rome"].pop(), "control"),
        (lambda raw: raw["start"]["rome"].update(hannibal="ROMA"), "start.rome.hannibal"),
        (lambda raw: raw["regions"][0].update(capital="gaul"), "regions.0.capital"),
    ],
)
def test_a_malformed_map_is_a_clear_error_naming_the_record(breakage, expected) -> None:
    raw = _raw()
    breakage(raw)
    with pytest.raises(MapError) as error:
        parse_map(raw)
    assert expected in str(error.value), str(error.value)


def test_the_map_file_is_valid_json_with_every_region_named() -> None:
    path = Path(__file__).parents[1] / "engine" / "games" / "hannibal" / "hannibal.json"
    raw = json.loads(path.read_text("utf-8"))
    assert parse_map(raw) == board()
    for region in board().regions:
        for locale in ("en", "ja"):
            assert f"board.region.{region}" in GAME.strings[locale]


# AI ---------------------------------------------------------------------------------------

VARIANTS = [{}, {"series": True}, {"core_control": True}]


def _ai_rate(options: dict[str, Any], seeds: range) -> tuple[float, list[int]]:
    wins, lost = 0, []
    for seed in seeds:
        state = GAME.setup(HannibalOptions(**options), 2, seed)
        final, _ = play_out(GAME, state, seed, smart=(True, False))
        outcome = GAME.outcome(final)
        assert outcome is not None, f"{options} seed {seed}: no outcome"
        if outcome.winners == (0,):
            wins += 1
        else:
            lost.append(seed)
    return wins / len(seeds), lost


@pytest.mark.parametrize("options", VARIANTS)
def test_ai_beats_random_in_a_sample(options) -> None:
    rate, lost = _ai_rate(options, range(30))
    print(f"hannibal AI vs random {options} (seeds 0-29): {rate:.1%}, lost seeds {lost}")
    assert rate >= 0.6, f"{options} seeds 0-29: {rate:.0%}, lost {lost}"


@pytest.mark.slow
@pytest.mark.parametrize("options", VARIANTS)
def test_ai_beats_random_in_200_games(options) -> None:
    rate, lost = _ai_rate(options, range(200))
    print(f"hannibal AI vs random {options} (seeds 0-199): {rate:.1%}, lost seeds {lost}")
    assert rate >= 0.6, f"{options} seeds 0-199: {rate:.0%}, lost {lost}"


def test_ai_plays_legally_from_its_own_view_in_both_roles() -> None:
    for seed in range(4):
        state = GAME.setup(HannibalOptions(series=True, core_control=True), 2, seed)
        step = 0
        while (prompts := GAME.pending(state)) and step < 200:
            prompt = prompts[-1]
            seat = prompt.seats[0]
            action = GAME.ai_action(GAME.view(state, seat), prompt, seat, ai_seed(seed, step, seat))
            assert action.move == prompt.move and action.seat == seat, f"seed {seed}"
            state, _ = GAME.apply(state, action)  # raises if illegal
            step += 1
        assert step > 10, f"seed {seed}"


def test_ai_takes_a_winning_move_and_answers_a_threat() -> None:
    state = placed(new(), {"MAURETANIA": (1, 0), "ROMA": (3, 0)}, hannibal="CARTHAGO")
    prompt = GAME.pending(state)[0]
    action = GAME.ai_action(GAME.view(state, R), prompt, R, 1)
    assert action.args["move"] == "legion:MAURETANIA>CARTHAGO"
    threat = placed(new(), {"CANNAE": (0, 1), "ROMA": (3, 0), "HISP_S": (1, 0)}, hannibal=None)
    prompt = GAME.pending(threat)[0]
    action = GAME.ai_action(GAME.view(threat, R), prompt, R, 1)
    assert action.args["move"] == "legion:ROMA>CANNAE", action


# Board image ------------------------------------------------------------------------------


def test_board_renders_through_a_game_deterministically() -> None:
    state = GAME.setup(HannibalOptions(series=True, core_control=True), 2, 7)
    step = 0
    while GAME.pending(state) and step < 120:
        if step % 9 == 0:
            view = GAME.public_view(state)
            png = render_png("hannibal", view, NAMES, "ja" if step % 2 else "en")
            assert png == render_png("hannibal", view, NAMES, "ja" if step % 2 else "en")
        prompt = GAME.pending(state)[0]
        seat = prompt.seats[0]
        action = choose_action(GAME, state, prompt, seat, ai_seed(7, step, seat), smart=seat == 0)
        state, _ = GAME.apply(state, action)
        step += 1
    from io import BytesIO

    from PIL import Image

    image = Image.open(BytesIO(render_png("hannibal", GAME.public_view(state), NAMES)))
    assert image.size[0] == 1200 and image.mode == "P"


# Through Discord ------------------------------------------------------------------------------

WEST = ("ROMA", "GALLIA", "HISP_N", "HISP_S", "MAURETANIA", "CARTHAGO")


def _scripted_move(view, options: list[str]) -> str:
    """Rome marches its leading legion down the west coast, again and again, into Hannibal
    standing beside a legion in Mauretania (so Carthage must declare); Carthage posts a
    legion and Hannibal there, then only shuttles a fleet."""
    if view.rome_seat == view.seat:
        held = [r for r in WEST[:-1] if view.legions[r][0]]
        lead = held[-1]
        return f"legion:{lead}>{WEST[WEST.index(lead) + 1]}"
    wanted = ["legion:CARTHAGO>MAURETANIA", "hannibal:CARTHAGO>MAURETANIA"]
    if view.legions["MAURETANIA"][1] and view.hannibal == "MAURETANIA":
        wanted = ["fleet:S3>S2", "fleet:S2>S3"]
    return next((o for o in wanted if o in options), options[0])


def _scripted_policy(answered: list[tuple[int, str]]):
    from tests.support import bot_games

    original = bot_games.first_legal

    def choose(session, seat: int, prompt) -> dict[str, int]:
        answered.append((seat, prompt.move))
        if prompt.move != "move":
            return original(session, seat, prompt)
        values = [str(choice.value) for choice in prompt.fields[0].options]
        wanted = _scripted_move(GAME.view(session.live(), seat), values)
        return {"move": values.index(wanted)}

    return choose


async def test_a_whole_game_through_discord_with_every_kind_of_choice(harness, monkeypatch) -> None:
    """Two human seats: moves on the board, the declaration, battle cards by DM."""
    from tests.support import bot_games
    from tests.support.bot_games import Player, assert_final_board, fix_seed

    seed = 4
    answered: list[tuple[int, str]] = []
    monkeypatch.setattr(bot_games, "first_legal", _scripted_policy(answered))
    fix_seed(monkeypatch, seed)
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    bot = await harness.start()
    await harness.open_table(users, game="hannibal", ai=0)
    session = await bot.service.in_channel(fake.channel_id)
    label = f"hannibal seed {seed}"
    players = [Player(harness, user, session, label) for user in users]
    for _ in range(200):
        await harness.settle()
        if session.outcome() is not None:
            break
        seat = next(s for s in (0, 1) if session.prompts_for(s))
        await players[seat].answer(seat, session.prompts_for(seat)[0])
    await harness.settle()
    outcome = session.outcome()
    assert outcome is not None, f"{label}: not finished"
    rome = session.live().rome_seat
    assert (1 - rome, "declare") in answered, f"{label}: Carthage never declared: {answered}"
    for seat in (0, 1):
        assert {(seat, "move"), (seat, "card")} <= set(answered), f"{label}: {answered}"
        assert players[seat].paths["dm"] > 0, f"{label}: no battle card by DM"
    reloaded = await bot.service.get(session.id)
    assert reloaded.outcome() == outcome, f"{label}: the stored game ends differently"
    assert_final_board(harness, reloaded, label)


def test_local_ai_only_game_finishes(tmp_path: Path) -> None:
    """`python -m bot local hannibal --ai-only --players 2` plays a whole game and stores it."""
    import subprocess
    import sys

    from tests.support.bot_games import replayed_outcome

    database = tmp_path / "forum.sqlite3"
    command = [sys.executable, "-m", "bot", "--config", os.devnull, "local"]
    command += ["hannibal", "--ai-only", "--players", "2", "--seed", "25"]
    command += ["--out", str(tmp_path / "out")]
    result = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={"FORUM_DATABASE": str(database), "PATH": ""},
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Final result:" in result.stdout, result.stdout[-1000:]
    seed, names, outcome = replayed_outcome(database)
    assert seed == 25 and len(names) == 2 and outcome is not None
    for seat, name in enumerate(names):
        assert f"{outcome.ranks[seat]}. {name}: {outcome.scores[seat]}" in result.stdout
    assert sorted((tmp_path / "out").glob("hannibal-*/*.png")), "no board images"


async def test_variants_chosen_at_game_new_reach_the_rules(harness, monkeypatch) -> None:
    from tests.support.bot_games import variant_is_stored_and_played as run

    expected = {"series": True, "core_control": True}
    await run(harness, monkeypatch, "hannibal", "series=true core_control=true", expected, 1)


async def test_an_invalid_variant_value_is_refused_clearly(harness) -> None:
    from tests.support.bot_games import invalid_option_is_refused as run

    await run(harness, "hannibal", "series=maybe", "Invalid option: series")


@pytest.mark.parametrize("rome_seat", [0, 1])
def test_role_text_names_the_colour_the_board_draws_for_that_side(rome_seat: int) -> None:
    """Issue 23.12: the private text once said "Rome (blue)" while the board drew Rome's pieces
    in its player's seat colour (orange for seat 0). The word must name the drawn colour."""
    state = new().model_copy(update={"rome_seat": rome_seat})
    view = GAME.view(state, None)
    png = render_png("hannibal", GAME.public_view(state), NAMES)
    drawn = Image.open(io.BytesIO(png)).convert("RGB")
    map_ = board()
    for index, role in enumerate(ROLES):
        region = next(
            r for r in map_.regions if view.legions[r][index] and not view.legions[r][1 - index]
        )
        left, _, _, bottom = _box(map_, region)
        pixel = drawn.getpixel(
            (left + 20 - 9, bottom - 40)
        )  # in the first token, beside its letter
        colour = next(c for c, rgb in COLOUR_RGB.items() if rgb == pixel)
        seat = seat_of(state, role)
        for locale in ("en", "ja"):
            text = Localizer().msg(locale, GAME.private_lines(state, seat)[0], GAME)
            assert CORE[locale][f"colour.{colour}"] in text, (role, locale, text, colour)
