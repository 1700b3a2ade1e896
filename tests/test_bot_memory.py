"""Memory the bot layer keeps: nothing left for the cyclic collector, nothing kept per game."""

from __future__ import annotations

import gc

import discord

from bot.chooser import Components


async def test_a_sent_view_is_freed_without_the_cyclic_collector() -> None:
    """Views are built for every board and DM; as reference cycles they made the collector's
    pauses hold up the event loop (issue 20)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        view = Components()
        view.add_item(discord.ui.Button(label="Join", custom_id="f:1:lobby:join"))
        options = [discord.SelectOption(label="one", value="0")]
        view.add_item(discord.ui.Select(custom_id="f:1:r1:s", options=options))
        assert len(view.to_components()) == 2
        del view
        gc.collect()
        assert gc.garbage == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
