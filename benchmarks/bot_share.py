"""How much bot thinking one user's table gets beside another user's many all-ISMCTS tables (issue 21, item 5).

Starts ``allegiance serve`` in its own process.  First one Wakfu 1v1 table of two ISMCTS bots, made from
the address 127.0.0.2, plays alone for ``--seconds``; its actions are counted.  Then ``--crowd`` tables
of ``--crowd-mode`` (default 8v8) with ISMCTS in every seat are made from 127.0.0.1, and a second lone
table from 127.0.0.2 plays beside them for as long; its actions, and the crowd's, are counted.  Before
issue 21 the lone table made 38 actions in 20 s alone and 5 beside ten 8v8 tables.

    .venv/bin/python benchmarks/bot_share.py --seconds 20 --crowd 10

``--server-flags`` are added to the server's command line (default ``--search-tables-per-client 0``,
so that the crowd's ten tables are accepted from one address; pass ``--server-flags ""`` to measure a
server from before that flag).  A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import ServerProcess  # noqa: E402

LONE = {"game": "wakfu", "mode": "1v1", "seats": ["ismcts", "ismcts"], "options": {}}


def crowd_table(mode: str) -> dict[str, Any]:
    from allegiance.games import get_game

    seats = len(get_game("wakfu").table_for(mode))
    options = {"team_uniques": "ignore"} if seats > 2 else {}
    return {"game": "wakfu", "mode": mode, "seats": ["ismcts"] * seats, "options": options}


def create(client: httpx.Client, body: dict[str, Any]) -> dict[str, Any]:
    while (res := client.post("/api/tables", json=body)).status_code == 429 and "too many new" in res.text:
        time.sleep(0.5)
    res.raise_for_status()
    return dict(res.json())


def version(client: httpx.Client, table_id: str) -> int:
    return int(client.get(f"/api/tables/{table_id}").json()["version"] or 0)


def lone_run(lone: httpx.Client, seconds: float) -> int:
    """Actions of a new lone table in ``seconds``; the table is closed afterwards."""
    made = create(lone, LONE)
    table_id = made["table"]["id"]
    start = version(lone, table_id)
    time.sleep(seconds)
    done = version(lone, table_id) - start
    lone.post(f"/api/tables/{table_id}/close", headers={"X-Creator-Token": made["creator_token"]})
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the lone table is watched, each time")
    parser.add_argument("--crowd", type=int, default=10, help="the other address's all-ISMCTS tables")
    parser.add_argument("--crowd-mode", default="8v8", help="their Wakfu mode (default 8v8)")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="the server's --bot-delay")
    parser.add_argument("--server-flags", default="--search-tables-per-client 0",
                        help="more flags for the server, e.g. '--bot-workers 1 --bot-think 0.5'")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(prefix="allegiance-botshare-"), "share.db")
    extra = ["--creates-per-minute", "100000", "--max-tables", "0", *shlex.split(args.server_flags)]
    server = ServerProcess(db, bot_delay=args.bot_delay, extra=extra).start()
    try:
        with httpx.Client(base_url=server.base, timeout=30) as crowd, \
                httpx.Client(base_url=server.base, timeout=30,
                             transport=httpx.HTTPTransport(local_address="127.0.0.2")) as lone:
            alone = lone_run(lone, args.seconds)
            ids = [create(crowd, crowd_table(args.crowd_mode))["table"]["id"] for _ in range(args.crowd)]
            before = sum(version(crowd, i) for i in ids)
            beside = lone_run(lone, args.seconds)
            crowd_done = sum(version(crowd, i) for i in ids) - before
    finally:
        server.stop()
    result = {"seconds": args.seconds, "lone_alone": alone, "lone_beside_crowd": beside, "crowd": args.crowd,
              "crowd_mode": args.crowd_mode, "crowd_actions": crowd_done, "server_flags": args.server_flags,
              "bot_delay": args.bot_delay, "cpus": os.cpu_count(), "load_average": round(os.getloadavg()[0], 2)}
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"lone Wakfu 1v1 ISMCTS table: {alone} actions in {args.seconds:g} s alone, {beside} beside "
          f"{args.crowd} all-ISMCTS {args.crowd_mode} tables of another address (which made {crowd_done} actions "
          f"meanwhile); {result['cpus']} cores, load average {result['load_average']}")


if __name__ == "__main__":
    main()
