"""Hannibal gegen Rom (Knizia): Rome and Carthage move one legion or fleet a turn on a map of
11 regions and 5 sea routes; battles are fought with number cards 1–5 chosen in secret.

Implements ../shared/rules/hannibal.md with both variants (`series`, `core_control`). The map is
designed data (engine/games/data/hannibal.json, validated by board.py). Exactly two seats;
`rome_seat` says which seat plays Rome in the current game. Decisions where the spec is silent:
- Roles of the first game are drawn from the seeded RNG at setup; in a `series` the seats swap
  roles for every new game, which starts as soon as the previous one ended (fresh map, full
  hands, no chips). The series is capped at `SERIES_GAMES_CAP` games as a safety net: if
  nobody has won twice in a row by then, the seat with more won games wins (equal: no winner).
- A turn is ONE TURN prompt whose single `move` field lists exactly the legal moves, written
  `legion:ROMA>CORSICA`, `hannibal:HISP_S>MAURETANIA` or `fleet:S3>S1` (like Caesar's turn
  field). A list of moves is `one_piece_only`, `pass` (as a value or as a move) `no_passing`,
  an unreadable value `bad_move`, a piece missing at its origin `no_piece_there`, a destination
  neither adjacent by land nor across a route `not_reachable`, a sea crossing without an own
  fleet on the route `no_fleet`, Hannibal across a route `hannibal_no_sea`, a fleet to its own
  route `same_route`.
- Battle cards: one SECRET prompt per player still choosing, under one key per exchange, each
  offering only that player's own hand; a chosen card stays hidden (not even the public view
  says which) until both have chosen, then both are revealed in one event. When both hands
  hold a single card the exchange is played at once (no choice is left), narrated as such.
- Discard piles are public: every card in them was revealed to both players (the board shows
  them, so nobody has to memorise them; the AI may use them, they are public).
- Hannibal declaration (spec §9.3): a public TURN prompt for Carthage before every exchange in
  which Hannibal and ordinary Carthaginian legions share the battle region. Declaring while no
  declaration is due is refused with `hannibal_absent` / `hannibal_alone` where those apply,
  else `wrong_phase`.
- Outcome: the winner scores 1 (series: games won); a drawn game has no winner (spec §6.2).
- The public view keeps what the last input changed (`changed` places, `last_move`,
  `last_exchange`) so the board can highlight it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from engine.core import (
    Action,
    Choice,
    Event,
    Field,
    Game,
    GameState,
    IllegalInput,
    Kind,
    Msg,
    Outcome,
    Prompt,
    competition_ranks,
    handler_for,
    require,
    trusted,
)
from engine.games.hannibal.board import ROLES, Board, Role, board
from engine.games.hannibal.position import (
    Move,
    Position,
    can_move,
    check_move,
    controlled_cores,
    enemy,
    legal_moves,
    legion_total,
    mediterranean_control,
    moved,
    parse_move,
    side,
    units,
)
from engine.games.hannibal.strings import STRINGS, place_args
from engine.rng import Rng

FULL_HAND = (1, 2, 3, 4, 5)
CHIPS = 8
CORES_NEEDED = 3
SERIES_GAMES_CAP = 15
Fighter = Literal["hannibal", "ordinary"]


class HannibalOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series: bool = False
    core_control: bool = False


class Combat(BaseModel):
    """A battle under way. `cards[seat]` is secret until both are in."""

    model_config = ConfigDict(frozen=True)
    place: str
    naval: bool
    attacker: Role
    fighter: Fighter | None = None  # None: Carthage still has to declare
    cards: tuple[int | None, int | None] = (None, None)


class Exchange(BaseModel):
    """The latest revealed card exchange (public)."""

    model_config = ConfigDict(frozen=True)
    place: str
    rome_card: int
    carthage_card: int
    hannibal: bool  # Hannibal fought (+1 for Carthage)
    losers: tuple[Role, ...]


class LastMove(BaseModel):
    model_config = ConfigDict(frozen=True)
    role: Role
    piece: str
    origin: str
    dest: str


class HannibalState(GameState):
    series: bool = False
    core_control: bool = False
    phase: Literal["move", "declare", "cards", "over"] = "move"
    game: int = 1
    rome_seat: int
    active: Role = "rome"
    turn: int = 1
    exchanges: int = 0  # card exchanges in this game (prompt keys)
    legions: dict[str, tuple[int, int]]
    hannibal: str | None
    fleets: dict[str, tuple[int, int]]
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # by seat: secret
    discards: tuple[tuple[int, ...], tuple[int, ...]]  # by seat: public
    chips: tuple[int, int] = (0, 0)  # by seat
    combat: Combat | None = None
    last_move: LastMove | None = None
    last_exchange: Exchange | None = None
    changed: tuple[str, ...] = ()
    results: tuple[int, ...] = ()  # series: winner seat of each finished game, -1 = draw
    end_reason: str = ""
    winner: int | None = None  # of the game (or series) once over


class CombatView(BaseModel):
    model_config = ConfigDict(frozen=True)
    place: str
    naval: bool
    attacker: Role
    fighter: Fighter | None
    chosen: tuple[bool, bool]  # by seat: a card is chosen (never which)
    units: tuple[int, int]  # (Rome, Carthage) in the place


class HannibalView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series: bool
    core_control: bool
    phase: str
    game: int
    rome_seat: int
    active: Role
    turn: int
    legions: dict[str, tuple[int, int]]
    hannibal: str | None
    fleets: dict[str, tuple[int, int]]
    hand_sizes: tuple[int, int]
    discards: tuple[tuple[int, ...], tuple[int, ...]]
    chips: tuple[int, int]
    combat: CombatView | None
    last_move: LastMove | None
    last_exchange: Exchange | None
    changed: tuple[str, ...]
    results: tuple[int, ...]
    end_reason: str
    winner: int | None
    hand: tuple[int, ...] | None = None  # own cards
    own_card: int | None = None  # own chosen battle card, before the reveal


def seat_of(state: HannibalState | HannibalView, role: Role) -> int:
    return state.rome_seat if role == "rome" else 1 - state.rome_seat


def role_of(state: HannibalState | HannibalView, seat: int) -> Role:
    return "rome" if seat == state.rome_seat else "carthage"


def position_of(state: HannibalState | HannibalView) -> Position:
    return Position(state.legions, state.hannibal, state.fleets)


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


class Hannibal(Game[HannibalState, HannibalOptions, HannibalView]):
    id = "hannibal"
    min_seats = 2
    max_seats = 2
    Options = HannibalOptions
    State = HannibalState
    max_inputs = 20_000
    strings = STRINGS

    def start(self, options: HannibalOptions, seats: int, seed: int) -> HannibalState:
        require(seats == 2, "bad_seat_count")
        rng = Rng(seed)
        rome_seat = rng.below(2)
        return HannibalState(
            seats=2,
            rng=rng.state,
            series=options.series,
            core_control=options.core_control,
            **_fresh_game(rome_seat),  # type: ignore[arg-type]
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: HannibalState) -> list[Prompt]:
        if state.phase == "move":
            return [self._move_prompt(state)]
        if state.phase == "declare" and state.combat is not None:
            return [self._declare_prompt(state, state.combat)]
        if state.phase == "cards" and state.combat is not None:
            return self._card_prompts(state, state.combat)
        return []

    def _move_prompt(self, state: HannibalState) -> Prompt:
        moves = legal_moves(board(), position_of(state), state.active)
        field = Field(
            name="move",
            kind="one",
            label=Msg(key="field.move"),
            options=tuple(_move_choice(m) for m in moves),
        )
        seat = seat_of(state, state.active)
        return Prompt(
            key=f"g{state.game}.t{state.turn}",
            move="move",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=Msg(key=f"prompt.move.{state.active}", args={"seat": seat}),
        )

    def _declare_prompt(self, state: HannibalState, combat: Combat) -> Prompt:
        field = Field(
            name="fighter",
            kind="one",
            label=Msg(key="field.fighter"),
            options=(
                Choice(value="hannibal", label=Msg(key="choice.fight_hannibal")),
                Choice(value="ordinary", label=Msg(key="choice.fight_ordinary")),
            ),
        )
        seat = seat_of(state, "carthage")
        return Prompt(
            key=f"g{state.game}.t{state.turn}.d{state.exchanges}",
            move="declare",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=Msg(key="prompt.declare", args={"seat": seat, **place_args(combat.place)}),
        )

    def _card_prompts(self, state: HannibalState, combat: Combat) -> list[Prompt]:
        """A SECRET prompt per player still choosing, one key per exchange, own hand only."""
        done = tuple(seat for seat in (0, 1) if combat.cards[seat] is not None)
        rome, carthage = self._units(state, combat)
        key = "prompt.card_naval" if combat.naval else "prompt.card"
        if combat.fighter == "hannibal":
            key = "prompt.card_hannibal"
        text = Msg(key=key, args={**place_args(combat.place), "rome": rome, "carthage": carthage})
        return [
            Prompt(
                key=f"g{state.game}.x{state.exchanges}",
                move="card",
                kind=Kind.SECRET,
                seats=(seat,),
                done=done,
                fields=(_card_field(state.hands[seat]),),
                text=text,
            )
            for seat in (0, 1)
            if combat.cards[seat] is None
        ]

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: HannibalState, action: Action) -> tuple[HannibalState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handlers = {
            "move": self._apply_move,
            "pass": self._apply_pass,
            "declare": self._apply_declare,
            "card": self._apply_card,
        }
        return handler_for(handlers, action.move)(state, action)

    def _apply_pass(self, state: HannibalState, action: Action) -> tuple[HannibalState, list]:
        require(state.phase == "move", "wrong_phase")
        require(action.seat == seat_of(state, state.active), "not_your_turn")
        raise IllegalInput("no_passing")

    def _apply_move(self, state: HannibalState, action: Action) -> tuple[HannibalState, list]:
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
            return self._game_end(state, action.seat, "capital", events)
        naval = move.piece == "fleet"
        if units(after, enemy(role), move.dest):
            combat = Combat(place=move.dest, naval=naval, attacker=role)
            events.append(_battle_event(state, combat))
            return self._next_exchange(state.model_copy(update={"combat": combat}), events)
        return self._end_turn(state, events)

    def _apply_declare(self, state: HannibalState, action: Action) -> tuple[HannibalState, list]:
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
        return self._card_phase(state, events)

    def _apply_card(self, state: HannibalState, action: Action) -> tuple[HannibalState, list]:
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
        return self._reveal(state, combat, events)

    # Battles --------------------------------------------------------------------------

    def _units(self, state: HannibalState, combat: Combat) -> tuple[int, int]:
        position = position_of(state)
        return units(position, "rome", combat.place), units(position, "carthage", combat.place)

    def _next_exchange(
        self, state: HannibalState, events: list[Event]
    ) -> tuple[HannibalState, list]:
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
        return self._card_phase(state.model_copy(update={"phase": "cards"}), events)

    def _card_phase(self, state: HannibalState, events: list[Event]) -> tuple[HannibalState, list]:
        """With a single card in each hand nothing is left to choose: play them at once."""
        combat = state.combat
        assert combat is not None
        if len(state.hands[0]) == 1 and len(state.hands[1]) == 1:
            combat = combat.model_copy(update={"cards": (state.hands[0][0], state.hands[1][0])})
            events.append(Event(type="last_cards"))
            return self._reveal(state.model_copy(update={"combat": combat}), combat, events)
        return state, events

    def _reveal(
        self, state: HannibalState, combat: Combat, events: list[Event]
    ) -> tuple[HannibalState, list]:
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
        state = self._remove_units(state, combat, losers, with_hannibal)
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
        rome, carthage = self._units(state, combat)
        if rome and carthage:
            return self._next_exchange(state, events)
        return self._after_battle(state, combat, events)

    def _remove_units(
        self, state: HannibalState, combat: Combat, losers: tuple[Role, ...], hannibal: bool
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

    def _after_battle(
        self, state: HannibalState, combat: Combat, events: list[Event]
    ) -> tuple[HannibalState, list]:
        rome, carthage = self._units(state, combat)
        holder = "rome" if rome else "carthage" if carthage else None
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
            return self._game_end(state, None, "annihilation_both", events)
        for role in ROLES:
            if not left[role]:
                return self._game_end(state, seat_of(state, enemy(role)), "annihilation", events)
        return self._end_turn(state, events)

    # Turns and the end ----------------------------------------------------------------

    def _end_turn(self, state: HannibalState, events: list[Event]) -> tuple[HannibalState, list]:
        """Spec §6.3–6.5: the active player's control checks, then the other player's turn."""
        role = state.active
        seat = seat_of(state, role)
        map_ = board()
        position = position_of(state)
        if mediterranean_control(map_, position, role):
            return self._game_end(state, seat, "mediterranean", events)
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
                return self._game_end(state, seat, "chips", events)
        nxt = enemy(role)
        if not can_move(map_, position, nxt):
            events.append(Event(type="stuck", data={"seat": seat_of(state, nxt)}))
            return self._game_end(state, seat, "stuck", events)
        state = state.model_copy(update={"active": nxt, "turn": state.turn + 1, "phase": "move"})
        return state, events

    def _game_end(
        self, state: HannibalState, winner: int | None, reason: str, events: list[Event]
    ) -> tuple[HannibalState, list]:
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

    # Views and outcome ----------------------------------------------------------------

    def view(self, state: HannibalState, seat: int | None) -> HannibalView:
        own = seat is not None and 0 <= seat < 2
        combat = state.combat
        combat_view = None
        own_card = None
        if combat is not None:
            combat_view = trusted(
                CombatView,
                place=combat.place,
                naval=combat.naval,
                attacker=combat.attacker,
                fighter=combat.fighter,
                chosen=(combat.cards[0] is not None, combat.cards[1] is not None),
                units=self._units(state, combat),
            )
            own_card = combat.cards[seat] if own else None  # type: ignore[index]
        return trusted(
            HannibalView,
            seat=seat,
            seats=state.seats,
            series=state.series,
            core_control=state.core_control,
            phase=state.phase,
            game=state.game,
            rome_seat=state.rome_seat,
            active=state.active,
            turn=state.turn,
            legions=state.legions,
            hannibal=state.hannibal,
            fleets=state.fleets,
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            discards=state.discards,
            chips=state.chips,
            combat=combat_view,
            last_move=state.last_move,
            last_exchange=state.last_exchange,
            changed=state.changed,
            results=state.results,
            end_reason=state.end_reason,
            winner=state.winner,
            hand=state.hands[seat] if own else None,  # type: ignore[index]
            own_card=own_card,
        )

    def outcome(self, state: HannibalState) -> Outcome | None:
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

    def private_lines(self, state: HannibalState, seat: int) -> list[Msg]:
        role = role_of(state, seat)
        hand = ", ".join(map(str, state.hands[seat]))
        lines = [
            Msg(key=f"private.role.{role}", args={"look": seat}),
            Msg(key="private.hand", args={"cards": hand, "count": len(state.hands[seat])}),
        ]
        combat = state.combat
        if combat is not None and state.phase == "cards":
            card = combat.cards[seat]
            if card is None:
                lines.append(Msg(key="private.no_card"))
            else:
                lines.append(Msg(key="private.card", args={"card": card}))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        from engine.games.hannibal.ai import decide

        assert isinstance(view, HannibalView)
        return decide(view, prompt, seat, rng_state)


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
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        discards[seat] = (*discards[seat], card)  # type: ignore[assignment]
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


def _card_field(hand: tuple[int, ...]) -> Field:
    return Field(
        name="card",
        kind="one",
        label=Msg(key="field.card"),
        options=tuple(Choice(value=c, label=Msg(key="card", args={"card": c})) for c in hand),
    )


@lru_cache(maxsize=512)
def _move_choice(move: Move) -> Choice:
    """Choices are immutable and rebuilt for every turn prompt, so equal ones are shared."""
    label = Msg(
        key=f"choice.{move.piece}",
        args={**place_args(move.origin, "from"), **place_args(move.dest, "to")},
    )
    return Choice(value=move.code, label=label)


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
