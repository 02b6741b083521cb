"""Every card on the board in sight (issue 24, items 1 and 2), in a real browser (Debian's Chromium).

Crowded Wakfu boards (real positions of seeded games, 1v1, 2v2 and 4v4 with its compact seats) are drawn
by the Wakfu renderer into a live table's page at a desktop's sizes: every card in play of every seat has
its name inside the viewport and inside every box that clips it, no zone scrolls, an inclined card's
name is not turned.  The teammate's hand is shown whole.  On a phone, no card name is cut and the
turn/phase pill is in sight (Wakfu and SWDBG)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors, open_page
from tests.browser.wakfu_views import crowded_view, in_play

pytestmark = pytest.mark.browser

DESKTOPS = ((1400, 900), (1280, 720))
PHONE = (390, 844)
#: cards in play per seat: more than a zone of the old board showed unscrolled
CROWDS = {"1v1": 12, "2v2": 10, "4v4": 6}

#: the page's check of the cards in play: for each id of each seat, its name element (a card face's
#: ``.nm``, a compact chip's ``.cn``) and whether it is on screen, clipped by no box, turned or cut
SEEN = """(seats) => {
  const clipped = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return "no size";
    if (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1) return "off screen";
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const b = a.getBoundingClientRect();
      if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
        return `clipped by ${a.className}`;
    }
    return "";
  };
  // the angle the name is drawn at: the rotation of every box from the name up
  const angle = (el) => {
    let deg = 0;
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const t = getComputedStyle(a).transform;
      if (!t || t === "none") continue;
      const m = new DOMMatrixReadOnly(t);
      deg += Math.atan2(m.b, m.a) * 180 / Math.PI;
    }
    return Math.abs(deg);
  };
  const out = [];
  for (const [seat, ids] of seats) {
    for (const id of ids) {
      const card = document.querySelector(`#board .seatbox[data-seat="${seat}"] [data-card="${id}"]`);
      if (!card) { out.push([seat, id, "not drawn"]); continue; }
      const name = card.querySelector(".nm, .cn") || card;
      const why = clipped(name);
      if (why) out.push([seat, id, why, name.textContent]);
      const tapped = card.closest(".slot.tapped, .wchip.tapped");
      if (tapped && angle(name) > 10) out.push([seat, id, `inclined, its name turned ${Math.round(angle(name))} deg`]);
    }
  }
  return out;
}"""

#: zones that scroll or are scrolled: [class, scrollLeft, scrollWidth, clientWidth, scrollHeight, clientHeight]
SCROLLED = """() => [...document.querySelectorAll('#board .zone, #board .wstrip, #board .wk-compacts, #board .chips, #board .mhand, #board .zones')]
  .filter((z) => z.scrollLeft > 0 || z.scrollTop > 0 || z.scrollWidth > z.clientWidth + 1 || z.scrollHeight > z.clientHeight + 1)
  .map((z) => [z.className, z.scrollLeft, z.scrollWidth, z.clientWidth, z.scrollHeight, z.clientHeight])"""

#: names cut: a card face's name wider or taller than its box (a clamp that hides letters)
CUT = """() => [...document.querySelectorAll('#board .nm, #board .cn')]
  .filter((n) => n.getClientRects().length && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1))
  .map((n) => [n.textContent, n.scrollWidth, n.clientWidth, n.scrollHeight, n.clientHeight])"""

DRAW = """async (view) => { const r = await Shell.renderer("wakfu"); const catalog = await Shell.loadCatalog("wakfu");
  r.render(document.getElementById("board"), view, { seat: view.seat, active: [], legal: [], byCard: new Map(),
    catalog, mode: "table", online: true, outcome: null, send() {} });
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); }"""


def table(base: str, game: str, mode: str, seats: int) -> str:
    """A table of people only (nothing moves on it): the link of its first seat."""
    res = httpx.post(f"{base}/api/tables", json={"game": game, "mode": mode, "seed": 3, "seats": ["human"] * seats,
                                                "options": {"team_uniques": "ignore"} if game == "wakfu" else {}})
    assert res.status_code == 201, res.text
    return str(res.json()["links"][0]["link"])


def check_board(page: Any, view: dict[str, Any], where: str) -> None:
    seats = [[p["seat"], in_play(p)] for p in view["players"]]
    assert sum(len(ids) for _, ids in seats) >= 6 * len(seats)
    missing = page.evaluate(SEEN, seats)
    assert missing == [], (where, missing[:8], len(missing))
    scrolled = page.evaluate(SCROLLED)
    assert scrolled == [], (where, scrolled[:6])
    # the teammates' hands whole: every card of it drawn and on screen (checked above with the rest)
    for p in view["players"]:
        if p["seat"] != view["seat"] and p["hand"]:
            hand = [c["id"] for c in p["hand"]]
            lost = page.evaluate(SEEN, [[p["seat"], hand]])
            assert lost == [], (where, "teammate's hand", lost)
    cut = page.evaluate(CUT)
    assert cut == [], (where, "names cut", cut[:6])
    # the page itself does not scroll
    assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1"), where
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1"), where


@pytest.mark.parametrize("mode", ["1v1", "2v2", "4v4"])
def test_every_card_in_play_is_in_sight_unscrolled(browser: Any, pages: list[Any], servers: SharedServers, mode: str) -> None:
    view = crowded_view(mode, 0, CROWDS[mode])
    server = servers()
    link = table(server.base, "wakfu", mode, len(view["players"]))
    page = open_page(browser, pages, link, DESKTOPS[0])
    page.wait_for_selector("#board .wk .wcard")
    for size in DESKTOPS:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.evaluate(DRAW, view)
        check_board(page, view, f"{mode} at {size[0]}×{size[1]}")
        # an inclined card says so on its face
        tapped = page.locator("#board .slot.tapped").count()
        assert tapped >= 1 and page.locator("#board .slot.tapped .wcard .tapmark").count() == tapped
    # the phone: nothing cut, the turn and phase in sight
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    page.evaluate(DRAW, view)
    cut = page.evaluate(CUT)
    assert cut == [], cut[:6]
    assert page.locator("#turn").is_visible() and "turn" in page.inner_text("#turn")
    no_errors(page)


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
def test_swdbg_names_are_whole_on_a_phone(browser: Any, pages: list[Any], servers: SharedServers, mode: str) -> None:
    server = servers()
    link = table(server.base, "swdbg", mode, 2 if mode == "1v1" else 4)
    page = open_page(browser, pages, link, PHONE)
    page.wait_for_selector("#board .card .nm", state="attached")
    cut = page.evaluate(CUT)
    assert cut == [], cut[:6]
    assert page.locator("#turn").is_visible() and "turn" in page.inner_text("#turn")
    no_errors(page)
