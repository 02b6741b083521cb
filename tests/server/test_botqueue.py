"""The bots' thinking is shared fairly between creators and tables (issue 21, item 5).

All-ISMCTS 8v8 tables kept the single bot worker busy, and another user's ISMCTS table dropped from 38
actions in 20 s alone to 5 beside ten such tables: the pool served the tables' searches first come,
first served, so a creator with ten tables had ten times the thinking of one with one table.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from allegiance.server import create_app
from allegiance.server.botqueue import FairQueue
from allegiance.server.limits import Limits
from tests.server.helpers import ServerProcess

#: the other creator's tables in the live test
CROWD = 20


def test_waiting_turns_go_round_robin_by_creator_then_by_table() -> None:
    async def run() -> list[str]:
        queue = FairQueue(1)
        served: list[str] = []
        gate = asyncio.Event()

        async def decide(creator: str, table: str) -> None:
            async with queue.turn(creator, table):
                served.append(table)
                await gate.wait()

        first = asyncio.create_task(decide("a", "a0"))
        await asyncio.sleep(0)
        tasks = [asyncio.create_task(decide("a", f"a{i}")) for i in range(1, 5)]
        tasks += [asyncio.create_task(decide("a", "a1")), asyncio.create_task(decide("b", "b0"))]
        tasks.append(asyncio.create_task(decide("c", "c0")))
        cancelled = asyncio.create_task(decide("b", "b1"))
        await asyncio.sleep(0)
        cancelled.cancel()  # a table closed while it waited: its turn is given to nobody
        await asyncio.sleep(0)
        assert cancelled.cancelled() and queue.waiting() == 7
        gate.set()
        await asyncio.gather(first, *tasks)
        assert queue.busy == 0 and queue.waiting() == 0
        return served

    served = asyncio.run(run())
    # creators a, b, c in turn; within a, its tables in turn (a1's second decision after a4)
    assert served == ["a0", "a1", "b0", "c0", "a2", "a3", "a4", "a1"]


def test_an_address_may_have_only_so_many_tables_with_searching_bots(tmp_path: Path) -> None:
    limits = Limits(creates_per_minute=6000, create_burst=1000, search_tables_per_client=2)
    with TestClient(create_app(db=str(tmp_path / "cap.db"), bot_delay=3600.0, limits=limits)) as client:
        def create(seats: list[str]) -> httpx.Response:
            return client.post("/api/tables", json={"game": "swdbg", "mode": "1v1", "seats": seats, "options": {}})

        made = [create(["human", "ismcts"]), create(["ismcts", "greedy"])]
        assert [r.status_code for r in made] == [201, 201]
        refused = create(["ismcts", "ismcts"])
        assert refused.status_code == 429
        assert "already has 2 tables with searching bots" in refused.json()["detail"]
        assert create(["human", "greedy"]).status_code == 201  # quick bots are not counted
        closed = client.post(f"/api/tables/{made[0].json()['table']['id']}/close",
                             headers={"X-Creator-Token": made[0].json()["creator_token"]})
        assert closed.status_code == 200
        assert create(["human", "ismcts"]).status_code == 201  # a closed table frees its place
        assert "search-tables-per-client" in client.get("/openapi.json").text


def test_a_lone_table_gets_its_share_of_the_thinking_beside_another_creators_many(tmp_path: Path) -> None:
    """One thinking process, ``CROWD`` all-ISMCTS tables from one address and one from another.  Counted
    per unit of progress (actions at the crowd's tables), the lone table plays several times more than
    any one of them: round-robin by creator gives it every turn it asks for, up to every second one (its
    own think time per action then bounds it).  First come, first served gave it the same as each of
    the crowd's (measured on a busy machine: 15 actions beside 300 at twenty tables; 43 beside 223 with
    the fair queue)."""
    server = ServerProcess(str(tmp_path / "fair.db"), bot_delay=0.0,
                           extra=["--bot-workers", "1", "--bot-think", "0.05", "--search-tables-per-client", "0",
                                  "--creates-per-minute", "6000"]).start()
    body = {"game": "wakfu", "mode": "1v1", "seats": ["ismcts", "ismcts"], "options": {}}
    try:
        with httpx.Client(base_url=server.base) as crowd, \
                httpx.Client(base_url=server.base, transport=httpx.HTTPTransport(local_address="127.0.0.2")) as lone:
            crowd_tables = [create_paced(crowd, body) for _ in range(CROWD)]
            assert all(r.status_code == 201 for r in crowd_tables), crowd_tables[-1].text
            one = lone.post("/api/tables", json=body)
            assert one.status_code == 201, one.text
            crowd_ids = {r.json()["table"]["id"] for r in crowd_tables}
            one_id = one.json()["table"]["id"]
            start = versions(crowd, crowd_ids | {one_id})
            deadline = time.monotonic() + 300
            while True:
                now = versions(crowd, crowd_ids | {one_id})
                crowd_done = sum(now[i] - start[i] for i in crowd_ids)
                if crowd_done >= 10 * CROWD:
                    break
                assert time.monotonic() < deadline, f"the crowd's tables made {crowd_done} actions in 300 s"
                time.sleep(0.3)
        lone_done = now[one_id] - start[one_id]
        print(f"the lone table: {lone_done} actions; the crowd's {CROWD} tables: {crowd_done}")
        assert lone_done >= 2.5 * crowd_done / CROWD, (lone_done, crowd_done)
    finally:
        server.stop()


def create_paced(client: httpx.Client, body: dict[str, object]) -> httpx.Response:
    """Create a table, waiting for the creation limit's next token when it answers 429."""
    while (res := client.post("/api/tables", json=body)).status_code == 429:
        time.sleep(0.05)
    return res


def versions(client: httpx.Client, ids: set[str]) -> dict[str, int]:
    """Each table's version (the lobby's listing carries none: it is cached per change, not per action)."""
    return {i: client.get(f"/api/tables/{i}").json()["version"] or 0 for i in ids}
