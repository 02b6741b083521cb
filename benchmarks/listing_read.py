"""The lobby listing's read of the stored tables (``Storage.table_records``), timed on SQLite and PostgreSQL.

A listing holds up to 200 tables.  Until session 29 it read each table's seats and secret with queries of
their own (two per table, 401 in all), on the event loop: 159 ms with PostgreSQL on this machine, 459 ms
with it 0.25 ms away each way, 32 ms on SQLite, for 200 SWDBG 2v2 tables.  It now reads them in three
queries, in a worker thread on PostgreSQL.  This stores ``--tables`` tables and prints the read's median
time on SQLite and on a throw-away PostgreSQL (Debian's package, as the tests start it), directly and,
with ``--db-delay-ms``, through ``netdelay.py``'s delaying proxy.

    .venv/bin/python benchmarks/listing_read.py --tables 200 --db-delay-ms 0.25

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from allegiance.server.storage import Storage  # noqa: E402
from allegiance.server.tables import TableManager  # noqa: E402


def median_ms(read: Callable[[], object], repeats: int) -> float:
    """The median wall time of ``read`` in milliseconds, after one warm-up call."""
    read()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        read()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def fill(storage: Storage, tables: int) -> None:
    manager = TableManager(storage)
    for n in range(tables):
        manager.create("swdbg", "2v2", {}, ["human"] * 4, seed=n)


def through_proxy(url: str, delay_ms: float) -> tuple[str, subprocess.Popen[str]]:
    """``url`` reached through a ``netdelay.py`` proxy delaying each way by ``delay_ms``."""
    from tests.server.helpers import free_port

    target = url.rsplit("@", 1)[1].split("/")[0]
    port = free_port()
    proxy = subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "netdelay.py"), "--listen",
                              f"127.0.0.1:{port}", "--target", target, "--delay-ms", str(delay_ms)],
                             stdout=subprocess.PIPE, text=True)
    assert proxy.stdout is not None and proxy.stdout.readline().strip() == "ready"
    return url.replace(target, f"127.0.0.1:{port}"), proxy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200, help="tables stored (a listing reads at most 200)")
    parser.add_argument("--repeats", type=int, default=15, help="timed reads per database")
    parser.add_argument("--db-delay-ms", type=float, default=None,
                        help="also read PostgreSQL through a proxy delaying each way by this much")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        storage = Storage(f"{folder}/tables.db")
        fill(storage, args.tables)
        print(f"SQLite: {median_ms(lambda: storage.table_records('playing', 200), args.repeats):.1f} ms")
        storage.close()
    from tests.server.pg import available, postgres_server

    why_not = available()
    if why_not:
        print(f"PostgreSQL: not measured ({why_not})")
        return
    with postgres_server() as url:
        storage = Storage(url)
        fill(storage, args.tables)
        print(f"PostgreSQL, same machine: {median_ms(lambda: storage.table_records('playing', 200), args.repeats):.1f} ms")
        storage.close()
        if args.db_delay_ms is not None:
            far_url, proxy = through_proxy(url, args.db_delay_ms)
            try:
                far = Storage(far_url)
                took = median_ms(lambda: far.table_records("playing", 200), args.repeats)
                print(f"PostgreSQL, {args.db_delay_ms:g} ms away each way: {took:.1f} ms")
                far.close()
            finally:
                proxy.terminate()
                proxy.wait()


if __name__ == "__main__":
    main()
