"""Players' DM channels, opened once and remembered across games and restarts.

Discord's bucket for opening DM channels (`POST /users/@me/channels`) is tight: when many games
start together, opening one per player and game is a burst of them. A player's DM channel with
the bot never changes, so its id is stored; it is opened only when the first private message to
that player is due, and one opening serves every game that needs it meanwhile.

Openings go one at a time: discord.py waits on the bucket Discord announces for the route, but
when several requests of a bucket are in flight, an answer from an older window can make it
count room that is not there (a 429 under a burst, measured with bench/fakediscord). One at a
time, each opening sees the bucket as the previous answer announced it; the bucket, not the
round trip, is what limits their pace.
"""

from __future__ import annotations

import asyncio

import discord

from table.store import Store


class DmChannels:
    def __init__(self, client: discord.Client, store: Store) -> None:
        self.client = client
        self.store = store
        self._known: dict[int, int] = {}  # user id -> DM channel id
        self._opening: dict[int, asyncio.Future[int]] = {}
        self._one_at_a_time = asyncio.Lock()

    async def channel(self, user_id: int) -> discord.PartialMessageable:
        """The user's DM channel, to send to; opened with Discord only if never before."""
        channel_id = self._known.get(user_id)
        if channel_id is None:
            channel_id = await self._find_or_open(user_id)
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _find_or_open(self, user_id: int) -> int:
        opening = self._opening.get(user_id)
        if opening is not None:  # another game asked first: share its answer
            return await asyncio.shield(opening)
        opening = self._opening[user_id] = asyncio.get_running_loop().create_future()
        try:
            channel_id = await self.store.dm_channel(user_id)
            if channel_id is None:
                async with self._one_at_a_time:
                    opened = await self.client.create_dm(discord.Object(id=user_id))
                channel_id = opened.id
                await self.store.remember_dm_channel(user_id, channel_id)
            self._known[user_id] = channel_id
            opening.set_result(channel_id)
            return channel_id
        except asyncio.CancelledError:
            opening.cancel()
            raise
        except Exception as error:
            opening.set_exception(error)
            opening.exception()  # retrieved: nobody else may be waiting for it
            raise
        finally:
            del self._opening[user_id]
