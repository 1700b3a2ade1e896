"""Caesar rules as pure functions: setup, the moves (`place`, `ally`, `attack`, `pass`,
`fight_card` and the turn prompt's `turn`), the duel, turn order with automatic passes, the
end checks and the outcome."""

from __future__ import annotations

from typing import Any, Literal

from engine.core import (
    Action,
    Event,
    IllegalInput,
    Msg,
    Outcome,
    competition_ranks,
    require,
)
from engine.games.caesar.board import (
    NEUTRAL,
    SQUARES,
    ally_paths,
    attack_paths,
    line_check,
    owner,
    parse_square,
    square_name,
)
from engine.games.caesar.cards import FLAG, FULL_HAND, card_value, parse_card
from engine.games.caesar.state import (
    COUNTERS,
    CaesarOptions,
    CaesarState,
    Fight,
    LastFight,
    LastMove,
    scores,
)
from engine.rng import Rng

Step = tuple[CaesarState, list[Event]]
Result = Literal["flag", "attacker", "defender", "tie"]


def start(options: CaesarOptions, seats: int, seed: int) -> CaesarState:
    rng = Rng(seed)
    first = rng.below(seats)
    return CaesarState(
        seats=seats,
        rng=rng.state,
        start=first,
        active=first,
        board=((),) * SQUARES,
        hands=(FULL_HAND,) * seats,
        eliminated=(False,) * seats,
    )


# Inputs ---------------------------------------------------------------------------------


def turn(state: CaesarState, action: Action) -> Step:
    """The turn prompt's answer `action`: "attack:c3-c2", "ally:b2-d2" or "pass"."""
    raw = action.args.get("action")
    move, _, path = raw.partition(":") if isinstance(raw, str) else ("", "", "")
    if move == "pass" and not path:
        return pass_turn(state, action)
    if move not in ("ally", "attack"):
        raise IllegalInput("unknown_move", move=str(raw))
    inner = Action(seat=action.seat, move=move, args={"path": path})
    return ally(state, inner) if move == "ally" else attack(state, inner)


def place(state: CaesarState, action: Action) -> Step:
    require(state.phase == "place", "wrong_phase")
    require(action.seat == state.active, "not_your_turn")
    square = parse_square(action.args.get("square"))
    require(square is not None, "bad_square")
    assert square is not None
    require(not state.board[square], "occupied")
    board = list(state.board)
    board[square] = (action.seat,)
    state = state.model_copy(
        update={"last_move": LastMove(seat=action.seat, kind="place", squares=(square,))}
    )
    events = [Event(type="placed", data={"seat": action.seat, "square": square_name(square)})]
    placed = sum(len(stack) for stack in board)
    if placed < COUNTERS * state.seats:
        nxt = (action.seat + 1) % state.seats
        return state.model_copy(update={"board": tuple(board), "active": nxt}), events
    empty = [s for s in range(SQUARES) if not board[s]]
    for s in empty:
        board[s] = (NEUTRAL,)
    events.append(
        Event(
            type="neutrals",
            data={"count": len(empty), "squares": [square_name(s) for s in empty]},
        )
    )
    events.append(Event(type="main_started", data={"seat": state.start}))
    state = state.model_copy(update={"board": tuple(board), "phase": "main", "turn": 0})
    return _start_turn(state, state.start, events)


def _parse_path(action: Action) -> tuple[int | None, int | None]:
    args = action.args
    if "path" in args:
        raw = args.get("path")
        parts = raw.split("-") if isinstance(raw, str) else []
        if len(parts) != 2:
            return None, None
        return parse_square(parts[0]), parse_square(parts[1])
    return parse_square(args.get("from")), parse_square(args.get("to"))


def _check_path(state: CaesarState, action: Action, move: str) -> tuple[int, int]:
    """The shared validation ladder of `ally` and `attack` (spec §4)."""
    seat = action.seat
    require(state.phase == "main", "wrong_phase")
    require(seat == state.active, "not_your_turn")
    source, target = _parse_path(action)
    require(source is not None and target is not None, "bad_square")
    assert source is not None and target is not None
    require(owner(state.board, source) == seat, "not_your_group")
    target_owner = owner(state.board, target)
    if move == "ally":
        require(target_owner in (seat, NEUTRAL), "bad_target")
    else:
        require(
            target_owner is not None
            and target_owner not in (seat, NEUTRAL)
            and not state.eliminated[target_owner],
            "bad_target",
        )
    problem = line_check(state.board, source, target)
    if problem:
        raise IllegalInput(problem)
    return source, target


def ally(state: CaesarState, action: Action) -> Step:
    source, target = _check_path(state, action, "ally")
    board = list(state.board)
    board[target] = board[target] + board[source]
    board[source] = ()
    events = [
        Event(
            type="allied",
            data={
                "seat": action.seat,
                "from": square_name(source),
                "to": square_name(target),
                "size": len(board[target]),
            },
        )
    ]
    last = LastMove(seat=action.seat, kind="ally", squares=(source, target))
    state = state.model_copy(update={"board": tuple(board), "passes": 0, "last_move": last})
    return _start_turn(state, _next_seat(state, action.seat), events)


def attack(state: CaesarState, action: Action) -> Step:
    source, target = _check_path(state, action, "attack")
    defender = owner(state.board, target)
    assert defender is not None
    fight = Fight(attacker=action.seat, defender=defender, source=source, target=target)
    events = [
        Event(
            type="attacked",
            data={
                "seat": action.seat,
                "seat_defender": defender,
                "from": square_name(source),
                "to": square_name(target),
                "attacker_size": len(state.board[source]),
                "defender_size": len(state.board[target]),
            },
        )
    ]
    # A duellist holding a single card has no choice: it is committed at once (face down).
    forced = tuple(
        state.hands[seat][0] if len(state.hands[seat]) == 1 else None
        for seat in (action.seat, defender)
    )
    for seat, card in zip((action.seat, defender), forced, strict=True):
        if card is not None:
            events.append(Event(type="card_forced", data={"seat": seat}))
    fight = fight.model_copy(update={"cards": forced})
    last = LastMove(seat=action.seat, kind="attack", squares=(source, target))
    state = state.model_copy(
        update={"phase": "fight", "fight": fight, "passes": 0, "last_move": last}
    )
    if None in forced:
        return state, events
    return _resolve(state, fight, events)


def pass_turn(state: CaesarState, action: Action) -> Step:
    require(state.phase == "main", "wrong_phase")
    require(action.seat == state.active, "not_your_turn")
    require(not attack_paths(state.board, action.seat), "fight_available")
    events = [Event(type="passed", data={"seat": action.seat})]
    state = state.model_copy(update={"last_move": LastMove(seat=action.seat, kind="pass")})
    return _after_pass(state, action.seat, events)


def fight_card(state: CaesarState, action: Action) -> Step:
    require(state.phase == "fight" and state.fight is not None, "wrong_phase")
    fight = state.fight
    assert fight is not None
    fighters = (fight.attacker, fight.defender)
    require(action.seat in fighters, "not_a_fighter")
    index = fighters.index(action.seat)
    require(fight.cards[index] is None, "already_submitted")
    card = parse_card(action.args.get("card"))
    require(card is not None and card in state.hands[action.seat], "card_not_in_hand")
    cards = list(fight.cards)
    cards[index] = card
    fight = fight.model_copy(update={"cards": (cards[0], cards[1])})
    state = state.model_copy(update={"fight": fight})
    events = [Event(type="card_chosen", data={"seat": action.seat})]
    if None in cards:
        return state, events
    return _resolve(state, fight, events)


# The duel ------------------------------------------------------------------------------


def _resolve(state: CaesarState, fight: Fight, events: list[Event]) -> Step:
    """Both cards are in: reveal them, move or remove the stacks, spend the cards, put out
    seats left without a stack, then end the game or pass the turn on."""
    a_card, d_card = fight.cards
    assert a_card is not None and d_card is not None
    board = list(state.board)
    result: Result
    if FLAG in (a_card, d_card):
        result = "flag"
        events.append(_flag_event(fight, a_card, d_card))
    else:
        result = _battle(board, fight, a_card, d_card, events)
    state = _after_duel(state, fight, tuple(board), result, events)
    a, d = fight.attacker, fight.defender
    if not state.hands[a] or not state.hands[d]:
        return _finish(state, "cards", events)
    if sum(not e for e in state.eliminated) <= 1:
        return _finish(state, "last_player", events)
    return _start_turn(state, _next_seat(state, a), events)


def _cards_data(a_card: int, d_card: int) -> dict[str, Any]:
    return {"attacker_card": card_value(a_card), "defender_card": card_value(d_card)}


def _flag_event(fight: Fight, a_card: int, d_card: int) -> Event:
    """A flag cancels the fight: nothing moves, both cards are spent."""
    a, d = fight.attacker, fight.defender
    if a_card == d_card:
        return Event(type="fight_flag_both", data={"seat_attacker": a, "seat_defender": d})
    flagger, other = (a, d) if a_card == FLAG else (d, a)
    number = d_card if a_card == FLAG else a_card
    return Event(
        type="fight_flag",
        data={"seat": flagger, "seat_other": other, "card": number, **_cards_data(a_card, d_card)},
    )


def _battle(
    board: list[tuple[int, ...]], fight: Fight, a_card: int, d_card: int, events: list[Event]
) -> Result:
    """Size plus card: equal totals remove both stacks, else the winner's stack goes on top of
    the loser's (updates `board` and `events`)."""
    a, d = fight.attacker, fight.defender
    src, dst = fight.source, fight.target
    cards_data = _cards_data(a_card, d_card)
    a_total = len(board[src]) + a_card
    d_total = len(board[dst]) + d_card
    if a_total == d_total:
        removed = len(board[src]) + len(board[dst])
        board[src] = ()
        board[dst] = ()
        tie = {"seat_attacker": a, "seat_defender": d, "total": a_total, "removed": removed}
        events.append(Event(type="fight_tie", data={**tie, **cards_data}))
        return "tie"
    attacker_won = a_total > d_total
    win_sq, lose_sq = (src, dst) if attacker_won else (dst, src)
    winner, loser = (a, d) if attacker_won else (d, a)
    board[lose_sq] = board[lose_sq] + board[win_sq]
    board[win_sq] = ()
    won = {
        "seat": winner,
        "seat_loser": loser,
        "winner_card": a_card if attacker_won else d_card,
        "loser_card": d_card if attacker_won else a_card,
        "winner_total": max(a_total, d_total),
        "loser_total": min(a_total, d_total),
        "square": square_name(lose_sq),
        "size": len(board[lose_sq]),
    }
    events.append(Event(type="fight_won", data={**won, **cards_data}))
    return "attacker" if attacker_won else "defender"


def _after_duel(
    state: CaesarState,
    fight: Fight,
    board: tuple[tuple[int, ...], ...],
    result: Result,
    events: list[Event],
) -> CaesarState:
    """The revealed cards leave both hands, the fight becomes the public last fight, and every
    seat that owns no stack any more is out."""
    a_card, d_card = fight.cards
    assert a_card is not None and d_card is not None
    a, d = fight.attacker, fight.defender
    hands = list(state.hands)
    hands[a] = tuple(c for c in hands[a] if c != a_card)
    hands[d] = tuple(c for c in hands[d] if c != d_card)
    last = LastFight(
        attacker=a,
        defender=d,
        source=square_name(fight.source),
        target=square_name(fight.target),
        cards=(a_card, d_card),
        result=result,
    )
    owners = {stack[-1] for stack in board if stack}
    eliminated = list(state.eliminated)
    for seat in range(state.seats):
        if not eliminated[seat] and seat not in owners:
            eliminated[seat] = True
            events.append(Event(type="eliminated", data={"seat": seat}))
    return state.model_copy(
        update={
            "board": board,
            "hands": tuple(hands),
            "eliminated": tuple(eliminated),
            "fight": None,
            "last_fight": last,
            "last_move": LastMove(seat=a, kind="fight", squares=(fight.source, fight.target)),
            "phase": "main",
        }
    )


# Turn order and the end ----------------------------------------------------------------


def _next_seat(state: CaesarState, seat: int) -> int:
    for step in range(1, state.seats + 1):
        nxt = (seat + step) % state.seats
        if not state.eliminated[nxt]:
            return nxt
    return seat


def _start_turn(state: CaesarState, seat: int, events: list[Event]) -> Step:
    """Begin `seat`'s main-phase turn: frozen-board end check, then automatic passes."""
    alive = [s for s in range(state.seats) if not state.eliminated[s]]
    movable = [s for s in alive if attack_paths(state.board, s) or ally_paths(state.board, s)]
    if not movable:
        return _finish(state, "frozen", events)
    state = state.model_copy(update={"active": seat, "turn": state.turn + 1})
    if seat not in movable:
        events.append(Event(type="auto_passed", data={"seat": seat}))
        return _after_pass(state, seat, events)
    return state, events


def _after_pass(state: CaesarState, seat: int, events: list[Event]) -> Step:
    passes = state.passes + 1
    state = state.model_copy(update={"passes": passes})
    if passes >= sum(not e for e in state.eliminated):
        return _finish(state, "passes", events)
    return _start_turn(state, _next_seat(state, seat), events)


def _finish(state: CaesarState, reason: str, events: list[Event]) -> Step:
    """The game ends (the core adds the game_over event)."""
    return state.model_copy(update={"phase": "over", "end_reason": reason, "fight": None}), events


def outcome(state: CaesarState) -> Outcome | None:
    if state.phase != "over":
        return None
    final = scores(state)
    alive = [s for s in range(state.seats) if not state.eliminated[s]]
    best = max((final[s] for s in alive), default=None)
    winners = tuple(s for s in alive if final[s] == best)
    return Outcome(
        scores=final,
        ranks=competition_ranks(final),
        winners=winners,
        reason=Msg(key=f"end.{state.end_reason}"),
    )
