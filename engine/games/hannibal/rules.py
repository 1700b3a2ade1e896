"""Hannibal's rules: setup, the moves (`move`, `pass`, `declare`, `card`), battles fought
exchange by exchange, the control checks that end a turn, and the end of a game or series."""

from __future__ import annotations

from engine.core import Action, Event, IllegalInput, Msg, Outcome, competition_ranks, require
from engine.games.hannibal.board import ROLES, Board, Role, board
from engine.games.hannibal.position import (
    Move,
    can_move,
    check_move,
    controlled_cores,
    enemy,
    legion_total,
    mediterranean_control,
    moved,
    parse_move,
    side,
    units,
)
from engine.games.hannibal.state import (
    FULL_HAND,
    Combat,
    Exchange,
    Fighter,
    HannibalOptions,
    HannibalState,
    LastMove,
    combat_units,
    position_of,
    seat_of,
)
from engine.games.hannibal.strings import place_args
from engine.rng import Rng

CHIPS = 8
CORES_NEEDED = 3
SERIES_GAMES_CAP = 15
Result = tuple[HannibalState, list[Event]]


def _start_pieces(map_: Board) -> dict[str, object]:
    legions = {region: (0, 0) for region in map_.regions}
    fleets = {route: (0, 0) for route in map_.routes}
    for role in ROLES:
        start = map_.start[role]
        for region, count in start.legions.items():
            pair = list(legions[region])
            pair[side(role)] = count
            legions[region] = (pair[0], pair[1])
        for route, count in start.fleets.items():
            pair = list(fleets[route])
            pair[side(role)] = count
            fleets[route] = (pair[0], pair[1])
    return {"legions": legions, "fleets": fleets, "hannibal": map_.start["carthage"].hannibal}


def _fresh_game(rome_seat: int) -> dict[str, object]:
    """Everything a new game resets (also each new game of a series)."""
    return {
        **_start_pieces(board()),
        "rome_seat": rome_seat,
        "phase": "move",
        "active": "rome",
        "turn": 1,
        "exchanges": 0,
        "hands": (FULL_HAND, FULL_HAND),
        "discards": ((), ()),
        "chips": (0, 0),
        "combat": None,
        "last_move": None,
        "last_exchange": None,
        "changed": (),
    }


def start(options: HannibalOptions, seats: int, seed: int) -> HannibalState:
    rng = Rng(seed)
    rome_seat = rng.below(2)
    return HannibalState(
        seats=2,
        rng=rng.state,
        series=options.series,
        core_control=options.core_control,
        **_fresh_game(rome_seat),
    )


# Moves ----------------------------------------------------------------------------------------


def refuse_pass(state: HannibalState, action: Action) -> Result:
    require(state.phase == "move", "wrong_phase")
    require(action.seat == seat_of(state, state.active), "not_your_turn")
    raise IllegalInput("no_passing")


def move_piece(state: HannibalState, action: Action) -> Result:
    require(state.phase == "move", "wrong_phase")
    role = state.active
    require(action.seat == seat_of(state, role), "not_your_turn")
    move = parse_move(action.args.get("move"))
    map_ = board()
    check_move(map_, position_of(state), role, move)
    after = moved(position_of(state), role, move)
    last = LastMove(role=role, piece=move.piece, origin=move.origin, dest=move.dest)
    state = state.model_copy(
        update={
            "legions": after.legions,
            "hannibal": after.hannibal,
            "fleets": after.fleets,
            "last_move": last,
            "last_exchange": None,
            "changed": (move.origin, move.dest),
        }
    )
    events = [_moved_event(action.seat, move)]
    if move.piece != "fleet" and move.dest == map_.capitals[enemy(role)]:
        return _game_end(state, action.seat, "capital", events)
    naval = move.piece == "fleet"
    if units(after, enemy(role), move.dest):
        combat = Combat(place=move.dest, naval=naval, attacker=role)
        events.append(_battle_event(state, combat))
        return _next_exchange(state.model_copy(update={"combat": combat}), events)
    return _end_turn(state, events)


def declare(state: HannibalState, action: Action) -> Result:
    combat = state.combat
    fighter = action.args.get("fighter")
    require(fighter in ("hannibal", "ordinary"), "bad_fighter")
    if state.phase != "declare" or combat is None:
        require(state.phase in ("cards", "move"), "wrong_phase")
        require(action.seat == seat_of(state, "carthage"), "not_your_turn")
        place = combat.place if combat else None
        require(fighter != "hannibal" or state.hannibal == place, "hannibal_absent")
        require(fighter != "ordinary" or not _hannibal_alone(state, place), "hannibal_alone")
        raise IllegalInput("wrong_phase")
    require(action.seat == seat_of(state, "carthage"), "not_your_turn")
    combat = combat.model_copy(update={"fighter": fighter})
    events = [Event(type=f"declared_{fighter}", data={"seat": action.seat})]
    state = state.model_copy(
        update={"combat": combat, "phase": "cards", "changed": (combat.place,)}
    )
    return _card_phase(state, events)


def play_card(state: HannibalState, action: Action) -> Result:
    combat = state.combat
    require(state.phase == "cards" and combat is not None, "wrong_phase")
    assert combat is not None
    seat = action.seat
    require(combat.cards[seat] is None, "already_submitted")
    card = action.args.get("card")
    if isinstance(card, str) and card.strip().isascii() and card.strip().isdigit():
        card = int(card)
    require(type(card) is int and card in state.hands[seat], "card_not_in_hand")
    cards = list(combat.cards)
    cards[seat] = card
    combat = combat.model_copy(update={"cards": (cards[0], cards[1])})
    state = state.model_copy(update={"combat": combat})
    events = [Event(type="card_chosen", data={"seat": seat})]
    if None in cards:
        return state, events
    return _reveal(state, combat, events)


MOVES = {"move": move_piece, "pass": refuse_pass, "declare": declare, "card": play_card}


# Battles --------------------------------------------------------------------------------------


def _next_exchange(state: HannibalState, events: list[Event]) -> Result:
    """Spec §5: Carthage declares when Hannibal shares the region with ordinary legions."""
    combat = state.combat
    assert combat is not None
    fighter: Fighter | None = "ordinary"
    if not combat.naval and state.hannibal == combat.place:
        fighter = "hannibal" if _hannibal_alone(state, combat.place) else None
    combat = combat.model_copy(update={"fighter": fighter, "cards": (None, None)})
    state = state.model_copy(update={"combat": combat})
    if fighter is None:
        return state.model_copy(update={"phase": "declare"}), events
    return _card_phase(state.model_copy(update={"phase": "cards"}), events)


def _card_phase(state: HannibalState, events: list[Event]) -> Result:
    """With a single card in each hand nothing is left to choose: play them at once."""
    combat = state.combat
    assert combat is not None
    if len(state.hands[0]) == 1 and len(state.hands[1]) == 1:
        combat = combat.model_copy(update={"cards": (state.hands[0][0], state.hands[1][0])})
        events.append(Event(type="last_cards"))
        return _reveal(state.model_copy(update={"combat": combat}), combat, events)
    return state, events


def _reveal(state: HannibalState, combat: Combat, events: list[Event]) -> Result:
    rome_card = combat.cards[state.rome_seat]
    carthage_card = combat.cards[1 - state.rome_seat]
    assert rome_card is not None and carthage_card is not None
    with_hannibal = combat.fighter == "hannibal"
    rome_value, carthage_value = rome_card, carthage_card + with_hannibal
    losers: tuple[Role, ...] = (
        ("carthage",)
        if rome_value > carthage_value
        else ("rome",)
        if carthage_value > rome_value
        else ("rome", "carthage")
    )
    state = _remove_units(state, combat, losers, with_hannibal)
    exchange = Exchange(
        place=combat.place,
        rome_card=rome_card,
        carthage_card=carthage_card,
        hannibal=with_hannibal,
        losers=losers,
    )
    events.append(
        Event(
            type="revealed_hannibal" if with_hannibal else "revealed",
            data={
                "seat_rome": state.rome_seat,
                "seat_carthage": 1 - state.rome_seat,
                "rome_card": rome_card,
                "carthage_card": carthage_card,
                "carthage_total": carthage_value,
            },
        )
    )
    events.append(_loss_event(state, combat, losers, with_hannibal))
    state = _spend_cards(state, combat, events).model_copy(
        update={
            "last_exchange": exchange,
            "changed": (combat.place,),
            "exchanges": state.exchanges + 1,
        }
    )
    rome, carthage = combat_units(state, combat)
    if rome and carthage:
        return _next_exchange(state, events)
    return _after_battle(state, combat, events)


def _remove_units(
    state: HannibalState, combat: Combat, losers: tuple[Role, ...], hannibal: bool
) -> HannibalState:
    pieces = state.fleets if combat.naval else state.legions
    pair = list(pieces[combat.place])
    update: dict[str, object] = {}
    for role in losers:
        if role == "carthage" and hannibal:
            update["hannibal"] = None
        else:
            pair[side(role)] -= 1
    changed = dict(pieces)
    changed[combat.place] = (pair[0], pair[1])
    update["fleets" if combat.naval else "legions"] = changed
    return state.model_copy(update=update)


def _after_battle(state: HannibalState, combat: Combat, events: list[Event]) -> Result:
    rome, carthage = combat_units(state, combat)
    holder: Role | None = "rome" if rome else "carthage" if carthage else None
    events.append(
        Event(
            type=f"battle_won_{holder}" if holder else "battle_empty",
            data={"seat": seat_of(state, holder) if holder else -1, **place_args(combat.place)},
        )
    )
    state = state.model_copy(update={"combat": None, "phase": "move"})
    position = position_of(state)
    left = {role: legion_total(position, role) for role in ROLES}
    if not left["rome"] and not left["carthage"]:
        return _game_end(state, None, "annihilation_both", events)
    for role in ROLES:
        if not left[role]:
            return _game_end(state, seat_of(state, enemy(role)), "annihilation", events)
    return _end_turn(state, events)


# Turns and the end ---------------------------------------------------------------------------


def _end_turn(state: HannibalState, events: list[Event]) -> Result:
    """Spec §6.3–6.5: the active player's control checks, then the other player's turn."""
    role = state.active
    seat = seat_of(state, role)
    map_ = board()
    position = position_of(state)
    if mediterranean_control(map_, position, role):
        return _game_end(state, seat, "mediterranean", events)
    if state.core_control and controlled_cores(map_, position, role) >= CORES_NEEDED:
        chips = [0, 0]
        chips[seat] = state.chips[seat] + 1
        returned = state.chips[1 - seat]
        state = state.model_copy(update={"chips": (chips[0], chips[1])})
        events.append(
            Event(
                type="chip_taken",
                data={
                    "seat": seat,
                    "chips": chips[seat],
                    "seat_other": 1 - seat,
                    "returned": returned,
                },
            )
        )
        if chips[seat] >= CHIPS:
            return _game_end(state, seat, "chips", events)
    nxt = enemy(role)
    if not can_move(map_, position, nxt):
        events.append(Event(type="stuck", data={"seat": seat_of(state, nxt)}))
        return _game_end(state, seat, "stuck", events)
    state = state.model_copy(update={"active": nxt, "turn": state.turn + 1, "phase": "move"})
    return state, events


def _game_end(state: HannibalState, winner: int | None, reason: str, events: list[Event]) -> Result:
    events.append(
        Event(
            type=f"won_{reason}" if winner is not None else "drawn",
            data={"seat": -1 if winner is None else winner, "game": state.game},
        )
    )
    state = state.model_copy(update={"combat": None, "end_reason": reason})
    if not state.series:
        return state.model_copy(update={"phase": "over", "winner": winner}), events
    results = (*state.results, -1 if winner is None else winner)
    state = state.model_copy(update={"results": results})
    series_winner = _series_winner(results)
    if series_winner is not None or len(results) >= SERIES_GAMES_CAP:
        if series_winner is None:
            series_winner = _more_wins(results)
        events.append(
            Event(
                type="series_won" if series_winner is not None else "series_drawn",
                data={
                    "seat": -1 if series_winner is None else series_winner,
                    "games": len(results),
                },
            )
        )
        return state.model_copy(update={"phase": "over", "winner": series_winner}), events
    rome_seat = 1 - state.rome_seat
    state = state.model_copy(
        update={**_fresh_game(rome_seat), "game": state.game + 1, "changed": ()}
    )
    events.append(
        Event(
            type="next_game",
            data={"game": state.game, "seat_rome": rome_seat, "seat_carthage": 1 - rome_seat},
        )
    )
    return state, events


def outcome(state: HannibalState) -> Outcome | None:
    if state.phase != "over":
        return None
    if state.series:
        scores = tuple(sum(1 for w in state.results if w == seat) for seat in (0, 1))
    else:
        scores = tuple(int(state.winner == seat) for seat in (0, 1))
    winners = () if state.winner is None else (state.winner,)
    return Outcome(
        scores=scores,
        ranks=competition_ranks(scores),
        winners=winners,
        reason=Msg(key=_reason_key(state)),
    )


def _hannibal_alone(state: HannibalState, place: str | None) -> bool:
    return (
        place is not None and state.hannibal == place and state.legions.get(place, (0, 0))[1] == 0
    )


def _spend_cards(state: HannibalState, combat: Combat, events: list[Event]) -> HannibalState:
    """Both cards to the discard piles; both hands come back once both are empty."""
    hands = list(state.hands)
    discards = list(state.discards)
    for seat in (0, 1):
        card = combat.cards[seat]
        assert card is not None, "cards are spent once both are played"
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        discards[seat] = (*discards[seat], card)
    if not hands[0] and not hands[1]:
        hands = [FULL_HAND, FULL_HAND]
        discards = [(), ()]
        events.append(Event(type="hands_refilled"))
    return state.model_copy(
        update={"hands": (hands[0], hands[1]), "discards": (discards[0], discards[1])}
    )


def _reason_key(state: HannibalState) -> str:
    if not state.series:
        return f"end.{state.end_reason}"
    return "end.series" if _series_winner(state.results) is not None else "end.series_cap"


def _series_winner(results: tuple[int, ...]) -> int | None:
    """Two won games in a row (a draw breaks both streaks)."""
    if len(results) >= 2 and results[-1] == results[-2] and results[-1] >= 0:
        return results[-1]
    return None


def _more_wins(results: tuple[int, ...]) -> int | None:
    wins = [sum(1 for w in results if w == seat) for seat in (0, 1)]
    if wins[0] == wins[1]:
        return None
    return 0 if wins[0] > wins[1] else 1


def _moved_event(seat: int, move: Move) -> Event:
    return Event(
        type=f"moved_{move.piece}",
        data={"seat": seat, **place_args(move.origin, "from"), **place_args(move.dest, "to")},
    )


def _battle_event(state: HannibalState, combat: Combat) -> Event:
    rome, carthage = (
        units(position_of(state), "rome", combat.place),
        units(position_of(state), "carthage", combat.place),
    )
    return Event(
        type="battle_naval" if combat.naval else "battle_land",
        data={
            "seat": seat_of(state, combat.attacker),
            "seat_defender": seat_of(state, enemy(combat.attacker)),
            **place_args(combat.place),
            "rome": rome,
            "carthage": carthage,
        },
    )


def _loss_event(
    state: HannibalState, combat: Combat, losers: tuple[Role, ...], hannibal: bool
) -> Event:
    kind = "fleet" if combat.naval else "legion"
    if losers == ("rome", "carthage"):
        key = f"tie_{kind}" + ("_hannibal" if hannibal else "")
    elif losers == ("carthage",):
        key = "hannibal_falls" if hannibal else f"lost_{kind}"
    else:
        key = f"lost_{kind}"
    loser = seat_of(state, losers[0]) if len(losers) == 1 else -1
    return Event(type=key, data={"seat": loser, **place_args(combat.place)})
