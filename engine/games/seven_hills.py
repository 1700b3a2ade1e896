"""Die Sieben Hügel Roms (Knizia): two tribes take turns placing number cards face down beside
seven hills; a hill is turned face up as soon as both tribes are on it, and at the end each hill
goes to the tribe with the larger total there.

Implements ../shared/rules/seven-hills.md, the base game and every variant (`series`,
`no_repeat_values`, `barricades`, `highest_card`, `open_hands`). Board data (hill values, cards,
flag value) lives in engine/games/data/seven_hills.json. Seat 0 is the Latins (Red), seat 1 the
Sabines (Blue).

Decisions where the spec is silent:
- The start player of the (first) game is drawn from the seeded RNG at setup; with `series` the
  other seat starts game 2, which begins automatically as soon as game 1 has been settled.
- A draw (equal scores, or equal series totals) follows the engine's convention for ties: both
  seats share rank 1 and are listed in `Outcome.winners`, with the reason `reason.draw` ("a
  draw") and a `game_drawn` event instead of `game_over`, so nobody is announced as the winner.
- `card` is an int 1..9; the flag is the string "flag" (the int 0 is accepted as a synonym).
  Anything else, including bools and a flag without `barricades`, is `card_not_in_hand`; a hill
  that is not an int 1..7 is `bad_hill`. `not_a_player` and `unknown_move` are checked before the
  spec's ladder.
- Combining `barricades` with `no_repeat_values` is rejected at setup with
  `incompatible_options` (spec §7 says to reject the configuration).
- Removed cards are public with their values: every removal happens after the card was turned
  face up (reveal) or was played face up.
- With `barricades`, an active guard left at the end of the game simply stays (a flag, value 0).
- The TURN prompt offers the player's hand as card options and every hill except the blocked one;
  the options are private unless `open_hands` makes the hands public.
- Event texts show a flag as 🚩; the events carry card values as display strings.
- A face-down placement is narrated publicly without its value (`placed_hidden`) and privately
  to its owner with the value (`placed_hidden_own`).
- The public view lists each side's cards in play order with a back (value None) for each
  face-down card; a seat's own view also shows the values of its own face-down cards (§9.2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, NamedTuple

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
    outcome_by_score,
    require,
)
from engine.data import load
from engine.rng import Rng

_DATA = load("engine.games.data", "seven_hills")
HILLS: tuple[int, ...] = tuple(_DATA["hills"])
CARDS: tuple[int, ...] = tuple(_DATA["cards"])
FLAG: int = _DATA["flag"]
SIDES = 2

Card = tuple[int, bool]  # (value, face up); value FLAG is the flag


class SevenHillsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series: bool = False
    no_repeat_values: bool = False
    barricades: bool = False
    highest_card: bool = False
    open_hands: bool = False


class Hill(BaseModel):
    """One hill: each side's cards in play order, whether it is revealed, the active guard."""

    model_config = ConfigDict(frozen=True)
    revealed: bool = False
    cards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    guard: int | None = None  # seat whose face-up flag waits for the next card here


class SimHill(NamedTuple):
    """A `Hill` as a plain tuple, for the AI's many simulated plays."""

    revealed: bool
    cards: tuple[tuple[Card, ...], tuple[Card, ...]]
    guard: int | None


class Removed(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    hill: int
    value: int


class GameResult(BaseModel):
    model_config = ConfigDict(frozen=True)
    start: int
    scores: tuple[int, int]
    winners: tuple[int | None, ...]  # per hill, None = nobody


class SevenHillsState(GameState):
    series: bool = False
    no_repeat_values: bool = False
    barricades: bool = False
    highest_card: bool = False
    open_hands: bool = False
    phase: Literal["play", "over"] = "play"
    game: int = 1
    start: int = 0  # start player of the current game (wins tied hills)
    turn: int = 0
    plays: int = 0  # plays so far in the current game
    last_hill: int | None = None
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    hills: tuple[Hill, ...]
    removed: tuple[Removed, ...] = ()
    results: tuple[GameResult, ...] = ()


class CardView(BaseModel):
    model_config = ConfigDict(frozen=True)
    value: int | None  # None: face down and hidden from this viewer; FLAG (0) is the flag
    up: bool


class HillView(BaseModel):
    model_config = ConfigDict(frozen=True)
    number: int
    revealed: bool
    cards: tuple[tuple[CardView, ...], tuple[CardView, ...]]
    guard: int | None
    winner: int | None = None  # once the current game is settled


class SevenHillsView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series: bool
    no_repeat_values: bool
    barricades: bool
    highest_card: bool
    open_hands: bool
    phase: str
    game: int
    games: int
    start: int
    turn: int | None
    plays: int
    last_hill: int | None
    hills: tuple[HillView, ...]
    removed: tuple[Removed, ...]
    hand_sizes: tuple[int, int]
    hand: tuple[int, ...] | None  # the viewer's own hand
    open_hand_cards: tuple[tuple[int, ...], ...] | None  # both hands, only with open_hands
    results: tuple[GameResult, ...]
    settled: bool  # the current game's hills have been settled (winner fields are set)


def card_text(value: int) -> str:
    return "🚩" if value == FLAG else str(value)


def cards_text(values: list[int] | tuple[int, ...]) -> str:
    return ", ".join(card_text(v) for v in values) if values else "—"


def full_hand(barricades: bool) -> tuple[int, ...]:
    return ((FLAG,) if barricades else ()) + CARDS


def _flag_index(side: list[Card]) -> int | None:
    for index, (value, _up) in enumerate(side):
        if value == FLAG:
            return index
    return None


# The rules of one play on one hill, on plain values so the AI can simulate them too ------------


def play_on_hill(
    hill: Hill,
    number: int,
    seat: int,
    card: int,
    *,
    no_repeat: bool,
    barricades: bool,
    narrate: bool = True,
    build: Callable[..., Any] = Hill.model_construct,
) -> tuple[Any, list[tuple[int, int]], list[tuple[str, dict[str, Any]]]]:
    """Spec §3 steps 2-3: the new hill, the removed cards (seat, value) and narration notes.

    The AI's simulations pass `narrate=False` and build a light `SimHill` instead of a `Hill`.
    """
    opp = 1 - seat
    sides = [list(hill.cards[0]), list(hill.cards[1])]
    removed: list[tuple[int, int]] = []
    notes: list[tuple[str, dict[str, Any]]] = []
    guard = hill.guard
    revealed = hill.revealed
    if revealed:
        sides[seat].append((card, True))
        notes.append(("placed_up", {"seat": seat, "hill": number, "card": card_text(card)}))
        if barricades and guard is not None:
            sides[seat].pop()
            flag_at = _flag_index(sides[guard])
            assert flag_at is not None
            del sides[guard][flag_at]
            removed += [(guard, FLAG), (seat, card)]
            notes.append(
                (
                    "barricade",
                    {
                        "hill": number,
                        "seat_flag": guard,
                        "seat_card": seat,
                        "card": card_text(card),
                    },
                )
            )
            guard = None
        elif barricades and card == FLAG:
            guard = seat
            notes.append(("guard_set", {"seat": seat, "hill": number}))
    else:
        sides[seat].append((card, False))
        if not sides[opp]:
            notes.append(("placed_hidden", {"seat": seat, "hill": number}))
        else:
            revealed = True
            sides = [[(value, True) for value, _up in side] for side in sides]
            if narrate:
                notes.append(("revealed", _reveal_data(seat, number, card, sides)))
            trigger_stays = True
            if no_repeat and any(value == card for value, _up in sides[opp]):
                sides[seat].pop()
                removed.append((seat, card))
                trigger_stays = False
                notes.append(
                    ("repeat_removed", {"seat": seat, "hill": number, "card": card_text(card)})
                )
            if barricades:
                flag_at = _flag_index(sides[opp])
                if flag_at is not None and flag_at == len(sides[opp]) - 1 and trigger_stays:
                    del sides[opp][flag_at]
                    sides[seat].pop()
                    trigger_stays = False
                    removed += [(opp, FLAG), (seat, card)]
                    notes.append(
                        (
                            "barricade",
                            {
                                "hill": number,
                                "seat_flag": opp,
                                "seat_card": seat,
                                "card": card_text(card),
                            },
                        )
                    )
                elif flag_at is not None and flag_at < len(sides[opp]) - 1:
                    victim = sides[opp][flag_at + 1][0]
                    del sides[opp][flag_at : flag_at + 2]
                    removed += [(opp, FLAG), (opp, victim)]
                    notes.append(
                        (
                            "barricade",
                            {
                                "hill": number,
                                "seat_flag": opp,
                                "seat_card": opp,
                                "card": card_text(victim),
                            },
                        )
                    )
                if card == FLAG and trigger_stays:
                    guard = seat
                    notes.append(("guard_set", {"seat": seat, "hill": number}))
    new = build(revealed=revealed, cards=(tuple(sides[0]), tuple(sides[1])), guard=guard)
    return new, removed, notes


def _reveal_data(seat: int, number: int, card: int, sides: list[list[Card]]) -> dict[str, Any]:
    return {
        "seat": seat,
        "hill": number,
        "card": card_text(card),
        "seat_a": 0,
        "cards_a": cards_text([v for v, _ in sides[0]]),
        "seat_b": 1,
        "cards_b": cards_text([v for v, _ in sides[1]]),
    }


def end_reveal(
    hill: Hill, number: int, barricades: bool
) -> tuple[Hill, list[tuple[int, int]], list[tuple[str, dict[str, Any]]]]:
    """Spec §3 game end: turn up a one-sided hill; a followed face-down flag takes the next card."""
    if hill.revealed or not (hill.cards[0] or hill.cards[1]):
        return hill, [], []
    owner = 0 if hill.cards[0] else 1
    sides = [[(value, True) for value, _up in side] for side in hill.cards]
    notes: list[tuple[str, dict[str, Any]]] = [
        (
            "end_revealed",
            {"seat": owner, "hill": number, "cards": cards_text([v for v, _ in sides[owner]])},
        )
    ]
    removed: list[tuple[int, int]] = []
    flag_at = _flag_index(sides[owner]) if barricades else None
    if flag_at is not None and flag_at < len(sides[owner]) - 1:
        victim = sides[owner][flag_at + 1][0]
        del sides[owner][flag_at : flag_at + 2]
        removed += [(owner, FLAG), (owner, victim)]
        notes.append(
            (
                "barricade",
                {"hill": number, "seat_flag": owner, "seat_card": owner, "card": card_text(victim)},
            )
        )
    new = Hill.model_construct(revealed=True, cards=(tuple(sides[0]), tuple(sides[1])), guard=None)
    return new, removed, notes


def hill_winner(
    values: tuple[list[int], list[int]] | list[list[int]], start: int, highest: bool
) -> int | None:
    """Spec §5: who takes a hill with these card values per side (flags count 0, cannot qualify)."""
    qualifies = [any(v != FLAG for v in side) for side in values]
    if not any(qualifies):
        return None
    if qualifies[0] != qualifies[1]:
        return 0 if qualifies[0] else 1
    if highest:
        # Lists compare element by element; an equal prefix loses to the longer list (§7).
        keys: list[Any] = [sorted(side, reverse=True) for side in values]
    else:
        keys = [sum(side) for side in values]
    if keys[0] == keys[1]:
        return start
    return 0 if keys[0] > keys[1] else 1


def _values(hill: Hill) -> tuple[list[int], list[int]]:
    return [v for v, _ in hill.cards[0]], [v for v, _ in hill.cards[1]]


# Prompts ------------------------------------------------------------------------------------


def _card_choice(value: int) -> Choice:
    if value == FLAG:
        return Choice(value="flag", label=Msg(key="flag"))
    return Choice(value=value, label=Msg(key="card", args={"card": value}))


_HILL_CHOICES = {n: Choice(value=n, label=Msg(key="hill", args={"hill": n})) for n in HILLS}


def _parse_card(raw: object) -> int | None:
    if raw == "flag" and isinstance(raw, str):
        return FLAG
    if type(raw) is int and (raw in CARDS or raw == FLAG):
        return raw
    return None


class SevenHills(Game[SevenHillsState, SevenHillsOptions, SevenHillsView]):
    id = "seven_hills"
    min_seats = 2
    max_seats = 2
    Options = SevenHillsOptions
    State = SevenHillsState
    max_inputs = 100

    def start(self, options: SevenHillsOptions, seats: int, seed: int) -> SevenHillsState:
        require(seats == 2, "bad_seat_count")
        require(not (options.barricades and options.no_repeat_values), "incompatible_options")
        rng = Rng(seed)
        start = rng.below(2)
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
        return _new_game(state, 1, start)

    # Who must act --------------------------------------------------------------------------

    def pending(self, state: SevenHillsState) -> list[Prompt]:
        if state.phase != "play":
            return []
        seat = state.turn
        cards = Field(
            name="card",
            kind="one",
            label=Msg(key="field.card"),
            options=tuple(_card_choice(v) for v in state.hands[seat]),
        )
        hills = Field(
            name="hill",
            kind="one",
            label=Msg(key="field.hill"),
            options=tuple(_HILL_CHOICES[n] for n in HILLS if n != state.last_hill),
        )
        if state.last_hill is None:
            text = Msg(key="prompt.play", args={"seat": seat})
        else:
            text = Msg(key="prompt.play_blocked", args={"seat": seat, "hill": state.last_hill})
        return [
            Prompt(
                key=f"g{state.game}.p{state.plays}.play",
                move="play",
                kind=Kind.TURN,
                seats=(seat,),
                fields=(cards, hills),
                text=text,
                public_options=state.open_hands,
            )
        ]

    # Inputs --------------------------------------------------------------------------------

    def apply(self, state: SevenHillsState, action: Action) -> tuple[SevenHillsState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        if action.move != "play":
            raise IllegalInput("unknown_move", move=action.move)
        seat = action.seat
        require(state.phase == "play", "game_over")
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
        return self._play(state, seat, card, index, number)

    def _play(
        self, state: SevenHillsState, seat: int, card: int, index: int, number: int
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
        state = state.model_copy(
            update={
                "hills": tuple(hills),
                "hands": (hands[0], hands[1]),
                "removed": state.removed
                + tuple(Removed(seat=s, hill=number, value=v) for s, v in removed),
                "last_hill": number,
                "turn": 1 - seat,
                "plays": state.plays + 1,
            }
        )
        if state.hands[0] or state.hands[1]:
            return state, events
        return self._end_game(state, events)

    # Automatic steps -----------------------------------------------------------------------

    def _end_game(
        self, state: SevenHillsState, events: list[Event]
    ) -> tuple[SevenHillsState, list[Event]]:
        hills = list(state.hills)
        extra: list[Removed] = []
        for index, number in enumerate(HILLS):
            hill, removed, notes = end_reveal(hills[index], number, state.barricades)
            hills[index] = hill
            extra += [Removed(seat=s, hill=number, value=v) for s, v in removed]
            events += _events(notes)
        scores = [0, 0]
        winners: list[int | None] = []
        for number, hill in zip(HILLS, hills, strict=True):
            values = _values(hill)
            winner = hill_winner(values, state.start, state.highest_card)
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
        result = GameResult(
            start=state.start, scores=(scores[0], scores[1]), winners=tuple(winners)
        )
        scored: dict[str, Any] = {
            "game": state.game,
            "seat_a": 0,
            "score_a": scores[0],
            "seat_b": 1,
            "score_b": scores[1],
        }
        if scores[0] == scores[1]:  # each game of a series says who took it, or that it was even
            events.append(Event(type="game_scored_draw", data=scored))
        else:
            winner = 0 if scores[0] > scores[1] else 1
            events.append(Event(type="game_scored", data=scored | {"seat": winner}))
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
        state = state.model_copy(update={"phase": "over"})
        outcome = self.outcome(state)
        assert outcome is not None
        if len(outcome.winners) == 1:
            data: dict[str, Any] = {"seats": list(outcome.winners)}
            kind = "game_over"
        else:
            data, kind = {}, "game_drawn"
        data.update(seat_a=0, score_a=outcome.scores[0], seat_b=1, score_b=outcome.scores[1])
        events.append(Event(type=kind, data=data))
        return state, events

    # Views and outcome ---------------------------------------------------------------------

    def view(self, state: SevenHillsState, seat: int | None) -> SevenHillsView:
        own = seat if seat is not None and 0 <= seat < state.seats else None
        settled = state.phase == "over"
        winners = state.results[-1].winners if settled else (None,) * len(HILLS)
        hills = tuple(
            HillView.model_construct(
                number=number,
                revealed=hill.revealed,
                cards=tuple(
                    tuple(
                        CardView.model_construct(
                            value=value if (up or side == own) else None, up=up
                        )
                        for value, up in hill.cards[side]
                    )
                    for side in range(SIDES)
                ),
                guard=hill.guard,
                winner=winners[index],
            )
            for index, (number, hill) in enumerate(zip(HILLS, state.hills, strict=True))
        )
        return SevenHillsView.model_construct(
            seat=seat,
            seats=state.seats,
            series=state.series,
            no_repeat_values=state.no_repeat_values,
            barricades=state.barricades,
            highest_card=state.highest_card,
            open_hands=state.open_hands,
            phase=state.phase,
            game=state.game,
            games=2 if state.series else 1,
            start=state.start,
            turn=state.turn if state.phase == "play" else None,
            plays=state.plays,
            last_hill=state.last_hill,
            hills=hills,
            removed=state.removed,
            hand_sizes=(len(state.hands[0]), len(state.hands[1])),
            hand=state.hands[own] if own is not None else None,
            open_hand_cards=state.hands if state.open_hands else None,
            results=state.results,
            settled=settled,
        )

    def outcome(self, state: SevenHillsState) -> Outcome | None:
        if state.phase != "over":
            return None
        totals = tuple(sum(r.scores[s] for r in state.results) for s in range(SIDES))
        if totals[0] == totals[1]:
            return outcome_by_score(totals, reason=Msg(key="reason.draw"))
        return outcome_by_score(totals)

    def private_lines(self, state: SevenHillsState, seat: int) -> list[Msg]:
        if not 0 <= seat < state.seats:
            return []
        lines = [Msg(key="private.hand", args={"cards": cards_text(state.hands[seat])})]
        hidden = [
            (number, [v for v, up in hill.cards[seat] if not up])
            for number, hill in zip(HILLS, state.hills, strict=True)
        ]
        hidden = [(number, values) for number, values in hidden if values]
        for number, values in hidden:
            lines.append(
                Msg(key="private.face_down", args={"hill": number, "cards": cards_text(values)})
            )
        if not hidden and state.phase == "play":
            lines.append(Msg(key="private.no_face_down"))
        return lines

    def ai_action(
        self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int
    ) -> Action | None:
        assert isinstance(view, SevenHillsView)
        if prompt.move != "play" or view.hand is None or not view.hand:
            return None
        card, hill = ai_choose(view, seat, rng_state)
        return Action(
            seat=seat, move="play", args={"card": "flag" if card == FLAG else card, "hill": hill}
        )

    strings = {
        "en": {
            "name": "The Seven Hills of Rome",
            "summary": "Two tribes place cards face down beside seven hills; the stronger tribe settles each hill.",
            "rules": (
                "2 players: Latins (A) and Sabines (B), each with cards 1–9. Seven hills worth 1–7 "
                "lie between them. Take turns playing one card beside any hill on your side, face "
                "down — except the hill your opponent played on just before. As soon as both tribes "
                "are on a hill, all its cards are turned face up and later cards there are played "
                "face up. When all 18 cards are played, the remaining face-down cards are revealed. "
                "Each hill goes to the tribe with the larger total there (a tribe alone takes it; "
                "a tie goes to the start player). The higher sum of hill values wins; equal is a "
                "draw.\n"
                "Variants — series: two games, each player starts once; totals count. "
                "no_repeat_values: you may never play a value the opponent already has on that "
                "hill; if a reveal shows such a repeat, the revealing card is removed. "
                "barricades: each player also has a flag (0) that nullifies the next card played on "
                "its hill (both leave the game); face down it acts at the reveal: as the owner's last "
                "card there it removes the revealing card, otherwise the owner's card right after "
                "it; flags alone never take a hill (not with no_repeat_values). highest_card: the "
                "highest card decides a hill, then the second highest, and so on; more cards beat an "
                "equal prefix. open_hands: hands are public and every card is played face up."
            ),
            "option.series": "Play a series of two games (each player starts once)",
            "option.no_repeat_values": "A value the opponent has on a hill may not be played there",
            "option.barricades": "Each player also gets a flag (barricade) of value 0",
            "option.highest_card": "The highest card, not the total, decides each hill",
            "option.open_hands": "Open game: hands public, every card played face up",
            "card": "{card}",
            "flag": "Flag 🚩",
            "hill": "Hill {hill}",
            "field.card": "Card",
            "field.hill": "Hill",
            "prompt.play": "{seat}: play a card beside a hill.",
            "prompt.play_blocked": "{seat}: play a card beside a hill (not hill {hill}).",
            "event.placed_hidden": "{seat} places a card face down at hill {hill}.",
            "event.placed_hidden_own": "You placed {card} face down at hill {hill}.",
            "event.placed_up": "{seat} plays {card} face up at hill {hill}.",
            "event.revealed": (
                "{seat} joins hill {hill} with {card}: the hill is revealed — "
                "{seat_a}: {cards_a} / {seat_b}: {cards_b}."
            ),
            "event.repeat_removed": (
                "{seat}'s {card} repeats a value already on hill {hill} and is removed."
            ),
            "event.barricade": (
                "Barricade at hill {hill}: {seat_flag}'s flag and {seat_card}'s {card} leave the game."
            ),
            "event.guard_set": "{seat}'s flag guards hill {hill}: the next card played there is nullified.",
            "event.end_revealed": "Hill {hill} is turned face up: {seat} has {cards}.",
            "event.hill_taken": "Hill {hill} goes to {seat} ({seat_a}: {cards_a} / {seat_b}: {cards_b}).",
            "event.hill_nobody": "Hill {hill} goes to nobody.",
            "event.game_scored": (
                "Game {game}: {seat_a}: {score_a} – {seat_b}: {score_b}; {seat} wins this game."
            ),
            "event.game_scored_draw": (
                "Game {game}: {seat_a}: {score_a} – {seat_b}: {score_b}; this game is a draw."
            ),
            "event.game_started": "Game {game} begins; {seat} starts.",
            "event.game_over": "Game over ({seat_a}: {score_a} – {seat_b}: {score_b}). Winner: {seats}.",
            "event.game_drawn": "Game over ({seat_a}: {score_a} – {seat_b}: {score_b}): a draw.",
            "reason.draw": "Equal scores: a draw.",
            "private.hand": "Your hand: {cards}",
            "private.face_down": "Your face-down cards at hill {hill}: {cards}",
            "private.no_face_down": "You have no face-down cards on the hills.",
            "error.bad_seat_count": "This game is for exactly 2 players.",
            "error.incompatible_options": "barricades and no_repeat_values cannot be combined.",
            "error.not_a_player": "You are not a player in this game.",
            "error.unknown_move": "Unknown move.",
            "error.game_over": "The game is over.",
            "error.not_your_turn": "It is not your turn.",
            "error.card_not_in_hand": "That card is not in your hand.",
            "error.bad_hill": "Choose a hill from 1 to 7.",
            "error.hill_blocked": "Your opponent just played at hill {hill}: choose another hill.",
            "error.value_taken": "Your opponent already has a {card} at hill {hill}.",
            "board.title": "The Seven Hills of Rome",
            "board.game_of_two": "Game {game} of 2",
            "board.rule.no_repeats": "no repeats",
            "board.rule.barricades": "barricades",
            "board.rule.highest_card": "highest card",
            "board.rule.open_game": "open game",
            "board.list_separator": ", ",
            "board.draw": "a draw",
            "board.wins": "{player} wins",
            "board.over": "Game over",
            "board.to_play": "{player} to play",
            "board.hill_blocked": "hill {hill} blocked",
            "board.tribe.latins": "Latins",
            "board.tribe.sabines": "Sabines",
            "board.player_tribe": "{player} ({tribe})",
            "board.hand": "hand {count}",
            "board.start_player": "start player, wins ties",
            "board.series": "series {scores}",
            "board.points": "score {points}",
            "board.your_turn": "to play",
            "board.flag_short": "F",
            "board.cards": "cards: {cards}",
            "board.nobody": "nobody",
            "board.blocked": "blocked",
            "board.hidden": "hidden",
            "board.revealed": "revealed",
            "board.out_of_play": "Out of play",
            "board.hill_short": "H{hill}",
            "board.game_result": "Game {game}: A {a} – B {b}",
            "board.game_won": " ({letter} wins)",
            "board.game_draw": " (draw)",
            "board.note.order": "Cards nearest a hill were played first",
            "board.note.last": "red dot = card just played",
            "board.note.hatched": "hatched cards lie face down",
            "board.note.guard": "red frame = flag guarding its hill",
            "board.notes": "{notes}.",
        },
        "ja": {
            "name": "ローマ七丘",
            "summary": "2つの部族が7つの丘の脇にカードを伏せて置き、影響力の強い方が丘に入植します。",
            "rules": (
                "2人用：ラテン人（A）とサビニー人（B）。各自1〜9のカードを持ち、間に1〜7の価値の丘が7つ"
                "並びます。交互に1枚ずつ、好きな丘の自分側にカードを裏向きで置きます。ただし相手が直前に"
                "置いた丘には置けません。丘に両部族がそろったら、その丘のカードはすべて表になり、以後そこに"
                "置くカードも表向きです。18枚すべて出したら残りの裏向きカードを公開します。各丘は合計の"
                "大きい部族のもの（一部族だけならその部族、同点は先手番）。獲得した丘の数字の合計が大きい方の"
                "勝ち、同点は引き分けです。\n"
                "バリアント — series：2ゲームを行い各自1回ずつ先手番、合計点で勝負。"
                "no_repeat_values：相手がその丘に出した値と同じ値は出せません。公開時に同じ値が判明したら"
                "公開のきっかけのカードを除外します。barricades：各自0の旗印カードを1枚追加。その丘に次に"
                "出たカードを無効化し、両方ゲームから除外します。伏せた旗印は公開時に働き、持ち主の最後の"
                "カードなら公開のきっかけのカードを、そうでなければ旗印の直後の持ち主のカードを無効化します。"
                "旗印だけでは丘を獲得できません（no_repeat_valuesとは併用不可）。highest_card：合計ではなく"
                "最大のカードで比べ、同じなら2番目、以下同様。等しい並びなら枚数の多い方が勝ち。"
                "open_hands：手札を公開し、すべてのカードを表向きで出します。"
            ),
            "option.series": "2ゲームのシリーズ（各自1回ずつ先手番）",
            "option.no_repeat_values": "相手がその丘に出した値は出せない",
            "option.barricades": "各自に値0の旗印（バリケード）カードを追加",
            "option.highest_card": "合計ではなく最大のカードで丘を争う",
            "option.open_hands": "オープン・ゲーム：手札公開、すべて表向きで出す",
            "card": "{card}",
            "flag": "旗印 🚩",
            "hill": "丘{hill}",
            "field.card": "カード",
            "field.hill": "丘",
            "prompt.play": "{seat}：丘にカードを1枚置いてください。",
            "prompt.play_blocked": "{seat}：丘にカードを1枚置いてください（丘{hill}は不可）。",
            "event.placed_hidden": "{seat}が丘{hill}にカードを裏向きで置きました。",
            "event.placed_hidden_own": "あなたは丘{hill}に{card}を裏向きで置きました。",
            "event.placed_up": "{seat}が丘{hill}に{card}を表向きで置きました。",
            "event.revealed": (
                "{seat}が{card}で丘{hill}に加わり、丘が公開されました — "
                "{seat_a}：{cards_a} ／ {seat_b}：{cards_b}"
            ),
            "event.repeat_removed": "{seat}の{card}は丘{hill}で同じ値が重なったため除外されます。",
            "event.barricade": "丘{hill}のバリケード：{seat_flag}の旗印と{seat_card}の{card}がゲームから除外されます。",
            "event.guard_set": "{seat}の旗印が丘{hill}を守ります。次にそこに出たカードは無効になります。",
            "event.end_revealed": "丘{hill}が表になりました：{seat}のカードは{cards}。",
            "event.hill_taken": "丘{hill}は{seat}のもの（{seat_a}：{cards_a} ／ {seat_b}：{cards_b}）。",
            "event.hill_nobody": "丘{hill}は誰のものにもなりません。",
            "event.game_scored": (
                "第{game}ゲーム：{seat_a} {score_a}点 – {seat_b} {score_b}点。このゲームは{seat}の勝ち。"
            ),
            "event.game_scored_draw": (
                "第{game}ゲーム：{seat_a} {score_a}点 – {seat_b} {score_b}点。このゲームは引き分け。"
            ),
            "event.game_started": "第{game}ゲーム開始。先手番は{seat}です。",
            "event.game_over": "ゲーム終了（{seat_a} {score_a}点 – {seat_b} {score_b}点）。勝者：{seats}",
            "event.game_drawn": "ゲーム終了（{seat_a} {score_a}点 – {seat_b} {score_b}点）：引き分けです。",
            "reason.draw": "同点のため引き分けです。",
            "private.hand": "あなたの手札：{cards}",
            "private.face_down": "丘{hill}のあなたの裏向きカード：{cards}",
            "private.no_face_down": "丘に裏向きのカードはありません。",
            "error.bad_seat_count": "このゲームはちょうど2人用です。",
            "error.incompatible_options": "barricades と no_repeat_values は併用できません。",
            "error.not_a_player": "あなたはこのゲームのプレイヤーではありません。",
            "error.unknown_move": "不明な操作です。",
            "error.game_over": "ゲームは終了しています。",
            "error.not_your_turn": "あなたの手番ではありません。",
            "error.card_not_in_hand": "そのカードは手札にありません。",
            "error.bad_hill": "1〜7の丘を選んでください。",
            "error.hill_blocked": "相手が直前に丘{hill}に置いたので、別の丘を選んでください。",
            "error.value_taken": "相手は丘{hill}に既に{card}を出しています。",
            "board.title": "ローマ七丘",
            "board.game_of_two": "第{game}ゲーム（全2）",
            "board.rule.no_repeats": "同じ値禁止",
            "board.rule.barricades": "バリケード",
            "board.rule.highest_card": "最大カード勝負",
            "board.rule.open_game": "オープン・ゲーム",
            "board.list_separator": "、",
            "board.draw": "引き分け",
            "board.wins": "{player}の勝ち",
            "board.over": "ゲーム終了",
            "board.to_play": "{player}の手番",
            "board.hill_blocked": "丘{hill}には置けない",
            "board.tribe.latins": "ラテン人",
            "board.tribe.sabines": "サビニー人",
            "board.player_tribe": "{player}（{tribe}）",
            "board.hand": "手札{count}枚",
            "board.start_player": "先手番（同点なら勝ち）",
            "board.series": "シリーズ {scores}",
            "board.points": "{points}点",
            "board.your_turn": "手番",
            "board.flag_short": "旗",
            "board.cards": "カード：{cards}",
            "board.nobody": "なし",
            "board.blocked": "置けない",
            "board.hidden": "非公開",
            "board.revealed": "公開済み",
            "board.out_of_play": "除外されたカード",
            "board.hill_short": "丘{hill}",
            "board.game_result": "第{game}ゲーム：A {a} – B {b}",
            "board.game_won": "（{letter}の勝ち）",
            "board.game_draw": "（引き分け）",
            "board.note.order": "丘に近いカードほど先に出したもの",
            "board.note.last": "赤い点＝直前に出されたカード",
            "board.note.hatched": "斜線のカードは裏向き",
            "board.note.guard": "赤枠＝丘を守る旗印",
            "board.notes": "{notes}",
        },
    }


def _new_game(state: SevenHillsState, game: int, start: int) -> SevenHillsState:
    hand = full_hand(state.barricades)
    return state.model_copy(
        update={
            "phase": "play",
            "game": game,
            "start": start,
            "turn": start,
            "plays": 0,
            "last_hill": None,
            "hands": (hand, hand),
            "hills": tuple(Hill(revealed=state.open_hands) for _ in HILLS),
            "removed": (),
        }
    )


def _events(notes: list[tuple[str, dict[str, Any]]]) -> list[Event]:
    return [Event(type=kind, data=data) for kind, data in notes]


# AI ----------------------------------------------------------------------------------------
# A one-ply evaluator from the seat's own view. The opponent's unseen cards are sampled from the
# values it cannot have shown yet; each candidate play is simulated with the real hill rules on
# every sample, and the hill is scored as value × (2·P(win) − 1) with P a logistic of the
# margin, softer while many cards remain. A card costs its strength, so high cards go where they
# swing a valuable hill; the flag is worth most as a trap on an empty hill.

_AI_SAMPLES = 10
_AI_CARD_COST = 0.35
_AI_TRAP = 0.45


def _ai_margin(mine: list[int], theirs: list[int], highest: bool) -> float:
    if highest:
        a, b = sorted(mine, reverse=True), sorted(theirs, reverse=True)
        for x, y in zip(a, b, strict=False):
            if x != y:
                return float(x - y)
        return 0.5 * (len(a) - len(b))
    return float(sum(mine) - sum(theirs))


def _ai_hill_value(
    hill: SimHill, number: int, me: int, view: SevenHillsView, softness: float
) -> float:
    mine = [v for v, _ in hill.cards[me]]
    theirs = [v for v, _ in hill.cards[1 - me]]
    if view.barricades and not hill.revealed:  # as the end-of-game reveal would leave it
        for side in (mine, theirs):
            if FLAG in side[:-1]:
                at = side.index(FLAG)
                del side[at : at + 2]
    q_me, q_op = any(v != FLAG for v in mine), any(v != FLAG for v in theirs)
    if not q_me and not q_op:
        return 0.0
    margin = _ai_margin(mine, theirs, view.highest_card)
    margin += 0.4 if view.start == me else -0.4
    if not q_op:
        margin = max(margin, 1.0)
    if not q_me:
        margin = min(margin, -1.0)
    x = max(-30.0, min(30.0, margin / softness))
    p = 1.0 / (1.0 + 2.718281828 ** (-x))
    return number * (2.0 * p - 1.0)


def _ai_samples(view: SevenHillsView, me: int, rng: Rng) -> list[list[SimHill]]:
    """Full-information guesses at the hills: the opponent's hidden values drawn without
    replacement from the values it may still hold."""
    opp = 1 - me
    pool = list(full_hand(view.barricades))
    for hill in view.hills:
        for card in hill.cards[opp]:
            if card.value is not None and card.value in pool:
                pool.remove(card.value)
    for removed in view.removed:
        if removed.seat == opp and removed.value in pool:
            pool.remove(removed.value)
    hidden = sum(1 for hill in view.hills for card in hill.cards[opp] if card.value is None)
    count = _AI_SAMPLES if hidden else 1
    samples = []
    for _ in range(count):
        draw = iter(rng.shuffled(pool))
        hills = []
        for hill in view.hills:
            sides = tuple(
                tuple(
                    (card.value if card.value is not None else next(draw, 5), card.up)
                    for card in hill.cards[side]
                )
                for side in range(SIDES)
            )
            hills.append(SimHill(revealed=hill.revealed, cards=sides, guard=hill.guard))  # type: ignore[arg-type]
        samples.append(hills)
    return samples


def ai_choose(view: SevenHillsView, me: int, rng_state: int) -> tuple[int, int]:
    rng = Rng(rng_state)
    assert view.hand is not None
    remaining = view.hand_sizes[0] + view.hand_sizes[1]
    softness = 1.0 + 4.0 * remaining / (2 * len(full_hand(view.barricades)))
    samples = _ai_samples(view, me, rng)
    base = [
        [_ai_hill_value(hills[i], number, me, view, softness) for i, number in enumerate(HILLS)]
        for hills in samples
    ]
    best: tuple[float, int, int, int] | None = None
    for card in sorted(set(view.hand)):
        for index, number in enumerate(HILLS):
            if number == view.last_hill:
                continue
            shown = view.hills[index]
            if (
                view.no_repeat_values
                and shown.revealed
                and any(c.value == card for c in shown.cards[1 - me])
            ):
                continue
            gain = 0.0
            for hills, before in zip(samples, base, strict=True):
                after, _, _ = play_on_hill(
                    hills[index],
                    number,
                    me,
                    card,
                    no_repeat=view.no_repeat_values,
                    barricades=view.barricades,
                    narrate=False,
                    build=SimHill,
                )
                gain += _ai_hill_value(after, number, me, view, softness) - before[index]
            score = gain / len(samples) - _AI_CARD_COST * card
            if card == FLAG and not shown.revealed and not shown.cards[0] and not shown.cards[1]:
                score += _AI_TRAP * number
            key = (score, rng.below(1 << 16), card, number)
            if best is None or key > best:
                best = key
    assert best is not None
    return best[2], best[3]
