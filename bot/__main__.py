"""`python -m bot`: run the Discord bot when a token is configured, else local play.

python -m bot [--new] [--locale ja]    # bot with a token; otherwise the configured local game
python -m bot sync [--guild ID]        # register slash commands (explicit, not on every start)
python -m bot --shards 0-3 --shard-count 8   # one of several processes (PostgreSQL)
python -m bot migrate --to postgresql://…  # copy the SQLite database into PostgreSQL
python -m bot local GAME [--players N] [--ai K | --humans H | --ai-only] [--option name=value ...]
python -m bot replay FILE [--out DIR] [--locale en|ja]   # a /game export file, rebuilt locally

Command-line mistakes end with one line saying what is valid and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import signal
import sys
from pathlib import Path
from typing import NoReturn

from bot.frontend.config import Config, ConfigError, load_config
from bot.terminal.local import PausedGameDiffers, run_command, run_local
from bot.terminal.local_args import UsageError, local_options, options_help
from bot.terminal.local_strings import LOCAL_TEXT
from engine.core import IllegalInput
from engine.levels import DEFAULT_LEVEL, LEVELS
from engine.registry import GAMES
from table.store import StoreRefused

log = logging.getLogger("forum")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"python -m bot: error: {error}", file=sys.stderr)
        return 2
    _setup_logging()
    if args.command == "local":
        return _local(args, config)
    if args.command == "migrate":
        return _migrate(config, args.to)
    if args.command == "replay":
        from bot.frontend.replay import replay_file

        return replay_file(Path(args.file), Path(args.out), args.locale)
    if args.command == "export":
        from bot.terminal.local_export import export_session

        out = Path(args.out) if args.out else None
        return export_session(config.database, args.session, out, args.locale)
    if args.command == "sync":
        return _discord(config, sync_guild=args.guild if args.guild else 0)
    if config.token:
        return _discord(config, shards=args.shards, shard_count=args.shard_count)
    return _default_local(config, args)


def _default_local(config: Config, top: argparse.Namespace) -> int:
    """No token: the configured game in the terminal, you against AIs (its paused game resumed,
    whatever its table)."""
    game = GAMES[config.local_game]  # a known game: the settings were checked
    name = LOCAL_TEXT.text(top.locale, "name", game)
    games = ", ".join(sorted(GAMES))
    no_token = LOCAL_TEXT.text(
        top.locale, "local.no_token", game=name, games=games, command=run_command()
    )
    print(no_token + "\n")
    args = ["local", config.local_game, "--locale", top.locale]
    args += ["--new"] * top.new + ["--no-browser"] * top.no_browser
    return _local(_parser().parse_args(args), config)


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (no usage block) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


def _parser() -> argparse.ArgumentParser:
    """Every option says its default in --help."""
    parser = _Parser(prog="python -m bot", description="Forum game bot")
    parser.add_argument(
        "--config",
        default=None,
        help="settings file, which must exist (default: config.toml if any)",
    )
    parser.add_argument(
        "--shards",
        default=None,
        metavar="0-3",
        help="this process's shards, with --shard-count (default: one process for all)",
    )
    parser.add_argument(
        "--shard-count",
        type=int,
        default=None,
        help="shards in all, with --shards (default: one process for all)",
    )
    parser.add_argument("--new", action="store_true", help=NEW_HELP)
    parser.add_argument("--locale", choices=("en", "ja"), default="en", help=LOCALE_HELP)
    parser.add_argument("--no-browser", action="store_true", help=NO_BROWSER_HELP)
    sub = parser.add_subparsers(dest="command")
    sync = sub.add_parser("sync", help="register slash commands with Discord")
    sync.add_argument(
        "--guild",
        type=int,
        default=None,
        help="sync to one guild, instantly (default: every guild, slowly)",
    )
    migrate = sub.add_parser("migrate", help="copy the SQLite database into PostgreSQL")
    migrate.add_argument(
        "--to", required=True, metavar="postgresql://…", help="required, no default"
    )
    _local_parser(
        sub.add_parser(
            "local",
            help="play in the terminal without Discord",
            epilog="each game's --option values:\n" + options_help(),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
    )
    replay = sub.add_parser("replay", help="rebuild an exported game's boards and outcome")
    replay.add_argument("file")
    replay.add_argument("--out", default="out", help="folder for the boards (default: %(default)s)")
    replay.add_argument("--locale", choices=("en", "ja"), default="en", help=LOCALE_HELP)
    export = sub.add_parser("export", help="write a finished game as a file for replay")
    export.add_argument("session", type=int, help="the game's session number")
    export.add_argument(
        "--out", default=None, help="file to write (default: forum-GAME-SESSION.json)"
    )
    export.add_argument("--locale", choices=("en", "ja"), default="en", help=LOCALE_HELP)
    return parser


NEW_HELP = "abandon the paused game and start a new one (default: resume it)"
LOCALE_HELP = "language of the terminal and the board (default: %(default)s)"
NO_BROWSER_HELP = "do not open the live board in the browser (default: open it)"


def _local_parser(local: argparse.ArgumentParser) -> None:
    local.add_argument("game", help="one of: " + ", ".join(sorted(GAMES)))
    local.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats (default: 3, or the nearest the game allows)",
    )
    local.add_argument(
        "--ai", type=int, default=None, help="how many seats AIs play (default: all but yours)"
    )
    seats = local.add_mutually_exclusive_group()
    seats.add_argument(
        "--humans", type=int, default=None, help="hot seat: humans at one keyboard (default: 1)"
    )
    seats.add_argument("--ai-only", action="store_true", help="AIs play every seat (default: off)")
    local.add_argument(
        "--ai-level",
        choices=LEVELS,
        default=DEFAULT_LEVEL,
        help="how well the AI seats play: easy, normal or hard (a search; default: normal)",
    )
    local.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a variant, repeatable (default: the game's base rules)",
    )
    local.add_argument(
        "--out", default="out", help="folder for board images (default: %(default)s)"
    )
    local.add_argument("--seed", type=int, default=None, help="setup seed (default: random)")
    local.add_argument("--locale", choices=("en", "ja"), default="en", help=LOCALE_HELP)
    local.add_argument("--new", action="store_true", help=NEW_HELP)
    local.add_argument("--no-browser", action="store_true", help=NO_BROWSER_HELP)
    local.add_argument(
        "--port",
        type=int,
        default=None,
        help="the live board's port on 127.0.0.1, 0 for any free one (default: the game's own,"
        " the same after a resume)",
    )


def _local(args: argparse.Namespace, config: Config) -> int:
    try:
        opts = local_options(args, config)
    except UsageError as error:
        print(f"python -m bot local: error: {error}", file=sys.stderr)
        return 2
    stopped = LOCAL_TEXT.text(opts.locale, "local.stopped")
    # Our own handler, so asyncio leaves SIGINT alone: the first Ctrl-C interrupts even a
    # prompt waiting for input, instead of only cancelling once that input arrives.
    signal.signal(signal.SIGINT, _interrupt)
    try:
        asyncio.run(run_local(opts))
    except (KeyboardInterrupt, EOFError):
        print("\n" + stopped)
        return 130
    except PausedGameDiffers as differs:
        print(f"python -m bot local: {differs}", file=sys.stderr)
        return 2
    except StoreRefused as refused:  # the bot (or another local game) owns the file
        print(f"Forum cannot start: {refused}", file=sys.stderr)
        return 2
    except IllegalInput as error:  # e.g. a paused game stored under older rules
        text = LOCAL_TEXT.msg(opts.locale, error.msg, GAMES[opts.game])
        starts_over = LOCAL_TEXT.text(opts.locale, "local.new_starts_over")
        hint = starts_over if error.code in ("rules_changed", "session_broken") else ""
        print(f"python -m bot local: error: {text}{hint}", file=sys.stderr)
        return 2
    return 0


def _interrupt(signum: int, frame: object) -> NoReturn:
    raise KeyboardInterrupt


def _migrate(config: Config, url: str) -> int:
    from table.migrate import TargetNotEmpty, TargetUnreachable, migrate
    from table.pgstore import is_postgres_url

    if is_postgres_url(config.database) or not is_postgres_url(url):
        print("migrate copies the SQLite database (storage.database) to a postgresql:// URL.")
        return 2
    if not Path(config.database).exists():
        print(f"No SQLite database at {config.database}.")
        return 2
    try:
        count = asyncio.run(migrate(config.database, url))
    except TargetUnreachable as error:
        print(f"Cannot reach the PostgreSQL database at {error}.", file=sys.stderr)
        return 2
    except TargetNotEmpty:
        print("The PostgreSQL database already holds sessions; migrate only into an empty one.")
        return 1
    print(f"Copied {count} sessions from {config.database}. Set storage.database to the URL.")
    return 0


def _discord(
    config: Config,
    sync_guild: int | None = None,
    shards: str | None = None,
    shard_count: int | None = None,
) -> int:
    from bot.discord_app.client import run_bot

    if not config.token:
        print("A Discord token is needed (config.toml [discord].token or DISCORD_TOKEN).")
        return 2
    if shards is None and shard_count is None:
        return run_bot(config, sync_guild=sync_guild)
    from bot.discord_app.shards import ShardError, parse_shards, run_sharded

    if shards is None or shard_count is None:
        print("--shards and --shard-count go together, e.g. --shards 0-3 --shard-count 8.")
        return 2
    try:
        plan = parse_shards(shards, shard_count, config.database)
    except ShardError as error:
        print(error)
        return 2
    return run_sharded(config, plan)


def _setup_logging() -> None:
    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format='{"time":"%(asctime)s","level":"%(levelname)s","logger":"%(name)s","msg":%(message)r}',
    )


if __name__ == "__main__":
    raise SystemExit(main())
