"""Real browsers at the table (Debian's Chromium): a 2v2 game played to its end by four people
clicking cards, the layout at three screen sizes, the card overlay, the attack total and the damage
allocator, a server killed mid-game (actions disabled, then back), the replay's jump to a turn, the
lobby's one-click seat and its notice when the server is down.  No page shows an id (``#12``) and no
page logs an error."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from allegiance.replay import load_replay, replay_game
from tests.browser.progress import finished, page_version_at_least, wait_on_progress
from tests.browser.shared import SharedServers
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

HERE = Path(__file__).parent
AUTOPLAY = (HERE / "autoplay.js").read_text()
CARDPLAY = (HERE / "cardplay.js").read_text()
SIZES = [(1400, 900), (1280, 720), (390, 844)]


def open_page(browser: Any, pages: list[Any], url: str, size: tuple[int, int] = (1400, 900),
              motion: bool = False) -> Any:
    """A page in its own browser context (a separate person); its console and page errors are kept.
    With ``motion``, the page moves as it would for someone who has not asked for reduced motion (the
    browser fixture's contexts prefer reduced motion: tests/browser/shared.py, QuietBrowser)."""
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}, accept_downloads=True,
                               reduced_motion="no-preference" if motion else "reduce").new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    pages.append(page)
    page.goto(url)
    return page


def no_ids_shown(page: Any) -> None:
    text = page.evaluate("document.body.innerText")
    assert not re.search(r"#\d+", text), re.search(r".{0,40}#\d+.{0,20}", text)


def no_errors(page: Any, allow: str | None = None) -> None:
    errors = [e for e in page.errors if not (allow and allow in e)]
    assert errors == [], errors


def version(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.version || -1"))


def in_view(page: Any, selector: str) -> None:
    """The element is on screen: its box inside the viewport, nothing to scroll to."""
    size = page.viewport_size
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= -1 and box["y"] >= -1, (selector, box)
    assert box["x"] + box["width"] <= size["width"] + 1, (selector, box, size)
    assert box["y"] + box["height"] <= size["height"] + 1, (selector, box, size)
    assert box["height"] >= 16, (selector, box)


def test_everything_a_player_needs_is_on_screen_at_each_size(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers()
    created = create_table(server.base, ["human", "greedy", "greedy", "greedy"], seed=11)
    link = created["links"][0]["link"]
    for size in SIZES:
        page = open_page(browser, pages, link, size)
        page.wait_for_selector("#board .card")
        page.wait_for_selector("#actions button[data-kind], #actions .muted")
        # (the action list scrolls inside its panel when long: its first button is on screen)
        for sel in ("#prompt", "#actions button, #actions .muted", ".sw-hand", ".sw-hand .card", ".region", ".force",
                    ".sw-opps", ".sw-home"):
            in_view(page, sel)
        # the page itself never scrolls: the board fits, long zones scroll inside themselves
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
        assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth + 1")
        no_ids_shown(page)
        if size[0] >= 1400:  # every seat's chip whole in the top bar (the game's title gives way first)
            assert page.evaluate("""(() => { const box = document.getElementById('seats');
              return box.scrollWidth <= box.clientWidth + 1 && document.querySelectorAll('#seats .seat').length === 4; })()""")
    page = pages[0]
    # the whole card: the "i" button opens it with its full text; Escape closes it
    card = page.locator(".region .card").first
    name = card.locator(".nm").inner_text()
    card.locator("[data-zoom]").click()
    page.wait_for_selector("#overlay:not([hidden]) .detail")
    detail = page.inner_text("#overlay")
    assert name in detail and "cost" in detail and "where" in detail
    page.keyboard.press("Escape")
    page.wait_for_selector("#overlay", state="hidden")
    # a right-click does the same; a pile opens as a list
    page.locator(".sw-home .card.k-base").first.click(button="right")
    assert "hit points" in page.inner_text("#overlay")
    page.keyboard.press("Escape")
    page.locator(".region .pile[data-pile]").first.click()
    page.wait_for_selector("#overlay:not([hidden])")
    assert "galaxy discard pile" in page.inner_text("#overlay")
    page.keyboard.press("Escape")
    # keyboard play: a number per legal action; the title says when the decision is yours
    wait_on_progress(server.base, created["table"]["id"],
                     lambda: page.locator("body[data-mine='1'] #act-0:not([disabled])").count() > 0,
                     "the person's turn (the bots play first)")
    assert page.title().startswith("● Your move")
    before = version(page)
    page.keyboard.press("1")
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    for p in pages:
        no_errors(p)


def test_a_2v2_game_is_played_to_the_end_by_clicking_cards(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    """Four browser contexts: the lobby that sets the table up, Empire 1 and Rebel 1 (people, who
    click cards), and a spectator; Empire 2 and Rebel 2 are quick bots, to keep the test short."""
    server = servers()
    lobby = open_page(browser, pages, server.base + "/")
    lobby.wait_for_selector("[data-quick='3']")
    lobby.click("#more summary")
    lobby.select_option("#mode", "2v2")
    lobby.fill("#opt-bases_to_win", "2")
    for seat, kind in enumerate(("human", "greedy", "human", "greedy")):
        lobby.select_option(f"#seat-{seat}", kind)
    lobby.fill("#seed", "2")
    lobby.click("#create-button")
    lobby.wait_for_selector("[data-seat-link='2']")
    links = {int(a.get_attribute("data-seat-link")): a.get_attribute("href")
             for a in lobby.query_selector_all("[data-seat-link]")}
    assert sorted(links) == [0, 2]
    # the first person's page moves (feel.js over a whole game); the others are still (QuietBrowser)
    people = [open_page(browser, pages, links[s], (1280, 720), motion=s == 0) for s in (0, 2)]
    spectator = open_page(browser, pages, lobby.get_attribute("#spectate", "href"), (390, 844))
    for page, label in zip(people, ("Empire 1", "Rebel 1"), strict=True):
        page.wait_for_selector("body[data-version]")  # the first state has arrived
        assert f"you are {label}" in page.inner_text("#who")
    # each sees its own team's hands (a teammate's too: they plan together), the other team's as counts
    people[0].wait_for_selector(".sw-home .seatbox.mate .sep")  # the teammate's hand, shown
    assert re.search(r"hand \d", people[0].inner_text(".sw-opps"))
    assert spectator.locator(".card.inhand").count() == 0
    table_id = links[0].split("/table/")[1].split("#")[0]
    for page in people:
        page.evaluate(CARDPLAY, 40)
    # as long as the game moves (~80 s on an idle machine, much longer on a busy one)
    took = wait_on_progress(server.base, table_id, finished(server.base, table_id, *people, spectator),
                            "the game's end")
    print("game over after", round(took), "s")
    clicks = [p.evaluate("[window.__cardClicks, window.__listClicks, window.__allocs, window.__attackSeen, "
                         "window.__attackBad, window.__baseChoices, window.__attackChecked]") for p in people]
    print("card clicks, list clicks, splits, attack totals seen, wrong, base choices, checked:", clicks)
    assert sum(c[0] for c in clicks) > 3 * sum(c[1] for c in clicks)  # mostly cards, the list only for card-less actions
    assert sum(c[2] for c in clicks) > 0, clicks  # the damage allocator split an attack
    # attack totals shown, and each one resolved against the bases is the damage the log then reports
    assert sum(c[3] for c in clicks) > 0 and sum(c[6] for c in clicks) > 0 and sum(c[4] for c in clicks) == 0, clicks
    assert sum(c[5] for c in clicks) > 0, clicks  # a new base chosen from whole cards (hit points, ability)
    banner = people[1].inner_text("#game-over")
    assert "win" in banner and "destroyed 2 bases" in banner
    summary = httpx.get(f"{server.base}/api/tables/{table_id}").json()
    assert summary["finished"] and all(version(p) == summary["version"] for p in people)
    for page in (*people, spectator):
        assert "deciding" not in page.inner_text(".sw-opps")  # nobody is still "taking a turn"
        no_ids_shown(page)
    # the replay downloads from the page and reproduces the game
    with people[1].expect_download() as download:
        people[1].click("#game-over a[download]")
    data = json.loads(Path(download.value.path()).read_text())
    game, state = replay_game(load_replay(data))
    assert game.outcome(state).to_json() == summary["outcome"] == data["outcome"]
    # and plays back: jump to a turn, keys step, the board drawn by the same renderer
    viewer = people[1]
    viewer.click("text=Watch it step by step")
    viewer.wait_for_selector("#pos[data-step='0']")
    viewer.wait_for_selector("#turns [data-turn='3']")
    start = int(viewer.get_attribute("#turns [data-turn='3']", "title").split()[-1])
    viewer.select_option("#turn-jump", "3")
    viewer.wait_for_selector(f"#pos[data-step='{start}']")
    assert "turn 4 of" in viewer.inner_text("#pos")
    viewer.keyboard.press("ArrowRight")
    viewer.wait_for_selector(f"#pos[data-step='{start + 1}']")
    viewer.keyboard.press("Shift+ArrowLeft")
    viewer.wait_for_selector(f"#pos[data-step='{start}']")
    # play at the fastest speed for a moment: steps follow one another, then pause
    viewer.select_option("#speed", "40")
    viewer.click("#play")
    viewer.wait_for_function("s => Number(document.getElementById('pos').dataset.step) >= s + 5", arg=start)
    viewer.click("#play")
    assert viewer.is_hidden("#replay-error")
    assert viewer.locator("#board .card").count() > 10
    no_ids_shown(viewer)
    for page in pages:
        no_errors(page)


def test_pages_disable_actions_while_the_server_is_down_and_carry_on(browser: Any, pages: list[Any],
                                                                     tmp_path: Path) -> None:
    # a server of its own: it is killed and started again
    server = ServerProcess(str(tmp_path / "crash.db")).start()
    try:
        created = create_table(server.base, ["human", "greedy", "human", "greedy"], seed=5)
        table_id = created["table"]["id"]
        people = [open_page(browser, pages, link["link"]) for link in created["links"]]
        for page in people:
            page.wait_for_selector("#conn[data-conn='open']")
            page.evaluate(AUTOPLAY, 60)
        wait_on_progress(server.base, table_id, page_version_at_least(people[0], 25), "version 25")
        for page in people:
            page.evaluate("clearInterval(window.__autoplay)")
        server.kill()
        for page in people:  # the pages notice, say so, and disable what would be lost
            page.wait_for_selector("#conn:not([data-conn='open'])")
            page.wait_for_selector("#offline:not([hidden])")
            # every button that would send a move is disabled; a pick's "cancel" (the autoplay may have
            # started one) stays usable, since it only changes the page
            assert page.locator("#actions button[data-kind]:not([disabled])").count() == 0
            assert page.locator("#actions button:not([data-kind]):not(#pick-cancel)").count() == 0
        stood = max(version(p) for p in people)
        log_lines = [p.locator("#log div").count() for p in people]
        server.start()  # same port, same database
        # (the pages' reconnections may be rebuilding the table from its log: this waits for that rebuild)
        res = httpx.get(f"{server.base}/api/tables/{table_id}", timeout=60)
        assert res.status_code == 200 and res.json()["version"] >= stood, (res.status_code, res.text)
        for page, lines in zip(people, log_lines, strict=True):
            page.wait_for_selector("#conn[data-conn='open']", timeout=20_000)
            page.wait_for_function("v => Number(document.body.dataset.version) >= v", arg=stood)
            assert page.locator("#log div").count() >= lines  # the log came back whole
            assert page.is_hidden("#offline")
        mover = next(p for p in people if p.get_attribute("#prompt", "data-mine") == "1")
        assert mover.locator("#actions button:not([disabled])").count() > 0
        for page in people:
            page.evaluate(AUTOPLAY, 60)
        wait_on_progress(server.base, table_id, page_version_at_least(people[0], stood + 15),
                         "15 more actions after the restart")
        for page in people:  # only the expected failed reconnections were logged
            # (and the page asking why a socket failed to open: GET /api/tables/{id}/socket, server down)
            page.errors = [e for e in page.errors if "ERR_CONNECTION_REFUSED" not in e]
            no_errors(page, allow="WebSocket")
    finally:
        server.stop()


def test_lobby_one_click_seat_options_in_words_and_server_down_notice(browser: Any, pages: list[Any],
                                                                      tmp_path: Path) -> None:
    # a server of its own: the lobby's list of open tables is read (a shared one lists every test's)
    server = ServerProcess(str(tmp_path / "lobby.db")).start()
    try:
        create_table(server.base, ["human", "greedy", "greedy", "greedy"], seed=1, options={"galaxy": "full"})
        lobby = open_page(browser, pages, server.base + "/")
        lobby.wait_for_selector("#open tr[data-table]")
        row = lobby.inner_text("#open")
        assert "full galaxy" in row and "{" not in row
        # one click: "Play as Rebel 1" makes a table with bots in the other seats and opens your seat
        lobby.select_option("#mode", "2v2")
        lobby.click("text=Play as Rebel 1")
        lobby.wait_for_url(re.compile(r"/table/.+#token="))
        lobby.wait_for_selector("body[data-version]")  # the first state has arrived
        assert "you are Rebel 1" in lobby.inner_text("#who")
        no_ids_shown(lobby)
        # a bad link says so, and nothing else ("connecting…" next to it was confusing)
        table_id = lobby.url.split("/table/")[1].split("#")[0]
        bad = open_page(browser, pages, f"{server.base}/table/{table_id}#token=not-a-token")
        bad.wait_for_selector("#conn[data-conn='closed']")
        assert "bad link" in bad.inner_text("#conn") and "connecting" not in bad.inner_text("header")
        # the server down: the lobby says so instead of failing silently
        other = open_page(browser, pages, server.base + "/")
        other.wait_for_selector("#open tr")
        other.route("**/api/**", lambda route: route.abort())
        other.wait_for_selector("#server-down:not([hidden])", timeout=15_000)
        for page in pages:
            no_errors(page, allow="net::ERR_FAILED")
    finally:
        server.stop()


def test_a_bad_replay_file_says_so(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    server = servers()
    page = open_page(browser, pages, server.base + "/replay")
    page.set_input_files("#file", files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}])
    page.wait_for_selector("#replay-error:not([hidden])")
    assert "not a replay" in page.inner_text("#replay-error")
    page.set_input_files("#file", files=[{"name": "x.json", "mimeType": "application/json",
                                          "buffer": b'{"game": "nope", "actions": []}'}])
    page.wait_for_function("document.getElementById('replay-error').textContent.includes('unknown game')")
    no_errors(page, allow="400")


def test_the_api_reference_loads_without_internet_access(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    """/docs takes Swagger UI from the package: every request the page makes stays on this server."""
    server = servers()
    page = browser.new_context().new_page()
    pages.append(page)
    outside: list[str] = []
    page.route("**/*", lambda route: (outside.append(route.request.url), route.abort())
               if not route.request.url.startswith(server.base) else route.continue_())
    page.goto(server.base + "/docs")
    page.wait_for_selector(".swagger-ui .opblock", timeout=20_000)
    assert "/api/tables" in page.inner_text(".swagger-ui")
    assert outside == []


def test_lobby_open_and_invited_seats_and_closing_a_table_you_created(browser: Any, pages: list[Any],
                                                                     tmp_path: Path) -> None:
    # a server of its own: the lobby's list of open tables is read until it is empty
    server = ServerProcess(str(tmp_path / "close.db")).start()
    try:
        lobby = open_page(browser, pages, server.base + "/")
        lobby.wait_for_selector("[data-quick='0']")
        lobby.click("#more summary")
        lobby.select_option("#mode", "2v2")
        for seat, kind in enumerate(("human", "greedy", "human", "greedy")):
            lobby.select_option(f"#seat-{seat}", kind)
        lobby.check("#open-2")
        assert lobby.is_disabled("#open-1")  # a bot's seat cannot be opened
        lobby.click("#create-button")
        lobby.wait_for_selector("[data-seat-link='2']")
        if lobby.evaluate("localStorage.getItem('allegiance.created')") in (None, "{}"):
            pytest.skip("this server has no creator tokens yet (open seats and closing come with them)")
        row = lobby.locator("#open tr[data-table]").first
        row.wait_for()
        text = row.inner_text()
        assert "Empire 1: invited (link only)" in text
        assert row.locator("text=Play as Rebel 1").count() == 1
        seat_page = open_page(browser, pages, lobby.get_attribute("[data-seat-link='0']", "href"))
        seat_page.wait_for_selector("body[data-version]")
        row.locator("text=close this table").click()
        lobby.wait_for_selector("#open tr[data-table]", state="detached")
        # the open page says the table is closed, stops reconnecting and offers no action
        seat_page.wait_for_selector("#conn[data-conn='closed']")
        assert "closed" in seat_page.inner_text("#prompt")
        assert seat_page.locator("#actions button:not([disabled])").count() == 0
        for page in pages:
            no_errors(page)
    finally:
        server.stop()
