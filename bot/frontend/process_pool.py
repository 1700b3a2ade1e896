"""A process pool without threads: the event loop writes each job down a worker's pipe and
reads the answer when the pipe is readable (`loop.add_reader`).

concurrent.futures.ProcessPoolExecutor wakes a manager thread through a pipe on every submit
and feeds its call queue from another thread; under bench.load both threads took the GIL from
the event loop for about 1.9 ms of wall time per render (issue 20). Here a job costs the loop
one pickle, one write and one read. A worker that dies fails its one job (never hangs it) and
is replaced; the pool stays usable.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import pickle
import struct
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any


def _serve(conn: Connection, initializer: Callable[[], None] | None) -> None:
    """A worker: run each job received until the pool closes its end of the pipe."""
    if initializer is not None:
        initializer()
    while True:
        try:
            fn, args, kwargs = pickle.loads(conn.recv_bytes())
        except EOFError:
            return
        try:
            answer = (True, fn(*args, **kwargs))
        except Exception as error:  # handed back to the caller's future
            answer = (False, error)
        try:
            data = pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # an unpicklable result or exception
            data = pickle.dumps((False, RuntimeError(repr(error))), pickle.HIGHEST_PROTOCOL)
        try:
            _send_whole(conn, data)
        except OSError:  # the pool shut down meanwhile
            return


def _send_whole(conn: Connection, data: bytes) -> None:
    """`conn.send_bytes(data)` in one write, not two: above 16 KiB (every board) send_bytes
    writes the length first, and the loop, woken by it, would wait inside its read for this
    low-priority process to be scheduled again for the rest. Same framing: a big-endian
    32-bit length, then the bytes (multiprocessing.connection)."""
    view = memoryview(struct.pack("!i", len(data)) + data)
    while view:
        view = view[os.write(conn.fileno(), view) :]


class _Worker:
    def __init__(self, context: Any, initializer: Callable[[], None] | None) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, initializer), daemon=True)
        self.process.start()
        child.close()
        self.job: Future[Any] | None = None


class ProcessPool(Executor):
    """`count` spawned workers; submit only from the event loop's thread."""

    def __init__(self, count: int, initializer: Callable[[], None] | None = None) -> None:
        self._context = multiprocessing.get_context("spawn")  # never fork live threads
        self._initializer = initializer
        self._workers = [_Worker(self._context, initializer) for _ in range(count)]
        self._queue: deque[tuple[Future[Any], bytes]] = deque()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self._closed:
            raise RuntimeError("cannot submit after shutdown")
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
            for worker in self._workers:
                self._watch(worker)
        future: Future[Any] = Future()
        self._queue.append((future, pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)))
        for worker in self._workers:
            if worker.job is None:
                self._feed(worker)
                break
        return future

    def _watch(self, worker: _Worker) -> None:
        assert self._loop is not None
        self._loop.add_reader(worker.conn.fileno(), self._answer, worker)

    def _feed(self, worker: _Worker) -> None:
        """Send the next job that nobody cancelled to an idle worker."""
        while self._queue:
            future, data = self._queue.popleft()
            if future.set_running_or_notify_cancel():
                worker.job = future
                worker.conn.send_bytes(data)
                return

    def _answer(self, worker: _Worker) -> None:
        future, worker.job = worker.job, None
        try:
            ok, value = pickle.loads(worker.conn.recv_bytes())
        except (EOFError, OSError):
            self._replace(worker)
            if future is not None:
                future.set_exception(BrokenProcessPool("a render worker died"))
            return
        if future is not None:
            (future.set_result if ok else future.set_exception)(value)
        self._feed(worker)

    def _replace(self, dead: _Worker) -> None:
        assert self._loop is not None
        self._loop.remove_reader(dead.conn.fileno())
        dead.conn.close()
        dead.process.join(1)
        if self._closed:
            return
        worker = _Worker(self._context, self._initializer)
        self._workers[self._workers.index(dead)] = worker
        self._watch(worker)
        self._feed(worker)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Close every worker's pipe (each exits at end of file); queued jobs are cancelled
        with `cancel_futures`, else they fail as a closed pool's."""
        self._closed = True
        while self._queue:
            future, _ = self._queue.popleft()
            if not cancel_futures or not future.cancel():
                future.set_exception(BrokenProcessPool("the pool was shut down"))
        for worker in self._workers:
            if self._loop is not None and not self._loop.is_closed():
                self._loop.remove_reader(worker.conn.fileno())
            worker.conn.close()
            if worker.job is not None and worker.job.cancel() is False:
                worker.job.set_exception(BrokenProcessPool("the pool was shut down"))
            if wait:
                worker.process.join()
