"""A paced page (issue 21, item 9): it joins with ``"seen": true``, acknowledges each state with
``{"type": "seen"}``, and is sent its next state only then, with every change since coalesced into it.
A page that reads slowly is therefore never sent a backlog of states that are out of date before they
are read (the browser's and the kernel's buffers took megabytes of them, and a throttled page fell
minutes behind the table)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from allegiance.server.play import RATE_BURST
from tests.server.conftest import make_table
from tests.server.test_socket import Msg, recv_until


def play(client: TestClient, table_id: str, tokens: dict[int, str], actions: int) -> int:
    """``actions`` moves by whichever seat may act (over HTTP); returns the table's version."""
    done = 0
    while done < actions:
        for token in tokens.values():
            state = client.get(f"/api/tables/{table_id}/state", headers={"X-Seat-Token": token}).json()
            if state["legal"]:
                res = client.post(f"/api/tables/{table_id}/actions", headers={"X-Seat-Token": token},
                                  json={"action": state["legal"][0]["action"], "version": state["version"]})
                assert res.status_code == 200, res.text
                done += 1
                break
    return int(client.get(f"/api/tables/{table_id}").json()["version"])


def next_after_ping(ws: Any) -> Msg:
    """The next state or pong once the server has read a ping: a state sent before the pong comes first
    (presence messages, small and coalesced, are not paced)."""
    ws.send_text(json.dumps({"type": "ping", "ref": "p"}))
    return recv_until(ws, lambda m: m["type"] in ("state", "pong"))


def table_with_four_people(client: TestClient) -> tuple[str, dict[int, str]]:
    created = make_table(client, ["human"] * 4, seed=5, options={"bases_to_win": 5})
    return created["table"]["id"], {link["seat"]: link["token"] for link in created["links"]}


def test_a_paced_page_gets_its_next_state_only_once_it_has_read_the_last(client: TestClient) -> None:
    table_id, tokens = table_with_four_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "join", "seen": True}))
        first = recv_until(ws, lambda m: m["type"] == "state")
        now = play(client, table_id, tokens, 12)
        # twelve changes, and nothing sent: the first state is not acknowledged yet
        assert next_after_ping(ws)["type"] == "pong"
        ws.send_text(json.dumps({"type": "seen"}))
        newest = recv_until(ws, lambda m: m["type"] == "state")
        assert newest["type"] == "state" and newest["version"] == now > first["version"]
        # the one state carries every log line since the first (coalesced, none lost)
        log = client.get(f"/api/tables/{table_id}/state").json()
        assert newest["events"] == [e for e in log["events"]][-len(newest["events"]):]
        assert len(newest["events"]) >= 12
        # acknowledged, and nothing changed since: nothing more is sent
        ws.send_text(json.dumps({"type": "seen"}))
        assert next_after_ping(ws)["type"] == "pong"
        # the next change is sent at once
        now = play(client, table_id, tokens, 1)
        assert recv_until(ws, lambda m: m["type"] == "state")["version"] == now


def test_acknowledgements_are_not_rate_limited_while_a_state_waits_for_one(client: TestClient) -> None:
    """A fast table sends a paced page a state as often as the page reads them: its acknowledgements
    must never be refused by the per-connection rate limit, or the page would wait for good."""
    table_id, tokens = table_with_four_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "join", "seen": True}))
        recv_until(ws, lambda m: m["type"] == "state")
        for _ in range(RATE_BURST * 2):
            ws.send_text(json.dumps({"type": "seen"}))
            now = play(client, table_id, tokens, 1)
            msg = recv_until(ws, lambda m: m["type"] not in ("pong", "presence"))
            assert msg["type"] == "state" and msg["version"] == now, msg


def test_a_page_that_does_not_ask_to_be_paced_gets_every_state_as_before(client: TestClient) -> None:
    table_id, tokens = table_with_four_people(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_text(json.dumps({"type": "join"}))
        recv_until(ws, lambda m: m["type"] == "state")
        now = play(client, table_id, tokens, 3)
        assert recv_until(ws, lambda m: m["type"] == "state" and m["version"] == now)["version"] == now
