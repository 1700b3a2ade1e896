"""`/game card` (issue 29 item 3): any card of any game, found by its name as the reader types it
(autocomplete in the reader's language), shown privately with its full text."""

from __future__ import annotations

import pytest

from bench.bot_harness import Harness
from bot.frontend import cards
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from engine.i18n import Localizer
from engine.registry import GAMES


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


async def test_card_command_with_autocomplete_in_the_readers_language(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice", locale="ja"), fake.add_user("bob")
    await harness.start()
    await harness.open_table([alice, bob], "konsul")
    choices = await fake.autocomplete(alice, "game", ["card"], {"name": "赤"}, focused="name")
    assert choices and all(c["name"].startswith("赤") for c in choices), choices
    assert len(choices) <= 25
    record = await fake.slash(alice, "game", ["card"], {"name": choices[0]["value"]})
    reply = record.response_message
    assert reply is not None and reply.ephemeral and reply.text().startswith("**赤の")
    english = await fake.autocomplete(bob, "game", ["card"], {"name": "ban"}, focused="name")
    assert [c["value"] for c in english] == ["banner"]
    other = await fake.slash(bob, "game", ["card"], {"name": "Ironhold", "game": "space_emperor"})
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
