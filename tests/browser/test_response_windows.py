"""Response windows in a real browser (issue 24, item 3): in a Wakfu 1v1 against a bot, played by clicking
(wakfu_play.js), the page never asks its person to click when "pass" (or any single option) is all there is (the
server passes at the window's end, or plays a forced action at once), and shows a countdown when a Réaction (or an Action in a combat's Phase
d'Actions) can be played.  Before the windows, the same game asked for a click on a lone "pass" at
every Réaction prompt (``reaction_seconds: 0`` is that table)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.progress import wait_on_progress
from tests.browser.test_table_pages import no_errors, open_page
from tests.server.helpers import ServerProcess

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
WAKFU_PLAY = (HERE / "wakfu_play.js").read_text()
WATCH = (HERE / "windows_watch.js").read_text()
CRA = (HERE.parents[1] / "allegiance/games/wakfu/data/decks/cra.txt").read_text()
#: the Crâ starter with three Échec Critique (a Réaction to any Action or power): often one in hand
REACTIVE_DECK = CRA.replace("2 Pandrista\n", "").replace("1 Repos\n", "3 Échec Critique\n")


def counts(page: Any) -> dict[str, int]:
    return page.evaluate("({asked: window.__asked, passOnly: window.__passOnly, countdowns: window.__countdowns, "
                         "autoPassed: window.__autoPassed, oneOnly: window.__oneOnly})")


def test_a_wakfu_duel_asks_no_click_on_a_lone_pass_and_counts_down_a_playable_reaction(
        browser: Any, pages: list[Any], tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "w.db"), bot_delay=0.01).start()
    try:
        res = httpx.post(f"{server.base}/api/tables", json={
            "game": "wakfu", "mode": "1v1", "seats": ["human", "random"], "seed": 5,
            "options": {"decks": [REACTIVE_DECK, "cra"], "reaction_seconds": 1}})
        assert res.status_code == 201, res.text
        created = res.json()
        table_id = created["table"]["id"]
        page = open_page(browser, pages, created["links"][0]["link"], (1280, 720))
        page.wait_for_selector("body[data-version]")
        page.evaluate(WATCH)
        page.evaluate(WAKFU_PLAY, 30)

        def enough() -> bool:
            seen = counts(page)
            return (seen["countdowns"] >= 1 and seen["autoPassed"] >= 10) \
                or page.evaluate("document.body.dataset.finished") == "1"

        wait_on_progress(server.base, table_id, enough, "a countdown and ten windows passed for the player")
        seen = counts(page)
        print("what the page asked:", seen)
        assert seen["countdowns"] >= 1, seen  # a Réaction was playable: the window counted down
        assert seen["autoPassed"] >= 10, seen  # windows with nothing to answer: no question, passed
        assert seen["passOnly"] == 0, seen  # never a prompt whose only option is "pass"
        # nor any prompt with one option ("end the turn" alone, an attack's only target): the table plays
        # it at once when nothing hidden left it alone, else at a window's end (Game.forced_action)
        assert seen["oneOnly"] == 0, seen
        # the header offers the player's own choice: stop when I can answer / always / never
        assert page.is_visible("#stops") and page.input_value("#stops") == "auto"
        # "always stop": the player asked to see every window is shown even those with only "pass"
        page.select_option("#stops", "always")
        assert page.evaluate("localStorage.getItem('allegiance.reactionStops')") == "always"
        wait_on_progress(server.base, table_id, lambda: counts(page)["passOnly"] >= 1
                         or page.evaluate("document.body.dataset.finished") == "1", "a window shown with only pass")
        assert counts(page)["passOnly"] >= 1, counts(page)
        no_errors(page)
    finally:
        server.stop()


#: injected into a page: the versions at which the page showed its own window (a countdown, or the line
#: saying the table passes for its person) and the prompt lines of a round (seats asked at once)
OWN_WINDOWS = """() => {
  Object.assign(window, { __ownWindows: [], __roundLines: [] });
  const look = () => {
    const v = Number(document.body.dataset.version);
    const own = document.querySelector("#prompt .window-pass") || (document.body.dataset.mine === "1"
      && document.querySelector("#prompt .countdown"));
    if (own && !window.__ownWindows.includes(v)) window.__ownWindows.push(v);
    const text = document.getElementById("prompt").textContent;
    if (/answers at once/.test(text) && window.__roundLines.length < 20) window.__roundLines.push(text);
  };
  new MutationObserver(look).observe(document.body, { attributes: true, attributeFilter: ["data-version", "data-mine"] });
  look();
}"""


def test_a_wakfu_team_table_asks_its_people_at_once(browser: Any, pages: list[Any], tmp_path: Path) -> None:
    """Issue 24, item 3: at a Wakfu 2v2 with two people (A1 and B1) and two bots, a Réaction round opens both
    people's windows at once: both pages show their own window at the same state version.  Asked one
    after another (before), no version ever showed a window on both pages."""
    server = ServerProcess(str(tmp_path / "w.db"), bot_delay=0.01).start()
    try:
        res = httpx.post(f"{server.base}/api/tables", json={
            "game": "wakfu", "mode": "2v2", "seats": ["human", "human", "random", "random"], "seed": 5,
            "options": {"reaction_seconds": 1}})
        assert res.status_code == 201, res.text
        created = res.json()
        table_id = created["table"]["id"]
        people = [open_page(browser, pages, created["links"][s]["link"], (1280, 720)) for s in (0, 1)]
        for page in people:
            page.wait_for_selector("body[data-version]")
            page.evaluate(OWN_WINDOWS)
            page.evaluate(WAKFU_PLAY, 30)

        def together() -> set[int]:
            a, b = (set(p.evaluate("window.__ownWindows")) for p in people)
            return a & b

        wait_on_progress(server.base, table_id, lambda: len(together()) >= 3
                         or people[0].evaluate("document.body.dataset.finished") == "1", "three rounds shown on both pages")
        assert len(together()) >= 3, [p.evaluate("window.__ownWindows") for p in people]
        lines = people[0].evaluate("window.__roundLines")
        assert lines, "no page showed a round's question"
        for page in people:
            no_errors(page)
    finally:
        server.stop()
