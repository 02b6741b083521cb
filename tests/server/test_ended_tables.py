"""Ended tables leave memory once nobody watches them (issue 21, item 11: memory flat in the soak).

The soak's server grew about 2.5 MB a minute after the live tables stopped keeping their logs: every
table whose game ended at the server stayed in memory for the server's lifetime (state, window of
events, bots), 100-500 KB each, about ten a minute in the 20-table soak.  Tables left memory only when
a stored table was rebuilt, and then only finished ones (never closed ones).  Now at most
``ENDED_IN_MEMORY`` ended tables that no page watches stay, the most recently ended.  These tests count
structures, not memory.
"""

from __future__ import annotations

import gc
import random
import time
import weakref
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from allegiance.server import tables
from allegiance.server.storage import ABANDONED, FINISHED, PLAYING, Storage
from allegiance.server.tables import ENDED_IN_MEMORY, LiveTable, TableManager
from tests.server.conftest import make_table

#: a Wakfu duel of two turns ends in a few dozen actions
SHORT_WAKFU = {"max_turns": 2}


def play_to_end(manager: TableManager, table: LiveTable, seed: int) -> None:
    rng = random.Random(seed)
    while table.status == PLAYING:
        seat = table.game.active_seats(table.state)[0]
        manager.submit(table, seat, rng.choice(table.game.legal_actions(table.state, seat)), table.state.version)


def test_ended_tables_nobody_watches_stay_bounded_and_are_freed(tmp_path: Path) -> None:
    manager = TableManager(Storage(str(tmp_path / "t.db")))
    playing = [manager.create("wakfu", "1v1", SHORT_WAKFU, ["human", "human"], seed=1).table for _ in range(3)]
    ended: list[str] = []
    gone: list[weakref.ref[LiveTable]] = []
    for n in range(ENDED_IN_MEMORY + 12):
        created = manager.create("wakfu", "1v1", SHORT_WAKFU, ["human", "human"], seed=n)
        if n % 2:
            play_to_end(manager, created.table, seed=n)  # finished
        else:
            manager.close(created.table, created.creator_token)  # closed by its creator: abandoned
        ended.append(created.table.id)
        gone.append(weakref.ref(created.table))
        del created
        assert len(manager.tables) <= len(playing) + ENDED_IN_MEMORY + 1  # + the one just created
    # the tables being played all stay; of the ended ones, the most recently ended
    assert set(manager.tables) == {t.id for t in playing} | set(ended[-ENDED_IN_MEMORY:])
    gc.collect()
    assert [ref() is None for ref in gone] == [True] * 12 + [False] * ENDED_IN_MEMORY  # nothing else holds them
    # a dropped table is rebuilt from the database when asked for, as it ended
    assert manager.get(ended[0]).status == ABANDONED and manager.get(ended[1]).status == FINISHED
    assert len(manager.tables) == len(playing) + ENDED_IN_MEMORY  # and the oldest goes again


def test_an_ended_table_stays_while_watched_and_leaves_with_its_last_page(tmp_path: Path) -> None:
    manager = TableManager(Storage(str(tmp_path / "t.db")))

    class Page:  # what the manager calls on a connection when a table is closed
        seat = None

        def notify(self, events: object) -> None: ...
        def finish(self, code: int, reason: str) -> None: ...
        def presence(self) -> None: ...

    watched = manager.create("wakfu", "1v1", SHORT_WAKFU, ["human", "human"], seed=0)
    page = Page()
    watched.table.attach(page)
    manager.close(watched.table, watched.creator_token)
    for n in range(ENDED_IN_MEMORY + 2):  # more ended tables than are kept, all ended after it
        created = manager.create("wakfu", "1v1", SHORT_WAKFU, ["human", "human"], seed=n)
        manager.close(created.table, created.creator_token)
    assert watched.table.id in manager.tables  # a page still shows it
    watched.table.detach(page)
    manager.page_left(watched.table)
    assert watched.table.id not in manager.tables
    assert len(manager.tables) == ENDED_IN_MEMORY


def test_a_closed_table_leaves_memory_when_its_page_disconnects(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the WebSocket route: the page's socket ending is what lets the table go."""
    monkeypatch.setattr(tables, "ENDED_IN_MEMORY", 0)
    manager: TableManager = client.app.state.manager  # type: ignore[attr-defined]
    body = make_table(client, ["human", "human"], mode="1v1")
    table_id = body["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "join"})
        while ws.receive_json()["type"] != "state":
            pass
        res = client.post(f"/api/tables/{table_id}/close", headers={"X-Creator-Token": body["creator_token"]})
        assert res.status_code == 200, res.text
        assert table_id in manager.tables  # its page is still there
    # the server ends the socket's handler in its own thread: wait for it (a minute at most)
    deadline = time.monotonic() + 60
    while table_id in manager.tables and time.monotonic() < deadline:
        time.sleep(0.02)
    assert table_id not in manager.tables
    assert client.get(f"/api/tables/{table_id}").json()["status"] == ABANDONED  # still served, from the database


def test_the_per_address_maps_forget_ended_tables(tmp_path: Path) -> None:
    """Tables with searching bots were remembered per creating address until that address created
    another: one entry per address that ever created one."""
    manager = TableManager(Storage(str(tmp_path / "t.db")))
    for n in range(30):
        created = manager.create("swdbg", "1v1", {"bases_to_win": 2}, ["human", "ismcts"], seed=n,
                                 client=f"10.0.{n}.1")
        manager.close(created.table, created.creator_token)
    assert manager._search_tables == {}
    assert manager._creator_of == {} and not manager._client_tables
