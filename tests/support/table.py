"""A started table of Imperium and AI inputs played on it, for the table and storage tests."""

from __future__ import annotations

from table.service import TableService
from table.sqlite import SqliteStore

CHANNEL = 42


async def started(store: SqliteStore, players: int = 3, seed: int = 7, **options):
    service = TableService(store)
    session = await service.open(
        channel_id=CHANNEL,
        guild_id=1,
        game_id="imperium",
        options=options,
        host_id=100,
        host_name="Host",
        seed=seed,
    )
    for user in range(1, players):
        await service.join(session, 100 + user, f"P{user}")
    await service.start(session, 100)
    return service, session


async def play_inputs(service: TableService, session, count: int) -> None:
    for _ in range(count):
        seat, prompt = next((seat, prompt) for prompt in session.pending() for seat in prompt.seats)
        action = service.ai_action(session, seat, prompt)
        await service.submit(session, seat, action.move, action.args, prompt.key)
