"""The Hint button of a member's private chooser: the hard AI's suggestion, searched in the hints'
own worker from that member's view alone, answered only to them; that member is not rated for
the game. A position already searched is answered from the cache at once and free; a new one
costs the member the server's hint cooldown (refunded when the worker is busy)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.discord_app.chooser import Components
from bot.discord_app.custom_id import ParsedId, cid
from bot.frontend.hint_search import Hint, Hints, HintsBusy, hint_line
from bot.frontend.settings import Settings
from bot.frontend.texts import Texts
from engine.core import Prompt
from engine.registry import HINTS
from table.service import Session
from table.store import StorageError

if TYPE_CHECKING:
    from bot.frontend.settings import ServerSettings
    from table.service import TableService

log = logging.getLogger("forum.hints")
TOKEN_SECONDS = 15 * 60  # an interaction token answers for 15 minutes
_asking: set[tuple[int, int]] = set()  # (session, member) with a hint being searched: one each


class Cooldown(Protocol):
    """The cooldown of a new position's hint (bot.discord_app.gate's Gate is one)."""

    async def allow(self, interaction: discord.Interaction, command: str) -> bool: ...

    def refund(self, interaction: discord.Interaction, command: str) -> None: ...


class Asker(Protocol):
    """What a Hint click uses of the router that received it (bot.discord_app.router's Router is one)."""

    @property
    def service(self) -> TableService: ...

    @property
    def settings(self) -> ServerSettings: ...

    @property
    def hints(self) -> Hints: ...

    @property
    def gate(self) -> Cooldown: ...

    def texts_for(self, interaction: discord.Interaction, session: Session | None) -> Texts: ...

    async def reply(
        self, interaction: discord.Interaction, text: str, view: Any = None
    ) -> None: ...


def with_hint(
    built: tuple[str, Components], session: Session, settings: Settings, t: Texts
) -> tuple[str, Components]:
    """A private chooser, with the Hint button where the game offers hints and the server
    allows hints."""
    body, view = built
    if settings.hints and session.game.id in HINTS:
        view.add_item(
            discord.ui.Button(
                label=t("button.hint"),
                row=4,
                style=discord.ButtonStyle.secondary,
                custom_id=cid(session.id, "hint", "ask"),
            )
        )
    return body, view


async def ask(
    router: Asker, interaction: discord.Interaction, session: Session, parsed: ParsedId
) -> None:
    """Answer a Hint click, ephemerally: the suggestion and the share of sampled games it won."""
    texts = router.texts_for(interaction, session)
    seat = session.seat_of(interaction.user.id)
    settings = await router.settings.of(session.row.guild_id)
    prompt = _owed(session, seat)
    if not settings.hints or session.game.id not in HINTS:
        await router.reply(interaction, texts("hint.off"))
        return
    if seat is None or prompt is None:
        await router.reply(interaction, texts("not_player" if seat is None else "chooser.nothing"))
        return
    known = router.hints.known(session, prompt, seat)
    if known is not None:  # this position was searched: no search, no cooldown
        await router.reply(interaction, hint_line(texts, prompt, *known))
        return
    if (session.id, seat) in _asking:  # a member cannot queue searches by clicking again
        await router.reply(interaction, texts("hint.busy"))
        return
    if not await router.gate.allow(interaction, "hint"):
        return
    # Stored before the deferral shows "thinking…": after a restart it is answered (withdrawn).
    wait = (interaction.token, texts.locale, time.time())
    await _set_waits(router.service, session, (*session.row.meta.hint_waits, wait))
    await interaction.response.defer(ephemeral=True, thinking=True)  # the search takes a while
    _asking.add((session.id, seat))
    try:
        action, share = await router.hints.suggest(router.service, session, prompt, seat)
    except HintsBusy:
        router.gate.refund(interaction, "hint")
        await router.reply(interaction, texts("hint.queue"))
        return
    finally:
        _asking.discard((session.id, seat))
        waits = tuple(w for w in session.row.meta.hint_waits if w[0] != interaction.token)
        await _set_waits(router.service, session, waits)
    log.info("hint given: session %s, seat %s", session.id, seat)
    await router.reply(interaction, hint_line(texts, prompt, action, share))


async def _set_waits(
    service: TableService, session: Session, waits: tuple[tuple[str, str, float], ...]
) -> None:
    with contextlib.suppress(StorageError):  # the hint goes on; a restart then finds it late
        await service.set_meta(session, durable=True, hint_waits=waits)


async def withdraw_deferred(
    client: discord.Client, service: TableService, session: Session, texts: Callable[[str], Texts]
) -> None:
    """After a restart: each hint left "thinking…" by the process that died is answered, while
    its interaction token lasts, with a line saying to ask again; then forgotten."""
    waits, now = session.row.meta.hint_waits, time.time()
    if not waits or client.application_id is None:
        return
    for token, locale, asked in waits:
        if now - asked < TOKEN_SECONDS:
            webhook = discord.Webhook.partial(client.application_id, token, client=client)
            with contextlib.suppress(discord.HTTPException):
                # The first followup fills the ephemeral "thinking…" reply.
                await webhook.send(texts(locale)("hint.restarted"))
    await _set_waits(service, session, ())


async def offer(
    router: Asker, interaction: discord.Interaction, session: Session, seat: int, prompt: Prompt
) -> None:
    """A learning game's hint, given without asking after the chooser opened on the board."""
    settings = await router.settings.of(session.row.guild_id)
    known = await unasked(router.hints, router.service, settings, session, seat, prompt)
    if known is not None:
        texts = router.texts_for(interaction, session)
        await router.reply(interaction, hint_line(texts, prompt, *known))


async def unasked(
    hints: Hints,
    service: TableService,
    settings: Settings,
    session: Session,
    seat: int,
    prompt: Prompt,
) -> Hint | None:
    """The hint a learning game gives without asking (bot.discord_app.learn), by the board's
    chooser or by DM: the Hint button's search and cache, one search at a time per member (a
    second while one runs gets none), no cooldown and no rating to lose (nobody is rated)."""
    if not settings.hints or session.game.id not in HINTS or (session.id, seat) in _asking:
        return None
    known = hints.known(session, prompt, seat)
    if known is None:
        _asking.add((session.id, seat))
        try:
            known = await hints.suggest(service, session, prompt, seat)
        except HintsBusy:
            return None
        finally:
            _asking.discard((session.id, seat))
    return known


def _owed(session: Session, seat: int | None) -> Prompt | None:
    if seat is None or session.is_ai(seat):
        return None
    return next((p for p in session.pending() if seat in p.seats), None)
