"""Two clicks on the board instead of a list of every pair (issue 24 item 4), in a real browser (Debian's
Chromium): a card that does something to one of several cards (a SWDBG unit that may attack the enemy
base or a galaxy-row card, a Wakfu blocker that may block either attacker) is clicked, the cards it may
act on are highlighted, and a click on one sends that action; Esc or the cancel button goes back
without sending anything.  The action list keeps one entry per such card.

The page's socket is replaced by a stand-in that records what the page sends, and the states it
receives are built by the server's own code (``legal_json``: each action's ``source`` and ``targets``
from ``Game.action_parts``) from real positions, so the test reads exactly the actions a player would
send, without waiting on bots."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from allegiance.core.game import Game
from allegiance.games.swdbg import GAME as SWDBG
from allegiance.games.wakfu import GAME as WAKFU
from allegiance.server.messages import legal_json
from tests.browser.shared import SharedServers
from tests.browser.test_board_in_sight import table
from tests.browser.test_table_pages import no_errors, no_ids_shown
from tests.swdbg.builders import build, cid
from tests.wakfu.builders import act, board, one
from tests.wakfu.test_combat import attack

pytestmark = pytest.mark.browser

#: a WebSocket that opens at once, answers pings and keeps every message the page sends in ``__sent``
FAKE_SOCKET = """(() => {
  window.__sent = [];
  class FakeSocket {
    constructor(url) {
      this.url = url; this.readyState = 0; window.__sock = this;
      setTimeout(() => { this.readyState = 1; if (this.onopen) this.onopen(); }, 0);
    }
    send(data) {
      const msg = JSON.parse(data);
      window.__sent.push(msg);
      if (msg.type === "ping") setTimeout(() => this.onmessage && this.onmessage({ data: '{"type":"pong"}' }), 0);
    }
    close() { this.readyState = 3; }
  }
  Object.assign(FakeSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = FakeSocket;
})();"""

DELIVER = "(msg) => window.__sock.onmessage({ data: JSON.stringify(msg) })"
ACTIONS_SENT = "() => window.__sent.filter((m) => m.type === 'action').map((m) => m.action)"
PICKED = """() => ({ picking: document.body.classList.contains('picking'),
  source: [...document.querySelectorAll('#board .pick-source')].map((e) => Number(e.dataset.card)),
  targets: [...new Set([...document.querySelectorAll('#board .pick-target')].map((e) => Number(e.dataset.card)))].sort((a, b) => a - b) })"""


def state_message(game: Game, state: Any, seat: int) -> dict[str, Any]:
    """The state message the server sends ``seat`` (see ``messages.state_message``), for a position."""
    view = game.view(state, seat)
    legal = legal_json(SimpleNamespace(game=game, state=state), seat, view)  # type: ignore[arg-type]
    return {"type": "state", "table": "t", "status": "playing", "game": game.name, "mode": "1v1", "practice": False,
            "seat": seat, "version": state.version, "view": view, "legal": legal, "why": {},
            "active": list(game.active_seats(state)),
            "prompts": [{"seats": list(d.seats), "prompt": d.prompt} for d in game.decisions(state)],
            "events": [], "full_log": True, "outcome": None, "progress": [],
            "seats": [{"seat": s.index, "label": s.label, "team": s.team, "kind": "human", "claimed": True,
                       "open": False, "connected": True} for s in state.table.seats]}


def open_with(browser: Any, pages: list[Any], link: str, msg: dict[str, Any]) -> Any:
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    pages.append(page)
    page.add_init_script(FAKE_SOCKET)
    page.goto(link)
    page.wait_for_function("() => window.__sock && window.__sock.readyState === 1")
    page.evaluate(DELIVER, msg)
    page.wait_for_selector("body[data-mine='1'] #actions button")
    return page


def test_swdbg_attacker_then_a_highlighted_target(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    s = build("1v1", units={0: ["Dengar", "TIE Fighter"]}, row={0: ["Rebel Trooper", "Y-Wing", "Kel Dor Mystic"]})
    dengar, ywing, base = cid(s, "Dengar"), cid(s, "Y-Wing"), s.players[1].base
    msg = state_message(SWDBG, s, 0)
    # the server names each attack's unit and what it hits: the enemy base, or the galaxy-row card
    assert [item["targets"] for item in msg["legal"] if item.get("source") == dengar] == [[base], [ywing]]
    server = servers()
    page = open_with(browser, pages, table(server.base, "swdbg", "1v1", 2), msg)
    # the list: one entry per attacking unit, not one per (unit, target) pair
    assert page.locator(f"#actions #pick-{dengar}").count() == 1
    assert page.locator("#actions button[data-kind=commit][data-index]").count() == 0
    page.click(f"#board [data-card='{dengar}']")
    assert page.evaluate(PICKED) == {"picking": True, "source": [dengar], "targets": sorted([ywing, base])}
    assert page.locator("#menu").is_hidden() and page.evaluate(ACTIONS_SENT) == []
    # Esc goes back: nothing highlighted, nothing sent
    page.keyboard.press("Escape")
    assert page.evaluate(PICKED) == {"picking": False, "source": [], "targets": []}
    # so does the cancel button (the pick started from the list this time)
    page.click(f"#pick-{dengar}")
    assert page.evaluate(PICKED)["targets"] == sorted([ywing, base])
    page.click("#pick-cancel")
    assert page.evaluate(PICKED)["picking"] is False and page.evaluate(ACTIONS_SENT) == []
    # the attacker, then the highlighted Y-Wing: exactly that attack is sent
    page.click(f"#board [data-card='{dengar}']")
    page.click(f"#board [data-card='{ywing}'].pick-target")
    assert page.evaluate(ACTIONS_SENT) == [{"kind": "commit", "card": dengar, "target": ywing}]
    no_ids_shown(page)
    no_errors(page)


def test_wakfu_blocker_then_a_highlighted_attacker(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    s = board(monde={0: ["Bouftou", "Bwork"], 1: ["Tofu", "Tofu"]})
    bouftou, bwork = one(s, "Bouftou"), one(s, "Bwork")
    attack(s, s.players[1].sac, [bouftou, bwork], None)
    tofu = one(s, "Tofu", 1)
    msg = state_message(WAKFU, s, 1)
    assert [item["targets"] for item in msg["legal"] if item.get("source") == tofu] == [[bouftou], [bwork]]
    server = servers()
    page = open_with(browser, pages, table(server.base, "wakfu", "1v1", 2), msg)
    assert page.locator(f"#actions #pick-{tofu}").count() == 1  # one entry per blocker, and "done"
    assert page.locator("#actions button[data-index]").count() == 1
    page.click(f"#board [data-card='{tofu}']")
    assert page.evaluate(PICKED) == {"picking": True, "source": [tofu], "targets": sorted([bouftou, bwork])}
    page.keyboard.press("Escape")
    assert page.evaluate(PICKED)["picking"] is False and page.evaluate(ACTIONS_SENT) == []
    page.click(f"#board [data-card='{tofu}']")
    page.locator(f"#board [data-card='{bwork}'].pick-target").first.click()
    assert page.evaluate(ACTIONS_SENT) == [{"kind": "choose", "value": tofu, "amount": bwork}]
    no_ids_shown(page)
    no_errors(page)


def test_wakfu_attacking_heros_then_a_highlighted_target(browser: Any, pages: list[Any], servers: SharedServers) -> None:
    """Issue 24, item 4: the target of an attack (702) is picked from the attacking Héros on the board: a
    click on the Héros highlights the targets, a click on one declares it (``WakfuGame.action_parts``)."""
    s = board(monde={0: ["Bouftou"], 1: ["Tofu"]}, havre={1: ["Boo"]}, hero_in_monde=(0,))
    act(s, 0, "attack")
    hero, targets = s.players[0].hero, sorted(s.pending[-1].options)
    assert len(targets) >= 2
    msg = state_message(WAKFU, s, 0)
    assert sorted(item["targets"] for item in msg["legal"] if item.get("source") == hero) == [[t] for t in targets]
    server = servers()
    page = open_with(browser, pages, table(server.base, "wakfu", "1v1", 2), msg)
    assert page.locator(f"#actions #pick-{hero}").count() == 1  # one entry: the Héros and its targets
    page.click(f"#board [data-card='{hero}']")
    assert page.evaluate(PICKED) == {"picking": True, "source": [hero], "targets": targets}
    page.keyboard.press("Escape")
    assert page.evaluate(PICKED)["picking"] is False and page.evaluate(ACTIONS_SENT) == []
    page.click(f"#board [data-card='{hero}']")
    page.locator(f"#board [data-card='{targets[-1]}'].pick-target").first.click()
    assert page.evaluate(ACTIONS_SENT) == [{"kind": "choose", "value": targets[-1]}]
    no_ids_shown(page)
    no_errors(page)
