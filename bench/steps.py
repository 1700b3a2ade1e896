"""The event loop's longest steps, by name: what held the loop when its lag peaked.

asyncio's debug mode logs slow callbacks but slows every coroutine down; this only times each
`Handle._run` (one callback, or one step of a task between two awaits) and keeps the longest,
named after the task's coroutine or the callback's function. Steps are ranked by the CPU time
of the loop's thread, which other processes on a shared machine do not inflate; the wall time
(what the loop's lag saw) and the garbage collection inside the step are printed beside it.
"""

from __future__ import annotations

import asyncio
import gc
import heapq
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

KEEP = 5


def step_name(handle: asyncio.Handle) -> str:
    callback: Any = handle._callback  # type: ignore[attr-defined]
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):
        coroutine = owner.get_coro()
        return f"task {getattr(coroutine, '__qualname__', repr(coroutine))}"
    return getattr(callback, "__qualname__", repr(callback))


class StepWatch:
    def __init__(self) -> None:
        self.longest: list[tuple[float, str]] = []  # a min-heap of the KEEP longest (CPU)
        self.steps = 0
        self.gc_seconds = 0.0  # garbage collection so far, to tell it apart inside a step
        self._gc_started = 0.0

    def note(self, seconds: float, wall: float, handle: asyncio.Handle, collecting: float) -> None:
        self.steps += 1
        if len(self.longest) >= KEEP and seconds <= self.longest[0][0]:
            return
        name = f"{step_name(handle)} ({wall * 1e3:.0f} ms wall"
        name += f", GC {collecting * 1e3:.0f} ms)" if collecting >= 0.001 else ")"
        if len(self.longest) < KEEP:
            heapq.heappush(self.longest, (seconds, name))
        else:
            heapq.heapreplace(self.longest, (seconds, name))

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.gc_seconds += time.perf_counter() - self._gc_started

    def report(self) -> str:
        ranked = sorted(self.longest, reverse=True)
        return "; ".join(f"{s * 1e3:.0f} ms CPU {name}" for s, name in ranked) or "none"

    def reset(self) -> None:
        self.longest.clear()
        self.steps = 0

    @contextmanager
    def watching(self) -> Iterator[StepWatch]:
        original = asyncio.Handle._run
        clock, cpu, note = time.perf_counter, time.thread_time, self.note

        def timed_run(handle: asyncio.Handle) -> None:
            started, used, collected = clock(), cpu(), self.gc_seconds
            original(handle)
            note(cpu() - used, clock() - started, handle, self.gc_seconds - collected)

        asyncio.Handle._run = timed_run  # type: ignore[method-assign]
        gc.callbacks.append(self._on_gc)
        try:
            yield self
        finally:
            asyncio.Handle._run = original  # type: ignore[method-assign]
            gc.callbacks.remove(self._on_gc)
