"""Spartacus (Knizia): a trick game where low cards are strong. In turn, players play ever lower
number cards (or a flag) or pass; whoever played the lowest number card when the turn comes back
to them takes the trick face down. The game ends the moment a hand is empty; won tricks score
(sum of numbers) x 2^flags, and cards left in hand cost the same way.

Implements ../shared/rules/spartacus.md: base game and the variants `series_games`,
`flags_as_jokers` (with `joker_penalty`, `joker_voids_trick`) and `no_flags`. No board data.

Cards are ints in the state and views: 1..10 are number cards, 0 is the flag (the joker with
`flags_as_jokers`). Inputs name the flag "flag" (or "joker").

Decisions where the spec is silent or leaves the choice to the bot:
- Game 1's start player is the first seat (seat 0); the front end decides the seat order. Game k
  of a series starts with seat (k-1) mod n (spec §7).
- There is one prompt per turn, move `play`, whose `card` field lists exactly the legal cards and,
  when passing is legal, the value "pass" (so a front end shows one private set of buttons).
  `play` with card "pass" is a pass; the move `pass` (spec §4) is accepted as well. Both run the
  spec's pass checks (`game_over`, `not_your_turn`, `must_play`).
- A card that is not a card at all (11, "x", true...) is rejected with `card_not_in_hand`.
- Configuration errors (raised by `setup`): `bad_seat_count` (not 3-5 players),
  `bad_series_games` (series_games outside 1..20: the cap keeps a game finite for the bot),
  `jokers_without_flags` (no_flags with flags_as_jokers), `joker_rule_without_jokers`
  (joker_penalty or joker_voids_trick without flags_as_jokers).
- In a series the next game starts at once; each game's result is reported by events
  (`game_ended`, one `final_seat` line per player showing every trick and the hand), and the view
  keeps every finished game's scores. The final outcome ranks the running sums.
- Won piles stay hidden (count only) until the game is over; then the view shows them with the
  hands and scores. In a series the piles of a finished game are only in its `final_seat` events.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict
from pydantic import Field as DataField

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
from engine.rng import Rng

FLAG = 0
NUMBERS = tuple(range(1, 11))
MAX_SERIES = 20
JOKER_PENALTY = 10
PASS = "pass"


class SpartacusOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    series_games: int = DataField(default=1, ge=1, le=MAX_SERIES)
    flags_as_jokers: bool = False
    joker_penalty: bool = False
    joker_voids_trick: bool = False
    no_flags: bool = False


class SpartacusState(GameState):
    series_games: int = 1
    flags_as_jokers: bool = False
    joker_penalty: bool = False
    joker_voids_trick: bool = False
    no_flags: bool = False
    first_leader: int = 0  # start player of game 1
    game_no: int = 1
    phase: Literal["play", "over"] = "play"
    moves: int = 0  # inputs accepted in this game (prompt keys)
    hands: tuple[tuple[int, ...], ...]  # sorted, 0 = flag: private
    trick: tuple[tuple[int, int], ...] = ()  # (seat, card) in play order
    passed: tuple[bool, ...]
    active: int = 0
    won: tuple[tuple[tuple[int, ...], ...], ...]  # per seat, piles in the order won
    totals: tuple[int, ...]  # running sums of finished games
    results: tuple[tuple[int, ...], ...] = ()  # scores of each finished game
    last_trick: tuple[int, tuple[int, ...]] | None = None  # (taker, cards) of this game's latest


class SpartacusView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    series_games: int
    flags_as_jokers: bool
    joker_penalty: bool
    joker_voids_trick: bool
    no_flags: bool
    game_no: int
    phase: str
    active: int | None
    trick: tuple[tuple[int, int], ...]
    leader: int | None
    lowest: int | None
    passed: tuple[bool, ...]
    tricks_won: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    results: tuple[tuple[int, ...], ...]
    last_trick: tuple[int, tuple[int, ...]] | None = None
    # Only once the game is over (the last game of a series):
    won: tuple[tuple[tuple[int, ...], ...], ...] | None = None
    final_hands: tuple[tuple[int, ...], ...] | None = None
    # Only in a seat's own view:
    hand: tuple[int, ...] | None = None


# Rules as pure functions ---------------------------------------------------------------


def lowest_card(trick: tuple[tuple[int, int], ...]) -> int | None:
    """The lowest number card of the trick (every number undercuts the previous ones)."""
    numbers = [card for _, card in trick if card != FLAG]
    return min(numbers) if numbers else None


def trick_leader(trick: tuple[tuple[int, int], ...], jokers: bool) -> int | None:
    """Base: the player of the lowest number card. Jokers: the player of the last card."""
    if jokers:
        return trick[-1][0] if trick else None
    low = lowest_card(trick)
    return next(seat for seat, card in trick if card == low) if low is not None else None


def legal_cards(hand: tuple[int, ...], trick: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Cards of `hand` that may be played now (the same check with or without jokers)."""
    low = lowest_card(trick)
    return tuple(card for card in hand if card == FLAG or low is None or card < low)


def may_pass(trick: tuple[tuple[int, int], ...], jokers: bool) -> bool:
    if jokers:
        return bool(trick)
    return lowest_card(trick) is not None


def pile_value(cards: tuple[int, ...], state: SpartacusState | SpartacusView) -> int:
    """Spec §5 and §7: what a won trick is worth."""
    numbers = sum(card for card in cards if card != FLAG)
    flags = sum(1 for card in cards if card == FLAG)
    if not state.flags_as_jokers:
        return numbers * 2**flags
    value = 0 if state.joker_voids_trick and flags else numbers
    return value - (JOKER_PENALTY * flags if state.joker_penalty else 0)


def hand_penalty(cards: tuple[int, ...], state: SpartacusState | SpartacusView) -> int:
    numbers = sum(card for card in cards if card != FLAG)
    flags = sum(1 for card in cards if card == FLAG)
    if not state.flags_as_jokers:
        return numbers * 2**flags
    return numbers + (JOKER_PENALTY * flags if state.joker_penalty else 0)


def game_scores(state: SpartacusState) -> tuple[int, ...]:
    return tuple(
        sum(pile_value(pile, state) for pile in state.won[seat])
        - hand_penalty(state.hands[seat], state)
        for seat in range(state.seats)
    )


def card_text(card: int, jokers: bool) -> str:
    if card != FLAG:
        return str(card)
    return "★" if jokers else "⚑"


def cards_text(cards: tuple[int, ...] | list[int], jokers: bool) -> str:
    return " ".join(card_text(card, jokers) for card in cards) or "-"


def _parse_card(raw: object) -> int | None:
    if isinstance(raw, str) and raw.lower() in ("flag", "joker"):
        return FLAG
    if type(raw) is int and raw in NUMBERS:
        return raw
    return None


def _full_hand(no_flags: bool) -> tuple[int, ...]:
    return NUMBERS if no_flags else (FLAG, *NUMBERS)


_PASS_CHOICE = Choice(value=PASS, label=Msg(key="choice.pass"))


class Spartacus(Game[SpartacusState, SpartacusOptions, SpartacusView]):
    id = "spartacus"
    min_seats = 3
    max_seats = 5
    Options = SpartacusOptions
    State = SpartacusState

    def start(self, options: SpartacusOptions, seats: int, seed: int) -> SpartacusState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        require(1 <= options.series_games <= MAX_SERIES, "bad_series_games", max=MAX_SERIES)
        require(not (options.no_flags and options.flags_as_jokers), "jokers_without_flags")
        require(
            options.flags_as_jokers or not (options.joker_penalty or options.joker_voids_trick),
            "joker_rule_without_jokers",
        )
        hand = _full_hand(options.no_flags)
        return SpartacusState(
            seats=seats,
            rng=Rng(seed).state,
            series_games=options.series_games,
            flags_as_jokers=options.flags_as_jokers,
            joker_penalty=options.joker_penalty,
            joker_voids_trick=options.joker_voids_trick,
            no_flags=options.no_flags,
            hands=(hand,) * seats,
            passed=(False,) * seats,
            won=((),) * seats,
            totals=(0,) * seats,
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: SpartacusState) -> list[Prompt]:
        if state.phase != "play":
            return []
        seat = state.active
        jokers = state.flags_as_jokers
        options = [
            Choice(value="flag" if card == FLAG else card, label=_card_label(card, jokers))
            for card in legal_cards(state.hands[seat], state.trick)
        ]
        if may_pass(state.trick, jokers):
            options.append(_PASS_CHOICE)
        field = Field(name="card", kind="one", label=Msg(key="field.card"), options=tuple(options))
        low = lowest_card(state.trick)
        if not state.trick:
            text = Msg(key="prompt.lead", args={"seat": seat})
        elif low is None:  # only flags so far, or a led joker
            text = Msg(key="prompt.any", args={"seat": seat})
        else:
            key = "prompt.play_joker" if jokers else "prompt.play"
            if FLAG not in state.hands[seat]:  # played already, or none in this variant
                key = "prompt.play_number"
            text = Msg(key=key, args={"seat": seat, "lowest": low})
        return [
            Prompt(
                key=f"g{state.game_no}.m{state.moves}",
                move="play",
                kind=Kind.TURN,
                seats=(seat,),
                fields=(field,),
                text=text,
                public_options=False,
            )
        ]

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: SpartacusState, action: Action) -> tuple[SpartacusState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        if action.move == "pass" or (action.move == "play" and action.args.get("card") == PASS):
            return self._apply_pass(state, action.seat)
        if action.move == "play":
            return self._apply_play(state, action.seat, action.args.get("card"))
        raise IllegalInput("unknown_move", move=action.move)

    def _apply_play(
        self, state: SpartacusState, seat: int, raw: object
    ) -> tuple[SpartacusState, list[Event]]:
        require(state.phase == "play", "game_over")
        require(state.active == seat, "not_your_turn")
        card = _parse_card(raw)
        hand = state.hands[seat]
        require(card is not None and card in hand, "card_not_in_hand")
        assert card is not None
        low = lowest_card(state.trick)
        require(card == FLAG or low is None or card < low, "not_lower", lowest=low)
        hands = list(state.hands)
        rest = list(hand)
        rest.remove(card)
        hands[seat] = tuple(rest)
        state = state.model_copy(
            update={
                "hands": tuple(hands),
                "trick": (*state.trick, (seat, card)),
                "moves": state.moves + 1,
            }
        )
        if card == FLAG:
            kind = "played_joker" if state.flags_as_jokers else "played_flag"
            events = [Event(type=kind, data={"seat": seat})]
        else:
            events = [Event(type="played", data={"seat": seat, "card": card})]
        if not rest:
            return self._end_game(state, events)
        return self._advance(state, seat, events)

    def _apply_pass(self, state: SpartacusState, seat: int) -> tuple[SpartacusState, list[Event]]:
        require(state.phase == "play", "game_over")
        require(state.active == seat, "not_your_turn")
        require(may_pass(state.trick, state.flags_as_jokers), "must_play")
        passed = list(state.passed)
        passed[seat] = True
        state = state.model_copy(update={"passed": tuple(passed), "moves": state.moves + 1})
        return self._advance(state, seat, [Event(type="passed", data={"seat": seat})])

    # Automatic steps -------------------------------------------------------------------

    def _advance(
        self, state: SpartacusState, seat: int, events: list[Event]
    ) -> tuple[SpartacusState, list[Event]]:
        """Spec §3 step 3: the next player who has not passed acts, unless that is the leader."""
        leader = trick_leader(state.trick, state.flags_as_jokers)
        nxt = (seat + 1) % state.seats
        while state.passed[nxt]:
            nxt = (nxt + 1) % state.seats
        if nxt != leader:
            return state.model_copy(update={"active": nxt}), events
        state = _take_trick(state, leader, events)
        first = (leader + 1) % state.seats
        events.append(Event(type="trick_started", data={"seat": first}))
        return state.model_copy(update={"active": first}), events

    def _end_game(
        self, state: SpartacusState, events: list[Event]
    ) -> tuple[SpartacusState, list[Event]]:
        """Spec §6: the current trick goes to its leader (a flag-only trick to nobody)."""
        events.append(Event(type="hand_empty", data={"seat": state.trick[-1][0]}))
        leader = trick_leader(state.trick, state.flags_as_jokers)
        if leader is not None:
            state = _take_trick(state, leader, events)
        else:
            cards = [card for _, card in state.trick]
            events.append(
                Event(
                    type="trick_discarded",
                    data={"cards": cards_text(cards, state.flags_as_jokers)},
                )
            )
            state = state.model_copy(update={"trick": ()})
        scores = game_scores(state)
        totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
        jokers = state.flags_as_jokers
        for seat in range(state.seats):
            piles = " / ".join(
                f"[{cards_text(pile, jokers)}]={pile_value(pile, state)}"
                for pile in state.won[seat]
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
        best = max(scores)
        events.append(
            Event(
                type="game_ended",
                data={
                    "game": state.game_no,
                    "scores": list(scores),
                    "seats": [s for s in range(state.seats) if scores[s] == best],
                },
            )
        )
        state = state.model_copy(update={"totals": totals, "results": (*state.results, scores)})
        if state.game_no < state.series_games:
            return self._next_game(state, events)
        state = state.model_copy(update={"phase": "over"})
        result = self.outcome(state)
        assert result is not None
        events.append(
            Event(
                type="game_over",
                data={"scores": list(result.scores), "seats": list(result.winners)},
            )
        )
        return state, events

    def _next_game(
        self, state: SpartacusState, events: list[Event]
    ) -> tuple[SpartacusState, list[Event]]:
        game_no = state.game_no + 1
        first = (state.first_leader + game_no - 1) % state.seats
        hand = _full_hand(state.no_flags)
        events.append(Event(type="game_started", data={"game": game_no, "seat": first}))
        return state.model_copy(
            update={
                "game_no": game_no,
                "moves": 0,
                "hands": (hand,) * state.seats,
                "trick": (),
                "passed": (False,) * state.seats,
                "active": first,
                "won": ((),) * state.seats,
                "last_trick": None,
            }
        ), events

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: SpartacusState, seat: int | None) -> SpartacusView:
        over = state.phase == "over"
        own = state.hands[seat] if seat is not None and 0 <= seat < state.seats else None
        return SpartacusView.model_construct(
            seat=seat,
            seats=state.seats,
            series_games=state.series_games,
            flags_as_jokers=state.flags_as_jokers,
            joker_penalty=state.joker_penalty,
            joker_voids_trick=state.joker_voids_trick,
            no_flags=state.no_flags,
            game_no=state.game_no,
            phase=state.phase,
            active=None if over else state.active,
            trick=state.trick,
            leader=trick_leader(state.trick, state.flags_as_jokers),
            lowest=lowest_card(state.trick),
            passed=state.passed,
            tricks_won=tuple(len(piles) for piles in state.won),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            totals=state.totals,
            results=state.results,
            last_trick=state.last_trick,
            won=state.won if over else None,
            final_hands=state.hands if over else None,
            hand=own,
        )

    def outcome(self, state: SpartacusState) -> Outcome | None:
        if state.phase != "over":
            return None
        reason = (
            Msg(key="outcome.series", args={"games": state.series_games})
            if state.series_games > 1
            else None
        )
        return outcome_by_score(state.totals, reason)

    def private_lines(self, state: SpartacusState, seat: int) -> list[Msg]:
        hand = state.hands[seat]
        jokers = state.flags_as_jokers
        lines = [Msg(key="private.hand", args={"cards": cards_text(hand, jokers)})]
        if state.phase == "play" and state.active == seat:
            legal = legal_cards(hand, state.trick)
            lines.append(Msg(key="private.legal", args={"cards": cards_text(legal, jokers)}))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, SpartacusView)
        return Action(seat=seat, move="play", args={"card": ai_choice(view, prompt)})

    strings = {
        "en": {
            "name": "Spartacus",
            "summary": "A trick game where low cards are strong: undercut or pass.",
            "rules": (
                "3–5 players. Everyone holds the cards 1–10 and a flag. The leader plays any card; "
                "then, clockwise, each player plays a number lower than the lowest number in the "
                "trick, plays the flag, or passes (passing only once a number is on the table; who "
                "passes is out of this trick). When the turn comes back to the player of the lowest "
                "number, they take the trick face down and the next player clockwise leads. The "
                "game ends the moment anyone plays their last card: the current trick goes to its "
                "lowest number (a trick of flags only to nobody). Each trick scores the sum of its "
                "numbers, doubled for each flag in it; cards left in hand are subtracted the same "
                "way (doubled if you still hold your flag). Highest total wins; ties share.\\n"
                "Variants: series_games = play several games and add up the scores (the start "
                "player moves one seat clockwise each game). flags_as_jokers = the flag is a joker "
                "just below the card before it (it beats even a 1, but a lower number still beats "
                "it); the last card takes the trick; jokers score 0 and double nothing; pass is "
                "allowed on any non-empty trick. joker_penalty = -10 per joker in your tricks or "
                "hand. joker_voids_trick = a trick with a joker is worth 0. no_flags = play "
                "without flags."
            ),
            "option.series_games": "Number of games in the series (scores add up)",
            "option.flags_as_jokers": "Flags are jokers: just below the previous card",
            "option.joker_penalty": "Jokers: -10 per joker in your tricks or hand",
            "option.joker_voids_trick": "Jokers: a trick containing a joker is worth 0",
            "option.no_flags": "Play without flags",
            "card": "{card}",
            "card.flag": "Flag ⚑",
            "card.joker": "Joker ★",
            "choice.pass": "Pass",
            "field.card": "Card to play",
            "prompt.lead": "{seat}: lead a card.",
            "prompt.any": "{seat}: no number on the table yet, any card may follow.",
            "prompt.play": "{seat}: play a number below {lowest} or your flag, or pass.",
            "prompt.play_joker": "{seat}: play a number below {lowest} or your joker, or pass.",
            "prompt.play_number": "{seat}: play a number below {lowest}, or pass.",
            "event.played": "{seat} plays {card}.",
            "event.played_flag": "{seat} plays the flag ⚑.",
            "event.played_joker": "{seat} plays the joker ★.",
            "event.passed": "{seat} passes.",
            "event.trick_won": "{seat} takes the trick: {cards}.",
            "event.trick_discarded": "The trick {cards} holds no number card and goes to nobody.",
            "event.trick_started": "{seat} leads the next trick.",
            "event.hand_empty": "{seat} has played their last card: the game ends.",
            "event.final_seat": (
                "{seat}: tricks {tricks}; hand {hand} (−{penalty}); score {score}."
            ),
            "event.game_ended": "Game {game} is over: scores {scores}. Best: {seats}.",
            "event.game_started": "Game {game} of the series begins; {seat} leads.",
            "event.game_over": "Game over. Winner: {seats}.",
            "outcome.series": "Running sums after {games} games.",
            "private.hand": "Your hand: {cards}",
            "private.legal": "You may play: {cards}",
            "error.game_over": "The game is over.",
            "error.not_your_turn": "It is not your turn.",
            "error.card_not_in_hand": "You do not hold that card.",
            "error.not_lower": "Play a number lower than {lowest}, a flag, or pass.",
            "error.must_play": "You cannot pass before a number card is played: play a card.",
            "error.bad_seat_count": "Spartacus needs 3 to 5 players.",
            "error.bad_series_games": "A series has 1 to {max} games.",
            "error.jokers_without_flags": "flags_as_jokers cannot be combined with no_flags.",
            "error.joker_rule_without_jokers": (
                "joker_penalty and joker_voids_trick need flags_as_jokers."
            ),
            "board.title": "Spartacus",
            "board.game_of": "Game {game} of {games}",
            "board.rule.jokers": "jokers",
            "board.rule.joker_penalty": "−10 per joker",
            "board.rule.joker_voids": "a joker voids the trick",
            "board.list_separator": ", ",
            "board.rule.no_flags": "no flags",
            "board.rule.standard": "low cards win · each flag doubles",
            "board.over": "Game over",
            "board.new_trick": "New trick: waiting for the lead",
            "board.worth": "Trick worth {value}",
            "board.any_card": "any card",
            "board.only_joker": "only a joker",
            "board.below_or_joker": "below {lowest} or a joker",
            "board.last_takes": "the last card takes it",
            "board.no_number": "no number yet: nobody may pass",
            "board.nothing_beats_1": "nothing beats a 1",
            "board.below": "play below {lowest}",
            "board.lowest_takes": "lowest card takes it",
            "board.final_scores": "Final scores",
            "board.players": "Players",
            "board.game": "Game {game}",
            "board.score": "Score",
            "board.hand": "Hand",
            "board.tricks": "Tricks",
            "board.left_in_hand": "Left in hand",
            "board.status": "Status",
            "board.series_total": "Series total",
            "board.to_play": "to play",
            "board.taking": "takes it so far",
            "board.passed": "passed",
            "board.joker": "joker",
            "board.flag": "flag",
            "board.last_trick": "Last trick: {player} took {cards} (worth {value})",
        },
        "ja": {
            "name": "スパルタクス",
            "summary": "低いカードが強いトリックテイキング：より低いカードを出すかパスするか。",
            "rules": (
                "3〜5人。各自1〜10の数字カードと旗印カード1枚を持ちます。リードは好きなカードを出し、"
                "以後時計回りに、トリック中の最も低い数字より低い数字カードか旗印を出すか、パスします"
                "（パスは数字カードが出てから。パスした人はそのトリックに参加できません）。最も低い数字を"
                "出したプレイヤーに手番が戻ったら、その人がトリックを裏向きで獲得し、時計回りに次の人が"
                "次のトリックをリードします。誰かが最後の手札を出した瞬間にゲーム終了：その時のトリックは"
                "最も低い数字を出した人のもの（旗印だけなら誰のものでもありません）。各トリックは数字の合計"
                "で、旗印1枚ごとに2倍。手札に残ったカードも同様に減点（旗印が残っていれば2倍）。合計点の"
                "最も高い人が勝ち、同点は勝利を分け合います。\\n"
                "バリアント：series_games＝複数ゲームを行い得点を合算（スタートプレイヤーは毎回時計回りに"
                "1つずれる）。flags_as_jokers＝旗印は直前のカードのすぐ下として働くジョーカー（1にも勝つが、"
                "より低い数字には負ける）。最後に出たカードがトリックを取り、ジョーカーは0点で倍にもしない。"
                "カードが1枚でも出ていればパス可。joker_penalty＝獲得トリックや手札のジョーカー1枚につき"
                "−10点。joker_voids_trick＝ジョーカー入りのトリックは0点。no_flags＝旗印なしで遊ぶ。"
            ),
            "option.series_games": "シリーズのゲーム数（得点を合算）",
            "option.flags_as_jokers": "旗印をジョーカーとして使う（直前のカードのすぐ下）",
            "option.joker_penalty": "ジョーカー：トリックや手札のジョーカー1枚につき−10点",
            "option.joker_voids_trick": "ジョーカー：ジョーカー入りのトリックは0点",
            "option.no_flags": "旗印カードを使わない",
            "card": "{card}",
            "card.flag": "旗印 ⚑",
            "card.joker": "ジョーカー ★",
            "choice.pass": "パス",
            "field.card": "出すカード",
            "prompt.lead": "{seat}：カードをリードしてください。",
            "prompt.any": "{seat}：まだ数字カードが出ていません。どのカードでも出せます。",
            "prompt.play": "{seat}：{lowest}より低い数字カードか旗印を出すか、パスしてください。",
            "prompt.play_number": "{seat}：{lowest}より低い数字カードを出すか、パスしてください。",
            "prompt.play_joker": (
                "{seat}：{lowest}より低い数字カードかジョーカーを出すか、パスしてください。"
            ),
            "event.played": "{seat}が{card}を出しました。",
            "event.played_flag": "{seat}が旗印⚑を出しました。",
            "event.played_joker": "{seat}がジョーカー★を出しました。",
            "event.passed": "{seat}はパス。",
            "event.trick_won": "{seat}がトリックを獲得：{cards}",
            "event.trick_discarded": "トリック{cards}には数字カードがなく、誰のものにもなりません。",
            "event.trick_started": "{seat}が次のトリックをリードします。",
            "event.hand_empty": "{seat}が手札を出し切りました。ゲーム終了です。",
            "event.final_seat": (
                "{seat}：トリック {tricks}／手札 {hand}（−{penalty}）／得点 {score}"
            ),
            "event.game_ended": "第{game}ゲーム終了：得点 {scores}。最高点：{seats}",
            "event.game_started": "シリーズ第{game}ゲーム開始。{seat}がリードします。",
            "event.game_over": "ゲーム終了。勝者：{seats}",
            "outcome.series": "{games}ゲームの合計点。",
            "private.hand": "あなたの手札：{cards}",
            "private.legal": "出せるカード：{cards}",
            "error.game_over": "ゲームは終了しています。",
            "error.not_your_turn": "あなたの手番ではありません。",
            "error.card_not_in_hand": "そのカードは手札にありません。",
            "error.not_lower": "{lowest}より低い数字カードか旗印を出すか、パスしてください。",
            "error.must_play": "数字カードが出るまではパスできません。カードを出してください。",
            "error.bad_seat_count": "スパルタクスは3〜5人用です。",
            "error.bad_series_games": "シリーズは1〜{max}ゲームです。",
            "error.jokers_without_flags": "flags_as_jokers と no_flags は同時に使えません。",
            "error.joker_rule_without_jokers": (
                "joker_penalty と joker_voids_trick には flags_as_jokers が必要です。"
            ),
            "board.title": "スパルタクス",
            "board.game_of": "第{game}ゲーム（全{games}）",
            "board.rule.jokers": "ジョーカー",
            "board.rule.joker_penalty": "ジョーカー−10点",
            "board.rule.joker_voids": "ジョーカー入りは0点",
            "board.list_separator": "、",
            "board.rule.no_flags": "旗印なし",
            "board.rule.standard": "低いカードが強い · 旗印1枚ごとに2倍",
            "board.over": "ゲーム終了",
            "board.new_trick": "新しいトリック：リード待ち",
            "board.worth": "トリックの価値 {value}",
            "board.any_card": "どのカードでも可",
            "board.only_joker": "ジョーカーのみ",
            "board.below_or_joker": "{lowest}未満かジョーカー",
            "board.last_takes": "最後のカードが獲得",
            "board.no_number": "数字カードがまだない：パス不可",
            "board.nothing_beats_1": "1より低いカードはない",
            "board.below": "{lowest}未満を出す",
            "board.lowest_takes": "最も低いカードが獲得",
            "board.final_scores": "最終得点",
            "board.players": "プレイヤー",
            "board.game": "第{game}ゲーム",
            "board.score": "得点",
            "board.hand": "手札",
            "board.tricks": "トリック",
            "board.left_in_hand": "残った手札",
            "board.status": "状況",
            "board.series_total": "シリーズ合計",
            "board.to_play": "手番",
            "board.taking": "現在獲得中",
            "board.passed": "パス",
            "board.joker": "ジョーカー",
            "board.flag": "旗印",
            "board.last_trick": "直前のトリック：{player}が{cards}を獲得（{value}点）",
        },
    }


def _card_label(card: int, jokers: bool) -> Msg:
    if card == FLAG:
        return Msg(key="card.joker" if jokers else "card.flag")
    return Msg(key="card", args={"card": card})


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
    return state.model_copy(
        update={
            "won": tuple(won),
            "trick": (),
            "passed": (False,) * state.seats,
            "last_trick": (leader, cards),
        }
    )


# AI ------------------------------------------------------------------------------------
# A rule-based player, tuned against the random baseline. It plays often (the first empty hand
# ends the game and everyone else pays for their cards), dumps high cards by undercutting as
# little as possible, leads its flag early (the others must then play numbers under it), and
# spends its low cards and its joker only on tricks worth taking.

AI_TAKE_WITH_ONE = 15  # play a 1 (unbeatable in the base game) on a trick worth this much
AI_SAVE_LOW = 3  # keep cards up to this value rather than win a cheap trick with them...
AI_SAVE_BELOW = 15  # ...worth less than this
AI_JOKER_TAKE = 20  # play the joker to take a trick of at least this many points
AI_JOKER_SPOIL = 15  # with joker_voids_trick: play the joker to spoil a trick this big


def ai_choice(view: SpartacusView, prompt: Prompt) -> int | str:
    """The AI's `card` value, chosen among the prompt's options from the seat's own view."""
    values = [choice.value for choice in prompt.fields[0].options]
    numbers = sorted(v for v in values if isinstance(v, int))
    flag = "flag" in values
    jokers = view.flags_as_jokers
    hand = view.hand or ()
    if len(hand) == 1:  # the last card ends the game with no hand penalty
        return values[0]
    worth = pile_value(tuple(card for _, card in view.trick), view)
    if not view.trick or (view.lowest is None and not jokers):  # leading
        if flag and not jokers:
            return "flag"
        return numbers[-1] if numbers else values[0]
    if jokers and flag:
        limit = AI_JOKER_SPOIL if view.joker_voids_trick else AI_JOKER_TAKE
        if worth >= limit:
            return "flag"
    if numbers:
        if worth + numbers[-1] < 0 and PASS in values:  # a joker penalty would cost more
            return PASS
        if not jokers and numbers[0] == 1 and worth >= AI_TAKE_WITH_ONE:
            return 1
        if numbers[-1] <= AI_SAVE_LOW and worth < AI_SAVE_BELOW and PASS in values:
            return PASS
        return numbers[-1]
    return PASS if PASS in values else values[0]
