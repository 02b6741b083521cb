"""The table WebSocket: joining, bad input of every kind, rate limits, spectators."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from allegiance.server.play import MAX_MESSAGE, RATE_BURST
from tests.server.conftest import make_table

Msg = dict[str, Any]


def recv_until(ws: Any, pred: Callable[[Msg], bool], limit: int = 50) -> Msg:
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("expected message never came")


def join(ws: Any, token: str | None) -> Msg:
    ws.send_text(json.dumps({"type": "join", "token": token} if token else {"type": "join"}))
    return recv_until(ws, lambda m: m["type"] == "state")


def stored_actions(client: TestClient, table_id: str) -> int:
    return len(client.app.state.manager.storage.load_table(table_id).actions)


def test_unknown_table_and_bad_token_close_the_socket_with_a_reason(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nosuchtable") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "not_found" and "no table" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": "forged-token"}))
        msg = ws.receive_json()
        assert msg["code"] == "forbidden" and "not valid" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_bad_actions_get_clear_errors_change_nothing_and_the_socket_stays_usable(client: TestClient) -> None:
    created = make_table(client, ["human", "human", "human", "human"], seed=4)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    with client.websocket_connect(f"/ws/tables/{tid}") as idle_ws, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws:
        first = join(ws, tokens[2])
        join(idle_ws, tokens[0])
        assert 2 in first["active"] and 0 not in first["active"]
        v0 = first["version"]
        # a good action, so that there is an older version to be stale against
        ws.send_text(json.dumps({"type": "action", "action": first["legal"][0]["action"], "version": v0, "ref": 1}))
        # the new state (sent to every page) comes first, then the acknowledgement
        now = recv_until(ws, lambda m: m["type"] in ("state", "error") and m["version"] == v0 + 1)
        assert now["type"] == "state"
        assert recv_until(ws, lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "ref": 1, "version": v0 + 1}
        legal = now["legal"][0]["action"]

        def refused(socket: Any, payload: Any, code: str, words: str) -> None:
            before = stored_actions(client, tid)
            socket.send_text(payload if isinstance(payload, str) else json.dumps(payload))
            err = recv_until(socket, lambda m: m["type"] in ("error", "ack"))
            assert err["type"] == "error" and err["code"] == code, err
            assert words in err["message"], err["message"]
            assert err["version"] == v0 + 1
            assert stored_actions(client, tid) == before
            assert client.get(f"/api/tables/{tid}").json()["version"] == v0 + 1

        refused(idle_ws, {"type": "action", "action": legal, "version": v0 + 1}, "not_your_turn", "may not act now")
        refused(ws, {"type": "action", "action": legal, "version": v0 + 1, "seat": 3}, "wrong_seat",
                "acts for seat 2 only")
        # chosen at v0 and no longer possible (issue 10, item 14: a still-legal one would be applied)
        refused(ws, {"type": "action", "action": first["legal"][0]["action"], "version": v0}, "stale",
                "is no longer possible")
        refused(ws, "this is not json", "malformed", "must be JSON")
        refused(ws, [1, 2], "malformed", "JSON object")
        refused(ws, {"type": "dance"}, "malformed", "unknown message type")
        refused(ws, {"type": "action", "action": "end_turn"}, "malformed", "must be a JSON object")
        refused(ws, {"type": "action", "action": {"kind": "teleport"}}, "malformed", "unknown action kind")
        refused(ws, {"type": "action", "action": {"kind": "play", "card": [1]}}, "malformed", "integer, a string or null")
        refused(ws, {"type": "action", "action": legal, "version": "7"}, "malformed", "must be an integer")
        refused(ws, {"type": "action", "action": {"kind": "play", "card": 99999}}, "illegal", "not a legal action")
        refused(ws, {"type": "action", "action": {"kind": "play", "card": "x" * (MAX_MESSAGE + 10)}}, "too_large",
                "limit is 4096")
        # still usable: the right action at the right version is accepted
        ws.send_text(json.dumps({"type": "action", "action": legal, "version": v0 + 1, "ref": 2}))
        assert recv_until(ws, lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "ref": 2, "version": v0 + 2}
        assert stored_actions(client, tid) == v0 + 2


def test_messages_are_rate_limited_per_connection(client: TestClient) -> None:
    tid = make_table(client, ["human"] * 4)["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws, client.websocket_connect(f"/ws/tables/{tid}") as other:
        join(ws, None)
        join(other, None)
        sent = RATE_BURST + 30
        for i in range(sent):
            ws.send_text(json.dumps({"type": "ping", "ref": i}))
        replies = [recv_until(ws, lambda m: m["type"] in ("pong", "error")) for _ in range(sent)]
        limited = [r for r in replies if r["type"] == "error"]
        assert limited and all(r["code"] == "rate_limited" and "a second" in r["message"] for r in limited)
        assert sum(r["type"] == "pong" for r in replies) < sent
        # another connection has its own budget, and the limited one recovers
        other.send_text(json.dumps({"type": "ping", "ref": "x"}))
        assert recv_until(other, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        time.sleep(0.2)
        ws.send_text(json.dumps({"type": "ping", "ref": "y"}))
        assert recv_until(ws, lambda m: m["type"] in ("pong", "error")) == {"type": "pong", "ref": "y",
                                                                              "version": replies[0]["version"]}


def test_spectators_see_public_information_and_cannot_act(client: TestClient) -> None:
    created = make_table(client, ["human", "human", "human", "human"])
    tid = created["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = join(ws, None)
        assert state["seat"] is None and state["legal"] == []
        assert all(p["hand"] is None for p in state["view"]["players"])
        assert all(e["kind"] != "draw" or "draws" not in e["text"] or "#" not in e["text"] for e in state["events"])
        ws.send_text(json.dumps({"type": "action", "action": {"kind": "end_turn"}}))
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "forbidden" and "spectators cannot act" in err["message"]


def test_a_seat_sees_its_team_hands_but_not_the_opponents(client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "greedy", "greedy"])
    tid = created["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        state = join(ws, created["links"][0]["token"])
        players = state["view"]["players"]
        assert players[0]["hand"] is not None and players[1]["hand"] is not None  # Empire 1 and teammate
        assert players[2]["hand"] is None and players[3]["hand"] is None
        assert all(p["hand_count"] >= 0 for p in players)


def test_binary_frames_are_refused_and_the_socket_stays_usable(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        join(ws, None)
        ws.send_bytes(b"\x00\x01")
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "malformed" and "not binary" in err["message"]
        ws.send_text(json.dumps({"type": "ping", "ref": 1}))
        assert recv_until(ws, lambda m: m["type"] in ("pong", "error"))["type"] == "pong"


def test_a_page_that_never_joins_is_closed(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from allegiance.server import play

    monkeypatch.setattr(play, "JOIN_TIMEOUT", 0.2)
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        msg = ws.receive_json()
        assert msg["code"] == "join_timeout"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4408


def test_the_first_message_must_be_a_join(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "action", "action": {"kind": "end_turn"}}))
        msg = ws.receive_json()
        assert msg["code"] == "malformed" and "first message must be" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
