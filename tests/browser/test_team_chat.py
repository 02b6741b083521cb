"""The team chat in real browsers (Debian's Chromium): two people of a SWDBG 2v2 team read each other's
lines, the other team and a spectator never do; a line is shown as text (markup in it stays text); on a
phone the chat is a drawer with an unread count; a reloaded page gets its team's recent lines; the board's
controls stay on screen at the three sizes the layout tests use."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import in_view, no_errors, no_ids_shown, open_page
from tests.server.helpers import create_table

pytestmark = pytest.mark.browser

MARKUP = '<img src=x onerror="document.body.dataset.pwned=1"> take the left base'


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.press("#chat-input", "Enter")


def lines(page: Any) -> list[str]:
    return page.eval_on_selector_all("#chat-log .chat-line .chat-text", "ls => ls.map((l) => l.textContent)")


def test_teammates_read_each_others_lines_and_nobody_else_does(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers()
    created = create_table(server.base, ["human"] * 4, seed=11)
    links = {link["seat"]: link["link"] for link in created["links"]}
    me = open_page(browser, pages, links[0], (1400, 900))       # Empire 1
    mate = open_page(browser, pages, links[1], (390, 844))      # Empire 2, on a phone
    foe = open_page(browser, pages, links[2], (1280, 720))      # Rebel 1
    watcher = open_page(browser, pages, created["spectate"], (1280, 720))
    for page in (me, mate, foe, watcher):
        page.wait_for_selector("#board .card")
        page.wait_for_selector("#actions button[data-kind], #actions .muted")
    # who has a chat: a seat with a teammate who is a person; on a phone it starts folded away
    me.wait_for_selector("#chatbox:not([hidden]) #chat-input")
    foe.wait_for_selector("#chatbox:not([hidden])")
    assert watcher.locator("#chatbox").is_hidden() and watcher.locator("#chat-toggle").is_hidden()
    assert mate.locator("#chatbox").is_hidden() and mate.locator("#chat-toggle").is_visible()
    # the board's controls and the chat are on screen at each size, and the page never scrolls
    for page, extra in ((me, ("#chat-input", "#chat-log")), (foe, ("#chat-input",)), (mate, ("#chat-toggle", "#conn"))):
        for sel in ("#prompt", "#actions button, #actions .muted", ".sw-hand", ".sw-hand .card", ".sw-home",
                    *extra):
            in_view(page, sel)
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")

    say(me, MARKUP)
    me.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 1")
    assert lines(me) == [MARKUP] and me.inner_text("#chat-log .chat-line b") == "you"
    assert me.input_value("#chat-input") == ""
    # the teammate, folded away on a phone: an unread count, then the line as text (no image made)
    mate.wait_for_selector("#chat-unread:not([hidden])")
    assert mate.inner_text("#chat-unread") == "1"
    mate.click("#chat-toggle")
    mate.wait_for_selector("#chatbox:not([hidden]) .chat-line")
    assert lines(mate) == [MARKUP] and mate.inner_text("#chat-log .chat-line b") == "Empire 1"
    assert mate.locator("#chat-log img").count() == 0 and mate.locator("#chat-unread").is_hidden()
    in_view(mate, "#chat-input")
    say(mate, "ok, I buy the fighter")
    me.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 2")
    assert lines(me) == [MARKUP, "ok, I buy the fighter"]
    # a refused line is said in the panel and given back to be fixed
    say(me, "\u0007")
    me.wait_for_selector("#chat-note:not([hidden])")
    assert "control character" in me.inner_text("#chat-note") and me.input_value("#chat-input") == "\u0007"
    # a reloaded page gets its team's recent lines
    me.reload()
    me.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 2")
    # the other team and the spectator saw nothing; the other team's own line stays theirs
    say(foe, "they talk, we play")
    foe.wait_for_function("document.querySelectorAll('#chat-log .chat-line').length === 1")
    me.wait_for_timeout(500)
    assert lines(foe) == ["they talk, we play"] and len(lines(me)) == 2
    assert watcher.locator("#chat-log .chat-line").count() == 0
    for page in (me, mate, foe, watcher):
        assert page.evaluate("document.body.dataset.pwned") is None
        no_ids_shown(page)
        no_errors(page)
