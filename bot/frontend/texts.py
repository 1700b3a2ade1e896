"""Texts: everything a message needs to be worded for one reader (locale, game, names)."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.frontend.safe_text import LABEL_MAX, NAME_MAX, clip, neutral, neutral_all
from engine.core import Event, Game, Msg
from engine.i18n import Localizer


@dataclass(frozen=True)
class Texts:
    """What the chooser needs to word things for one reader.

    Players' names and the string arguments of the game's messages (a promise, an echoed
    option) were typed by members: in message contents they are shown neutralised (see
    bot.frontend.safe_text); labels, where Discord renders no markdown or mention, show them plain."""

    localizer: Localizer
    locale: str
    game: Game | None
    names: Sequence[str]

    @functools.cached_property
    def shown_names(self) -> list[str]:
        return [neutral(name, NAME_MAX) for name in self.names]

    def __call__(self, key: str, /, **args: Any) -> str:
        return self.localizer.text(self.locale, key, self.game, self.shown_names, **args)

    def msg(self, msg: Msg) -> str:
        args = {name: neutral_all(value) for name, value in msg.args.items()}
        return self.localizer.msg(
            self.locale, Msg(key=msg.key, args=args), self.game, self.shown_names
        )

    def event(self, event: Event) -> str:
        return self.msg(Msg(key=f"event.{event.type}", args=event.data))

    def label(self, msg: Msg, fallback: object = "", limit: int = LABEL_MAX) -> str:
        """A button or select label: plain text, clipped, never empty."""
        text = self.localizer.msg(self.locale, msg, self.game, self.names) or str(fallback)
        return clip(text, limit) or "…"
