"""Real browsers at the table: a 2v2 game played to the end through the pages (two people, two bots),
its replay downloaded and stepped through, and a server killed mid-game whose pages carry on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from allegiance.replay import load_replay, replay_game
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

AUTOPLAY = (Path(__file__).with_name("autoplay.js")).read_text()


def open_page(browser: Any, pages: list[Any], url: str) -> Any:
    page = browser.new_context(viewport={"width": 1400, "height": 1000}, accept_downloads=True).new_page()
    pages.append(page)
    page.goto(url)
    return page


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || -1"))


def test_two_people_and_two_bots_play_a_2v2_game_to_the_end(browser: Any, pages: list[Any], tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "game.db")).start()
    try:
        lobby = open_page(browser, pages, server.base + "/")
        # create the table through the lobby form: Empire 1 and Rebel 1 are people, the others greedy bots
        lobby.wait_for_selector("#seat-3")
        lobby.select_option("#mode", "2v2")
        lobby.fill("#opt-bases_to_win", "2")
        lobby.select_option("#seat-0", "human")
        lobby.select_option("#seat-1", "greedy")
        lobby.select_option("#seat-2", "human")
        lobby.select_option("#seat-3", "greedy")
        lobby.fill("#seed", "2")
        lobby.click("#create-button")
        lobby.wait_for_selector("[data-seat-link='2']")
        links = {int(a.get_attribute("data-seat-link")): a.get_attribute("href")
                 for a in lobby.query_selector_all("[data-seat-link]")}
        assert sorted(links) == [0, 2]
        empire, rebel = open_page(browser, pages, links[0]), open_page(browser, pages, links[2])
        for page, label in ((empire, "Empire 1"), (rebel, "Rebel 1")):
            page.wait_for_selector("#conn[data-conn='open']")
            assert f"you are {label}" in page.inner_text("#who")
        # each sees its own team's hands, the other team's as counts only
        empire.wait_for_selector(".team.empire .player[data-seat='0'] .c")
        assert "hidden" in empire.inner_text(".team.rebel .player[data-seat='2']")
        # cards show the catalogue's fixed data (views send ids and names only): the base's hit points
        empire.wait_for_selector(".team.empire .player[data-seat='0'] .c.base .hp")
        assert "/8 dmg" in empire.inner_text(".team.empire .player[data-seat='0'] .c.base")
        # a first move by clicking a highlighted card rather than the action list
        mover = empire if empire.get_attribute("#prompt", "data-mine") == "1" else rebel
        mover.wait_for_selector("#actions button[data-kind]")
        before = version(mover)
        mover.click(".c.act")
        if mover.is_visible("#menu button"):
            mover.click("#menu button")
        mover.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
        # then both people click through the game until it ends
        for page in (empire, rebel):
            page.evaluate(AUTOPLAY, 60)
        for page in (empire, rebel):
            page.wait_for_selector("#game-over", timeout=180_000)
        assert empire.evaluate("window.__clicks") > 10 and rebel.evaluate("window.__clicks") > 10
        banner = rebel.inner_text("#game-over")
        assert "win" in banner and "destroyed 2 bases" in banner
        table_id = links[0].split("/table/")[1].split("#")[0]
        summary = httpx.get(f"{server.base}/api/tables/{table_id}").json()
        assert summary["finished"] and version(empire) == version(rebel) == summary["version"]
        assert empire.locator("#log div").count() > 20
        # the replay downloads from the page and reproduces the game
        with rebel.expect_download() as download:
            rebel.click("#game-over a[download]")
        data = json.loads(Path(download.value.path()).read_text())
        game, state = replay_game(load_replay(data))
        assert game.outcome(state).to_json() == summary["outcome"] == data["outcome"]
        # and plays back step by step in the browser
        rebel.click("text=Watch it step by step")
        rebel.wait_for_selector("#pos[data-step='0']")
        for step in (1, 2, 3):
            rebel.click("#next")
            rebel.wait_for_selector(f"#pos[data-step='{step}']")
        assert "Step 3:" in rebel.inner_text("#prompt")
        assert rebel.locator("#board .c .ab").count() > 0  # ability texts from the catalogue
        assert rebel.locator("#board .c").count() > 10
    finally:
        server.stop()


def test_pages_reconnect_after_the_server_is_killed_and_the_game_goes_on(browser: Any, pages: list[Any],
                                                                          tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "crash.db")).start()
    try:
        created = create_table(server.base, ["human", "greedy", "human", "greedy"], seed=5)
        table_id = created["table"]["id"]
        people = [open_page(browser, pages, link["link"]) for link in created["links"]]
        for page in people:
            page.wait_for_selector("#conn[data-conn='open']")
            page.evaluate(AUTOPLAY, 60)
        people[0].wait_for_function("() => Number(document.body.dataset.version) >= 25", timeout=60_000)
        for page in people:
            page.evaluate("clearInterval(window.__autoplay)")
        server.kill()
        for page in people:  # the pages notice and keep trying
            page.wait_for_selector("#conn:not([data-conn='open'])")
        stood = max(version(p) for p in people)
        log_lines = [p.locator("#log div").count() for p in people]
        server.start()  # same port, same database
        assert httpx.get(f"{server.base}/api/tables/{table_id}").json()["version"] >= stood
        for page, lines in zip(people, log_lines, strict=True):
            page.wait_for_selector("#conn[data-conn='open']", timeout=20_000)
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=stood)
            assert page.locator("#log div").count() >= lines  # the log came back whole
        # the game continues in the same pages
        for page in people:
            page.evaluate(AUTOPLAY, 60)
        people[0].wait_for_function("v => Number(document.body.dataset.version) >= v + 15", arg=stood,
                                    timeout=60_000)
        now = httpx.get(f"{server.base}/api/tables/{table_id}").json()["version"]
        assert now >= stood + 15
    finally:
        server.stop()
