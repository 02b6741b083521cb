"""Issue 21, item 3: spectators share one message per change, and sockets and spectators are capped.

A thousand spectator sockets from one client on one bot table pushed another table's ping to p90 2.2 s:
every spectator's writer built and encoded its own copy of the same view.  Now one view and one encoding
serve every spectator of a table version, one address may hold ``sockets_per_client`` WebSockets and a
table ``spectators_per_table`` spectators.  The same against a real server: test_spectator_flood_live.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from allegiance.server import connections, create_app
from allegiance.server.limits import Limits
from allegiance.server.storage import Storage
from allegiance.server.tables import TableManager
from tests.server.conftest import make_table
from tests.server.test_handshake_refusals import refused_at_handshake
from tests.server.test_socket import join, recv_until

SPECTATORS = 8


def refused(ws: Any) -> tuple[dict[str, Any], int]:
    """The error a refused socket is sent, and its close code."""
    msg = ws.receive_json()
    with pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return msg, closed.value.code


def limited_client(db_path: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db=db_path, bot_delay=0.0,
                                 limits=Limits(creates_per_minute=6000, create_burst=1000, **limits)))


def test_spectators_of_one_version_share_one_view_and_one_encoding(client: TestClient,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Eight spectators, one action: one spectator view built and one spectator message encoded (it was eight)."""
    created = make_table(client, ["human", "human"], mode="1v1")
    tid, token = created["table"]["id"], created["links"][0]["token"]
    table = client.app.state.manager.tables[tid]
    with ExitStack() as stack:
        player = stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        first = join(player, token)
        watchers = [stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in range(SPECTATORS)]
        for ws in watchers:
            join(ws, None)
        views: list[int | None] = []
        encoded: list[dict[str, Any]] = []
        view, encode = table.game.view, connections._encode
        monkeypatch.setattr(table.game, "view", lambda state, seat: views.append(seat) or view(state, seat))
        monkeypatch.setattr(connections, "_encode", lambda message: encoded.append(message) or encode(message))
        version, before = first["version"], table.events.end
        player.send_text(json.dumps({"type": "action", "action": first["legal"][0]["action"], "version": version}))
        seen = [recv_until(ws, lambda m: m["type"] == "state" and m["version"] == version + 1) for ws in watchers]
        recv_until(player, lambda m: m["type"] == "state" and m["version"] == version + 1)
    assert all(s == seen[0] for s in seen), "the spectators were not sent the same update"
    assert seen[0]["seat"] is None and seen[0]["legal"] == [] and not seen[0]["full_log"]
    assert seen[0]["events"] == [e.to_json() for e in table.events.since(before) or [] if e.visible_for(None)]
    assert views.count(None) == 1, f"{views.count(None)} spectator views built for one version"
    spectator_states = [m for m in encoded if m.get("type") == "state" and m.get("seat") is None]
    assert len(spectator_states) == 1, f"{len(spectator_states)} spectator messages encoded for one version"


def test_a_spectator_behind_gets_every_event_since_its_last_message(tmp_path: Path) -> None:
    """The shared texts: the same object for the same point, and a lagging spectator's covers each action."""
    mgr = TableManager(Storage(str(tmp_path / "t.db")))
    table = mgr.create("swdbg", "1v1", {"bases_to_win": 2}, ["human", "human"], seed=5).table
    whole, mark = table.shared.spectator_state(None)
    assert table.shared.spectator_state(None)[0] is whole
    assert json.loads(whole)["full_log"] is True and mark == table.events.end
    for _ in range(3):
        seat = table.game.active_seats(table.state)[0]
        mgr.submit(table, seat, table.game.legal_actions(table.state, seat)[0], table.state.version)
    text, end = table.shared.spectator_state(mark)
    assert table.shared.spectator_state(mark)[0] is text and end == table.events.end
    message = json.loads(text)
    public = [e.to_json() for e in table.events.since(mark) or [] if e.visible_for(None)]
    assert message["events"] == public and public and message["version"] == table.state.version
    assert message["legal"] == [] and message["seat"] is None
    assert json.loads(table.shared.spectator_state(end)[0])["events"] == []


@pytest.fixture
def capped(db_path: str) -> Iterator[TestClient]:
    with limited_client(db_path, spectators_per_table=2, sockets_per_client=4) as c:
        yield c


def test_spectators_beyond_the_tables_cap_are_refused_and_seats_still_join(capped: TestClient) -> None:
    created = make_table(capped, ["human", "human"], mode="1v1")
    tid = created["table"]["id"]
    url = f"/ws/tables/{tid}"
    with capped.websocket_connect(url) as a, capped.websocket_connect(url) as b:
        join(a, None)
        join(b, None)
        with capped.websocket_connect(url) as c:
            c.send_text(json.dumps({"type": "join"}))
            msg, code = refused(c)
            assert code == 1013 and msg["code"] == "spectators_full" and "maximum of 2 spectators" in msg["message"]
        with capped.websocket_connect(url) as seat:
            assert join(seat, created["links"][0]["token"])["seat"] == 0  # a seat's link always joins
    deadline = time.monotonic() + 30
    while capped.app.state.manager.tables[tid].spectators():  # the server notices the leaves
        assert time.monotonic() < deadline, "the spectators never left"
        time.sleep(0.05)
    with capped.websocket_connect(url) as again:
        assert join(again, None)["seat"] is None


def test_sockets_beyond_the_addresss_cap_are_refused_before_anything_else(capped: TestClient) -> None:
    first = make_table(capped, ["human", "human"], mode="1v1")["table"]["id"]
    other = make_table(capped, ["human", "human"], mode="1v1", seed=4)["table"]["id"]
    mgr = capped.app.state.manager
    with ExitStack() as stack:
        # two tables, and one socket that has not joined yet: all count
        for tid in (first, first, other):
            join(stack.enter_context(capped.websocket_connect(f"/ws/tables/{tid}")), None)
        stack.enter_context(capped.websocket_connect(f"/ws/tables/{other}"))
        closed = refused_at_handshake(capped, "/ws/tables/nosuchtable")  # before the table is even looked for
        assert (closed.code, closed.reason) == (1013, "too_many_sockets")
        assert "at most 4" in capped.get(f"/api/tables/{first}/socket").json()["detail"]
    deadline = time.monotonic() + 30
    while mgr.sockets.held("testclient"):
        assert time.monotonic() < deadline, f"{mgr.sockets.held('testclient')} sockets still counted"
        time.sleep(0.05)
    with capped.websocket_connect(f"/ws/tables/{first}") as again:
        assert join(again, None)["seat"] is None


def test_the_default_caps() -> None:
    assert (Limits().sockets_per_client, Limits().spectators_per_table) == (32, 64)
