"""The Texts a session is worded in: its channel's language and each seat's."""

from __future__ import annotations

from collections import OrderedDict

from bot.frontend.texts import Texts
from engine.i18n import Localizer, locale_of
from table.service import Session

KEPT_TEXTS = 4096  # (session, language) wordings kept; a game ending drops its own


class Wording:
    def __init__(self, localizer: Localizer, default_locale: str) -> None:
        self.localizer = localizer
        self.default_locale = default_locale
        self._texts: OrderedDict[tuple[int, str], Texts] = OrderedDict()

    def texts(self, session: Session, locale: str | None) -> Texts:
        """Kept per session and language while the names stay, so that the names shown
        (neutralised once per Texts) are not worked out again on every message."""
        chosen = locale_of(locale, self.default_locale)
        key = (session.id, chosen)
        texts = self._texts.get(key)
        if texts is None or texts.game is not session.game or texts.names != session.names:
            texts = Texts(self.localizer, chosen, session.game, session.names)
            self._texts[key] = texts
        self._texts.move_to_end(key)
        while len(self._texts) > KEPT_TEXTS:
            self._texts.popitem(last=False)
        return texts

    def channel_texts(self, session: Session) -> Texts:
        """The server's language, remembered at /game new (the default only when none came)."""
        return self.texts(session, session.row.meta.locale or self.default_locale)

    def seat_texts(self, session: Session, seat: int) -> Texts:
        return self.texts(session, session.seats[seat].locale)

    def forget(self, session_id: int) -> None:
        for key in [key for key in self._texts if key[0] == session_id]:
            del self._texts[key]

    def __len__(self) -> int:
        return len(self._texts)
