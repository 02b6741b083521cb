"""How many tables one and two server processes hold at p99 <= 50 ms, in the same run (issue 25).

Runs ``benchmarks/load_tables.py --json`` again and again over one throw-away PostgreSQL (or
``--pg-url``), first with one server process on PostgreSQL (``--pg``), then with ``--processes 2``,
growing the number of tables by ``--growth`` from ``--start`` until the p99 latency (action sent to
view received) passes ``--target`` ms, then halving the gap between the last table count that passed
and the first that failed down to ``--resolution`` tables.  A process's capacity is the largest count
that passed.  Prints each run (tables, p99, actions/s, the servers' CPU) and the ratio of the two
capacities.  The load generator and PostgreSQL run on the same machine as the servers, so on a small
machine they share its cores: the figure says what this machine holds, not what one more core adds.

    .venv/bin/python benchmarks/capacity.py --start 100 --seconds 20
    .venv/bin/python benchmarks/capacity.py --processes 1 2 3 --json
    .venv/bin/python benchmarks/capacity.py --processes 1 --db-delay-ms 0.25   # PostgreSQL "on another machine"

``--db-delay-ms D`` puts ``benchmarks/netdelay.py`` between the servers and PostgreSQL, delaying every
byte D ms each way (this container's kernel has no ``netem``); with 0.25 the round trip measured 0.75 ms
(0.14 ms through the proxy at no delay, 0.06 ms without it).

Measured 2026-11-27 on the 2-core development machine, nothing else running (load average 0.4-1.6),
``--start 100 --seconds 20`` (5 minutes): one process 60 tables (p99 25.9 ms; 80 tables 56.7 ms), two
processes 60 (29.8 ms; 80 tables 53.9 ms, the servers 0.92 core against one process's 0.56): 1.0x.
Those runs measured the load generator's own garbage collections too (see ``load_tables.collector_paused``).
Without them, 2026-11-29, quiet machine, ``--start 220 --growth 1.25 --resolution 20 --seconds 20 --route
table`` (4.5 min): one process 275 tables (p99 34.1 ms; 280: 50.3 ms), two 343 (26.9 ms; 360: 57.2 ms):
1.25x, with one process already using 1.05 of the 2 cores (server 0.73, generator 0.25, PostgreSQL 0.07).

A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def run_load(tables: int, processes: int, seconds: float, pg_url: str, route: str = "seat") -> dict[str, Any]:
    """One ``load_tables.py`` run; its JSON figures."""
    args = [sys.executable, str(ROOT / "benchmarks" / "load_tables.py"), "--tables", str(tables), "--seconds",
            str(seconds), "--pg-url", pg_url, "--json"]
    args += ["--processes", str(processes), "--route", route] if processes > 1 else ["--pg"]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600 + 4 * seconds, cwd=ROOT)
    if done.returncode != 0:
        raise RuntimeError(f"load_tables.py failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(done.stdout[done.stdout.index("{"):])


def p99(result: dict[str, Any]) -> float:
    """The run's p99 latency in ms (infinite when no action was answered)."""
    latency = result.get("latency_ms") or {}
    return float(latency.get("p99", float("inf")))


def capacity(processes: int, args: argparse.Namespace, pg_url: str, report: list[dict[str, Any]]) -> int:
    """The largest number of tables (a multiple of ``--resolution``) whose p99 met the target."""
    def passes(tables: int) -> bool:
        result = run_load(tables, processes, args.seconds, pg_url, args.route)
        ok = p99(result) <= args.target and not result.get("errors")
        row = {"processes": processes, "tables": tables, "p99_ms": p99(result), "actions_per_s": result["actions_per_s"],
               "server_cpu": result["server_cpu_share"], "generator_cpu": result.get("client_cpu_share"),
               "postgres_cpu": result.get("postgres_cpu_share"), "errors": result["errors"], "passed": ok,
               "load_average_at_start": result["load_average_at_start"]}
        report.append(row)
        if not args.json:
            print(f"  {processes} process(es), {tables} tables: p99 {row['p99_ms']} ms, {row['actions_per_s']} actions/s, "
                  f"CPU: servers {row['server_cpu']}, load generator {row['generator_cpu']}, PostgreSQL "
                  f"{row['postgres_cpu']} core, errors {row['errors']} -> {'pass' if ok else 'fail'}", flush=True)
        return ok

    good, bad = 0, None
    tables = args.start
    while bad is None:
        if passes(tables):
            good = tables
            if tables >= args.most:
                return good
            tables = min(args.most, max(tables + args.resolution, int(tables * args.growth)))
        else:
            bad = tables
    while bad - good > args.resolution:
        middle = (good + bad) // 2 // args.resolution * args.resolution or args.resolution
        if middle <= good or middle >= bad:
            break
        if passes(middle):
            good = middle
        else:
            bad = middle
    return good


@contextlib.contextmanager
def delayed(pg_url: str, delay_ms: float) -> Iterator[str]:
    """``pg_url`` behind a :mod:`netdelay` proxy adding ``delay_ms`` each way; yields the proxy's URL."""
    from tests.server.helpers import free_port
    parts = urlsplit(pg_url)
    port = free_port()
    proxy = subprocess.Popen([sys.executable, str(ROOT / "benchmarks" / "netdelay.py"), "--listen",
                              f"127.0.0.1:{port}", "--target", f"{parts.hostname}:{parts.port or 5432}",
                              "--delay-ms", str(delay_ms)], stdout=subprocess.PIPE, text=True)
    try:
        assert proxy.stdout is not None and proxy.stdout.readline().strip() == "ready"
        yield urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.port}", f":{port}")))
    finally:
        proxy.terminate()
        proxy.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--processes", type=int, nargs="+", default=[1, 2], help="server process counts to compare")
    parser.add_argument("--start", type=int, default=100, help="tables of the first run")
    parser.add_argument("--growth", type=float, default=1.5, help="the next table count, after a pass")
    parser.add_argument("--resolution", type=int, default=20, help="stop halving when the gap is this small")
    parser.add_argument("--most", type=int, default=1000, help="never more tables than this")
    parser.add_argument("--seconds", type=float, default=20.0, help="each run's length")
    parser.add_argument("--target", type=float, default=50.0, help="the p99 target in ms")
    parser.add_argument("--pg-url", help="an existing PostgreSQL database (else a throw-away one)")
    parser.add_argument("--db-delay-ms", type=float, default=0.0,
                        help="delay each byte to and from PostgreSQL by this much each way (benchmarks/netdelay.py): "
                             "a database on another machine")
    parser.add_argument("--route", choices=("seat", "table"), default="seat",
                        help="how sockets reach several processes (load_tables.py --route): 'seat' spreads each "
                             "table's seats, 'table' sends all of a table's sockets to the process that created it")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.start < 1 or args.resolution < 1 or args.growth <= 1 or any(p < 1 for p in args.processes):
        parser.error("--start, --resolution and --processes must be at least 1, --growth more than 1")
    report: list[dict[str, Any]] = []
    found: dict[int, int] = {}
    with contextlib.ExitStack() as stack:
        pg_url = args.pg_url
        if pg_url is None:
            from tests.server.pg import postgres_server
            pg_url = stack.enter_context(postgres_server())
        if args.db_delay_ms > 0:
            pg_url = stack.enter_context(delayed(pg_url, args.db_delay_ms))
        for processes in args.processes:
            if not args.json:
                print(f"{processes} server process(es) over PostgreSQL:", flush=True)
            found[processes] = capacity(processes, args, pg_url, report)
    first = found[args.processes[0]]
    ratios = {p: round(c / first, 2) if first else None for p, c in found.items()}
    if args.json:
        print(json.dumps({"capacity": found, "ratio": ratios, "runs": report, "target_ms": args.target}, indent=2))
        return
    for processes, tables in found.items():
        ratio = ratios[processes]
        print(f"{processes} process(es): {tables} tables at p99 <= {args.target:g} ms"
              + (f" ({ratio}x the first)" if ratio is not None else " (the first held none: no ratio)"))


if __name__ == "__main__":
    main()
