"""A loopback fake of Discord (REST v10 + gateway) for end-to-end tests of a real discord.py bot.

Usage::

    async with FakeDiscord() as fake:          # start() + patch_discord(); exit: stop() + unpatch
        alice = fake.add_user("alice")
        bot = MyBot(**fake.client_kwargs())
        await fake.start_bot(bot)              # or: asyncio.create_task(bot.start(fake.token))
        rec = await fake.slash(alice, "game", ["new"], {"game": "imperium"})
        await fake.settle()
        assert fake.channel_messages()
                                               # exit fails if a bot message could ping
                                               # @everyone/@here, a role or an unnamed user
                                               # (fake.pings lists them; see .mentions)
"""

from .fake import FakeDiscord
from .mentions import Ping
from .model import (
    Attachment,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionRecord,
    RequestRecord,
    iter_components,
)
from .store import ApiError

__all__ = [
    "ApiError",
    "Attachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeMessage",
    "FakeUser",
    "InteractionRecord",
    "Ping",
    "RequestRecord",
    "iter_components",
]
