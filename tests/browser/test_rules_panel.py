"""The rules at hand (issue 24 item 6, issue 22) in a real browser (Debian's Chromium): the table's
"rules" panel of a Jedi Knights table shows the legend, how to win, the phases and every option with the
table's value, the UNSOURCED ones marked, and fits the screen at 1400×900 and 390×844; a Wakfu and a SWDBG
table show how close each side is to winning in words; the lobby describes the game and its decks and
copies a seat's link with one click.  No page logs an error."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.browser.progress import finished, wait_on_progress
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import in_view, no_errors, open_page
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

PANEL_SIZES = [(1400, 900), (390, 844)]


def create(server: ServerProcess, game: str, mode: str, seats: list[str], seed: int, **options: Any) -> dict[str, Any]:
    res = httpx.post(f"{server.base}/api/tables", json={"game": game, "mode": mode, "seats": seats, "seed": seed,
                                                        "options": options})
    assert res.status_code == 201, res.text
    return res.json()


def fits(page: Any, selector: str) -> None:
    """The element is wholly on screen and nothing in it runs off sideways (it may scroll down inside)."""
    in_view(page, selector)
    assert page.eval_on_selector(selector, "e => e.scrollWidth <= e.clientWidth + 1"), selector


def test_the_jk_rules_panel_marks_unsourced_options_and_fits_the_screen(browser: Any, pages: list[Any],
                                                                      servers: SharedServers) -> None:
    server = servers(bot_delay=0.01)
    created = create(server, "jk", "AvE", ["human", "human"], seed=3, control_tie="player_one",
                     response_prompts="playable")
    for size in PANEL_SIZES:
        page = open_page(browser, pages, created["links"][0]["link"], size)
        page.wait_for_selector(".jk .jk-hand")
        in_view(page, "#rules")
        page.click("#rules")
        page.wait_for_selector("#rules-panel")
        fits(page, ".overlay-body")
        in_view(page, "#rules-panel h2")  # it opens at its top
        panel = page.inner_text("#rules-panel")
        assert "how to win" in panel.lower() and "three planets" in panel and "Force Phase" in panel
        assert "on the cards" in panel.lower() and "destiny" in panel
        tie = page.locator("#rules-panel [data-option='control_tie']")
        assert "player_one" in tie.inner_text() and "default nobody" in tie.inner_text()
        assert tie.locator(".src.unsourced").inner_text() == "UNSOURCED"
        assert tie.locator(".src.unsourced").is_visible()
        # an engine setting is not dressed as a rule, and the legend's progress line is there
        assert page.locator("#rules-panel [data-option='max_turns'] .src.engine").count() == 1
        assert "controls 0 of 3 planets to win" in panel
        page.keyboard.press("Escape")
        page.wait_for_selector("#overlay", state="hidden")
        # progress in words on the board's side panel, without opening anything
        page.wait_for_selector("#progress .progress-line")
        in_view(page, "#progress")
        assert "Alliance: controls 0 of 3 planets to win" in page.inner_text("#progress")
        no_errors(page)


def test_wakfu_and_swdbg_tables_say_how_close_each_side_is_to_winning(browser: Any, pages: list[Any],
                                                                      servers: SharedServers) -> None:
    server = servers(bot_delay=0.01)
    wakfu = create(server, "wakfu", "1v1", ["human", "greedy"], seed=4)
    swdbg = create_table(server.base, ["human", "greedy"], seed=2, mode="1v1", options={"bases_to_win": 2})
    for size in PANEL_SIZES:
        page = open_page(browser, pages, wakfu["links"][0]["link"], size)
        page.wait_for_selector("#progress .progress-line")
        in_view(page, "#progress")
        words = page.inner_text("#progress")
        assert "Player 1: XP 0 of 18 to win" in words and "Player 2: XP 0 of 18 to win" in words
        page.click("#rules")
        page.wait_for_selector("#rules-panel")
        fits(page, ".overlay-body")
        legend = page.inner_text("#rules-panel dl.legend")
        assert "Niveau" in legend and "PA" in legend and "PM" in legend and "Taille" in legend
        no_errors(page)
        sw = open_page(browser, pages, swdbg["links"][0]["link"], size)
        sw.wait_for_selector("#progress .progress-line")
        assert "The Rebels have destroyed 0 of 2 bases to win" in sw.inner_text("#progress")
        sw.click("#rules")
        sw.wait_for_selector("#rules-panel")
        fits(sw, ".overlay-body")
        symbols = sw.locator("#rules-panel dl.legend dt").all_inner_texts()
        assert {"⚔", "◆", "◎", "✦", "♥"} <= set(symbols)
        no_errors(sw)


def test_the_lobby_describes_games_and_decks_and_copies_a_seat_link(browser: Any, pages: list[Any],
                                                                    servers: SharedServers) -> None:
    server = servers()
    context = browser.new_context(viewport={"width": 1400, "height": 900},
                                  permissions=["clipboard-read", "clipboard-write"])
    lobby = context.new_page()
    lobby.errors = []  # type: ignore[attr-defined]
    lobby.on("console", lambda m: lobby.errors.append(m.text) if m.type == "error" else None)
    lobby.on("pageerror", lambda e: lobby.errors.append(str(e)))
    pages.append(lobby)
    lobby.goto(server.base + "/")
    lobby.wait_for_selector("[data-quick='0']")
    lobby.select_option("#game", "wakfu")
    assert "Havre Sac" in lobby.inner_text("#game-about .about")
    lobby.click("#more summary")
    lobby.select_option("#mode", "1v1")
    lobby.select_option("#sopt-decks-1", "cra")
    assert "Crâ" in lobby.inner_text("#sopt-decks-1-about")
    assert "Iop" in lobby.inner_text("#sopt-decks-0-about")
    lobby.click("#game-about .decks summary")
    assert "Xélor" in lobby.inner_text("#game-about [data-deck='xelor']")
    lobby.select_option("#seat-1", "human")
    lobby.click("#create-button")
    lobby.wait_for_selector("[data-copy-link='1']")
    link = lobby.get_attribute("[data-seat-link='1']", "href")
    lobby.click("[data-copy-link='1']")
    lobby.wait_for_selector("[data-copy-link='1'][data-copied='1']")
    assert lobby.inner_text("[data-copy-link='1']") == "Copied"
    assert lobby.evaluate("navigator.clipboard.readText()") == link
    no_errors(lobby)


def test_the_replay_viewer_says_how_close_each_side_was_to_winning(browser: Any, pages: list[Any],
                                                                   servers: SharedServers) -> None:
    server = servers()
    created = create(server, "wakfu", "1v1", ["greedy", "greedy"], seed=3, max_turns=6)
    table_id = created["table"]["id"]
    wait_on_progress(server.base, table_id, finished(server.base, table_id), "the bots' game to end")
    page = open_page(browser, pages, f"{server.base}/replay?table={table_id}", (390, 844))
    page.wait_for_selector("#progress .progress-line")
    assert "Player 1: XP" in page.inner_text("#progress") and "of 18 to win" in page.inner_text("#progress")
    no_errors(page)
