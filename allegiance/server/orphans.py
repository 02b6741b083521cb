"""Worker processes that never outlive their server, and stop at once when it stops.

The replay worker and the bots' thinking processes wait for work on a queue.

- When the server is killed outright (``kill -9``, an out-of-memory kill) nothing tells them, and they
  would wait forever, each holding its memory.  Every worker runs :func:`start_worker` at start: a
  daemon thread ends the process as soon as its parent is gone (its parent id changes when it is
  re-parented).
- When the server stops cleanly, a worker may be in the middle of a long task (a bot's search, a
  replay's rebuild) whose answer nobody waits for any more.  :func:`stop_pool` sends each worker a
  SIGTERM, which abandons a task run under :func:`abandonable` (it raises :class:`WorkAbandoned` in it),
  so the worker takes the pool's stop sentinel and exits the normal way, its queues closed.  Waiting for
  the task instead took more than five seconds on a busy machine, and killing the worker then left the
  pool's semaphores to be reported leaked.  An idle worker ignores the signal.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

log = logging.getLogger("allegiance.server")

#: seconds between two looks at the parent process
POLL_SECONDS = 0.5


class WorkAbandoned(BaseException):
    """Raised inside a worker's task when its server stops: nobody waits for the answer any more.

    A ``BaseException``, so that no ``except Exception`` inside a bot's search or a rebuild keeps it from
    ending the task."""


_running = 0  # tasks under way in this process (abandonable); SIGTERM abandons them, else is ignored


def _on_sigterm(signum: int, frame: Any) -> None:
    if _running:
        raise WorkAbandoned("the server is stopping")


def exit_with_parent(poll: float = POLL_SECONDS) -> None:
    """Start the watcher thread that ends this process when its parent is gone."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(0)  # the server is gone: nothing is waiting for this process's answers

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def start_worker(poll: float = POLL_SECONDS) -> None:
    """Called first thing in a worker process (a pool's ``initializer``): exit with the parent, and let
    a SIGTERM abandon the task under way (see the module doc)."""
    exit_with_parent(poll)
    signal.signal(signal.SIGTERM, _on_sigterm)


@contextlib.contextmanager
def abandonable() -> Iterator[None]:
    """Run a worker task that a stopping server may abandon (:class:`WorkAbandoned` is raised in it)."""
    global _running
    _running += 1
    try:
        yield
    finally:
        _running -= 1


def _has_running_work(pool: ProcessPoolExecutor) -> bool:
    """Whether a task has been handed to the pool's workers and not finished (cancelled ones are not)."""
    items = list((getattr(pool, "_pending_work_items", None) or {}).values())
    return any(item.future.running() for item in items)


def stop_pool(pool: ProcessPoolExecutor, timeout: float = 5.0) -> None:
    """Stop a process pool for good: pending work cancelled, running work abandoned, workers joined
    (killed after ``timeout``).

    ``shutdown(wait=False)`` alone leaves the workers running past the server's exit, and their queues'
    semaphores are then reported leaked by the resource tracker; joining them releases everything.
    """
    workers = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # a shutdown without wait forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    if _has_running_work(pool):
        # Only then: a worker still starting has not installed its handler yet, and would die of it.
        for proc in workers:
            if proc.pid is not None and not multiprocessing.connection.wait([proc.sentinel], 0):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGTERM)  # abandons a task under way (start_worker)
    # Wait on the processes' sentinels, never join them here: the pool's manager thread joins them too,
    # and of two threads waiting for the same child one is told it is still alive.
    running = {proc.sentinel: proc for proc in workers}
    deadline = time.monotonic() + timeout
    while running and (left := deadline - time.monotonic()) > 0:
        for sentinel in multiprocessing.connection.wait(list(running), left):
            running.pop(sentinel)  # type: ignore[call-overload]
    for proc in running.values():
        log.warning("a worker process did not stop within %g s; killing it", timeout)
        with contextlib.suppress(ProcessLookupError):  # SIGTERM only abandons a task: stuck elsewhere
            os.kill(proc.pid, signal.SIGKILL)  # type: ignore[arg-type]
    if manager is not None:
        manager.join()  # it joins the workers and closes the pool's queues
