"""A stopping server's worker pools: a task under way is abandoned, and the workers exit the normal way
(not killed), so no semaphore is left behind (the thinking bots' and the replay rebuilds' pools)."""

from __future__ import annotations

import logging
import multiprocessing
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from allegiance.server.orphans import WorkAbandoned, abandonable, start_worker, stop_pool


def _long_task(seconds: float) -> str:
    with abandonable():
        end = time.monotonic() + seconds
        while time.monotonic() < end:  # busy, as a search is: no blocking call to interrupt
            sum(range(1000))
    return "finished"


def _started() -> bool:
    return True


def _pid_after(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def test_stopping_a_pool_abandons_the_task_under_way_and_the_worker_exits_cleanly(
        caplog: pytest.LogCaptureFixture) -> None:
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker)
    assert pool.submit(_started).result(timeout=60)
    workers = list(pool._processes.values())  # noqa: SLF001 - the test looks at the real processes
    future = pool.submit(_long_task, 600.0)
    deadline = time.monotonic() + 60
    while not future.running():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(0.3)  # inside the task
    with caplog.at_level(logging.WARNING, logger="allegiance.server"):
        stop_pool(pool, timeout=60.0)
    assert isinstance(future.exception(timeout=1), WorkAbandoned)
    assert [p.exitcode for p in workers] == [0]  # left by the stop sentinel, not killed
    assert "did not stop" not in caplog.text


def test_an_idle_worker_ignores_the_signal_and_takes_the_stop_sentinel() -> None:
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker)
    pids: set[int] = set()
    while len(pids) < 2:  # both workers started (the pool spawns them on demand): two tasks at once
        pids |= {f.result(timeout=60) for f in [pool.submit(_pid_after, 0.5) for _ in range(2)]}
    workers = list(pool._processes.values())  # noqa: SLF001
    busy = pool.submit(_long_task, 600.0)  # one worker busy, so the signal is sent to both
    deadline = time.monotonic() + 60
    while not busy.running():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    time.sleep(0.3)
    stop_pool(pool, timeout=60.0)
    assert isinstance(busy.exception(timeout=1), WorkAbandoned)
    assert {p.pid for p in workers} == pids
    assert [p.exitcode for p in workers] == [0, 0]


_STOP_AT_ONCE = """
import multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from test_worker_stop import _long_task
from allegiance.server.orphans import start_worker, stop_pool
if __name__ == "__main__":
    for _ in range(3):
        pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn"), initializer=start_worker)
        futures = [pool.submit(_long_task, 600.0) for _ in range(3)]
        stop_pool(pool, timeout=30.0)  # the workers are still starting
        assert all(f.done() for f in futures)
    print("stopped")
"""


def test_a_pool_stopped_while_its_workers_start_stops_and_leaks_nothing(tmp_path: Path) -> None:
    script = tmp_path / "stop_at_once.py"
    script.write_text(_STOP_AT_ONCE)
    done = subprocess.run([sys.executable, str(script), str(Path(__file__).parent)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "stopped"
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr, done.stderr
