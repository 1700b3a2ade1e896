"""Finished AI-played games, exported as a finished session would be (export tests)."""

from __future__ import annotations

import functools

from engine.ai import play_out
from engine.registry import GAMES
from table.export import GameExport, build_export
from table.session_model import Seat, SessionMeta
from table.store import InputRow, SessionRow

SEED = 7


@functools.cache
def finished(game_id: str, hinted: bool = False) -> GameExport:
    """An AI-played game at the smallest table, exported as a finished session would be."""
    game = GAMES[game_id]
    seats = game.min_seats
    options = game.parse_options({}).model_dump()
    state = game.setup(game.parse_options(options), seats, SEED)
    final, actions = play_out(game, state, SEED)
    row = SessionRow(
        id=1,
        channel_id=1,
        guild_id=1,
        game=game_id,
        rules_version=game.rules_version,
        options=options,
        seed=SEED,
        status="finished",
        host_id=1,
        seats=tuple(Seat(user_id=10 + s, name=f"P{s}", ai=s > 0) for s in range(seats)),
        meta=SessionMeta(hinted=hinted),
    )
    inputs = [InputRow(n, a.seat, a.move, a.args, "") for n, a in enumerate(actions, start=1)]
    outcome = game.outcome(final)
    assert outcome is not None, f"{game_id} seed {SEED}"
    return build_export(row, inputs, outcome)
