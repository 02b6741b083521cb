"""What PostgreSQL itself sustains for a site: commits of accepted actions and their notifications (issue 25).

Starts a throw-away PostgreSQL as the tests do (``tests/server/pg.py``: ``fsync=off``; ``--fsync`` for a
durable one) or uses ``--pg-url``, creates ``--tables`` tables with the project's storage code
(``allegiance/server/storage.py``), then for ``--seconds`` seconds ``--writers`` threads each append actions
to their own tables with ``Storage.append_action``: the very transaction an accepted action costs (the
INSERT of its log row and its ``pg_notify``, one commit).  ``--listeners`` connections LISTEN on the
store's channel, as that many server processes following the site would, and count the notifications
they receive.  Reports commits a second, notifications delivered a second (all listeners together),
PostgreSQL's CPU time per commit (user + system time of the postmaster and its children, from
``/proc``, before and after: local servers only), this process's own CPU per commit, and the load
average at the start and the end.  On a shared machine the rates measure the run queue as much as the
database; the CPU per commit does not.

    .venv/bin/python benchmarks/pg_commits.py --seconds 5
    .venv/bin/python benchmarks/pg_commits.py --seconds 20 --writers 4 --listeners 2
    .venv/bin/python benchmarks/pg_commits.py --seconds 20 --fsync --json

``--follow``: each listener also reads the announced log rows as a process holding every table does
(``Storage.actions_since`` from the version it has; a listener that is behind reads several rows at once).

Measured 2026-11-27 00:27-00:31 UTC on the 2-core development machine (PostgreSQL 15 on loopback, its
WAL on the VM's disk: ``pg_test_fsync`` 0.21 ms per fdatasync), ``--seconds 20``, 100 tables, nothing
else running at the start (load average 0.4; 2-5 during the runs, mostly this benchmark's threads and
PostgreSQL's backends):

    writers listeners            commits/s  notices/s  PostgreSQL CPU/commit  benchmark CPU/commit
    4       0                    1,700      0          0.19 ms                0.53 ms
    4       2 (the default)      1,537      3,074      0.21 ms                0.62 ms
    4       8                    1,063      8,503      0.38 ms                0.83 ms
    1       1                      971        971      0.28 ms                0.71 ms
    1       1 --follow             606        606      0.49 ms                1.58 ms   (1 read a notice)
    4       2 --follow             727      1,430      0.47 ms                1.38 ms   (0.3 read a notice)
    4       2 --fsync            1,197      2,395      0.39 ms                0.79 ms
    1       2 --fsync              625      1,251      0.44 ms                0.85 ms
    4       2 --fsync --follow     497        981      0.74 ms                1.45 ms

No notification was missed.  This process (one GIL) used 0.9-1.0 core in the 4-writer runs while
PostgreSQL used 0.3-0.46: the rates are what this client drives, a lower bound of what PostgreSQL
sustains; the CPU per commit is the figure to extrapolate.  From the rows: a commit costs PostgreSQL
0.19-0.28 ms of CPU (0.39-0.44 ms with fsync on), each notification delivered about 0.02 ms more
((0.38 - 0.19) / 8), and a listener's catch-up reads of each action 0.13-0.21 ms more (0.21 when it
reads every notice at once, 0.13 when, behind, it reads several rows at once).  Earlier the same day,
with other jobs starting (the test suite; load average 1-16), the rates were 30-70 % lower and the CPU
per commit 0.25-0.33 ms (0.45-0.52 ms with fsync on).

Since 2026-11-29 (session 27) an accepted action is one statement (``Storage.append_action``: the INSERT,
the table row's UPDATE and the ``pg_notify`` in one ``WITH``, in autocommit), one round trip where there
were four (BEGIN, INSERT, NOTIFY, COMMIT; counted with ``strace -e trace=sendto -c``: 4.1 messages a commit,
then 1.03).  The same quiet hour, ``--seconds 10 --listeners 2`` (load average 0.1-1.7):

    writers  commits/s before -> after   PostgreSQL CPU/commit   benchmark CPU/commit
    1        1,859 -> 3,949              0.186 -> 0.104 ms       0.356 -> 0.175 ms
    4        3,307 -> 4,919              0.130 -> 0.093 ms       0.315 -> 0.200 ms

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from allegiance.server.storage import CHANNEL, SeatRecord, Storage, TableRecord  # noqa: E402

#: a typical accepted action as the log stores it (its JSON is a few dozen bytes)
ACTION = {"kind": "play", "card": 17, "target": 2}


def _stat(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name (Linux)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def postgres_cpu(postmaster: int) -> float:
    """CPU seconds (user + system) of the postmaster, its live children and the children it has reaped."""
    tick = os.sysconf("SC_CLK_TCK")
    fields = _stat(postmaster)
    total = sum(int(fields[i]) for i in (11, 12, 13, 14))
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):  # a process may end while it is read
            child = _stat(int(entry))
            if int(child[1]) == postmaster:
                total += int(child[11]) + int(child[12])
    return total / tick


def find_postmaster(storage: Storage) -> int | None:
    """The postmaster's pid (the parent of this session's backend), if the server runs on this machine."""
    with storage.engine.connect() as conn:
        backend = int(conn.exec_driver_sql("SELECT pg_backend_pid()").scalar() or 0)
    try:
        parent = int(_stat(backend)[1])
        return parent if "postgres" in Path(f"/proc/{parent}/cmdline").read_bytes().decode(errors="replace") else None
    except (OSError, IndexError, ValueError):
        return None  # another machine (or another pid namespace): no CPU figures


def own_cpu() -> float:
    """This process's CPU seconds (all threads, user + system)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Listener(threading.Thread):
    """One connection that LISTENs on the store's channel, as one server process's follower does; with
    ``follow``, it also reads each announced log row as a process holding that table does."""

    def __init__(self, url: str, follow: bool) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.reader = Storage(url) if follow else None
        self.received = 0  # action notices ("a <table> <version>")
        self.reads = 0  # log rows read
        self.queries = 0  # catch-up reads (one SELECT may read several rows when behind)
        self.known: dict[str, int] = {}  # each table's version read so far
        self.ready = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"LISTEN {CHANNEL}")
            self.ready.set()
            while not self.stop.is_set():
                for notice in conn.notifies(timeout=0.2):
                    kind, table_id, version = (notice.payload.split(" ") + ["", ""])[:3]
                    if kind != "a":
                        continue
                    if self.reader is not None and int(version) > self.known.get(table_id, 0):
                        # the follower's catch-up (follow.py): the rows from the version it has on
                        rows = self.reader.actions_since(table_id, self.known.get(table_id, 0))
                        self.reads += len(rows)
                        self.queries += 1
                        if rows:
                            self.known[table_id] = rows[-1][0] + 1
                    self.received += 1
        if self.reader is not None:
            self.reader.close()


class Writer(threading.Thread):
    """Appends one action at a time to each of its tables in turn until told to stop."""

    def __init__(self, storage: Storage, table_ids: list[str], go: threading.Event, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.storage, self.table_ids, self.go, self.stop = storage, table_ids, go, stop
        self.versions = dict.fromkeys(table_ids, 0)
        self.commits = 0
        self.errors: list[str] = []

    def append_one(self, table_id: str) -> None:
        self.storage.append_action(table_id, self.versions[table_id], 0, ACTION)
        self.versions[table_id] += 1
        self.commits += 1

    def run(self) -> None:
        self.append_one(self.table_ids[0])  # its pooled connection and backend exist before the clock starts
        self.go.wait()
        turn = 0
        while not self.stop.is_set():
            try:
                self.append_one(self.table_ids[turn % len(self.table_ids)])
            except Exception as exc:  # noqa: BLE001 - counted and reported, the others go on
                self.errors.append(f"{type(exc).__name__}: {exc}")
                return
            turn += 1


def measure(url: str, tables: int, writers: int, listeners: int, seconds: float, follow: bool) -> dict[str, Any]:
    """One run over the database at ``url``; its figures."""
    storage = Storage(url)
    try:
        stamp = int(time.time())
        ids = [f"pgc{stamp % 100000}t{i}" for i in range(tables)]
        for table_id in ids:
            storage.create_table(TableRecord(table_id, "swdbg", "2v2", {}, 7,
                                             [SeatRecord(seat, "human", "ab" * 32) for seat in range(4)]))
        postmaster = find_postmaster(storage)
        followers = [Listener(storage.libpq_url(), follow) for _ in range(listeners)]
        for follower in followers:
            follower.start()
            follower.ready.wait(30)
        go, stop = threading.Event(), threading.Event()
        team = [Writer(storage, ids[k::writers], go, stop) for k in range(writers)]
        for writer in team:
            writer.start()
        while sum(w.commits for w in team) < writers and not any(w.errors for w in team):
            time.sleep(0.01)
        time.sleep(0.3)  # the warm-up notices delivered
        load_start = os.getloadavg()
        commits0, heard0 = sum(w.commits for w in team), sum(f.received for f in followers)
        pg0, own0, t0 = postgres_cpu(postmaster) if postmaster else None, own_cpu(), time.perf_counter()
        go.set()
        time.sleep(seconds)
        commits1, heard1 = sum(w.commits for w in team), sum(f.received for f in followers)
        pg1, own1, t1 = postgres_cpu(postmaster) if postmaster else None, own_cpu(), time.perf_counter()
        load_end = os.getloadavg()
        stop.set()
        for writer in team:
            writer.join(30)
        total = sum(w.commits for w in team)
        deadline = time.monotonic() + 10
        while any(f.received < total for f in followers) and time.monotonic() < deadline:
            time.sleep(0.05)
        for follower in followers:
            follower.stop.set()
            follower.join(5)
        elapsed, commits = t1 - t0, commits1 - commits0

        def per_commit(cpu: float) -> float | None:
            return round(1000 * cpu / commits, 3) if commits else None

        return {
            "tables": tables, "writers": writers, "listeners": listeners, "follow": follow,
            "seconds": round(elapsed, 2),
            "commits": commits, "commits_per_s": round(commits / elapsed, 1),
            "notifications_per_s": round((heard1 - heard0) / elapsed, 1),
            "notifications_missed": sum(total - f.received for f in followers),
            "rows_read": sum(f.reads for f in followers), "catch_up_reads": sum(f.queries for f in followers),
            "postgres_cpu_ms_per_commit": per_commit(pg1 - pg0) if pg0 is not None and pg1 is not None else None,
            "postgres_cores": round((pg1 - pg0) / elapsed, 2) if pg0 is not None and pg1 is not None else None,
            "benchmark_cpu_ms_per_commit": per_commit(own1 - own0),
            "benchmark_cores": round((own1 - own0) / elapsed, 2),
            "load_average_at_start": round(load_start[0], 2), "load_average_at_end": round(load_end[0], 2),
            "errors": [e for w in team for e in w.errors][:5],
        }
    finally:
        storage.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100, help="tables the writers share out")
    parser.add_argument("--writers", type=int, default=4, help="threads appending actions (at most 15: the pool)")
    parser.add_argument("--listeners", type=int, default=2, help="LISTENing connections (server processes)")
    parser.add_argument("--follow", action="store_true",
                        help="each listener also reads each announced log row (every listener holds every table)")
    parser.add_argument("--seconds", type=float, default=10.0, help="how long the writers append")
    parser.add_argument("--fsync", action="store_true", help="the throw-away PostgreSQL flushes each commit")
    parser.add_argument("--pg-url", help="an existing PostgreSQL database (else a throw-away one)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if not 1 <= args.writers <= 15 or args.tables < args.writers or args.listeners < 0 or args.seconds <= 0:
        parser.error("--writers 1..15, --tables at least --writers, --listeners 0 or more, --seconds above 0")
    with contextlib.ExitStack() as stack:
        url = args.pg_url
        if url is None:
            from tests.server.pg import postgres_server
            url = stack.enter_context(postgres_server(fsync=args.fsync))
        result = measure(url, args.tables, args.writers, args.listeners, args.seconds, args.follow)
    result["fsync"] = "as configured (--pg-url)" if args.pg_url else ("on" if args.fsync else "off")
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['commits']} commits in {result['seconds']} s: {result['commits_per_s']} commits/s "
          f"({args.writers} writers, {args.tables} tables, fsync {result['fsync']})")
    read = f", {result['rows_read']} log rows read in {result['catch_up_reads']} reads" if args.follow else ""
    print(f"notifications delivered: {result['notifications_per_s']}/s to {args.listeners} listener(s), "
          f"{result['notifications_missed']} missed{read}")
    if result["postgres_cpu_ms_per_commit"] is not None:
        print(f"PostgreSQL CPU: {result['postgres_cpu_ms_per_commit']} ms per commit "
              f"({result['postgres_cores']} core)")
    else:
        print("PostgreSQL CPU: not measured (the server is not on this machine)")
    print(f"this benchmark's CPU: {result['benchmark_cpu_ms_per_commit']} ms per commit "
          f"({result['benchmark_cores']} core)")
    print(f"load average: {result['load_average_at_start']} at start, {result['load_average_at_end']} at end")
    if result["errors"]:
        print(f"errors: {result['errors']}")


if __name__ == "__main__":
    main()
