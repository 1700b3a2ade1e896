"""Senator (Knizia): two (or three) families push their members from the stairs at the edge of a
5x5 board (minus corners) towards the senate in the middle; only cards in the senate score.

Implements ../shared/rules/senator.md: the base game and every variant (`flag_effect`,
`flag_scope`, `hidden`, three players). The board (21 squares, senate, 20 entry points with
their lines) is data in engine/games/data/senator.json. Seat 0 is Red, seat 1 Blue, seat 2 Green
(spec §2); clockwise order is seat order.

Decisions where the spec is silent:
- The start player is drawn with the game's seeded RNG at setup and recorded in `state.start`.
- Inputs with an unknown move name are rejected with `unknown_move` right after `not_a_player`
  (as in every game); a missing or non-integer `card` is `card_not_in_hand`, a missing or
  unknown `entry` is `bad_entry`, a missing or unknown `square` is `bad_square`.
- Setup rejects 1 or 4+ seats with `bad_seat_count` and a `flag_effect` other than `none` with
  three seats with `flag_needs_two_players`. `flag_scope` alone is accepted with three seats
  because the spec says it is ignored when `flag_effect` is `none`.
- The public (and every seat's) view carries the push log (seat and entry of every push, plus the
  card in the open game) and the flag's starting square, since the spec makes both public. In
  the hidden game the board in every view only says occupied/empty until the end; a seat's own
  view adds only its own hand (a hidden card's owner is not reminded where it went: memory is
  part of that game). The pusher alone gets a private event naming the card they just pushed.
- In the open game the view shows the current senate totals (with the flag option applied as if
  the game ended now); in the hidden game no totals are shown until the end.
- Equal scores (or, with three players, equal highest) are reported as a draw, the rules' word;
  with three players the tied leaders share first place.
"""

from __future__ import annotations

from functools import cache
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
    outcome_by_score,
    require,
)
from engine.data import load
from engine.rng import Rng

FlagEffect = Literal["none", "double", "stairs", "double_and_stairs", "neutralize"]
FlagScope = Literal["line", "adjacent"]
Cell = tuple[int, int] | None  # (seat, value); the flag is (FLAG, 0)
FLAG = -1
COLUMNS = "abcde"


@cache
def _board() -> tuple[tuple[str, ...], frozenset[str], dict[str, tuple[int, ...]]]:
    data = load("engine.games.data", "senator")
    squares = tuple(data["squares"])
    index = {square: i for i, square in enumerate(squares)}
    entries = {name: tuple(index[s] for s in line) for name, line in data["entries"].items()}
    return squares, frozenset(data["senate"]), entries


SQUARES, SENATE, _ENTRIES = _board()
ENTRIES: tuple[str, ...] = tuple(_ENTRIES)
INDEX = {square: i for i, square in enumerate(SQUARES)}
IS_SENATE = tuple(square in SENATE for square in SQUARES)
COL = tuple(COLUMNS.index(square[0]) for square in SQUARES)
ROW = tuple(int(square[1]) - 1 for square in SQUARES)


def line_of(entry: str) -> tuple[int, ...]:
    """Square indices of `entry`'s line in push order (spec §4)."""
    return _ENTRIES[entry]


def cards_per_player(seats: int) -> int:
    return int(load("engine.games.data", "senator")["cards_per_player"][str(seats)])


def push_board(board: tuple[Cell, ...], entry: str, cell: Cell) -> tuple[Cell, ...] | None:
    """The board after pushing `cell` in at `entry`, or None when the line is full (spec §4):
    the contiguous block at the entry shifts one step into the first gap."""
    line = _ENTRIES[entry]
    gap = next((k for k, i in enumerate(line) if board[i] is None), None)
    if gap is None:
        return None
    out = list(board)
    for k in range(gap, 0, -1):
        out[line[k]] = board[line[k - 1]]
    out[line[0]] = cell
    return tuple(out)


def open_entries(occupied: tuple[bool, ...]) -> tuple[str, ...]:
    return tuple(e for e in ENTRIES if not all(occupied[i] for i in _ENTRIES[e]))


def affected(square: int, flag: int, scope: str) -> bool:
    """Spec §5: shares the flag's row or column (scope line) or is orthogonally adjacent."""
    if square == flag:
        return False
    dc, dr = abs(COL[square] - COL[flag]), abs(ROW[square] - ROW[flag])
    if scope == "adjacent":
        return dc + dr == 1
    return dc == 0 or dr == 0


def card_value(square: int, value: int, flag: int | None, effect: str, scope: str) -> int:
    senate = IS_SENATE[square]
    hit = flag is not None and effect != "none" and affected(square, flag, scope)
    if effect == "neutralize" and hit:
        return 0
    if senate:
        return 2 * value if hit and effect in ("double", "double_and_stairs") else value
    return value if hit and effect in ("stairs", "double_and_stairs") else 0


def score_board(
    board: tuple[Cell, ...], seats: int, effect: str = "none", scope: str = "line"
) -> tuple[int, ...]:
    """Every player's points for `board` as if the game ended now (spec §5)."""
    flag = next((i for i, c in enumerate(board) if c is not None and c[0] == FLAG), None)
    scores = [0] * seats
    for i, cell in enumerate(board):
        if cell is not None and cell[0] >= 0:
            scores[cell[0]] += card_value(i, cell[1], flag, effect, scope)
    return tuple(scores)


class SenatorOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    flag_effect: FlagEffect = "none"
    flag_scope: FlagScope = "line"
    hidden: bool = False


class SenatorState(GameState):
    flag_effect: FlagEffect = "none"
    flag_scope: FlagScope = "line"
    hidden: bool = False
    start: int = 0
    phase: Literal["flag", "push", "over"] = "push"
    board: tuple[Cell, ...]  # one cell per square, in SQUARES order
    hands: tuple[tuple[int, ...], ...]  # private in the hidden game
    pushes: tuple[tuple[int, int, str], ...] = ()  # (seat, card, entry); card private if hidden
    flag_square: str | None = None  # where the flag was placed (public)


class SquareView(BaseModel):
    model_config = ConfigDict(frozen=True)
    square: str
    senate: bool
    kind: Literal["empty", "card", "flag", "face_down"]
    seat: int | None = None
    value: int | None = None


class PushView(BaseModel):
    model_config = ConfigDict(frozen=True)
    seat: int
    entry: str
    card: int | None = None  # None in the hidden game until the end


class SenatorView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    start: int
    hidden: bool
    flag_effect: str
    flag_scope: str
    phase: str
    turn: int | None
    board: tuple[SquareView, ...]
    hand_sizes: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]  # None where the viewer may not see the hand
    pushes: tuple[PushView, ...]
    flag_square: str | None
    open_entries: tuple[str, ...]
    scores: tuple[int, ...] | None  # None while hidden


def to_move(state: SenatorState) -> int | None:
    if state.phase == "flag":
        return (state.start + 1) % state.seats
    if state.phase == "push":
        return (state.start + len(state.pushes)) % state.seats
    return None


_ARROWS = {"down": "↓", "up": "↑", "right": "→", "left": "←"}


def _entry_words(entry: str) -> dict[str, str]:
    """The entry as players read it: where the card goes in and which way it pushes."""
    direction, _ = entry.split("-")
    return {"entry": entry, "square": SQUARES[_ENTRIES[entry][0]], "arrow": _ARROWS[direction]}


def _entry_choice(entry: str) -> Choice:
    direction, line = entry.split("-")
    square = SQUARES[_ENTRIES[entry][0]]
    return Choice(
        value=entry, label=Msg(key=f"entry.{direction}", args={"line": line, "square": square})
    )


_ENTRY_CHOICES = {entry: _entry_choice(entry) for entry in ENTRIES}
_SQUARE_FIELD = Field(
    name="square",
    kind="one",
    label=Msg(key="field.square"),
    options=tuple(
        Choice(
            value=square,
            label=Msg(
                key="square.senate" if square in SENATE else "square.stairs",
                args={"square": square},
            ),
        )
        for square in SQUARES
    ),
)


class Senator(Game[SenatorState, SenatorOptions, SenatorView]):
    id = "senator"
    min_seats = 2
    max_seats = 3
    Options = SenatorOptions
    State = SenatorState
    max_inputs = 40

    def start(self, options: SenatorOptions, seats: int, seed: int) -> SenatorState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        require(seats == 2 or options.flag_effect == "none", "flag_needs_two_players")
        rng = Rng(seed)
        start = rng.below(seats)
        cards = tuple(range(1, cards_per_player(seats) + 1))
        return SenatorState(
            seats=seats,
            rng=rng.state,
            flag_effect=options.flag_effect,
            flag_scope=options.flag_scope,
            hidden=options.hidden,
            start=start,
            phase="flag" if seats == 2 else "push",
            board=(None,) * len(SQUARES),
            hands=(cards,) * seats,
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: SenatorState) -> list[Prompt]:
        seat = to_move(state)
        if seat is None:
            return []
        if state.phase == "flag":
            return [
                Prompt(
                    key="flag",
                    move="place_flag",
                    kind=Kind.TURN,
                    seats=(seat,),
                    fields=(_SQUARE_FIELD,),
                    text=Msg(key="prompt.place_flag", args={"seat": seat}),
                )
            ]
        occupied = tuple(cell is not None for cell in state.board)
        card_field = Field(
            name="card",
            kind="one",
            label=Msg(key="field.card"),
            options=tuple(
                Choice(value=v, label=Msg(key="card", args={"value": v})) for v in state.hands[seat]
            ),
        )
        entry_field = Field(
            name="entry",
            kind="one",
            label=Msg(key="field.entry"),
            options=tuple(_ENTRY_CHOICES[e] for e in open_entries(occupied)),
        )
        number = len(state.pushes) + 1
        return [
            Prompt(
                key=f"p{number}.push",
                move="push",
                kind=Kind.TURN,
                seats=(seat,),
                fields=(card_field, entry_field),
                text=Msg(
                    key="prompt.push",
                    args={
                        "seat": seat,
                        "number": number,
                        "total": cards_per_player(state.seats) * state.seats,
                    },
                ),
                public_options=not state.hidden,
            )
        ]

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: SenatorState, action: Action) -> tuple[SenatorState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        if action.move == "push":
            return self._apply_push(state, action)
        if action.move == "place_flag":
            return self._apply_flag(state, action)
        raise IllegalInput("unknown_move", move=action.move)

    def _apply_flag(self, state: SenatorState, action: Action) -> tuple[SenatorState, list]:
        require(state.phase == "flag", "wrong_phase")
        require(action.seat == to_move(state), "not_your_turn")
        square = action.args.get("square")
        require(isinstance(square, str) and square in INDEX, "bad_square")
        assert isinstance(square, str)
        board = list(state.board)
        board[INDEX[square]] = (FLAG, 0)
        state = state.model_copy(
            update={"board": tuple(board), "phase": "push", "flag_square": square}
        )
        return state, [Event(type="flag_placed", data={"seat": action.seat, "square": square})]

    def _apply_push(self, state: SenatorState, action: Action) -> tuple[SenatorState, list]:
        require(state.phase == "push", "wrong_phase")
        seat = action.seat
        require(seat == to_move(state), "not_your_turn")
        card = action.args.get("card")
        require(type(card) is int and card in state.hands[seat], "card_not_in_hand")
        assert isinstance(card, int)
        entry = action.args.get("entry")
        require(isinstance(entry, str) and entry in _ENTRIES, "bad_entry")
        assert isinstance(entry, str)
        board = push_board(state.board, entry, (seat, card))
        require(board is not None, "line_full", entry=entry)
        assert board is not None
        hands = list(state.hands)
        hands[seat] = tuple(v for v in state.hands[seat] if v != card)
        state = state.model_copy(
            update={
                "board": board,
                "hands": tuple(hands),
                "pushes": (*state.pushes, (seat, card, entry)),
            }
        )
        where = _entry_words(entry)
        if state.hidden:
            events = [
                Event(type="pushed_hidden", data={"seat": seat, **where}),
                Event(type="pushed_own", data={"seat": seat, "card": card, **where}, to=(seat,)),
            ]
        else:
            events = [Event(type="pushed", data={"seat": seat, "card": card, **where})]
        if all(cell is not None for cell in board):
            return self._finish(state, events)
        return state, events

    def _finish(self, state: SenatorState, events: list[Event]) -> tuple[SenatorState, list]:
        state = state.model_copy(update={"phase": "over"})
        result = self.outcome(state)
        assert result is not None
        if state.hidden:
            events.append(Event(type="revealed", data={}))
        events.append(
            Event(
                type="game_over",
                data={"scores": list(result.scores), "seats": list(result.winners)},
            )
        )
        return state, events

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: SenatorState, seat: int | None) -> SenatorView:
        secret = state.hidden and state.phase != "over"
        board = tuple(_square_view(i, cell, secret) for i, cell in enumerate(state.board))
        hands = tuple(
            hand if not state.hidden or s == seat else None for s, hand in enumerate(state.hands)
        )
        pushes = tuple(
            PushView.model_construct(seat=s, entry=e, card=None if secret else c)
            for s, c, e in state.pushes
        )
        occupied = tuple(cell is not None for cell in state.board)
        scores = (
            None
            if secret
            else score_board(state.board, state.seats, state.flag_effect, state.flag_scope)
        )
        return SenatorView.model_construct(
            seat=seat,
            seats=state.seats,
            start=state.start,
            hidden=state.hidden,
            flag_effect=state.flag_effect,
            flag_scope=state.flag_scope,
            phase=state.phase,
            turn=to_move(state),
            board=board,
            hand_sizes=tuple(len(h) for h in state.hands),
            hands=hands,
            pushes=pushes,
            flag_square=state.flag_square,
            open_entries=open_entries(occupied) if state.phase == "push" else (),
            scores=scores,
        )

    def outcome(self, state: SenatorState) -> Outcome | None:
        if state.phase != "over":
            return None
        return outcome_by_score(
            score_board(state.board, state.seats, state.flag_effect, state.flag_scope)
        )

    def private_lines(self, state: SenatorState, seat: int) -> list[Msg]:
        hand = state.hands[seat]
        if not hand:
            return [Msg(key="private.no_cards")]
        return [Msg(key="private.hand", args={"cards": ", ".join(map(str, hand))})]

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, SenatorView)
        if prompt.move == "place_flag":
            return Action(seat=seat, move="place_flag", args={"square": _ai_flag(view)})
        card, entry = _ai_push(view, prompt, seat, rng_state)
        return Action(seat=seat, move="push", args={"card": card, "entry": entry})

    strings = {
        "en": {
            "name": "Senator",
            "summary": "Push your family's members up the stairs into the senate.",
            "rules": (
                "2 players (Red and Blue, cards 1–10 each) or 3 players (cards 1–7 each). The "
                "board is 5×5 without corners: the middle 3×3 is the senate, the 12 outer squares "
                "are stairs. With 2 players the non-start player first puts the flag on any "
                "square. Then in turn each player pushes one card in at one of the 20 entries "
                "(each row and column, from either end): the cards next to it move one step along "
                "the line up to the first gap; a full line cannot be pushed. The flag moves like a "
                "card. When the board is full, each player scores the values of their cards in the "
                "senate; the higher total wins, equal totals draw.\n"
                "Variant flag_effect (2 players): cards in the flag's row/column (or only next to "
                "it with flag_scope=adjacent) count double in the senate (double), also score on "
                "the stairs (stairs), both (double_and_stairs), or score nothing (neutralize).\n"
                "Variant hidden: hands are secret, the flag and all cards go on the board face "
                "down and nobody may look until the end; only who pushed where is public."
            ),
            "option.flag_effect": (
                "Flag effect (2 players): none, double, stairs, double_and_stairs, neutralize"
            ),
            "option.flag_scope": "Reach of the flag: its whole row and column, or adjacent only",
            "option.hidden": "Hidden game: secret hands, all cards face down",
            "card": "{value}",
            "entry.down": "↓ column {line} (in at {square})",
            "entry.up": "↑ column {line} (in at {square})",
            "entry.right": "→ row {line} (in at {square})",
            "entry.left": "← row {line} (in at {square})",
            "square.senate": "{square} (senate)",
            "square.stairs": "{square} (stairs)",
            "field.square": "Square for the flag",
            "field.card": "Card to push",
            "field.entry": "Where to push it in",
            "prompt.place_flag": "{seat}: place the flag on any square.",
            "prompt.push": "Push {number}/{total}: {seat}, push one of your cards onto the board.",
            "event.flag_placed": "{seat} places the flag on {square}.",
            "event.pushed": "{seat} pushes {card} in at {square} ({arrow}).",
            "event.pushed_hidden": "{seat} pushes a face-down card in at {square} ({arrow}).",
            "event.pushed_own": "You pushed your {card} in at {square} ({arrow}).",
            "event.revealed": "All cards are turned face up.",
            "event.game_over": "Game over. Scores: {scores}. Winner: {seats}.",
            "private.hand": "Your cards: {cards}",
            "private.no_cards": "You have no cards left.",
            "error.wrong_phase": "That is not possible now.",
            "error.not_your_turn": "It is not your turn.",
            "error.card_not_in_hand": "You do not have that card.",
            "error.bad_entry": "Unknown entry point.",
            "error.line_full": "That line is full: nothing can be pushed into it.",
            "error.bad_square": "That is not a square of the board.",
            "error.bad_seat_count": "Senator is for 2 or 3 players.",
            "error.flag_needs_two_players": "Flag effects are only for 2 players.",
            "board.title": "Senator",
            "board.hidden_game": "hidden game",
            "board.places_flag": "{player} places the flag",
            "board.push": "Push {number} of {total}: {player} to move",
            "board.over_winner": "Game over: {player} wins ({result})",
            "board.over_shared": "Game over: draw ({result})",
            "board.flag": "flag",
            "board.starts": "  (starts)",
            "board.senate_score": "Senate: {score}",
            "board.points": "Points: {score}",
            "board.secret_hand": "{count:card|cards} in hand (secret)",
            "board.no_cards": "no cards left",
            "board.face_down": "a face-down card",
            "board.card": "card {value}",
            "board.last_push": "Last push:",
            "board.entry.down": "in at {square}, down column {line} (red arrow)",
            "board.entry.up": "in at {square}, up column {line} (red arrow)",
            "board.entry.right": "in at {square}, right along row {line} (red arrow)",
            "board.entry.left": "in at {square}, left along row {line} (red arrow)",
            "board.flag_placed": "Flag placed on {square}",
            "board.no_flag": "No flag (3 players)",
            "board.reach.line": "row & column",
            "board.reach.adjacent": "neighbouring squares",
            "board.flag_effect": "Flag: {effect}",
            "board.effect.none": "no effect",
            "board.effect.double": "senate cards in its {reach} count double",
            "board.effect.stairs": "stair cards in its {reach} also score",
            "board.effect.double_and_stairs": "in its {reach}, senate cards count double and stair cards score",
            "board.effect.neutralize": "cards in its {reach} score nothing",
            "board.yellow_frames": " (yellow frames)",
            "board.pushed": "{player}: {card}",
        },
        "ja": {
            "name": "元老院議員（セナトール）",
            "summary": "一族のカードを階段から押し込み、元老院の中央を支配しましょう。",
            "rules": (
                "2人（赤と青、各1〜10のカード）または3人（各1〜7）。盤は角を除いた5×5で、中央の3×3が"
                "元老院、外周の12マスが階段です。2人戦では、スタートプレイヤーでない方が最初に旗印カードを"
                "好きなマスに置きます。その後、手番順に自分のカードを1枚、20か所の入口（各列・各行の"
                "両端）のどれかから押し込みます。先にあるカードは最初の空きマスまで1マスずつずれます。"
                "埋まった列には押し込めません。旗印もカードと同じように押されます。盤が埋まったら、"
                "元老院の中にある自分のカードの数字を合計し、多い方の勝ち。同点は引き分けです。\n"
                "バリアント flag_effect（2人戦）：旗印と同じ縦横の列（flag_scope=adjacent なら"
                "隣接マスのみ）のカードは、元老院で2倍（double）、階段でも得点（stairs）、その両方"
                "（double_and_stairs）、または得点なし（neutralize）。\n"
                "バリアント hidden（隠匿ゲーム）：手札は秘密、旗印もカードもすべて裏向きで置き、"
                "終了まで誰も見られません。公開されるのは誰がどこから押したかだけです。"
            ),
            "option.flag_effect": (
                "旗印の効果（2人戦）：none, double, stairs, double_and_stairs, neutralize"
            ),
            "option.flag_scope": "旗印の効果範囲：同じ縦横の列全体（line）か隣接マスのみ（adjacent）",
            "option.hidden": "隠匿ゲーム：手札は秘密、カードはすべて裏向き",
            "card": "{value}",
            "entry.down": "↓ {line}列（{square}から）",
            "entry.up": "↑ {line}列（{square}から）",
            "entry.right": "→ {line}行（{square}から）",
            "entry.left": "← {line}行（{square}から）",
            "square.senate": "{square}（元老院）",
            "square.stairs": "{square}（階段）",
            "field.square": "旗印を置くマス",
            "field.card": "押し込むカード",
            "field.entry": "押し込む入口",
            "prompt.place_flag": "{seat}：旗印カードを好きなマスに置いてください。",
            "prompt.push": "{number}/{total}手目：{seat}、カードを1枚盤に押し込んでください。",
            "event.flag_placed": "{seat}が旗印を{square}に置きました。",
            "event.pushed": "{seat}が{card}を{square}から{arrow}に押し込みました。",
            "event.pushed_hidden": "{seat}が裏向きのカードを{square}から{arrow}に押し込みました。",
            "event.pushed_own": "あなたは{card}を{square}から{arrow}に押し込みました。",
            "event.revealed": "すべてのカードが表になりました。",
            "event.game_over": "ゲーム終了。得点：{scores}。勝者：{seats}",
            "private.hand": "あなたの手札：{cards}",
            "private.no_cards": "手札はもうありません。",
            "error.wrong_phase": "今はそれはできません。",
            "error.not_your_turn": "あなたの手番ではありません。",
            "error.card_not_in_hand": "そのカードは持っていません。",
            "error.bad_entry": "その入口はありません。",
            "error.line_full": "その列は埋まっているので押し込めません。",
            "error.bad_square": "盤上のマスではありません。",
            "error.bad_seat_count": "元老院議員は2人または3人用です。",
            "error.flag_needs_two_players": "旗印の効果は2人戦でのみ使えます。",
            "board.title": "元老院議員",
            "board.hidden_game": "隠匿ゲーム",
            "board.places_flag": "{player}が旗印を配置",
            "board.push": "{number}/{total}手目：{player}の手番",
            "board.over_winner": "ゲーム終了：{player}の勝ち（{result}）",
            "board.over_shared": "ゲーム終了：引き分け（{result}）",
            "board.flag": "旗印",
            "board.starts": "（先手）",
            "board.senate_score": "元老院：{score}",
            "board.points": "得点：{score}",
            "board.secret_hand": "手札{count}枚（非公開）",
            "board.no_cards": "手札なし",
            "board.face_down": "裏向きのカード",
            "board.card": "カード{value}",
            "board.last_push": "直前の押し込み：",
            "board.entry.down": "{square}から{line}列を↓（赤い矢印）",
            "board.entry.up": "{square}から{line}列を↑（赤い矢印）",
            "board.entry.right": "{square}から{line}行を→（赤い矢印）",
            "board.entry.left": "{square}から{line}行を←（赤い矢印）",
            "board.flag_placed": "旗印を{square}に配置",
            "board.no_flag": "旗印なし（3人戦）",
            "board.reach.line": "同じ縦横の列",
            "board.reach.adjacent": "隣接マス",
            "board.flag_effect": "旗印：{effect}",
            "board.effect.none": "効果なし",
            "board.effect.double": "{reach}にある元老院のカードは2倍",
            "board.effect.stairs": "{reach}にある階段のカードも得点",
            "board.effect.double_and_stairs": "{reach}では元老院のカードが2倍、階段のカードも得点",
            "board.effect.neutralize": "{reach}にあるカードは得点なし",
            "board.yellow_frames": "（黄色の枠）",
            "board.pushed": "{player}：{card}",
        },
    }


def _square_view(i: int, cell: Cell, secret: bool) -> SquareView:
    square, senate = SQUARES[i], IS_SENATE[i]
    if cell is None:
        return SquareView.model_construct(square=square, senate=senate, kind="empty")
    if secret:
        return SquareView.model_construct(square=square, senate=senate, kind="face_down")
    if cell[0] == FLAG:
        return SquareView.model_construct(square=square, senate=senate, kind="flag")
    return SquareView.model_construct(
        square=square, senate=senate, kind="card", seat=cell[0], value=cell[1]
    )


# AI -------------------------------------------------------------------------------------
# A one-move lookahead from the seat's own view. The evaluation counts every card where it
# stands as if the game ended now, plus a fraction of cards on the stairs (they may still be
# pushed in). In the hidden game the board is rebuilt from the public push log with estimated
# values (the average of the cards that owner has already played, as far as the seat knows).


def _ai_flag(view: SenatorView) -> str:
    """The flag only matters with an effect; the centre keeps it in play the longest."""
    return "c3" if view.flag_effect in ("none", "double", "neutralize") else "c1"


def _known_board(view: SenatorView, seat: int) -> tuple[Cell, ...]:
    if not view.hidden or view.phase == "over":
        return tuple(
            None
            if sq.kind == "empty"
            else (FLAG, 0)
            if sq.kind == "flag"
            else (sq.seat or 0, sq.value or 0)
            for sq in view.board
        )
    full = tuple(range(1, cards_per_player(view.seats) + 1))
    estimate = []
    for s in range(view.seats):
        hand = view.hands[s]
        if s == seat and hand is not None and len(hand) < len(full):
            played = [v for v in full if v not in hand]
            estimate.append(round(sum(played) / len(played)))
        else:
            estimate.append(round(sum(full) / len(full)))
    board: tuple[Cell, ...] = (None,) * len(SQUARES)
    if view.flag_square is not None:
        board = tuple(
            (FLAG, 0) if SQUARES[i] == view.flag_square else c for i, c in enumerate(board)
        )
    for push in view.pushes:
        board = push_board(board, push.entry, (push.seat, estimate[push.seat])) or board
    return board


def _evaluate(board: tuple[Cell, ...], seat: int, view: SenatorView, stair_weight: float) -> float:
    flag = next((i for i, c in enumerate(board) if c is not None and c[0] == FLAG), None)
    totals = [0.0] * view.seats
    for i, cell in enumerate(board):
        if cell is None or cell[0] < 0:
            continue
        points = card_value(i, cell[1], flag, view.flag_effect, view.flag_scope)
        if not IS_SENATE[i] and points == 0:
            points = stair_weight * cell[1]
        totals[cell[0]] += points
    rivals = max(t for s, t in enumerate(totals) if s != seat)
    return totals[seat] - rivals


def _ai_push(view: SenatorView, prompt: Prompt, seat: int, rng_state: int) -> tuple[int, str]:
    cards = [c.value for c in prompt.fields[0].options]
    entries = [c.value for c in prompt.fields[1].options]
    board = _known_board(view, seat)
    left = sum(cell is None for cell in board)
    stair_weight = 0.25 * (left - 1) / len(SQUARES)
    rng = Rng(rng_state)
    best: tuple[float, int, int] | None = None
    choice = (int(cards[0]), str(entries[0]))
    for entry in entries:
        for card in cards:
            after = push_board(board, str(entry), (seat, int(card)))
            if after is None:
                continue
            score = (_evaluate(after, seat, view, stair_weight), -int(card), rng.below(1 << 16))
            key = (round(score[0], 6), score[1], score[2])
            if best is None or key > best:
                best = key
                choice = (int(card), str(entry))
    return choice
