"""`/game rules` (issue 29 item 4): a game's rules in the app, a page per section (setup, a turn,
scoring, the end, variants) and the options page, paged by buttons, in the reader's language."""

from __future__ import annotations

from bench.bot_harness import Harness
from bot.discord_app.rules_pages import PAGES
from engine.registry import GAMES


async def test_rules_are_paged_by_section_in_the_readers_language(harness: Harness) -> None:
    fake = harness.fake
    alice, bob = fake.add_user("alice", locale="ja"), fake.add_user("bob")
    await harness.start()
    record = await fake.slash(bob, "game", ["rules"], {"game": "konsul"})
    page = record.response_message
    assert page is not None and page.ephemeral
    konsul = GAMES["konsul"].strings
    assert page.text().startswith("**Konsul — rules · Setup**\n" + konsul["en"]["rules.setup"])
    ids = page.all_custom_ids()
    assert ids == [f"f:0:rules:pg:konsul-{index}" for index in range(len(PAGES))]
    assert page.find_component(ids[0])["disabled"]  # the page shown
    for index, section in enumerate(("setup", "turn", "scoring", "end", "variants")):
        if index:
            await fake.click(bob, page, ids[index])
        assert konsul["en"][f"rules.{section}"] in fake.message(page.id).text(), section
    await fake.click(bob, page, ids[-1])
    assert "Variants (use `options:` with /game new" in fake.message(page.id).text()
    japanese = await fake.slash(alice, "game", ["rules"], {"game": "konsul"})
    text = japanese.response_message.text()
    assert "ルール · 準備" in text and konsul["ja"]["rules.setup"] in text


async def test_a_forged_rules_page_is_refused(harness: Harness) -> None:
    fake = harness.fake
    bob = fake.add_user("bob")
    await harness.start()
    record = await fake.slash(bob, "game", ["rules"], {"game": "caesar"})
    page = record.response_message
    before = page.text()
    for forged in ("f:0:rules:pg:caesar-9", "f:0:rules:pg:nosuchgame-1", "f:0:rules:pg:konsul-1"):
        answer = await fake.click(bob, page, forged, check=False)
        assert answer.response_message is not None and answer.response_message.ephemeral
        assert answer.response_message.text().startswith("✗ "), forged
    assert fake.message(page.id).text() == before
