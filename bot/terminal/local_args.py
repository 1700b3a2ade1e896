"""The `local` command line checked before any game starts: one clear line per mistake.

Everything a player can get wrong on the command line (table size, AI count, variants) is
refused here with the valid choices listed, instead of surfacing later as a traceback.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bot.frontend.config import Config, game_id_of
from bot.terminal.local import LocalOptions
from bot.terminal.local_strings import LOCAL_TEXT
from engine.core import Game, IllegalInput, Msg, option_values, player_options
from engine.registry import GAMES

MAX_PORT = 65535
DEFAULT_PLAYERS = 3  # a typical table, moved into the game's own range


class UsageError(Exception):
    """A command-line mistake, already worded for the player (exit code 2)."""


def default_players(game: Game) -> int:
    return min(max(DEFAULT_PLAYERS, game.min_seats), game.max_seats)


def local_options(args: argparse.Namespace, config: Config) -> LocalOptions:
    """Validated LocalOptions from `python -m bot local …`, or UsageError."""
    text = LOCAL_TEXT

    def t(key: str, catalog: Game | None = None, /, **values: Any) -> str:
        return text.text(args.locale, key, catalog, (), **values)

    args.game = game_id_of(args.game)
    if args.game not in GAMES:
        raise UsageError(t("local.error.game", game=args.game, games=", ".join(sorted(GAMES))))
    game = GAMES[args.game]
    players = default_players(game) if args.players is None else args.players
    if not game.min_seats <= players <= game.max_seats:
        minimum, maximum = game.min_seats, game.max_seats
        name = t("name", game)
        key = "local.error.players" if minimum < maximum else "local.error.players_exact"
        raise UsageError(t(key, game=name, minimum=minimum, maximum=maximum, count=players))
    ai = _ai_seats(args, players, t)
    if args.port is not None and not 0 <= args.port <= MAX_PORT:
        raise UsageError(t("local.error.port", port=args.port, maximum=MAX_PORT))
    _check_out(Path(args.out), t)
    options = _options(game, players, args.option, t, lambda msg: text.msg(args.locale, msg, game))
    given = {
        "players": args.players is not None,
        "ai": args.ai is not None or args.humans is not None or args.ai_only,
        "options": bool(args.option),
    }
    return LocalOptions(
        game=args.game,
        players=players,
        ai=ai,
        ai_only=ai == players,
        ai_level=args.ai_level,
        out=Path(args.out),
        database=config.database,
        locale=args.locale,
        options=options,
        seed=args.seed,
        new=args.new,
        browser=not args.no_browser,
        port=args.port,
        given=frozenset(name for name, was_given in given.items() if was_given),
    )


def _ai_seats(args: argparse.Namespace, players: int, t: Any) -> int:
    """You against AIs unless told otherwise: hot seat is asked for by `--humans N`."""
    if args.ai_only:
        return players
    if args.humans is not None:
        if not 1 <= args.humans <= players:
            raise UsageError(t("local.error.humans", players=players, humans=args.humans))
        if args.ai is not None and args.ai != players - args.humans:
            raise UsageError(
                t("local.error.ai_humans", players=players, ai=args.ai, humans=args.humans)
            )
        return players - args.humans
    ai = players - 1 if args.ai is None else args.ai
    if not 0 <= ai <= players:
        raise UsageError(t("local.error.ai", players=players, ai=ai))
    return ai


def _options(
    game: Game, players: int, pairs: list[str], t: Any, describe: Callable[[Msg], str]
) -> dict[str, str]:
    """NAME=VALUE pairs as the game's options model reads them (as /game new does), checked
    against the table size too (some variants need a certain number of players)."""
    listing = _listing(game, t)
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(t("local.error.option_pair", pair=pair, options=listing))
        options[name.strip()] = value.strip()
    try:
        game.setup(game.parse_options(options), players, 0)
    except IllegalInput as error:
        detail = describe(error.msg)
        raise UsageError(t("local.error.option", detail=detail, options=listing)) from None
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(map(str, first["loc"]))
        detail = f"{where}={options.get(where, '')!r}: {first['msg']}."
        raise UsageError(t("local.error.option", detail=detail, options=listing)) from None
    return options


def _check_out(out: Path, t: Any) -> None:
    """The board folder exists or can be made, and takes files: refused here in one line, not
    as a traceback at the first board (`--out /proc/forum`)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=out):
            pass
    except OSError as error:
        raise UsageError(t("local.error.out", out=str(out), reason=error.strerror)) from None


def options_help(locale: str = "en") -> str:
    """Every game's `--option` values, a line each, for `local --help`."""

    def t(key: str, catalog: Game | None = None, /, **values: Any) -> str:
        return LOCAL_TEXT.text(locale, key, catalog, (), **values)

    return "\n".join(f"{game_id}: {_listing(GAMES[game_id], t)}" for game_id in sorted(GAMES))


def _listing(game: Game, t: Any) -> str:
    """`name=a|b (default a)` for every option of the game."""
    fields = player_options(game)
    if not fields:
        return t("local.error.options_none", game=t("name", game))
    parts = [
        t(
            "local.error.option_values",
            name=name,
            values=option_values(spec),
            default=spec.default if isinstance(spec.default, str) else json.dumps(spec.default),
        )
        for name, spec in fields.items()
    ]
    return t("local.error.options_list", game=t("name", game), options="; ".join(parts))
