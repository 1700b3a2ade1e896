"""Prokonsul: the spec's worked examples (rules/prokonsul.md §10), every error code, every variant,
chip secrecy, the AI against random players and the board image."""

from __future__ import annotations

import pytest

from engine.ai import ai_seed, choose_action, play_out, random_action
from engine.core import Action, IllegalInput, Kind
from engine.games.prokonsul import Prokonsul, ProkonsulOptions, ProkonsulState, Proposal
from engine.games.prokonsul.estimate import evaluate
from engine.games.prokonsul.sampler import payouts, sample
from engine.games.prokonsul.state import ROUND_ALLOWANCE, allowance_left, top_two_value
from engine.registry import get_game
from engine.rng import Rng
from render.common import Labels, encode_png
from render.prokonsul import draw

LABELS = Labels(Prokonsul.strings, "en")
GAME: Prokonsul = get_game("prokonsul")  # type: ignore[assignment]
A, B, C, D, E = range(5)
HISP_ULT, HISP_CIT, SARD, SICI, AFRI, MACE, ASIA = range(7)
NAMES = ["Alice", "Bob", "真理子", "Dmitri", "Eve"]


def new(
    seats: int, *, track: tuple[int, ...] | None = None, pawn: int = SICI, **options
) -> ProkonsulState:
    state = GAME.setup(ProkonsulOptions(**options), seats, seed=1)
    update: dict = {"pawn": pawn, "visited": (pawn,)}
    if track is not None:
        update["tiebreak"] = track
    return state.model_copy(update=update)


def act(state: ProkonsulState, seat: int, move: str, **args) -> ProkonsulState:
    after, _ = GAME.apply(state, Action(seat=seat, move=move, args=args))
    return after


def act_events(state: ProkonsulState, seat: int, move: str, **args):
    return GAME.apply(state, Action(seat=seat, move=move, args=args))


def play_cards(state: ProkonsulState, *cards: int) -> tuple[ProkonsulState, list]:
    events: list = []
    for seat, card in enumerate(cards):
        state, new_events = GAME.apply(state, Action(seat=seat, move="select", args={"card": card}))
        events += new_events
    return state, events


def rejects(state: ProkonsulState, seat: int, move: str, code: str, **args) -> None:
    before = state.model_dump_json()
    with pytest.raises(IllegalInput) as error:
        GAME.apply(state, Action(seat=seat, move=move, args=args))
    assert error.value.code == code
    assert state.model_dump_json() == before


# Worked examples -------------------------------------------------------------------------


def test_example_1_simple_successful_petition() -> None:
    state = new(4, track=(C, A, D, B), pawn=SICI)
    state, events = play_cards(state, 9, 7, 7, 3)
    assert (state.total, state.threshold) == (26, 14)
    assert state.queue == (A, C, B, D) and state.petitioner == A
    assert not any(e.type == "track_moved" for e in events)
    state = act(state, A, "offer", target=D, chips=2, text="I will back you in Africa")
    assert state.offer is not None and state.offer.text == "I will back you in Africa"
    asked = next(p for p in GAME.pending(state) if p.move == "answer").text
    assert asked.key == "prompt.answer_promise"  # the promise is labelled, not tacked on
    assert "Promise (not binding): “{text}”" in GAME.strings["en"][asked.key]
    state = act(state, D, "answer", answer="decline")
    assert state.barred == (D,) and state.petitioner == A
    state, events = act_events(state, A, "offer", target=C, chips=3)
    assert next(p for p in GAME.pending(state) if p.move == "answer").text.key == "prompt.answer"
    state, events = act_events(state, C, "answer", answer="accept")
    assert state.chips == (17, 20, 23, 20)
    assert state.winner == A and state.candidates[SICI] == (A,) and state.supply[A] == 4
    assert state.phase == "pawn" and state.tiebreak == (C, A, D, B)
    rejects(state, A, "move_pawn", "same_province", province="SICI")
    state = act(state, A, "move_pawn", province="AFRI")
    assert state.pawn == AFRI and state.round == 2 and state.phase == "select"
    assert state.chips == (17, 20, 23, 20)


def test_example_2_equal_cards_failed_petition_zero_chip_offer() -> None:
    state = new(3, track=(B, C, A), pawn=AFRI)
    state, events = play_cards(state, 5, 5, 4)
    assert (state.total, state.threshold) == (14, 8)
    assert state.queue == (B, A, C) and state.petitioner == B
    moved = [e for e in events if e.type == "track_moved"]
    assert [e.data["seat"] for e in moved] == [B] and state.tiebreak == (C, A, B)
    state = act(state, B, "offer", target=C, chips=1)
    state = act(state, C, "answer", answer="decline")
    state = act(state, B, "offer", target=A, chips=2)
    state, events = act_events(state, A, "answer", answer="decline")
    assert [e.type for e in events if e.type in ("petition_failed", "track_moved")] == [
        "petition_failed"
    ]
    assert state.petitioner == A and state.held[B] == (B,) and state.tiebreak == (C, A, B)
    state = act(state, A, "offer", target=C, chips=0, text="next round I will give you 3 chips")
    state = act(state, C, "answer", answer="accept")
    assert state.chips == (20, 20, 20) and state.tiebreak == (C, A, B)
    assert state.winner == A and state.result == "petition" and state.candidates[AFRI] == (A,)


def test_example_3_fallback_governor_and_link_bonus() -> None:
    state = new(3, track=(A, B, C), pawn=SICI)
    state = state.model_copy(
        update={
            "governor": (None, None, None, None, A, None, None),
            "candidates": ((), (), (), (A, B), (), (), ()),
            "supply": (3, 4, 5),
        }
    )
    state, _ = play_cards(state, 12, 9, 8)
    assert (state.total, state.threshold) == (29, 15) and state.queue == (A, B, C)
    for petitioner, offers in ((A, ((B, 4), (C, 3))), (B, ((C, 2), (A, 1))), (C, ((A, 2), (B, 2)))):
        assert state.petitioner == petitioner
        for target, chips in offers:
            state = act(state, petitioner, "offer", target=target, chips=chips)
            state, events = act_events(state, target, "answer", answer="decline")
    kinds = [e.type for e in events]
    assert kinds.index("petition_failed") < kinds.index("fallback") < kinds.index("round_won")
    assert state.winner == A and state.result == "fallback"
    assert state.chips == (31, 20, 20)
    assert state.governor[SICI] == A and state.candidates[SICI] == ()
    assert state.supply == (3, 5, 5) and state.tiebreak == (A, B, C)
    bonus = [e for e in events if e.type == "link_bonus"]
    assert len(bonus) == 1 and bonus[0].data["chips"] == 5
    prompt = GAME.pending(state)[0]
    offered = {c.value for c in prompt.fields[0].options}
    assert offered == {"HISP_ULT", "HISP_CIT", "SARD", "MACE", "ASIA"}
    rejects(state, A, "move_pawn", "province_governed", province="AFRI")
    rejects(state, A, "move_pawn", "province_governed", province="SICI")


# Card selection ----------------------------------------------------------------------------


def test_selection_is_secret_changeable_and_keeps_its_key() -> None:
    state = new(3)
    prompts = GAME.pending(state)
    assert len(prompts) == 1 and prompts[0].kind == Kind.SECRET and prompts[0].seats == (A, B, C)
    key = prompts[0].key
    state = act(state, A, "select", card=9)
    prompt = GAME.pending(state)[0]
    assert prompt.key == key and prompt.seats == (B, C) and prompt.done == (A,)
    assert GAME.view(state, B).chosen == (True, False, False)
    assert GAME.view(state, B).own_choice is None and GAME.view(state, A).own_choice == 9
    state, events = act_events(state, A, "select", card=2)  # changes his mind
    assert state.chosen[A] == 2 and all(e.to == (A,) for e in events)
    assert GAME.pending(state)[0].key == key
    state = act(state, B, "select", card=3)
    state = act(state, C, "select", card=4)
    assert state.revealed == (2, 3, 4) and 2 not in state.hands[A] and 9 in state.hands[A]
    rejects(state, A, "select", "wrong_phase", card=5)


def test_players_with_different_hands_get_their_own_prompt() -> None:
    state = new(3).model_copy(update={"hands": ((1, 2), (1, 2), (3, 4))})
    prompts = GAME.pending(state)
    assert [p.seats for p in prompts] == [(A, B), (C,)]
    assert [[c.value for c in p.fields[0].options] for p in prompts] == [[1, 2], [3, 4]]
    assert len({p.key for p in prompts}) == 1
    rejects(state, C, "select", "bad_card", card=1)
    rejects(state, A, "select", "bad_card", card="1")
    rejects(state, A, "select", "bad_card", card=True)


def test_hands_come_back_after_ten_rounds() -> None:
    state = new(3).model_copy(update={"hands": ((12,), (1,), (2,)), "round": 10})
    state, events = play_cards(state, 12, 1, 2)  # 12 >= 8: immediate win
    assert any(e.type == "immediate_win" for e in events)
    state = act(state, A, "move_pawn", province="ASIA")
    assert state.round == 11 and state.hands == ((1, 2, 3, 4, 5, 6, 7, 8, 9, 12),) * 3
    assert GAME.view(state, None).hand_size == 10


def test_immediate_win_skips_petitions_and_pawn_line() -> None:
    state = new(3, track=(C, B, A))
    state, events = play_cards(state, 12, 1, 1)
    assert state.winner == A and state.result == "immediate" and state.tiebreak == (C, B, A)
    assert not any(e.type in ("petitioner", "track_moved") for e in events)


def test_three_way_tie_moves_first_and_second_of_the_group() -> None:
    state = new(4, track=(A, B, C, D))
    state, _ = play_cards(state, 5, 5, 5, 4)
    assert state.petitioner == A and state.tiebreak == (B, C, D, A)
    for target in (B, C, D):
        state = act(state, A, "offer", target=target, chips=0)
        state = act(state, target, "answer", answer="decline")
    assert state.petitioner == B and state.tiebreak == (C, D, A, B)
    for target in (A, C, D):
        state = act(state, B, "offer", target=target, chips=0)
        state = act(state, target, "answer", answer="decline")
    assert state.petitioner == C and state.tiebreak == (C, D, A, B)  # nobody equal left


def test_players_without_cards_are_skipped_and_cannot_be_asked() -> None:
    state = new(4, track=(A, B, C, D))
    state, _ = play_cards(state, 9, 6, 5, 1)  # total 21, threshold 11
    state = act(state, A, "offer", target=D, chips=1)
    state = act(state, D, "answer", answer="accept")  # A holds 10 < 11
    assert state.held[D] == () and state.petitioner == A
    rejects(state, A, "offer", "bad_target", target=D, chips=0)
    rejects(state, A, "offer", "bad_target", target=A, chips=0)
    for target in (B, C):
        state = act(state, A, "offer", target=target, chips=0)
        state = act(state, target, "answer", answer="decline")
    assert state.petitioner == B  # D gave his card away: never petitions
    state = act(state, B, "offer", target=A, chips=2)  # A's collected cards go together
    state = act(state, A, "answer", answer="accept")
    assert state.winner == B and state.held[B] == (B, A, D) and state.chips == (21, 18, 20, 21)


# Errors -----------------------------------------------------------------------------------


def petition_state(**options) -> ProkonsulState:
    state = new(3, track=(A, B, C), **options)
    state, _ = play_cards(state, 9, 5, 4)  # threshold 10, A petitions
    return state


@pytest.mark.parametrize(
    ("seat", "move", "args", "code"),
    [
        (3, "offer", {"target": B, "chips": 0}, "not_a_player"),
        (-1, "offer", {"target": B, "chips": 0}, "not_a_player"),
        (A, "fly", {}, "unknown_move"),
        (A, "select", {"card": 1}, "wrong_phase"),
        (A, "move_pawn", {"province": "ASIA"}, "wrong_phase"),
        (A, "propose", {}, "wrong_phase"),
        (A, "vote", {}, "wrong_phase"),
        (A, "no_decision", {"vote": "end"}, "wrong_phase"),
        (B, "offer", {"target": C, "chips": 0}, "not_your_turn"),
        (A, "answer", {"answer": "accept"}, "not_your_turn"),
        (A, "respond", {"decision": "break_off"}, "not_your_turn"),
        (A, "offer", {"target": 7, "chips": 0}, "bad_target"),
        (A, "offer", {"target": "B", "chips": 0}, "bad_target"),
        (A, "offer", {"target": B, "chips": -1}, "bad_amount"),
        (A, "offer", {"target": B, "chips": True}, "bad_amount"),
        (A, "offer", {"target": B, "chips": 1.5}, "bad_amount"),
        (A, "offer", {"target": B, "chips": 21}, "not_enough_chips"),
        (A, "offer", {"target": B, "chips": 1, "text": "x" * 201}, "bad_text"),
        (A, "offer", {"target": B, "chips": 1, "text": 5}, "bad_text"),
    ],
)
def test_petition_errors(seat, move, args, code) -> None:
    rejects(petition_state(), seat, move, code, **args)


def test_answer_errors_and_strict_has_no_counter() -> None:
    state = act(petition_state(), A, "offer", target=B, chips=3)
    rejects(state, C, "answer", "not_your_turn", answer="accept")
    rejects(state, A, "offer", "not_your_turn", target=C, chips=0)  # one offer at a time
    rejects(state, B, "answer", "bad_answer", answer="counter", chips=5)
    rejects(state, B, "answer", "bad_answer", answer="maybe")
    prompt = GAME.pending(state)[0]
    assert prompt.kind == Kind.REPLY and prompt.seats == (B,)
    assert [c.value for c in prompt.fields[0].options] == ["accept", "decline"]


def test_offer_prompt_is_private_and_tight() -> None:
    state = petition_state()
    state = state.model_copy(update={"chips": (13, 20, 20)})
    prompt = GAME.pending(state)[0]
    assert prompt.move == "offer" and prompt.kind == Kind.TURN and prompt.seats == (A,)
    assert prompt.public_options is False
    fields = {f.name: f for f in prompt.fields}
    assert [c.value for c in fields["target"].options] == [B, C]
    assert (fields["chips"].min, fields["chips"].max) == (0, 13)
    assert fields["text"].optional


def test_pawn_errors() -> None:
    state = new(3)
    state, _ = play_cards(state, 12, 1, 1)
    rejects(state, B, "move_pawn", "not_your_turn", province="ASIA")
    rejects(state, A, "move_pawn", "bad_province", province="ROMA")
    rejects(state, A, "move_pawn", "bad_province", province=3)
    rejects(state, A, "move_pawn", "same_province", province="SICI")


def test_pawn_moves_automatically_with_one_choice_and_stays_with_none() -> None:
    governed = (A, A, A, None, A, A, None)
    state = new(3, pawn=SICI).model_copy(update={"governor": governed})
    state, events = play_cards(state, 12, 1, 1)
    assert state.pawn == ASIA and state.phase == "select"
    assert any(e.type == "pawn_moved" for e in events)
    last = new(3, pawn=SICI).model_copy(
        update={"governor": (A, A, A, None, A, A, B), "candidates": ((), (), (), (B,), (), (), ())}
    )
    last, events = play_cards(last, 12, 1, 1)
    assert last.pawn == SICI and last.candidates[SICI] == (A, B)
    assert any(e.type == "pawn_stays" for e in events) and last.phase == "select"


def test_no_counter_left_places_nothing_but_can_still_become_governor() -> None:
    state = new(3, pawn=SICI).model_copy(
        update={"supply": (0, 5, 5), "candidates": ((A,), (A,), (A,), (), (A,), (A,), ())}
    )
    after, events = play_cards(state, 12, 1, 1)
    assert after.candidates[SICI] == () and any(e.type == "no_counter" for e in events)
    state = state.model_copy(update={"pawn": HISP_ULT})
    after, events = play_cards(state, 12, 1, 1)
    assert after.governor[HISP_ULT] == A and after.supply[A] == 0 and after.chips[A] == 25


def test_game_end_and_tie_goes_to_the_leftmost_pawn() -> None:
    state = new(3, track=(C, B, A), pawn=ASIA).model_copy(
        update={
            "governor": (B, B, B, C, C, C, None),
            "candidates": ((), (), (), (), (), (), (A,)),
            "chips": (10, 30, 20),
        }
    )
    state, events = play_cards(state, 12, 1, 1)  # A governs ASIA: 10 + 10 = 20... + no link
    assert state.phase == "over" and GAME.pending(state) == []
    assert state.chips == (20, 30, 20)
    result = GAME.outcome(state)
    assert result.winners == (B,) and result.ranks == (3, 1, 2)  # C is left of A on the track
    assert GAME.view(state, None).final_chips == (20, 30, 20)
    assert events[-1].type == "game_over"


# two_way -------------------------------------------------------------------------------


def test_two_way_counter_accept_counter() -> None:
    state = act(petition_state(negotiation="two_way"), A, "offer", target=B, chips=1)
    prompt = GAME.pending(state)[0]
    assert [c.value for c in prompt.fields[0].options] == ["accept", "decline", "counter"]
    assert prompt.fields[1].max == 200  # a fixed bound: the target must not learn A's chips
    state = act(state, B, "answer", answer="counter", chips=4, text="four and I'm yours")
    prompt = GAME.pending(state)[0]
    assert prompt.move == "respond" and prompt.seats == (A,) and prompt.public_options is False
    rejects(state, B, "answer", "not_your_turn", answer="accept")
    rejects(state, A, "respond", "bad_decision", decision="maybe")
    state = act(state, A, "respond", decision="accept_counter")
    assert state.chips == (16, 24, 20) and state.winner == A


def test_two_way_new_offer_and_break_off() -> None:
    state = act(petition_state(negotiation="two_way"), A, "offer", target=B, chips=1)
    state = act(state, B, "answer", answer="counter", chips=30)
    rejects(state, A, "respond", "cannot_afford", decision="accept_counter")
    rejects(state, A, "respond", "not_enough_chips", decision="offer", chips=25)
    rejects(state, A, "respond", "bad_amount", decision="offer", chips=-2)
    rejects(state, B, "answer", "not_your_turn", answer="counter", chips=2)
    state = act(state, A, "respond", decision="offer", chips=2)
    assert state.offer.chips == 2 and state.offer.counter is None and state.offer.target == B
    rejects(state, B, "answer", "bad_amount", answer="counter", chips=201)
    state = act(state, B, "answer", answer="counter", chips=3)
    state = act(state, A, "respond", decision="break_off")
    assert state.barred == (B,) and state.offer is None and state.petitioner == A
    assert state.chips == (20, 20, 20)


# free ----------------------------------------------------------------------------------


def free_state(seats: int = 4, **options) -> ProkonsulState:
    state = new(seats, track=tuple(range(seats)), negotiation="free", **options)
    state, _ = play_cards(state, *[9, 9, 5, 3, 1][:seats])  # 4 players: total 26, threshold 14
    return state


def pays(**amounts: int) -> dict:
    return {f"pay_{seat}": amounts.get("ABCDE"[seat], 0) for seat in range(5)}


def test_free_coalition_with_transfers() -> None:
    state = free_state()
    assert state.phase == "free" and state.threshold == 14 and state.queue == ()
    kinds = [p.move for p in GAME.pending(state)]
    assert kinds == ["propose"] and GAME.pending(state)[0].seats == (A, B, C, D)
    state = act(state, C, "propose", winner=A, members=[A, C], **pays(C=3, D=-1), text="deal?")
    proposal = state.proposals[0]
    assert proposal.transfers == ((A, C, 3), (D, A, 1)) and proposal.accepted == (C,)
    assert proposal.involved == (A, C, D)
    prompts = GAME.pending(state)
    votes = [p for p in prompts if p.move == "vote"]
    assert [p.seats for p in votes] == [(A,), (D,)] and all(p.kind == Kind.REPLY for p in votes)
    assert prompts[-1].move == "propose" and C not in prompts[-1].seats
    rejects(state, C, "propose", "already_proposed", winner=A, members=[A, B])
    rejects(state, B, "vote", "not_involved", proposal=1, answer="accept")
    rejects(state, C, "vote", "already_answered", proposal=1, answer="accept")
    rejects(state, A, "vote", "no_such_proposal", proposal=9, answer="accept")
    rejects(state, A, "vote", "bad_answer", proposal=1, answer="yes")
    state = act(state, B, "propose", winner=B, members=[B, C])
    state = act(state, A, "vote", proposal=1, answer="accept")
    state, events = act_events(state, D, "vote", proposal=1, answer="accept")
    assert state.chips == (18, 20, 23, 19) and state.winner == A and state.result == "coalition"
    assert state.proposals == () and state.candidates[SICI] == (A,)
    assert [e.data["chips"] for e in events if e.type == "transfer"] == [3, 1]


def test_free_decline_withdraw_and_affordability() -> None:
    state = free_state()
    rejects(state, A, "propose", "no_majority", winner=A, members=[A, D])
    rejects(state, A, "propose", "bad_members", winner=A, members=[B, C])
    rejects(state, A, "propose", "bad_members", winner=A, members=[A, A, B])
    rejects(state, A, "propose", "bad_winner", winner=9, members=[A, B])
    rejects(state, A, "propose", "bad_amount", winner=A, members=[A, B], pay_1=31)
    rejects(state, A, "propose", "cannot_afford", winner=A, members=[A, B], pay_1=21)
    state = act(state, A, "propose", winner=A, members=[A, B], pay_1=25 - 5)
    assert state.proposals[0].accepted == (A,)
    vote = next(p for p in GAME.pending(state) if p.move == "vote")
    assert vote.done == (A,)  # the proposer may still withdraw through this prompt
    state, events = act_events(state, A, "vote", proposal=1, answer="decline")
    assert state.proposals == () and events[0].type == "withdrawn"
    state = act(state, B, "propose", winner=A, members=[A, B], pay_1=-5)
    state = state.model_copy(update={"chips": (20, 4, 20, 20)})
    rejects(state, B, "vote", "already_answered", proposal=2, answer="accept")
    rejects(state, C, "propose", "cannot_afford", winner=B, members=[B, C], pay_2=-21)
    state = act(state, D, "propose", winner=B, members=[B, C], pay_2=-21)
    assert state.proposals[-1].accepted == ()  # D is not involved in his own proposal
    rejects(state, C, "vote", "cannot_afford", proposal=3, answer="accept")
    state = act(state, A, "vote", proposal=2, answer="decline")
    assert [p.id for p in state.proposals] == [3]


def test_free_withdrawn_offer_not_again_and_round_allowance() -> None:
    """One seat's propose / withdraw / retract loop is bounded per round (issue 30, row 4)."""
    state = free_state(free_allow_no_decision=True)
    state = act(state, A, "propose", winner=A, members=[A, B], pay_1=3)
    state = act(state, A, "vote", proposal=1, answer="decline")
    rejects(state, A, "propose", "proposal_withdrawn", winner=A, members=[A, B], pay_1=3, text="x")
    state = act(state, B, "propose", winner=A, members=[A, B], pay_1=3)  # another's is new
    state = act(state, B, "vote", proposal=2, answer="decline")
    spent_by_a = 2  # one proposal, one withdrawal
    for amount in range(4, 4 + (ROUND_ALLOWANCE - spent_by_a) // 2):
        state = act(state, A, "propose", winner=A, members=[A, B], pay_1=amount)
        state = act(state, A, "vote", proposal=state.proposals_made, answer="decline")
    assert allowance_left(state, A) == 0 and state.phase == "free"
    prompts = GAME.pending(state)
    assert A not in next(p for p in prompts if p.move == "propose").seats
    rejects(state, A, "propose", "allowance_spent", winner=A, members=[A, C])
    state = act(state, A, "no_decision", vote="end")  # pressing is no take-back
    assert A not in next(p for p in GAME.pending(state) if p.move == "no_decision").done
    rejects(state, A, "no_decision", "allowance_spent", vote="continue")
    state = act(state, C, "propose", winner=A, members=[A, C])  # A may still answer others
    assert A not in next(p for p in GAME.pending(state) if p.move == "vote").done
    state = act(state, A, "vote", proposal=state.proposals_made, answer="accept")
    assert state.phase == "pawn" and state.winner == A


def test_card_changes_spend_the_round_allowance() -> None:
    state = new(3)
    state = act(state, A, "select", card=1)
    for card in [2, 3] * (ROUND_ALLOWANCE // 2):
        state = act(state, A, "select", card=card)
    assert all(A not in p.done for p in GAME.pending(state))
    rejects(state, A, "select", "allowance_spent", card=4)
    state = act(act(state, B, "select", card=9), C, "select", card=5)
    assert state.revealed_round == 1 and state.revealed[A] == 3  # the last change holds


def test_free_top_two_only() -> None:
    assert top_two_value([9, 9, 5]) == 9 and top_two_value([9, 7, 5]) == 7
    state = new(3, negotiation="free", free_top_two_only=True)
    state, _ = play_cards(state, 9, 9, 5)
    options = next(f for f in GAME.pending(state)[0].fields if f.name == "winner").options
    assert [c.value for c in options] == [A, B]
    rejects(state, A, "propose", "not_top_two", winner=C, members=[A, C])
    state = act(state, C, "propose", winner=B, members=[B, C])
    assert state.proposals[0].winner == B


def test_free_no_decision_press_retract_and_end() -> None:
    state = free_state(seats=3)
    rejects(state, A, "no_decision", "not_allowed", vote="end")
    state = free_state(seats=3, free_allow_no_decision=True)
    prompt = next(p for p in GAME.pending(state) if p.move == "no_decision")
    assert prompt.seats == (A, B, C) and prompt.done == ()
    state = act(state, A, "no_decision", vote="end")
    rejects(state, A, "no_decision", "no_change", vote="end")
    rejects(state, B, "no_decision", "no_change", vote="continue")
    prompt = next(p for p in GAME.pending(state) if p.move == "no_decision")
    assert prompt.seats == (B, C) and prompt.done == (A,)
    state = act(state, A, "no_decision", vote="continue")
    assert state.no_decision == ()
    for seat in (A, B, C):
        state, events = act_events(state, seat, "no_decision", vote="end")
    assert state.phase == "select" and state.round == 2 and state.winner is None
    assert state.pawn == SICI and state.candidates[SICI] == () and state.result == "none"
    assert any(e.type == "no_decision" for e in events)


def test_free_immediate_win_needs_no_proposal() -> None:
    state = new(3, negotiation="free")
    state, _ = play_cards(state, 12, 1, 2)
    assert state.winner == A and state.phase == "pawn"


# short game -----------------------------------------------------------------------------


def test_short_game_governor_at_once_each_province_once() -> None:
    state = new(3, short_game=True, pawn=SICI).model_copy(
        update={"governor": (None, None, None, None, A, None, None), "supply": (4, 5, 5)}
    )
    assert state.hands[A] == (1, 2, 3, 4, 5, 6, 7)
    state, _ = play_cards(state, 7, 1, 2)
    assert state.governor[SICI] == A and state.chips[A] == 20 + 6 + 5 and state.supply[A] == 3
    state = act(state, A, "move_pawn", province="MACE")
    state, _ = play_cards(state, 1, 7, 3)
    assert state.governor[MACE] == B
    rejects(state, B, "move_pawn", "province_visited", province="SICI")
    rejects(state, B, "move_pawn", "province_visited", province="MACE")


def test_short_game_without_counter_leaves_province_ungoverned_and_ends_after_seven() -> None:
    state = new(3, short_game=True, pawn=ASIA).model_copy(
        update={"visited": (0, 1, 2, 3, 4, 5, ASIA), "supply": (0, 5, 5), "round": 7}
    )
    state, events = play_cards(state, 7, 1, 2)
    assert state.governor[ASIA] is None and any(e.type == "no_counter_left" for e in events)
    assert state.phase == "over" and GAME.outcome(state) is not None
    last = new(3, short_game=True, pawn=SARD).model_copy(update={"visited": (0, 1, 3, 4, 5, SARD)})
    last, events = play_cards(last, 7, 1, 2)
    assert last.pawn == ASIA and last.phase == "select"  # the last unvisited one: automatic


def test_short_free_no_decision_draws_the_next_province() -> None:
    state = new(3, short_game=True, negotiation="free", free_allow_no_decision=True)
    state, _ = play_cards(state, 5, 4, 3)
    for seat in (A, B, C):
        state = act(state, seat, "no_decision", vote="end")
    assert state.governor[SICI] is None and state.pawn != SICI and state.pawn in state.visited
    assert len(state.visited) == 2 and state.phase == "select"


# quiet petitions ------------------------------------------------------------------------


def test_table_talk_during_strict_petitions() -> None:
    assert GAME.table_talk(new(3)) is None  # card selection: anyone may talk
    state = petition_state()
    talk = GAME.table_talk(state)
    assert talk.speakers == (A,) and talk.policy == "remind" and talk.rule.key == "talk.strict"
    state = act(state, A, "offer", target=C, chips=1)
    assert GAME.table_talk(state).speakers == (A, C)
    enforced = petition_state(quiet_petitions="enforce")
    assert GAME.table_talk(enforced).policy == "enforce"
    assert GAME.table_talk(petition_state(quiet_petitions="off")) is None
    assert GAME.table_talk(free_state()) is None
    two_way = act(petition_state(negotiation="two_way"), A, "offer", target=B, chips=1)
    assert GAME.table_talk(two_way).speakers == (A, B)


def test_options_are_strict() -> None:
    with pytest.raises(IllegalInput) as unknown:
        GAME.parse_options({"negotiation": "free", "bogus": 1})
    assert unknown.value.code == "unknown_option"
    with pytest.raises(ValueError):
        GAME.parse_options({"negotiation": "chaos"})
    with pytest.raises(IllegalInput) as error:
        GAME.setup(ProkonsulOptions(), 2, 1)
    assert error.value.code == "bad_seat_count"


# Chips: secrecy and conservation --------------------------------------------------------

VARIANTS = [
    {},
    {"negotiation": "two_way"},
    {"negotiation": "free", "free_allow_no_decision": True, "free_top_two_only": True},
    {"short_game": True},
]


def _random_states(options: dict, seats: int, seed: int, smart: bool):
    """(state, events) along a game with seat 0 as the game AI and random others."""
    state = GAME.setup(GAME.parse_options(options), seats, seed)
    for step in range(GAME.max_inputs):
        prompts = [p for p in GAME.pending(state) if p.seats]  # not those kept for revisions
        if not prompts:
            return
        prompt = prompts[step % len(prompts)]
        seat = prompt.seats[step % len(prompt.seats)]
        action = choose_action(
            GAME, state, prompt, seat, ai_seed(seed, step, seat), smart=smart and seat == 0
        )
        state, events = GAME.apply(state, action)
        yield state, events
    raise AssertionError(f"no end, options={options} seed={seed}")


@pytest.mark.parametrize("options", VARIANTS)
def test_chips_conserved_never_negative_and_never_public(options: dict) -> None:
    for seed in range(3):
        seats = 3 + seed
        start = GAME.setup(GAME.parse_options(options), seats, seed)
        bank = sum(start.chips)
        for state, events in _random_states(options, seats, seed, smart=True):
            bank += sum(e.data["chips"] for e in events if e.type in ("governor", "link_bonus"))
            assert min(state.chips) >= 0, f"seed={seed}"
            assert sum(state.chips) == bank, f"seed={seed}: chips created or lost"
            public = GAME.view(state, None)
            if state.phase != "over":
                assert public.final_chips is None and public.own_chips is None, f"seed={seed}"
                other = state.model_copy(update={"chips": tuple(c + 7 for c in state.chips)})
                assert GAME.view(other, None) == public, f"seed={seed}: chips leak"
                for seat in range(seats):
                    mine = GAME.view(other, seat)
                    assert mine.own_chips == state.chips[seat] + 7, f"seed={seed}"
                    assert mine.model_copy(update={"own_chips": None}) == GAME.view(
                        state, seat
                    ).model_copy(update={"own_chips": None}), f"seed={seed}: chips leak"
            for event in events:
                if event.to is None:
                    assert "total_chips" not in event.data, f"seed={seed}"
        assert state.phase == "over", f"seed={seed}"


def test_public_image_never_depends_on_chips_or_hidden_choices() -> None:
    state = GAME.setup(ProkonsulOptions(), 4, 5)
    for step, (state, _) in enumerate(_random_states({}, 4, 5, smart=True)):
        if step % 7 or state.phase == "over":
            continue
        png = encode_png(draw(GAME.view(state, None), NAMES[:4], LABELS))
        richer = state.model_copy(update={"chips": (99, 0, 55, 3)})
        assert encode_png(draw(GAME.view(richer, None), NAMES[:4], LABELS)) == png, f"step={step}"
        if state.phase == "select":
            waiting = [s for s in range(4) if state.chosen[s] is None]
            hand = state.hands[waiting[0]]
            a = state.model_copy(update={"chosen": _replace(state.chosen, waiting[0], hand[0])})
            b = state.model_copy(update={"chosen": _replace(state.chosen, waiting[0], hand[-1])})
            assert encode_png(draw(GAME.view(a, None), NAMES[:4], LABELS)) == encode_png(
                draw(GAME.view(b, None), NAMES[:4], LABELS)
            ), f"step={step}"


def _replace(items: tuple, index: int, value: object) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


def test_private_lines_show_only_own_data() -> None:
    state = new(3)
    state = act(state, A, "select", card=9)
    lines = GAME.own_lines(state, A)
    assert [m.key for m in lines] == ["private.chips", "private.hand", "private.choice"]
    assert lines[2].args == {"card": 9}
    assert GAME.own_lines(state, B)[2].key == "private.no_choice"


# Random play of every variant ends --------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {"negotiation": "two_way"},
        {"negotiation": "free"},
        {"negotiation": "free", "free_allow_no_decision": True},
        {"short_game": True, "negotiation": "two_way"},
        {"short_game": True, "negotiation": "free", "free_allow_no_decision": True},
    ],
)
def test_every_variant_plays_to_the_end(options: dict) -> None:
    for seed in range(3):
        seats = 3 + seed
        state = GAME.setup(GAME.parse_options(options), seats, seed)
        final, _ = play_out(GAME, state, seed, smart=(True,) * seats)
        assert GAME.outcome(final) is not None, f"{options} seed={seed} (AI only)"
        final, _ = play_out(GAME, state, seed, smart=(True,) + (False,) * (seats - 1))
        assert GAME.outcome(final) is not None, f"{options} seed={seed} (AI + random)"
        if options.get("negotiation") != "free" or seats == 3:
            state = GAME.setup(GAME.parse_options(options), seats, seed)
            for step in range(GAME.max_inputs):
                prompts = [p for p in GAME.pending(state) if p.seats]
                if not prompts:
                    break
                prompt = prompts[step % len(prompts)]
                seat = prompt.seats[step % len(prompt.seats)]
                action = random_action(GAME, state, prompt, seat, ai_seed(seed, step, seat))
                state, _ = GAME.apply(state, action)
            assert GAME.outcome(state) is not None, f"{options} seed={seed} (random)"


def test_proposal_model_helpers() -> None:
    proposal = Proposal(
        id=1, proposer=A, winner=A, members=(A, B), transfers=((A, B, 3), (C, A, 2))
    )
    assert proposal.involved == (A, B, C)
    assert (proposal.outgoing(A), proposal.net(A), proposal.net(B), proposal.net(C)) == (
        3,
        -1,
        3,
        -2,
    )


# AI --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "games", [30, pytest.param(200, marks=pytest.mark.slow)], ids=["sample", "full"]
)
def test_ai_beats_random_players(games: int) -> None:
    """Seeds 0..games-1; the default suite plays a 30-game sample, -m slow the full 200."""
    wins = 0
    for seed in range(games):
        seats = 3 + seed % 3
        state = GAME.setup(ProkonsulOptions(), seats, seed)
        final, _ = play_out(GAME, state, seed, (True,) + (False,) * (seats - 1))
        wins += GAME.outcome(final).winners == (A,)
    rate = wins / games
    print(f"prokonsul AI vs random (3-5 players, {games} games, outright wins): {rate:.0%}")
    assert rate >= 0.6, f"seeds 0..{games - 1}: {rate:.0%}"


def test_ai_prices_and_answers_sensibly() -> None:
    state = petition_state()  # A 9 petitions, needs 10: B (5) or C (4) both suffice
    view = GAME.view(state, A)
    action = GAME.ai_action(view, GAME.pending(state)[0], A, 1)
    assert action.move == "offer" and 0 <= action.args["chips"] <= 20
    rich = act(state, A, "offer", target=B, chips=15)
    answer = GAME.ai_action(GAME.view(rich, B), GAME.pending(rich)[0], B, 1)
    assert answer.args["answer"] == "accept"
    # B is a candidate in SICI: a petition is worth 6 to him, so 0 chips do not buy him.
    keen = state.model_copy(update={"candidates": ((), (), (), (B,), (), (), ())})
    cheap = act(keen, A, "offer", target=B, chips=0)
    answer = GAME.ai_action(GAME.view(cheap, B), GAME.pending(cheap)[0], B, 1)
    assert answer.args["answer"] == "decline"


def test_ai_moves_the_pawn_to_its_own_candidacy() -> None:
    state = new(3).model_copy(update={"candidates": ((), (), (), (), (), (), (A,))})
    state, _ = play_cards(state, 12, 1, 1)
    action = GAME.ai_action(GAME.view(state, A), GAME.pending(state)[0], A, 1)
    assert action.args == {"province": "ASIA"}


# Render ----------------------------------------------------------------------------------


def test_board_image_renders_through_a_game_and_sample_is_saved() -> None:
    saved = False
    for options in ({}, {"negotiation": "free"}, {"short_game": True}):
        state = GAME.setup(GAME.parse_options(options), 5, 11)
        for step, (state, _) in enumerate(_random_states(options, 5, 11, smart=True)):
            if step % 11 == 0:
                image = draw(GAME.view(state, None), NAMES, LABELS)
                assert image.width == 1200 and image.height > 900
            if (
                not saved
                and not options
                and state.phase == "petition"
                and state.offer
                and any(len(h) > 1 for h in state.held)
            ):
                draw(GAME.view(state, None), NAMES, LABELS)
                saved = True
        draw(GAME.view(state, None), NAMES, LABELS)  # the final board with its chips
    assert saved


def test_every_text_the_game_emits_is_in_both_catalogs() -> None:
    """Events, prompts, fields and choices met in games of every variant all have texts."""
    keys: set[str] = set()
    for options in (*VARIANTS, {"negotiation": "free", "free_allow_no_decision": True}):
        for seed in range(2):
            for state, events in _random_states(options, 3 + seed, seed, smart=True):
                keys.update(f"event.{e.type}" for e in events)
                for prompt in GAME.pending(state):
                    keys.update((prompt.text.key, *(f.label.key for f in prompt.fields)))
                    keys.update(c.label.key for f in prompt.fields for c in f.options)
                talk = GAME.table_talk(state)
                if talk is not None:
                    keys.add(talk.rule.key)
                keys.update(m.key for m in GAME.own_lines(state, 0))
    for locale in ("en", "ja"):
        missing = sorted(k for k in keys if k not in GAME.strings[locale])
        assert not missing, f"{locale}: {missing}"
    assert {"event.coalition", "event.accepted", "event.governor", "talk.strict"} <= keys


def test_sampled_chips_keep_the_public_total_and_the_seats_own() -> None:
    """The bank pays only governors, so the table's total is public: every sampled world keeps
    it (no chip is clipped away in these games) and the seat's own count."""
    for seed in range(3):
        state = GAME.setup(ProkonsulOptions(), 3, seed)
        step = 0
        while GAME.pending(state) and state.phase != "over":
            prompt = GAME.pending(state)[0]
            seat = prompt.seats[0]
            view = GAME.view(state, 0)
            world = sample(view, Rng(step))
            assert world.chips[0] == state.chips[0]
            assert sum(world.chips) == sum(state.chips) == 60 + sum(payouts(view))
            action = choose_action(GAME, state, prompt, seat, ai_seed(seed, step, seat))
            state = GAME.apply(state, action)[0]
            step += 1


def test_a_cut_playout_is_a_fair_share_at_an_even_lead_and_grows_with_it() -> None:
    state = GAME.setup(ProkonsulOptions(), 3, 0)
    assert evaluate(state, 0) == pytest.approx(1 / 3)
    richer = state.model_copy(update={"chips": (30, 20, 20)})
    poorer = state.model_copy(update={"chips": (10, 20, 20)})
    assert evaluate(poorer, 0) < 1 / 3 < evaluate(richer, 0) < 1
