"""A busy page catches up instead of falling behind (issue 14's unexplained 2v2 Wakfu failures): states that
arrived while the page was busy are drawn once, the newest, and the log keeps every line of the ones it
skipped.  Drawing each in turn stalled a page's main thread for seconds on a loaded machine, so the people
it played for acted seconds late: the game ran out of the test's time, never out of connection."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

# the page's sockets, so that the test can hand it a burst of messages as if the server had sent them
KEEP_SOCKETS = """(() => {
  const W = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends W { constructor(...a) { super(...a); window.__sockets.push(this); } };
})();"""

BURST = """async ([tableId, n]) => {
  const r = await Shell.renderer("swdbg");
  const draw = r.render;
  window.__draws = 0;
  r.render = function (...a) { window.__draws += 1; return draw.apply(this, a); };
  const base = await (await fetch(`/api/tables/${tableId}/state`)).json();
  const ws = window.__sockets[window.__sockets.length - 1];
  for (let i = 0; i < n; i++) {
    const msg = { ...base, full_log: false, version: base.version + 1 + i, events: [{ text: `burst line ${i}`, seat: null }] };
    ws.dispatchEvent(new MessageEvent("message", { data: JSON.stringify(msg) }));
  }
  return base.version + n;
}"""


def test_states_that_arrive_together_are_drawn_once_with_every_log_line(browser: Any, pages: list[Any],
                                                                       servers: SharedServers) -> None:
    server = servers()
    created = create_table(server.base, ["human"] * 4, seed=11)  # nobody acts: only the burst moves
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(KEEP_SOCKETS)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    pages.append(page)
    page.goto(created["spectate"])
    page.wait_for_selector("#board .card")
    n = 30
    newest = page.evaluate(BURST, [created["table"]["id"], n])
    page.wait_for_function("v => Number(document.body.dataset.version) === v", arg=newest)
    page.wait_for_timeout(300)  # anything still queued would be drawn by now
    draws = page.evaluate("window.__draws")
    assert 1 <= draws <= 2, f"{draws} boards drawn for {n} states that arrived together"
    log = page.eval_on_selector_all("#log div", "ds => ds.map((d) => d.textContent)")
    assert [line for line in log if line.startswith("burst line")] == [f"burst line {i}" for i in range(n)]
    no_errors(page)


def test_a_failing_tests_pages_are_photographed_before_its_server_stops(tmp_path: Path) -> None:
    """The screenshots of the earlier failures showed pages that had lost their server: the test's
    ``finally`` had stopped it before the ``pages`` fixture took them.  Now they are taken first."""
    from tests.server import helpers

    server = ServerProcess(str(tmp_path / "stop.db")).start()
    seen: list[int] = []
    helpers.BEFORE_FAILED_STOP.append(lambda: seen.append(httpx.get(f"{server.base}/api/games").status_code))
    try:
        try:
            raise RuntimeError("a failing test")
        finally:
            server.stop()
    except RuntimeError:
        pass
    finally:
        helpers.BEFORE_FAILED_STOP.clear()
    assert seen == [200]  # called while the server still answered
    assert server.proc is not None and server.proc.poll() is not None
