"""Learning a game at the terminal (issue 29): the running scoreboard and the board in words at
every prompt, a tip the first time a player meets each kind of decision, and commands typed
instead of an answer: `rules`, `card NAME` (its picture too, in the game's folder), `tip`,
`tips off` / `tips on`.

Everything here is worded from the engine's catalogs (Game.rules_text, Game.card, Game.tip,
Game.board_lines), so the terminal says what the Discord front end says.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.terminal.local_input import normalise
from engine.core import RULE_SECTIONS, Game, Prompt
from engine.i18n import Localizer, card_words
from render.cards import card_png

RULES_WORDS = frozenset({"rules", "ルール"})
TIP_WORDS = frozenset({"tip", "説明"})
CARD_WORDS = frozenset({"card", "カード"})
SHOWN = 3  # cards a `card` lookup words in full


class Learning:
    """The learning aids of one terminal table, in one language."""

    def __init__(self, text: Localizer, locale: str) -> None:
        self.text = text
        self.locale = locale
        self.tips = True
        self.seen: set[tuple[int, str]] = set()  # (seat, move) whose tip was shown

    def t(self, key: str, game: Game | None = None, names: Any = (), /, **args: Any) -> str:
        return self.text.text(self.locale, key, game, names, **args)

    def table_lines(self, game: Game, view: Any, names: list[str]) -> list[str]:
        """The running scoreboard (when the game keeps one), then the board in words."""
        lines = []
        scores = getattr(view, game.score_field, None) if game.score_field else None
        if scores is not None:
            pairs = [[seat, score] for seat, score in enumerate(scores)]
            lines.append(self.t("local.scoreboard", game, names, seat_scores=pairs))
        lines += [self.text.msg(self.locale, line, game, names) for line in game.board_lines(view)]
        return lines

    def first_tip(self, game: Game, seat: int, prompt: Prompt) -> str | None:
        """The tip for this kind of decision, the first time this seat meets it (tips on)."""
        if not self.tips or (seat, prompt.move) in self.seen:
            return None
        self.seen.add((seat, prompt.move))
        return self._tip(game, prompt)

    def command(
        self, game: Game, prompt: Prompt, raw: str, folder: Path | None = None
    ) -> list[str] | None:
        """The answer to a learning command typed at a prompt, or None when `raw` is none;
        `card NAME` also writes the card's picture into `folder` (the game's boards folder)."""
        words = normalise(raw).split(maxsplit=1)
        if not words:
            return None
        head, rest = words[0].casefold(), words[1] if len(words) > 1 else ""
        if head in RULES_WORDS and not rest:
            return self._rules(game)
        if head in TIP_WORDS and not rest:
            return [self._tip(game, prompt)]
        if head in TIP_WORDS | {"tips"} and rest.casefold() in ("on", "off"):
            self.tips = rest.casefold() == "on"
            return [self.t("local.tips_on" if self.tips else "local.tips_off")]
        if head in CARD_WORDS and game.cards():
            return self._card(game, rest, folder)
        return None

    def _tip(self, game: Game, prompt: Prompt) -> str:
        return self.t("local.tip", tip=self.text.msg(self.locale, game.tip(prompt), game))

    def _rules(self, game: Game) -> list[str]:
        lines = [self.t("local.rules_of", game=self.text.text(self.locale, "name", game))]
        for section in RULE_SECTIONS:
            lines.append(f"[{self.t(f'local.section.{section}')}]")
            lines.append(self.text.msg(self.locale, game.rules_text(section), game))
        return lines

    def _card(self, game: Game, wanted: str, folder: Path | None) -> list[str]:
        """The cards whose id or name (in either language) is `wanted`, or start with it; with
        a folder, each shown card's picture as `/game card` shows it (render.cards)."""
        key = normalise(wanted).casefold()
        found = [card for card in game.cards() if key and _matches(game, card, key)]
        if not found:
            return [self.t("local.no_card", name=wanted or "…", count=len(game.cards()))]
        texts: dict[str, str] = {}  # line -> its first card: copies (three Spies) once
        for card in found:
            name, text, _ = card_words(game, card, self.locale)
            texts.setdefault(text if text.startswith(name) else f"{name}: {text}", card)
        shown = list(texts.items())[:SHOWN]
        lines = [line for line, _ in shown]
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)
            for _, card in shown:
                path = folder / f"card-{card}-{self.locale}.png"
                path.write_bytes(card_png(game.id, card, self.locale))
                lines.append(self.t("local.card_picture", path=path))
        more = [self.t("local.more_cards", count=len(texts) - SHOWN)] if len(texts) > SHOWN else []
        return lines + more


def _matches(game: Game, card: str, key: str) -> bool:
    names = [card] + [card_words(game, card, locale)[0] for locale in ("en", "ja")]
    folded = [normalise(name).casefold() for name in names]
    return any(name == key for name in folded) or any(name.startswith(key) for name in folded)
