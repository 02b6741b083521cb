"""Issue 10, the table under attack: each hole found has a test here that failed before it was closed.

Items covered in this module (numbers of the issue): 5 (seats taken over; closing a table),
6 (replay rebuilds on the event loop), 7 (no limit on tables; start-up reads every log),
10 (WebSocket frames that crashed the handler), 12 (one unreadable table), 13 (join churn).
Items 2, 4 and 11 need a real server process: see ``test_attacks_live.py``.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, event, update
from starlette.websockets import WebSocketDisconnect

from allegiance.server import create_app
from allegiance.server.limits import Limits
from allegiance.server.storage import SeatRecord, Storage, TableRecord, actions_t, seats_t, tables_t
from tests.server.conftest import make_table
from tests.server.test_socket import join, recv_until


def tokens_of(created: dict[str, Any]) -> dict[int, str]:
    return {link["seat"]: link["token"] for link in created["links"]}


# -- 5: open and invited seats; any use of a token claims its seat ---------------------------------------
def test_an_invited_seat_can_never_be_taken_from_the_lobby(client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "human", "greedy"], open_seats=[2])
    tid = created["table"]["id"]
    assert [(s["free"], s["open"]) for s in created["table"]["seats"]] == [
        (True, False), (False, False), (True, True), (False, False)]
    invited = client.post(f"/api/tables/{tid}/seats/0/take")
    assert invited.status_code == 409 and "invited" in invited.json()["detail"]
    # the invited player's link still works
    assert client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens_of(created)[0]}).json()["seat"] == 0
    bad = client.post("/api/tables", json={"game": "swdbg", "mode": "2v2", "seats": ["human", "greedy"] * 2,
                                           "open_seats": [1]})
    assert bad.status_code == 400 and "human seats only" in bad.json()["detail"]


@pytest.mark.parametrize("use", ["state", "action"])
def test_using_a_seat_token_over_http_claims_the_seat(client: TestClient, use: str) -> None:
    """The take-over of issue 10: a seat played over HTTP only was still free in the lobby."""
    created = make_table(client, ["human"] * 4, seed=4, open_seats=[0, 1, 2, 3])
    tid, tokens = created["table"]["id"], tokens_of(created)
    state = client.get(f"/api/tables/{tid}/state").json()
    seat = state["active"][0]
    if use == "state":
        client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]})
    else:
        mine = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()
        assert client.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["action"]},
                           headers={"X-Seat-Token": tokens[seat]}).status_code == 200
    summary = client.get(f"/api/tables/{tid}").json()
    assert summary["seats"][seat]["free"] is False
    taken = client.post(f"/api/tables/{tid}/seats/{seat}/take")
    assert taken.status_code == 409 and "already taken" in taken.json()["detail"]
    # the player's token still acts for the seat
    assert client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()["seat"] == seat


# -- closing a table --------------------------------------------------------------------------------------
def test_the_creator_closes_a_table_its_pages_get_a_final_state_and_it_is_listed_abandoned(
        client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "human", "greedy"])
    tid, tokens = created["table"]["id"], tokens_of(created)
    creator = created["creator_token"]
    assert len(creator) >= 24 and creator not in tokens.values()
    assert creator not in client.get("/api/tables").text
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        join(ws, tokens[0])
        for bad in ({}, {"X-Creator-Token": "guess"}, {"X-Creator-Token": tokens[0]}):
            refused = client.post(f"/api/tables/{tid}/close", headers=bad)
            assert refused.status_code == 403 and "creator" in refused.json()["detail"]
        closed = client.post(f"/api/tables/{tid}/close", headers={"X-Creator-Token": creator})
        assert closed.status_code == 200 and closed.json()["status"] == "abandoned"
        final = recv_until(ws, lambda m: m["type"] == "state" and m["status"] == "abandoned")
        assert final["seat"] == 0
        with pytest.raises(WebSocketDisconnect) as gone:
            for _ in range(20):
                ws.receive_json()
        assert gone.value.code == 4410
    again = client.post(f"/api/tables/{tid}/close", headers={"X-Creator-Token": creator})
    assert again.status_code == 409 and "already abandoned" in again.json()["detail"]
    state = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[0]}).json()
    act = client.post(f"/api/tables/{tid}/actions", json={"action": {"kind": "end_turn"}},
                      headers={"X-Seat-Token": tokens[0]})
    assert act.status_code == 409 and "closed" in act.json()["detail"]
    assert client.get(f"/api/tables/{tid}").json()["version"] == state["version"]
    assert tid not in [t["id"] for t in client.get("/api/tables").json()]
    listed = client.get("/api/tables?status=abandoned").json()
    assert [t["status"] for t in listed if t["id"] == tid] == ["abandoned"]
    assert client.get("/api/tables?status=nonsense").status_code == 400
    assert client.post(f"/api/tables/{tid}/seats/2/take").status_code == 409


# -- 7: limits on tables --------------------------------------------------------------------------------
def test_one_client_cannot_create_tables_without_limit(db_path: str) -> None:
    limits = Limits(creates_per_minute=1, create_burst=3)
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=limits)) as client:
        body = {"game": "swdbg", "mode": "1v1", "seats": ["human", "greedy"]}
        codes = [client.post("/api/tables", json=body).status_code for _ in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        refused = client.post("/api/tables", json=body)
        assert "too many new tables" in refused.json()["detail"] and int(refused.headers["retry-after"]) >= 1


def test_the_number_of_open_tables_is_capped(db_path: str) -> None:
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=Limits(max_tables=2))) as client:
        body = {"game": "swdbg", "mode": "1v1", "seats": ["human", "human"]}
        first = client.post("/api/tables", json=body).json()
        assert client.post("/api/tables", json=body).status_code == 201
        full = client.post("/api/tables", json=body)
        assert full.status_code == 503 and "maximum of 2 tables" in full.json()["detail"]
        client.post(f"/api/tables/{first['table']['id']}/close", headers={"X-Creator-Token": first["creator_token"]})
        assert client.post("/api/tables", json=body).status_code == 201


def test_idle_tables_are_closed_as_abandoned(db_path: str) -> None:
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=Limits(idle_minutes=30))) as client:
        mgr = client.app.state.manager
        live = make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"]
        stored = make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"]
        mgr.tables.pop(stored)  # as after a restart: only in the database
        assert mgr.sweep_idle(now=time.time() + 29 * 60) == 0
        assert mgr.sweep_idle(now=time.time() + 31 * 60) == 2
        for tid in (live, stored):
            assert client.get(f"/api/tables/{tid}").json()["status"] == "abandoned"
        assert {live, stored} <= {t["id"] for t in client.get("/api/tables?status=abandoned").json()}


def stored_human_tables(db: str, count: int, actions: int = 3) -> list[str]:
    """``count`` 2-seat human tables straight into the database, each with the same few log rows."""
    from allegiance.games import get_game

    game = get_game("swdbg")
    state = game.new_game("1v1", 1, {})
    log = []
    for _ in range(actions):
        seat = game.active_seats(state)[0]
        action = game.legal_actions(state, seat)[0]
        game.apply(state, seat, action)
        log.append((seat, json.dumps(action.to_json())))
    storage = Storage(db)
    ids = [f"t{i:06d}" for i in range(count)]
    with storage.engine.begin() as conn:
        now = time.time()
        conn.execute(tables_t.insert(), [{"id": t, "game": "swdbg", "mode": "1v1", "options": "{}", "seed": 1,
                                          "created_at": now, "finished": False, "status": "playing",
                                          "updated_at": now, "bots_pending": False} for i, t in enumerate(ids)])
        conn.execute(seats_t.insert(), [{"table_id": t, "seat": s, "kind": "human", "claimed": False}
                                        for t in ids for s in (0, 1)])
        conn.execute(actions_t.insert(), [{"table_id": t, "idx": k, "seat": seat, "action": action, "at": now}
                                          for t in ids for k, (seat, action) in enumerate(log)])
    storage.close()
    return ids


def test_start_up_reads_no_action_log_whatever_the_number_of_tables(db_path: str, monkeypatch: Any) -> None:
    ids = stored_human_tables(db_path, 3000)
    statements: list[str] = []
    real_init = Storage.__init__

    def watched(self: Storage, *args: Any, **kwargs: Any) -> None:
        real_init(self, *args, **kwargs)
        event.listen(self.engine, "before_cursor_execute",
                     lambda conn, cursor, sql, *rest: statements.append(sql))

    monkeypatch.setattr(Storage, "__init__", watched)
    with TestClient(create_app(db=db_path, bot_delay=0.0)) as client:
        time.sleep(0.3)  # the background resume has run
        assert not client.app.state.manager.tables
        assert not [s for s in statements if "FROM actions" in s], "start-up read an action log"
        summary = client.get(f"/api/tables/{ids[0]}").json()  # rebuilt when asked for
        assert summary["status"] == "playing" and summary["version"] == 3
        assert any("FROM actions" in s for s in statements)


def test_a_cold_table_is_rebuilt_off_the_event_loop(client: TestClient) -> None:
    from allegiance.server import tables

    tid = make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"]
    client.app.state.manager.tables.pop(tid)
    where: list[str] = []
    real = tables.LiveTable.__init__

    def spy(self: Any, record: TableRecord) -> None:
        where.append(threading.current_thread().name)
        real(self, record)

    tables.LiveTable.__init__ = spy  # type: ignore[method-assign]
    try:
        assert client.get(f"/api/tables/{tid}").status_code == 200
    finally:
        tables.LiveTable.__init__ = real  # type: ignore[method-assign]
    loop_thread = client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
    assert where and where[0] != loop_thread


def test_one_client_may_have_only_a_few_stored_tables_rebuilding_at_once(client: TestClient) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from allegiance.server import tables

    ids = [make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"] for _ in range(3)]
    for tid in ids:
        client.app.state.manager.tables.pop(tid)
    release, started = threading.Event(), threading.Semaphore(0)
    real = tables.LiveTable.__init__

    def slow(self: Any, record: TableRecord) -> None:
        started.release()
        release.wait(10)
        real(self, record)

    tables.LiveTable.__init__ = slow  # type: ignore[method-assign]
    try:
        with ThreadPoolExecutor(2) as pool:
            slow_ones = [pool.submit(client.get, f"/api/tables/{tid}") for tid in ids[:2]]
            assert started.acquire(timeout=10) and started.acquire(timeout=10)  # both rebuilding now
            third = client.get(f"/api/tables/{ids[2]}")
            assert third.status_code == 429 and "at once per client" in third.json()["detail"]
            # a table being rebuilt already is waited for, not refused: it costs no second rebuild
            threading.Timer(1.0, release.set).start()
            assert client.get(f"/api/tables/{ids[0]}").status_code == 200
            assert [f.result().status_code for f in slow_ones] == [200, 200]
    finally:
        release.set()
        tables.LiveTable.__init__ = real  # type: ignore[method-assign]
    assert client.get(f"/api/tables/{ids[2]}").status_code == 200


# -- 6: replay steps ------------------------------------------------------------------------------------
def finished_replay(client: TestClient) -> dict[str, Any]:
    from tests.server.test_lobby import wait_finished

    tid = make_table(client, ["greedy", "greedy"], mode="1v1", seed=2, options={})["table"]["id"]
    wait_finished(client, tid)
    return client.get(f"/api/tables/{tid}/replay").json()


def test_replay_steps_are_rebuilt_in_a_worker_process_and_checkpointed(client: TestClient) -> None:
    import os

    from allegiance.server import replays

    data = finished_replay(client)
    assert client.post("/api/replays/step", json={"replay": data, "step": 7}).json()["step"] == 7
    pool = client.app.state.replays._pool
    assert pool is not None and all(pid != os.getpid() for pid in pool._processes)
    # the worker's cache, run here: a later step starts from the nearest checkpoint
    replays._checkpoints.clear()
    body = json.dumps({"replay": data, "step": len(data["actions"]), "seat": 0}).encode()
    status, first = replays.rebuild_step(body)
    assert status == 200 and len(replays._checkpoints) == 1
    (steps, _), = replays._checkpoints.values()
    assert steps[0] == 0 and all(s % replays.CHECKPOINT_EVERY == 0 for s in steps)
    assert replays.rebuild_step(body) == (200, first)
    assert replays.rebuild_step(b"[" * 5000)[0] == 400
    assert replays.rebuild_step(b'{"replay": 3}')[0] == 400  # a sentence, as every bad input (item 8)


def test_one_client_may_have_only_a_few_replay_rebuilds_at_once(db_path: str) -> None:
    import asyncio

    from allegiance.server.replays import ReplayRefused, ReplayService

    service = ReplayService(Limits(replays_per_client=1, replays_waiting=2))

    async def flood() -> list[Any]:
        slow = json.dumps({"replay": {"game": "swdbg", "mode": "1v1", "seed": 1, "seats": ["human"] * 2,
                                      "actions": []}}).encode()
        return await asyncio.gather(service.step(slow, "a"), service.step(slow, "a"), service.step(slow, "b"),
                                    service.step(slow, "c"), return_exceptions=True)

    try:
        answers = asyncio.run(flood())
    finally:
        service.close()
    refused = [a.status for a in answers if isinstance(a, ReplayRefused)]
    assert sorted(refused) == [429, 503]  # the second of client a; c beyond the server-wide queue
    assert sum(1 for a in answers if isinstance(a, tuple) and a[0] == 200) == 2


# -- 10: WebSocket frames that crashed the handler ------------------------------------------------------
def test_a_deeply_nested_join_is_refused_with_a_close_code(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text("[" * 2000 + "]" * 2000)
        assert ws.receive_json()["code"] == "malformed"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_binary_join_frame_is_refused_with_a_close_code(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_bytes(json.dumps({"type": "join"}).encode())
        assert ws.receive_json()["code"] == "malformed"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400


def test_a_token_with_a_lone_surrogate_is_refused_as_a_bad_token(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_text('{"type": "join", "token": "\\ud800abc"}')
        assert ws.receive_json()["code"] == "forbidden"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


def test_nested_json_and_lone_surrogates_after_joining_get_answers(client: TestClient) -> None:
    tid = make_table(client, ["human", "greedy", "greedy", "greedy"])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        join(ws, None)
        ws.send_text("[" * 2040 + "]" * 2040)
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "malformed" and "nested" in err["message"]
        ws.send_text('{"type": "ping", "ref": "\\udc00"}')  # answered; a ref that cannot be sent is not echoed
        pong = recv_until(ws, lambda m: m["type"] == "pong")
        assert pong["ref"] is None
        ws.send_text('{"type": "\\ud800"}')
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "malformed"
        ws.send_text(json.dumps({"type": "ping", "ref": 2}))
        assert recv_until(ws, lambda m: m["type"] == "pong")["ref"] == 2
        ws.send_text(json.dumps({"type": "ping", "ref": 12.5}))  # a timestamp: echoed as it came
        assert recv_until(ws, lambda m: m["type"] == "pong")["ref"] == 12.5
        ws.send_text('{"type": "ping", "ref": Infinity}')  # not sendable as JSON: not echoed
        assert recv_until(ws, lambda m: m["type"] == "pong")["ref"] is None


# -- 12: one unreadable table --------------------------------------------------------------------------
def test_unreadable_tables_are_quarantined_as_broken_and_the_others_serve(db_path: str) -> None:
    with TestClient(create_app(db=db_path, bot_delay=0.0)) as client:
        ids = [make_table(client, ["human", "human"], mode="1v1", options={})["table"]["id"] for _ in range(5)]
        good, bad_json, bad_game, no_seats, bad_options = ids
        token = None
        for tid in ids:
            state = client.get(f"/api/tables/{tid}/state").json()
            assert state["version"] == 0
        created = make_table(client, ["human", "human"], mode="1v1", options={})
        good, token = created["table"]["id"], created["links"][0]["token"]
    storage = Storage(db_path)
    with storage.engine.begin() as conn:
        conn.execute(actions_t.insert().values(table_id=bad_json, idx=0, seat=0, action="{not json", at=0.0))
        conn.execute(update(tables_t).where(tables_t.c.id == bad_game).values(game="chess"))
        conn.execute(delete(seats_t).where(seats_t.c.table_id == no_seats))
        conn.execute(update(tables_t).where(tables_t.c.id == bad_options).values(options="[[["))
    storage.close()
    with TestClient(create_app(db=db_path, bot_delay=0.0)) as client:
        assert client.get("/api/tables").status_code == 200  # the lobby survives every row
        for tid in (bad_json, bad_game, no_seats, bad_options):
            res = client.get(f"/api/tables/{tid}")
            assert res.status_code == 410 and "cannot be opened" in res.json()["detail"], tid
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                assert ws.receive_json()["code"] == "broken"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4500
        broken = {t["id"] for t in client.get("/api/tables?status=broken").json()}
        assert broken == {bad_json, bad_game, no_seats, bad_options}
        assert client.get(f"/api/tables/{good}/state", headers={"X-Seat-Token": token}).json()["seat"] == 0


# -- 13: join churn sends presence, not states --------------------------------------------------------
def test_a_spectator_joining_or_leaving_sends_presence_not_a_state(client: TestClient) -> None:
    created = make_table(client, ["human", "greedy", "human", "greedy"])
    tid = created["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as player:
        join(player, tokens_of(created)[0])
        with client.websocket_connect(f"/ws/tables/{tid}") as watcher:
            join(watcher, None)
            seen = recv_until(player, lambda m: m["type"] in ("presence", "state"))
            assert seen["type"] == "presence" and seen["spectators"] == 1
            assert seen["seats"][0]["connected"] is True and seen["seats"][2]["connected"] is False
            assert set(seen["seats"][0]) == {"seat", "label", "team", "kind", "claimed", "open", "connected"}
        gone = recv_until(player, lambda m: m["type"] in ("presence", "state"))
        assert gone["type"] == "presence" and gone["spectators"] == 0
        player.send_text(json.dumps({"type": "ping", "ref": "end"}))
        rest = []
        while (msg := player.receive_json())["type"] != "pong":
            rest.append(msg["type"])
        assert "state" not in rest


# -- storage: a database made by the previous version opens ---------------------------------------------
OLD_SCHEMA = """
CREATE TABLE tables (id VARCHAR(32) NOT NULL PRIMARY KEY, game VARCHAR(40) NOT NULL, mode VARCHAR(40) NOT NULL,
    options TEXT NOT NULL, seed BIGINT NOT NULL, created_at FLOAT NOT NULL, finished BOOLEAN NOT NULL,
    outcome TEXT);
CREATE TABLE seats (table_id VARCHAR(32) NOT NULL REFERENCES tables (id), seat INTEGER NOT NULL,
    kind VARCHAR(40) NOT NULL, token_hash VARCHAR(64), claimed BOOLEAN NOT NULL, PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id VARCHAR(32) NOT NULL REFERENCES tables (id), idx INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (table_id, idx));
INSERT INTO tables VALUES ('oldtable', 'swdbg', '1v1', '{}', 5, 1.0, 0, NULL);
INSERT INTO tables VALUES ('oldbots', 'swdbg', '1v1', '{}', 6, 2.0, 0, NULL);
INSERT INTO tables VALUES ('olddone', 'swdbg', '1v1', '{}', 7, 3.0, 1, '{"winner": null}');
INSERT INTO seats VALUES ('oldtable', 0, 'human', 'x', 1), ('oldtable', 1, 'human', NULL, 0);
INSERT INTO seats VALUES ('oldbots', 0, 'greedy', NULL, 0), ('oldbots', 1, 'human', NULL, 0);
INSERT INTO seats VALUES ('olddone', 0, 'human', NULL, 0), ('olddone', 1, 'human', NULL, 0);
"""


def test_a_database_of_the_previous_version_is_migrated_in_place(tmp_path: Path) -> None:
    import sqlite3

    db = str(tmp_path / "old.db")
    with sqlite3.connect(db) as conn:
        conn.executescript(OLD_SCHEMA)
    for _ in range(2):  # idempotent
        storage = Storage(db)
        assert storage.status_of("oldtable") == "playing" and storage.status_of("olddone") == "finished"
        assert storage.resumable_ids() == ["oldbots"]  # older rows: resumed if a bot sits there
        record = storage.load_table("oldtable")
        assert record is not None and record.creator_hash is None
        assert [s.is_open for s in record.seats] == [False, False]  # older seats are invited ones
        storage.close()
    with TestClient(create_app(db=db, bot_delay=0.0)) as client:
        assert client.get("/api/tables/oldtable").json()["status"] == "playing"
        assert client.post("/api/tables/oldtable/seats/1/take").status_code == 409
        assert client.post("/api/tables/oldtable/close", headers={"X-Creator-Token": "x"}).status_code == 403
        assert {t["id"] for t in client.get("/api/tables").json()} == {"oldtable", "oldbots"}


def test_storage_records_used_by_tests_still_build(db_path: str) -> None:
    record = TableRecord("abc", "swdbg", "1v1", {}, 1, [SeatRecord(0, "human"), SeatRecord(1, "human")])
    assert record.status == "playing" and record.creator_hash is None


def test_an_action_at_a_human_table_stays_one_insert(client: TestClient) -> None:
    """The idle clock and the bots' resume flag cost no write per action (a write more doubled the WAL)."""
    created = make_table(client, ["human", "human"], mode="1v1", options={})
    tid, tokens = created["table"]["id"], tokens_of(created)
    engine = client.app.state.manager.storage.engine
    statements: list[str] = []

    def spy(conn: Any, cursor: Any, sql: str, *rest: Any) -> None:
        statements.append(sql)

    seat = client.get(f"/api/tables/{tid}/state").json()["active"][0]
    mine = client.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()
    event.listen(engine, "before_cursor_execute", spy)
    try:
        res = client.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["action"]},
                          headers={"X-Seat-Token": tokens[seat]})
    finally:
        event.remove(engine, "before_cursor_execute", spy)
    assert res.status_code == 200
    writes = [s for s in statements if s.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))]
    assert len(writes) == 1 and writes[0].lstrip().upper().startswith("INSERT INTO ACTIONS"), writes
