"""Issue 21, item 3: a refused WebSocket is refused at its handshake, before it is accepted.

A flood of ~630 refused sockets a second from one address still pushed other tables' ping to p90 275 ms
and the server to 437 MB: each was accepted, told why in a message, then closed.  Now a socket over the
address's cap, over its rate of connection attempts, or a page that says it comes to watch a table
full of spectators is closed before the accept (HTTP 403 at the upgrade): no table is opened for it and
no slot is taken, and ``GET /api/tables/{id}/socket`` tells the page why.  On the old code each of these
handshakes was accepted (the test client's connect returned) and only then closed.  The same against a
real server, with several addresses: test_spectator_flood_live.py.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from allegiance.server import create_app
from allegiance.server.limits import Limits
from tests.server.conftest import make_table
from tests.server.test_socket import join, recv_until


def limited_client(db_path: str, **limits: Any) -> TestClient:
    return TestClient(create_app(db=db_path, bot_delay=0.0,
                                 limits=Limits(creates_per_minute=6000, create_burst=1000, **limits)))


def refused_at_handshake(client: TestClient, url: str) -> WebSocketDisconnect:
    """Open ``url``: the server must close it before accepting it; the close it got."""
    try:
        with client.websocket_connect(url) as ws:  # the old code accepted the socket here
            first = ws.receive_json()  # and only then said why, and closed it
    except WebSocketDisconnect as closed:
        return closed
    raise AssertionError(f"the handshake was accepted, then the socket was sent {first}")


def opens_counted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The table ids the manager is asked to open (in memory or from the database) from now on."""
    mgr = client.app.state.manager
    opened: list[str] = []
    real = mgr.open

    def counted(table_id: str, *args: Any, **kwargs: Any) -> Any:
        opened.append(table_id)
        return real(table_id, *args, **kwargs)

    monkeypatch.setattr(mgr, "open", counted)
    return opened


def wait_until(done: Any, what: str) -> None:
    deadline = time.monotonic() + 30
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def play_one(ws: Any, state: dict[str, Any]) -> None:
    """Send the seat's first legal action and wait for its acknowledgement."""
    ws.send_text(json.dumps({"type": "action", "action": state["legal"][0]["action"],
                             "version": state["version"], "ref": 1}))
    ack = recv_until(ws, lambda m: m["type"] in ("ack", "error"))
    assert ack["type"] == "ack", ack


@pytest.fixture
def two_sockets(db_path: str) -> Iterator[TestClient]:
    with limited_client(db_path, sockets_per_client=2) as c:
        yield c


def test_a_socket_over_the_addresss_cap_is_refused_before_accept_and_opens_nothing(
        two_sockets: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    client = two_sockets
    created = make_table(client, ["human", "human"], mode="1v1")
    tid, token = created["table"]["id"], created["links"][0]["token"]
    url = f"/ws/tables/{tid}"
    mgr = client.app.state.manager
    with client.websocket_connect(url) as seat, client.websocket_connect(url) as watcher:
        join(seat, token)
        join(watcher, None)
        opened = opens_counted(client, monkeypatch)
        for target in (url, url + "?spectate=1", "/ws/tables/nosuchtable"):
            closed = refused_at_handshake(client, target)
            assert (closed.code, closed.reason) == (1013, "too_many_sockets")
        assert opened == [], "a refused socket had its table opened"
        assert mgr.sockets.held("testclient") == 2, "a refused socket took a slot"
        why = client.get(f"/api/tables/{tid}/socket").json()
        assert why["ok"] is False and why["code"] == "too_many_sockets" and "at most 2 open" in why["detail"]
        assert why["retry_after"] > 0
    wait_until(lambda: not mgr.sockets.held("testclient"), "the closed sockets were never given back")
    assert client.get(f"/api/tables/{tid}/socket").json() == {"ok": True, "code": None, "detail": None,
                                                             "retry_after": None}
    with client.websocket_connect(url) as seat:  # the player comes back and plays
        play_one(seat, join(seat, token))


def test_connection_attempts_over_the_addresss_rate_are_refused_before_accept(
        db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with limited_client(db_path, ws_per_minute=0.01, ws_burst=3) as client:
        created = make_table(client, ["human", "human"], mode="1v1")
        tid, token = created["table"]["id"], created["links"][0]["token"]
        url = f"/ws/tables/{tid}"
        assert client.get(f"/api/tables/{tid}/socket").json()["ok"] is True  # asking takes no attempt
        with client.websocket_connect(url) as seat:  # a burst of three attempts, refused or not
            state = join(seat, token)
            with client.websocket_connect("/ws/tables/nosuchtable") as unknown:
                assert unknown.receive_json()["code"] == "not_found"
            with client.websocket_connect(url) as watcher:
                join(watcher, None)
            opened = opens_counted(client, monkeypatch)
            for _ in range(3):
                closed = refused_at_handshake(client, url)
                assert (closed.code, closed.reason) == (1013, "rate_limited")
            assert opened == []
            why = client.get(f"/api/tables/{tid}/socket").json()
            assert why["ok"] is False and why["code"] == "rate_limited" and "connection attempts" in why["detail"]
            play_one(seat, state)  # the sockets already open are not affected


def test_a_page_come_to_watch_a_full_table_is_refused_before_accept_and_a_seat_still_joins(
        db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    with limited_client(db_path, spectators_per_table=1) as client:
        created = make_table(client, ["human", "human"], mode="1v1")
        tid, token = created["table"]["id"], created["links"][0]["token"]
        url = f"/ws/tables/{tid}"
        with client.websocket_connect(url + "?spectate=1") as watcher:
            join(watcher, None)
            opened = opens_counted(client, monkeypatch)
            closed = refused_at_handshake(client, url + "?spectate=1")
            assert (closed.code, closed.reason) == (1013, "spectators_full")
            assert opened == []
            why = client.get(f"/api/tables/{tid}/socket?spectate=1").json()
            assert why["ok"] is False and why["code"] == "spectators_full" and "maximum of 1" in why["detail"]
            assert client.get(f"/api/tables/{tid}/socket").json()["ok"] is True  # a seat's page may come
            with client.websocket_connect(url) as seat:  # a seat's link always joins
                play_one(seat, join(seat, token))
            # a page that does not say it comes to watch is still refused, after its join
            with client.websocket_connect(url) as late:
                late.send_text(json.dumps({"type": "join"}))
                msg = late.receive_json()
                assert msg["type"] == "error" and msg["code"] == "spectators_full"


def test_a_table_not_in_memory_is_not_loaded_to_check_its_spectators(db_path: str) -> None:
    with limited_client(db_path, spectators_per_table=1) as client:
        tid = make_table(client, ["human", "human"], mode="1v1")["table"]["id"]
        mgr = client.app.state.manager
        mgr.tables.pop(tid)  # as after a restart: stored, not in memory
        assert client.get(f"/api/tables/{tid}/socket?spectate=1").json()["ok"] is True
        assert tid not in mgr.tables


def test_the_default_attempt_rate() -> None:
    assert (Limits().ws_per_minute, Limits().ws_burst) == (120.0, 60)
