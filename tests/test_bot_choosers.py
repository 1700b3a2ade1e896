"""Choosers that stay honest (issue 23): an out-of-date chooser closes itself and points to
the current decision, "Your hand" offers a public turn waiting for the player, and no Undo or
"Confirm?" is shown about nothing the player chose."""

from __future__ import annotations

from bench.bot_harness import Harness
from bot.discord_app.chooser import chooser
from bot.discord_app.stale import public_turn
from bot.frontend.drafts import Draft
from bot.frontend.strings import BOT
from bot.frontend.texts import Texts
from engine.core import Choice, Field, Kind, Msg, Prompt
from engine.i18n import Localizer
from tests.support.bot_games import fix_seed

TEXTS = Texts(Localizer(BOT), "en", None, ())


def one(name: str, *values: str) -> Field:
    options = tuple(Choice(value=v, label=Msg(key="x", args={})) for v in values)
    return Field(name=name, kind="one", label=Msg(key="x", args={}), options=options)


def ids(prompt: Prompt, draft: Draft) -> list[str]:
    _, view = chooser(1, prompt, draft, TEXTS)
    return [item.custom_id for item in view.children]


def test_a_lone_pass_is_one_button_without_confirm_or_undo() -> None:
    prompt = Prompt(key="k", move="m", kind=Kind.TURN, seats=(0,), fields=(one("do", "pass"),),
                    text=Msg(key="x", args={}))  # fmt: skip
    assert ids(prompt, Draft()) == ["f:1:k:v:0"]


def test_no_undo_while_only_lone_options_are_filled_in() -> None:
    fields = (one("a", "only"), one("b", "x", "y"))
    prompt = Prompt(key="k", move="m", kind=Kind.TURN, seats=(0,), fields=fields,
                    text=Msg(key="x", args={}))  # fmt: skip
    shown = ids(prompt, Draft())
    assert shown == ["f:1:k:v:0", "f:1:k:v:1"], shown


def bid(amounts: range) -> Prompt:
    """A bid as Konsul asks it: Pass, then the amounts (`Field.amounts`)."""
    pass_choice = Choice(value="pass", label=Msg(key="x", args={}))
    numbers = tuple(Choice(value=n, label=Msg(key="n", args={})) for n in amounts)
    item = Field(name="bid", kind="one", label=Msg(key="x", args={}),
                 options=(pass_choice, *numbers), amounts=True)  # fmt: skip
    return Prompt(key="k", move="bid", kind=Kind.TURN, seats=(0,), fields=(item,),
                  text=Msg(key="x", args={}))  # fmt: skip


def test_a_bid_of_24_amounts_is_one_stepper_not_a_list() -> None:
    prompt = bid(range(7, 31))
    draft = Draft()
    _, view = chooser(1, prompt, draft, TEXTS)
    shown = {item.custom_id: item.label for item in view.children}
    # the first amount shown, only forward steps, one button takes it, Pass beside it
    assert list(shown) == ["f:1:k:p:2", "f:1:k:p:6", "f:1:k:v:1", "f:1:k:v:0"], shown
    assert [shown["f:1:k:p:2"], shown["f:1:k:p:6"]] == ["+1", "+5"]
    assert shown["f:1:k:v:1"].startswith("✓ ")
    assert not any(getattr(item, "options", None) for item in view.children)  # no select
    draft.page = 22  # after "+" clicks: the 22nd amount, two before the end
    shown = ids(prompt, draft)
    assert [i for i in shown if ":p:" in i] == [
        "f:1:k:p:17",
        "f:1:k:p:21",
        "f:1:k:p:23",
        "f:1:k:p:24",
    ]
    assert "f:1:k:v:22" in shown and len(set(shown)) == len(shown)


def test_a_count_is_a_stepper_beside_typing_it() -> None:
    chips = Field(name="chips", kind="int", label=Msg(key="x", args={}), min=0, max=12)
    prompt = Prompt(key="k", move="offer", kind=Kind.TURN, seats=(0,), fields=(chips,),
                    text=Msg(key="x", args={}))  # fmt: skip
    assert ids(prompt, Draft()) == ["f:1:k:p:1", "f:1:k:p:5", "f:1:k:q:0", "f:1:k:m"]
    near_the_top = ids(prompt, Draft(page=10))
    assert near_the_top == ["f:1:k:p:5", "f:1:k:p:9", "f:1:k:p:11", "f:1:k:p:12", "f:1:k:q:10",
                            "f:1:k:m"]  # fmt: skip


def test_a_few_amounts_stay_buttons() -> None:
    shown = ids(bid(range(1, 5)), Draft())
    assert shown == ["f:1:k:v:0", "f:1:k:v:1", "f:1:k:v:2", "f:1:k:v:3", "f:1:k:v:4"]


async def test_a_click_on_an_out_of_date_chooser_closes_it(harness: Harness, monkeypatch) -> None:
    fix_seed(monkeypatch, 3)
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob", "carol")]
    bot = await harness.start()
    await harness.open_table(users, game="prokonsul", options="quiet_petitions=off")
    session = await bot.service.in_channel(fake.channel_id)
    alice = users[0]
    old = await harness.open_hand(alice)  # a second chooser of alice's secret card
    for user, index in zip(users, (8, 7, 6), strict=True):  # 9, 8, 7: alice petitions
        dm = next(m for m in fake.dms(user) if m.all_custom_ids())
        await fake.click(user, dm, harness.custom_id(dm, f":v:{index}"))
        await harness.settle()
    assert session.state.phase != "select"
    await fake.click(alice, old, harness.custom_id(old, ":v:1"))
    closed = fake.message(old.id)
    assert closed.all_custom_ids() == [], "the out-of-date chooser kept its buttons"
    assert "out of date" in closed.text() and "Your hand" in closed.text(), closed.text()
    assert str(session.row.meta.board) in closed.text()


async def test_your_hand_offers_a_public_turn_to_a_player_without_dms(
    harness: Harness, monkeypatch
) -> None:
    fix_seed(monkeypatch, 7)
    fake = harness.fake
    users = [fake.add_user(name) for name in ("alice", "bob")]
    fake.close_dms(users[0])
    bot = await harness.start()
    await harness.open_table(users, game="caesar")
    session = await bot.service.in_channel(fake.channel_id)
    service = bot.service

    def notices() -> list:
        return [m for m in fake.channel_messages() if "can't send you DMs" in m.text()]

    while (
        not notices()
        or public_turn(session, 0) is None
        or bot.play.prompts.private_prompt(session, 0)
    ):
        prompt = next(p for p in session.pending() if p.seats)
        seat = prompt.seats[0]
        action = service.ai_action(session, seat, prompt)
        result = await service.submit(session, seat, action.move, action.args, prompt.key)
        bot.play.changed(session, result.events)
        await harness.settle()
    turn = public_turn(session, 0)
    notice = notices()[0]
    record = await fake.click(users[0], notice, harness.custom_id(notice, ":hand:open"))
    offered = record.response_message
    assert "nothing to decide" not in offered.text()
    assert any(f":{turn.key}:" in i for i in offered.all_custom_ids()), offered.text()
    before = session.seq
    await harness.answer_first(users[0], offered, turn.key)
    assert session.seq > before
