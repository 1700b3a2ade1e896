"""Circus Maximus (Knizia): each player races three chariots once around a hex track and into the
finish cells; five movement cards per round are split over the chariots, leaders move first.

Implements ../shared/rules/circus-maximus.md with every variant (`straight_line`, `six_cards`,
`exactly_two`, `continue_for_placings`); the track is data (engine/games/data/circus_maximus.json,
see track.py). Nothing is hidden: every view is the public view.

How a chariot's turn is asked (so a whole round takes few clicks, each prompt one pick-one field
of at most ten options, shown as buttons on the board):
- `card` — pick one of the owner's cards left this round, or `end` the chariot's turn (offered
  once it has had a card). Choosing a card commits nothing yet.
- `drive` — for the chosen card: a direction whose whole path is legal (the board marks each
  destination with its arrow), `burn` (the card is used without moving) or `back` (choose
  another card). Only the spec's `move(card, dir)` and `burn(card)` change the race.
- `place` — the start cell by its number (drawn on the board), during the snake-order placement.
`card` also takes a `to` (a direction or `burn`) beside the card: the spec's `move(card, dir)` or
`burn(card)` as one input. The AI answers that way, so an AI seat's round costs the table about
half as many inputs (and board updates) as the two-click path a person uses.

Decisions where the spec is silent:
- The start player is drawn from the seeded RNG at setup; seat order runs on from him. Each
  placement places the player's next chariot in number order (1, 2, 3).
- The chosen card and its legal destinations are part of every view (nothing is hidden), so
  the board can mark the destinations with the arrows the buttons show.
- A card that would reach a finish cell in the same direction as a longer card is offered by
  both; the remaining steps are lost either way (§5.1).
- The spec has no round limit, but every table must end (AI-only runs, idle players): a race
  still running after round ROUND_LIMIT (30, several times a real race) is called. Places then
  go by completed teams, chariots in, and the fewest steps still to drive (an empty-track
  distance that follows the lap rules); the reason says the race was called.
- Losers are ranked by chariots in (the winner, then the rest); with `continue_for_placings`,
  completed teams take places in the order they completed. The score shown is chariots in.
- Rejection codes of a move name the first failing step: `off_track` (wall or off the board),
  `path_blocked` (a chariot in the way), `finish_closed` (a thick finish boundary),
  `lap_not_complete`; all leave the state unchanged.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.core import (
    Action,
    Choice,
    Event,
    Field,
    Game,
    Kind,
    Msg,
    Outcome,
    Prompt,
    competition_ranks,
    handler_for,
    require,
)
from engine.games.circus_maximus.ai import decide
from engine.games.circus_maximus.moves import Drive, drive, order_key
from engine.games.circus_maximus.state import (
    ARROWS,
    CHARIOTS,
    ROUND_LIMIT,
    Chariot,
    CircusOptions,
    CircusState,
    CircusView,
    LastMove,
    Step,
    Target,
    cards_needed,
    chariot_number,
    deck,
    occupied,
    straight_direction,
    turn_limit,
)
from engine.games.circus_maximus.strings import STRINGS
from engine.games.circus_maximus.track import DIRECTIONS, LAP, TRACK
from engine.rng import Rng


def move_order(chariots: tuple[Chariot, ...]) -> tuple[int, ...]:
    racing = [i for i, c in enumerate(chariots) if not c.finished and c.cell is not None]
    return tuple(
        sorted(
            racing,
            key=lambda i: order_key(chariots[i].cell, chariots[i].segment),  # type: ignore[arg-type]
            reverse=True,
        )
    )


def targets(
    chariots: tuple[Chariot, ...], mover: int, card: int, required: str | None
) -> list[tuple[str, Drive]]:
    """Every direction in which `card` legally moves chariot `mover` (§5.1, straight_line)."""
    chariot = chariots[mover]
    assert chariot.cell is not None
    taken = occupied(chariots)
    found = []
    for name in DIRECTIONS:
        if required is not None and name != required:
            continue
        result = drive(chariot.cell, chariot.segment, card, name, taken)
        if isinstance(result, Drive):
            found.append((name, result))
    return found


class CircusMaximus(Game[CircusState, CircusOptions, CircusView]):
    id = "circus_maximus"
    min_seats = 2
    max_seats = 5
    Options = CircusOptions
    State = CircusState
    max_inputs = 20_000
    strings = STRINGS

    def start(self, options: CircusOptions, seats: int, seed: int) -> CircusState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        require(options.six_cards or not options.exactly_two, "exactly_two_needs_six_cards")
        rng = Rng(seed)
        start = rng.below(seats)
        clockwise = [(start + i) % seats for i in range(seats)]
        snake = clockwise + clockwise[::-1] + clockwise
        return CircusState(
            seats=seats,
            rng=rng.state,
            **options.model_dump(),
            start=start,
            placing=tuple(snake),
            chariots=tuple(Chariot(seat=i // CHARIOTS) for i in range(seats * CHARIOTS)),
            cards=tuple(() for _ in range(seats)),
        )

    # Who must act --------------------------------------------------------------------------

    def pending(self, state: CircusState) -> list[Prompt]:
        if state.phase == "place":
            return [self._place_prompt(state)]
        if state.phase != "race":
            return []
        if state.selected is None:
            return [self._card_prompt(state)]
        return [self._drive_prompt(state)]

    def _place_prompt(self, state: CircusState) -> Prompt:
        placed = sum(c.cell is not None for c in state.chariots)
        seat = state.placing[placed]
        chariot = _next_to_place(state, seat)
        taken = occupied(state.chariots)
        free = [n for n, cell in enumerate(TRACK.starts, 1) if cell not in taken]
        field = Field(
            name="cell",
            kind="one",
            label=Msg(key="field.cell"),
            options=tuple(
                Choice(value=n, label=Msg(key="choice.start", args={"n": n})) for n in free
            ),
        )
        text = Msg(key="prompt.place", args={"seat": seat, "chariot": chariot_number(chariot)})
        return Prompt(
            key=f"m{state.inputs}.place",
            move="place",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=text,
        )

    def _card_prompt(self, state: CircusState) -> Prompt:
        mover = state.order[state.turn]
        seat = state.chariots[mover].seat
        options = [
            Choice(value=card, label=Msg(key="choice.card", args={"card": card}))
            for card in state.cards[seat]
        ]
        if state.steps and not state.exactly_two:
            options.append(Choice(value="end", label=Msg(key="choice.end")))
            key = "prompt.card_more"
        else:
            key = "prompt.card_second" if state.steps else "prompt.card_first"
        field = Field(name="card", kind="one", label=Msg(key="field.card"), options=tuple(options))
        args = {"seat": seat, "chariot": chariot_number(mover), "cards": _cards_text(state, seat)}
        return Prompt(
            key=f"m{state.inputs}.card",
            move="card",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=Msg(key=key, args=args),
        )

    def _drive_prompt(self, state: CircusState) -> Prompt:
        mover = state.order[state.turn]
        seat = state.chariots[mover].seat
        card = state.selected
        assert card is not None
        required = straight_direction(state.steps) if state.straight_line else None
        options = [
            Choice(
                value=name, label=Msg(key=f"dir_finish.{name}" if way.finished else f"dir.{name}")
            )
            for name, way in targets(state.chariots, mover, card, required)
        ]
        options.append(Choice(value="burn", label=Msg(key="choice.burn", args={"card": card})))
        options.append(Choice(value="back", label=Msg(key="choice.back")))
        field = Field(name="to", kind="one", label=Msg(key="field.to"), options=tuple(options))
        args: dict[str, Any] = {"seat": seat, "chariot": chariot_number(mover), "card": card}
        key = "prompt.drive"
        if required is not None:
            key, args["arrow"] = "prompt.drive_straight", ARROWS[required]
        return Prompt(
            key=f"m{state.inputs}.drive",
            move="drive",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=Msg(key=key, args=args),
        )

    # Inputs --------------------------------------------------------------------------------

    def apply(self, state: CircusState, action: Action) -> tuple[CircusState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        handler = handler_for(
            {"place": self._place, "card": self._card, "drive": self._drive}, action.move
        )
        require(state.phase != "over", "game_over")
        state, events = handler(state, action)
        return state.model_copy(update={"inputs": state.inputs + 1}), events

    def _place(self, state: CircusState, action: Action) -> tuple[CircusState, list[Event]]:
        require(state.phase == "place", "not_now")
        placed = sum(c.cell is not None for c in state.chariots)
        seat = state.placing[placed]
        require(action.seat == seat, "not_your_turn")
        number = action.args.get("cell")
        require(type(number) is int and 1 <= number <= len(TRACK.starts), "not_a_start_cell")
        cell = TRACK.starts[number - 1]
        require(cell not in occupied(state.chariots), "cell_occupied", n=number)
        index = _next_to_place(state, seat)
        chariots = list(state.chariots)
        chariots[index] = chariots[index].model_copy(update={"cell": cell})
        state = state.model_copy(
            update={
                "chariots": tuple(chariots),
                "last": LastMove(chariot=index, kind="place", path=(cell,)),
            }
        )
        data = {"seat": seat, "chariot": chariot_number(index), "n": number}
        events = [Event(type="placed", data=data)]
        if placed + 1 == len(state.placing):
            return _new_round(state, events)
        return state, events

    def _mover(self, state: CircusState, action: Action) -> tuple[int, int]:
        require(state.phase == "race", "not_now")
        mover = state.order[state.turn]
        seat = state.chariots[mover].seat
        require(action.seat == seat, "not_your_turn")
        return mover, seat

    def _card(self, state: CircusState, action: Action) -> tuple[CircusState, list[Event]]:
        _mover, seat = self._mover(state, action)
        require(state.selected is None, "choose_direction")
        card = action.args.get("card")
        if card == "end":
            require(bool(state.steps), "end_too_early")
            require(not state.exactly_two, "two_cards_needed")
            return _end_turn(state, [])
        require(type(card) is int and card in state.cards[seat], "card_not_available")
        chosen = state.model_copy(update={"selected": card})
        if "to" not in action.args:
            return chosen, []
        require(action.args["to"] != "back", "bad_direction")
        return self._drive(chosen, action)  # the spec's move(card, dir) or burn(card) at once

    def _drive(self, state: CircusState, action: Action) -> tuple[CircusState, list[Event]]:
        mover, seat = self._mover(state, action)
        card = state.selected
        require(card is not None, "choose_card")
        assert card is not None
        to = action.args.get("to")
        if to == "back":
            return state.model_copy(update={"selected": None}), []
        if to == "burn":
            return _burn(state, mover, seat, card)
        require(isinstance(to, str) and to in DIRECTIONS, "bad_direction")
        assert isinstance(to, str)
        if state.straight_line:
            required = straight_direction(state.steps)
            require(
                required in (None, to), "must_go_straight", arrow=ARROWS.get(required or "", "")
            )
        chariot = state.chariots[mover]
        assert chariot.cell is not None
        result = drive(chariot.cell, chariot.segment, card, to, occupied(state.chariots))
        require(isinstance(result, Drive), str(result))
        assert isinstance(result, Drive)
        return _move(state, mover, seat, card, to, result)

    # Views and outcome ---------------------------------------------------------------------

    def view(self, state: CircusState, seat: int | None) -> CircusView:
        moving: int | None = None
        to_act: int | None = None
        if state.phase == "place":
            to_act = state.placing[sum(c.cell is not None for c in state.chariots)]
            moving = _next_to_place(state, to_act)
        elif state.phase == "race":
            moving = state.order[state.turn]
            to_act = state.chariots[moving].seat
        found: tuple[Target, ...] = ()
        if moving is not None and state.selected is not None:
            required = straight_direction(state.steps) if state.straight_line else None
            found = tuple(
                Target(direction=name, cell=way.path[-1], finishes=way.finished)
                for name, way in targets(state.chariots, moving, state.selected, required)
            )
        return CircusView.model_construct(
            seat=seat,
            seats=state.seats,
            straight_line=state.straight_line,
            six_cards=state.six_cards,
            exactly_two=state.exactly_two,
            continue_for_placings=state.continue_for_placings,
            phase=state.phase,
            start=state.start,
            round=state.round,
            round_limit=ROUND_LIMIT,
            chariots=state.chariots,
            deck=deck(state.six_cards),
            cards=state.cards,
            order=state.order,
            turn=state.turn,
            moving=moving,
            to_place=state.placing[sum(c.cell is not None for c in state.chariots) :],
            to_act=to_act,
            steps=state.steps,
            selected=state.selected,
            targets=found,
            places=state.places,
            last=state.last,
            called=state.called,
        )

    def outcome(self, state: CircusState) -> Outcome | None:
        return final_outcome(state) if state.phase == "over" else None

    def ai_action(
        self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int
    ) -> Action | None:
        assert isinstance(view, CircusView)
        return decide(view, prompt, seat, rng_state)


# State changes -------------------------------------------------------------------------------


def _next_to_place(state: CircusState, seat: int) -> int:
    first = seat * CHARIOTS
    placed = sum(state.chariots[first + k].cell is not None for k in range(CHARIOTS))
    return first + placed


def _cards_text(state: CircusState, seat: int) -> str:
    return " ".join(str(card) for card in state.cards[seat])


def _chariots_in(state: CircusState, seat: int) -> int:
    return sum(c.finished for c in state.chariots if c.seat == seat)


def _standing(state: CircusState, seat: int) -> tuple[int, int, int]:
    """Higher is better: completed place, chariots in, then (called race) fewer steps left."""
    place = len(state.places) - state.places.index(seat) if seat in state.places else 0
    left = 0
    if state.called:
        left = -sum(
            TRACK.steps_left(c.cell, c.segment)
            for c in state.chariots
            if c.seat == seat and not c.finished and c.cell is not None
        )
    return place, _chariots_in(state, seat), left


def _burn(state: CircusState, mover: int, seat: int, card: int) -> tuple[CircusState, list[Event]]:
    cell = state.chariots[mover].cell
    assert cell is not None
    state = _use_card(state, seat, card, None)
    last = LastMove(chariot=mover, kind="burn", card=card, path=(cell,))
    state = state.model_copy(update={"last": last})
    data = {"seat": seat, "chariot": chariot_number(mover), "card": card}
    return _after_action(state, mover, seat, [Event(type="burned", data=data)], finished=False)


def _move(
    state: CircusState, mover: int, seat: int, card: int, to: str, way: Drive
) -> tuple[CircusState, list[Event]]:
    state = _use_card(state, seat, card, to)
    chariot = state.chariots[mover]
    assert chariot.cell is not None
    chariots = list(state.chariots)
    chariots[mover] = chariot.model_copy(
        update={"cell": way.path[-1], "segment": way.segment, "finished": way.finished}
    )
    last = LastMove(
        chariot=mover, kind="move", card=card, direction=to, path=(chariot.cell, *way.path)
    )
    state = state.model_copy(update={"chariots": tuple(chariots), "last": last})
    data = {"seat": seat, "chariot": chariot_number(mover), "card": card, "arrow": ARROWS[to]}
    events = [Event(type="finished" if way.finished else "moved", data=data)]
    if chariot.segment < LAP <= way.segment:
        events.append(Event(type="lap", data={"seat": seat, "chariot": chariot_number(mover)}))
    if way.finished and _chariots_in(state, seat) == CHARIOTS:
        state = state.model_copy(update={"places": (*state.places, seat)})
        events.append(Event(type="team_complete", data={"seat": seat, "place": len(state.places)}))
        if not state.continue_for_placings:
            return _game_over(state, events)
    if way.finished and _race_is_full(state):
        return _game_over(state, events)
    return _after_action(state, mover, seat, events, finished=way.finished)


def _use_card(state: CircusState, seat: int, card: int, direction: str | None) -> CircusState:
    cards = list(state.cards)
    hand = list(cards[seat])
    hand.remove(card)
    cards[seat] = tuple(hand)
    return state.model_copy(
        update={
            "cards": tuple(cards),
            "steps": (*state.steps, Step(card=card, direction=direction)),
            "selected": None,
        }
    )


def _after_action(
    state: CircusState, mover: int, seat: int, events: list[Event], finished: bool
) -> tuple[CircusState, list[Event]]:
    """§4 rules 2–4: the turn goes on only while another card action is possible."""
    others = sum(state.chariots[i].seat == seat for i in state.order[state.turn + 1 :])
    spare = len(state.cards[seat]) - 1 >= cards_needed(state.exactly_two, others)
    if finished or len(state.steps) >= turn_limit(state.exactly_two) or not spare:
        return _end_turn(state, events)
    return state, events


def _end_turn(state: CircusState, events: list[Event]) -> tuple[CircusState, list[Event]]:
    state = state.model_copy(update={"turn": state.turn + 1, "steps": (), "selected": None})
    if state.turn < len(state.order):
        return state, events
    return _new_round(state, events)


def _new_round(state: CircusState, events: list[Event]) -> tuple[CircusState, list[Event]]:
    """§3 ROUND_START: every card face up again, the move order fixed for the round."""
    if state.round >= ROUND_LIMIT:
        state = state.model_copy(update={"called": True})
        events.append(Event(type="race_called", data={"round": state.round}))
        return _game_over(state, events)
    hand = deck(state.six_cards)
    state = state.model_copy(
        update={
            "phase": "race",
            "round": state.round + 1,
            "cards": tuple(hand for _ in range(state.seats)),
            "order": move_order(state.chariots),
            "turn": 0,
            "steps": (),
            "selected": None,
        }
    )
    events.append(Event(type="round_started", data={"round": state.round}))
    return state, events


def _race_is_full(state: CircusState) -> bool:
    """`continue_for_placings` ends when the finish cells are full or nobody races on."""
    finished = sum(c.finished for c in state.chariots)
    return finished >= len(TRACK.finish) or finished == len(state.chariots)


def final_outcome(state: CircusState) -> Outcome:
    keys = [_standing(state, seat) for seat in range(state.seats)]
    order = sorted(set(keys), reverse=True)
    ranks = competition_ranks([-order.index(key) for key in keys])
    scores = tuple(_chariots_in(state, seat) for seat in range(state.seats))
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    reason = Msg(key="reason.called", args={"round": ROUND_LIMIT}) if state.called else None
    return Outcome(scores=scores, ranks=ranks, winners=winners, reason=reason)


def _game_over(state: CircusState, events: list[Event]) -> tuple[CircusState, list[Event]]:
    state = state.model_copy(update={"phase": "over", "selected": None})
    outcome = final_outcome(state)
    events.append(Event(type="game_over", data={"seats": list(outcome.winners)}))
    return state, events
