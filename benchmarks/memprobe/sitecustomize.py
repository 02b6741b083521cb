"""A memory probe inside the server process of a soak (issue 21, item 11): what grows, counted.

Not imported by allegiance.  Put this folder first on ``PYTHONPATH`` and name an output file, and every
Python process started with that environment imports it; the ``allegiance serve`` process (the one
holding live tables) then appends one JSON line to the file every ``SOAK_PROBE_EVERY`` seconds::

    PYTHONPATH=benchmarks/memprobe:. SOAK_PROBE=/tmp/probe.jsonl .venv/bin/python benchmarks/soak.py ...

Each line: resident memory; glibc's heap (``mallinfo2``: ``uordblks`` in use, ``fordblks`` freed but
kept, so RSS growing while ``uordblks`` does not is the allocator, not the program); Python's allocated
blocks; the garbage collector's objects by type; the live tables by status and their events; the length
of every map of the table manager.  ``SOAK_PROBE_FRAMES=12`` also starts ``tracemalloc`` (12 frames) at
``SOAK_PROBE_TRACE_AT`` seconds (120 by default: tracing from start-up made a loaded machine's server too
slow to start) and reports what grew since the first snapshot, by line and by traceback.
``SOAK_PROBE_TRIM=1`` calls ``malloc_trim(0)`` after each line and reports the resident memory then
(how much of it was freed memory glibc kept).
"""

from __future__ import annotations

import os
import threading
from typing import Any

_OUT = os.environ.get("SOAK_PROBE")


def _short(path: str) -> str:
    return path.split("site-packages/")[-1]


def _probe() -> None:
    import ctypes
    import json
    import sys
    import time
    import tracemalloc

    time.sleep(3)
    if "serve" not in sys.argv:
        return
    frames = int(os.environ.get("SOAK_PROBE_FRAMES", "0"))
    trace_at = float(os.environ.get("SOAK_PROBE_TRACE_AT", "120"))
    every = float(os.environ.get("SOAK_PROBE_EVERY", "30"))
    libc = ctypes.CDLL("libc.so.6")

    class MallInfo2(ctypes.Structure):
        _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                         "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]

    libc.mallinfo2.restype = MallInfo2
    snapshots: list[Any] = []
    started = time.time()
    while True:
        time.sleep(every)
        if frames and not tracemalloc.is_tracing() and time.time() - started >= trace_at:
            tracemalloc.start(frames)
        try:
            record = _record(libc, snapshots, started, tracemalloc.is_tracing())
        except Exception as exc:  # noqa: BLE001 - a probe must not stop the server; say it and go on
            record = {"probe_error": repr(exc)}
        if record is not None:
            with open(str(_OUT), "a", encoding="utf-8") as out:
                out.write(json.dumps(record) + "\n")


def _rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/statm", encoding="ascii") as f:
        return round(int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20, 1)


def _record(libc: Any, snapshots: list[Any], started: float, tracing: bool) -> dict[str, Any] | None:
    import gc
    import sys
    import time
    import tracemalloc
    from collections import Counter

    rec: dict[str, Any] = {"t": round(time.time() - started, 1), "pid": os.getpid(), "rss_mb": _rss_mb()}
    info = libc.mallinfo2()
    rec["malloc_mb"] = {k: round(getattr(info, k) / 2**20, 2) for k in ("arena", "hblkhd", "uordblks", "fordblks")}
    rec["py_blocks"] = sys.getallocatedblocks()
    objects = gc.get_objects()  # (the start-up heap is frozen by the server: not in this list)
    rec["gc_objects"] = len(objects)
    rec["types"] = dict(Counter(type(o).__name__ for o in objects).most_common(40))
    lives = [o for o in objects if type(o).__name__ == "LiveTable"]
    del objects
    if not lives:
        return None  # not the serving process (a worker), or no table yet
    rec["live_table_objects"] = len(lives)
    manager = lives[0].on_lobby_change.__self__ if lives[0].on_lobby_change is not None else None
    del lives
    if manager is not None:
        tables = list(manager.tables.values())
        rec["tables"] = {"in_memory": len(tables), "watched": sum(1 for t in tables if t.connections),
                         "status": dict(Counter(t.status for t in tables)),
                         "events": sum(len(t.events) for t in tables)}
        sizes: dict[str, int] = {}
        for name, value in vars(manager).items():
            inner = getattr(value, "_buckets", None) or getattr(value, "_held", None)
            if hasattr(value, "__len__"):
                sizes[name] = len(value)
            elif inner is not None:
                sizes[name] = len(inner)
        sizes["listing_answers"] = len(manager.listing._answers)
        sizes["think_waiting"] = len(manager.think_queue._waiting)
        sizes["chat_buckets"] = sum(len(t.chat._buckets) for t in tables)
        sizes["spectator_texts"] = sum(len(t.shared._texts) for t in tables)
        sizes["bot_tasks_running"] = sum(1 for t in tables if t.bot_task is not None and not t.bot_task.done())
        rec["maps"] = sizes
    if tracing:
        snapshot = tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])
        snapshots.append(snapshot)
        rec["traced_mb"] = round(tracemalloc.get_traced_memory()[0] / 2**20, 2)
        if len(snapshots) >= 2:
            rec["grew_by_line"] = [[_short(str(s.traceback[0])), round(s.size_diff / 1024, 1), s.count_diff]
                                   for s in snapshot.compare_to(snapshots[0], "lineno")[:15]]
            rec["grew_by_traceback"] = [
                {"kb": round(s.size_diff / 1024, 1), "blocks": s.count_diff,
                 "traceback": [f"{_short(f.filename)}:{f.lineno}" for f in s.traceback]}
                for s in snapshot.compare_to(snapshots[0], "traceback")[:12]]
        del snapshots[1:-1]  # the first and the latest
    if os.environ.get("SOAK_PROBE_TRIM"):
        libc.malloc_trim(0)
        rec["rss_after_trim_mb"] = _rss_mb()
    return rec


if _OUT:
    threading.Thread(target=_probe, daemon=True, name="soak-memory-probe").start()
