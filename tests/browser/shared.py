"""What browser tests share: a module's Chromium, and a worker's server per bot delay
(tests/browser/conftest.py has the fixtures)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.helpers import ServerProcess

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


class Chromium:
    """One Chromium for a module's tests (each test's people are browser contexts of their own, closed after
    it by ``pages``).  A browser that was lost (it crashed in an earlier test) is launched again for the
    next test."""

    def __init__(self, playwright: Any, executable: str) -> None:
        self.playwright, self.executable = playwright, executable
        self.browser: Any = None

    def get(self) -> Any:
        if self.browser is None or not self.browser.is_connected():
            self.browser = self.playwright.chromium.launch(executable_path=self.executable, args=CHROMIUM_ARGS)
        return self.browser


class QuietBrowser:
    """The module's Chromium as a test sees it: its new contexts prefer reduced motion unless the test
    asks for motion (``reduced_motion="no-preference"``).

    Motion is not free where these tests run: with no GPU, every frame of an arrival or a banner is drawn
    in software, and the page's motion was a quarter of a watching page's CPU on a machine the whole suite
    keeps busy (docs/figures/table.md, sessions 30 and 31).  Motion is tested where it is the subject
    (test_page_feel.py) and by the person's page of one game played to its end per game."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", "reduce")
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


#: the per-address limits a shared server lifts: every table, socket and lobby listing of a worker's run
#: comes from 127.0.0.1, and over dozens of tests they would reach the defaults (20 tables being played, 10
#: created at once, ...).  The tests of those limits start servers of their own (test_refused_socket.py,
#: tests/server).
UNLIMITED = ["--creates-per-minute", "1000000", "--tables-per-client", "0", "--sockets-per-client", "0",
             "--ws-per-minute", "1000000", "--lobby-per-minute", "1000000"]


class SharedServers:
    """``allegiance serve`` processes shared by a worker's browser tests, one per bot delay, each started when
    first asked for (a start costs 2-3 s, more on a busy machine; most tests started their own).  A test
    takes one when all it needs is tables of its own on a server: it neither stops nor restarts the server,
    needs no flag or database of its own, and reads no listing of every table (the lobby's open tables).
    A server that was lost (an earlier test failed with it) is started again, on its port and database."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.started: dict[float, ServerProcess] = {}

    def __call__(self, bot_delay: float = 0.0) -> ServerProcess:
        server = self.started.get(bot_delay)
        if server is None:
            name = f"shared-{bot_delay:g}"
            server = self.started[bot_delay] = ServerProcess(
                str(self.folder / f"{name}.db"), bot_delay=bot_delay, extra=UNLIMITED, log=self.folder / f"{name}.log")
        if server.proc is None or server.proc.poll() is not None:
            server.start()
        return server

    def stop(self) -> None:
        for server in self.started.values():
            server.stop()


