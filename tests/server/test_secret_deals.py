"""Secret deals at the online table (issue 10, item 1): each table deals from its own 256-bit key with
the secure generator; the key reaches no seat, spectator, API answer or log line while the game runs;
the finished game's replay carries it and reproduces the game; a chosen seed makes a practice table."""

from __future__ import annotations

import base64
import json
import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from allegiance.core.rng import Rng, SecureRng
from allegiance.games import get_game
from allegiance.replay import load_replay, replay_game
from tests.server.test_socket import join

GAME = get_game("swdbg")


def _create(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    return res.json()


def _deal(client: TestClient, table_id: str) -> Any:
    view = client.get(f"/api/tables/{table_id}/state").json()["view"]
    return [[(c["id"], c["name"]) for c in r["row"]] for r in view["regions"]], view["active_team"]


def test_two_tables_from_the_same_public_information_deal_differently(client: TestClient) -> None:
    body = {"game": "swdbg", "mode": "2v2", "seats": ["human"] * 4, "options": {"galaxy": "full"}}
    first, second = _create(client, body)["table"]["id"], _create(client, body)["table"]["id"]
    assert _deal(client, first) != _deal(client, second)
    mgr = client.app.state.manager
    for tid in (first, second):
        table = mgr.get(tid)
        record = mgr.storage.load_table(tid)
        assert isinstance(table.state.rng, SecureRng) and record.shuffle_key is not None
        assert len(record.shuffle_key) == 32 and not record.practice
        # knowing the table's seed (or guessing it) does not give the deal: the seed is not what dealt it
        from_seed = GAME.new_game("2v2", record.seed, {"galaxy": "full"})
        assert GAME.view(from_seed, None)["regions"] != GAME.view(table.state, None)["regions"]
    keys = {mgr.storage.load_table(t).shuffle_key for t in (first, second)}
    assert len(keys) == 2


def test_a_chosen_seed_makes_a_practice_table_and_everyone_is_told(client: TestClient) -> None:
    body = {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": 77}
    created = _create(client, body)
    tid = created["table"]["id"]
    assert created["table"]["practice"] is True
    assert client.get(f"/api/tables/{tid}").json()["practice"] is True
    assert [t["practice"] for t in client.get("/api/tables").json() if t["id"] == tid] == [True]
    table = client.app.state.manager.get(tid)
    assert type(table.state.rng) is Rng  # reproducible for its creator: the fast generator from the seed
    assert GAME.digest(table.state) == GAME.digest(GAME.new_game("1v1", 77, {}))
    for link in created["links"]:
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            assert join(ws, link["token"])["practice"] is True
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert join(ws, None)["practice"] is True
    assert client.get(f"/api/tables/{tid}/state").json()["practice"] is True
    # without a seed: not practice, and the table list after a restart still says so (stored)
    secret = _create(client, {**body, "seed": None})["table"]
    assert secret["practice"] is False
    client.app.state.manager.tables.clear()
    listed = {t["id"]: t["practice"] for t in client.get("/api/tables").json()}
    assert listed[tid] is True and listed[secret["id"]] is False


def _forms(key: bytes) -> list[str]:
    """Every form the key could leak in."""
    return [key.hex(), key.hex().upper(), base64.b64encode(key).decode(), base64.urlsafe_b64encode(key).decode(),
            str(int.from_bytes(key, "little")), str(int.from_bytes(key, "big")), repr(key)[2:-1]]


def test_the_key_never_leaves_the_server_while_the_game_runs_and_the_replay_reproduces_it(
        client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Two people, two bots and a spectator over a whole 2v2 game: every WebSocket message, every
    /api answer and the server log are scanned for the key; after the end, the replay holds it."""
    caplog.set_level(logging.DEBUG)
    seen: list[str] = []

    def api(method: str, url: str, **kw: Any) -> Any:
        res = client.request(method, url, **kw)
        seen.append(res.text)
        return res

    created = api("POST", "/api/tables", json={"game": "swdbg", "mode": "2v2", "options": {"max_turns": 10},
                                               "seats": ["human", "greedy", "human", "random"]}).json()
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    mgr = client.app.state.manager
    key = mgr.storage.load_table(tid).shuffle_key
    assert key is not None
    sockets: dict[Any, Any] = {}
    with client.websocket_connect(f"/ws/tables/{tid}") as spectator, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws0, \
            client.websocket_connect(f"/ws/tables/{tid}") as ws2:
        sockets = {None: spectator, 0: ws0, 2: ws2}
        over: set[Any] = set()  # the sockets that received the final state

        def read(seat: Any) -> dict[str, Any]:
            text = sockets[seat].receive_text()
            seen.append(text)
            msg = json.loads(text)
            if msg["type"] == "state" and msg["outcome"] is not None:
                over.add(seat)
            return msg

        for seat, ws in sockets.items():
            ws.send_text(json.dumps({"type": "join", "token": tokens[seat]} if seat is not None else {"type": "join"}))
            read(seat)
        chooser = Rng(3)
        deadline = time.monotonic() + 120
        ref = 0
        while time.monotonic() < deadline:
            summary = api("GET", f"/api/tables/{tid}").json()
            if summary["finished"]:
                break
            if api("GET", f"/api/tables/{tid}/replay").status_code != 409:  # never while it runs
                assert mgr.get(tid).finished  # (a bot may have just ended it)
                seen.pop()
                break
            acted = False
            for seat in (0, 2):
                state = api("GET", f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()
                if state["outcome"] is None and seat in state["active"] and state["legal"]:
                    ref += 1
                    action = chooser.choice(state["legal"])["action"]
                    sockets[seat].send_text(json.dumps({"type": "action", "action": action,
                                                        "version": state["version"], "ref": ref}))
                    while True:
                        reply = read(seat)
                        if reply["type"] in ("ack", "error") and reply.get("ref") == ref:
                            break
                        if reply["type"] == "error" and reply["code"] == "rate_limited":
                            break  # over the socket's 20 messages a second: refused before it was read
                    acted = True
                    assert reply["type"] == "ack" or reply["code"] in ("stale", "not_your_turn", "rate_limited"), reply
                    if reply["type"] == "error" and reply["code"] == "rate_limited":
                        time.sleep(0.1)  # a client keeps to the server's rate (its bucket refills meanwhile)
            if not acted:
                time.sleep(0.01)  # the bots are thinking
        assert mgr.get(tid).finished, "the game did not finish in time"
        api("GET", "/api/tables")
        api("GET", "/api/tables?finished=true")
        api("GET", "/api/games")
        # every socket's messages, up to the final state (coalesced updates: read until the outcome)
        for seat in sockets:
            while seat not in over:
                read(seat)
    for form in _forms(key):
        for text in seen:
            assert form not in text
        assert form not in caplog.text
    assert len(seen) > 50
    # once the game is over, the replay carries the key and rebuilds the game exactly
    res = client.get(f"/api/tables/{tid}/replay")
    assert res.status_code == 200
    data = res.json()
    assert data["shuffle_key"] == key.hex()
    _, again = replay_game(load_replay(data))
    assert GAME.digest(again) == GAME.digest(mgr.get(tid).state)
    res = client.post("/api/replays/step", json={"replay": data, "step": len(data["actions"])})
    assert res.status_code == 200, res.text
    last = res.json()
    assert last["outcome"] == data["outcome"] and last["outcome"] is not None


def test_an_old_database_without_the_secrets_table_still_opens(tmp_path: Any) -> None:
    """Tables made before ``table_secrets`` existed are dealt from their seed, as they were."""
    from sqlalchemy import create_engine, text

    from allegiance.server import create_app
    db = str(tmp_path / "old.db")
    with TestClient(create_app(db=db, bot_delay=0.0)) as c:
        tid = _create(c, {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"], "seed": 12})["table"]["id"]
        digest = GAME.digest(c.app.state.manager.get(tid).state)
    engine = create_engine(f"sqlite:///{db}")
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE table_secrets"))
    engine.dispose()
    with TestClient(create_app(db=db, bot_delay=0.0)) as c:
        summary = c.get(f"/api/tables/{tid}").json()
        assert summary["practice"] is False
        assert GAME.digest(c.app.state.manager.get(tid).state) == digest


def test_a_secret_table_survives_a_restart_with_its_key(tmp_path: Any) -> None:
    """Persistence is the log (invariant 2): the key is stored, so the rebuilt table is the same game."""
    from allegiance.server import create_app
    db = str(tmp_path / "t.db")
    with TestClient(create_app(db=db, bot_delay=0.0)) as c:
        created = _create(c, {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"]})
        tid, token = created["table"]["id"], created["links"][0]["token"]
        state = c.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()
        for _ in range(3):
            action = next(a["action"] for a in state["legal"] if a["action"]["kind"] != "end_turn")
            res = c.post(f"/api/tables/{tid}/actions", json={"action": action, "version": state["version"]},
                         headers={"X-Seat-Token": token})
            assert res.status_code == 200, res.text
            state = res.json()
        digest = GAME.digest(c.app.state.manager.get(tid).state)
    with TestClient(create_app(db=db, bot_delay=0.0)) as c:
        table = c.app.state.manager.get(tid)
        assert isinstance(table.state.rng, SecureRng) and GAME.digest(table.state) == digest
