"""Message request bodies checked against Discord's own OpenAPI description (issue 29).

`discordopenapi` (module `openapi_client`, a test-only dependency) is OpenAPI Generator's
pydantic client for discord/discord-api-spec (preview, v10): its `*Request` models carry the
spec's lengths, item counts, required fields and which component may hold which (its oneOf
lists). One thing the generator lost: every component's `type` is a plain `StrictInt`, the
spec's `enum: [10]` (etc.) dropped, so its oneOf wrappers cannot tell a text display from a
separator (both match, "Multiple matches found") and refuse every valid layout message. This
module puts the discriminator back: a component's `type` picks its model (the numbers are the
spec's `MessageComponentTypes`), each component is validated by that model alone, children
first, then handed to its parent's oneOf wrapper, whose `isinstance` check still says which
component may sit where.

What the schema does not say, and so is checked only by the fake (bench.fakediscord.layout):
`content` or embeds beside the IS_COMPONENTS_V2 flag, the 40 components counted through
nesting (the schema caps each list at 40, not the total), 4,000 characters summed over text
displays, unique custom ids, an `attachment://` name that no file carries, a select inside a
container's own list rather than a row. One leniency, as Discord's: a snowflake may be a JSON
integer (discord.py sends ids so), where the spec writes snowflakes as strings.
"""

from __future__ import annotations

import re
import typing
from typing import Any

from openapi_client import models as api
from pydantic import BaseModel

COMPONENT_MODELS: dict[int, type[BaseModel]] = {
    1: api.ActionRowComponentForMessageRequest,
    2: api.ButtonComponentForMessageRequest,
    3: api.StringSelectComponentForMessageRequest,
    5: api.UserSelectComponentForMessageRequest,
    6: api.RoleSelectComponentForMessageRequest,
    7: api.MentionableSelectComponentForMessageRequest,
    8: api.ChannelSelectComponentForMessageRequest,
    9: api.SectionComponentForMessageRequest,
    10: api.TextDisplayComponentForMessageRequest,
    11: api.ThumbnailComponentForMessageRequest,
    12: api.MediaGalleryComponentForMessageRequest,
    13: api.FileComponentForMessageRequest,
    14: api.SeparatorComponentForMessageRequest,
    17: api.ContainerComponentForMessageRequest,
}
NESTED = ("components", "accessory")  # the fields of a component that hold components

# Interaction callbacks by their own `type` (the spec's InteractionCallbackTypes).
CALLBACK_MODELS: dict[int, type[BaseModel]] = {
    4: api.CreateMessageInteractionCallbackRequest,
    5: api.CreateMessageInteractionCallbackRequest,
    6: api.UpdateMessageInteractionCallbackRequest,
    7: api.UpdateMessageInteractionCallbackRequest,
    8: api.ApplicationCommandAutocompleteCallbackRequest,
    9: api.ModalInteractionCallbackRequest,
}
ROUTES: list[tuple[str, re.Pattern[str], type[BaseModel]]] = [
    ("POST", re.compile(r"/channels/\d+/messages$"), api.MessageCreateRequest),
    ("PATCH", re.compile(r"/channels/\d+/messages/\d+$"), api.MessageEditRequestPartial),
    ("POST", re.compile(r"/webhooks/\d+/[^/]+$"), api.IncomingWebhookRequestPartial),
    (
        "PATCH",
        re.compile(r"/webhooks/\d+/[^/]+/messages/[^/]+$"),
        api.IncomingWebhookUpdateRequestPartial,
    ),
]
CALLBACK_ROUTE = re.compile(r"/interactions/\d+/[^/]+/callback$")


class SchemaError(ValueError):
    """A request body that Discord's OpenAPI description refuses."""


def _wrapper(model: type[BaseModel], field: str) -> type[BaseModel]:
    """The generated oneOf wrapper class a model's `field` holds (list of it, or one)."""
    todo = [model.model_fields[field].annotation]
    while todo:
        hint = todo.pop()
        if isinstance(hint, type) and issubclass(hint, BaseModel):
            return hint
        todo.extend(typing.get_args(hint))
    raise SchemaError(f"{model.__name__}.{field} holds no model")


def _held(parent: type[BaseModel], field: str, child: BaseModel, path: str) -> BaseModel:
    """`child` as `parent.field` holds it: a plain model, or inside the field's oneOf wrapper,
    whose check refuses a component that may not sit there."""
    holder = _wrapper(parent, field)
    if isinstance(child, holder):
        return child
    if "actual_instance" not in holder.model_fields:
        raise SchemaError(f"{path}: {type(child).__name__} may not sit in {parent.__name__}")
    try:
        return holder(actual_instance=child)
    except ValueError as error:
        raise SchemaError(f"{path}: {type(child).__name__} may not sit here: {error}") from None


def component(body: Any, path: str = "component") -> BaseModel:
    """One component, its children first, validated by the model its `type` names."""
    if not isinstance(body, dict) or type(body.get("type")) is not int:
        raise SchemaError(f"{path}: a component is an object with an integer type")
    model = COMPONENT_MODELS.get(body["type"])
    if model is None:
        raise SchemaError(f"{path}: no component of type {body['type']} in a message request")
    fields = dict(body)
    for name in NESTED:
        value = body.get(name)
        if name not in model.model_fields or value is None:
            continue
        if isinstance(value, list):
            fields[name] = [
                _held(model, name, component(child, f"{path}.{name}[{i}]"), path)
                for i, child in enumerate(value)
            ]
        else:
            fields[name] = _held(model, name, component(value, f"{path}.{name}"), path)
    return _validated(model, fields, path)


def _validated(model: type[BaseModel], fields: dict[str, Any], path: str) -> BaseModel:
    try:
        return model.model_validate(fields)
    except ValueError as error:
        raise SchemaError(f"{path}: {error}") from None


def message(model: type[BaseModel], body: Any, path: str = "body") -> BaseModel:
    """A message body (create, edit, webhook, callback data) of `model`'s schema."""
    if not isinstance(body, dict):
        raise SchemaError(f"{path}: a message body is an object")
    fields = {name: _one_of(model, name, value) for name, value in _ids_as_strings(body).items()}
    if body.get("components") is not None:
        if not isinstance(body["components"], list):
            raise SchemaError(f"{path}.components: a list")
        fields["components"] = [
            _held(model, "components", component(c, f"{path}.components[{i}]"), path)
            for i, c in enumerate(body["components"])
        ]
    return _validated(model, fields, path)


def _one_of(model: type[BaseModel], name: str, value: Any) -> Any:
    """A scalar oneOf field (a message's `nonce`: integer or string) through its wrapper, whose
    oneOf is sound (its choices differ in JSON type); anything else as it is."""
    if name == "components" or name not in model.model_fields or value is None:
        return value
    try:
        holder = _wrapper(model, name)
    except SchemaError:
        return value
    if "actual_instance" not in holder.model_fields:
        return value
    try:
        return holder.from_dict(value)  # type: ignore[attr-defined]
    except ValueError as error:
        raise SchemaError(f"{name}: {error}") from None


def _ids_as_strings(body: dict[str, Any]) -> dict[str, Any]:
    """discord.py sends snowflakes as JSON integers (an attachment's index, `allowed_mentions`'
    user ids); the spec writes them as strings, and Discord takes either form."""

    def text(value: Any) -> Any:
        return str(value) if type(value) is int else value

    out = dict(body)
    if isinstance(body.get("attachments"), list):
        out["attachments"] = [
            a | {"id": text(a.get("id"))} if isinstance(a, dict) else a for a in body["attachments"]
        ]
    mentions = body.get("allowed_mentions")
    if isinstance(mentions, dict):
        out["allowed_mentions"] = mentions | {
            key: [text(i) for i in mentions[key]]
            for key in ("users", "roles")
            if isinstance(mentions.get(key), list)
        }
    return out


def callback(body: Any) -> BaseModel:
    """An interaction response: its `type` picks the schema, its data is a message body."""
    kind = body.get("type") if isinstance(body, dict) else None
    model = CALLBACK_MODELS.get(kind) if type(kind) is int else None
    if model is None:
        raise SchemaError(f"type: no interaction callback of type {kind!r}")
    fields = dict(body)
    data = body.get("data")
    if data is not None and "data" in model.model_fields:
        fields["data"] = message(_wrapper(model, "data"), data, "data")
    return _validated(model, fields, "body")


def request(method: str, path: str, body: Any) -> BaseModel | None:
    """Validate a REST call's JSON body if it sends a message; None for any other route."""
    if method == "POST" and CALLBACK_ROUTE.search(path):
        return callback(body)
    for route_method, pattern, model in ROUTES:
        if method == route_method and pattern.search(path):
            return message(model, body)
    return None
