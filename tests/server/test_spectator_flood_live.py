"""Issue 21, item 3 against a real ``allegiance serve`` process with its default limits.

One client opened 1,000 spectator sockets on one bot table and another table's ping went to p90 2.2 s.
Here one address (127.0.0.2: Linux routes all of 127.0.0.0/8 to the loopback) opens more spectator
sockets on a bot table than it may: the excess are refused at the handshake, before the accept (HTTP
403; the server says why: ``too_many_sockets``), a second address fills the table's spectator places
and a third is refused (1013 after its join, ``spectators_full``; at the handshake when its URL says it
comes to watch), a fifth tries three times its burst of attempts at once and is refused at the
handshake beyond it, while a page on another table keeps having its pings answered and a player
there joins and plays; once the sockets close, their places come back.
The figure is ``benchmarks/load_tables.py --spectator-flood N``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from allegiance.server.limits import Limits
from tests.server.helpers import ServerProcess, create_table

websockets = pytest.importorskip("websockets")

SOCKETS, SPECTATORS, BURST = Limits().sockets_per_client, Limits().spectators_per_table, Limits().ws_burst
assert SOCKETS is not None and SPECTATORS is not None
#: seconds any one step may take before the test fails (a hang, not a measurement)
STEP = 60.0


async def spectate(url: str, source: str) -> tuple[Any, dict[str, Any], int | None]:
    """Open a socket from ``source`` and join as a spectator: (the socket or ``None`` if refused, the
    first message, the close code of a refusal).  A handshake refused before it was accepted gives
    ``{"code": "handshake"}`` and its HTTP status."""
    try:
        ws = await asyncio.wait_for(websockets.connect(url, local_addr=(source, 0), max_size=2**23), STEP)
    except websockets.InvalidStatus as exc:
        return None, {"code": "handshake"}, exc.response.status_code
    with contextlib.suppress(websockets.ConnectionClosed):  # a refused socket may be closed already
        await ws.send(json.dumps({"type": "join"}))
    first = json.loads(await asyncio.wait_for(ws.recv(), STEP))
    if first["type"] != "error":
        return ws, first, None
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            await asyncio.wait_for(ws.recv(), STEP)
    assert ws.close_code is not None
    return None, first, ws.close_code


async def drain(ws: Any) -> None:
    """Read everything a spectator is sent (a page that reads is never dropped for being slow)."""
    with contextlib.suppress(websockets.ConnectionClosed):
        async for _ in ws:
            pass


async def pinger(url: str, answers: list[int], stop: asyncio.Event) -> None:
    """A page on another table that pings every 0.1 s and counts the answers."""
    async with websockets.connect(url, max_size=2**23) as ws:
        await ws.send(json.dumps({"type": "join"}))
        n = 0
        while not stop.is_set():
            n += 1
            await ws.send(json.dumps({"type": "ping", "ref": n}))
            while (msg := json.loads(await ws.recv()))["type"] != "pong" or msg["ref"] != n:
                pass
            answers.append(n)
            await asyncio.sleep(0.1)


async def answered(answers: list[int], more: int) -> None:
    """Wait until ``more`` further pings are answered."""
    target = len(answers) + more
    while len(answers) < target:
        await asyncio.sleep(0.05)


async def why(base: str, source: str, table_id: str, query: str = "") -> str | None:
    """What the server says a handshake from ``source`` would now meet (its refusal's code)."""
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=STEP) as http:
        return (await http.get(f"/api/tables/{table_id}/socket{query}")).json()["code"]


async def attempt(url: str, source: str) -> int | str:
    """One connection attempt: its HTTP status if refused at the handshake, else ``"accepted"``."""
    try:
        ws = await asyncio.wait_for(websockets.connect(url, local_addr=(source, 0)), STEP)
    except websockets.InvalidStatus as exc:
        return exc.response.status_code
    await ws.close()
    return "accepted"


async def play_a_seat(url: str, token: str) -> None:
    """Join a seat from the usual address, play one action, and see it acknowledged."""
    async with websockets.connect(url, max_size=2**23) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        while (state := json.loads(await asyncio.wait_for(ws.recv(), STEP)))["type"] != "state":
            pass
        await ws.send(json.dumps({"type": "action", "action": state["legal"][0]["action"],
                                  "version": state["version"], "ref": 1}))
        while (msg := json.loads(await asyncio.wait_for(ws.recv(), STEP)))["type"] not in ("ack", "error"):
            pass
        assert msg["type"] == "ack", msg


async def flood(base: str, bot_table: str, other_table: str, other_token: str) -> None:
    ws_base = base.replace("http", "ws")
    url = f"{ws_base}/ws/tables/{bot_table}"
    answers: list[int] = []
    stop = asyncio.Event()
    ping = asyncio.create_task(pinger(f"{ws_base}/ws/tables/{other_table}", answers, stop))
    readers: list[asyncio.Task[None]] = []
    kept: dict[str, list[Any]] = {"127.0.0.2": [], "127.0.0.3": []}
    try:
        await asyncio.wait_for(answered(answers, 3), STEP)
        # one address asks for more sockets than it may hold: the excess are refused at once
        refusals = []
        for _ in range(SOCKETS + 8):
            ws, first, code = await spectate(url, "127.0.0.2")
            if ws is None:
                refusals.append((first["code"], code))
            else:
                kept["127.0.0.2"].append(ws)
                readers.append(asyncio.create_task(drain(ws)))
        assert len(kept["127.0.0.2"]) == SOCKETS, f"{len(kept['127.0.0.2'])} sockets open from one address"
        assert refusals == [("handshake", 403)] * 8, refusals  # before the accept: nothing was opened for them
        assert await why(base, "127.0.0.2", bot_table) == "too_many_sockets"
        await asyncio.wait_for(answered(answers, 5), STEP)  # the other table's page is still answered
        # a second address fills the table's spectator places; a third finds it full
        for _ in range(SPECTATORS - SOCKETS):
            ws, first, code = await spectate(url, "127.0.0.3")
            assert ws is not None, (first, code)
            kept["127.0.0.3"].append(ws)
            readers.append(asyncio.create_task(drain(ws)))
        ws, first, code = await spectate(url, "127.0.0.4")
        assert ws is None and (first["code"], code) == ("spectators_full", 1013), (first, code)
        assert f"maximum of {SPECTATORS} spectators" in first["message"]
        ws, first, code = await spectate(url + "?spectate=1", "127.0.0.4")  # a page that says it comes to watch
        assert ws is None and (first["code"], code) == ("handshake", 403), (first, code)
        assert await why(base, "127.0.0.4", bot_table, "?spectate=1") == "spectators_full"
        await asyncio.wait_for(answered(answers, 5), STEP)
        # closed sockets give their places back (the server notices the close a moment later)
        for ws in kept.pop("127.0.0.2"):
            await ws.close()
        for source in ("127.0.0.4", "127.0.0.2"):
            while True:
                ws, first, code = await spectate(url, source)
                if ws is not None:
                    await ws.close()
                    break
                await asyncio.sleep(0.1)
        await asyncio.wait_for(answered(answers, 5), STEP)
        # a fifth address tries far faster than it may: beyond its burst, refused at the handshake
        attempts = await asyncio.gather(*(attempt(f"{ws_base}/ws/tables/nosuchtable", "127.0.0.5")
                                          for _ in range(3 * BURST)))
        assert attempts.count(403) >= BURST, attempts
        assert set(attempts) <= {403, "accepted"}, attempts
        await asyncio.wait_for(answered(answers, 5), STEP)
        await play_a_seat(f"{ws_base}/ws/tables/{other_table}", other_token)  # a player joins and plays
    finally:
        stop.set()
        for sockets in kept.values():
            for ws in sockets:
                await ws.close()
        for task in readers:
            task.cancel()
        await asyncio.gather(ping, *readers, return_exceptions=True)


def test_one_address_flooding_a_bot_table_with_spectators_is_capped_and_slows_no_one(tmp_path: Path) -> None:
    server = ServerProcess(str(tmp_path / "spectators.db"), bot_delay=0.25).start()
    try:
        bot_table = create_table(server.base, ["greedy"] * 4)["table"]["id"]
        other = create_table(server.base, ["human", "human"], mode="1v1")
        asyncio.run(asyncio.wait_for(flood(server.base, bot_table, other["table"]["id"], other["links"][0]["token"]),
                                     6 * STEP))
    finally:
        server.stop()
