"""A round of Prokonsul at a fake Discord table, and the offer message a target sees."""

from __future__ import annotations

from bench.bot_harness import Harness
from bench.fakediscord import FakeUser

HAND = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]


async def setup_round(
    harness: Harness, options: str, cards=(9, 8, 7)
) -> tuple[list[FakeUser], object]:
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users, game="prokonsul", options=options)
    session = await bot.service.in_channel(fake.channel_id)
    # Seat order is join order; the tie-break track is random but the cards below differ.
    for user, card in zip(users, cards, strict=True):
        prompt = harness.chooser_for(user, "r1.select")
        await fake.click(user, prompt, harness.custom_id(prompt, f":v:{HAND.index(card)}"))
    await harness.settle()
    return users, session


def offer_message(harness: Harness, target: FakeUser):
    return next(
        m
        for m in reversed(harness.fake.channel_messages())
        if f"<@{target.id}>" in m.text() and m.all_custom_ids()
    )
