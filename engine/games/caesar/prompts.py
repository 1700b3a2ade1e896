"""Caesar prompts: placement (one empty square), the main-phase turn (one `action` field of
every legal attack, alliance and pass) and the secret duel, and the seat's private lines."""

from __future__ import annotations

from engine.core import Choice, Field, Kind, Msg, Prompt, choice, one_of, secret_prompts, trusted
from engine.games.caesar.board import NAMES, SQUARES, Board, ally_paths, attack_paths, square_name
from engine.games.caesar.cards import FLAG, card_value, display_order
from engine.games.caesar.state import COUNTERS, CaesarState, Fight


def pending(state: CaesarState) -> list[Prompt]:
    if state.phase == "place":
        return [_place_prompt(state)]
    if state.phase == "main":
        return _turn_prompts(state)
    if state.phase == "fight" and state.fight is not None:
        return _duel_prompts(state, state.fight)
    return []


def _place_prompt(state: CaesarState) -> Prompt:
    placed = sum(len(stack) for stack in state.board)
    options = (
        _trusted_choice(NAMES[s], "square", square=NAMES[s])
        for s in range(SQUARES)
        if not state.board[s]
    )
    return Prompt(
        key=f"place.{placed}",
        move="place",
        kind=Kind.TURN,
        seats=(state.active,),
        fields=(one_of("square", "field.square", options),),
        text=Msg(
            key="prompt.place",
            args={"seat": state.active, "round": placed // state.seats + 1, "rounds": COUNTERS},
        ),
    )


def _trusted_choice(value: str, key: str, **args: object) -> Choice:
    """`choice(...)` without pydantic's checks: the hard AI's rollouts list every square and
    path at each step, and these values are valid by construction."""
    return trusted(Choice, value=value, label=trusted(Msg, key=key, args=args))


def _path_choice(board: Board, move: str, path: tuple[int, int]) -> Choice:
    a, b = path
    source, target = NAMES[a], NAMES[b]
    return _trusted_choice(
        f"{move}:{source}-{target}",
        f"choice.{move}",
        **{"from": source, "to": target, "from_size": len(board[a]), "to_size": len(board[b])},
    )


def _turn_prompts(state: CaesarState) -> list[Prompt]:
    """One TURN prompt whose `action` field lists every legal attack, alliance and pass."""
    seat = state.active
    attacks = attack_paths(state.board, seat)
    options = [_path_choice(state.board, "attack", p) for p in attacks]
    options += [_path_choice(state.board, "ally", p) for p in ally_paths(state.board, seat)]
    if not attacks:
        options.append(choice("pass", "choice.pass"))
    key = "prompt.turn" if attacks else "prompt.turn_no_attack"
    return [
        Prompt(
            key=f"t{state.turn}",
            move="turn",
            kind=Kind.TURN,
            seats=(seat,),
            fields=(one_of("action", "field.action", options),),
            text=Msg(key=key, args={"seat": seat}),
        )
    ]


def _card_field(hand: tuple[int, ...]) -> Field:
    """The cards a duellist still holds (the hand is only ever shown to its owner)."""
    return one_of(
        "card",
        "field.card",
        (
            choice("flag", "card.flag") if c == FLAG else choice(c, "card", card=c)
            for c in display_order(hand)
        ),
    )


def _duel_prompts(state: CaesarState, fight: Fight) -> list[Prompt]:
    """The duel is one secret request: each duellist still choosing is offered only their own
    remaining cards."""
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
    return secret_prompts(
        f"t{state.turn}.duel",
        "fight_card",
        text,
        {
            seat: (_card_field(state.hands[seat]),)
            for i, seat in enumerate(fighters)
            if fight.cards[i] is None
        },
        done,
    )


def private_lines(state: CaesarState, seat: int) -> list[Msg]:
    # Words, not one joined string: the reader's language names the flag (term.flag) and
    # separates the cards.
    cards = [str(card_value(c)) for c in display_order(state.hands[seat])]
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
