"""Spartacus rules as pure functions: setup, the `play` and `pass` moves, taking tricks, the end
of a game (and the next game of a series) and the outcome."""

from __future__ import annotations

from engine.core import Action, Event, Msg, Outcome, evolved, outcome_by_score, require
from engine.games.spartacus.cards import (
    FLAG,
    NUMBERS,
    PASS,
    cards_text,
    full_hand,
    hand_penalty,
    lowest_card,
    may_pass,
    pile_value,
    trick_leader,
)
from engine.games.spartacus.state import MAX_SERIES, SpartacusOptions, SpartacusState
from engine.rng import Rng

Step = tuple[SpartacusState, list[Event]]


def start(options: SpartacusOptions, seats: int, seed: int) -> SpartacusState:
    require(1 <= options.series_games <= MAX_SERIES, "bad_series_games", max=MAX_SERIES)
    require(not (options.no_flags and options.flags_as_jokers), "jokers_without_flags")
    require(
        options.flags_as_jokers or not (options.joker_penalty or options.joker_voids_trick),
        "joker_rule_without_jokers",
    )
    hand = full_hand(options.no_flags)
    return SpartacusState(
        seats=seats,
        rng=Rng(seed).state,
        series_games=options.series_games,
        flags_as_jokers=options.flags_as_jokers,
        joker_penalty=options.joker_penalty,
        joker_voids_trick=options.joker_voids_trick,
        no_flags=options.no_flags,
        hands=(hand,) * seats,
        played=((),) * seats,
        passed=(False,) * seats,
        won=((),) * seats,
        totals=(0,) * seats,
    )


def game_scores(state: SpartacusState) -> tuple[int, ...]:
    return tuple(
        sum(pile_value(pile, state) for pile in state.won[seat])
        - hand_penalty(state.hands[seat], state)
        for seat in range(state.seats)
    )


def _parse_card(raw: object) -> int | None:
    if isinstance(raw, str) and raw.lower() in ("flag", "joker"):
        return FLAG
    if type(raw) is int and raw in NUMBERS:
        return raw
    return None


# Inputs ---------------------------------------------------------------------------------


def play(state: SpartacusState, action: Action) -> Step:
    """Play a card; the card "pass" passes (one set of buttons offers both)."""
    if action.args.get("card") == PASS:
        return pass_turn(state, action)
    seat = action.seat
    require(state.active == seat, "not_your_turn")
    card = _parse_card(action.args.get("card"))
    hand = state.hands[seat]
    require(card is not None and card in hand, "card_not_in_hand")
    assert card is not None
    low = lowest_card(state.trick)
    require(card == FLAG or low is None or card < low, "not_lower", lowest=low)
    hands = list(state.hands)
    rest = list(hand)
    rest.remove(card)
    hands[seat] = tuple(rest)
    played = list(state.played)
    played[seat] = (*played[seat], card)
    state = evolved(
        state,
        hands=tuple(hands),
        played=tuple(played),
        trick=(*state.trick, (seat, card)),
        moves=state.moves + 1,
    )
    if card == FLAG:
        kind = "played_joker" if state.flags_as_jokers else "played_flag"
        events = [Event(type=kind, data={"seat": seat})]
    else:
        events = [Event(type="played", data={"seat": seat, "card": card})]
    if not rest:
        return _end_game(state, events)
    return _advance(state, seat, events)


def pass_turn(state: SpartacusState, action: Action) -> Step:
    seat = action.seat
    require(state.active == seat, "not_your_turn")
    require(may_pass(state.trick, state.flags_as_jokers), "must_play")
    passed = list(state.passed)
    passed[seat] = True
    state = evolved(state, passed=tuple(passed), moves=state.moves + 1)
    return _advance(state, seat, [Event(type="passed", data={"seat": seat})])


# Automatic steps -----------------------------------------------------------------------


def _advance(state: SpartacusState, seat: int, events: list[Event]) -> Step:
    """Spec §3 step 3: the next player who has not passed acts, unless that is the leader."""
    leader = trick_leader(state.trick, state.flags_as_jokers)
    nxt = (seat + 1) % state.seats
    while state.passed[nxt]:
        nxt = (nxt + 1) % state.seats
    if nxt != leader:
        return evolved(state, active=nxt), events
    state = _take_trick(state, leader, events)
    first = (leader + 1) % state.seats
    events.append(Event(type="trick_started", data={"seat": first}))
    return evolved(state, active=first), events


def _take_trick(state: SpartacusState, leader: int, events: list[Event]) -> SpartacusState:
    cards = tuple(card for _, card in state.trick)
    won = list(state.won)
    won[leader] = (*won[leader], cards)
    events.append(
        Event(
            type="trick_won",
            data={"seat": leader, "cards": cards_text(cards, state.flags_as_jokers)},
        )
    )
    return evolved(
        state, won=tuple(won), trick=(), passed=(False,) * state.seats, last_trick=(leader, cards)
    )


def _end_game(state: SpartacusState, events: list[Event]) -> Step:
    """Spec §6: the current trick goes to its leader; the game is scored, and the series goes
    on or ends."""
    events.append(Event(type="hand_empty", data={"seat": state.trick[-1][0]}))
    state = _settle_trick(state, events)
    scores = game_scores(state)
    totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
    events.extend(_final_seats(state, scores))
    best = [seat for seat, score in enumerate(scores) if score == max(scores)]
    ended = {"game": state.game_no, "scores": list(scores), "seats": best}
    events.append(Event(type="game_ended", data=ended))
    state = evolved(state, totals=totals, results=(*state.results, scores))
    if state.game_no < state.series_games:
        return _next_game(state, events)
    return evolved(state, phase="over"), events


def _settle_trick(state: SpartacusState, events: list[Event]) -> SpartacusState:
    """The last trick goes to its leader; a flag-only trick to nobody."""
    leader = trick_leader(state.trick, state.flags_as_jokers)
    if leader is not None:
        return _take_trick(state, leader, events)
    cards = [card for _, card in state.trick]
    events.append(
        Event(
            type="trick_discarded",
            data={"cards": cards_text(cards, state.flags_as_jokers)},
        )
    )
    return evolved(state, trick=())


def _final_seats(state: SpartacusState, scores: tuple[int, ...]) -> list[Event]:
    """One line per player: every trick won with its worth, the hand left and its cost."""
    jokers = state.flags_as_jokers
    events = []
    for seat in range(state.seats):
        piles = " / ".join(
            f"[{cards_text(pile, jokers)}]={pile_value(pile, state)}" for pile in state.won[seat]
        )
        events.append(
            Event(
                type="final_seat",
                data={
                    "seat": seat,
                    "tricks": piles or "-",
                    "hand": cards_text(state.hands[seat], jokers),
                    "penalty": hand_penalty(state.hands[seat], state),
                    "score": scores[seat],
                },
            )
        )
    return events


def _next_game(state: SpartacusState, events: list[Event]) -> Step:
    game_no = state.game_no + 1
    first = (state.first_leader + game_no - 1) % state.seats
    hand = full_hand(state.no_flags)
    events.append(Event(type="game_started", data={"game": game_no, "seat": first}))
    return evolved(
        state,
        game_no=game_no,
        moves=0,
        hands=(hand,) * state.seats,
        played=((),) * state.seats,
        trick=(),
        passed=(False,) * state.seats,
        active=first,
        won=((),) * state.seats,
        last_trick=None,
    ), events


def outcome(state: SpartacusState) -> Outcome | None:
    if state.phase != "over":
        return None
    reason = (
        Msg(key="outcome.series", args={"games": state.series_games})
        if state.series_games > 1
        else None
    )
    return outcome_by_score(state.totals, reason)
