"""The replay viewer and the table's log and hover preview in a real browser (issue 24 items 9 and 11):
turn markers are the game's own turns, the first-step button draws an icon, a spectator is told of no
"yours" or "teammate", the damage splitter says what destroys a base, a seat has "1 resource" or "1 credit"; at the table, no hover preview
after a click until the mouse moves, the phone's log drawer opens at its newest line, and the log goes
on following after a resize.  Waits are on the game's progress or the page's frames, never on time (the
hover delay runs on Playwright's clock)."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest

from allegiance.games import get_game
from allegiance.replay import load_replay
from allegiance.sim.runner import play_game
from tests.browser.progress import table_version, wait_on_progress
from tests.browser.shared import SharedServers
from tests.browser.test_table_pages import AUTOPLAY, no_errors, open_page, version
from tests.jk.builders import pick, start
from tests.server.helpers import ServerProcess, create_table

pytestmark = pytest.mark.browser

FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
AT_END = "(() => { const el = document.getElementById('log'); return el.scrollHeight - el.scrollTop - el.clientHeight; })()"


def load_file(page: Any, replay: dict[str, Any]) -> None:
    page.set_input_files("#file", files=[{"name": "game.json", "mimeType": "application/json",
                                          "buffer": json.dumps(replay).encode()}])
    page.wait_for_selector("#pos[data-step='0']")


@pytest.fixture
def server(servers: SharedServers) -> ServerProcess:
    return servers()


def test_the_first_step_button_draws_an_icon(browser: Any, pages: list[Any], server: ServerProcess) -> None:
    """No font here has the "⏮" glyph: the button drew nothing."""
    page = open_page(browser, pages, server.base + "/replay")
    box = page.locator("#first svg").bounding_box(timeout=5000)
    assert box is not None and box["width"] >= 6 and box["height"] >= 6, box
    assert "⏮" not in page.inner_text("#first")
    no_errors(page)


def test_replay_turn_markers_are_the_games_turns(browser: Any, pages: list[Any], server: ServerProcess) -> None:
    wakfu = play_game("wakfu", "1v1", ["greedy", "greedy"], 1, keep_replay=True).replay
    rep = load_replay(wakfu)
    game = get_game("wakfu")
    state = game.new_game(rep.mode, rep.seed, rep.options)
    turns = {state.turn}
    for seat, action in rep.actions:
        game.apply(state, seat, action)
        turns.add(state.turn)
    page = open_page(browser, pages, server.base + "/replay")
    load_file(page, wakfu)
    # a marker per turn of the game, numbered as the game numbers them (33 turns; 22 markers before)
    page.wait_for_selector("#turns [data-turn]")
    numbers = page.eval_on_selector_all("#turns [data-turn]", "els => els.map((b) => Number(b.dataset.number))")
    assert numbers == sorted(turns), numbers
    assert f"of {max(turns)}" in page.inner_text("#pos")
    page.locator("#turns [data-turn]").last.click()
    page.wait_for_selector(f"#turns [data-number='{max(turns)}'].here")
    assert f"turn {max(turns)} of {max(turns)}" in page.inner_text("#pos")
    no_errors(page)


def test_a_spectator_is_told_of_no_yours_or_teammate(browser: Any, pages: list[Any], server: ServerProcess) -> None:
    swdbg = play_game("swdbg", "2v2", ["greedy"] * 4, 4, keep_replay=True, options={"bases_to_win": 2}).replay
    page = open_page(browser, pages, server.base + "/replay")
    load_file(page, swdbg)
    page.wait_for_selector("#board .sw .region")
    for end in (False, True):  # the deal, then the last step
        if end:
            page.keyboard.press("End")
            page.wait_for_selector(f"#pos[data-step='{len(swdbg['actions'])}']")
        board = page.inner_text("#board").lower()
        assert "yours" not in board and "teammate" not in board and "(you)" not in board, board[:400]
    page.select_option("#seat", "0")  # seen by a seat, its region and teammate are named so again
    page.wait_for_function("document.getElementById('board').innerText.includes('(you)')")
    assert "teammate" in page.inner_text("#board")
    # Jedi Knights: the side drawn at the bottom is nobody's "side" for a spectator
    jk = play_game("jk", get_game("jk").modes[0], ["random", "random"], 3, keep_replay=True).replay
    load_file(page, jk)
    page.wait_for_selector("#board .jk .jside.home")
    board = page.inner_text("#board").lower()
    assert "your side" not in board and "(you)" not in board, board[:400]
    no_errors(page)


def test_the_damage_splitter_says_what_destroys_a_base(browser: Any, pages: list[Any], server: ServerProcess) -> None:
    """2 damage to split: an 8-HP base needs 8 to be destroyed (the splitter said "of 2")."""
    page = open_page(browser, pages, server.base + "/replay")
    text = page.evaluate("""async () => {
      const r = await Shell.renderer("swdbg");
      const base = (id, name, hp, damage) => ({ id, name, kind: "base", hit_points: hp, damage });
      const player = (seat, b) => ({ seat, label: `P${seat}`, team: seat % 2, faction: seat % 2 ? "rebel" : "empire",
        base: b, ships: [], units: [], hand: null, discard: [] });
      const view = { game: "swdbg", seat: 0, mode: "2v2", regions: [],
        players: [player(0, null), player(1, base(101, "Dagobah", 8, 0)), player(3, base(103, "Hoth", 5, 3))] };
      const legal = [];
      for (const id of [101, 103]) for (const amount of [1, 2]) legal.push({ action: { kind: "choose", value: id, amount } });
      const d = r.decision(view, legal, { mode: "replay", catalog: {}, online: false });
      const el = document.createElement("div");
      el.innerHTML = d.html;
      return [...el.querySelectorAll(".stepper")].map((s) => [s.dataset.base, s.querySelector(":scope > .muted").textContent]);
    }""")
    said = dict(text)
    assert said["101"].startswith("8 to destroy it"), said
    assert said["103"] == "2 to destroy it", said
    no_errors(page)


def test_hover_preview_waits_for_the_mouse_and_the_log_stays_at_its_newest_line(browser: Any, pages: list[Any],
                                                                                   servers: SharedServers) -> None:
    server = servers()
    created = create_table(server.base, ["human", "greedy", "greedy", "greedy"], seed=11)
    table_id = created["table"]["id"]
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.clock.install()  # the page's timers run as usual until the test pauses them
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    pages.append(page)
    page.goto(created["links"][0]["link"])
    playable = ("(() => { const ids = [...document.querySelectorAll('#actions button[data-kind=play]')].map((b) => b.dataset.index);"
                " return [...document.querySelectorAll('.sw-hand .card.act')].findIndex((c) =>"
                " c.dataset.actions.split(',').some((i) => ids.includes(i))); })()")
    wait_on_progress(server.base, table_id,
                     lambda: page.evaluate(f"document.body.dataset.mine === '1' && {playable} >= 0"),
                     "a card to play from the hand")
    card = page.locator(".sw-hand .card.act").nth(page.evaluate(playable))
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # hovering a card a moment shows it (the clock paused: the delay passes when the test says)
    page.mouse.move(x, y)
    page.clock.pause_at(page.evaluate("Date.now()") + 2000)
    page.wait_for_selector("#preview:not([hidden])")
    # a click plays the card; the board is redrawn under the still mouse
    before = version(page)
    page.mouse.down()
    page.mouse.up()
    assert page.is_hidden("#preview")
    wait_on_progress(server.base, table_id,
                     lambda: (page.clock.run_for(50), version(page) > before)[1],
                     "the card played")
    # the browser tells the page which card is now under the mouse (as after any redraw)
    under = page.evaluate(f"""(() => {{ const c = document.elementFromPoint({x}, {y});
      if (!c || !c.closest('[data-card]')) return false;
      c.dispatchEvent(new PointerEvent('pointerover', {{ bubbles: true, pointerType: 'mouse', clientX: {x}, clientY: {y} }}));
      return true; }})()""")
    assert under, "no card under the mouse after the redraw (pick another card)"
    page.clock.run_for(3000)
    assert page.is_hidden("#preview"), "the preview covered the hand after a click"
    page.mouse.move(x + 6, y)  # the mouse moves: the card under it is previewed again
    page.clock.run_for(3000)
    page.wait_for_selector("#preview:not([hidden])")
    page.clock.resume()

    # the log: many lines, then the phone's size (the log becomes a closed drawer) while play goes on
    page.evaluate(AUTOPLAY, 40)
    wait_on_progress(server.base, table_id,
                     lambda: page.evaluate("(() => { const el = document.getElementById('log');"
                                           " return el.scrollHeight > el.clientHeight + 400; })()"),
                     "a log longer than its box")
    # play goes on: the log follows each new line at the next frame, so it is read once it has (a busy
    # machine once read it between a line's arrival and that frame: one line short)
    page.wait_for_function(f"{AT_END} <= 2")
    page.set_viewport_size({"width": 390, "height": 844})
    shown = version(page)
    wait_on_progress(server.base, table_id, lambda: version(page) > shown + 20, "play while the drawer is closed")
    page.evaluate("clearInterval(window.__autoplay)")
    # quiet: the table waits for this page (the bots wait for their teammate) and it shows the last state
    wait_on_progress(server.base, table_id,
                     lambda: page.evaluate("document.body.dataset.mine === '1'")
                     and table_version(server.base, table_id) == version(page),
                     "the table waiting for this page")
    page.click("#log-toggle")
    page.wait_for_selector("#logbox:visible")
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2, "the phone's log drawer did not open at its newest line"
    page.click("#log-toggle")
    # back to the desktop's size: the log shows its newest line, and keeps following new ones
    page.set_viewport_size({"width": 1280, "height": 720})
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2, "the log left its newest line after a resize"
    page.set_viewport_size({"width": 1400, "height": 900})
    page.evaluate(FRAMES)
    shown = version(page)
    page.evaluate(AUTOPLAY, 40)
    wait_on_progress(server.base, table_id, lambda: version(page) > shown + 10, "more play")
    page.evaluate("clearInterval(window.__autoplay)")
    # quiet again (the bots wait for this page), so no state is still on its way when the log is read
    wait_on_progress(server.base, table_id,
                     lambda: page.evaluate("document.body.dataset.mine === '1'")
                     and table_version(server.base, table_id) == version(page),
                     "the table waiting for this page")
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2, "the log stopped following after a resize"
    assert httpx.get(f"{server.base}/api/tables/{table_id}").status_code == 200
    no_errors(page)


#: makes the race of a busy machine happen at once: when the page scrolls its log to the newest line (its
#: ResizeObserver, then a frame later the scroll event), 60 more lines arrive in between (this observer is
#: created after the page's, so it runs right after it, in the same frame)
LINES_BEFORE_THE_SCROLL_EVENT = """() => new Promise((done) => {
  const log = document.getElementById('log');
  let added = false;
  new ResizeObserver(() => {
    if (added) return;
    added = true;
    for (let i = 0; i < 60; i++) { const d = document.createElement('div'); d.textContent = `line ${i}`; log.append(d); }
    requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)));
  }).observe(log);
})"""


def test_the_log_keeps_following_when_lines_arrive_between_its_scroll_and_the_scroll_event(
        browser: Any, pages: list[Any], server: ServerProcess) -> None:
    """ISSUE-21 item 10 (a busy run's failure): the log scrolled itself to its newest line, more lines came
    before the browser's scroll event, and the event read as the reader scrolling up: the log stopped
    following for good.  A scroll the page made itself never unpins the log."""
    created = create_table(server.base, ["human", "greedy", "greedy", "greedy"], seed=5)
    page = open_page(browser, pages, created["links"][0]["link"], (1400, 900))
    page.wait_for_selector("body[data-version]")
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2
    page.evaluate("(() => { const el = document.getElementById('log'); el.style.maxHeight = `${el.clientHeight - 40}px`; })()")
    page.evaluate(LINES_BEFORE_THE_SCROLL_EVENT)
    # the page's next own scroll (a resize) finds the log still following, and goes to its newest line
    page.evaluate("(() => { const el = document.getElementById('log'); el.style.maxHeight = `${el.clientHeight - 40}px`; })()")
    page.evaluate(FRAMES)
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2, "the log stopped following"
    # a reader who scrolls up to read older lines stays there (the page's next scroll leaves them be)
    page.evaluate("document.getElementById('log').scrollTop = 0")
    page.evaluate(FRAMES)
    page.evaluate("(() => { const el = document.getElementById('log'); el.style.maxHeight = `${el.clientHeight - 40}px`; })()")
    page.evaluate(FRAMES)
    assert page.evaluate("document.getElementById('log').scrollTop") == 0
    # and scrolling back to the end follows again
    page.evaluate("(() => { const el = document.getElementById('log'); el.scrollTop = el.scrollHeight; })()")
    page.evaluate(FRAMES)
    page.evaluate(LINES_BEFORE_THE_SCROLL_EVENT)
    page.evaluate("(() => { const el = document.getElementById('log'); el.style.maxHeight = `${el.clientHeight - 40}px`; })()")
    page.evaluate(FRAMES)
    page.evaluate(FRAMES)
    assert page.evaluate(AT_END) <= 2, "the log did not follow again from its end"
    no_errors(page)


RENDER_TEXT = """async ([game, view, selector]) => {
  const r = await Shell.renderer(game);
  const catalog = await Shell.loadCatalog(game);
  const ctx = { seat: view.seat, active: [view.seat], legal: [], byCard: Shell.actionsByCard([], view, r), catalog,
    mode: "table", online: true, outcome: null, send() {} };
  const root = document.createElement("div");
  r.render(root, view, ctx);
  document.body.append(root);
  const text = root.querySelector(selector).innerText;
  root.remove();
  return text;
}"""


def test_the_seat_says_1_resource_and_1_credit(browser: Any, pages: list[Any], server: ServerProcess) -> None:
    """Issue 24 item 11's grammar on the board as in the log: SWDBG's seat box read "◆ 1 resources" and
    a Jedi Knights player's line "1 credits"."""
    page = open_page(browser, pages, server.base + "/replay")
    swdbg = get_game("swdbg")
    state = swdbg.new_game("2v2", 3, {})
    said = {}
    for amount in (1, 3):
        state.players[0].resources = amount
        view = json.loads(json.dumps(swdbg.view(state, 0)))
        said[amount] = page.evaluate(RENDER_TEXT, ["swdbg", view, ".seatbox.me .who"])
    assert "◆ 1 resource" in said[1] and "1 resources" not in said[1], said
    assert "◆ 3 resources" in said[3], said
    jk = get_game("jk")
    jk_state = start("AvE", 0)
    seats = jk_state.live_seats()
    pick(jk_state, {seats[0]: 1, seats[1]: 2})
    for seat, words in ((seats[0], "1 credit"), (seats[1], "2 credits")):
        view = json.loads(json.dumps(jk.view(jk_state, seat)))
        line = page.evaluate(RENDER_TEXT, ["jk", view, f".jplayer[data-seat='{seat}'] .nums"])
        assert words in line and "1 credits" not in line, line
    no_errors(page)
