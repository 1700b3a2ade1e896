"""`/game card` (issue 29 item 3): any card of any game, found by its name as the reader types it
(autocomplete in the reader's language), shown privately with its full text and its picture as
its board draws it."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from bench.bot_harness import Harness
from bench.fakediscord.model import InteractionRecord
from bot.frontend import cards
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from engine.i18n import Localizer
from engine.registry import GAMES
from render import renderer
from render.cards import PAD, PICTURE_W, card_image, card_png, enlarged
from render.common import Labels
from tests.support import discord_schema


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_card_is_found_by_its_shown_name(game_id: str, locale: str) -> None:
    game = GAMES[game_id]
    t = Texts(Localizer(BOT), locale, game, ())
    names = cards.card_names(game, t)
    assert names and len({name for _, name in names}) == len(names), game_id
    for card_id, name in names:
        assert cards.find(game, t, name) == card_id, (game_id, name)
        assert cards.find(game, t, card_id) == card_id
        assert card_id in [c for c, _ in cards.matching(game, t, name)]
        text = cards.card_text(game, t, card_id)
        assert text.startswith(f"**{t.msg(game.card(card_id).name)}**\n") and len(text) > 40


async def answered(harness: Harness, record: InteractionRecord) -> None:
    """Wait for a possibly deferred answer to carry its text (a new picture is drawn first)."""
    await harness.fake.wait_for(
        lambda: record.response_message is not None and bool(record.response_message.text())
    )


async def test_card_command_with_autocomplete_in_the_readers_language(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice", locale="ja"), fake.add_user("bob")
    await harness.start()
    await harness.open_table([alice, bob], "konsul")
    choices = await fake.autocomplete(alice, "game", ["card"], {"name": "赤"}, focused="name")
    assert choices and all(c["name"].startswith("赤") for c in choices), choices
    assert len(choices) <= 25
    record = await fake.slash(alice, "game", ["card"], {"name": choices[0]["value"]})
    await answered(harness, record)  # the answer waits for its picture
    reply = record.response_message
    assert reply is not None and reply.ephemeral and reply.text().startswith("**赤の")
    english = await fake.autocomplete(bob, "game", ["card"], {"name": "ban"}, focused="name")
    assert [c["value"] for c in english] == ["banner"]
    other = await fake.slash(bob, "game", ["card"], {"name": "Ironhold", "game": "space_emperor"})
    await answered(harness, other)
    assert other.response_message.text().startswith("**Ironhold**\nIronhold: a fortress")


async def test_an_unknown_card_is_refused_privately_and_pings_nobody(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    await harness.start()
    nowhere = await fake.slash(alice, "game", ["card"], {"name": "Banner"})
    assert "Which game?" in nowhere.response_message.text()
    record = await fake.slash(alice, "game", ["card"], {"name": "@everyone", "game": "konsul"})
    reply = record.response_message
    assert reply.ephemeral and "has no card called" in reply.text()
    assert "@everyone" not in reply.text()  # neutralised
    assert await fake.autocomplete(alice, "game", ["card"], {"name": "x"}, focused="name") == []


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_card_has_a_picture_with_the_boards_own_drawing(game_id: str) -> None:
    """Every card in both languages: a picture whose top is the card as its board draws it
    (the renderer's card_face, enlarged) or a plain face, and whose text lines are inked."""
    game = GAMES[game_id]
    drawer = getattr(renderer(game_id), "card_face", None)
    for locale in ("en", "ja"):
        for card_id in game.cards():
            image = card_image(game_id, card_id, locale)
            label = f"{game_id} {card_id} {locale}"
            assert image.width == PICTURE_W and image.height > 200, label
            if drawer is not None:
                face = enlarged(drawer(card_id, Labels(game.strings, locale)).convert("RGB"))
                left = (PICTURE_W - face.width) // 2
                top = image.crop((left, PAD, left + face.width, PAD + face.height))
                assert ImageChops.difference(top, face).getbbox() is None, label
            words = image.crop((PAD, image.height - 3 * PAD, PICTURE_W - PAD, image.height - PAD))
            assert len(words.getcolors(1 << 16) or []) > 2, f"{label}: no text drawn"
    png = card_png(game_id, game.cards()[-1], "ja")
    assert png.startswith(b"\x89PNG") and len(png) > 1000


async def test_card_command_attaches_the_cards_picture(harness: Harness) -> None:
    """/game card answers privately with the card's text and its picture as an attachment,
    drawn once: asking again is answered from the kept picture, at once (not deferred)."""
    fake = harness.fake
    alice = fake.add_user("alice", locale="ja")
    await harness.start()
    first = await fake.slash(alice, "game", ["card"], {"name": "red3", "game": "konsul"})
    deferred = first.response_type
    await answered(harness, first)
    again = await fake.slash(alice, "game", ["card"], {"name": "red3", "game": "konsul"})
    await answered(harness, again)
    assert (deferred, again.response_type) == (5, 4)  # drawn while deferred, then kept
    for record in (first, again):
        (answer,) = record.messages
        assert answer.ephemeral and answer.text().startswith("**赤の3**"), answer.text()
        (attached,) = answer.attachments
        assert attached.filename == "card.png" and attached.data == card_png("konsul", "red3", "ja")
    for call in fake.requests:  # the answers are bodies Discord's OpenAPI description accepts
        discord_schema.request(call.method, call.path, call.json)
