"""bench.load's event-loop lag counts only what the load does: a sleep begun before the figures
were reset held the warm-up's last step, start-up's full collection, and once made that one
step (120-190 ms) the run's maximum lag while no step under load passed 4 ms."""

from __future__ import annotations

import asyncio
import time

from bench.load import Figures, watch_loop

BLOCK = 0.3  # seconds: far above any wake-up delay of a busy machine


async def _watch_while_blocked(figures: Figures, reset_during_block: bool) -> None:
    stop = asyncio.Event()
    watcher = asyncio.create_task(watch_loop(figures, stop))
    await asyncio.sleep(0.02)  # the watcher is asleep now
    time.sleep(BLOCK)  # a blocking step, as tune_gc's collection is
    if reset_during_block:
        figures.__dict__.update(Figures().__dict__)  # as LoadRun.prepare resets them
    await asyncio.sleep(0.05)
    stop.set()
    await watcher


async def test_a_sleep_begun_before_the_reset_is_not_counted() -> None:
    figures = Figures()
    await _watch_while_blocked(figures, reset_during_block=True)
    assert figures.loop_lag and max(figures.loop_lag) < BLOCK - 0.05, figures.loop_lag


async def test_a_blocking_step_after_the_reset_is_counted() -> None:
    figures = Figures()
    await _watch_while_blocked(figures, reset_during_block=False)
    assert max(figures.loop_lag) >= BLOCK - 0.01, figures.loop_lag
