"""The Seven Hills' rules: setup, the one move (play a card at a hill), the end of a game
(reveal, settle the hills, start game 2 of a series) and the outcome."""

from __future__ import annotations

from typing import Any

from engine.core import (
    Action,
    Event,
    Msg,
    Outcome,
    evolved,
    outcome_by_score,
    require,
    trusted,
)
from engine.games.seven_hills.hill import Note, end_reveal, hill_values, hill_winner, play_on_hill
from engine.games.seven_hills.state import (
    CARDS,
    FLAG,
    HILLS,
    SIDES,
    GameResult,
    Hill,
    Removed,
    SevenHillsOptions,
    SevenHillsState,
    card_text,
    cards_text,
    full_hand,
)
from engine.rng import Rng


def start(options: SevenHillsOptions, seats: int, seed: int) -> SevenHillsState:
    require(not (options.barricades and options.no_repeat_values), "incompatible_options")
    rng = Rng(seed)
    first = rng.below(2)
    state = SevenHillsState(
        seats=seats,
        rng=rng.state,
        series=options.series,
        no_repeat_values=options.no_repeat_values,
        barricades=options.barricades,
        highest_card=options.highest_card,
        open_hands=options.open_hands,
        hands=((), ()),
        hills=(),
    )
    return _new_game(state, 1, first)


def play(state: SevenHillsState, action: Action) -> tuple[SevenHillsState, list[Event]]:
    seat = action.seat
    require(state.turn == seat, "not_your_turn")
    card = _parse_card(action.args.get("card"))
    require(card is not None and card in state.hands[seat], "card_not_in_hand")
    assert card is not None
    number = action.args.get("hill")
    require(type(number) is int and number in HILLS, "bad_hill")
    assert isinstance(number, int)
    require(number != state.last_hill, "hill_blocked", hill=number)
    index = HILLS.index(number)
    hill = state.hills[index]
    if state.no_repeat_values and hill.revealed:
        opponent_values = [v for v, _ in hill.cards[1 - seat]]
        require(card not in opponent_values, "value_taken", card=card, hill=number)
    return _play(state, seat, card, index, number)


def _parse_card(raw: object) -> int | None:
    if raw == "flag" and isinstance(raw, str):
        return FLAG
    if type(raw) is int and (raw in CARDS or raw == FLAG):
        return raw
    return None


def _play(
    state: SevenHillsState, seat: int, card: int, index: int, number: int
) -> tuple[SevenHillsState, list[Event]]:
    new_hill, removed, notes = play_on_hill(
        state.hills[index],
        number,
        seat,
        card,
        no_repeat=state.no_repeat_values,
        barricades=state.barricades,
    )
    events = _events(notes)
    if notes and notes[0][0] == "placed_hidden":
        events.append(
            Event(
                type="placed_hidden_own",
                data={"seat": seat, "hill": number, "card": card_text(card)},
                to=(seat,),
            )
        )
    hills = list(state.hills)
    hills[index] = new_hill
    hands = list(state.hands)
    hand = list(hands[seat])
    hand.remove(card)
    hands[seat] = tuple(hand)
    state = evolved(
        state,
        hills=tuple(hills),
        hands=(hands[0], hands[1]),
        removed=state.removed + tuple(Removed(seat=s, hill=number, value=v) for s, v in removed),
        last_hill=number,
        turn=1 - seat,
        plays=state.plays + 1,
    )
    if state.hands[0] or state.hands[1]:
        return state, events
    return _end_game(state, events)


# Automatic steps ---------------------------------------------------------------------------


def _end_game(state: SevenHillsState, events: list[Event]) -> tuple[SevenHillsState, list[Event]]:
    """Both hands are empty: one-sided hills turn up, every hill is settled, and the series
    goes on to game 2 or the whole game ends."""
    hills = list(state.hills)
    extra: list[Removed] = []
    for index, number in enumerate(HILLS):
        hill, removed, notes = end_reveal(hills[index], number, state.barricades)
        hills[index] = hill
        extra += [Removed(seat=s, hill=number, value=v) for s, v in removed]
        events += _events(notes)
    result = _settle(hills, state.start, state.highest_card, events)
    _announce_score(state.game, result.scores, events)
    state = state.model_copy(
        update={
            "hills": tuple(hills),
            "removed": state.removed + tuple(extra),
            "results": (*state.results, result),
            "turn": state.start,
        }
    )
    if state.series and state.game == 1:
        state = _new_game(state, 2, 1 - state.start)
        events.append(Event(type="game_started", data={"game": 2, "seat": state.start}))
        return state, events
    return state.model_copy(update={"phase": "over"}), events


def _settle(hills: list[Hill], first: int, highest: bool, events: list[Event]) -> GameResult:
    """Who takes each hill (spec §5), narrated hill by hill."""
    scores = [0, 0]
    winners: list[int | None] = []
    for number, hill in zip(HILLS, hills, strict=True):
        values = hill_values(hill)
        winner = hill_winner(values, first, highest)
        winners.append(winner)
        if winner is None:
            events.append(Event(type="hill_nobody", data={"hill": number}))
            continue
        scores[winner] += number
        events.append(
            Event(
                type="hill_taken",
                data={
                    "hill": number,
                    "seat": winner,
                    "seat_a": 0,
                    "cards_a": cards_text(values[0]),
                    "seat_b": 1,
                    "cards_b": cards_text(values[1]),
                },
            )
        )
    return GameResult(start=first, scores=(scores[0], scores[1]), winners=tuple(winners))


def _announce_score(game: int, scores: tuple[int, int], events: list[Event]) -> None:
    """Each game of a series says who took it, or that it was even."""
    scored: dict[str, Any] = {
        "game": game,
        "seat_a": 0,
        "score_a": scores[0],
        "seat_b": 1,
        "score_b": scores[1],
    }
    if scores[0] == scores[1]:
        events.append(Event(type="game_scored_draw", data=scored))
    else:
        winner = 0 if scores[0] > scores[1] else 1
        events.append(Event(type="game_scored", data=scored | {"seat": winner}))


def closing_event(final: Outcome) -> Event:
    """`game_over` naming the winner with both totals, or `game_drawn`, which names nobody."""
    if len(final.winners) == 1:
        data: dict[str, Any] = {"seats": list(final.winners)}
        kind = "game_over"
    else:
        data, kind = {}, "game_drawn"
    data.update(seat_a=0, score_a=final.scores[0], seat_b=1, score_b=final.scores[1])
    return Event(type=kind, data=data)


def _new_game(state: SevenHillsState, game: int, first: int) -> SevenHillsState:
    hand = full_hand(state.barricades)
    return state.model_copy(
        update={
            "phase": "play",
            "game": game,
            "start": first,
            "turn": first,
            "plays": 0,
            "last_hill": None,
            "hands": (hand, hand),
            "hills": tuple(Hill(revealed=state.open_hands) for _ in HILLS),
            "removed": (),
        }
    )


def _events(notes: list[Note]) -> list[Event]:
    """Public events from the hill's notes (fresh dicts of plain values: no checks needed)."""
    return [trusted(Event, type=kind, data=data, to=None) for kind, data in notes]


def outcome(state: SevenHillsState) -> Outcome | None:
    if state.phase != "over":
        return None
    totals = tuple(sum(r.scores[s] for r in state.results) for s in range(SIDES))
    if totals[0] == totals[1]:
        return outcome_by_score(totals, reason=Msg(key="reason.draw"))
    return outcome_by_score(totals)
