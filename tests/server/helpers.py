"""Servers for the tests: in-process (uvicorn in a thread) or a separate process that can be killed."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from allegiance.server import create_app

ROOT = Path(__file__).resolve().parents[2]
#: called when a server is stopped by a failing test's ``finally`` (an exception is on its way), before it
#: stops: the browser tests' ``pages`` fixture takes its screenshots here, while the pages still show the
#: failure rather than a lost server ("reconnecting…")
BEFORE_FAILED_STOP: list[Callable[[], None]] = []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_up(base: str, timeout: float = 240.0, proc: subprocess.Popen[bytes] | None = None) -> None:
    """Wait for the server at ``base`` to answer.  A server process that exits fails at once; one that
    is still starting is waited for: on a loaded 2-core machine a start (imports, worker processes)
    took over 20 s, the old bound, so ``timeout`` only catches a server that hangs.  Each request may take
    up to 10 s: a server restarted under 200 tables' reconnecting pages answered, but slower than the 1 s
    the probe used to allow, so the soak's restart was taken for a server that did not start."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            said = ""
            if proc.stderr is not None:  # what it said (a leftover child may hold the pipe open: no waiting)
                os.set_blocking(proc.stderr.fileno(), False)
                said = (proc.stderr.read() or b"").decode(errors="replace")[-3000:]
            raise RuntimeError(f"server exited with code {proc.returncode}" + (f":\n{said}" if said else ""))
        try:
            if httpx.get(f"{base}/api/games", timeout=10).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise TimeoutError(f"server at {base} did not start")


@contextlib.contextmanager
def server_thread(db: str, bot_delay: float = 0.0, rate: tuple[float, int] = (20.0, 40)) -> Iterator[str]:
    """An in-process server (the test can patch its modules); yields the base URL."""
    port = free_port()
    config = uvicorn.Config(create_app(db=db, bot_delay=bot_delay, rate=rate), host="127.0.0.1", port=port,
                            log_level="warning", ws_max_size=64 * 1024)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class ServerProcess:
    """``allegiance serve`` in its own process, so a test can kill it like a crash.

    Its stderr is a pipe (a test may read it), or the file ``log`` for a server that lives through many
    tests: a pipe nobody reads would fill up and stop the server in its next write."""

    def __init__(self, db: str, port: int | None = None, bot_delay: float = 0.0,
                 extra: list[str] | None = None, log: Path | None = None) -> None:
        self.db = db
        self.extra = list(extra or [])
        self.log = log
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.proc: subprocess.Popen[bytes] | None = None
        self.base = f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        code = "from allegiance.cli import app; app()"
        with contextlib.ExitStack() as opened:
            stderr = opened.enter_context(self.log.open("ab")) if self.log is not None else subprocess.PIPE
            self.proc = subprocess.Popen(
                [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db", self.db,
                 "--bot-delay", str(self.bot_delay), "--log-level", "warning", *self.extra],
                cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr, env={**os.environ})
        try:
            wait_until_up(self.base, proc=self.proc)
        except RuntimeError as exc:
            if self.log is None:
                raise
            raise RuntimeError(f"{exc}; its log {self.log} ends:\n{self.log.read_text(errors='replace')[-3000:]}") from None
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown handler runs, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        failing = sys.exc_info()[1]
        if failing is not None and not isinstance(failing, pytest.skip.Exception) \
                and self.proc is not None and self.proc.poll() is None:
            for before in list(BEFORE_FAILED_STOP):
                before()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def create_table(base: str, seats: list[str], seed: int = 3, options: dict[str, Any] | None = None,
                 mode: str = "2v2") -> dict[str, Any]:
    res = httpx.post(f"{base}/api/tables", json={"game": "swdbg", "mode": mode, "seats": seats, "seed": seed,
                                                 "options": options if options is not None else {"bases_to_win": 2}})
    assert res.status_code == 201, res.text
    return res.json()
