"""The worker processes that answer heavy requests (``diff`` and ``replay``) for ``yakuset serve``.

A heavy request holds the interpreter for tens of milliseconds (a Koi-Koi diff about 85 ms); in
the server's own process it would delay every light request behind it, and a thread that
outlasts its time limit cannot be stopped. So each heavy request is sent to one of ``size``
processes of its own (started by *spawn*: nothing of the server's threads or sockets is
inherited), which answers with the HTTP status and the JSON bytes of the answer. A worker that
overruns the time limit is killed and replaced: the work really stops.

Not :class:`concurrent.futures.ProcessPoolExecutor`: killing one of its processes breaks the
whole pool, failing the other heavy requests in flight, and it has no way to stop one task.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnProcess
from typing import Any

#: The most time a worker may take to start (Python, yakuset and the bundled rule sets loaded);
#: it is not counted against a request's time limit.
START_SECONDS = 60.0

#: Heavy work runs at a lower priority than the server's own process (``nice`` +10), so that on
#: a machine with few cores a diff yields the processor to the light requests.
NICE = 10


#: What a worker does: ``warm()`` once, then ``answer(endpoint, data)`` -> ``(status, JSON body)``
#: for each job. Both are module-level functions (or partials of them), sent to the worker by name.
Answer = Callable[[str, dict[str, Any]], tuple[int, bytes]]


def _main(conn: Connection, nice: int, warm: Callable[[], None], answer: Answer) -> None:  # pragma: no cover
    """A worker (in its own process): answer jobs ``(endpoint, data)`` until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the server, which stops its workers
    if hasattr(os, "nice"):  # not on Windows
        with contextlib.suppress(OSError):
            os.nice(nice)
    warm()  # load what the requests name, while no request waits
    with contextlib.suppress(EOFError, OSError):  # the server has gone
        conn.send(None)  # ready
        while (job := conn.recv()) is not None:
            endpoint, data = job
            conn.send(answer(endpoint, data))


class Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, nice: int, warm: Callable[[], None], answer: Answer) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process: SpawnProcess = context.Process(
            target=_main, args=(child, nice, warm, answer), name="yakuset-serve-heavy", daemon=True
        )
        self.process.start()
        child.close()
        self.ready = False

    def wait_ready(self) -> None:
        """Wait until the worker has started (not counted against a request's time limit).
        Raises :class:`OSError` if it does not start within :data:`START_SECONDS`."""
        if not self.ready:
            if not self.conn.poll(START_SECONDS):
                raise OSError(f"the worker did not start within {START_SECONDS:g} s")
            self.conn.recv()
            self.ready = True

    def call(self, job: tuple[str, dict[str, Any]], seconds: float) -> tuple[int, bytes] | None:
        """The worker's answer to ``job``, or None if it has none within ``seconds`` (once it has
        started). Raises :class:`EOFError` or :class:`OSError` if the worker has died or did not start."""
        self.wait_ready()
        self.conn.send(job)
        if not self.conn.poll(seconds):
            return None
        status, body = self.conn.recv()
        return int(status), bytes(body)

    def stop(self, kill: bool) -> None:
        """End the process: at once (``kill``), or once it has read to the end of its jobs."""
        if kill:
            self.process.kill()
        else:
            with contextlib.suppress(OSError):
                self.conn.send(None)
        self.process.join(timeout=None if kill else 5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()
        self.process.close()


class Pool:
    """``size`` worker processes; a request takes an idle one, or waits (the caller's slots bound that)."""

    def __init__(self, size: int, warm: Callable[[], None], answer: Answer, nice: int = NICE) -> None:
        self.size, self.nice, self._job = size, nice, (warm, answer)
        self._idle: list[Worker] = []
        self._lock = threading.Lock()
        self._started = False
        self._generation = 0  # a worker busy when the pool was closed is not taken back

    def start(self) -> None:
        """Start the workers (each warms up on its own); a call starts them if need be."""
        with self._lock:
            self._start()

    def _start(self) -> None:  # with the lock held
        if not self._started:
            self._idle = [Worker(self.nice, *self._job) for _ in range(self.size)]
            self._started = True

    def call(self, endpoint: str, data: dict[str, Any], seconds: float) -> tuple[int, bytes] | None:
        """``(status, JSON body)`` of a heavy request, or None if it took over ``seconds`` (its
        worker is then killed and replaced). The caller holds one of ``size`` slots, so an idle
        worker is there."""
        with self._lock:
            self._start()
            # (none idle only if a replacement failed to start: then this call starts one)
            worker = self._idle.pop() if self._idle else Worker(self.nice, *self._job)
            generation = self._generation
        try:
            answer = worker.call((endpoint, data), seconds)
        except (EOFError, OSError):
            worker.stop(kill=True)
            self._put(Worker(self.nice, *self._job), generation)
            raise RuntimeError("the worker process for this request stopped unexpectedly") from None
        if answer is None:
            worker.stop(kill=True)
            self._put(Worker(self.nice, *self._job), generation)
            return None
        self._put(worker, generation)
        return answer

    def _put(self, worker: Worker, generation: int) -> None:
        """Give a worker back to the pool, or stop it if the pool was closed since it was taken."""
        with self._lock:
            if self._started and generation == self._generation:
                self._idle.append(worker)
                return
        worker.stop(kill=True)

    def close(self) -> None:
        """Stop the idle workers (a busy one is stopped when its request ends); a later call starts them again."""
        with self._lock:
            idle, self._idle, self._started = self._idle, [], False
            self._generation += 1
        for worker in idle:
            worker.stop(kill=False)
