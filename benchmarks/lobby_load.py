"""Lobby load: big tables with pasted decks, clients polling the listing, and another table's ping.

Issue 21, item 4: with decks padded to 20,000 characters, 16 seats a table and 50 tables, each
``GET /api/tables`` was 16.2 MB and 181 ms on the event loop, and four polling clients pushed the ping of
people at other tables to 0.5-0.8 s.  This starts ``allegiance serve`` in its own process (or uses
``--url``), creates ``--tables`` Wakfu 8v8 tables whose 16 human seats each paste a legal deck padded
with comment lines to ``--deck-chars`` characters (the most a deck may be now is 8,000), starts
``--pollers`` clients that each ask for the listing every ``--poll`` seconds, and a spectator of another
(1v1) table that pings it every 0.25 s.  It prints the listing's size and answer times, the answers by
status (200, 304, 429) and the spectator's ping p50 / p99 / max.

    .venv/bin/python benchmarks/lobby_load.py --tables 50 --pollers 4 --seconds 20
    .venv/bin/python benchmarks/lobby_load.py --tables 50 --pollers 4 --seconds 20 --conditional

Pollers send no ``If-None-Match`` by default (the worst case: a client that wants the whole listing
each time); ``--conditional`` makes them send the last ETag, as the lobby page does.  The server is
started with ``--lobby-per-minute`` high enough for the pollers (they all come from this address).
A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.load_tables import ping_client  # noqa: E402
from tests.server.helpers import ServerProcess  # noqa: E402


def padded_deck(chars: int) -> str:
    """The Crâ starter deck as a file, padded with comment lines to ``chars`` characters."""
    from allegiance.games.wakfu.decks import starter

    text = starter("cra").to_text()
    line = "# " + "padding " * 8 + "\n"
    return text + line * max(0, (chars - len(text)) // len(line))


async def poller(base: str, every: float, conditional: bool, stop: asyncio.Event, seen: dict[str, Any]) -> None:
    etag = ""
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        while not stop.is_set():
            started = time.perf_counter()
            res = await http.get("/api/tables", headers={"If-None-Match": etag} if conditional and etag else {})
            seen.setdefault("seconds", []).append(time.perf_counter() - started)
            seen[str(res.status_code)] = seen.get(str(res.status_code), 0) + 1
            if res.status_code == 200:
                etag = res.headers.get("etag", "")
                seen["bytes"] = len(res.content)
            await asyncio.sleep(every)


async def run(base: str, tables: int, deck_chars: int, pollers: int, every: float, seconds: float,
              conditional: bool) -> dict[str, Any]:
    deck = padded_deck(deck_chars)
    body = {"game": "wakfu", "mode": "8v8", "seats": ["human"] * 16,
            "options": {"decks": [deck] * 16, "team_uniques": "ignore"}}
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        for _ in range(tables):
            res = await http.post("/api/tables", json=body)
            if res.status_code != 201:
                raise SystemExit(f"creating a table answered {res.status_code}: {res.text[:300]}")
        other = (await http.post("/api/tables", json={"game": "swdbg", "mode": "1v1",
                                                      "seats": ["human", "human"]})).json()["table"]["id"]
    stop = asyncio.Event()
    seen: dict[str, Any] = {}
    rtts: list[float] = []
    ws_base = base.replace("http", "ws", 1)
    tasks = [asyncio.create_task(ping_client(f"{ws_base}/ws/tables/{other}", stop, rtts))]
    tasks += [asyncio.create_task(poller(base, every, conditional, stop, seen)) for _ in range(pollers)]
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    times = sorted(seen.pop("seconds", [0.0]))
    rtts.sort()

    def pct(values: list[float], q: float) -> float:
        return round(1000 * values[min(len(values) - 1, int(q * len(values)))], 1) if values else float("nan")

    return {"tables": tables, "deck_chars": len(deck), "pollers": pollers, "poll_seconds": every,
            "conditional": conditional, "listing_bytes": seen.pop("bytes", None),
            "listing_ms_p50": pct(times, 0.5), "listing_ms_p99": pct(times, 0.99), "answers": seen,
            "pings": len(rtts), "ping_ms_p50": pct(rtts, 0.5), "ping_ms_p99": pct(rtts, 0.99),
            "ping_ms_max": round(1000 * rtts[-1], 1) if rtts else None,
            "ping_ms_mean": round(1000 * statistics.fmean(rtts), 1) if rtts else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="Wakfu 8v8 tables with pasted decks")
    parser.add_argument("--deck-chars", type=int, default=7_900, help="each pasted deck's length (at most 8,000)")
    parser.add_argument("--pollers", type=int, default=4, help="clients asking for the listing")
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between one poller's requests")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long the pollers run")
    parser.add_argument("--conditional", action="store_true", help="pollers send If-None-Match")
    parser.add_argument("--url", help="an already running server")
    args = parser.parse_args()
    server = None
    if args.url:
        base = args.url.rstrip("/")
    else:
        db = os.path.join(tempfile.mkdtemp(prefix="allegiance-lobby-"), "lobby.db")
        extra = ["--creates-per-minute", "100000", "--max-tables", "0", "--tables-per-client", "0",
                 "--lobby-per-minute", "100000"]
        server = ServerProcess(db, extra=extra).start()
        base = server.base
    try:
        result = asyncio.run(run(base, args.tables, args.deck_chars, args.pollers, args.poll, args.seconds,
                                 args.conditional))
    finally:
        if server is not None:
            server.stop()
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
