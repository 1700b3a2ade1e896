"""`/game mine`: the asker's open async games on every server, from a server or from a DM.

Each line names the game, its server and channel (a link to the board), whose turn it is, the
asker's clock and how long the table has waited. A game is named only when the asker can view
its channel now (the bot checks the member's permissions there, in an auto-archived thread
too; a channel or member it cannot see counts as hidden): a member who lost access to a channel
learns nothing of it from here.
The list is one private answer, paged by editing it (no follow-ups: a user-installed command
may send at most five).
"""

from __future__ import annotations

from dataclasses import dataclass

import discord

from bot.discord_app.sending import NO_PINGS, table_channel
from bot.frontend.safe_text import NAME_MAX, clip, neutral
from bot.frontend.texts import Texts
from engine.registry import GAMES
from table.pace import duration
from table.turn_clocks import MyGame, TurnClocks

PAGE = 8  # games per page: 8 lines of ~200 characters stay far under 2,000
VIEW_SECONDS = 600.0
COOLDOWN = 15.0  # seconds between two lists: each may look the asker up on every server (REST)


@dataclass(frozen=True)
class Shown:
    game: MyGame
    guild: str  # the server's name, neutralised


async def visible_games(
    client: discord.Client, clocks: TurnClocks, user_id: int
) -> tuple[list[Shown], int]:
    """The asker's games in channels they can view now, and how many others were left out."""
    shown, hidden = [], 0
    members: dict[int, discord.Member | None] = {}
    for game in await clocks.games_of(user_id):
        channel = await table_channel(client, game.channel_id)  # archived: fetched
        if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
            hidden += 1
            continue
        guild = channel.guild
        if guild.id not in members:
            members[guild.id] = await _member(guild, user_id)
        member = members[guild.id]
        if member is None or not channel.permissions_for(member).view_channel:
            hidden += 1
            continue
        shown.append(Shown(game, neutral(guild.name, NAME_MAX)))
    return shown, hidden


async def _member(guild: discord.Guild, user_id: int) -> discord.Member | None:
    member = guild.get_member(user_id)
    if member is not None:
        return member
    try:
        return await guild.fetch_member(user_id)
    except (discord.NotFound, discord.Forbidden):
        return None


def page_text(t: Texts, shown: list[Shown], hidden: int, page: int) -> str:
    """One page of the list, in the asker's language."""
    if not shown:
        return t("mine.none") + (f"\n{t('mine.hidden', count=hidden)}" if hidden else "")
    pages = -(-len(shown) // PAGE)
    lines = [t("mine.title", count=len(shown), page=page + 1, pages=pages)]
    for entry in shown[page * PAGE : (page + 1) * PAGE]:
        lines.append(_line(t, entry))
    if hidden:
        lines.append(t("mine.hidden", count=hidden))
    return clip("\n".join(lines))


def _line(t: Texts, entry: Shown) -> str:
    game = entry.game
    name = Texts(t.localizer, t.locale, GAMES[game.game], ())("name")
    waiting = ", ".join(neutral(n, NAME_MAX) for n in game.waiting_on) or t("nobody")
    key = "mine.line_yours" if game.my_turn else "mine.line"
    return t(
        key,
        game=name,
        guild=entry.guild,
        link=_link(game),
        waiting=waiting,
        left=duration(game.my_left, t.locale),
        waited=duration(game.waited, t.locale),
    )


def _link(game: MyGame) -> str:
    base = f"https://discord.com/channels/{game.guild_id or '@me'}/{game.channel_id}"
    return f"{base}/{game.board}" if game.board else base


class MinePages(discord.ui.View):
    """◀ ▶ on the private list: edits it in place, for its asker only."""

    def __init__(self, t: Texts, shown: list[Shown], hidden: int, asker: int) -> None:
        super().__init__(timeout=VIEW_SECONDS)
        self.t, self.shown, self.hidden, self.asker = t, shown, hidden, asker
        self.page = 0
        self.pages = max(1, -(-len(shown) // PAGE))
        self._mark_ends()

    def _mark_ends(self) -> None:
        self.previous.disabled = self.page == 0
        self.next.disabled = self.page >= self.pages - 1

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.asker

    async def _show(self, interaction: discord.Interaction, step: int) -> None:
        self.page = min(max(0, self.page + step), self.pages - 1)
        self._mark_ends()
        text = page_text(self.t, self.shown, self.hidden, self.page)
        await interaction.response.edit_message(content=text, view=self, allowed_mentions=NO_PINGS)

    @discord.ui.button(label="◀", custom_id="mine:previous", style=discord.ButtonStyle.secondary)
    async def previous(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, -1)

    @discord.ui.button(label="▶", custom_id="mine:next", style=discord.ButtonStyle.secondary)
    async def next(self, interaction: discord.Interaction, _: discord.ui.Button) -> None:
        await self._show(interaction, 1)
