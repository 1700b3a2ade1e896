"""Prokonsul through the fake Discord: secret cards by DM, offers in the channel (/offer and
the offer button), replies only the target can give, counter-offers, coalitions, quiet rule."""

from __future__ import annotations

from bench.bot_harness import Harness
from bench.fakediscord import FakeDiscord
from tests.support.prokonsul import HAND, offer_message, setup_round


def channel_text(fake: FakeDiscord) -> str:
    return "\n".join(m.text() for m in fake.channel_messages())


async def test_strict_round_with_declined_and_accepted_offers(harness: Harness) -> None:
    fake = harness.fake
    users, session = await setup_round(harness, "negotiation=strict quiet_petitions=off")
    alice, bob, carol = users
    assert session.state.petitioner == 0
    record = await fake.slash(
        alice, "offer", [], {"player": bob, "chips": 3, "promise": "I'll back you next round"}
    )
    assert "Submitted" in record.response_message.text() and record.response_message.ephemeral
    await harness.settle()
    offer = offer_message(harness, bob)
    assert "3 chip" in offer.text() and "next round" in channel_text(fake)

    accept = harness.custom_id(offer, ":v:0")
    await fake.click(carol, offer, accept)  # a third player's click changes nothing
    assert "not yours" in harness.last_ephemeral(carol)
    seq = session.seq
    await fake.click(bob, offer, harness.custom_id(offer, ":v:1"))  # Decline
    await harness.settle()
    assert session.seq == seq + 1 and 1 in session.state.barred
    assert "says no" in channel_text(fake)

    # Second offer through the board's button: target, then chips in a modal, then confirm.
    board = harness.board()
    record = await fake.click(alice, board, harness.custom_id(board, ":open"))
    panel = record.response_message
    await harness.answer_first(alice, panel, session.pending()[0].key, {"chips": "2"})
    await harness.settle()
    offer = offer_message(harness, carol)
    await fake.click(carol, offer, harness.custom_id(offer, ":v:0"))  # Accept
    await harness.settle()
    assert session.state.phase == "pawn" and session.state.winner == 0
    board = harness.board()
    await fake.click(alice, board, harness.custom_id(board, ":v:0"))  # move the black pawn
    await harness.settle()
    assert session.state.round == 2
    assert "accepts" in channel_text(fake)


async def test_offer_errors_are_private_and_reveal_no_total(harness: Harness) -> None:
    fake = harness.fake
    users, session = await setup_round(harness, "quiet_petitions=off")
    alice, bob, carol = users
    record = await fake.slash(alice, "offer", [], {"player": bob, "chips": 500})
    reply = record.response_message
    assert reply.ephemeral and "✗" in reply.text() and "20" not in reply.text()
    record = await fake.slash(bob, "offer", [], {"player": carol, "chips": 1})
    assert record.response_message.ephemeral and "not your turn" in record.response_message.text()
    assert session.seq == 3
    for message in fake.channel_messages():
        assert "chips: 20" not in message.text() and "20 chips" not in message.text()


async def test_two_way_counter_offer(harness: Harness) -> None:
    fake = harness.fake
    users, session = await setup_round(harness, "negotiation=two_way quiet_petitions=off")
    alice, bob, _ = users
    await fake.slash(alice, "offer", [], {"player": bob, "chips": 1})
    await harness.settle()
    offer = offer_message(harness, bob)
    await fake.click(bob, offer, harness.custom_id(offer, ":v:2"))  # Counter-offer
    record = await fake.click(
        bob, fake.message(offer.id), harness.custom_id(fake.message(offer.id), ":m")
    )
    await fake.submit_modal(bob, record, values={"chips": "4", "text": "four and it's yours"})
    await fake.click(bob, fake.message(offer.id), harness.custom_id(fake.message(offer.id), ":ok"))
    await harness.settle()
    assert session.state.offer.counter == 4
    assert "four and it's yours" in channel_text(fake)
    board = harness.board()
    record = await fake.click(alice, board, harness.custom_id(board, ":open"))
    panel = record.response_message
    await fake.click(alice, panel, harness.custom_id(panel, ":v:0"))  # accept the counter
    await harness.settle()
    assert session.state.offer is None and 1 in session.state.held[0]


async def test_free_coalition(harness: Harness) -> None:
    fake = harness.fake
    users, session = await setup_round(harness, "negotiation=free")
    bob = users[1]
    board = harness.board()
    record = await fake.click(bob, board, harness.custom_id(board, ".propose:open"))
    panel = record.response_message
    key = next(p.key for p in session.pending() if p.move == "propose")
    await harness.answer_first(
        bob, panel, key, {"pay_0": "0", "pay_1": "0", "pay_2": "0", "text": "together"}
    )
    await harness.settle()
    proposal = session.state.proposals[0]
    for seat in proposal.involved:
        if seat in proposal.accepted:
            continue
        user = users[seat]
        vote = offer_message(harness, user)
        await fake.click(user, vote, harness.custom_id(vote, ":v:0"))
        await harness.settle()
    assert session.state.phase in ("pawn", "select") and session.state.round >= 1
    assert session.state.winner == proposal.winner


async def quiet_round(fake: FakeDiscord, tmp_path, policy: str):
    harness = Harness(fake, tmp_path / f"{policy}.sqlite3")
    users, session = await setup_round(harness, f"quiet_petitions={policy}")
    dave = fake.add_user("dave")
    return harness, users, dave, session


async def test_quiet_petitions_enforce_removes_others_messages(tmp_path) -> None:
    async with FakeDiscord(bot_has_manage_messages=True) as fake:
        harness, (alice, _, carol), dave, _ = await quiet_round(fake, tmp_path, "enforce")
        try:
            talk = await fake.say(alice, None, "Bob, your 8 for 2 chips?")
            noise = await fake.say(carol, None, "Take it bob!")
            spectator = await fake.say(dave, None, "popcorn")
            await harness.settle()
            assert fake.message(noise.id).deleted
            assert not fake.message(talk.id).deleted and not fake.message(spectator.id).deleted
            assert any("please wait" in m.text() for m in fake.dms(carol))
            assert not fake.dms(dave)
        finally:
            await harness.stop()


async def test_quiet_petitions_remind_only_reminds(tmp_path) -> None:
    async with FakeDiscord(bot_has_manage_messages=True) as fake:
        harness, (_, _, carol), _, _ = await quiet_round(fake, tmp_path, "remind")
        try:
            noise = await fake.say(carol, None, "Take it bob!")
            await fake.say(carol, None, "Really, take it!")
            await harness.settle()
            assert not fake.message(noise.id).deleted
            assert len([m for m in fake.dms(carol) if "please wait" in m.text()]) == 1
        finally:
            await harness.stop()


async def test_enforce_without_permission_falls_back_to_reminding(tmp_path) -> None:
    async with FakeDiscord(bot_has_manage_messages=False) as fake:
        harness, (_, _, carol), _, _ = await quiet_round(fake, tmp_path, "enforce")
        try:
            for text in ("one", "two"):
                noise = await fake.say(carol, None, text)
                await harness.settle()
                assert not fake.message(noise.id).deleted
            said = [m for m in fake.channel_messages() if "Manage Messages" in m.text()]
            assert len(said) == 1
        finally:
            await harness.stop()


async def test_one_player_and_two_ais_finish_a_short_game(harness: Harness) -> None:
    fake = harness.fake
    alice = fake.add_user("alice")
    bot = await harness.start()
    await harness.open_table([alice], game="prokonsul", options="short_game=true", ai=2)
    session = await bot.service.in_channel(fake.channel_id)
    for _ in range(400):
        if session.outcome() is not None:
            break
        prompt = next((p for p in session.pending() if p.answerable_by(0) and 0 in p.seats), None)
        if prompt is None:
            await harness.settle()
            continue
        message = await harness.message_for(alice, prompt)
        await harness.answer_first(alice, message, prompt.key)
    assert session.outcome() is not None, "the game did not finish"
    assert "Game over" in harness.board().text()


async def _play_by_service(harness: Harness, session, until) -> None:
    """Moves nobody watches here, answered the AI's way through the service."""
    service = harness.bot.service
    while not until(session.state):
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        action = service.ai_action(session, seat, prompt)
        result = await service.submit(session, seat, action.move, action.args, prompt.key)
        harness.bot.play.changed(session, result.events)
    await harness.settle()


async def test_every_seat_revises_its_own_secret_card(harness: Harness) -> None:
    """Hands differ from round 2 on: a revision (from the board's Your-hand button) must offer
    the reviser's own hand, not the first hand of another seat that has chosen."""
    fake = harness.fake
    users, session = await setup_round(harness, "quiet_petitions=off")
    for last, round_no in ((2, 2), (0, 3)):  # the last chooser cannot revise: rotate it
        await _play_by_service(
            harness, session, lambda s, r=round_no: s.round == r and s.phase == "select"
        )
        state = session.state
        assert len(set(state.hands)) == len(users), "hands should differ by now"
        order = [seat for seat in range(len(users)) if seat != last]
        for seat in order:
            hand = state.hands[seat]
            dm = harness.chooser_for(users[seat], f"r{round_no}.select")
            await fake.click(users[seat], dm, harness.custom_id(dm, f":v:{len(hand) - 1}"))
            await harness.settle()
        for seat in order:
            hand = session.state.hands[seat]
            panel = await harness.open_hand(users[seat])
            offered = [
                panel.find_component(i)["label"] for i in panel.all_custom_ids() if ":v:" in i
            ]
            assert offered == [str(card) for card in hand], f"seat {seat} round {round_no}"
            await fake.click(users[seat], panel, harness.custom_id(panel, ":v:0"))
            await harness.settle()
            assert "✗" not in harness.last_ephemeral(users[seat]), f"seat {seat} round {round_no}"
            assert session.state.chosen[seat] == hand[0], f"seat {seat} round {round_no}"
        dm = harness.chooser_for(users[last], f"r{round_no}.select")
        await fake.click(users[last], dm, harness.custom_id(dm, ":v:0"))
        await harness.settle()
        assert session.state.phase != "select"


async def test_enter_values_on_a_second_chooser_of_a_filled_draft(harness: Harness) -> None:
    """Two choosers share one draft: values typed in one leave nothing for the other's modal.
    Discord refuses an empty modal (HTTP 400), so the filled draft is shown instead."""
    fake = harness.fake
    (alice, _, carol), session = await setup_round(harness, "quiet_petitions=off")
    key = session.pending()[0].key
    board = harness.board()
    first = (await fake.click(alice, board, harness.custom_id(board, ":open"))).response_message
    await fake.click(alice, first, harness.custom_id(first, f":{key}:v:1"))  # the target: carol
    board = harness.board()
    second = (await fake.click(alice, board, harness.custom_id(board, ":open"))).response_message
    record = await fake.click(alice, fake.message(first.id), harness.custom_id(second, ":m"))
    await fake.submit_modal(alice, record, values={"chips": "2", "text": ""})
    record = await fake.click(alice, second, harness.custom_id(second, ":m"))
    assert record.modal is None and record.response_type is not None
    shown = record.response_message or fake.message(second.id)
    await fake.click(alice, shown, harness.custom_id(shown, ":ok"))
    await harness.settle()
    assert session.state.offer is not None and session.state.offer.target == 2
    assert "2 chip" in offer_message(harness, carol).text()


async def test_a_restart_neither_repeats_offers_nor_forgets_a_buried_board(tmp_path) -> None:
    """What the channel was asked and whether the board is buried under chat are stored with
    the session: after a kill, no offer is posted twice and the buried board is posted anew."""
    async with FakeDiscord() as fake:
        harness = Harness(fake, tmp_path / "restart.sqlite3", repost_after_messages=3)
        try:
            (alice, bob, _), _ = await setup_round(harness, "quiet_petitions=off")
            await fake.slash(alice, "offer", [], {"player": bob, "chips": 3})
            await harness.settle()
            for text in ("one", "two", "three"):
                await fake.say(bob, None, text)
            await harness.settle()
            board = harness.board()
            await harness.kill()
            await harness.start()
            await harness.settle()
            offers = [
                m
                for m in fake.channel_messages()
                if f"<@{bob.id}>" in m.text() and m.all_custom_ids() and not m.deleted
            ]
            assert len(offers) == 1, [m.text() for m in offers]
            assert harness.board().id != board.id, "the buried board was edited in place"
            assert harness.board().id == fake.channel_messages()[-1].id
        finally:
            await harness.stop()


async def test_a_public_offer_stays_in_the_channels_language_whoever_answers(
    harness: Harness,
) -> None:
    """Issue 23 item 14: Bob reads Japanese, the server English; his answer edits the offer
    in the channel, which must stay English."""
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob", "ja"), fake.add_user("carol")]
    bot = await harness.start()
    await harness.open_table(users, game="prokonsul", options="quiet_petitions=off")
    session = await bot.service.in_channel(fake.channel_id)
    for user, card in zip(users, (9, 8, 7), strict=True):
        prompt = harness.chooser_for(user, "r1.select")
        await fake.click(user, prompt, harness.custom_id(prompt, f":v:{HAND.index(card)}"))
    await harness.settle()
    alice, bob, _ = users
    assert session.state.petitioner == 0
    await fake.slash(alice, "offer", [], {"player": bob, "chips": 3})
    await harness.settle()
    offer = offer_message(harness, bob)
    await fake.click(bob, offer, harness.custom_id(offer, ":v:1"))  # Decline
    await harness.settle()
    edited = fake.message(offer.id).text()
    assert "✓" in edited and not any("\u3040" <= ch <= "\u30ff" for ch in edited), edited


async def test_chips_are_counted_with_a_stepper(harness: Harness) -> None:
    """Issue 29 item 5: a count (the chips of an offer) is − / + and one button taking the
    number shown; the modal is still there to type it."""
    fake = harness.fake
    users, session = await setup_round(harness, "negotiation=strict quiet_petitions=off")
    alice, _, carol = users
    board = harness.board()
    record = await fake.click(alice, board, harness.custom_id(board, ":open"))
    panel = record.response_message
    key = session.pending()[0].key
    target = [i for i in panel.all_custom_ids() if f":{key}:v:" in i][-1]  # carol
    await fake.click(alice, panel, target)
    for step in ("+1", "+1"):
        shown = fake.message(panel.id)
        plus = next(c for c in shown.iter_components() if c.get("label") == step)
        await fake.click(alice, shown, plus["custom_id"])
    shown = fake.message(panel.id)
    labels = {c.get("label") for c in shown.iter_components()}
    assert {"−1", "+1", "+5", "✓ 2", "Enter values…"} <= labels, labels
    await fake.click(alice, shown, harness.custom_id(shown, f":{key}:q:2"))
    await harness.answer_first(alice, fake.message(panel.id), key)  # no promise, confirm
    await harness.settle()
    assert "2 chip" in offer_message(harness, carol).text()
