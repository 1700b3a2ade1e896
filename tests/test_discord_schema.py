"""The OpenAPI check of message bodies (tests/support/discord_schema.py) is real: the board the
bot posts passes it, and a body Discord's spec forbids fails it, each for the fault named.
What the spec does not constrain (content beside the layout flag) is left to the fake's rules,
and this test shows that too."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from openapi_client import models as api

from bench.bot_harness import Harness
from bench.fakediscord.layout import COMPONENTS_V2, Form, LayoutError, check_form, walk
from tests.support import discord_schema

Sent = tuple[str, str, dict[str, Any]]


async def board_post(harness: Harness) -> Sent:
    """The board as the real bot sent it to the fake Discord: the lobby message's edit into
    the board (a layout message with its container)."""
    fake = harness.fake
    users = [fake.add_user("alice"), fake.add_user("bob")]
    await harness.start()
    await harness.open_table(users, "caesar")
    boards = [
        (call.method, call.path, copy.deepcopy(call.json))
        for call in fake.requests
        if isinstance(call.json, dict)
        and (call.json.get("flags") or 0) & COMPONENTS_V2
        and any(c.get("type") == 17 for c in call.json.get("components") or [])
    ]
    assert boards, "the board was not sent as a layout message"
    return boards[0]


def container(body: dict[str, Any]) -> dict[str, Any]:
    (box,) = [c for c in body["components"] if c["type"] == 17]
    return box


def buttons(body: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for _, c in walk(body["components"]) if c["type"] == 2 and "custom_id" in c]


def checked(sent: Sent, body: dict[str, Any]) -> object:
    method, path, _ = sent
    return discord_schema.request(method, path, body)


def refused(sent: Sent, body: dict[str, Any], fault: str) -> None:
    with pytest.raises(discord_schema.SchemaError, match=f"(?s){fault}"):
        checked(sent, body)


async def test_the_board_passes_and_each_forbidden_change_fails(harness: Harness) -> None:
    sent = await board_post(harness)
    body = sent[2]
    assert checked(sent, body) is not None
    assert buttons(body), "the board offers no button to break"

    many = copy.deepcopy(body)
    many["components"] = [{"type": 10, "content": f"line {i}"} for i in range(41)]
    refused(sent, many, "components.*at most 40 items")
    forty = copy.deepcopy(body)
    forty["components"] = [{"type": 10, "content": f"line {i}"} for i in range(40)]
    assert checked(sent, forty) is not None

    long_id = copy.deepcopy(body)
    buttons(long_id)[0]["custom_id"] = "x" * 101
    refused(sent, long_id, "ButtonComponent.*custom_id.*at most 100 characters")

    empty_text = copy.deepcopy(body)
    empty_text["components"].append({"type": 10, "content": ""})
    refused(sent, empty_text, "TextDisplayComponent.*content.*at least 1 character")

    nested = copy.deepcopy(body)
    container(nested)["components"].append(
        {"type": 17, "components": [{"type": 10, "content": "x"}]}
    )
    refused(sent, nested, "ContainerComponentForMessageRequest may not sit here")

    unknown = copy.deepcopy(body)
    container(unknown)["components"][0]["type"] = 99
    refused(sent, unknown, "no component of type 99")

    crowded_row = copy.deepcopy(body)
    row = next(c for _, c in walk(crowded_row["components"]) if c["type"] == 1)
    row["components"] = [dict(buttons(body)[0], custom_id=f"b{i}") for i in range(6)]
    refused(sent, crowded_row, "ActionRowComponent.*at most 5 items")


async def test_what_the_schema_leaves_open_the_fakes_rules_refuse(harness: Harness) -> None:
    """Content beside the layout flag: the spec's MessageCreateRequest has independent `content`
    and `flags` fields, so it accepts the body; Discord refuses it, and so does the fake."""
    sent = await board_post(harness)
    body = sent[2] | {"content": "hello"}
    assert checked(sent, body) is not None
    form = Form(body["flags"], body["content"], [], body["components"], frozenset({"board.png"}))
    with pytest.raises(LayoutError, match="content"):
        check_form(form)


async def test_the_generated_one_of_alone_cannot_tell_components_apart(harness: Harness) -> None:
    """Why discord_schema discriminates on `type` itself: the generated models dropped the
    spec's type constants, so their own parser finds several matches for a valid board. If a
    new `discordopenapi` fixes that, this fails and discord_schema can use `from_dict`."""
    _, _, body = await board_post(harness)
    with pytest.raises(ValueError, match="Multiple matches"):
        api.IncomingWebhookUpdateRequestPartial.from_dict(body)


def test_interaction_callbacks_pick_their_schema_by_type() -> None:
    update = {"type": 7, "data": {"components": [{"type": 10, "content": "hi"}], "flags": 32768}}
    assert isinstance(discord_schema.callback(update), api.UpdateMessageInteractionCallbackRequest)
    with pytest.raises(discord_schema.SchemaError, match="type 3"):
        discord_schema.callback({"type": 3, "data": {}})
    too_long = {"type": 4, "data": {"content": "x" * 2001}}
    with pytest.raises(discord_schema.SchemaError, match="content"):
        discord_schema.callback(too_long)
