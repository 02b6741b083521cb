"""Persistence is the log: each accepted action is stored before it is acknowledged, and a restarted
server — after a clean stop or a crash — resumes every unfinished table exactly where it stood."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from allegiance.server import create_app
from allegiance.server.storage import Storage
from tests.server.conftest import make_table
from tests.server.helpers import ServerProcess, create_table


def play_http(get: Any, post: Any, tokens: dict[int, str], count: int) -> None:
    """Play ``count`` actions over HTTP, always the first legal action of the first active human seat
    (again when a bot teammate acted first and made the choice stale)."""
    done = 0
    while done < count:
        state = get(tokens[next(iter(tokens))])
        seat = next((s for s in state["active"] if s in tokens), None)
        if seat is None:  # the bots are playing
            time.sleep(0.01)
            continue
        mine = get(tokens[seat])
        res = post(tokens[seat], {"action": mine["legal"][0]["action"], "version": mine["version"]})
        if res.status_code == 409 and "stale" in res.text:
            continue
        assert res.status_code == 200, res.text
        done += 1


def first_active(client: TestClient, tid: str, tokens: dict[int, str]) -> tuple[int, dict[str, Any]]:
    """The first seat that may act now, and the table as it sees it."""
    seat = client.get(f"/api/tables/{tid}/state").json()["active"][0]
    return seat, client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()


def test_sqlite_database_runs_in_wal_mode(db_path: str) -> None:
    for durable, level in ((False, "1"), (True, "2")):  # synchronous NORMAL, or FULL (an fsync per commit)
        storage = Storage(db_path, durable=durable)
        try:
            assert storage.dialect == "sqlite" and storage.journal_mode() == "wal"
            assert storage.synchronous() == level
        finally:
            storage.close()


def test_an_acknowledged_action_is_already_in_the_database(client: TestClient, db_path: str) -> None:
    created = make_table(client, ["human"] * 4, seed=6)
    tid = created["table"]["id"]
    tokens = {link["seat"]: link["token"] for link in created["links"]}
    seat, state = first_active(client, tid, tokens)
    res = client.post(f"/api/tables/{tid}/actions", json={"action": state["legal"][0]["action"],
                      "version": state["version"]}, headers={"X-Seat-Token": tokens[seat]})
    assert res.status_code == 200
    other = Storage(db_path)  # a separate connection reads what was committed
    try:
        record = other.load_table(tid)
        assert record is not None and record.actions == [(seat, state["legal"][0]["action"])]
    finally:
        other.close()


def test_an_action_the_database_refuses_is_not_accepted(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = make_table(client, ["human"] * 4, seed=6)
    tid = created["table"]["id"]
    seat, state = first_active(client, tid, {link["seat"]: link["token"] for link in created["links"]})
    token = created["links"][seat]["token"]
    storage = client.app.state.manager.storage

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(storage, "append_action", broken)
    refused = client.post(f"/api/tables/{tid}/actions", json={"action": state["legal"][0]["action"]},
                          headers={"X-Seat-Token": token})
    assert refused.status_code == 503 and "nothing changed" in refused.json()["detail"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text(json.dumps({"type": "join", "token": token}))
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "action", "action": state["legal"][0]["action"], "ref": 1}))
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == "unavailable" and err["version"] == state["version"]
    monkeypatch.undo()
    after = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()
    assert after["version"] == state["version"] and after["view"] == state["view"]
    ok = client.post(f"/api/tables/{tid}/actions", json={"action": state["legal"][0]["action"]},
                     headers={"X-Seat-Token": token})
    assert ok.status_code == 200 and ok.json()["version"] == state["version"] + 1


def test_a_restarted_app_resumes_tables_and_its_bots_continue(db_path: str) -> None:
    with TestClient(create_app(db=db_path, bot_delay=0.02)) as client:
        bots_only = make_table(client, ["greedy"] * 4, seed=1)["table"]["id"]
        created = make_table(client, ["human"] * 4, seed=8)
        tid = created["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in created["links"]}

        def get(token: str) -> dict[str, Any]:
            return client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()

        def post(token: str, body: dict[str, Any]) -> httpx.Response:
            return client.post(f"/api/tables/{tid}/actions", json=body, headers={"X-Seat-Token": token})

        play_http(get, post, tokens, 12)
        before = {seat: get(token) for seat, token in tokens.items()}
        stopped_at = client.get(f"/api/tables/{bots_only}").json()
        assert not stopped_at["finished"]
    with TestClient(create_app(db=db_path, bot_delay=0.0)) as client:
        # lazy start-up: the human table waits to be asked for; the bots' table resumes by itself
        assert tid not in client.app.state.manager.tables
        resumed = client.get(f"/api/tables/{bots_only}").json()
        assert resumed["version"] >= stopped_at["version"]
        deadline = time.monotonic() + 30
        while not client.get(f"/api/tables/{bots_only}").json()["finished"]:  # the bots play on by themselves
            assert time.monotonic() < deadline, "the resumed bots did not finish their game"
            time.sleep(0.05)
        for seat, token in tokens.items():
            after = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()
            assert after["version"] == before[seat]["version"]
            assert after["view"] == before[seat]["view"] and after["legal"] == before[seat]["legal"]
            assert [e["text"] for e in after["events"]] == [e["text"] for e in before[seat]["events"]]


def children_of(pid: int) -> list[int]:
    """The ids of the processes whose parent is ``pid`` (read from /proc)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_a_killed_server_process_resumes_every_table_where_it_stood(tmp_path: Path) -> None:
    db = str(tmp_path / "crash.db")
    server = ServerProcess(db).start()
    try:
        created = create_table(server.base, ["human"] * 4, seed=9)
        tid = created["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in created["links"]}

        def get(token: str) -> dict[str, Any]:
            return httpx.get(f"{server.base}/api/tables/{tid}/state", headers={"X-Seat-Token": token}).json()

        def post(token: str, body: dict[str, Any]) -> httpx.Response:
            return httpx.post(f"{server.base}/api/tables/{tid}/actions", json=body, headers={"X-Seat-Token": token})

        play_http(get, post, tokens, 15)
        before = {seat: get(token) for seat, token in tokens.items()}
        assert server.proc is not None
        workers = children_of(server.proc.pid)
        assert workers, "the server runs its replay worker from start-up"
        server.kill()
        # its worker processes do not outlive it (they would wait for work forever)
        deadline = time.monotonic() + 10
        while any(Path(f"/proc/{pid}").exists() for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
        server.start()  # same port, same database
        for seat, token in tokens.items():
            after = get(token)
            assert after["version"] == before[seat]["version"] == 15
            assert after["view"] == before[seat]["view"] and after["legal"] == before[seat]["legal"]
        play_http(get, post, tokens, 3)
        assert get(tokens[0])["version"] == 18
    finally:
        server.stop()
