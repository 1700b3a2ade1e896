"""`python -m bot`: run the Discord bot when a token is configured, else local play.

python -m bot                          # bot with a token; otherwise a local Imperium game
python -m bot sync [--guild ID]        # register slash commands (explicit, not on every start)
python -m bot local GAME [--players N] [--ai K] [--ai-only] [--option name=value ...]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
from pathlib import Path
from typing import Any

from bot.config import Config, load_config
from bot.local import LocalOptions, run_local
from engine.registry import GAMES
from table.store import StoreRefused

log = logging.getLogger("forum")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    config = load_config(args.config)
    _setup_logging()
    if args.command == "local":
        return _local(args, config)
    if args.command == "sync":
        return _discord(config, sync_guild=args.guild if args.guild else 0)
    if config.token:
        return _discord(config)
    print("No Discord token configured (config.toml [discord].token or DISCORD_TOKEN).")
    print("Starting a local Imperium game instead; see README.md to connect to Discord.\n")
    return _local(
        _parser().parse_args(["local", "imperium", "--players", "3", "--ai", "2"]), config
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Forum game bot")
    parser.add_argument("--config", default="config.toml")
    sub = parser.add_subparsers(dest="command")
    sync = sub.add_parser("sync", help="register slash commands with Discord")
    sync.add_argument("--guild", type=int, default=None, help="sync to one guild (instant)")
    local = sub.add_parser("local", help="play in the terminal without Discord")
    local.add_argument("game", choices=sorted(GAMES))
    local.add_argument("--players", type=int, default=3)
    local.add_argument("--ai", type=int, default=0, help="how many of the players are AI")
    local.add_argument("--ai-only", action="store_true", help="AIs play the whole game")
    local.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    local.add_argument("--out", default="out", help="folder for board images")
    local.add_argument("--seed", type=int, default=None)
    local.add_argument("--locale", choices=("en", "ja"), default="en")
    local.add_argument("--new", action="store_true", help="abandon a stored local game")
    return parser


def _local(args: argparse.Namespace, config: Config) -> int:
    opts = LocalOptions(
        game=args.game,
        players=args.players,
        ai=args.ai,
        ai_only=args.ai_only,
        out=Path(args.out),
        database=config.database,
        locale=args.locale,
        options=_options(args.option),
        seed=args.seed,
        new=args.new,
    )
    try:
        asyncio.run(run_local(opts))
    except (KeyboardInterrupt, EOFError):
        print("\nStopped. Run the same command again to resume.")
        return 130
    except StoreRefused as refused:  # the bot (or another local game) owns the file
        print(f"Forum cannot start: {refused}", file=sys.stderr)
        return 2
    return 0


def _options(pairs: list[str]) -> dict[str, Any]:
    """name=value pairs; values are JSON when they parse (true, 3) and strings otherwise."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    return options


def _discord(config: Config, sync_guild: int | None = None) -> int:
    from bot.client import run_bot

    if not config.token:
        print("A Discord token is needed (config.toml [discord].token or DISCORD_TOKEN).")
        return 2
    return run_bot(config, sync_guild=sync_guild)


def _setup_logging() -> None:
    logging.basicConfig(
        level=logging.INFO,
        stream=sys.stderr,
        format='{"time":"%(asctime)s","level":"%(levelname)s","logger":"%(name)s","msg":%(message)r}',
    )


if __name__ == "__main__":
    raise SystemExit(main())
