"""Card names fitted to their boxes at a small cost (issue 24, item 10), in a real browser.

A name is given smaller letters (then lines broken inside its words) when its box would cut it
(``Draw.fitNames``, web/drawcache.js).  A state message that changes little must cost little: a name
already fitted to its case (its text, its box's size) is left alone, no style written, and only new
cases are measured.  What must not be lost: a name is fitted again when its box changes size (the window
resized) or when its card moves to a smaller box, with the same result as a page drawing that board at
once.  ``Draw.fitCounts()`` counts the names kept, the fits reused and the names measured.

The pages are fed their state messages by the test (tests/browser/fed_page.py)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.browser.fed_page import messages
from tests.browser.shared import SharedServers
from tests.browser.test_page_feel import deliver, fed_page
from tests.browser.test_table_pages import no_errors

pytestmark = pytest.mark.browser

#: the frame after this one has been drawn (a ResizeObserver's fit runs before it is painted)
FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))))"

#: every drawn name of the board: [text, its style attribute]
NAMES = """() => [...document.querySelectorAll('#board .nm, #board .cn')].filter((n) => n.getClientRects().length)
  .map((n) => [n.textContent, n.getAttribute('style') || ''])"""

#: names the box cuts
CUT = """() => [...document.querySelectorAll('#board .nm, #board .cn')]
  .filter((n) => n.getClientRects().length && (n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1))
  .map((n) => n.textContent)"""

#: records the names whose style attribute is written from now on
WATCH = """() => {
  window.__styled = [];
  new MutationObserver((records) => { for (const r of records) if (r.target.matches('.nm, .cn')) window.__styled.push(r.target.textContent); })
    .observe(document.getElementById('board'), { subtree: true, attributes: true, attributeFilter: ['style'] });
}"""


def counts(page: Any) -> dict[str, int]:
    return dict(page.evaluate("Draw.fitCounts()"))


def drawn(page: Any, msg: dict[str, Any]) -> None:
    """Hands ``msg`` to the page and waits for the frame after its drawing."""
    deliver(page, msg)
    page.evaluate(FRAMES)


def later(msg: dict[str, Any], step: int = 1) -> dict[str, Any]:
    """A copy of ``msg`` ``step`` versions later, with nothing new to log."""
    out = copy.deepcopy(msg)
    out.update(version=msg["version"] + step, events=[], full_log=False)
    return out


def player(msg: dict[str, Any], seat: int) -> dict[str, Any]:
    return next(p for p in msg["view"]["players"] if p["seat"] == seat)


@pytest.mark.parametrize("game, mode", [("swdbg", "2v2"), ("wakfu", "2v2"), ("wakfu", "8v8")])
def test_a_state_that_changes_no_card_fits_no_name_again(browser: Any, pages: list[Any], servers: SharedServers,
                                                           game: str, mode: str) -> None:
    msg = messages(game, mode, 60, 1)[0]
    server = servers()
    page = fed_page(browser, pages, server.base, reduced=True)
    drawn(page, msg)
    names = page.evaluate(NAMES)
    assert len(names) >= 10, names
    page.evaluate(WATCH)
    before = counts(page)
    drawn(page, later(msg))
    after = counts(page)
    assert after["calls"] > before["calls"]
    # every name kept as it was: nothing measured, nothing applied, no style written
    assert after["measured"] == before["measured"] and after["reused"] == before["reused"], (before, after)
    assert after["kept"] - before["kept"] >= len(names), (before, after, len(names))
    assert page.evaluate("window.__styled") == []
    assert page.evaluate(NAMES) == names
    no_errors(page)


def test_a_new_card_is_the_only_name_fitted(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    msg = messages("swdbg", "2v2", 60, 1)[0]
    server = servers()
    page = fed_page(browser, pages, server.base, reduced=True)
    drawn(page, msg)
    old = page.evaluate(NAMES)
    page.evaluate(WATCH)
    before = counts(page)
    # one card more in the viewer's units: a long name, in a box it has not met yet
    grown = later(msg)
    player(grown, msg["seat"])["units"].append({"id": 9001, "name": "Grand Moff Tarkin"})
    drawn(page, grown)
    after = counts(page)
    assert page.locator('#board [data-card="9001"] .nm').inner_text() == "Grand Moff Tarkin"
    fitted = (after["measured"] + after["reused"]) - (before["measured"] + before["reused"])
    assert fitted == 1, (before, after)
    assert after["kept"] - before["kept"] >= len(old), (before, after, len(old))
    assert set(page.evaluate("window.__styled")) <= {"Grand Moff Tarkin"}
    assert page.evaluate(CUT) == []
    no_errors(page)


def fresh_names(browser: Any, pages: list[Any], base: str, msg: dict[str, Any], size: dict[str, int]) -> list[Any]:
    """The names of a page that draws ``msg`` at once at ``size``."""
    page = fed_page(browser, pages, base, reduced=True)
    page.set_viewport_size(size)
    drawn(page, msg)
    names = page.evaluate(NAMES)
    no_errors(page)
    page.context.close()
    pages.remove(page)
    return names


def test_names_are_fitted_again_when_their_boxes_shrink(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    msg = messages("swdbg", "2v2", 60, 1)[0]
    small = {"width": 1100, "height": 620}
    server = servers()
    page = fed_page(browser, pages, server.base, reduced=True)
    drawn(page, msg)
    large = page.evaluate(NAMES)
    # the window gets smaller: every card with it, and its name is fitted again before it is painted
    before = counts(page)
    page.set_viewport_size(small)
    page.wait_for_function("(n) => Draw.fitCounts().calls > n", arg=before["calls"])
    page.evaluate(FRAMES)
    after = counts(page)
    assert after["measured"] + after["reused"] > before["measured"] + before["reused"], (before, after)
    resized = page.evaluate(NAMES)
    assert any("font-size" in style for _, style in resized), "no name needs smaller letters at this size"
    assert resized != large
    assert page.evaluate(CUT) == []
    # the same fits as a page that draws this board at this size at once
    assert resized == fresh_names(browser, pages, server.base, msg, small)
    # a card moves from the galaxy row to an opponent's smaller box: its name is fitted there
    row = msg["view"]["regions"][0]["row"]
    card = max(row, key=lambda c: len(c["name"]))
    moved = later(msg)
    moved["view"]["regions"][0]["row"] = [c for c in row if c["id"] != card["id"]]
    opponent = next(p for p in moved["view"]["players"] if p["faction"] != player(msg, msg["seat"])["faction"])
    opponent["units"].append(card)
    before = counts(page)
    drawn(page, moved)
    after = counts(page)
    assert after["measured"] + after["reused"] > before["measured"] + before["reused"], (before, after)
    there = page.locator(f'#board [data-seat="{opponent["seat"]}"] [data-card="{card["id"]}"] .nm')
    assert there.inner_text() == card["name"]
    assert page.evaluate(CUT) == []
    assert page.evaluate(NAMES) == fresh_names(browser, pages, server.base, moved, small)
    no_errors(page)
