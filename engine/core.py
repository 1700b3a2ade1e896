"""The contract between a game's rules and any front end (Discord, local terminal, AI, tests).

A game is a set of pure functions over a pydantic state (boardgame.io's setup/moves/playerView,
OpenSpiel's legal_actions/apply_action/observation):

- `setup(options, seats, seed)` builds the initial state; all randomness comes from `state.rng`.
- `pending(state)` says who must act now and how (`Prompt`s); it is empty once the game is over.
- `apply(state, action)` validates one input and returns a *new* state plus `Event`s, or raises
  `IllegalInput` with a stable error code and leaves the given state untouched.
- `view(state, seat)` is the only way information leaves the engine: a seat's redacted view, or
  the public (spectator) view for `seat=None`. Renderers and narration only ever see views.
- `outcome(state)` is None while the game runs.

Texts are never formatted here: prompts, options and events carry a `Msg` (catalog key + args)
that the front end localizes with the game's `strings` catalog.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import StrEnum
from functools import cache
from typing import Any, ClassVar, Generic, Literal, TypeVar, final, get_args, get_origin

import annotated_types
from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic import Field as DataField
from pydantic.fields import FieldInfo

from engine.rng import Rng
from engine.styles import STEADY, Style

JsonValue = int | str | bool | list[int] | list[str] | None


class Kind(StrEnum):
    """How an input is collected."""

    SECRET = "secret"  # simultaneous hidden choice: collected privately, revealed together
    TURN = "turn"  # public action in the channel, by one of `seats`
    REPLY = "reply"  # private answer (yes/no, small choice) addressed to `seats`


class Msg(BaseModel):
    """A localizable text: a catalog key plus format arguments.

    Argument names starting with `seat` hold seat numbers (or lists of them); front ends replace
    them with player names before formatting.
    """

    model_config = ConfigDict(frozen=True)
    key: str
    args: dict[str, Any] = {}


class Choice(BaseModel):
    model_config = ConfigDict(frozen=True)
    value: int | str
    label: Msg


class Field(BaseModel):
    """One piece of an input. `kind` tells a front end which widget fits.

    - `one`: pick one of `options`.
    - `multiset`: pick exactly `count` of `options`, repeats allowed (Imperium's three cards).
    - `subset`: pick between `min` and `max` distinct `options`.
    - `int`: a whole number in [`min`, `max`].
    - `text`: free text up to `max` characters (may be empty when `optional`).
    - `fleet`: an ordered list of groups `[head, attachment, ...]`: each head is one of
      `options`, followed by 0..`per_head` distinct `attachments`; at least `min` groups and at
      most `max` items in total. Value: a list of lists of option values (Space Emperor's fleet:
      ships in deployment order, each with its support cards).

    `needs=(other field, values)`: asked only when that field took one of `values` (e.g. a
    counter-offer amount only when the answer is "counter"); otherwise it is left out.

    `amounts`: a `one` field whose number options are amounts in rising order (a bid): a front
    end may offer them as one stepper (− / +) rather than a list, beside the other options.
    """

    model_config = ConfigDict(frozen=True)
    name: str
    kind: Literal["one", "multiset", "subset", "int", "text", "fleet"]
    label: Msg
    options: tuple[Choice, ...] = ()
    count: int = 1
    min: int = 0
    max: int = 0
    optional: bool = False
    needs: tuple[str, tuple[int | str, ...]] | None = None
    attachments: tuple[Choice, ...] = ()  # `fleet`: what may follow a head
    per_head: int = 0  # `fleet`: attachments allowed behind one head
    amounts: bool = False

    def is_asked(self, answers: dict[str, Any]) -> bool:
        return self.needs is None or answers.get(self.needs[0]) in self.needs[1]


class Prompt(BaseModel):
    """A request for input. `key` is stable while the request stands, so a front end can tell a
    stale answer (built for an earlier request) from a current one.

    SECRET: each seat in `seats` still owes an answer; `done` have answered already.
    TURN / REPLY: any one seat in `seats` may answer (usually there is one).
    `public_options`: the options may be shown to everyone (TURN prompts built from a private
    hand set this False, so front ends offer them privately; a REPLY with public options is
    asked in the open, answerable only by its seats).
    `revisable`: seats in `done` may answer again (change a secret card, withdraw a vote). A
    revisable SECRET prompt whose seats have all answered stays pending with empty `seats` while
    other prompts are still owed (listed after those), so its seats can still revise.
    """

    model_config = ConfigDict(frozen=True)
    key: str
    move: str
    kind: Kind
    seats: tuple[int, ...]
    fields: tuple[Field, ...]
    text: Msg
    done: tuple[int, ...] = ()
    public_options: bool = True
    revisable: bool = False

    def answerable_by(self, seat: int) -> bool:
        return seat in self.seats or (self.revisable and seat in self.done)


class ShortcutParam(BaseModel):
    """One option of a slash-command shortcut, filling field `field` of the move."""

    model_config = ConfigDict(frozen=True)
    name: str
    field: str
    kind: Literal["seat", "int", "text"]
    description: str  # catalog key
    required: bool = True


class Shortcut(BaseModel):
    """A slash command that answers the caller's pending `move` directly (e.g. /offer)."""

    model_config = ConfigDict(frozen=True)
    name: str
    move: str
    description: str  # catalog key
    params: tuple[ShortcutParam, ...]


class Action(BaseModel):
    """One input by one seat."""

    model_config = ConfigDict(frozen=True)
    seat: int
    move: str
    args: dict[str, Any] = {}


class Event(BaseModel):
    """Something that happened, for narration and history. `to=None` is public; otherwise only
    those seats may learn of it."""

    model_config = ConfigDict(frozen=True)
    type: str
    data: dict[str, Any] = {}
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class Outcome(BaseModel):
    model_config = ConfigDict(frozen=True)
    scores: tuple[int, ...]
    ranks: tuple[int, ...]  # 1 = best; tied seats share a rank
    winners: tuple[int, ...]
    reason: Msg | None = None


class CardText(BaseModel):
    """What one card is called and does, as catalog texts: `text` is the whole rule of the card,
    `short` the same in at most SHORT_CARD_TEXT characters (a chooser's option description)."""

    model_config = ConfigDict(frozen=True)
    name: Msg
    text: Msg
    short: Msg


SHORT_CARD_TEXT = 100  # Discord's limit for a select option's description
LEGEND = (
    "board_text.legend"  # the catalog key of the line of Game.board_lines that explains symbols
)
# The sections of a game's rules in the app (`rules.<section>` in its catalog), in reading order.
RULE_SECTIONS = ("setup", "turn", "scoring", "end", "variants")


class IllegalInput(Exception):
    """An input or table operation refused, by the rules, the table or a front end: the one
    refusal type. `code` is stable (tests and front ends key on it; `error.<code>` words it)."""

    def __init__(self, code: str, **args: Any) -> None:
        super().__init__(code)
        self.code = code
        self.args_ = args

    @property
    def msg(self) -> Msg:
        return Msg(key=f"error.{self.code}", args=self.args_)


class IllegalOption(IllegalInput, ValueError):
    """An option value outside the option's values: coded like any refused input, and still a
    ValueError, as pydantic's refusal of the value was."""


class TableTalk(BaseModel):
    """A rule about who may talk in the channel right now (e.g. Prokonsul's quiet petitions).

    `policy`: "remind" privately reminds anyone else who speaks of `rule`; "enforce" also
    removes their message when the front end can. Spectators are never affected.
    """

    model_config = ConfigDict(frozen=True)
    speakers: tuple[int, ...]
    policy: Literal["remind", "enforce"]
    rule: Msg


@dataclass(frozen=True)
class Secrets:
    """What a game's state hides from views while the game runs, declared once on its `State`
    (`secrets = Secrets(...)`), so the leak tests (engine.testing) and the samplers
    (engine.search.world) read it instead of guessing from field names.

    - `per_seat`: fields with one entry per seat (a list or tuple indexed by seat) that only
      that seat may see: hands, unrevealed commits.
    - `to_all`: fields nobody may see: a face-down pile's cards.
    - `order`: fields whose order nobody may see: draw piles (a list or tuple, or a dict of them).
    - `options`: the variant options under which all of this is hidden (Senator's hands are
      open unless `hidden`); the leak test plays under them.

    The leak test reorders each field another seat may not see and checks no view changes; a
    sampler must draw every one of them afresh rather than copy a view's field of that name.
    """

    per_seat: tuple[str, ...] = ()
    to_all: tuple[str, ...] = ()
    order: tuple[str, ...] = ()
    options: Mapping[str, Any] = dataclass_field(default_factory=dict)

    def fields(self) -> tuple[str, ...]:
        """Every field declared hidden, in declared order."""
        return (*self.per_seat, *self.to_all, *self.order)


class GameState(BaseModel):
    """Base of every game's state. `rng` is the whole RNG state (see engine.rng); `secrets`
    declares what the state hides (nothing, unless the game says so)."""

    secrets: ClassVar[Secrets] = Secrets()
    schema_version: int = 1
    seats: int
    rng: int


S = TypeVar("S", bound=GameState)
OptionsT = TypeVar("OptionsT", bound=BaseModel)

INPUT_LIMIT_FLOOR = 5_000  # see Game.input_limit
Catalog = dict[str, dict[str, str]]  # locale ("en", "ja") -> key -> str.format template

# How every board draws a seat's pieces: seat n in colour SEAT_COLOURS[n % 7] and shape
# SEAT_SHAPES[n % 7] (render/common.py maps each colour id to its RGB). A text that names a seat's
# look takes it from here, through a `look` argument (engine/i18n words it), so what a player reads
# and what the board shows cannot drift apart.
SEAT_COLOURS = (
    "orange",
    "sky_blue",
    "bluish_green",
    "vermillion",
    "blue",
    "reddish_purple",
    "yellow",
)
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon", "octagon")


def seat_look(seat: int) -> tuple[str, str]:
    """(colour id, shape id) of a seat's pieces on every board."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)], SEAT_SHAPES[seat % len(SEAT_SHAPES)]


Sampler = Callable[[Any, Rng], GameState]
Evaluate = Callable[[Any, int], float]  # (state, seat) -> the seat's expected share of the win
# (view, prompt, seat) -> the args worth trying, or None to let the search draw its own.
Alternatives = Callable[[Any, "Prompt", int], "list[dict[str, Any]] | None"]
HEURISTIC_MARGIN = 0.05  # of mean reward an input needs over the heuristic's to replace it


@dataclass(frozen=True)
class SearchSpec:
    """How to search one game: its sampler, the rollout policy that measured better, and the
    rollout budget that keeps its worst decision under a second on one core."""

    sampler: Sampler
    rollouts: int = 200
    worlds: int = 8
    policy: Literal["heuristic", "random"] = "heuristic"
    horizon: int = 1000  # inputs a rollout may play before it is scored as a fair share
    margin: float = HEURISTIC_MARGIN  # long noisy games at a small budget need a wider one
    # None: UCB spends the rollouts and the most tried input wins (by `margin` over the
    # heuristic's). A number: every input gets the same trials and replaces the heuristic's pick
    # only when it beat it trial by trial (same world, dice, rollout) by a paired t above this.
    evidence: float | None = None
    # Scores a rollout cut at the horizon (instead of a fair share): short rollouts, more of them.
    evaluate: Evaluate | None = None
    # The game's own sensible inputs for a prompt whose random ones are poor (fleets).
    alternatives: Alternatives | None = None


V = TypeVar("V", bound=BaseModel)
Move = Callable[[Any, Action], tuple[Any, list[Event]]]


@dataclass(frozen=True, slots=True)
class PublicView(Generic[V]):
    """The spectator's view of a game, wrapped so that a renderer's signature can demand it: a
    seat's view (which may hold a hand) cannot reach an image by mistake, the type says so."""

    view: V


class Game(ABC, Generic[S, OptionsT, V]):
    """A game's rules, as a template. Subclasses are stateless; every method is a pure function.

    A game declares its `State`, `Options` and `View` types, its `moves` (move name -> pure
    function `(state, action) -> (state, events)`) and its `AI` (a `decide(view, prompt, seat,
    rng_state, style)` function, or None for the random baseline), and implements `start`, `pending`,
    `view`, `outcome` and `is_over`. The core does the rest the same way for every game: the
    seat-count check, the seat and game-over checks of every input, dispatch to the move, and
    the one `game_over` event when a move ends the game.
    """

    id: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    rules_version: ClassVar[int] = 1
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[GameState]]
    View: ClassVar[type[BaseModel]]
    moves: ClassVar[Mapping[str, Move]]
    # A staticmethod, so that mypy does not take the function for a method of the class.
    AI: ClassVar[staticmethod[[Any, Prompt, int, int, Style], Action | None] | None] = None
    # The hard AI's search (engine.search): sampler, rollout policy and budget; None: no hard level.
    search: ClassVar[SearchSpec | None] = None
    # Must define at least "name", "summary" and "rules" in "en" and "ja".
    strings: ClassVar[Catalog]
    # Most inputs one game can take: every game ends after at most this many (random play is
    # checked against it), and playouts and AI-only runs stop there.
    max_inputs: ClassVar[int] = 10_000
    # The view field holding each seat's running score (one int per seat), read by alt text;
    # None: the game keeps no running score (the outcome gives the scores at the end).
    score_field: ClassVar[str | None] = None
    # Whether players may ask for the hard AI's suggestion (a hint) at their prompts; needs a
    # `search`. Declared, not implied by the hard level: a search may be too slow or too weak
    # to offer as advice.
    hints: ClassVar[bool] = False
    # Slash commands that answer a move directly; the front end registers them by name.
    shortcuts: ClassVar[tuple[Shortcut, ...]] = ()
    # Every distinct card of the game, by id (see `card`); empty for a game without cards.
    card_ids: ClassVar[tuple[str, ...]] = ()

    @final
    def setup(self, options: OptionsT, seats: int, seed: int) -> S:
        """The initial state, for a table size the game allows."""
        require(self.min_seats <= seats <= self.max_seats, "bad_seat_count")
        return self.start(options, seats, seed)

    @final
    def apply(self, state: S, action: Action) -> tuple[S, list[Event]]:
        """Validate one input and play it: a new state and what happened, or IllegalInput with
        the given state untouched. Refusals common to every game come first, in this order."""
        require(0 <= action.seat < state.seats, "not_a_player")
        move = self.moves.get(action.move)
        require(move is not None, "unknown_move", move=action.move)
        require(not self.is_over(state), "game_over")
        after, events = move(state, action)  # type: ignore[misc]  # a Move stored on the class reads as a method to mypy
        if self.is_over(after):
            result = self.outcome(after)
            assert result is not None, f"{self.id}: over without an outcome"
            events.append(self.closing_event(result))
        return after, events

    @final
    def ai_action(
        self, view: V, prompt: Prompt, seat: int, rng_state: int, style: Style = STEADY
    ) -> Action | None:
        """The game's AI decision from the seat's own view, played in the seat's `style` (the
        search's rollouts keep STEADY), or None for the random baseline."""
        decide = type(self).AI
        return None if decide is None else decide(view, prompt, seat, rng_state, style)

    @final
    def public_view(self, state: S) -> PublicView[V]:
        """What a spectator sees, the only view a board is drawn from."""
        return PublicView(self.view(state, None))

    @abstractmethod
    def start(self, options: OptionsT, seats: int, seed: int) -> S: ...

    @abstractmethod
    def pending(self, state: S) -> list[Prompt]: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def is_over(self, state: S) -> bool:
        """Whether the game has ended; asked twice per input, so games answer it cheaply."""
        return self.outcome(state) is not None

    def closing_event(self, result: Outcome) -> Event:
        """The one event that ends the game; a game whose rules announce the end in their own
        words (a draw that names nobody) says so here."""
        return game_over_event(result)

    @final
    def private_lines(self, state: S, seat: int) -> list[Msg]:
        """What `seat` alone knows, as text lines for a DM or `/game hand`: the game's own lines
        (hand, chips...), then what each card the seat holds does, once per distinct text."""
        return self.own_lines(state, seat) + card_lines(self, self.held_cards(state, seat))

    def own_lines(self, state: S, seat: int) -> list[Msg]:
        """The game's own private lines (hand, chips...) for `private_lines`."""
        return []

    def board_lines(self, view: V) -> list[Msg]:
        """The board in words, for the text a front end shows beside its image (a phone scales
        text, not images): what the image shows only as symbols or in short (garrisons, stacks,
        whole rules of cards), then the legend of its symbols. Drawn from the public view only.
        By default the catalog's legend (LEGEND), when the game has one."""
        return [Msg(key=LEGEND)] if LEGEND in self.strings["en"] else []

    def rules_text(self, section: str) -> Msg:
        """One section of the rules (RULE_SECTIONS), written for players from the spec."""
        require(section in RULE_SECTIONS, "unknown_section", section=section)
        return Msg(key=f"rules.{section}")

    def tip(self, prompt: Prompt) -> Msg:
        """One line on the rule behind a kind of decision (`tip.<move>`), for a player meeting
        it for the first time."""
        return Msg(key=f"tip.{prompt.move}")

    def held_cards(self, state: S, seat: int) -> tuple[str, ...]:
        """The ids (`card_ids`) of the cards `seat` holds in hand, for their texts."""
        return ()

    def cards(self) -> tuple[str, ...]:
        """Every distinct card of the game, for a card list or lookup (`/game card`)."""
        return self.card_ids

    def card(self, card_id: str) -> CardText:
        """A card's name and texts. By default from the catalog: a card whose id is a number
        is `card.number.*` with argument `value`, any other `card.<id>.*`; a game whose cards
        are data words them itself."""
        require(card_id in self.card_ids, "unknown_card", card=card_id)
        if card_id.isdigit():
            args = {"value": int(card_id)}
            return CardText(
                name=Msg(key="card.number.name", args=args),
                text=Msg(key="card.number.text", args=args),
                short=Msg(key="card.number.short"),  # one text for every number: one line
            )
        return CardText(
            name=Msg(key=f"card.{card_id}.name"),
            text=Msg(key=f"card.{card_id}.text"),
            short=Msg(key=f"card.{card_id}.short"),
        )

    def table_talk(self, state: S) -> TableTalk | None:
        """Who may speak now, when the rules restrict it; None means anyone."""
        return None

    # Helpers shared by every game ---------------------------------------------------------

    def input_limit(self) -> int:
        """Most inputs one live game may log: far above any real game (twice the playout bound,
        at least INPUT_LIMIT_FLOOR), yet a bound, since some rules let a player step back and
        forth forever (choose, then undo) and every log is replayed for history and replays."""
        return max(INPUT_LIMIT_FLOOR, 2 * self.max_inputs)

    def parse_options(self, raw: dict[str, Any] | None) -> OptionsT:
        """Validated variant options; unknown names are rejected rather than silently ignored,
        and so is a hidden option (see `hidden_option`) set to anything but its default. A value
        outside an option's values is refused naming the values (an out-of-range or unlisted one
        by the game's own `error.bad_<name>` when it has one)."""
        fields = self.Options.model_fields
        unknown = set(raw or {}) - set(fields)
        unknown |= {
            name
            for name, value in (raw or {}).items()
            if name in fields
            and _is_hidden(fields[name])
            and value != fields[name].default
            and str(value).lower() != str(fields[name].default).lower()
        }
        if unknown:
            raise IllegalInput("unknown_option", names=", ".join(sorted(unknown)))
        try:
            return self.Options.model_validate(raw or {}, strict=False)  # type: ignore[return-value]  # Options is the game's OptionsT (a ClassVar cannot be generic)
        except ValidationError as error:
            first = error.errors()[0]
            name = str(first["loc"][0]) if first["loc"] else ""
            if name not in fields:
                raise
            values = option_values(fields[name])
            own = f"error.bad_{name}" in self.strings.get("en", {})
            given = (raw or {}).get(name)
            if own and first["type"] in ("greater_than_equal", "less_than_equal", "literal_error"):
                bounds = _bounds(fields[name])
                raise IllegalOption(f"bad_{name}", value=given, values=values, **bounds) from None
            raise IllegalOption("option_values", name=name, value=given, values=values) from None

    def load_state(self, data: str | dict[str, Any]) -> S:
        if isinstance(data, str):
            return self.State.model_validate_json(data)  # type: ignore[return-value]  # State is the game's S (a ClassVar cannot be generic)
        return self.State.model_validate(data)  # type: ignore[return-value]  # State is the game's S (a ClassVar cannot be generic)


# Any game, where the code is generic over games (the registry, front ends, AI, tests).
AnyGame = Game[Any, Any, Any]


def hidden_option(default: Any, **constraints: Any) -> Any:
    """An option never offered to players: a switch for tests and AI-only runs, or one its rules
    spec reserves without rules. It is not listed, and players may not set it (stored sessions
    holding its default still load)."""
    return DataField(default, json_schema_extra={"hidden": True}, **constraints)


def _is_hidden(spec: FieldInfo) -> bool:
    extra = spec.json_schema_extra
    return isinstance(extra, dict) and bool(extra.get("hidden"))


def _bounds(spec: FieldInfo) -> dict[str, int]:
    """The `min`/`max` of an int option, from its pydantic constraints (`ge`, `le`)."""
    bounds = {}
    for item in spec.metadata:
        if isinstance(item, annotated_types.Ge):
            bounds["min"] = int(item.ge)  # type: ignore[call-overload]  # annotated_types types the bound as a protocol
        elif isinstance(item, annotated_types.Le):
            bounds["max"] = int(item.le)  # type: ignore[call-overload]  # annotated_types types the bound as a protocol
    return bounds


def option_values(spec: FieldInfo) -> str:
    """What an option accepts, for players: `true|false`, `a|b`, `1–20`, `1–50|null`."""
    if get_origin(spec.annotation) is Literal:
        return "|".join(str(value) for value in get_args(spec.annotation))
    choices: list[str] = []
    for kind in get_args(spec.annotation) or (spec.annotation,):
        if kind is bool:
            choices.append("true|false")
        elif kind is type(None):
            choices.append("null")
        elif get_origin(kind) is Literal:
            choices.append("|".join(str(value) for value in get_args(kind)))
        elif kind is int:
            bounds = _bounds(spec)
            choices.append(f"{bounds.get('min', '')}–{bounds.get('max', '')}")
        else:
            choices.append(f"<{getattr(kind, '__name__', kind)}>")
    return "|".join(choices)


def player_options(game: AnyGame) -> dict[str, FieldInfo]:
    """The options offered to players (every option but the hidden ones), in declared order."""
    return {name: spec for name, spec in game.Options.model_fields.items() if not _is_hidden(spec)}


M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
_set = object.__setattr__


def trusted(model: type[M], **fields: Any) -> M:
    """Build a model from values that are already valid (copied out of a validated state).

    Views are made for every decision an AI takes, so they skip validation; pydantic's own
    `model_construct` does the same but costs several times more. Every field must be given.
    """
    instance = model.__new__(model)
    _set(instance, "__dict__", fields)
    _set(instance, "__pydantic_fields_set__", set(fields))
    _set(instance, "__pydantic_extra__", None)
    _set(instance, "__pydantic_private__", None)
    return instance


def trusted_view(model: type[M], state: BaseModel, **fields: Any) -> M:
    """`trusted(model, ...)` for a view of `state`: every field not given is the state's field of
    that name (the counterpart of engine.search.world), so a view lists only what it redacts or
    derives."""
    values = state.__dict__  # (a pydantic model's fields; getattr costs a view 2 µs more)
    return trusted(
        model,
        **{name: fields[name] if name in fields else values[name] for name in _names(model)},
    )


@cache
def _names(model: type[BaseModel]) -> tuple[str, ...]:
    """A model's field names in order (pydantic serialises a model's fields in its __dict__'s
    order; its `model_fields` class property costs 2 µs a read)."""
    return tuple(model.model_fields)


def evolved(state: M, **update: Any) -> M:
    """`state.model_copy(update=...)` for a hot path: the same shallow copy at half the cost
    (an AI playout copies its state several times per input). The copy shares the original's
    fields-set bookkeeping, which nothing here reads."""
    fields = state.__dict__.copy()
    fields.update(update)
    copy = type(state).__new__(type(state))
    _set(copy, "__dict__", fields)
    _set(copy, "__pydantic_fields_set__", state.__pydantic_fields_set__)
    _set(copy, "__pydantic_extra__", None)
    _set(copy, "__pydantic_private__", None)
    return copy


def playable_seats(game: AnyGame, raw_options: dict[str, Any] | None = None) -> list[int]:
    """The table sizes that `raw_options` (default: the game's defaults) can start: a variant
    may need more players, or an option may be needed for the largest table."""
    options = game.parse_options(raw_options)
    playable = []
    for seats in range(game.min_seats, game.max_seats + 1):
        try:
            game.setup(options, seats, 0)
        except IllegalInput:
            continue
        playable.append(seats)
    return playable


def competition_ranks(scores: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """1 + number of strictly better scores: equal scores share a rank (1, 1, 3)."""
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def outcome_by_score(scores: tuple[int, ...], reason: Msg | None = None) -> Outcome:
    """Highest score wins, equal highest share the victory."""
    ranks = competition_ranks(scores)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return Outcome(scores=scores, ranks=ranks, winners=winners, reason=reason)


def counted(count: object, forms: str) -> str:
    """ "1 card" / "2 cards" from `forms` "card|cards" (English; Japanese counts need none).
    The one plural rule: catalogs use it as `{count:card|cards}` (see engine.i18n)."""
    one, _, many = forms.partition("|")
    return f"{count} {one if str(count) in ('1', '-1') else many or one}"


def require(condition: bool, code: str, **args: Any) -> None:
    """Raise IllegalInput(code) unless `condition` holds; keeps validation ladders flat."""
    if not condition:
        raise IllegalInput(code, **args)


def required(value: T | None, code: str, **args: Any) -> T:
    """`value` unless it is None, else IllegalInput(code): a lookup that may find nothing,
    checked and typed in one step."""
    if value is None:
        raise IllegalInput(code, **args)
    return value


def int_arg(value: object, code: str, low: int | None = None, high: int | None = None) -> int:
    """`value` when it is a whole number (never a bool) in [`low`, `high`], else
    IllegalInput(code): an input argument checked and typed in one step."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalInput(code)
    require((low is None or low <= value) and (high is None or value <= high), code)
    return value


def str_arg(value: object, code: str, allowed: Collection[str] | None = None) -> str:
    """`value` when it is a string (one of `allowed`, when given), else IllegalInput(code)."""
    if not isinstance(value, str) or (allowed is not None and value not in allowed):
        raise IllegalInput(code)
    return value


def number_card_ids(cards: Iterable[int], flag: int | None = None) -> tuple[str, ...]:
    """Card ids of number cards held as ints ("7"), the one `flag` value as "flag"."""
    return tuple("flag" if card == flag else str(card) for card in cards)


def merge_catalogs(*catalogs: Catalog) -> Catalog:
    """One catalog of several (a game's prompts, its card texts, its rules), later ones winning."""
    return {
        locale: {key: text for catalog in catalogs for key, text in catalog.get(locale, {}).items()}
        for locale in ("en", "ja")
    }


def card_lines(game: AnyGame, held: Iterable[str]) -> list[Msg]:
    """One line per distinct short text among the cards `held`: the cards' names, then what
    they do ("1, 4, 9: worth their number in a fight")."""
    groups: dict[str, tuple[Msg, list[Msg]]] = {}
    for card_id in dict.fromkeys(held):
        text = game.card(card_id)
        label = (
            Msg(key="card.number.label", args={"value": int(card_id)})
            if card_id.isdigit()
            else text.name
        )
        groups.setdefault(text.short.model_dump_json(), (text.short, []))[1].append(label)
    return [
        Msg(key="card.line", args={"cards": names, "text": short})
        for short, names in groups.values()
    ]


def game_over_event(result: Outcome) -> Event:
    """The one event that tells every front end the game has ended, and how."""
    return Event(
        type="game_over", data={"scores": list(result.scores), "seats": list(result.winners)}
    )


def choice(value: int | str, key: str, /, **args: Any) -> Choice:
    """One option of a field, labelled by catalog key `key`; `args` may use any name (`value`,
    `key` included: the first two parameters are positional-only)."""
    return Choice(value=value, label=Msg(key=key, args=args))


def one_of(
    name: str, key: str, options: Iterable[Choice], /, *, amounts: bool = False, **label_args: Any
) -> Field:
    """A pick-one field named `name`, labelled by catalog key `key` (`amounts`: see Field)."""
    label = Msg(key=key, args=label_args)
    return Field(name=name, kind="one", label=label, options=tuple(options), amounts=amounts)


def secret_prompts(
    key: str,
    move: str,
    text: Msg,
    fields: Mapping[int, tuple[Field, ...]],
    done: Iterable[int] = (),
) -> list[Prompt]:
    """One SECRET request in which each seat is offered its own options (its own hand): a
    prompt per seat in `fields` (the seats still owing), all under `key`, so a front end answers
    them as one request and shows the waiting seats together. `done`: who has answered."""
    answered = tuple(done)
    return [
        Prompt(
            key=key,
            move=move,
            kind=Kind.SECRET,
            seats=(seat,),
            done=answered,
            fields=seat_fields,
            text=text,
        )
        for seat, seat_fields in fields.items()
    ]
