"""Connections that come back (issue 21, item 9): a table page that reads nothing for a while, one on a
slow network, one the server drops, and one whose network goes away for a few seconds are each back at
the table's current state within seconds, and can act.

The page behind a lost network is the one that used to stay lost: no close reached it, so it showed
"live" over a socket that would never say anything again, and a player waiting for their turn waited
for good.  The page now pings when it has heard nothing for a while and replaces a silent socket.
A page that reads slowly fell ever further behind: it was sent every state, megabytes of them waiting
in the browser's and the kernel's buffers; it is now paced (tests/server/test_paced_pages.py).
Real parts only: the server in its own process, Debian's Chromium, and for the outage a TCP relay that
stops passing anything (tests/browser/network_link.py).
"""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from tests.browser.network_link import NetworkLink
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors, version
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

# every WebSocket the page opens, and the close codes they report
WATCH_SOCKETS = """(() => {
  const W = window.WebSocket;
  window.__sockets = [];
  window.__closes = [];
  window.WebSocket = class extends W {
    constructor(...a) {
      super(...a);
      window.__sockets.push(this);
      this.addEventListener("close", (e) => window.__closes.push(e.code));
    }
  };
})();"""
#: seconds a page has to come back to the current state once its trouble is over (it needs about 12)
BACK_WITHIN = 40.0


def seat_page(browser: Any, pages: list[Any], url: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    context.add_init_script(WATCH_SOCKETS)
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    pages.append(page)
    page.goto(url)
    page.wait_for_selector("#conn[data-conn='open']")
    page.wait_for_selector("body[data-version]")
    return page


def new_table(server: ServerProcess) -> tuple[str, str, str]:
    """A 2v2 table: seat 0 a person, three quick random bots; (table id, seat 0's link, its token)."""
    created = create_table(server.base, ["human", "random", "random", "random"], seed=3,
                           options={"bases_to_win": 5})
    link = created["links"][0]["link"]
    return created["table"]["id"], link, link.split("#token=")[1]


def play_elsewhere(base: str, table_id: str, token: str, actions: int) -> int:
    """The same person plays ``actions`` moves for seat 0 from another device (the HTTP API) while the
    page is in trouble, so the table moves on without the page; returns the table's version."""
    with httpx.Client(base_url=base, headers={"X-Seat-Token": token}, timeout=10) as http:
        done = 0
        while done < actions:
            state = http.get(f"/api/tables/{table_id}/state").json()
            assert state["outcome"] is None, "the game ended: the page could not act any more"
            if not state["legal"]:
                time.sleep(0.02)  # the bots are acting
                continue
            res = http.post(f"/api/tables/{table_id}/actions",
                            json={"action": state["legal"][0]["action"], "version": state["version"]})
            done += res.status_code == 200
        return int(http.get(f"/api/tables/{table_id}/state").json()["version"])


def back_and_acting(page: Any, base: str, table_id: str, moved_to: int, within: float = BACK_WITHIN) -> float:
    """The page shows the table's current version within ``within`` seconds, then one of its clicks is
    accepted (the version moves on); returns the seconds it took to come back."""
    start = time.monotonic()
    while True:
        now = httpx.get(f"{base}/api/tables/{table_id}", timeout=10).json()["version"]
        shown = version(page)
        if shown == now and now >= moved_to and page.get_attribute("#conn", "data-conn") == "open":
            break
        assert time.monotonic() - start < within, (
            f"the page shows version {shown}, the table is at {now}: not back after {within:g} s "
            f"(connection {page.get_attribute('#conn', 'data-conn')}, closes {page.evaluate('window.__closes')})")
        time.sleep(0.25)
    took = time.monotonic() - start
    page.wait_for_selector("body[data-mine='1'] #act-0:not([disabled])", timeout=BACK_WITHIN * 1000)
    before = version(page)
    page.click("#act-0")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before,
                           timeout=BACK_WITHIN * 1000)
    assert page.is_hidden("#offline")
    return took


def test_a_page_that_reads_nothing_for_a_while_catches_up_and_acts(browser: Any, pages: list[Any],
                                                                  servers: SharedServers) -> None:
    """The page's JavaScript is paused (it reads none of its messages) while the table moves on by a few
    hundred versions; once it runs again it is at the current state, not drawing its way through the
    backlog, and its click is accepted."""
    server = servers()
    table_id, link, token = new_table(server)
    page = seat_page(browser, pages, link)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    moved_to = play_elsewhere(server.base, table_id, token, 80)
    time.sleep(12)  # longer than the page's silence limit: being paused must not count as silence
    cdp.send("Debugger.resume")
    took = back_and_acting(page, server.base, table_id, moved_to)
    print(f"back at version {moved_to}+ after {took:.1f} s")
    no_errors(page)


def test_a_page_on_a_slow_network_stays_at_the_current_state_and_acts(browser: Any, pages: list[Any],
                                                                      servers: SharedServers) -> None:
    """The page reads at 20 KB/s (a state of ~34 KB takes 1.7 s) while the table moves on by a few
    hundred versions: still that slow, it is at the current state within 20 s of the table's last move
    (paced: one or two states, ~4 s), and its click is accepted.  Sent every state, it had megabytes of
    out-of-date states to read first (a minute)."""
    server = servers()
    table_id, link, token = new_table(server)
    page = seat_page(browser, pages, link)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 40,
                                                  "downloadThroughput": 20_000, "uploadThroughput": 20_000})
    moved_to = play_elsewhere(server.base, table_id, token, 150)
    took = back_and_acting(page, server.base, table_id, moved_to, within=20.0)
    print(f"at 20 KB/s, at version {moved_to}+ {took:.1f} s after the table's last move")
    no_errors(page)


def test_a_page_the_server_drops_comes_back_and_acts(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    """The server drops the page (close code 4429: more answers waited for it than a page may have) while
    the table moves on; the page reconnects by itself, is at the current state and can act."""
    server = servers()
    table_id, link, token = new_table(server)
    page = seat_page(browser, pages, link)
    # pings in bursts of 300 until the server drops the page: their answers (pongs, then "rate_limited"
    # errors) overflow the page's queue on the server once a burst arrives faster than the server writes.
    # One burst did it on a quiet machine; on a busy one the server could read a burst in pieces and
    # write the answers between them, so the page keeps on until the drop (bounded: at most 200 bursts)
    page.evaluate("""() => { const ws = window.__sockets[window.__sockets.length - 1];
      let bursts = 0;
      const flood = () => {
        if (ws.readyState !== WebSocket.OPEN || window.__closes.length || ++bursts > 200) return;
        for (let i = 0; i < 300; i++) ws.send('{"type": "ping"}');
        setTimeout(flood, 20);
      };
      flood(); }""")
    page.wait_for_function("window.__closes.includes(4429)", timeout=BACK_WITHIN * 1000)
    moved_to = play_elsewhere(server.base, table_id, token, 30)
    took = back_and_acting(page, server.base, table_id, moved_to)
    print(f"dropped with 4429, back at version {moved_to}+ after {took:.1f} s")
    no_errors(page)


def test_a_page_whose_network_goes_away_for_a_few_seconds_comes_back_and_acts(browser: Any, pages: list[Any],
                                                                             servers: SharedServers) -> None:
    """The page reaches the server through a relay; the network goes away for 5 s (nothing passes, no
    close reaches either end, the connection is lost for good) while the table moves on.  The page
    notices the silence, opens a new connection once the network is back, is at the current state and
    can act.  Before the fix it showed "live" over the dead socket for good."""
    server = servers()
    link_net = NetworkLink(server.port)
    try:
        table_id, link, token = new_table(server)
        page = seat_page(browser, pages, link.replace(server.base, link_net.base))
        link_net.cut()
        moved_to = play_elsewhere(server.base, table_id, token, 30)  # the test itself is not cut off
        time.sleep(5)
        link_net.restore()
        took = back_and_acting(page, server.base, table_id, moved_to)
        print(f"network back, page at version {moved_to}+ after {took:.1f} s")
        no_errors(page, allow="WebSocket")
    finally:
        link_net.close()
