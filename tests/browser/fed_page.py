"""A table page fed by the test instead of a server's socket: a stand-in WebSocket (FAKE_SOCKET, an init
script) and the state messages a seat would receive in a seeded game (what
``allegiance.server.messages.state_message`` sends).  Used by benchmarks/page_cost.py and the page-feel
browser tests, which hand the page exactly the messages they mean to test."""

from __future__ import annotations

import random
from typing import Any

from allegiance.games import get_game

KIND_WEIGHT = {"play": 6, "buy": 4, "attack": 4, "use": 1, "move": 1, "end_turn": 1, "pass": 1, "choose": 2}
OPTIONS = {"wakfu": {"team_uniques": "ignore"}}

#: a WebSocket that never connects anywhere: the caller hands the page its messages (``__deliver``) and
#: reads what the page sent (``__sent``)
FAKE_SOCKET = """(() => {
  const socks = [];
  window.__sent = [];
  class FakeSocket {
    constructor(url) { this.url = url; this.readyState = 0; socks.push(this);
      setTimeout(() => { this.readyState = 1; if (this.onopen) this.onopen(); }, 0); }
    send(data) { window.__sent.push(data); }
    close() { this.readyState = 3; }
  }
  FakeSocket.CONNECTING = 0; FakeSocket.OPEN = 1; FakeSocket.CLOSING = 2; FakeSocket.CLOSED = 3;
  window.WebSocket = FakeSocket;
  window.__deliver = (msg) => socks[socks.length - 1].onmessage({ data: msg });
})();"""


def messages(game_name: str, mode: str, warm: int, count: int, seed: int = 1, seat: int = 0) -> list[dict[str, Any]]:
    """The state messages ``seat`` receives for ``count`` actions after ``warm`` actions of a seeded game."""
    game = get_game(game_name)
    rng = random.Random(seed)
    opts = OPTIONS.get(game_name, {})
    state = game.new_game(mode, seed, opts)
    table = game.table_for(mode)
    seats = [{"seat": s.index, "label": s.label, "team": s.team, "kind": "human", "claimed": True, "open": False,
              "connected": True} for s in table.seats]
    out: list[dict[str, Any]] = []
    step = 0
    while len(out) < count:
        actor = game.active_seats(state)[0]
        legal = game.legal_actions(state, actor)
        action = rng.choices(legal, [KIND_WEIGHT.get(a.kind, 1) for a in legal])[0]
        events = game.apply(state, actor, action)
        step += 1
        if game.outcome(state) is not None:
            state = game.new_game(mode, rng.randrange(1 << 30), opts)
            step = 0
            continue
        if step <= warm:
            continue
        view = game.view(state, seat)
        out.append({
            "type": "state", "table": "bench", "status": "playing", "game": game_name, "mode": mode,
            "practice": False, "seat": seat, "version": state.version, "view": view,
            "legal": [{"action": a.to_json(), "text": game.describe_action(state, seat, a)}
                      for a in game.legal_actions(state, seat)],
            "why": {str(k): v for k, v in game.card_reasons(state, seat, view).items()},
            "active": list(game.active_seats(state)),
            "prompts": [{"seats": list(d.seats), "prompt": d.prompt} for d in game.decisions(state)],
            "events": [e.to_json() for e in events if e.visible_for(seat)], "full_log": not out,
            "seats": seats, "outcome": None, "progress": game.progress(state, seat),
        })
    return out


def open_fed_page(browser: Any, pages: list[Any], base: str, width: int, height: int) -> Any:
    """A table page at ``width``×``height`` (reduced motion) whose socket is the stand-in above, ready to be
    handed states (``test_page_feel.deliver``); its errors are kept in ``page.errors``."""
    page = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce").new_page()
    pages.append(page)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.add_init_script(FAKE_SOCKET)
    page.goto(f"{base}/table/fed")
    page.wait_for_function("document.body.dataset.online === '1'")
    return page
