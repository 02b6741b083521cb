"""Bad input at the online table (issue 10): options checked before anything is stored and a lobby
that survives any stored row (item 3); huge and non-finite numbers (item 8); an illegal answer to a
"who resolves it" choice (item 9); teammates clicking at the same moment (item 14)."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import insert

from allegiance.server.storage import seats_t, tables_t
from tests.server.conftest import make_table
from tests.server.test_socket import join, recv_until
from tests.swdbg.builders import build

CREATE = {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"]}


def _post_raw(client: TestClient, url: str, text: str) -> Any:
    return client.post(url, content=text.encode(), headers={"Content-Type": "application/json"})


def _deep(levels: int) -> Any:
    value: Any = True
    for _ in range(levels):
        value = {"a": value}
    return value


@pytest.mark.parametrize("options", [
    {"pay_off_neutral": _deep(255)}, {"bases_to_win": "3"}, {"bases_to_win": 2.9}, {"max_turns": "1_000"},
    {"max_turns": 10**30}, {"bases_to_win": True}, {"pay_off_neutral": "true"}, {"galaxy": "huge"},
    {"colour": "red"}, {"bases_to_win": 9},
])
def test_bad_options_are_refused_before_anything_is_stored(client: TestClient, options: dict) -> None:
    before = client.get("/api/tables").json()
    res = client.post("/api/tables", json={**CREATE, "options": options})
    assert res.status_code == 400, res.text
    detail = res.json()["detail"]
    assert isinstance(detail, str) and len(detail) < 300
    assert any(name in detail for name in ("pay_off_neutral", "bases_to_win", "max_turns", "galaxy", "colour"))
    assert client.get("/api/tables").json() == before


def test_the_lobby_survives_any_stored_row(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """A row stored before options were checked (or damaged) is listed as broken, its bad options
    withheld, and logged; the listing answers for everyone (issue 10, items 3 and 12)."""
    good = make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"]
    storage = client.app.state.manager.storage
    with storage.engine.begin() as conn:
        for i, options in enumerate([json.dumps({"pay_off_neutral": _deep(255)}), "{not json",
                                     "[" * 5000 + "]" * 5000, json.dumps({"max_turns": "3"})]):
            conn.execute(insert(tables_t).values(id=f"junk{i}", game="swdbg", mode="1v1", options=options, seed=1,
                                                 created_at=1e10 + i, finished=False, outcome=None,
                                                 status="playing"))
            conn.execute(insert(seats_t), [{"table_id": f"junk{i}", "seat": s, "kind": "human", "token_hash": None,
                                            "claimed": False} for s in range(2)])
    caplog.set_level(logging.ERROR)
    res = client.get("/api/tables")
    assert res.status_code == 200
    listed = {t["id"]: t for t in res.json()}
    assert good in listed and listed[good]["status"] == "playing"
    assert all(listed[i]["status"] == "broken" and listed[i]["options"] == {}
               for i in listed if i.startswith("junk"))
    assert {i for i in listed if i.startswith("junk")} == {f"junk{i}" for i in range(4)}
    assert all(f"junk{i}" in caplog.text for i in range(4))


@pytest.mark.parametrize("body", [
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": 9223372036854775808}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": -1}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": 1e400}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": Infinity}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": -Infinity}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": NaN}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": "5"}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "options": {"max_turns": 1e400}}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "options": {"max_turns": Infinity}}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "options": {"bases_to_win": -Infinity}}',
    '{"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "options": {"max_turns": 9223372036854775808}}',
])
def test_huge_and_non_finite_numbers_at_create_answer_400(client: TestClient, body: str) -> None:
    res = _post_raw(client, "/api/tables", body)
    assert res.status_code == 400, res.text
    assert res.json()["detail"]


def _finished_replay(client: TestClient) -> dict[str, Any]:
    tid = make_table(client, ["greedy", "greedy"], mode="1v1", options={"max_turns": 4})["table"]["id"]
    for _ in range(500):
        if client.get(f"/api/tables/{tid}").json()["finished"]:
            break
        import time
        time.sleep(0.01)
    return client.get(f"/api/tables/{tid}/replay").json()


def test_huge_and_non_finite_numbers_in_replay_step_answer_400(client: TestClient) -> None:
    replay = json.dumps(_finished_replay(client))
    bodies = [
        f'{{"replay": {replay}, "step": 1e400}}', f'{{"replay": {replay}, "step": Infinity}}',
        f'{{"replay": {replay}, "step": -1}}', f'{{"replay": {replay}, "step": 9223372036854775808}}',
        f'{{"replay": {replay}, "seat": Infinity}}', f'{{"replay": {replay}, "seat": 2}}',
        f'{{"replay": {replay}, "seat": 99999999999999999999}}',
        f'{{"replay": {replay[:-1]}, "seed": 1e400}}, "step": 1}}',
        f'{{"replay": {replay[:-1]}, "seed": 9223372036854775808}}, "step": 1}}',
        f'{{"replay": {replay[:-1]}, "seed": -Infinity}}, "step": 1}}',
        f'{{"replay": {replay[:-1]}, "options": {{"max_turns": 1e400}}}}, "step": 1}}',
        f'{{"replay": {replay[:-1]}, "shuffle_key": "00"}}, "step": 1}}',
        '{"replay": {"game": "swdbg", "actions": [[1e400, {"kind": "end_turn"}]]}, "step": 1}',
        '{"replay": {"game": "swdbg", "actions": [[Infinity, {"kind": "end_turn"}]]}, "step": 1}',
    ]
    for body in bodies:
        res = _post_raw(client, "/api/replays/step", body)
        assert res.status_code == 400, (body[-80:], res.text)
        assert res.json()["detail"]
    assert _post_raw(client, "/api/replays/step", f'{{"replay": {replay}, "step": 3, "seat": 1}}').status_code == 200


def test_huge_versions_over_http_answer_400(client: TestClient) -> None:
    created = make_table(client, ["human", "human"], mode="1v1", options={})
    tid, token = created["table"]["id"], created["links"][0]["token"]
    for version in ("1e400", "Infinity", "9223372036854775808", "-1", '"3"'):
        res = client.post(f"/api/tables/{tid}/actions", content=f'{{"action": {{"kind": "end_turn"}}, '
                          f'"version": {version}}}'.encode(), headers={"X-Seat-Token": token,
                                                                        "Content-Type": "application/json"})
        assert res.status_code == 400, res.text


def test_an_illegal_who_answer_is_illegal_not_unavailable(client: TestClient) -> None:
    """Item 9: the refusal's wording raised IndexError, and the page was told 'could not store'."""
    created = make_table(client, ["human"] * 4, options={})
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    table = client.app.state.manager.get(tid)
    table.state = build("2v2", stage="start", base={1: "Coruscant"})  # a "who resolves it" choice for seats 0, 1
    assert table.state.pending[-1].kind == "who"
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        join(ws, tokens[0])
        for value in (99, -1, "x"):
            ws.send_text(json.dumps({"type": "action", "action": {"kind": "choose", "value": value}, "ref": 5}))
            err = recv_until(ws, lambda m: m["type"] in ("error", "ack"))
            assert err["type"] == "error" and err["code"] == "illegal", err
            assert "not a legal action" in err["message"]
    res = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "choose", "value": 7}},
                      headers={"X-Seat-Token": tokens[1]})
    assert res.status_code == 409 and "not a legal action" in res.json()["detail"]


def test_two_teammates_sending_at_the_same_version_are_both_applied(client: TestClient) -> None:
    """Item 14 over the WebSocket (SW-TURN-1): both teammates play a card chosen at the same version."""
    created = make_table(client, ["human"] * 4, seed=11, options={})
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    sockets = [client.websocket_connect(f"/ws/tables/{tid}") for _ in range(4)]
    entered = [s.__enter__() for s in sockets]
    try:
        states = {seat: join(entered[seat], tokens[seat]) for seat in range(4)}
        active = states[0]["active"]
        assert len(active) == 2
        version = states[0]["version"]
        for ref, seat in enumerate(active):
            play = next(a["action"] for a in states[seat]["legal"] if a["action"]["kind"] == "play")
            entered[seat].send_text(json.dumps({"type": "action", "action": play, "version": version, "ref": ref}))
        for ref, seat in enumerate(active):
            reply = recv_until(entered[seat], lambda m: m["type"] in ("ack", "error"))
            assert reply["type"] == "ack" and reply["ref"] == ref, reply
        assert client.get(f"/api/tables/{tid}").json()["version"] == version + 2
        # the same card again, chosen at that version: refused in words
        seat = active[0]
        play = next(a["action"] for a in states[seat]["legal"] if a["action"]["kind"] == "play")
        entered[seat].send_text(json.dumps({"type": "action", "action": play, "version": version, "ref": 9}))
        err = recv_until(entered[seat], lambda m: m["type"] in ("ack", "error"))
        assert err["code"] == "stale" and "no longer in your hand" in err["message"], err
        assert "version" not in err["message"]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
