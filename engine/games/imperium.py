"""Imperium (Knizia): every round each player secretly picks three regions, all reveal, markers
go onto the board, and the round's region (two in round 8) is scored and emptied.

Implements ../shared/rules/imperium.md, base game and the `thirty_points` variant. Region values
are designed data (engine/games/data/imperium.json). Decisions where the spec is silent:
- `round_cap` is an off-by-default safety cap for AI-only playouts of the 30-point variant (the
  spec allows one); when reached, the game ends after that round and the highest score wins.
- Inputs with an unknown move name are rejected with `unknown_move` right after `not_a_player`.
- Selections keep the order the player gave (only display uses it); scoring ignores order.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
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
    evolved,
    hidden_option,
    outcome_by_score,
    require,
    trusted,
)
from engine.data import load
from engine.rng import Rng

REGIONS = range(1, 10)
MARKERS = 14
PICKS = 3
BASE_ROUNDS = 8
THIRTY = 30
_CYCLE = ((1, 2), (3,), (4,), (5,), (6,), (7,), (8,), (9,))


def region_values() -> tuple[tuple[int, ...], ...]:
    data = load("engine.games.data", "imperium")["region_values"]
    return tuple(tuple(data[str(region)]) for region in REGIONS)


def schedule(round_no: int, thirty_points: bool) -> tuple[int, ...]:
    """Regions resolved at the end of `round_no`, in resolution order (spec §3, §7)."""
    if round_no <= 7:
        return (round_no,)
    if not thirty_points:
        return (8, 9) if round_no == BASE_ROUNDS else ()
    if round_no in (8, 9):
        return (round_no,)
    return _CYCLE[(round_no - 10) % len(_CYCLE)]


def position_points(counts: tuple[int, ...], values: tuple[int, ...]) -> tuple[int, ...]:
    """Spec §5: tie groups take the lowest position they occupy; the bottom group scores 0."""
    n = len(counts)
    points = [0] * n
    position = 0
    for count in sorted(set(counts), reverse=True):
        group = [seat for seat in range(n) if counts[seat] == count]
        position += len(group)
        if position == n or count == 0:
            continue
        earned = values[position - 1] if position <= len(values) else 0
        for seat in group:
            points[seat] = earned
    return tuple(points)


class ImperiumOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    thirty_points: bool = False
    round_cap: int = hidden_option(0, ge=0)  # a safety cap for AI-only runs, not a rule


class ImperiumState(GameState):
    thirty_points: bool = False
    round_cap: int = 0
    round: int = 1
    phase: Literal["select", "place", "over"] = "select"
    values: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    supply: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]  # board[region - 1][seat] = markers
    hidden: tuple[tuple[int, ...] | None, ...]  # this round's face-down selections: secret
    revealed: tuple[tuple[int, ...], ...] = ()  # the latest reveal, public
    revealed_round: int = 0
    placing: int | None = None  # seat owing a `place_short`
    # The latest scoring, public: (region, markers per seat, points per seat) for each region
    # scored at the end of the latest round, so a board can show it after the region is emptied.
    last_scored: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()


class ImperiumView(BaseModel):
    """What a seat (or, with `seat=None`, a spectator) may know."""

    model_config = ConfigDict(frozen=True)
    seat: int | None
    seats: int
    thirty_points: bool
    round_cap: int = 0
    round: int
    phase: str
    resolving: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    supply: tuple[int, ...]
    board: tuple[tuple[int, ...], ...]
    submitted: tuple[bool, ...]
    revealed: tuple[tuple[int, ...], ...]
    revealed_round: int
    placing: int | None
    last_scored: tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...] = ()
    own_selection: tuple[int, ...] | None = None


_REGION_CHOICES = tuple(
    Choice(value=region, label=Msg(key="region", args={"region": region})) for region in REGIONS
)
_SELECT_FIELD = Field(
    name="regions",
    kind="multiset",
    label=Msg(key="field.regions"),
    options=_REGION_CHOICES,
    count=PICKS,
)


@lru_cache(maxsize=1024)
def _select_prompt(
    round_no: int, thirty_points: bool, waiting: tuple[int, ...], done: tuple[int, ...]
) -> Prompt:
    """Prompts are immutable and asked for at every decision, so equal ones are shared."""
    resolving = schedule(round_no, thirty_points)
    return Prompt(
        key=f"r{round_no}.select",
        move="select",
        kind=Kind.SECRET,
        seats=waiting,
        done=done,
        fields=(_SELECT_FIELD,),
        text=Msg(key="prompt.select", args={"round": round_no, "regions": list(resolving)}),
    )


class Imperium(Game[ImperiumState, ImperiumOptions, ImperiumView]):
    id = "imperium"
    min_seats = 2
    max_seats = 5
    Options = ImperiumOptions
    State = ImperiumState
    max_inputs = 2_000

    def start(self, options: ImperiumOptions, seats: int, seed: int) -> ImperiumState:
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        return ImperiumState(
            seats=seats,
            rng=seed,
            thirty_points=options.thirty_points,
            round_cap=options.round_cap,
            values=region_values(),
            scores=(0,) * seats,
            supply=(MARKERS,) * seats,
            board=((0,) * seats,) * len(REGIONS),
            hidden=(None,) * seats,
        )

    # Who must act ----------------------------------------------------------------------

    def pending(self, state: ImperiumState) -> list[Prompt]:
        if state.phase == "select":
            return [self._select_prompt(state)]
        if state.phase == "place" and state.placing is not None:
            return [self._place_prompt(state, state.placing)]
        return []

    def _select_prompt(self, state: ImperiumState) -> Prompt:
        waiting = tuple(seat for seat, pick in enumerate(state.hidden) if pick is None)
        done = tuple(seat for seat, pick in enumerate(state.hidden) if pick is not None)
        return _select_prompt(state.round, state.thirty_points, waiting, done)

    def _place_prompt(self, state: ImperiumState, seat: int) -> Prompt:
        selection = state.revealed[seat]
        k = min(state.supply[seat], PICKS)
        options = tuple(c for c in _REGION_CHOICES if c.value in selection)
        field = Field(
            name="regions", kind="multiset", label=Msg(key="field.place"), options=options, count=k
        )
        return Prompt(
            key=f"r{state.round}.place.{seat}",
            move="place_short",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(field,),
            text=Msg(key="prompt.place_short", args={"seat": seat, "count": k}),
        )

    # Inputs ---------------------------------------------------------------------------

    def apply(self, state: ImperiumState, action: Action) -> tuple[ImperiumState, list[Event]]:
        require(0 <= action.seat < state.seats, "not_a_player")
        if action.move == "select":
            return self._apply_select(state, action)
        if action.move == "place_short":
            return self._apply_place_short(state, action)
        raise IllegalInput("unknown_move", move=action.move)

    def _apply_select(self, state: ImperiumState, action: Action) -> tuple[ImperiumState, list]:
        require(state.phase == "select", "wrong_phase")
        require(state.hidden[action.seat] is None, "already_submitted")
        regions = _region_list(action.args.get("regions"))
        require(regions is not None and len(regions) == PICKS, "bad_selection")
        hidden = list(state.hidden)
        hidden[action.seat] = tuple(regions)  # type: ignore[arg-type]
        state = evolved(state, hidden=tuple(hidden))
        events = [Event(type="submitted", data={"seat": action.seat})]
        if any(pick is None for pick in hidden):
            return state, events
        return self._reveal(state, events)

    def _apply_place_short(
        self, state: ImperiumState, action: Action
    ) -> tuple[ImperiumState, list]:
        seat = action.seat
        require(state.phase == "place" and state.placing == seat, "not_your_turn")
        regions = _region_list(action.args.get("regions"))
        k = min(state.supply[seat], PICKS)
        require(regions is not None and len(regions) == k, "wrong_count", count=k)
        require(_is_submultiset(regions, state.revealed[seat]), "not_in_selection")  # type: ignore[arg-type]
        events: list[Event] = []
        board = [list(row) for row in state.board]
        supply = list(state.supply)
        _place(board, supply, seat, tuple(regions), events)  # type: ignore[arg-type]
        state = _with_markers(state, board, supply, phase="place", placing=seat)
        return self._continue_placement(state, seat + 1, events)

    # Automatic steps -------------------------------------------------------------------

    def _reveal(self, state: ImperiumState, events: list[Event]) -> tuple[ImperiumState, list]:
        revealed = tuple(pick for pick in state.hidden if pick is not None)
        state = evolved(
            state, revealed=revealed, revealed_round=state.round, hidden=(None,) * state.seats
        )
        events.append(
            Event(
                type="revealed",
                data={"round": state.round, "selections": [list(p) for p in revealed]},
            )
        )
        return self._continue_placement(state, 0, events)

    def _continue_placement(
        self, state: ImperiumState, start: int, events: list[Event]
    ) -> tuple[ImperiumState, list]:
        board = [list(row) for row in state.board]
        supply = list(state.supply)
        for seat in range(start, state.seats):
            selection = state.revealed[seat]
            k = min(supply[seat], PICKS)
            if k == 0:
                events.append(Event(type="forfeit", data={"seat": seat, "count": PICKS}))
                continue
            choices = {tuple(sorted(c)) for c in combinations(selection, k)}
            if len(choices) > 1:
                return _with_markers(state, board, supply, phase="place", placing=seat), events
            _place(board, supply, seat, selection if k == PICKS else next(iter(choices)), events)
            if k < PICKS:
                events.append(Event(type="forfeit", data={"seat": seat, "count": PICKS - k}))
        state = _with_markers(state, board, supply, phase="select", placing=None)
        return self._resolve_round(state, events)

    def _resolve_round(
        self, state: ImperiumState, events: list[Event]
    ) -> tuple[ImperiumState, list]:
        for index, region in enumerate(schedule(state.round, state.thirty_points)):
            state = _score_region(state, region, events, first=index == 0)
            if state.thirty_points and max(state.scores) >= THIRTY:
                return self._finish(state, events)
        last_round = (not state.thirty_points and state.round >= BASE_ROUNDS) or (
            state.round_cap and state.round >= state.round_cap
        )
        if last_round:
            return self._finish(state, events)
        round_no = state.round + 1
        events.append(
            Event(
                type="round_started",
                data={"round": round_no, "regions": list(schedule(round_no, state.thirty_points))},
            )
        )
        return evolved(state, round=round_no), events

    def _finish(self, state: ImperiumState, events: list[Event]) -> tuple[ImperiumState, list]:
        state = evolved(state, phase="over", placing=None)
        result = self.outcome(state)
        assert result is not None
        events.append(
            Event(
                type="game_over",
                data={"scores": list(result.scores), "seats": list(result.winners)},
            )
        )
        return state, events

    # Views and outcome -----------------------------------------------------------------

    def view(self, state: ImperiumState, seat: int | None) -> ImperiumView:
        own = state.hidden[seat] if seat is not None and 0 <= seat < state.seats else None
        return trusted(
            ImperiumView,
            seat=seat,
            seats=state.seats,
            thirty_points=state.thirty_points,
            round_cap=state.round_cap,
            round=state.round,
            phase=state.phase,
            resolving=schedule(state.round, state.thirty_points) if state.phase != "over" else (),
            values=state.values,
            scores=state.scores,
            supply=state.supply,
            board=state.board,
            submitted=tuple(pick is not None for pick in state.hidden),
            revealed=state.revealed,
            revealed_round=state.revealed_round,
            placing=state.placing,
            last_scored=state.last_scored,
            own_selection=own,
        )

    def outcome(self, state: ImperiumState) -> Outcome | None:
        if state.phase != "over":
            return None
        return outcome_by_score(state.scores)

    def private_lines(self, state: ImperiumState, seat: int) -> list[Msg]:
        lines = [Msg(key="private.supply", args={"count": state.supply[seat]})]
        own = state.hidden[seat]
        if own is not None:
            lines.append(Msg(key="private.selection", args={"regions": ", ".join(map(str, own))}))
        elif state.phase == "select":
            lines.append(Msg(key="private.no_selection"))
        return lines

    def ai_action(self, view: BaseModel, prompt: Prompt, seat: int, rng_state: int) -> Action:
        assert isinstance(view, ImperiumView)
        if prompt.move == "place_short":
            return Action(seat=seat, move="place_short", args={"regions": _ai_place(view, prompt)})
        return Action(seat=seat, move="select", args={"regions": _ai_select(view, seat, rng_state)})

    strings = {
        "en": {
            "name": "Imperium",
            "summary": "Secretly pick three regions each round; the round's region is scored.",
            "rules": (
                "2–5 players, 8 rounds. Each round everyone secretly picks 3 regions (repeats "
                "allowed), all reveal, and each player places one marker per pick (14 markers in "
                "all). Then the round's region is scored: round r scores region r, round 8 scores "
                "8 and 9. Most markers scores the first value, ties take the lower position, and "
                "the weakest (or absent) score nothing. Scored markers come back; others stay.\n"
                "Variant thirty_points: play until someone reaches 30 points."
            ),
            "option.thirty_points": "Play until someone reaches 30 points",
            "option.round_cap": "Safety cap on rounds for AI-only games (0 = none)",
            "region": "Region {region}",
            "field.regions": "Three regions (repeats allowed)",
            "field.place": "Regions that get your markers",
            "prompt.select": "Round {round}: pick three regions (scored this round: {regions}).",
            "prompt.place_short": "{seat} is short of markers: choose where to place {count}.",
            "event.submitted": "{seat} has chosen.",
            "event.revealed": "Round {round}: the cards are revealed.",
            "event.placed": "{seat} places markers on regions {regions}.",
            "event.forfeit": "{seat} forfeits {count:marker|markers}.",
            "event.scored": "Region {region} scored: {seat_points}.",
            "event.scored.none": "Region {region} scored: nobody scores.",
            "pair.seat_points": "{seat} +{amount}",
            "event.round_started": "Round {round} begins (scoring: {regions}).",
            "event.game_over": "Game over. Winner: {seats}.",
            "private.supply": "Markers in your supply: {count}",
            "private.selection": "Your face-down cards: {regions}",
            "private.no_selection": "You have not chosen your three regions yet.",
            "error.bad_selection": "Choose exactly three regions between 1 and 9.",
            "error.wrong_count": "Choose exactly {count:region|regions}.",
            "error.not_in_selection": "You can only place on regions you revealed.",
            "board.title": "Imperium",
            "board.limit_thirty": "first to 30",
            "board.limit_rounds": "8 rounds",
            "board.over": "Game over · {limit}",
            "board.round": "Round {round} ({limit}) · scoring now: region {regions}",
            "board.and": " & ",
            "board.rank.1": "1st",
            "board.rank.2": "2nd",
            "board.rank.3": "3rd",
            "board.rank.4": "4th",
            "board.rank.5": "5th",
            "board.scoring_now": "scoring now",
            "board.just_scored": "just scored",
            "board.score": "Score",
            "board.revealed": "Cards revealed in round {round}",
            "board.players": "Players",
            "board.points": "score {points}",
            "board.markers": "{count:marker|markers}",
            "board.chosen": "chosen ✓",
            "board.choosing": "choosing…",
            "board.placing": "placing",
        },
        "ja": {
            "name": "インペリウム（帝国）",
            "summary": "毎ラウンド3つの地域を秘密裏に選び、そのラウンドの地域で得点を争います。",
            "rules": (
                "2〜5人、8ラウンド。各ラウンド、全員が秘密裏に地域を3つ選び（重複可）、一斉に公開して、"
                "選んだ地域ごとにマーカーを1つ置きます（マーカーは全部で14個）。その後そのラウンドの地域を"
                "決算します：ラウンドrは地域r、ラウンド8は地域8と9。マーカー最多が1番目の数値を得て、"
                "同数は低い順位の数値を得ます。最も弱いプレイヤー（不在を含む）は得点なし。"
                "決算した地域のマーカーは戻り、他の地域のマーカーは残ります。\n"
                "バリアント thirty_points：誰かが30点に達するまで続けます。"
            ),
            "option.thirty_points": "誰かが30点に達するまでプレイする",
            "option.round_cap": "AI同士の対戦用のラウンド上限（0 = なし）",
            "region": "地域{region}",
            "field.regions": "地域を3つ（重複可）",
            "field.place": "マーカーを置く地域",
            "prompt.select": "ラウンド{round}：地域を3つ選んでください（このラウンドの決算：{regions}）。",
            "prompt.place_short": "{seat}はマーカーが足りません。{count}個を置く地域を選んでください。",
            "event.submitted": "{seat}が選びました。",
            "event.revealed": "ラウンド{round}：カードが公開されました。",
            "event.placed": "{seat}が地域{regions}にマーカーを配置。",
            "event.forfeit": "{seat}はマーカー{count}個を置けませんでした。",
            "event.scored": "地域{region}の決算：{seat_points}",
            "event.scored.none": "地域{region}の決算：得点者なし",
            "pair.seat_points": "{seat} +{amount}点",
            "event.round_started": "ラウンド{round}開始（決算：{regions}）。",
            "event.game_over": "ゲーム終了。勝者：{seats}",
            "private.supply": "手元のマーカー：{count}",
            "private.selection": "あなたの伏せたカード：{regions}",
            "private.no_selection": "まだ3つの地域を選んでいません。",
            "error.bad_selection": "1〜9の地域をちょうど3つ選んでください。",
            "error.wrong_count": "ちょうど{count}つの地域を選んでください。",
            "error.not_in_selection": "公開した地域にしか置けません。",
            "board.title": "インペリウム",
            "board.limit_thirty": "30点先取",
            "board.limit_rounds": "全8ラウンド",
            "board.over": "ゲーム終了 · {limit}",
            "board.round": "ラウンド{round}（{limit}）· 決算：地域{regions}",
            "board.and": "・",
            "board.rank.1": "1位",
            "board.rank.2": "2位",
            "board.rank.3": "3位",
            "board.rank.4": "4位",
            "board.rank.5": "5位",
            "board.scoring_now": "決算中",
            "board.just_scored": "直前に決算",
            "board.score": "得点",
            "board.revealed": "ラウンド{round}で公開されたカード",
            "board.players": "プレイヤー",
            "board.points": "{points}点",
            "board.markers": "マーカー{count}個",
            "board.chosen": "選択済み ✓",
            "board.choosing": "選択中…",
            "board.placing": "配置中",
        },
    }


def _region_list(raw: object) -> list[int] | None:
    """A list of region numbers 1..9, or None when anything is off (bools are not ints here)."""
    if not isinstance(raw, list | tuple):
        return None
    if not all(type(r) is int and 1 <= r <= 9 for r in raw):
        return None
    return list(raw)


def _is_submultiset(part: list[int], whole: tuple[int, ...]) -> bool:
    return all(part.count(r) <= whole.count(r) for r in set(part))


def _place(
    board: list[list[int]],
    supply: list[int],
    seat: int,
    regions: tuple[int, ...],
    events: list[Event],
) -> None:
    for region in regions:
        board[region - 1][seat] += 1
    supply[seat] -= len(regions)
    events.append(Event(type="placed", data={"seat": seat, "regions": list(regions)}))


def _with_markers(
    state: ImperiumState, board: list[list[int]], supply: list[int], **update: object
) -> ImperiumState:
    """One copy of the state for a whole run of placements."""
    return evolved(state, board=tuple(tuple(row) for row in board), supply=tuple(supply), **update)


def _score_region(
    state: ImperiumState, region: int, events: list[Event], first: bool
) -> ImperiumState:
    """Score `region` and empty it; `first` of the round's scorings replaces `last_scored`."""
    counts = state.board[region - 1]
    points = position_points(counts, state.values[region - 1])
    scores = tuple(s + p for s, p in zip(state.scores, points, strict=True))
    supply = tuple(s + c for s, c in zip(state.supply, counts, strict=True))
    board = list(state.board)
    board[region - 1] = (0,) * state.seats
    events.append(
        Event(
            type="scored",
            data={
                "region": region,
                "counts": list(counts),
                "points": list(points),
                "seat_points": [[seat, p] for seat, p in enumerate(points) if p],
            },
        )
    )
    scored = (
        ((region, counts, points),) if first else (*state.last_scored, (region, counts, points))
    )
    return evolved(state, scores=scores, supply=supply, board=tuple(board), last_scored=scored)


# A simple AI that plays from its own view: it only ever spends markers on regions that will be
# scored soon, and puts them where a few markers can still buy a good position.


def _ai_select(view: ImperiumView, seat: int, rng_state: int) -> list[int]:
    upcoming = list(view.resolving)
    ahead = view.round + 1
    while len(upcoming) < 3 and ahead <= view.round + 4:
        upcoming.extend(r for r in schedule(ahead, view.thirty_points) if r not in upcoming)
        ahead += 1
    order = Rng(rng_state).shuffled(upcoming)  # ties between equal regions fall randomly
    # Per region in that order: [region, my markers, the strongest rival's, value, urgency].
    rows = []
    for region in order:
        counts = view.board[region - 1]
        rivals = max(counts[:seat] + counts[seat + 1 :])
        urgency = 1.0 if region in view.resolving else 0.5
        rows.append([region, counts[seat], rivals, view.values[region - 1][0], urgency])
    picks: list[int] = []
    for _ in range(PICKS):
        best, best_gain = rows[0], -1.0
        for row in rows:  # the first region of the highest gain, as max() would pick
            _, mine, rivals, value, urgency = row
            # The value of one more marker there: the value of leading it, discounted by
            # distance, or little when already safely ahead even if a rival adds one.
            if mine > rivals + 1:
                gain = 0.1 * urgency
            else:
                gain = value * urgency / (1 + max(0, rivals - mine))
            if gain > best_gain:
                best, best_gain = row, gain
        best[1] += 1
        picks.append(best[0])
    return picks


def _ai_place(view: ImperiumView, prompt: Prompt) -> list[int]:
    field = prompt.fields[0]
    selection = list(view.revealed[prompt.seats[0]])
    ordered = sorted(selection, key=lambda r: (r not in view.resolving, r))
    return ordered[: field.count]
