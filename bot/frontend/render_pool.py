"""Where board images are drawn: worker processes, so drawing never holds the event loop.

Pillow's drawing holds the GIL (only zlib's encoding releases it), so renders in threads still
delay the event loop; measured with the six boards on this 2-core machine, 120 renders in two
threads kept the loop late by up to 69 ms, in two processes by up to 46 ms. A view is a small
pydantic model and pickles in microseconds; the live boards' pool is bot.frontend.process_pool, which
adds no thread beside the loop.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from bot.frontend.process_pool import ProcessPool

RENDER_NICENESS = 5
AFTER_GAME_NICENESS = 15  # replays yield to live boards, which yield to the event loop
HINT_NICENESS = 15  # hint searches too: a member's hint never slows another game's board


def preload() -> None:
    """Import every renderer once per worker, so no player waits for an import; and step back
    in the OS scheduler's queue, so the event loop (answering clicks) runs first when the
    cores are busy and renders take the rest."""
    from engine.registry import GAMES
    from render import renderer

    os.nice(RENDER_NICENESS)
    for game_id in GAMES:
        renderer(game_id)


def render_pool(processes: int) -> Executor | None:
    """`processes` workers (-1: one per core), or None for the event loop's default threads."""
    if processes == 0:
        return None
    count = (os.cpu_count() or 1) if processes < 0 else processes
    return ProcessPool(count, initializer=preload)


def _after_game_preload() -> None:
    preload()
    os.nice(AFTER_GAME_NICENESS - RENDER_NICENESS)


def after_game_pool(processes: int) -> Executor:
    """The one worker of replays and other after-game work, never the live boards' pool: a
    process below the renderers' priority (`processes` 0, as in tests: one thread)."""
    if processes == 0:
        return ThreadPoolExecutor(1, thread_name_prefix="after-game")
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(1, mp_context=context, initializer=_after_game_preload)


def _hint_preload() -> None:
    """Step back first, then import every game's rules and search (a second of CPU)."""
    os.nice(HINT_NICENESS)
    importlib.import_module("engine.registry")


def hint_pool(processes: int) -> Executor:
    """The one worker of hint searches, never the live boards' pool: a process below the
    renderers' priority (`processes` 0, as in tests: one thread)."""
    if processes == 0:
        return ThreadPoolExecutor(1, thread_name_prefix="hints")
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=context, initializer=_hint_preload)
    pool.submit(int)  # started now, at start-up, not by the first Hint in the middle of games
    return pool
