"""Closed WebSockets leave memory: their objects are cycles, and the server's collector settings
(``allegiance.server.gctune``) almost never run a full collection, so closed sockets pace one."""

from __future__ import annotations

import asyncio
import gc
import json
import time
from collections.abc import Iterator

import pytest
import websockets
from websockets.server import ServerProtocol

from allegiance.server import gctune
from tests.server.helpers import create_table, server_thread

SOCKETS = 30  # the server lets one address hold 32
EVERY = 10


def server_protocols() -> int:
    """Server-side WebSocket protocol objects still in memory (this process is the server's)."""
    return sum(1 for o in gc.get_objects() if type(o) is ServerProtocol)  # type(): never a weak proxy's


@pytest.fixture
def server_gc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The server's collector settings in this process (restored after), a collection every EVERY closes."""
    monkeypatch.setattr(gctune, "CLOSED_SOCKETS_PER_COLLECTION", EVERY, raising=False)
    old = gc.get_threshold()
    gc.collect()
    gctune.tune_for_server()
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.collect()


@pytest.mark.timeout(90)
def test_cut_websockets_do_not_pile_up(tmp_path, server_gc) -> None:
    with server_thread(str(tmp_path / "g.db")) as base:
        tid = create_table(base, ["human"] * 4)["table"]["id"]
        url = base.replace("http", "ws") + f"/ws/tables/{tid}"
        before = server_protocols()

        async def main() -> None:
            sockets = []
            for _ in range(SOCKETS):  # spectators that each got the table's state
                ws = await websockets.connect(url, ping_interval=None, max_queue=None)
                await ws.send(json.dumps({"type": "join"}))
                while json.loads(await ws.recv())["type"] != "state":
                    pass
                sockets.append(ws)
            gc.collect()  # they stayed connected long enough to reach the oldest generation
            for ws in sockets:  # connections cut, as a page's network drops (no close handshake)
                ws.transport.abort()

        asyncio.run(main())
        # the server handles the closes in its own thread: wait until it has (or fail after a minute)
        deadline = time.monotonic() + 60
        while server_protocols() - before > 2 * EVERY and time.monotonic() < deadline:
            time.sleep(0.2)
        left = server_protocols() - before
    assert left <= 2 * EVERY, f"{left} cut WebSockets of {SOCKETS} are still in memory"
