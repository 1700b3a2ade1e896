"""Many games starting together: their players' DM channels opened once each, within the
buckets Discord announces, and remembered across games and restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord, FakeUser
from bench.fakediscord.limits import Limiter

GAMES, USERS = 60, 60  # every user plays in three of the games
OPEN_DM = "/users/@me/channels"


def _seats(game: int) -> list[int]:
    return [game % USERS, (game + 20) % USERS, (game + 40) % USERS]


def _has_chooser(fake: FakeDiscord, user: FakeUser) -> bool:
    return any(":r1.select:" in i for m in fake.visible_to(user) for i in m.all_custom_ids())


async def _lobby(fake: FakeDiscord, channel: int, players: list[FakeUser]):
    host, *others = players
    await fake.slash(host, "game", ["new"], {"game": "imperium"}, channel_id=channel)
    lobby = fake.channel_messages(channel)[-1]
    for user in others:
        await fake.click(user, lobby, Harness.custom_id(lobby, ":lobby:join"))
    return host, lobby


def _opened(fake: FakeDiscord) -> int:
    return len(fake.calls("POST", OPEN_DM))


async def test_sixty_games_starting_together_open_each_dm_once_and_get_no_429(
    tmp_path: Path,
) -> None:
    # Buckets are what this checks: a start answered late on a machine busy with other work
    # must not turn into a failed interaction here (the 3 s deadline has tests of its own).
    async with FakeDiscord(interaction_deadline=None) as fake:
        harness = Harness(
            fake,
            tmp_path / "db.sqlite3",
            rest_per_second=45,  # Discord's global pace
            channel_window_seconds=5.0,
            board_interval_seconds=1.0,
        )
        fake.rate_limits.dm_window = 0.5  # Discord's tight bucket, ten times faster
        await harness.start()
        users = [fake.add_user(f"u{n}") for n in range(USERS)]
        channels = [fake.add_channel(f"table-{n}") for n in range(GAMES)]
        await fake.settle(quiet=0.05)
        lobbies = []
        for game, channel in enumerate(channels):
            lobbies.append(await _lobby(fake, channel, [users[s] for s in _seats(game)]))
        await asyncio.gather(
            *(
                fake.click(host, lobby, Harness.custom_id(lobby, ":lobby:start"))
                for host, lobby in lobbies
            )
        )
        await fake.wait_for(lambda: all(_has_chooser(fake, u) for u in users), timeout=60)
        await harness.settle()
        assert fake.rate_limited == 0, fake.server.limiter.refused_routes
        assert _opened(fake) == USERS  # once per player, not per player and game
        assert not fake.server_errors

        # A restart, and a new game of three of the same players: no DM channel opened again.
        await harness.stop()
        # A real restart takes longer than Discord's one-second global window; here it does not,
        # and the new process cannot know what the old one spent in its last second.
        fake.server.limiter = Limiter(fake.rate_limits)
        await harness.start()
        extra = fake.add_channel("after-restart")
        await fake.settle(quiet=0.05)
        host, lobby = await _lobby(fake, extra, users[:3])
        await fake.click(host, lobby, Harness.custom_id(lobby, ":lobby:start"))
        await harness.settle()
        assert _opened(fake) == USERS
        assert fake.server.limiter.refused_routes.get("open-dm", 0) == 0
        await harness.stop()
