"""Member-typed text echoed by the bot (a promise, a display name, an options text) pings
nobody and shows no masked link; the only ping is the one the bot means (the player an offer
is addressed to). Replies stay inside Discord's length limits, which the fake enforces."""

from __future__ import annotations

import pytest

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord, FakeMessage
from bot.discord_app.commands import OPTIONS_TEXT_MAX
from tests.support.prokonsul import offer_message, setup_round

EVIL = "@everyone @here <@&{role}> <@{user}> [x](https://evil.example) **big** `code`"


def _evil(fake: FakeDiscord, user_id: int) -> str:
    return EVIL.format(role=fake.store.manager_role_id, user=user_id)


def _bot_texts(fake: FakeDiscord) -> list[FakeMessage]:
    return [m for m in fake.store.messages.values() if m.author_id == fake.bot_user_id]


def _assert_inert(fake: FakeDiscord) -> None:
    """Nothing could ping, and no bot text holds a live mention or a masked link."""
    assert fake.pings == [], fake.pings
    for message in _bot_texts(fake):
        text = message.content
        assert "@everyone" not in text and "@here" not in text, text
        assert "](https://" not in text and "[x](" not in text, text
        assert "<@&" not in text, text


async def test_promise_with_mass_pings_and_masked_link_pings_nobody(harness: Harness) -> None:
    fake = harness.fake
    (alice, bob, carol), _ = await setup_round(harness, "negotiation=strict quiet_petitions=off")
    promise = _evil(fake, carol.id)
    assert len(promise) <= 200  # within the game's promise length
    await fake.slash(alice, "offer", [], {"player": bob, "chips": 3, "promise": promise})
    await harness.settle()
    offer = offer_message(harness, bob)
    shown = "\n".join(m.content for m in fake.channel_messages())
    assert "evil.example" in shown and "big" in shown  # shown as typed, but inert
    allowed = offer.allowed_mentions or {}
    assert allowed.get("parse") == [] and [int(u) for u in allowed.get("users", [])] == [bob.id]
    _assert_inert(fake)
    # Carol's id, typed by Alice, is no mention at all (only Bob's address pings).
    assert f"<@{carol.id}>" not in shown


async def test_display_name_with_mass_pings_pings_nobody(harness: Harness) -> None:
    fake = harness.fake
    host = fake.add_user("host")
    evil = fake.add_user(_evil(fake, host.id)[:32])  # Discord bounds names to 32 characters
    await harness.start()
    await harness.open_table([host, evil], game="imperium")
    record = await fake.slash(evil, "game", ["stats"], {})
    await harness.settle()
    assert "@" in record.response_message.content
    assert "@everyone" not in record.response_message.content
    lobby_texts = [t for t in fake.public_texts() if "everyone" in t]
    assert lobby_texts, "the name is shown in the lobby and on the board"
    _assert_inert(fake)


async def test_fake_flags_a_send_that_could_ping() -> None:
    """The check itself: a raw client's message with mass pings and no allowed_mentions."""
    import discord

    async with FakeDiscord(check_mentions=False) as fake:
        user = fake.add_user("someone")
        client = discord.Client(intents=discord.Intents.default(), **fake.client_kwargs())
        await fake.start_bot(client)
        channel = await client.fetch_channel(fake.channel_id)
        role = fake.store.manager_role_id
        await channel.send(f"@everyone <@&{role}> <@{user.id}>")
        await channel.send(f"<@{user.id}>", allowed_mentions=discord.AllowedMentions(users=[user]))
        await channel.send("@here", allowed_mentions=discord.AllowedMentions.none())
        await channel.send(f"<@&{role}>", allowed_mentions=discord.AllowedMentions(roles=True))
        await fake.settle()
        reasons = [p.reasons for p in fake.pings]
        assert reasons == [
            ["@everyone", f"role {role}", f"user {user.id} (parsed)"],
            [f"role {role}"],
        ]
        assert len(fake.unguarded) == 1
        await fake.stop_bot(client)


async def test_a_long_options_text_is_refused_in_one_line(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    japanese = fake.add_user("hanako", "ja")
    bot = await harness.start()
    # Discord's slash options take up to 6,000 characters; the unknown names used to be quoted
    # back whole, past the 2,000 of a message (an HTTP 400, "Something went wrong").
    long_text = "@everyone=1 " + " ".join(f"option_{i}=1" for i in range(500))
    for user, refusal in ((alice, "too long"), (japanese, "長すぎます")):
        record = await fake.slash(user, "game", ["new"], {"game": "imperium", "options": long_text})
        await harness.settle()
        reply = record.response_message
        assert reply is not None and reply.ephemeral and reply.text().startswith("✗ "), reply
        assert refusal in reply.text() and "\n" not in reply.text(), reply.text()
    assert await bot.service.in_channel(fake.channel_id) is None
    assert not fake.server_errors and not [r for r in fake.requests if r.status == 400]
    # Just under the bound, the unknown names quoted back are clipped, still in one line.
    record = await fake.slash(
        alice,
        "game",
        ["new"],
        {"game": "imperium", "options": long_text[:OPTIONS_TEXT_MAX].rsplit(" ", 1)[0]},
    )
    text = record.response_message.text()
    assert "Unknown option" in text and "\n" not in text and len(text) < 400, text
    assert "@everyone" not in text


async def test_the_fake_refuses_what_discord_refuses_for_length() -> None:
    import discord

    async with FakeDiscord() as fake:
        client = discord.Client(intents=discord.Intents.default(), **fake.client_kwargs())
        await fake.start_bot(client)
        channel = client.get_partial_messageable(fake.channel_id)
        long_label = discord.ui.View()
        long_label.add_item(discord.ui.Button(label="x" * 81, custom_id="a"))
        long_option = discord.ui.View()
        select = discord.ui.Select(custom_id="s", options=[discord.SelectOption(label="y" * 101)])
        long_option.add_item(select)
        for fields in ({"content": "z" * 2001}, {"view": long_label}, {"view": long_option}):
            with pytest.raises(discord.HTTPException) as refused:
                await channel.send(**fields)
            assert refused.value.status == 400, fields
        await channel.send("ok", view=discord.ui.View().add_item(discord.ui.Button(label="x" * 80)))
        await fake.stop_bot(client)


async def test_options_autocomplete_after_a_long_text_stays_inside_the_limits(
    harness: Harness,
) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    typed = "thirty_points=true " * 6 + "round"  # suggestions would pass 100 characters
    choices = await fake.autocomplete(
        alice, "game", ["new"], {"game": "imperium", "options": typed}, "options"
    )
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices), choices
    short = await fake.autocomplete(
        alice, "game", ["new"], {"game": "imperium", "options": "thirty"}, "options"
    )
    assert short and all(c["value"].startswith("thirty_points=") for c in short), short
    assert not fake.server_errors and not [r for r in fake.requests if r.status == 400]
