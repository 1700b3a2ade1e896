"""Message components as Discord accepts them, legacy and layout (Components V2).

The rules come from Discord's component reference (docs/components/reference.mdx in
discord/discord-api-docs) and the request schemas of discord/discord-api-spec
(`*ComponentForMessageRequest`: which component may hold which):

- A message with the IS_COMPONENTS_V2 flag (1 << 15) shows only its components: `content`,
  `embeds`, `poll` and `stickers` are refused, attachments show only where a component names
  them (`attachment://<filename>`), at most 40 components in all (nested ones counted) and
  4,000 characters across its text displays. The flag cannot be taken off a message again.
- Top level of a layout message: action row, section, text display, media gallery, file,
  separator, container. A container holds the same minus containers; a section holds one to
  three text displays and one accessory (a button or a thumbnail); a media gallery 1-10 items.
- An action row holds up to 5 buttons or one select; a legacy message up to 5 action rows.
- custom_id 1-100 characters, unique in the message; button label <= 80; select options 1-25.

A refusal is Discord's 400 / 50035 "Invalid Form Body" with the path of the first fault.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

COMPONENTS_V2 = 1 << 15
MAX_COMPONENTS = 40
MAX_TEXT = 4000
MAX_LEGACY_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_OPTIONS = 25
MAX_SECTION_TEXTS = 3
MAX_GALLERY_ITEMS = 10
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
OPTION_FIELD_MAX = 100
PLACEHOLDER_MAX = 150
MEDIA_DESCRIPTION_MAX = 1024
URL_MAX = 512

ACTION_ROW, BUTTON, STRING_SELECT, TEXT_INPUT = 1, 2, 3, 4
SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = (
    9,
    10,
    11,
    12,
    13,
    14,
    17,
)
SELECTS = frozenset({STRING_SELECT, 5, 6, 7, 8})
LINK, PREMIUM = 5, 6
LAYOUT_TOP = frozenset({ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR})
IN_CONTAINER = LAYOUT_TOP  # a container holds what a message does, except containers
TOP_LEVEL_V2 = LAYOUT_TOP | {CONTAINER}
ACCESSORIES = frozenset({BUTTON, THUMBNAIL})
ATTACHMENT_SCHEME = "attachment://"


class LayoutError(ValueError):
    """A payload Discord refuses; the message is what follows "Invalid Form Body: "."""


@dataclass(frozen=True)
class Form:
    """What a message would be after a create or an edit: the state that is checked."""

    flags: int
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    attachment_names: frozenset[str]
    poll: bool = False
    stickers: bool = False

    @property
    def is_layout(self) -> bool:
        return bool(self.flags & COMPONENTS_V2)


def walk(components: list[dict[str, Any]], path: str = "components") -> Iterator[tuple[str, dict]]:
    """Every component with its path, depth first: children, then a section's accessory."""
    for index, comp in enumerate(components):
        here = f"{path}[{index}]"
        yield here, comp
        yield from walk(comp.get("components") or [], f"{here}.components")
        accessory = comp.get("accessory")
        if isinstance(accessory, dict):
            yield f"{here}.accessory", accessory


def check_form(form: Form) -> None:
    """Refuse a message Discord would refuse (see the module docstring)."""
    if form.is_layout:
        _check_layout_fields(form)
        _check_children(form.components, TOP_LEVEL_V2, "components")
    else:
        if len(form.components) > MAX_LEGACY_ROWS:
            raise LayoutError(f"components: Must be {MAX_LEGACY_ROWS} or fewer in length.")
        _check_children(form.components, frozenset({ACTION_ROW}), "components")
    seen: set[str] = set()
    for path, comp in walk(form.components):
        _check_component(path, comp, form)
        custom_id = comp.get("custom_id")
        if custom_id is not None:
            if custom_id in seen:
                raise LayoutError(f"{path}.custom_id: Component custom id cannot be duplicated")
            seen.add(custom_id)


def _check_layout_fields(form: Form) -> None:
    for name, used in (
        ("content", bool(form.content)),
        ("embeds", bool(form.embeds)),
        ("poll", form.poll),
        ("sticker_ids", form.stickers),
    ):
        if used:
            raise LayoutError(
                f"{name}: The '{name}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"
            )
    count = sum(1 for _ in walk(form.components))
    if count > MAX_COMPONENTS:
        raise LayoutError(f"components: Must be {MAX_COMPONENTS} or fewer in total ({count}).")
    text = layout_text_length(form.components)
    if text > MAX_TEXT:
        raise LayoutError(f"components: Text displays exceed {MAX_TEXT} characters ({text}).")


def layout_text_length(components: list[dict[str, Any]]) -> int:
    """Characters across every text display, as Discord counts them against 4,000."""
    return sum(
        len(comp.get("content") or "") for _, comp in walk(components) if comp.get("type") == 10
    )


def _check_children(children: list[dict[str, Any]], allowed: frozenset[int], path: str) -> None:
    for index, child in enumerate(children):
        if not isinstance(child, dict) or child.get("type") not in allowed:
            kind = child.get("type") if isinstance(child, dict) else child
            raise LayoutError(f"{path}[{index}].type: Component type {kind} not allowed here")


def _check_component(path: str, comp: dict[str, Any], form: Form) -> None:
    kind = comp.get("type")
    if kind not in CHECKS:
        if kind not in SELECTS:
            raise LayoutError(f"{path}.type: Component type {kind} cannot be sent in a message")
        _check_select(path, comp)
        return
    CHECKS[kind](path, comp, form)


def _too_long(path: str, text: Any, limit: int) -> None:
    if isinstance(text, str) and len(text) > limit:
        raise LayoutError(f"{path}: Must be {limit} or fewer in length.")


def _length_between(path: str, items: Any, low: int, high: int) -> None:
    count = len(items) if isinstance(items, list) else 0
    if not low <= count <= high:
        raise LayoutError(f"{path}: Must be between {low} and {high} in length.")


def _check_custom_id(path: str, comp: dict[str, Any]) -> None:
    custom_id = comp.get("custom_id")
    if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
        raise LayoutError(f"{path}.custom_id: Must be between 1 and {CUSTOM_ID_MAX} in length.")


def _check_row(path: str, comp: dict[str, Any], form: Form) -> None:
    children = comp.get("components") or []
    _length_between(f"{path}.components", children, 1, MAX_ROW_BUTTONS)
    kinds = {child.get("type") for child in children}
    if kinds <= {BUTTON}:
        return
    if len(children) != 1 or not kinds <= SELECTS:
        raise LayoutError(f"{path}.components: Up to 5 buttons or a single select")


def _check_button(path: str, comp: dict[str, Any], form: Form) -> None:
    style = comp.get("style")
    _too_long(f"{path}.label", comp.get("label"), BUTTON_LABEL_MAX)
    if style == LINK:
        if not comp.get("url") or "custom_id" in comp:
            raise LayoutError(f"{path}: A link button has a url and no custom_id")
        _too_long(f"{path}.url", comp.get("url"), URL_MAX)
    elif style == PREMIUM:
        if not comp.get("sku_id") or "custom_id" in comp:
            raise LayoutError(f"{path}: A premium button has a sku_id and no custom_id")
    elif style in (1, 2, 3, 4):
        if "url" in comp:
            raise LayoutError(f"{path}.url: Only link buttons have a url")
        _check_custom_id(path, comp)
    else:
        raise LayoutError(f"{path}.style: Value {style} is not a button style")


def _check_select(path: str, comp: dict[str, Any]) -> None:
    _check_custom_id(path, comp)
    _too_long(f"{path}.placeholder", comp.get("placeholder"), PLACEHOLDER_MAX)
    if comp.get("type") == STRING_SELECT:
        options = comp.get("options") or []
        _length_between(f"{path}.options", options, 1, MAX_OPTIONS)
        for option in options:
            for key in ("label", "value", "description"):
                _too_long(f"{path}.options.{key}", option.get(key), OPTION_FIELD_MAX)


def _check_section(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    children = comp.get("components") or []
    _length_between(f"{path}.components", children, 1, MAX_SECTION_TEXTS)
    _check_children(children, frozenset({TEXT_DISPLAY}), f"{path}.components")
    accessory = comp.get("accessory")
    if not isinstance(accessory, dict) or accessory.get("type") not in ACCESSORIES:
        raise LayoutError(f"{path}.accessory: A button or a thumbnail is required")


def _check_text(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    content = comp.get("content")
    if not isinstance(content, str) or not content:
        raise LayoutError(f"{path}.content: This field is required")
    _too_long(f"{path}.content", content, MAX_TEXT)


def _check_thumbnail(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    if not path.endswith("accessory"):
        raise LayoutError(f"{path}.type: A thumbnail is only a section's accessory")
    _check_media(f"{path}.media", comp.get("media"), form)
    _too_long(f"{path}.description", comp.get("description"), MEDIA_DESCRIPTION_MAX)


def _check_gallery(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    items = comp.get("items") or []
    _length_between(f"{path}.items", items, 1, MAX_GALLERY_ITEMS)
    for index, item in enumerate(items):
        _check_media(f"{path}.items[{index}].media", item.get("media"), form)
        _too_long(
            f"{path}.items[{index}].description", item.get("description"), MEDIA_DESCRIPTION_MAX
        )


def _check_file(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    media = comp.get("file")
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url.startswith(ATTACHMENT_SCHEME):
        raise LayoutError(f"{path}.file.url: Only attachment:// references are allowed")
    _check_media(f"{path}.file", media, form)


def _check_separator(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    if comp.get("spacing", 1) not in (1, 2):
        raise LayoutError(f"{path}.spacing: Value must be 1 or 2")


def _check_container(path: str, comp: dict[str, Any], form: Form) -> None:
    _require_layout(path, form)
    _check_children(comp.get("components") or [], IN_CONTAINER, f"{path}.components")
    color = comp.get("accent_color")
    if color is not None and not (isinstance(color, int) and 0 <= color <= 0xFFFFFF):
        raise LayoutError(f"{path}.accent_color: Must be between 0 and 16777215")


def _require_layout(path: str, form: Form) -> None:
    if not form.is_layout:
        raise LayoutError(f"{path}.type: Needs the IS_COMPONENTS_V2 message flag")


def _check_media(path: str, media: Any, form: Form) -> None:
    url = media.get("url") if isinstance(media, dict) else None
    if not isinstance(url, str) or not url:
        raise LayoutError(f"{path}.url: This field is required")
    if url.startswith(ATTACHMENT_SCHEME) and url[len(ATTACHMENT_SCHEME) :] not in (
        form.attachment_names
    ):
        raise LayoutError(f"{path}.url: No attachment named {url[len(ATTACHMENT_SCHEME) :]!r}")


CHECKS: dict[int, Callable[[str, dict[str, Any], Form], None]] = {
    ACTION_ROW: _check_row,
    BUTTON: _check_button,
    SECTION: _check_section,
    TEXT_DISPLAY: _check_text,
    THUMBNAIL: _check_thumbnail,
    MEDIA_GALLERY: _check_gallery,
    FILE: _check_file,
    SEPARATOR: _check_separator,
    CONTAINER: _check_container,
}


def referenced_attachments(components: list[dict[str, Any]]) -> set[str]:
    """Filenames a layout message shows: those its components name as attachment://."""
    names = set()
    for _, comp in walk(components):
        medias = [comp.get("media"), comp.get("file")]
        medias += [item.get("media") for item in comp.get("items") or []]
        for media in medias:
            url = media.get("url") if isinstance(media, dict) else None
            if isinstance(url, str) and url.startswith(ATTACHMENT_SCHEME):
                names.add(url[len(ATTACHMENT_SCHEME) :])
    return names
