"""Feedback that feels alive and the page's own cost (issue 24, items 8 and 10), in a real browser.

- The page records what each state costs it to draw (the Performance API: a ``state-apply`` measure per
  state, whose detail is the state's version), and an idle page schedules nothing that repeats: no
  animation frame, no timer, no endless animation, beside the connection's once-a-second check.
  (How long a state takes is a figure of benchmarks/page_cost.py, not a test.)
- A click that sends a move marks the card (or the action's button) as pending at once, until the table
  answers.
- Banners: the renderer's moments (a destroyed base) and the game's end, with the viewer's result
  (victory for the winners, defeat for the others); no movement with prefers-reduced-motion.

Most pages here are fed their state messages by the test (tests/browser/fed_page.py: a stand-in socket),
so that each case is exactly the message it is about."""

from __future__ import annotations

import copy
import json
import time
from typing import Any

import pytest

from tests.browser.fed_page import FAKE_SOCKET, messages
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors
from tests.server.helpers import create_table

pytestmark = pytest.mark.browser

#: counts what the page schedules: animation frames, timers, intervals and the intervals' ticks
SCHEDULE = """(() => {
  const s = window.__sched = { raf: 0, timeout: 0, interval: 0, ticks: 0 };
  const raf = window.requestAnimationFrame.bind(window), st = window.setTimeout.bind(window), si = window.setInterval.bind(window);
  window.requestAnimationFrame = (cb) => { s.raf++; return raf(cb); };
  window.setTimeout = (cb, ...rest) => { s.timeout++; return st(cb, ...rest); };
  window.setInterval = (cb, ...rest) => { s.interval++; return si((...a) => { s.ticks++; cb(...a); }, ...rest); };
})();"""

#: endless animations running on the page
ENDLESS = """() => document.getAnimations().filter((a) => a.playState === "running"
  && a.effect && a.effect.getComputedTiming().iterations === Infinity).map((a) => a.animationName || String(a.id))"""


def fed_page(browser: Any, pages: list[Any], base: str, reduced: bool = False) -> Any:
    """A table page whose socket is the test's (nothing reaches the server but the page's files)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900},
                                  reduced_motion="reduce" if reduced else "no-preference")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(FAKE_SOCKET)
    pages.append(page)
    page.goto(f"{base}/table/fed")
    page.wait_for_function("document.body.dataset.online === '1'")
    return page


def deliver(page: Any, msg: dict[str, Any]) -> None:
    """Hands the page one state and waits until it is drawn."""
    page.evaluate("(m) => __deliver(m)", json.dumps(msg))
    page.wait_for_function("(v) => document.body.dataset.version === v", arg=str(msg["version"]))


def mine(msgs: list[dict[str, Any]]) -> dict[str, Any]:
    """The first message whose seat has a move on a card of the board."""
    for m in msgs:
        if 0 in m["active"] and any("card" in a["action"] for a in m["legal"]):
            return m
    raise AssertionError("no state with a card to play")


def test_each_state_is_measured_and_an_idle_page_schedules_nothing(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers()
    link = create_table(server.base, ["human", "human"], seed=5, mode="1v1")["links"][0]["link"]
    page = browser.new_context(viewport={"width": 1400, "height": 900}, reduced_motion="no-preference").new_page()
    pages.append(page)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(SCHEDULE)
    page.goto(link)
    page.wait_for_function("Number(document.body.dataset.version) >= 0")
    measures = page.evaluate("""() => performance.getEntriesByName("state-apply").map((m) => [m.duration, m.detail.version])""")
    assert measures, "the page records no state-apply measure"
    assert measures[-1][1] == int(page.evaluate("document.body.dataset.version")), measures
    assert all(d >= 0 for d, _ in measures)
    # let the drawing settle: the connection's check ticks twice
    ticks = page.evaluate("__sched.ticks")
    while page.evaluate("__sched.ticks") < ticks + 2:
        time.sleep(0.2)
    before = page.evaluate("({ ...__sched })")
    # idle: three more ticks of the connection's check (about 3 s), and nothing else scheduled
    while page.evaluate("__sched.ticks") < before["ticks"] + 3:
        time.sleep(0.2)
    after = page.evaluate("({ ...__sched })")
    assert after["raf"] == before["raf"], ("animation frames requested by an idle page", before, after)
    assert after["timeout"] == before["timeout"], ("timers set by an idle page", before, after)
    assert after["interval"] == before["interval"], ("intervals started by an idle page", before, after)
    assert page.evaluate(ENDLESS) == []
    no_errors(page)


def test_a_click_marks_the_card_pending_until_the_table_answers(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    msgs = messages("swdbg", "1v1", 0, 12)
    first = mine(msgs)
    after = msgs[msgs.index(first) + 1]
    server = servers()
    page = fed_page(browser, pages, server.base)
    deliver(page, first)
    card = page.locator("#board [data-card].act").first
    card_id = card.get_attribute("data-card")
    card.click()
    if page.locator("#menu").is_visible():  # several actions: the menu's first
        page.locator("#menu button[data-index]").first.click()
    marked = page.locator(f'#board [data-card="{card_id}"]')
    assert "pending" in (marked.get_attribute("class") or "").split()
    assert marked.get_attribute("aria-busy") == "true"
    sent = [json.loads(s) for s in page.evaluate("__sent")]
    assert [s["type"] for s in sent if s["type"] == "action"] == ["action"]
    # the table answers: nothing is pending any more
    deliver(page, after)
    assert page.locator("#board .pending, #actions .pending").count() == 0
    # an action's button is marked the same way
    deliver(page, {**first, "version": after["version"] + 1})
    page.locator("#act-0").click()
    assert "pending" in (page.locator("#act-0").get_attribute("class") or "").split()
    no_errors(page)


def ended(msg: dict[str, Any], winner_seat: int) -> dict[str, Any]:
    """``msg`` one version later, as the game ends with the team of ``winner_seat`` winning."""
    out = copy.deepcopy(msg)
    team = next(s["team"] for s in out["seats"] if s["seat"] == winner_seat)
    out.update(version=msg["version"] + 1, outcome={"winners": [team], "draw": False, "reason": "all bases destroyed",
                                                     "scores": None}, active=[], legal=[], prompts=[], why={})
    return out


@pytest.mark.parametrize("seat, result, tone", [(0, "Victory", "win"), (1, "Defeat", "lose")])
def test_the_games_end_has_a_banner_with_the_viewers_result(browser: Any, pages: list[Any], servers: SharedServers,
                                                         seat: int, result: str, tone: str) -> None:
    msgs = messages("swdbg", "1v1", 10, 2, seat=seat)
    server = servers()
    page = fed_page(browser, pages, server.base)
    deliver(page, msgs[0])
    assert page.locator("#feel-banner:visible").count() == 0
    deliver(page, ended(msgs[1], 0))
    banner = page.locator("#feel-banner")
    assert banner.is_visible()
    assert banner.get_attribute("data-tone") == tone
    assert banner.locator("b").first.inner_text() == result
    assert "all bases destroyed" in banner.inner_text()
    assert banner.get_attribute("role") == "status"
    # a click puts it away (else it goes by itself, later than an event's)
    banner.click()
    assert not banner.is_visible()
    no_errors(page)


@pytest.mark.parametrize("reduced", [False, True])
def test_a_destroyed_base_has_a_banner_that_goes_by_itself(browser: Any, pages: list[Any], servers: SharedServers, reduced: bool) -> None:
    msgs = messages("swdbg", "1v1", 10, 3)
    text = "Yavin 4 (Player 2) is destroyed"
    server = servers()
    page = fed_page(browser, pages, server.base, reduced=reduced)
    deliver(page, msgs[0])
    news = {**msgs[1], "events": [*msgs[1]["events"], {"kind": "base_destroyed", "text": text, "seat": 1, "data": {}}]}
    deliver(page, news)
    banner = page.locator("#feel-banner")
    assert banner.is_visible()
    assert banner.locator("b").first.inner_text() == "Base destroyed"
    assert text in banner.inner_text()
    # motion for those who want it, none for those who asked for less
    animation = page.evaluate("getComputedStyle(document.getElementById('feel-banner')).animationName")
    assert animation == ("none" if reduced else "feel-in")
    page.wait_for_selector("#feel-banner", state="hidden", timeout=30_000)
    # a state without such a moment brings no banner
    deliver(page, msgs[2])
    assert not banner.is_visible()
    no_errors(page)


@pytest.mark.parametrize("reduced", [False, True])
def test_cards_that_arrive_or_leave_are_animated_briefly(browser: Any, pages: list[Any], servers: SharedServers, reduced: bool) -> None:
    msgs = messages("swdbg", "1v1", 10, 12)
    server = servers()
    page = fed_page(browser, pages, server.base, reduced=reduced)
    deliver(page, msgs[0])
    seen_in, seen_out = False, False

    def ids() -> set[str]:
        return set(page.evaluate("[...document.querySelectorAll('#board [data-card]')].map((e) => e.dataset.card)"))
    for msg in msgs[1:]:
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")  # the frame after
        old = ids()
        deliver(page, msg)
        new = ids()
        arrived = page.evaluate("[...document.querySelectorAll('#board .feel-in')].map((e) => e.dataset.card)")
        ghosts = page.locator("body > .feel-ghost").count()
        if reduced:
            assert arrived == [] or all(page.evaluate(
                "(id) => getComputedStyle(document.querySelector(`#board [data-card='${id}']`)).animationName", a) == "none"
                for a in arrived)
            assert page.locator("body > .feel-ghost:visible").count() == 0
            continue
        seen_in = seen_in or bool(set(arrived) & (new - old))
        seen_out = seen_out or (bool(old - new) and ghosts > 0)
        # a ghost is never a card: no id, nothing to click
        assert page.locator("body > .feel-ghost [data-card]").count() == 0
    if not reduced:
        assert seen_in, "no card that arrived was animated"
        assert seen_out, "no card that left faded out"
        # the ghosts go by themselves
        page.wait_for_function("document.querySelectorAll('body > .feel-ghost').length === 0", timeout=30_000)
    no_errors(page)
