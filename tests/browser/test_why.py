"""Clicking a card that cannot be played now says why, at once, in the game's words (issue 24 item 5).

The reason comes with the state from the server (``why``: the game's ``card_reasons``); the page only
shows it."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.progress import wait_on_progress
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import no_errors, no_ids_shown, open_page
from tests.server.helpers import create_table

pytestmark = pytest.mark.browser


def test_clicking_a_card_that_cannot_be_bought_says_why(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers()
    created = create_table(server.base, ["human", "greedy"], seed=4, mode="1v1")
    page = open_page(browser, pages, created["links"][0]["link"])
    wait_on_progress(server.base, created["table"]["id"],
                     lambda: page.locator("body[data-mine='1'] #act-0:not([disabled])").count() > 0,
                     "the person's turn")
    assert page.inner_text("#toast") == "" or not page.locator("#toast").is_visible()
    # at the start of the turn no resources are made yet: a galaxy row card with a cost says so
    card = page.locator(".region .card:not(.act)").first
    card.click()
    page.wait_for_selector("#toast:visible")
    text = page.inner_text("#toast")
    assert re.fullmatch(r"Not now: (needs \d+ resources, you have 0|.+ is a Rebel card: you buy only Empire "
                        r"and neutral cards)", text), text
    no_ids_shown(page)
    no_errors(page)
