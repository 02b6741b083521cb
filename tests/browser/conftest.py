"""Browser fixtures: Debian's Chromium driven by Playwright, the servers a worker's tests share
(tests/browser/shared.py), and screenshots of every open page kept in ``test-artifacts/`` when a browser
test fails."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.shared import CHROMIUM_ARGS, Chromium, QuietBrowser, SharedServers  # noqa: F401 - CHROMIUM_ARGS: benchmarks/page_cost.py
from tests.server import helpers

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="module")
def chromium() -> Iterator[Chromium]:
    """One Chromium for a module's tests.  Not for the worker's whole run: Playwright's sync API keeps an
    event loop running in the thread while it is open, and the tests after the browser modules on the same
    worker (``asyncio.run`` in tests/server) then failed with "cannot be called from a running event loop"."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.skip("Debian's chromium is not installed (scripts/test.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = Chromium(p, executable)
        try:
            yield launched
        finally:
            if launched.browser is not None and launched.browser.is_connected():
                launched.browser.close()


@pytest.fixture
def browser(chromium: Chromium) -> QuietBrowser:
    """The module's Chromium; its contexts prefer reduced motion unless a test asks (QuietBrowser)."""
    return QuietBrowser(chromium.get())


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedServers]:
    """``servers()`` (or ``servers(bot_delay=0.01)``): this worker's shared server with those settings."""
    shared = SharedServers(tmp_path_factory.mktemp("shared-servers"))
    try:
        yield shared
    finally:
        shared.stop()


def screenshots(opened: list[Any], name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for i, page in enumerate(opened):
        try:
            page.screenshot(path=str(ARTIFACTS / f"{name}-page{i}.png"), full_page=True)
        except Exception:  # noqa: BLE001 - a page may have crashed; keep the others
            pass


@pytest.fixture
def pages(browser: Any, request: pytest.FixtureRequest) -> Iterator[list[Any]]:
    """A list the test fills with pages (each in its own browser context, as separate people).

    A failing test's pages are photographed when its ``finally`` stops the server (before, so that they
    show the failure and not a lost connection), else at teardown."""
    opened: list[Any] = []
    taken = []

    def before_stop() -> None:
        if not taken:
            screenshots(opened, request.node.name)
            taken.append(True)

    helpers.BEFORE_FAILED_STOP.append(before_stop)
    try:
        yield opened
    finally:
        helpers.BEFORE_FAILED_STOP.remove(before_stop)
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed and not taken:
        screenshots(opened, request.node.name)
    for page in opened:
        page.context.close()
