"""Caesar (Knizia): clients on a 5×5 board merge into stacks and fight two-player card duels.

Implements ../shared/rules/caesar.md (the spec lists no variants). Counters are ints: a seat
number, or NEUTRAL (-1). A square is an index `row * 5 + col`, named `a1`..`e5` (column letter,
row number from the top). Decisions where the spec is silent:
- Start player: drawn from the seeded RNG at setup and recorded in the state (`start`); the
  main phase starts with them too (spec §9.10).
- Main-phase turn: ONE TURN prompt (move `turn`, key `t<turn>`) whose single `action` field
  lists exactly the legal choices: `"attack:c3-c2"`, `"ally:b2-d2"` and, only when no attack
  exists, `"pass"` (like Spartacus folds its pass into the play field). One prompt, because a
  front end (and the table service's AI loop) answers one prompt per seat; one field, because
  separate from/to fields would let a pick be half legal. Answers go through the same checks
  as the spec's moves, which `apply` also accepts directly: `ally` / `attack` with `from` and
  `to` (or `path` = `"b2-d2"`), and `pass`. A `turn` answer naming no move is `unknown_move`.
  Squares are case-insensitive. `fight_card` takes `card`: 1..9 or `"flag"`; anything that
  is not a card of the own hand (garbage included) is `card_not_in_hand`.
- Unknown moves are rejected with `unknown_move` right after `not_a_player`; an eliminated seat
  acting in the main phase gets `not_your_turn`.
- A duel is one request (key `t<turn>.duel`): a SECRET prompt per duellist still to choose
  (`done` lists those who have), each offering only that duellist's remaining cards; the
  others wait. A used card is still rejected with `card_not_in_hand`.
- A duellist holding a single card commits it automatically when the fight starts (their only
  legal choice; it stays face down until the reveal, and the hand size was public anyway).
- A submitted fight card stays in the hand (hidden) until the reveal, then both cards leave the
  hands together, so public hand sizes change only at the reveal.
- The public view keeps the latest revealed fight (`last_fight`: both cards and the result) so
  the board image can show what just happened; it is replaced by the next fight and is never a
  list of used cards (spec §9.11).
- Outcome: scores are counters owned (eliminated seats 0); the best non-eliminated score wins,
  ties share (§9.12); if every player is eliminated, `winners` is empty.
"""

from __future__ import annotations

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
)
from engine.rng import Rng

SIZE = 5
SQUARES = SIZE * SIZE
COUNTERS = 5
NEUTRAL = -1
FLAG = 0  # the flag card inside hands; inputs and choices call it "flag"
FULL_HAND = (FLAG, 1, 2, 3, 4, 5, 6, 7, 8, 9)
COLUMNS = "abcde"
DIRECTIONS = ((0, 1), (0, -1), (1, 0), (-1, 0))

Board = tuple[tuple[int, ...], ...]


def square_name(index: int) -> str:
    return f"{COLUMNS[index % SIZE]}{index // SIZE + 1}"


def parse_square(raw: object) -> int | None:
    """`"c3"` -> 12; None for anything that is not a square name."""
    if not isinstance(raw, str):
        return None
    text = raw.strip().lower()
    if len(text) != 2 or text[0] not in COLUMNS or text[1] not in "12345":
        return None
    return (int(text[1]) - 1) * SIZE + COLUMNS.index(text[0])


def parse_card(raw: object) -> int | None:
    """1..9 or "flag" (FLAG); digit strings are accepted too; None otherwise."""
    if isinstance(raw, str):
        text = raw.strip().lower()
        if text == "flag":
            return FLAG
        if len(text) == 1 and text in "123456789":
            return int(text)
        return None
    if type(raw) is int and 1 <= raw <= 9:
        return raw
    return None


def card_value(card: int) -> int | str:
    """The input/choice value of a card: 1..9 or "flag"."""
    return "flag" if card == FLAG else card


def owner(board: Board, square: int) -> int | None:
    """Seat (or NEUTRAL) of the top counter, None when the square is empty."""
    stack = board[square]
    return stack[-1] if stack else None


def line_check(board: Board, a: int, b: int) -> str | None:
    """None when `a` and `b` are in line; else the error code (`not_in_line` / `blocked`)."""
    ra, ca = divmod(a, SIZE)
    rb, cb = divmod(b, SIZE)
    if a == b or (ra != rb and ca != cb):
        return "not_in_line"
    dr = (rb > ra) - (rb < ra)
    dc = (cb > ca) - (cb < ca)
    r, c = ra + dr, ca + dc
    while (r, c) != (rb, cb):
        if board[r * SIZE + c]:
            return "blocked"
        r, c = r + dr, c + dc
    return None


def sight(board: Board, square: int) -> list[int]:
    """The first occupied square in each direction from `square` (the squares in line with it)."""
    row, col = divmod(square, SIZE)
    seen = []
    for dr, dc in DIRECTIONS:
        r, c = row + dr, col + dc
        while 0 <= r < SIZE and 0 <= c < SIZE:
            if board[r * SIZE + c]:
                seen.append(r * SIZE + c)
                break
            r, c = r + dr, c + dc
    return sorted(seen)


def ally_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    paths = []
    for square in range(SQUARES):
        if owner(board, square) == seat:
            paths.extend(
                (square, t) for t in sight(board, square) if owner(board, t) in (seat, NEUTRAL)
            )
    return paths


def attack_paths(board: Board, seat: int) -> list[tuple[int, int]]:
    """Attacks for `seat`. Eliminated players own no group, so every other owner is a target."""
    paths = []
    for square in range(SQUARES):
        if owner(board, square) == seat:
            paths.extend(
                (square, t) for t in sight(board, square) if owner(board, t) not in (seat, NEUTRAL)
            )
    return paths


def counts(board: Board, seats: int) -> tuple[int, ...]:
    """Counters (of any colour) in the groups each seat owns."""
    totals = [0] * seats
    for stack in board:
        if stack and stack[-1] != NEUTRAL:
            totals[stack[-1]] += len(stack)
    return tuple(totals)


class CaesarOptions(BaseModel):
    """The spec lists no variants; options exist so unknown names are rejected."""

    model_config = ConfigDict(extra="forbid")


class Fight(BaseModel):
    model_config = ConfigDict(frozen=True)
    attacker: int
    defender: int
    source: int  # attacker's square
    target: int  # defender's square
    cards: tuple[int | None, int | None] = (None, None)  # secret until both are in


class LastFight(BaseModel):
    """The latest revealed fight (public)."""

    model_config = ConfigDict(frozen=True)
    attacker: int
    defender: int
    source: str
    target: str
    cards: tuple[int, int]  # FLAG = 0
    result: Literal["flag", "attacker", "defender", "tie"]


class LastMove(BaseModel):
    """The latest public input's effect, for the board: who, what and on which squares."""

    model_config = ConfigDict(frozen=True)
    seat: int
    kind: Literal["place", "ally", "attack", "pass", "fight"]
    squares: tuple[int, ...] = ()


class CaesarState(GameState):
    phase: Literal["place", "main", "fight", "over"] = "place"
    start: int = 0
    active: int = 0
    board: Board
    hands: tuple[tuple[int, ...], ...]  # secret
    eliminated: tuple[bool, ...]
    turn: int = 0  # main-phase turns started (prompt keys)
    passes: int = 0  # consecutive passes since the last ally or attack
    fight: Fight | None = None
    last_fight: LastFight | None = None
    last_move: LastMove | None = None
    end_reason: str = ""


class CaesarView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    phase: str
    start: int
    active: int
    turn: int
    placed: int
    board: Board
    counts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    eliminated: tuple[bool, ...]
    passes: int
    fighters: tuple[int, int] | None
    fight_squares: tuple[int, int] | None
    submitted: tuple[bool, bool] | None
    last_fight: LastFight | None
    last_move: LastMove | None
    end_reason: str
    hand: tuple[int, ...] | None = None  # own cards (FLAG = 0)
    own_card: int | None = None  # own submitted fight card


def _path_choice(board: Board, move: str, path: tuple[int, int]) -> Choice:
    a, b = path
    return Choice(
        value=f"{move}:{square_name(a)}-{square_name(b)}",
        label=Msg(
            key=f"choice.{move}",
            args={
                "from": square_name(a),
                "to": square_name(b),
                "from_size": len(board[a]),
                "to_size": len(board[b]),
            },
        ),
    )


_PASS_CHOICE = Choice(value="pass", label=Msg(key="choice.pass"))


def _card_choice(card: int) -> Choice:
    if card == FLAG:
        return Choice(value="flag", label=Msg(key="card.flag"))
    return Choice(value=card, label=Msg(key="card", args={"card": card}))


def _card_field(hand: tuple[int, ...]) -> Field:
    """The cards a duellist still holds (the hand is only ever shown to its owner)."""
    return Field(
        name="card",
        kind="one",
        label=Msg(key="field.card"),
        options=tuple(_card_choice(c) for c in sorted(hand, key=lambda c: (c == FLAG, c))),
    )


class Caesar(Game[CaesarState, CaesarOptions, CaesarView]):
    id = "caesar"
    min_seats = 2
    max_seats = 5
    Options = CaesarOptions
    State = CaesarState
    max_inputs = 1_000

    def start(self, options: CaesarOptions, seats: int, seed: int) -> CaesarState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        rng = Rng(seed)
        start = rng.below(seats)
        return CaesarState(
            seats=seats,
            rng=rng.state,
            start=start,
            active=start,
            board=((),) * SQUARES,
            hands=(FULL_HAND,) * seats,
            eliminated=(False,) * seats,
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: CaesarState) -> list[Prompt]:
        if state.phase == "place":
            return [self._place_prompt(state)]
        if state.phase == "main":
            return self._turn_prompts(state)
        if state.phase == "fight" and state.fight is not None:
            return self._duel_prompts(state, state.fight)
        return []

    def _place_prompt(self, state: CaesarState) -> Prompt:
        placed = sum(len(stack) for stack in state.board)
        options = tuple(
            Choice(value=square_name(s), label=Msg(key="square", args={"square": square_name(s)}))
            for s in range(SQUARES)
            if not state.board[s]
        )
        return Prompt(
            key=f"place.{placed}",
            move="place",
            kind=Kind.TURN,
            seats=(state.active,),
            fields=(
                Field(name="square", kind="one", label=Msg(key="field.square"), options=options),
            ),
            text=Msg(
                key="prompt.place",
                args={"seat": state.active, "round": placed // state.seats + 1, "rounds": COUNTERS},
            ),
        )

    def _turn_prompts(self, state: CaesarState) -> list[Prompt]:
        """One TURN prompt whose `action` field lists every legal attack, alliance and pass."""
        seat = state.active
        attacks = attack_paths(state.board, seat)
        options = [_path_choice(state.board, "attack", p) for p in attacks]
        options += [_path_choice(state.board, "ally", p) for p in ally_paths(state.board, seat)]
        if not attacks:
            options.append(_PASS_CHOICE)
        field = Field(
            name="action", kind="one", label=Msg(key="field.action"), options=tuple(options)
        )
        return [
            Prompt(
                key=f"t{state.turn}",
                move="turn",
                kind=Kind.TURN,
                seats=(seat,),
                fields=(field,),
                text=Msg(
                    key="prompt.turn" if attacks else "prompt.turn_no_attack", args={"seat": seat}
                ),
            )
        ]

    def _duel_prompts(self, state: CaesarState, fight: Fight) -> list[Prompt]:
        """A SECRET prompt per duellist still choosing (the others wait), under one key so the
        duel is one request; each offers only that duellist's own remaining cards."""
        fighters = (fight.attacker, fight.defender)
        done = tuple(s for i, s in enumerate(fighters) if fight.cards[i] is not None)
        text = Msg(
            key="prompt.fight_card",
            args={
                "seat_attacker": fight.attacker,
                "seat_defender": fight.defender,
                "from": square_name(fight.source),
                "to": square_name(fight.target),
                "attacker_size": len(state.board[fight.source]),
                "defender_size": len(state.board[fight.target]),
            },
        )
        return [
            Prompt(
                key=f"t{state.turn}.duel",
                move="fight_card",
                kind=Kind.SECRET,
                seats=(seat,),
                done=done,
                fields=(_card_field(state.hands[seat]),),
                text=text,
            )
            for i, seat in enumerate(fighters)
            if fight.cards[i] is None
        ]

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: CaesarState, action: Action) -> tuple[CaesarState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handlers = {
            "place": self._apply_place,
            "ally": self._apply_ally,
            "attack": self._apply_attack,
            "pass": self._apply_pass,
            "fight_card": self._apply_fight_card,
            "turn": self._apply_turn,
        }
        handler = handler_for(handlers, action.move)
        return handler(state, action)

    def _apply_turn(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
        """The turn prompt's answer `action`: "attack:c3-c2", "ally:b2-d2" or "pass"."""
        raw = action.args.get("action")
        move, _, path = raw.partition(":") if isinstance(raw, str) else ("", "", "")
        if move == "pass" and not path:
            return self._apply_pass(state, action)
        if move not in ("ally", "attack"):
            raise IllegalInput("unknown_move", move=str(raw))
        inner = Action(seat=action.seat, move=move, args={"path": path})
        return (
            self._apply_ally(state, inner) if move == "ally" else self._apply_attack(state, inner)
        )

    def _apply_place(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
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
        return self._start_turn(state, state.start, events)

    def _parse_path(self, action: Action) -> tuple[int | None, int | None]:
        args = action.args
        if "path" in args:
            raw = args.get("path")
            parts = raw.split("-") if isinstance(raw, str) else []
            if len(parts) != 2:
                return None, None
            return parse_square(parts[0]), parse_square(parts[1])
        return parse_square(args.get("from")), parse_square(args.get("to"))

    def _check_path(self, state: CaesarState, action: Action, move: str) -> tuple[int, int]:
        """The shared validation ladder of `ally` and `attack` (spec §4)."""
        seat = action.seat
        require(state.phase == "main", "wrong_phase")
        require(seat == state.active, "not_your_turn")
        source, target = self._parse_path(action)
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

    def _apply_ally(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
        source, target = self._check_path(state, action, "ally")
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
        return self._start_turn(state, self._next_seat(state, action.seat), events)

    def _apply_attack(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
        source, target = self._check_path(state, action, "attack")
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
        return self._resolve(state, fight, events)

    def _apply_pass(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
        require(state.phase == "main", "wrong_phase")
        require(action.seat == state.active, "not_your_turn")
        require(not attack_paths(state.board, action.seat), "fight_available")
        events = [Event(type="passed", data={"seat": action.seat})]
        state = state.model_copy(update={"last_move": LastMove(seat=action.seat, kind="pass")})
        return self._after_pass(state, action.seat, events)

    def _apply_fight_card(self, state: CaesarState, action: Action) -> tuple[CaesarState, list]:
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
        return self._resolve(state, fight, events)

    # Automatic steps -------------------------------------------------------------------

    def _resolve(
        self, state: CaesarState, fight: Fight, events: list[Event]
    ) -> tuple[CaesarState, list]:
        a_card, d_card = fight.cards
        assert a_card is not None and d_card is not None
        a, d = fight.attacker, fight.defender
        board = list(state.board)
        src, dst = fight.source, fight.target
        cards_data = {"attacker_card": card_value(a_card), "defender_card": card_value(d_card)}
        result: Literal["flag", "attacker", "defender", "tie"]
        if FLAG in (a_card, d_card):
            result = "flag"
            if a_card == d_card:
                events.append(
                    Event(type="fight_flag_both", data={"seat_attacker": a, "seat_defender": d})
                )
            else:
                flagger, other = (a, d) if a_card == FLAG else (d, a)
                number = d_card if a_card == FLAG else a_card
                events.append(
                    Event(
                        type="fight_flag",
                        data={"seat": flagger, "seat_other": other, "card": number, **cards_data},
                    )
                )
        else:
            a_total = len(board[src]) + a_card
            d_total = len(board[dst]) + d_card
            if a_total == d_total:
                result = "tie"
                removed = len(board[src]) + len(board[dst])
                board[src] = ()
                board[dst] = ()
                events.append(
                    Event(
                        type="fight_tie",
                        data={
                            "seat_attacker": a,
                            "seat_defender": d,
                            "total": a_total,
                            "removed": removed,
                            **cards_data,
                        },
                    )
                )
            else:
                attacker_won = a_total > d_total
                result = "attacker" if attacker_won else "defender"
                win_sq, lose_sq = (src, dst) if attacker_won else (dst, src)
                winner, loser = (a, d) if attacker_won else (d, a)
                board[lose_sq] = board[lose_sq] + board[win_sq]
                board[win_sq] = ()
                events.append(
                    Event(
                        type="fight_won",
                        data={
                            "seat": winner,
                            "seat_loser": loser,
                            "winner_card": a_card if attacker_won else d_card,
                            "loser_card": d_card if attacker_won else a_card,
                            "winner_total": max(a_total, d_total),
                            "loser_total": min(a_total, d_total),
                            "square": square_name(lose_sq),
                            "size": len(board[lose_sq]),
                            **cards_data,
                        },
                    )
                )
        hands = list(state.hands)
        hands[a] = tuple(c for c in hands[a] if c != a_card)
        hands[d] = tuple(c for c in hands[d] if c != d_card)
        last = LastFight(
            attacker=a,
            defender=d,
            source=square_name(src),
            target=square_name(dst),
            cards=(a_card, d_card),
            result=result,
        )
        new_board = tuple(board)
        owners = {stack[-1] for stack in new_board if stack}
        eliminated = list(state.eliminated)
        for seat in range(state.seats):
            if not eliminated[seat] and seat not in owners:
                eliminated[seat] = True
                events.append(Event(type="eliminated", data={"seat": seat}))
        state = state.model_copy(
            update={
                "board": new_board,
                "hands": tuple(hands),
                "eliminated": tuple(eliminated),
                "fight": None,
                "last_fight": last,
                "last_move": LastMove(seat=a, kind="fight", squares=(src, dst)),
                "phase": "main",
            }
        )
        if not hands[a] or not hands[d]:
            return self._finish(state, "cards", events)
        if sum(not e for e in eliminated) <= 1:
            return self._finish(state, "last_player", events)
        return self._start_turn(state, self._next_seat(state, a), events)

    def _next_seat(self, state: CaesarState, seat: int) -> int:
        for step in range(1, state.seats + 1):
            nxt = (seat + step) % state.seats
            if not state.eliminated[nxt]:
                return nxt
        return seat

    def _start_turn(
        self, state: CaesarState, seat: int, events: list[Event]
    ) -> tuple[CaesarState, list]:
        """Begin `seat`'s main-phase turn: frozen-board end check, then automatic passes."""
        alive = [s for s in range(state.seats) if not state.eliminated[s]]
        movable = [s for s in alive if attack_paths(state.board, s) or ally_paths(state.board, s)]
        if not movable:
            return self._finish(state, "frozen", events)
        state = state.model_copy(update={"active": seat, "turn": state.turn + 1})
        if seat not in movable:
            events.append(Event(type="auto_passed", data={"seat": seat}))
            return self._after_pass(state, seat, events)
        return state, events

    def _after_pass(
        self, state: CaesarState, seat: int, events: list[Event]
    ) -> tuple[CaesarState, list]:
        passes = state.passes + 1
        state = state.model_copy(update={"passes": passes})
        if passes >= sum(not e for e in state.eliminated):
            return self._finish(state, "passes", events)
        return self._start_turn(state, self._next_seat(state, seat), events)

    def _finish(
        self, state: CaesarState, reason: str, events: list[Event]
    ) -> tuple[CaesarState, list]:
        state = state.model_copy(update={"phase": "over", "end_reason": reason, "fight": None})
        result = self.outcome(state)
        assert result is not None
        events.append(
            Event(
                type="game_over",
                data={
                    "scores": list(result.scores),
                    "seats": list(result.winners),
                    "reason": reason,
                },
            )
        )
        return state, events

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: CaesarState, seat: int | None) -> CaesarView:
        fight = state.fight
        own = seat is not None and 0 <= seat < state.seats
        own_card = None
        if own and fight is not None and seat in (fight.attacker, fight.defender):
            own_card = fight.cards[(fight.attacker, fight.defender).index(seat)]
        return CaesarView.model_construct(
            seat=seat,
            seats=state.seats,
            phase=state.phase,
            start=state.start,
            active=state.active,
            turn=state.turn,
            placed=sum(1 for stack in state.board for c in stack if c != NEUTRAL)
            if state.phase == "place"
            else COUNTERS * state.seats,
            board=state.board,
            counts=self._scores(state),
            hand_sizes=tuple(len(h) for h in state.hands),
            eliminated=state.eliminated,
            passes=state.passes,
            fighters=(fight.attacker, fight.defender) if fight else None,
            fight_squares=(fight.source, fight.target) if fight else None,
            submitted=(fight.cards[0] is not None, fight.cards[1] is not None) if fight else None,
            last_fight=state.last_fight,
            last_move=state.last_move,
            end_reason=state.end_reason,
            hand=state.hands[seat] if own else None,  # type: ignore[index]
            own_card=own_card,
        )

    def _scores(self, state: CaesarState) -> tuple[int, ...]:
        totals = counts(state.board, state.seats)
        return tuple(0 if state.eliminated[s] else totals[s] for s in range(state.seats))

    def outcome(self, state: CaesarState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = self._scores(state)
        alive = [s for s in range(state.seats) if not state.eliminated[s]]
        best = max((scores[s] for s in alive), default=None)
        winners = tuple(s for s in alive if scores[s] == best)
        return Outcome(
            scores=scores,
            ranks=competition_ranks(scores),
            winners=winners,
            reason=Msg(key=f"end.{state.end_reason}"),
        )

    def private_lines(self, state: CaesarState, seat: int) -> list[Msg]:
        cards = ", ".join(str(card_value(c)) for c in _display_order(state.hands[seat]))
        lines = [Msg(key="private.hand", args={"cards": cards, "count": len(state.hands[seat])})]
        fight = state.fight
        if fight is not None and seat in (fight.attacker, fight.defender):
            card = fight.cards[(fight.attacker, fight.defender).index(seat)]
            if card is None:
                lines.append(Msg(key="private.no_card"))
            elif card == FLAG:
                lines.append(Msg(key="private.fight_flag"))
            else:
                lines.append(Msg(key="private.fight_card", args={"card": card}))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, CaesarView)
        rng = Rng(rng_state)
        if prompt.move == "place":
            return Action(seat=seat, move="place", args={"square": _ai_place(view, seat, rng)})
        if prompt.move == "fight_card":
            return Action(seat=seat, move="fight_card", args={"card": _ai_card(view, seat)})
        return _ai_turn(view, seat, rng)

    strings = {
        "en": {
            "name": "Caesar",
            "summary": "Merge your clients into stacks on a 5×5 board and win card duels.",
            "rules": (
                "2–5 players, 5 counters each, cards 1–9 and a flag each. Placement: 5 rounds, "
                "each player puts one counter on an empty square; the empty squares then get a "
                "neutral counter (all 25 filled). Main phase, in turn: ally, attack or pass.\n"
                "Squares are in line when they share a row or column with only empty squares "
                "between. A stack is owned by the colour on top; its size counts every counter.\n"
                "Ally: move your whole stack onto your own or a neutral stack in line.\n"
                "Attack: pick your stack and another player's stack in line; both choose a card "
                "secretly and reveal. A flag cancels the fight. Otherwise size + card: the higher "
                "total puts its stack on top of the loser's (also when the defender wins); equal "
                "totals remove both stacks from the game. Cards are used once.\n"
                "Pass only when you cannot attack. A player who owns no stack is out.\n"
                "The game ends when a fighter has used all 10 cards, when one player is left, or "
                "after a full round of passes. Most counters in owned stacks wins; ties share."
            ),
            "square": "{square}",
            "choice.attack": "Attack {from} ({from_size}) → {to} ({to_size})",
            "choice.ally": "Ally {from} ({from_size}) → {to} ({to_size})",
            "choice.pass": "Pass",
            "card": "{card}",
            "card.flag": "Flag",
            "field.square": "Empty square",
            "field.action": "Your move (stack sizes in brackets)",
            "field.card": "Fight card",
            "prompt.place": "Placement round {round}/{rounds}: {seat}, put a counter on an empty square.",
            "prompt.turn": (
                "{seat}: attack another player's stack in line, or ally (move your stack onto "
                "your own or a neutral stack in line)."
            ),
            "prompt.turn_no_attack": (
                "{seat}: nobody to attack. Ally (move your stack onto your own or a neutral "
                "stack in line) or pass."
            ),
            "prompt.fight_card": (
                "Fight {from} → {to}: {seat_attacker} (size {attacker_size}) against "
                "{seat_defender} (size {defender_size}). Choose your card secretly."
            ),
            "event.placed": "{seat} places a counter on {square}.",
            "event.neutrals": "{count:neutral counter fills|neutral counters fill} the empty squares.",
            "event.main_started": "Placement done. {seat} starts the main phase.",
            "event.allied": "{seat} allies {from} → {to} (stack of {size}).",
            "event.attacked": (
                "{seat} attacks {seat_defender}: {from} ({attacker_size}) → {to} ({defender_size})."
            ),
            "event.card_chosen": "{seat} has chosen a card.",
            "event.card_forced": "{seat} has one card left: it is played face down.",
            "event.fight_flag": "{seat} shows the flag against {seat_other}'s {card}: no effect.",
            "event.fight_flag_both": "{seat_attacker} and {seat_defender} both show the flag: no effect.",
            "event.fight_won": (
                "{seat} ({winner_card}, total {winner_total}) beats {seat_loser} ({loser_card}, "
                "total {loser_total}): stack of {size} on {square}."
            ),
            "event.fight_tie": (
                "{seat_attacker} ({attacker_card}) and {seat_defender} ({defender_card}) tie at "
                "{total}: both stacks ({removed} counters) leave the game."
            ),
            "event.eliminated": "{seat} owns no stack and is out.",
            "event.passed": "{seat} passes.",
            "event.auto_passed": "{seat} has no move and passes.",
            "event.game_over": "Game over. Winner: {seats}.",
            "end.cards": "A fighter has used all ten cards.",
            "end.last_player": "At most one player is left.",
            "end.passes": "Every player passed in turn.",
            "end.frozen": "Nobody can attack or ally any more.",
            "private.hand": "Your cards ({count}): {cards}",
            "private.fight_card": "Your fight card: {card}",
            "private.fight_flag": "Your fight card: the flag",
            "private.no_card": "Choose your fight card.",
            "error.wrong_phase": "That is not possible at this point of the game.",
            "error.not_your_turn": "It is not your turn.",
            "error.bad_square": "Name squares a1–e5 (column a–e, row 1–5).",
            "error.occupied": "That square is already occupied.",
            "error.not_your_group": "The first square must hold a stack you own.",
            "error.bad_target": "That target stack is not allowed for this move.",
            "error.not_in_line": "The two squares must be different and share a row or column.",
            "error.blocked": "Another stack stands between the two squares.",
            "error.not_a_fighter": "You are not part of this fight.",
            "error.already_submitted": "You have already chosen your card.",
            "error.card_not_in_hand": "That card is not in your hand.",
            "error.fight_available": "You cannot pass while you can attack.",
            "board.title": "Caesar",
            "board.placement": "Placement round {round}/5 · {player} places a counter",
            "board.fight": "Fight: {attacker} {source} attacks {defender} {target} · cards chosen in secret",
            "board.end.cards": "a fighter used all 10 cards",
            "board.end.last_player": "one player left",
            "board.end.passes": "everyone passed",
            "board.end.frozen": "no move left",
            "board.and": " & ",
            "board.nobody": "nobody",
            "board.over": "Game over ({reason}) · winner: {winners}",
            "board.to_move": "{player} to move: ally, attack or pass",
            "board.neutral_mark": "N",
            "board.final_counters": "Final counters",
            "board.players": "Players",
            "board.counters": "{count:counter|counters}",
            "board.cards_left": "{count:card|cards} left",
            "board.out": "out",
            "board.winner": "winner",
            "board.card_chosen": "card chosen",
            "board.choosing": "choosing a card",
            "board.your_move": "to move",
            "board.last_fight": "Last fight",
            "board.wins": "{letter} wins",
            "board.result.flag": "flag: no effect",
            "board.result.tie": "tie: both stacks removed",
            "board.flag": "flag",
            "board.last.place": "Last move: {player} placed a counter on {square}",
            "board.last.ally": "Last move: {player} allied {source} → {target}",
            "board.last.attack": "Last move: {player} attacked {target} from {source}",
            "board.last.pass": "Last move: {player} passed",
            "board.neutral_legend": "{mark} = neutral counter (nobody's): a stack topped by one belongs to no player",
        },
        "ja": {
            "name": "カエサル",
            "summary": "5×5の盤で応援民を積み重ねて集団を作り、カードの闘争で勝ち抜きます。",
            "rules": (
                "2〜5人。各自カウンター5個と、1〜9の数字カード＋旗印カードの計10枚。配置：5ラウンド、"
                "各自順に空きマスへカウンターを1個置きます。その後、空きマスはすべて中立カウンターで"
                "埋まります（25マス全部）。メインフェイズは手番順に、同盟・闘争・パスのいずれか1つ。\n"
                "同じ縦列か横列にあり、間が空きマスだけなら「一直線上」です。集団の持ち主は一番上の"
                "カウンターの色、大きさは色を問わないカウンター数です。\n"
                "同盟：自分の集団を丸ごと、一直線上の自分または中立の集団の上に移動します。\n"
                "闘争：自分の集団と一直線上の他プレイヤーの集団を選び、両者が秘密裏にカードを1枚選んで"
                "同時に公開。旗印が出れば効果なし。それ以外は大きさ＋カードの合計が高い方が勝ち、"
                "負けた集団の上に自分の集団を重ねます（防御側が勝った場合も同様）。同点なら両集団とも"
                "ゲームから除外。カードは1回しか使えません。\n"
                "パスは闘争ができないときだけ可能。集団を1つも持たないプレイヤーは脱落します。\n"
                "闘争した誰かが10枚すべてを使い切る、残りが1人以下になる、または全員が続けてパスすると"
                "終了。自分の集団のカウンター合計が最多のプレイヤーが勝ち、同点は勝利を分け合います。"
            ),
            "square": "{square}",
            "choice.attack": "闘争 {from}（{from_size}）→ {to}（{to_size}）",
            "choice.ally": "同盟 {from}（{from_size}）→ {to}（{to_size}）",
            "choice.pass": "パス",
            "card": "{card}",
            "card.flag": "旗印",
            "field.square": "空きマス",
            "field.action": "行動（括弧内は集団の大きさ）",
            "field.card": "闘争カード",
            "prompt.place": "配置ラウンド{round}/{rounds}：{seat}さん、空きマスにカウンターを置いてください。",
            "prompt.turn": (
                "{seat}さんの手番：一直線上の他プレイヤーの集団に闘争を仕掛けるか、同盟（自分の集団を"
                "一直線上の自分または中立の集団に重ねる）を行ってください。"
            ),
            "prompt.turn_no_attack": (
                "{seat}さんの手番：闘争できる相手がいません。同盟（自分の集団を一直線上の自分または"
                "中立の集団に重ねる）を行うか、パスしてください。"
            ),
            "prompt.fight_card": (
                "闘争 {from} → {to}：{seat_attacker}（大きさ{attacker_size}）対 "
                "{seat_defender}（大きさ{defender_size}）。カードを秘密裏に選んでください。"
            ),
            "event.placed": "{seat}が{square}にカウンターを置きました。",
            "event.neutrals": "空きマス{count}か所に中立カウンターが置かれました。",
            "event.main_started": "配置終了。{seat}からメインフェイズを始めます。",
            "event.allied": "{seat}が同盟：{from} → {to}（大きさ{size}の集団）。",
            "event.attacked": (
                "{seat}が{seat_defender}に闘争を仕掛けました：{from}（{attacker_size}）→ "
                "{to}（{defender_size}）。"
            ),
            "event.card_chosen": "{seat}がカードを選びました。",
            "event.card_forced": "{seat}の手札は残り1枚なので、そのカードが伏せて出されました。",
            "event.fight_flag": "{seat}が旗印を出しました（{seat_other}は{card}）。闘争は効果なし。",
            "event.fight_flag_both": "{seat_attacker}と{seat_defender}が両方とも旗印。闘争は効果なし。",
            "event.fight_won": (
                "{seat}（{winner_card}、合計{winner_total}）が{seat_loser}（{loser_card}、"
                "合計{loser_total}）に勝利：{square}に大きさ{size}の集団。"
            ),
            "event.fight_tie": (
                "{seat_attacker}（{attacker_card}）と{seat_defender}（{defender_card}）は合計"
                "{total}で同点：両集団（カウンター{removed}個）がゲームから除外されました。"
            ),
            "event.eliminated": "{seat}は集団を失い、脱落しました。",
            "event.passed": "{seat}がパスしました。",
            "event.auto_passed": "{seat}は行動できないため、自動的にパスしました。",
            "event.game_over": "ゲーム終了。勝者：{seats}",
            "end.cards": "闘争したプレイヤーがカード10枚をすべて使い切りました。",
            "end.last_player": "残ったプレイヤーが1人以下になりました。",
            "end.passes": "全員が続けてパスしました。",
            "end.frozen": "誰も闘争も同盟もできなくなりました。",
            "private.hand": "あなたの手札（{count}枚）：{cards}",
            "private.fight_card": "あなたの闘争カード：{card}",
            "private.fight_flag": "あなたの闘争カード：旗印",
            "private.no_card": "闘争カードを選んでください。",
            "error.wrong_phase": "今はその行動はできません。",
            "error.not_your_turn": "あなたの手番ではありません。",
            "error.bad_square": "マスはa1〜e5（列a〜e、行1〜5）で指定してください。",
            "error.occupied": "そのマスにはすでにカウンターがあります。",
            "error.not_your_group": "最初のマスは自分の集団でなければなりません。",
            "error.bad_target": "その集団はこの行動の対象にできません。",
            "error.not_in_line": "2つのマスは別々で、同じ縦列か横列になければなりません。",
            "error.blocked": "2つのマスの間に別の集団があります。",
            "error.not_a_fighter": "あなたはこの闘争の当事者ではありません。",
            "error.already_submitted": "すでにカードを選んでいます。",
            "error.card_not_in_hand": "そのカードは手札にありません。",
            "error.fight_available": "闘争できる相手がいる間はパスできません。",
            "board.title": "カエサル",
            "board.placement": "配置ラウンド{round}/5 · {player}がカウンターを配置",
            "board.fight": "闘争：{attacker} {source} → {defender} {target} · カードを秘密裏に選択中",
            "board.end.cards": "カード10枚を使い切り",
            "board.end.last_player": "残り1人",
            "board.end.passes": "全員パス",
            "board.end.frozen": "行動不能",
            "board.and": "、",
            "board.nobody": "なし",
            "board.over": "ゲーム終了（{reason}）· 勝者：{winners}",
            "board.to_move": "{player}の手番：同盟・闘争・パス",
            "board.neutral_mark": "中",
            "board.final_counters": "最終カウンター数",
            "board.players": "プレイヤー",
            "board.counters": "カウンター{count}個",
            "board.cards_left": "残りカード{count}枚",
            "board.out": "脱落",
            "board.winner": "勝者",
            "board.card_chosen": "カード選択済み",
            "board.choosing": "カード選択中",
            "board.your_move": "手番",
            "board.last_fight": "直前の闘争",
            "board.wins": "{letter}の勝ち",
            "board.result.flag": "旗印：効果なし",
            "board.result.tie": "同点：両集団を除外",
            "board.flag": "旗印",
            "board.last.place": "直前の手：{player}が{square}にカウンターを配置",
            "board.last.ally": "直前の手：{player}が同盟 {source} → {target}",
            "board.last.attack": "直前の手：{player}が{source}から{target}を攻撃",
            "board.last.pass": "直前の手：{player}がパス",
            "board.neutral_legend": "{mark} = 中立カウンター（誰のものでもない）：一番上が中立の集団はどのプレイヤーのものでもない",
        },
    }


def _display_order(hand: tuple[int, ...]) -> list[int]:
    """Numbers ascending, flag last."""
    return sorted(hand, key=lambda c: (c == FLAG, c))


# A heuristic AI that plays from its own view: it grabs neutral stacks, fights only when the
# odds (sizes plus an unknown card) favour it, and bids the cheapest card that does the job.

_OPPONENT_CARDS = FULL_HAND  # an opponent's card is unknown: assume any of the ten
_CARD_COST = 0.2  # value of keeping a high card for later fights
_FLAG_COST = 0.6
_MERGE_VALUE = 0.3  # joining two own stacks: no counters, but a stronger stack


def _ai_place(view: CaesarView, seat: int, rng: Rng) -> str:
    board = view.board
    best, best_score = None, None
    for square in range(SQUARES):
        if board[square]:
            continue
        score = 0.0
        row, col = divmod(square, SIZE)
        for dr, dc in DIRECTIONS:
            r, c = row + dr, col + dc
            if not (0 <= r < SIZE and 0 <= c < SIZE):
                continue
            stack = board[r * SIZE + c]
            if not stack:
                score += 1.0  # likely a neutral neighbour to ally with
            elif stack[-1] == seat:
                score += 0.5
            else:
                score -= 1.5
        for t in sight(board, square):
            if board[t][-1] not in (seat, NEUTRAL):
                score -= 0.5
        score += rng.below(100) / 1000
        if best_score is None or score > best_score:
            best, best_score = square, score
    assert best is not None
    return square_name(best)


def _fight_value(mine: int, theirs: int, card: int) -> float:
    """Expected counters gained by playing `card` with a stack of `mine` against `theirs`."""
    if card == FLAG:
        return -_FLAG_COST
    total = 0.0
    for other in _OPPONENT_CARDS:
        if other == FLAG:
            continue
        a, b = mine + card, theirs + other
        if a > b:
            total += theirs
        else:  # a loss gives my stack away; a tie throws it away
            total -= mine
    return total / len(_OPPONENT_CARDS) - _CARD_COST * card


def _best_card(hand: tuple[int, ...], mine: int, theirs: int) -> tuple[int, float]:
    """The card with the best expected value (the flag cancels a hopeless fight); ties go to
    the cheaper number."""
    options = [(c, _fight_value(mine, theirs, c)) for c in hand]
    return max(options, key=lambda cv: (cv[1], -cv[0] if cv[0] != FLAG else -10))


def _ai_card(view: CaesarView, seat: int) -> int | str:
    assert view.fighters is not None and view.fight_squares is not None and view.hand
    a_sq, d_sq = view.fight_squares
    mine, theirs = (a_sq, d_sq) if view.fighters[0] == seat else (d_sq, a_sq)
    card, _ = _best_card(view.hand, len(view.board[mine]), len(view.board[theirs]))
    return card_value(card)


def _ai_turn(view: CaesarView, seat: int, rng: Rng) -> Action:
    board = view.board
    hand = view.hand or ()
    candidates: list[tuple[float, str, tuple[int, int]]] = []
    for a, b in ally_paths(board, seat):
        value = 1.0 + len(board[b]) if board[b][-1] == NEUTRAL else _MERGE_VALUE
        candidates.append((value, "ally", (a, b)))
    attacks = attack_paths(board, seat)
    for a, b in attacks:
        _, value = _best_card(hand, len(board[a]), len(board[b]))
        candidates.append((value, "attack", (a, b)))
    if not attacks:
        candidates.append((0.0, "pass", (0, 0)))
    best = max(c[0] for c in candidates)
    top = [c for c in candidates if c[0] >= best - 1e-9]
    _, move, (a, b) = top[rng.below(len(top))]
    if move == "pass":
        return Action(seat=seat, move="turn", args={"action": "pass"})
    return Action(
        seat=seat, move="turn", args={"action": f"{move}:{square_name(a)}-{square_name(b)}"}
    )
