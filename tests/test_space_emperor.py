"""Space Emperor: the spec's worked examples (rules/space-emperor.md §10) with scripted dice,
every rejection of section 4 with its code and the state unchanged, the card-data loader,
hidden information, determinism, the options of section 7, the AI and the board image."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from PIL import Image

from engine.ai import ai_seed, choose_action, play_out
from engine.core import Action, IllegalInput
from engine.data import load
from engine.games.space_emperor import rules
from engine.games.space_emperor.cards import CardDataError, card_set, parse_card_set
from engine.games.space_emperor.prompts import expected_input, pending_prompt
from engine.games.space_emperor.state import (
    PLANET,
    Ctx,
    SpaceEmperorOptions,
    SpaceEmperorState,
    System,
    Unit,
)
from engine.registry import get_game
from render import render_png

GAME = get_game("space_emperor")
AKI, BEN, CLEO = 0, 1, 2
GAIA, IMPERIA, HALLEY, MISTRESS, TETHYS, AVALON = ["SS01", "SS02", "SS03", "SS04", "SS05", "SS06"]
FILLER = ["DD02", "DD03", "DD04", "DD05", "DD06", "DD07", "DD08", "DD09", "DD10"]


class Scripted:
    """Spec 5.0's test double: given die faces in order, given picks (by value), no shuffling."""

    def __init__(self, dice: list[int], picks: list[Any]) -> None:
        self.dice = list(dice)
        self.picks = list(picks)
        self.state = 7

    def d6(self) -> int:
        assert self.dice, "more dice rolled than scripted"
        return self.dice.pop(0)

    def pick(self, items: list[Any]) -> Any:
        assert self.picks, f"unscripted pick among {items}"
        chosen = self.picks.pop(0)
        assert chosen in items, f"pick {chosen!r} not among {items}"
        return chosen

    def shuffle(self, items: list[Any]) -> list[Any]:
        return list(items)


@pytest.fixture
def script(monkeypatch: pytest.MonkeyPatch):
    """script(dice=[...], picks=[...]): the next inputs roll and pick exactly these."""
    holder: dict[str, Scripted] = {}

    def install(dice: list[int] = (), picks: list[Any] = ()) -> Scripted:  # type: ignore[assignment]
        holder["now"] = Scripted(list(dice), list(picks))
        monkeypatch.setattr(rules, "Randomness", lambda _state: holder["now"])
        return holder["now"]

    return install


def table(
    hands: list[list[str]],
    systems: list[System],
    deck: list[str] | None = None,
    active: int = AKI,
    **options: Any,
) -> SpaceEmperorState:
    """A state at `active`'s action choice; every other card is in the discard."""
    deck = list(FILLER if deck is None else deck)
    used = {c for h in hands for c in h} | set(deck)
    used |= {c for s in systems for u in s.garrison for c in u.cards()} | {s.id for s in systems}
    rest = sorted(set(card_set("designed_v1").cards) - used)
    seats = len(hands)
    return SpaceEmperorState(
        seats=seats,
        rng=1,
        options=SpaceEmperorOptions(**options),
        deck=deck,
        discard=[c for c in rest if not c.startswith("SS")],
        hands=[sorted(h) for h in hands],
        systems=systems,
        active=active,
        stage="act",
        turn=1,
        endgame_turns=[0] * seats,
        retired=[False] * seats,
    )


def act(state: SpaceEmperorState, seat: int, move: str, **args: Any):
    return GAME.apply(state, Action(seat=seat, move=move, args=args))


def rejects(state: SpaceEmperorState, seat: int, move: str, code: str, **args: Any) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=seat, move=move, args=args))
    assert error.value.code == code, error.value.code
    assert state.model_dump_json() == before


def system(state: SpaceEmperorState, system_id: str) -> System | None:
    return next((s for s in state.systems if s.id == system_id), None)


def types(events) -> list[str]:
    return [e.type for e in events]


# Worked examples (§10) --------------------------------------------------------------------


def example_one_state() -> SpaceEmperorState:
    return table(
        hands=[["BB01", "SW02", "DD01"], ["DD11"], ["CR09"]],
        systems=[
            System(id=GAIA, owner=BEN, garrison=[Unit(ship="CR01", supports=["AD01"])]),
            System(id=IMPERIA, owner=BEN),
            System(id=TETHYS, owner=AKI),
        ],
    )


def test_example_1_multi_target_battle_tie_then_planet_attack(script) -> None:
    state = example_one_state()
    script()
    fleet = [["BB01", "SW02"], ["DD01"]]
    state, _ = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
    public = GAME.view(state, None).battle
    assert [s.cards for s in public.attack] == [(None, None), (None,)]
    state, _ = act(state, BEN, "defend", sortie="sortie", fleet=[["CR01", "AD01"], ["DD11"]])
    state, _ = act(state, BEN, "targets", target_1=0, target_2=0)
    public = GAME.view(state, None).battle
    assert [s.cards for s in public.defence] == [("CR01", "AD01"), (None,)]
    assert [s.target for s in public.defence] == [0, 0]
    assert GAME.pending(state)[0].move == "assign"
    script(dice=[6, 2, 5, 1, 3, 4, 5, 5, 5, 2, 5, 6, 3])
    state, events = act(state, AKI, "assign", assign_1=0, assign_2=PLANET)
    rolls = [e.data for e in events if e.type == "roll"]
    assert [(r["ship"], r["dice"], r["mod"], r["hits"]) for r in rolls] == [
        ("Valiant", 7, 1, 3),
        ("Kestrel", 3, 1, 2),
        ("Beryl", 1, 1, 1),
        ("Amber", 2, 0, 1),
    ]
    # The defending fleet won the battle, and the ship sent at the planet still attacks.
    assert "battle_defender_planet" in types(events)
    assert [e.data["ship"] for e in events if e.type == "sunk"] == ["Valiant", "Kestrel"]
    assert {"BB01", "SW02", "CR01", "AD01"} <= set(state.discard)
    assert system(state, GAIA).owner == AKI
    assert system(state, GAIA).garrison == [Unit(ship="DD01")]
    assert system(state, IMPERIA).garrison == [Unit(ship="DD11")]
    assert state.active == BEN and not state.over  # Aki's turn ended without a discard


def test_example_2_monster_raid_esp_and_redirect(script) -> None:
    state = table(
        hands=[[], ["DD12"], ["CR08"]],
        systems=[
            System(id=GAIA, owner=AKI, garrison=[Unit(ship="DD01")]),
            System(id=HALLEY, owner=CLEO),
            System(id=MISTRESS, owner=CLEO, garrison=[Unit(ship="BB05", supports=["ES01"])]),
        ],
        deck=["MO01", *FILLER],
        active=BEN,
    )
    script(picks=[MISTRESS])
    state, events = act(state, BEN, "act", action="pass")
    assert state.active == CLEO and "raid" in types(events)
    assert state.hands[CLEO] == ["CR08"]  # the Dragon stopped the draw at once
    script(picks=[1], dice=[6, 6, 1, 2, 3, 4, 5, 2, 5, 6, 1, 3, 5, 2])
    fleet = [["BB05", "ES01"], ["CR08"]]
    state, events = act(state, CLEO, "defend", sortie="sortie", fleet=fleet)
    hits = [(e.data["ship"], e.data["hits"]) for e in events if e.type.endswith("roll")]
    assert hits == [("Space Dragon", 2), ("Warden", 2), ("Swift", 1)]
    assert "battle_defender" in types(events) and "monster_sunk" in types(events)
    assert "CR08" in state.discard and "MO01" not in state.discard
    assert system(state, MISTRESS).garrison == [Unit(ship="BB05", supports=["ES01"])]
    assert GAME.pending(state)[0].move == "monster_redirect"
    script(picks=[GAIA])
    state, _ = act(state, CLEO, "monster_redirect", player=AKI)
    script()
    state, events = act(state, AKI, "defend", sortie="no_sortie")
    gaia = system(state, GAIA)
    assert gaia.owner is None and gaia.garrison == [Unit(ship="MO01")]
    assert "DD01" in state.discard and "survivors_lost" in types(events)
    assert state.active == AKI  # Cleo's turn is over; Aki (seat 0) is next


def example_three_state() -> SpaceEmperorState:
    return table(
        hands=[[], ["SW01", "CR02", "SP01"], []],
        systems=[
            System(id=IMPERIA, owner=BEN, garrison=[Unit(ship="DD11"), Unit(ship="DD13")]),
            System(id=TETHYS, owner=BEN),
            System(id=HALLEY, owner=CLEO, garrison=[Unit(ship="CV04")]),
            System(id=MISTRESS, owner=CLEO),
        ],
        deck=["DD12", "EV01", *FILLER],
    )


def test_example_3_black_hole_with_the_tractor(script) -> None:
    state = example_three_state()
    script(picks=[TETHYS])
    state, _ = act(state, AKI, "act", action="pass")
    assert state.hands[BEN] == ["CR02", "DD12", "SP01", "SW01"]
    assert GAME.pending(state)[0].move == "tractor"
    script(picks=[HALLEY])
    state, _events = act(state, BEN, "tractor", use="yes", target_player=CLEO)
    assert system(state, HALLEY) is None and system(state, TETHYS) is not None
    assert {"SW01", HALLEY, "CV04", "EV01"} <= set(state.discard)
    assert state.hands[BEN] == ["CR02", "DD12", "SP01"]
    assert state.active == CLEO  # 3 hand + 2 garrison = 5: no discard


def test_example_3_without_the_tractor_forces_one_discard(script) -> None:
    state = example_three_state()
    script(picks=[TETHYS])
    state, _ = act(state, AKI, "act", action="pass")
    script()
    state, _ = act(state, BEN, "tractor", use="no")
    assert system(state, TETHYS) is None
    prompt = GAME.pending(state)[0]
    assert prompt.move == "discard" and prompt.fields[0].min == 1 == prompt.fields[0].max
    rejects(state, BEN, "discard", "wrong_discard_count", cards=["SP01", "CR02"])
    state, _ = act(state, BEN, "discard", cards=["SP01"])
    assert state.active == CLEO


def test_instant_victory_in_the_middle_of_a_battle(script) -> None:
    state = table(
        hands=[["FT01", "SW04", "DD01", "DD02", "DD03", "DD04", "DD05"], ["CR09"]],
        systems=[System(id=GAIA, owner=AKI), System(id=IMPERIA, owner=BEN)],
        deck=["DD06"],
    )
    state.discard += ["SS03", "SS04", "SS05", "SS06"]  # the other four were destroyed
    script()
    fleet = [["FT01", "SW04"], ["DD01"]]
    state, _ = act(state, AKI, "act", action="attack", target=IMPERIA, fleet=fleet)
    state, events = act(state, BEN, "defend", sortie="no_sortie")
    assert state.over and state.winner == AKI and "instant_victory" in types(events)
    assert "planet_auto" in types(events)
    assert GAME.pending(state) == []  # no hand-limit check, no second planet ship
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (AKI,)


# Rejections (§4) ---------------------------------------------------------------------------


def rejection_state() -> SpaceEmperorState:
    return table(
        hands=[
            ["BB01", "SW02", "DD01", "AD02", "AD03", "SW09", "PO01", "TR01"],
            ["DD11", "CR09"],
            [],
        ],
        systems=[
            System(id=GAIA, owner=BEN, garrison=[Unit(ship="CR01", supports=["AD01"])]),
            System(id=IMPERIA, owner=BEN, garrison=[Unit(ship="CR02")]),
            System(
                id=TETHYS,
                owner=AKI,
                garrison=[Unit(ship="BB02", supports=["SW12", "ES01"]), Unit(ship="DD12")],
            ),
            System(id=AVALON, owner=None),
        ],
    )


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ({"action": "dance"}, "bad_action"),
        ({"action": "secret_police"}, "police_is_reaction"),
        ({"action": "attack", "target": TETHYS, "fleet": [["DD01"]]}, "own_system"),
        ({"action": "attack", "target": HALLEY, "fleet": [["DD01"]]}, "system_not_in_play"),
        ({"action": "attack", "target": "BB01", "fleet": [["DD01"]]}, "bad_target"),
        ({"action": "attack", "target": GAIA, "fleet": []}, "fleet_no_ship"),
        ({"action": "attack", "target": GAIA, "fleet": "BB01"}, "bad_fleet"),
        ({"action": "attack", "target": GAIA, "fleet": [["AD02"]]}, "not_a_ship"),
        ({"action": "attack", "target": GAIA, "fleet": [["BB01", "DD01"]]}, "not_a_support"),
        ({"action": "attack", "target": GAIA, "fleet": [["BB01", "PO01"]]}, "not_a_support"),
        ({"action": "attack", "target": GAIA, "fleet": [["TR01"]]}, "not_a_ship"),
        (
            {"action": "attack", "target": GAIA, "fleet": [["BB01"], ["DD01"], ["DD12"], ["AD02"]]},
            "fleet_too_large",
        ),
        ({"action": "attack", "target": GAIA, "fleet": [["BB01"], ["BB01"]]}, "card_twice"),
        ({"action": "attack", "target": GAIA, "fleet": [["CR01"]]}, "card_not_available"),
        (
            {"action": "attack", "target": GAIA, "fleet": [["DD01", "AD02", "AD03"]]},
            "same_support_twice",
        ),
        ({"action": "attack", "target": GAIA, "fleet": [["DD01", "SW02"]]}, "weapon_class"),
        ({"action": "attack", "target": GAIA, "fleet": [["BB02", "ES01"]]}, "weapon_fixed"),
        ({"action": "attack", "target": GAIA, "fleet": [["DD12", "SW12"]]}, "weapon_fixed"),
        ({"action": "spy", "spy_target": BEN}, "no_spy"),
        ({"action": "terrorist", "terror_target": GAIA}, "no_terrorist"),
    ],
)
def test_action_rejections(args: dict[str, Any], code: str) -> None:
    rejects(rejection_state(), AKI, "act", code, **args)


def test_too_many_supports_when_the_fleet_limit_allows_four_cards() -> None:
    state = rejection_state()
    state.options = SpaceEmperorOptions(fleet_card_limit=4)
    fleet = [["DD01", "AD02", "SW09", "AD03"]]
    rejects(state, AKI, "act", "too_many_supports", action="attack", target=GAIA, fleet=fleet)


def test_a_refit_discards_the_old_weapon_and_f7_moves_the_esp_aside(script) -> None:
    state = rejection_state()
    state.hands[AKI].append("SW05")  # Deflector Shield fits a battleship
    script(picks=[0])
    fleet = [["BB02", "SW05"]]
    state, events = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
    assert "SW12" in state.discard and "refit" in types(events)
    assert system(state, TETHYS).garrison == [Unit(ship="DD12", supports=["ES01"])]


def test_garrison_reassign_names_the_staying_ship(script) -> None:
    state = rejection_state()
    system(state, TETHYS).garrison += [Unit(ship="DD13")]
    fleet = [["BB02", "SW12"]]
    args = {"action": "attack", "target": GAIA, "fleet": fleet}
    rejects(state, AKI, "act", "bad_reassign", **args, garrison_reassign={"ES01": "BB02"})
    script(picks=[0])
    state, _ = act(state, AKI, "act", **args, garrison_reassign={"ES01": "DD13"})
    assert system(state, TETHYS).garrison == [
        Unit(ship="DD12"),
        Unit(ship="DD13", supports=["ES01"]),
    ]


def test_unassigned_support_when_no_garrison_ship_can_take_it() -> None:
    state = rejection_state()
    system(state, TETHYS).garrison = [Unit(ship="BB02", supports=["SW12", "ES01"])]
    fleet = [["BB02", "SW12"]]
    rejects(state, AKI, "act", "unassigned_support", action="attack", target=GAIA, fleet=fleet)


def test_spy_and_terrorist_targets() -> None:
    state = rejection_state()
    state.hands[AKI] += ["SP01", "TE01"]
    rejects(state, AKI, "act", "bad_spy_target", action="spy", spy_target=AKI)
    rejects(state, AKI, "act", "bad_spy_target", action="spy", spy_target=CLEO)  # empty hand
    rejects(state, AKI, "act", "bad_terror_target", action="terrorist", terror_target=AVALON)
    rejects(state, AKI, "act", "bad_terror_target", action="terrorist", terror_target=TETHYS)
    state.systems = [s for s in state.systems if s.id != IMPERIA]
    state.systems.append(System(id=IMPERIA, owner=BEN))
    rejects(state, AKI, "act", "bad_terror_target", action="terrorist", terror_target=IMPERIA)


def test_wrong_player_and_wrong_state() -> None:
    state = rejection_state()
    rejects(state, BEN, "act", "not_your_turn", action="pass")
    rejects(state, AKI, "defend", "wrong_phase", sortie="no_sortie")
    rejects(state, AKI, "fly", "unknown_move")


def attacked_state(script) -> SpaceEmperorState:
    state = rejection_state()
    script()
    fleet = [["BB01", "SW02"], ["DD01"]]
    state, _ = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
    return state


def test_defence_rejections(script) -> None:
    state = attacked_state(script)
    rejects(state, BEN, "defend", "other_garrison", sortie="sortie", fleet=[["CR02"]])
    rejects(state, BEN, "defend", "bad_answer", sortie="maybe")
    rejects(state, AKI, "defend", "not_your_turn", sortie="no_sortie")
    state, _ = act(state, BEN, "defend", sortie="sortie", fleet=[["CR01", "AD01"], ["DD11"]])
    rejects(state, BEN, "targets", "bad_defence_target", target_1=0)
    rejects(state, BEN, "targets", "bad_defence_target", target_1=0, target_2=5)
    state, _ = act(state, BEN, "targets", target_1=0, target_2=0)
    rejects(state, AKI, "assign", "bad_assignment", assign_1=PLANET, assign_2=PLANET)
    rejects(state, AKI, "assign", "bad_assignment", assign_1=0)


def test_reaction_rejections_and_secret_police(script) -> None:
    state = rejection_state()
    state.hands[AKI].append("SP01")
    script()
    state, events = act(state, AKI, "act", action="spy", spy_target=BEN)
    assert GAME.pending(state)[0].seats == (BEN,)  # always asked, though Ben holds none
    rejects(state, BEN, "react", "no_secret_police", answer="secret_police")
    rejects(state, AKI, "react", "not_your_turn", answer="decline")
    state.hands[BEN].append("PO02")
    state, events = act(state, BEN, "react", answer="secret_police")
    assert "secret_police" in types(events) and {"SP01", "PO02"} <= set(state.discard)
    assert len(state.hands[BEN]) == 2


def test_reactions_are_skipped_without_police_when_the_option_is_off(script) -> None:
    state = rejection_state()
    state.options = SpaceEmperorOptions(always_prompt_reactions=False)
    state.hands[AKI].append("SP01")
    script(picks=["CR09"])
    state, events = act(state, AKI, "act", action="spy", spy_target=BEN)
    stolen = next(e for e in events if e.type == "spied_card")
    assert stolen.to == (AKI, BEN) and "CR09" in state.hands[AKI]


def test_open_card_rejections(script) -> None:
    state = table(
        hands=[["DD01"], ["CR09"], []],
        systems=[System(id=GAIA, owner=BEN)],
        deck=["TR01", *FILLER],
        active=CLEO,
    )
    script()
    state, _ = act(state, CLEO, "act", action="pass")  # Aki draws the trade card
    assert GAME.pending(state)[0].move == "trade_partner"
    rejects(state, AKI, "trade_partner", "trade_with_self", player=AKI)
    rejects(state, AKI, "trade_partner", "bad_trade_partner", player=CLEO)
    script(picks=["DD01", "CR09"])
    after, events = act(state, AKI, "trade_partner", player=BEN)
    private = next(e for e in events if e.type == "traded_cards")
    assert private.to == (AKI, BEN) and after.hands[AKI] == ["CR09"]
    state = table(
        hands=[[], ["CR09"], []],
        systems=[System(id=GAIA, owner=BEN)],
        deck=["MO03", *FILLER],
        active=CLEO,
    )
    script()
    state, _ = act(state, CLEO, "act", action="pass")  # Aki draws a monster, owns nothing
    rejects(state, AKI, "monster_push", "push_to_self", player=AKI)
    rejects(state, AKI, "monster_push", "bad_push_target", player=CLEO)
    script(picks=[GAIA])
    state, _ = act(state, AKI, "monster_push", player=BEN)
    assert GAME.pending(state)[0].move == "defend" and GAME.pending(state)[0].seats == (BEN,)


def test_tractor_rejections(script) -> None:
    state = example_three_state()
    script(picks=[TETHYS])
    state, _ = act(state, AKI, "act", action="pass")
    rejects(state, BEN, "tractor", "tractor_self", use="yes", target_player=BEN)
    rejects(state, BEN, "tractor", "bad_answer", use="perhaps")


def test_discard_rejections(script) -> None:
    state = table(
        hands=[["DD01", "DD02", "DD03", "DD04"], ["CR09"]],
        systems=[System(id=GAIA, owner=AKI, garrison=[Unit(ship="BB05", supports=["AD01"])])],
        deck=["DD05"],
    )
    script()
    state, _ = act(state, AKI, "act", action="pass")
    assert GAME.pending(state)[0].fields[0].min == 1
    rejects(state, AKI, "discard", "ship_without_supports", cards=["BB05"])
    rejects(state, AKI, "discard", "card_not_available", cards=["CR09"])
    state, _events = act(state, AKI, "discard", cards=["AD01"])
    assert system(state, GAIA).garrison == [Unit(ship="BB05")]


def test_escape_and_relocate_rejections(script) -> None:
    state = table(
        hands=[["CR01", "ES01", "DD01", "DD02"], ["BB05"], []],
        systems=[
            System(id=GAIA, owner=BEN),
            System(id=TETHYS, owner=AKI),
            System(id=AVALON, owner=AKI),
        ],
        fleet_card_limit=4,
    )
    script()
    fleet = [["CR01", "ES01"], ["DD01"], ["DD02"]]
    state, _ = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
    state, _ = act(state, BEN, "defend", sortie="sortie", fleet=[["BB05"]])
    state, _ = act(state, BEN, "targets", target_1=0)
    # A1 fights D1 (forced), A2 attacks D1 unopposed, A3 goes for the planet. BB05 sinks CR01;
    # its ESP may escape to A2 or A3.
    script(dice=[1, 1, 1, 1, 1, 6, 6, 6, 1])
    state, _ = act(state, AKI, "assign", assign_2=0, assign_3=PLANET)
    assert GAME.pending(state)[0].move == "esp_escape"
    rejects(state, AKI, "esp_escape", "bad_escape", ship=0)
    script(dice=[1, 1])
    state, events = act(state, AKI, "esp_escape", ship=1)
    assert "attack_failed" in types(events)
    assert GAME.pending(state)[0].move == "relocate"
    rejects(state, AKI, "relocate", "not_your_system", system=GAIA)
    state, _ = act(state, AKI, "relocate", system=AVALON)
    assert system(state, AVALON).garrison == [Unit(ship="DD01", supports=["ES01"])]


# Card data ---------------------------------------------------------------------------------


def test_the_designed_card_set_has_the_counts_of_section_one() -> None:
    cards = card_set("designed_v1").cards
    assert len(cards) == 100
    ships = [c for c in cards.values() if c.kind == "ship"]
    assert len(ships) == 51 and sum(c.strength for c in ships) == 140


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda cards: cards[3].pop("strength"), "record 3 (BB01)"),
        (lambda cards: cards[84].update(scope="fleet"), "record 84 (SW01)"),
        (lambda cards: cards[10].update(kind="cruiser"), "field kind"),
        (lambda cards: cards.pop(), "99 cards"),
        (lambda cards: cards[1].update(id="FT01"), "duplicate id"),
        (lambda cards: cards[74].update(kind="admiral"), "kind secret_police"),
    ],
)
def test_a_malformed_card_file_names_the_record(change, message: str) -> None:
    data = json.loads(json.dumps(load("engine.games.space_emperor", "space_emperor_designed_v1")))
    change(data["cards"])
    with pytest.raises(CardDataError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_card_set("broken", data)


# Hidden information ------------------------------------------------------------------------


def test_face_down_fleet_cards_change_no_public_view_or_narration(script) -> None:
    results = []
    for fleet in ([["BB01", "SW02"], ["DD01"]], [["BB03", "SW03"], ["DD02"]]):
        state = example_one_state()
        state.hands[AKI] = sorted(["BB01", "SW02", "DD01", "BB03", "SW03", "DD02"])
        script()
        after, events = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
        public = [e for e in events if e.to is None]
        results.append((GAME.view(after, None), GAME.view(after, BEN), public))
    assert results[0] == results[1]


def test_hands_change_no_public_view_image_or_narration() -> None:
    one = example_one_state()
    two = example_one_state()
    two.hands[AKI] = ["CV01", "DD20", "ES02"]
    assert GAME.view(one, None) == GAME.view(two, None)
    assert GAME.view(one, CLEO) == GAME.view(two, CLEO)
    after = [act(state, AKI, "act", action="pass") for state in (one, two)]
    public = [[e for e in events if e.to is None] for _, events in after]
    assert public[0] == public[1]
    images = [render_png("space_emperor", GAME.public_view(s), NAMES[:3]) for s, _ in after]
    assert images[0] == images[1]


def test_a_stolen_card_is_seen_only_by_the_two_players(script) -> None:
    seen = []
    for stolen in ("CR09", "DD11"):
        state = rejection_state()
        state.hands[AKI].append("SP01")
        script()
        state, _ = act(state, AKI, "act", action="spy", spy_target=BEN)
        script(picks=[stolen])
        after, events = act(state, BEN, "react", answer="decline")
        private = [e for e in events if e.type == "spied_card"]
        assert [e.to for e in private] == [(AKI, BEN)]
        seen.append(
            (GAME.view(after, None), GAME.view(after, CLEO), [e for e in events if e.to is None])
        )
    assert seen[0] == seen[1]


# Determinism and options ---------------------------------------------------------------------


def test_same_seed_and_inputs_give_the_same_dice() -> None:
    first, actions = play_out(GAME, GAME.setup(GAME.parse_options({}), 3, 11), 11)
    state = GAME.setup(GAME.parse_options({}), 3, 11)
    dice: list = []
    for action in actions:
        state, events = GAME.apply(state, action)
        dice += [e.data["faces"] for e in events if e.type.endswith("roll")]
    assert state == first and dice, "no dice rolled in seed 11"


@pytest.mark.parametrize(
    ("options", "seats", "code"),
    [
        ({}, 7, "seven_needs_option"),
        ({}, 1, "bad_seat_count"),
    ],
)
def test_invalid_setups_are_refused(options, seats: int, code: str) -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.setup(GAME.parse_options(options), seats, 1)
    assert error.value.code == code


@pytest.mark.parametrize(
    "raw",
    [
        {"hand_limit": 0},
        {"fleet_card_limit": 9},
        {"first_player": "oldest"},
        {"final_tiebreak": "dice"},
        {"card_set": "original"},
        {"endgame_turn_limit": 0},
    ],
)
def test_invalid_option_values_are_refused(raw: dict[str, Any]) -> None:
    with pytest.raises(IllegalInput) as error:
        GAME.parse_options(raw)
    assert error.value.code == "option_values" and error.value.args_["name"] in raw
    with pytest.raises(IllegalInput):
        GAME.parse_options({"no_such_option": True})


@pytest.mark.parametrize(
    "options",
    [
        {"allow_seven_players": True},
        {"first_player": "host"},
        {"hand_limit": 7, "fleet_card_limit": 4},
        {"zero_tie_sinks": False, "always_prompt_reactions": False},
        {"endgame_turn_limit": None, "final_tiebreak": "fleet_strength"},
    ],
)
def test_every_option_plays_to_the_end(options: dict[str, Any]) -> None:
    seats = 7 if options.get("allow_seven_players") else 4
    for seed in range(3):
        state = GAME.setup(GAME.parse_options(options), seats, seed)
        final, _ = play_out(GAME, state, ai_seed(seed, 0, 0))
        assert GAME.outcome(final) is not None, f"{options} seed {seed}"


def test_options_typed_in_discord_are_understood() -> None:
    options = GAME.parse_options(
        {"endgame_turn_limit": "null", "zero_tie_sinks": "false", "hand_limit": "6"}
    )
    assert options.endgame_turn_limit is None and options.zero_tie_sinks is False
    assert options.hand_limit == 6


def test_host_names_the_first_player() -> None:
    state = GAME.setup(GAME.parse_options({"first_player": "host"}), 3, 2)
    prompt = GAME.pending(state)[0]
    assert prompt.move == "first_player" and prompt.seats == (0,)
    state, _ = act(state, 0, "first_player", player=2)
    assert state.active == 2 and state.turn == 1


# AI against random seats ------------------------------------------------------------------

AI_SAMPLE = 40
AI_GAMES = 200


def ai_win_rate(games: int) -> float:
    """Seat 0 is the AI, seats 1-3 play the random baseline; a win is being among the winners."""
    wins = 0
    for seed in range(games):
        state = GAME.setup(GAME.parse_options({}), 4, seed)
        final, _ = play_out(GAME, state, seed, (True, False, False, False))
        wins += 0 in GAME.outcome(final).winners  # type: ignore[union-attr]
    rate = wins / games
    print(f"space_emperor AI vs random, 4 players, seeds 0-{games - 1}: {rate:.0%}")
    return rate


def test_ai_beats_random_in_a_bounded_sample() -> None:
    assert ai_win_rate(AI_SAMPLE) >= 0.55, f"seeds 0-{AI_SAMPLE - 1}"


@pytest.mark.slow
def test_ai_beats_random_in_200_games() -> None:
    assert ai_win_rate(AI_GAMES) >= 0.6, f"seeds 0-{AI_GAMES - 1}"


@pytest.mark.parametrize("seats", [2, 5])
def test_ai_only_games_end_with_legal_inputs(seats: int) -> None:
    for seed in range(3):
        final, actions = play_out(GAME, GAME.setup(GAME.parse_options({}), seats, seed), seed)
        assert GAME.outcome(final) is not None and actions, f"seats {seats} seed {seed}"


# Board image -------------------------------------------------------------------------------

NAMES = ["Aki", "ベン", "Cleo", "Dmitri", "Eve", "真理子", "Gus"]


def test_board_images_through_a_seven_player_game_are_palette_and_deterministic() -> None:
    state = GAME.setup(GAME.parse_options({"allow_seven_players": True}), 7, 5)
    shown = 0
    for step in range(120):
        prompts = GAME.pending(state)
        if not prompts:
            break
        view = GAME.view(state, None)
        if step % 10 == 0 or view.battle is not None:
            locale = "ja" if step % 20 else "en"
            public = GAME.public_view(state)
            png = Image.open(io.BytesIO(render_png("space_emperor", public, NAMES, locale)))
            assert png.mode == "P" and png.size[0] == 1200, step
            assert render_png("space_emperor", public, NAMES) == render_png(
                "space_emperor", public, NAMES
            ), f"seed 5 step {step}: not byte-identical"
            shown += view.battle is not None
        prompt = prompts[0]
        action = choose_action(GAME, state, prompt, prompt.seats[0], ai_seed(5, step, 0))
        state, _ = GAME.apply(state, action)
    assert shown, "seed 5: no battle drawn in 120 inputs"


def test_the_image_is_the_same_whatever_the_face_down_cards(script) -> None:
    images = []
    for fleet in ([["BB01", "SW02"], ["DD01"]], [["BB03", "SW03"], ["DD02"]]):
        state = example_one_state()
        state.hands[AKI] = sorted(["BB01", "SW02", "DD01", "BB03", "SW03", "DD02"])
        script()
        after, _ = act(state, AKI, "act", action="attack", target=GAIA, fleet=fleet)
        images.append(render_png("space_emperor", GAME.public_view(after), NAMES[:3]))
    assert images[0] == images[1]


# Open cards, operations and the end (sections 5.6-5.11, 6) ------------------------------------


def test_terrorist_destroys_a_ship_and_its_admiral_moves_to_the_emptiest_ship(script) -> None:
    state = rejection_state()
    state.hands[AKI].append("TE01")
    gaia = system(state, GAIA)
    gaia.garrison = [Unit(ship="CR01", supports=["AD01", "SW09"]), Unit(ship="DD13")]
    script()
    state, _ = act(state, AKI, "act", action="terrorist", terror_target=GAIA)
    script(picks=["CR01"])
    state, events = act(state, BEN, "react", answer="decline")
    assert {"CR01", "SW09", "TE01"} <= set(state.discard) and "sabotaged" in types(events)
    assert system(state, GAIA).garrison == [Unit(ship="DD13", supports=["AD01"])]


def test_supernova_and_black_hole_on_a_player_without_systems(script) -> None:
    for card, kept in (("EV02", []), ("EV01", ["AD02", "SP01"])):
        state = table(
            hands=[["CR09"], ["AD02", "DD11", "SP01"], []],
            systems=[System(id=GAIA, owner=CLEO)],
            deck=[card, *FILLER],
        )
        script()
        state, events = act(state, AKI, "act", action="pass")
        assert state.hands[BEN] == kept and "hand_lost" in types(events), card


def test_defect_discards_weapons_and_garrison_esp_but_not_admirals(script) -> None:
    state = table(
        hands=[["CR09"], ["SW12", "ES02", "AD02"], []],
        systems=[System(id=GAIA, owner=BEN, garrison=[Unit(ship="BB05", supports=["SW05", "ES01"])]),
                 System(id=IMPERIA, owner=BEN, garrison=[Unit(ship="CR01", supports=["AD01"])])],
        deck=["EV03", *FILLER],
    )  # fmt: skip
    script()
    state, _ = act(state, AKI, "act", action="pass")
    assert state.hands[BEN] == ["AD02", "ES02"]
    assert system(state, GAIA).garrison == [Unit(ship="BB05")]
    assert system(state, IMPERIA).garrison == [Unit(ship="CR01", supports=["AD01"])]
    assert {"SW12", "SW05", "ES01", "EV03"} <= set(state.discard)


def test_monsters_without_owners_settle_then_fight_each_other(script) -> None:
    state = table(hands=[["CR09"], []], systems=[System(id=AVALON, owner=None)],
                  deck=["MO01", "MO03", *FILLER])  # fmt: skip
    # Aki passes; Ben draws the Dragon, which settles; Aki draws the Amoeba, which attacks it:
    # the Amoeba rolls 6 hits, the Dragon none.
    script(picks=[AVALON, AVALON], dice=[6] * 6 + [1] * 8)
    state, events = act(state, AKI, "act", action="pass")
    assert types(events).count("monster_settles") == 1 and "monster_duel" in types(events)
    assert system(state, AVALON).garrison == [Unit(ship="MO03")] and "MO01" in state.discard
    assert system(state, AVALON).owner is None


def test_an_attack_on_a_monster_garrison_and_a_zero_zero_tie_without_sinking(script) -> None:
    state = table(hands=[["DD11", "DD12"], ["CR09"]], zero_tie_sinks=False,
                  systems=[System(id=AVALON, owner=None, garrison=[Unit(ship="MO03")])])  # fmt: skip
    script(picks=[0])
    fleet = [["DD11"], ["DD12"]]
    state, _ = act(state, AKI, "act", action="attack", target=AVALON, fleet=fleet)
    assert GAME.pending(state)[0].move == "assign"  # A2 untargeted: fight D1 or the planet
    script(dice=[1, 1] + [1] * 6)
    state, events = act(state, AKI, "assign", assign_2=0)
    assert "sunk" not in types(events) and "battle_defender" in types(events)
    assert system(state, AVALON).garrison == [Unit(ship="MO03")]
    assert "survivors_lost" in types(events)  # Aki owns no system to take them back


def test_endgame_pass_retires_and_the_tiebreak_counts_fleet_strength(script) -> None:
    state = table(
        hands=[["BB01"], ["DD11"]],
        systems=[System(id=GAIA, owner=AKI), System(id=IMPERIA, owner=BEN)],
        deck=[],
        final_tiebreak="fleet_strength",
    )
    state.endgame_turn = True
    script()
    state, events = act(state, AKI, "act", action="pass")
    assert state.retired == [True, False] and "retired" in types(events)
    state, _ = act(state, BEN, "act", action="pass")
    assert state.over and GAME.pending(state) == []
    outcome = GAME.outcome(state)
    assert outcome.winners == (AKI,) and outcome.scores == (1, 1) and outcome.ranks == (1, 2)


def test_either_ending_closes_with_the_one_game_over_event(script) -> None:
    """The core's game_over (winners and scores) ends both endings once, after the game's own
    narration: the instant victory, and the last retirement (all_retired)."""
    state = table(
        hands=[["FT01", "SW04", "DD01"], ["CR09"]],
        systems=[System(id=GAIA, owner=AKI), System(id=IMPERIA, owner=BEN)],
        deck=["DD06"],
    )
    state.discard += ["SS03", "SS04", "SS05", "SS06"]
    script()
    state, _ = act(state, AKI, "act", action="attack", target=IMPERIA, fleet=[["FT01", "SW04"]])
    _, events = act(state, BEN, "defend", sortie="no_sortie")
    assert types(events).count("game_over") == 1 and types(events)[-1] == "game_over"
    assert events[-1].data == {"scores": [2, 0], "seats": [AKI]}
    state = table(hands=[["BB01"], ["DD11"]], systems=[System(id=GAIA, owner=AKI)], deck=[])
    state.endgame_turn = True
    state.retired = [False, True]
    _, events = act(state, AKI, "act", action="pass")
    assert types(events)[-2:] == ["all_retired", "game_over"]
    assert events[-1].data == {"scores": [1, 0], "seats": [AKI]}


def test_the_cheap_input_check_agrees_with_the_prompts() -> None:
    """apply checks (move, seat) without building the prompt; both must always agree."""
    for seed in range(6):
        state = GAME.setup(GAME.parse_options({}), 2 + seed % 4, seed)
        for step in range(400):
            prompt = pending_prompt(Ctx(state, None))
            expected = expected_input(Ctx(state, None))
            if prompt is None:
                assert expected is None, f"seed {seed} step {step}"
                break
            assert expected == (prompt.move, prompt.seats[0]), f"seed {seed} step {step}"
            action = choose_action(GAME, state, prompt, prompt.seats[0], ai_seed(seed, step, 1))
            state, _ = GAME.apply(state, action)
