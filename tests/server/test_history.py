"""A live table's memory does not grow with its game (issue 21, item 11: memory flat after warm-up).

The 200-table soak's server memory rose about 1 MB every 10 s: each live table kept every event and
every action of its game.  A table now keeps a window of its latest events (:mod:`allegiance.server.history`)
and no log (the database has it): what a page is sent is unchanged.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from allegiance.core.events import Event
from allegiance.server import history
from allegiance.server.history import EventWindow
from allegiance.server.messages import LOG_HISTORY
from allegiance.server.storage import Storage
from allegiance.server.tables import LiveTable, TableManager
from tests.server.conftest import make_table


def event(n: int) -> Event:
    return Event("note", f"event {n}")


def test_the_window_keeps_the_latest_events_by_their_place_in_the_game() -> None:
    window = EventWindow(keep=10)
    for n in range(45):
        window.extend([event(n)])
    assert window.end == 45 and 10 <= len(window) < 20
    assert [e.text for e in window.since(40) or []] == [f"event {n}" for n in range(40, 45)]
    assert [e.text for e in window.since(38, 40) or []] == ["event 38", "event 39"]
    assert window.since(window.first - 1) is None  # fallen out: the caller sends the recent log whole
    assert [e.text for e in window][-1] == "event 44" and next(iter(window)).text == f"event {window.first}"


def play(manager: TableManager, table: LiveTable, actions: int, seed: int = 1) -> int:
    """Random legal actions at ``table`` until ``actions`` are played or the game ends; returns the count."""
    rng = random.Random(seed)
    played = 0
    while played < actions and table.game.outcome(table.state) is None:
        seat = table.game.active_seats(table.state)[0]
        manager.submit(table, seat, rng.choice(table.game.legal_actions(table.state, seat)), table.state.version)
        played += 1
    return played


def test_a_long_game_keeps_a_bounded_window_and_pages_get_what_they_got_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(history, "KEEP", 40)
    manager = TableManager(Storage(str(tmp_path / "t.db")))
    table = manager.create("swdbg", "2v2", {}, ["human"] * 4, seed=3).table
    everything: list[Event] = []
    table.notify = everything.extend  # type: ignore[method-assign]  # every event as pages are told of it
    early = table.events.end
    played = play(manager, table, 400)
    assert table.events.end == len(everything) > 200 and len(table.events) < 80
    assert not hasattr(table, "log")  # the actions are in the database only
    assert table.actions_played == played == len(manager.storage.load_table(table.id).actions)
    # a spectator whose place is in the window gets exactly the events since it
    mark = table.events.end - 5
    text, end = table.shared.spectator_state(mark)
    assert json.loads(text)["events"] == [e.to_json() for e in everything[mark:] if e.visible_for(None)]
    assert end == len(everything)
    # one left far behind (its place fell out) gets the recent log whole, as on reconnection
    behind = json.loads(table.shared.spectator_state(early)[0])
    assert behind["full_log"] is True
    public = [e.to_json() for e in everything if e.visible_for(None)]
    assert behind["events"] == public[-len(behind["events"]):] and behind["events"]
    # a table rebuilt from the database holds the same window
    manager.tables.pop(table.id)
    again = manager.get(table.id)
    assert again.events.end == table.events.end and again.actions_played == played
    assert [e.to_json() for e in again.events] == [e.to_json() for e in everything[again.events.first:]]


def test_the_replay_of_a_finished_game_is_read_from_the_database(client: TestClient) -> None:
    tid = make_table(client, ["random", "random"], mode="1v1", seed=4, options={})["table"]["id"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    table = manager.tables[tid]

    async def finished() -> None:  # progress: the bots play the game to its end
        while not table.finished:
            await asyncio.sleep(0.05)

    client.portal.call(finished)  # type: ignore[union-attr]
    data = client.get(f"/api/tables/{tid}/replay").json()
    stored = manager.storage.load_table(tid).actions
    assert [list(a) for a in data["actions"]] == [[s, a] for s, a in stored]
    assert len(stored) == table.actions_played > 0 and data["outcome"] is not None


def test_the_recent_log_still_holds_what_a_page_is_sent_on_reconnection() -> None:
    assert history.KEEP >= 2 * LOG_HISTORY
