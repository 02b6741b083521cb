"""The same server code on PostgreSQL (``--db postgresql://...``): storage, play, restart."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from allegiance.replay import load_replay, replay_game
from allegiance.server import create_app
from allegiance.server.storage import ActionConflict, SeatRecord, Storage, TableRecord
from tests.server.conftest import make_table
from tests.server.pg import available, postgres_server

pytestmark = pytest.mark.postgres

_why_not = available()


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    if _why_not:
        pytest.skip(_why_not)
    with postgres_server() as url:
        yield url


def test_storage_round_trip_on_postgresql(pg_url: str) -> None:
    storage = Storage(pg_url)
    try:
        assert storage.dialect == "postgresql" and storage.journal_mode() is None
        storage.create_table(TableRecord("pgtable1", "swdbg", "1v1", {"galaxy": "beginner"}, 2**40,
                                         [SeatRecord(0, "human", "ab" * 32), SeatRecord(1, "greedy")]))
        storage.append_action("pgtable1", 0, 1, {"kind": "play", "card": 3})
        storage.append_action("pgtable1", 1, 1, {"kind": "end_turn"}, outcome={"winners": ["rebel"]})
        with pytest.raises(ActionConflict):  # one action per version, never two
            storage.append_action("pgtable1", 1, 0, {"kind": "end_turn"})
        record = storage.load_table("pgtable1")
        assert record is not None and record.seed == 2**40 and record.options == {"galaxy": "beginner"}
        assert record.actions == [(1, {"kind": "play", "card": 3}), (1, {"kind": "end_turn"})]
        assert record.finished and record.outcome == {"winners": ["rebel"]}
        assert [s.kind for s in record.seats] == ["human", "greedy"]
        assert "pgtable1" not in storage.unfinished_ids()
    finally:
        storage.close()


def test_play_and_resume_on_postgresql(pg_url: str) -> None:
    with TestClient(create_app(db=pg_url, bot_delay=0.0)) as client:
        created = make_table(client, ["human"] * 4, seed=12)
        tid = created["table"]["id"]
        tokens = {link["seat"]: link["token"] for link in created["links"]}

        def state(c: TestClient, seat: int) -> dict[str, Any]:
            return c.get(f"/api/tables/{tid}/state", headers={"X-Seat-Token": tokens[seat]}).json()

        for _ in range(8):
            seat = client.get(f"/api/tables/{tid}/state").json()["active"][0]
            mine = state(client, seat)
            res = client.post(f"/api/tables/{tid}/actions", json={"action": mine["legal"][0]["action"],
                              "version": mine["version"]}, headers={"X-Seat-Token": tokens[seat]})
            assert res.status_code == 200, res.text
        before = {s: state(client, s) for s in tokens}
        assert before[0]["version"] == 8
        # a bot table too: it finishes on PostgreSQL
        bots = make_table(client, ["greedy"] * 4, seed=2)["table"]["id"]
        deadline = time.monotonic() + 60
        while not client.get(f"/api/tables/{bots}").json()["finished"]:
            assert time.monotonic() < deadline, "the bot game did not finish"
            time.sleep(0.05)
    with TestClient(create_app(db=pg_url, bot_delay=0.0)) as client:
        for s in tokens:
            after = state(client, s)
            assert after["version"] == 8 and after["view"] == before[s]["view"]
        assert tid in [t["id"] for t in client.get("/api/tables").json()]
        replay = client.get(f"/api/tables/{bots}/replay")
        assert replay.status_code == 200
        game, final = replay_game(load_replay(replay.json()))
        assert game.outcome(final).to_json() == replay.json()["outcome"] is not None


def test_a_table_secret_round_trips_on_postgresql(pg_url: str) -> None:
    """The deal's key (issue 10, item 1) is stored in its own table and read back on PostgreSQL too."""
    storage = Storage(pg_url)
    try:
        key = bytes(range(32))
        storage.create_table(TableRecord("pgsecret1", "swdbg", "1v1", {}, 2**62,
                                         [SeatRecord(0, "human"), SeatRecord(1, "greedy")],
                                         shuffle_key=key, practice=False))
        storage.create_table(TableRecord("pgpractice1", "swdbg", "1v1", {}, 5,
                                         [SeatRecord(0, "human"), SeatRecord(1, "greedy")], practice=True))
        secret, practice = storage.load_table("pgsecret1"), storage.load_table("pgpractice1")
        assert secret is not None and secret.shuffle_key == key and not secret.practice
        assert practice is not None and practice.shuffle_key is None and practice.practice
        assert {r.id: r.practice for r in storage.iter_tables()}["pgpractice1"] is True
    finally:
        storage.close()
