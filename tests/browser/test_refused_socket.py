"""A table page whose WebSocket handshake the server refuses (issue 21, item 3): the browser is shown only
a failed handshake (HTTP 403 before any accept), so the page asks ``GET /api/tables/{id}/socket`` why
and shows the server's sentence, in the pill and the banner, with when it tries again; once the reason is
gone the page goes live by itself.

Real parts only: the server in its own process with a small cap (two open sockets per address, held by
two plain WebSockets from the test, the same address as the browser; or one spectator per table, held by
one), and Debian's Chromium.
"""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.browser.test_table_pages import no_errors
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

#: the pill, the banner and the prompt at the moment the page shows a refusal
REFUSED_NOW = """() => {
  const conn = document.getElementById("conn");
  if (conn.dataset.conn !== "refused") return null;
  const offline = document.getElementById("offline");
  return { pill: conn.textContent, banner: offline.textContent, shown: !offline.hidden,
           prompt: document.getElementById("prompt").textContent };
}"""
#: Chromium's console line for the refused handshake: the one error the page may report
REFUSED_HANDSHAKE = "Unexpected response code: 403"


def hold_socket(stack: ExitStack, base: str, table_id: str) -> Any:
    """A spectator's WebSocket to the table, joined (so the server keeps it) and left open."""
    ws = stack.enter_context(connect(base.replace("http", "ws", 1) + f"/ws/tables/{table_id}", max_size=2**23))
    ws.send(json.dumps({"type": "join"}))
    assert json.loads(ws.recv(timeout=30))["type"] == "state"
    return ws


# (the cap, the sockets the test holds, whether the page has a seat, the server's code, the page's pill)
CAPS = {
    "sockets": (["--sockets-per-client", "2"], 2, True, "too_many_sockets", "too many connections"),
    "spectators": (["--spectators-per-table", "1"], 1, False, "spectators_full", "spectators full"),
}


@pytest.mark.parametrize("cap", list(CAPS))
def test_a_refused_page_says_why_and_goes_live_once_a_socket_is_free(browser: Any, pages: list[Any],
                                                                      tmp_path: Path, cap: str) -> None:
    flags, holds, seated, code, pill = CAPS[cap]
    server = ServerProcess(str(tmp_path / "refused.db"), extra=flags).start()
    stack = ExitStack()  # the test's own sockets, closed before the server stops
    try:
        # four people: nothing moves while the page waits
        created = create_table(server.base, ["human"] * 4, seed=5)
        table_id, link = created["table"]["id"], created["links"][0]["link"]
        if not seated:
            link = link.split("#token=")[0]  # the table's page without a seat: a spectator
        held = [hold_socket(stack, server.base, table_id) for _ in range(holds)]
        spectate = {} if seated else {"spectate": "1"}
        why = httpx.get(f"{server.base}/api/tables/{table_id}/socket", params=spectate).json()
        assert why["ok"] is False and why["code"] == code, why

        page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
        page.errors = []  # type: ignore[attr-defined]
        page.on("pageerror", lambda e: page.errors.append(str(e)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        pages.append(page)
        page.goto(link)
        shown = page.wait_for_function(REFUSED_NOW, timeout=30_000).json_value()
        assert shown["pill"] == pill, shown
        detail = why["detail"][0].upper() + why["detail"][1:]
        wait = max(3, why["retry_after"])
        assert shown["shown"] and shown["banner"] == f"{detail}. Trying again in {wait} s.", shown
        assert shown["prompt"] == shown["banner"], shown  # no state yet: the prompt says it too
        assert page.evaluate("document.body.dataset.version") is None  # nothing of the table was sent
        # the one console error: the handshake the server refused (the page's own request for why is fine)
        assert page.errors, "the refused handshake was not reported"
        assert all(REFUSED_HANDSHAKE in e and "/ws/tables/" in e for e in page.errors), page.errors

        # a socket freed (a connection, or the spectator's place): the page's next attempt is let in, and it gets the table
        held.pop().close()
        page.wait_for_selector("#conn[data-conn='open']", timeout=60_000)
        page.wait_for_selector("body[data-version]", timeout=30_000)
        assert page.locator("#conn").text_content() == "live"
        assert page.locator("#offline").is_hidden()
        assert "Trying again" not in page.locator("#prompt").text_content()
        no_errors(page, allow=REFUSED_HANDSHAKE)
    finally:
        stack.close()
        server.stop()
