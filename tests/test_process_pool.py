"""The live boards' process pool (bot.frontend.process_pool): answers, errors, and a worker's
death."""

from __future__ import annotations

import asyncio
import os
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.frontend.process_pool import ProcessPool


def _fail() -> None:
    raise ValueError("no board")


def _die() -> None:
    os._exit(3)


async def test_jobs_answer_in_order_of_submission_and_errors_reach_the_caller() -> None:
    pool = ProcessPool(2)
    loop = asyncio.get_running_loop()
    try:
        sums = [loop.run_in_executor(pool, sum, range(n)) for n in range(20)]
        assert await asyncio.gather(*sums) == [sum(range(n)) for n in range(20)]
        for size in (16_000, 40_000, 300_000):  # one write each, and beyond a pipe's buffer
            assert await loop.run_in_executor(pool, bytes, size) == bytes(size)
        with pytest.raises(ValueError, match="no board"):
            await loop.run_in_executor(pool, _fail)
    finally:
        pool.shutdown()


async def test_a_dead_worker_fails_its_one_job_and_is_replaced() -> None:
    pool = ProcessPool(1)
    loop = asyncio.get_running_loop()
    try:
        before = pool.pids()
        dying = loop.run_in_executor(pool, _die)
        queued = loop.run_in_executor(pool, sum, [1, 2])
        with pytest.raises(BrokenProcessPool):
            await dying
        assert await queued == 3  # served by the replacement
        assert pool.pids() != before
    finally:
        pool.shutdown()


async def test_shutdown_cancels_queued_jobs() -> None:
    pool = ProcessPool(1)
    loop = asyncio.get_running_loop()
    first = loop.run_in_executor(pool, sum, [1])
    queued = pool.submit(sum, [2])
    pool.shutdown(wait=True, cancel_futures=True)
    assert queued.cancelled()
    with pytest.raises(BrokenProcessPool):
        await first
