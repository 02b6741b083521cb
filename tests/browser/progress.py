"""Waiting on a game's progress, not on the clock (issue 21, item 10).

A game played by pages in a browser takes as long as the machine lets it: a fresh clone's suite failed
two games when a browser and a server ran beside it on the same two cores (a 170 s wait ran out for a
game that was still being played).  These waits give up only when the game stops moving: the table's
version has not changed for ``stall`` seconds.  However slow the machine, a game that moves is waited
for; a stuck one fails within ``stall`` seconds of getting stuck.  The games themselves are kept short
by their options (bases to win, turn limits), which also bounds how long a moving game can take.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx

#: seconds without an accepted action after which a game counts as stuck (pages on a busy machine were
#: seen stalled for 2-5 s, a spectator's for 20 s; nothing legitimate waits a minute and a half)
STALL = 90.0


def table_version(base: str, table_id: str) -> int | None:
    """The table's version as the server holds it (``None`` when the server does not say)."""
    try:
        res = httpx.get(f"{base}/api/tables/{table_id}", timeout=10)
    except httpx.HTTPError:
        return None
    return int(res.json()["version"]) if res.status_code == 200 else None


def wait_on_progress(base: str, table_id: str, until: Callable[[], Any], what: str, stall: float = STALL,
                     poll: float = 0.5) -> float:
    """Wait until ``until()`` is true while the table moves; fail with ``what`` when its version stood
    still for ``stall`` seconds.  Returns the seconds waited."""
    start = moved = time.monotonic()
    seen: int | None = None
    while not until():
        now = time.monotonic()
        version = table_version(base, table_id)
        if version is not None and version != seen:
            seen, moved = version, now
        assert now - moved < stall, (f"still waiting for {what}: the table stood at version {seen} for "
                                     f"{stall:g} s (no action accepted), after {now - start:.0f} s in all")
        time.sleep(poll)
    return time.monotonic() - start


def page_version_at_least(page: Any, version: int) -> Callable[[], bool]:
    """A condition for :func:`wait_on_progress`: the page shows at least ``version``."""
    return lambda: int(page.evaluate("Number(document.body.dataset.version || -1)")) >= version


def finished(base: str, table_id: str, *pages: Any) -> Callable[[], bool]:
    """A condition for :func:`wait_on_progress`: the game is over and every page shows it."""
    def check() -> bool:
        res = httpx.get(f"{base}/api/tables/{table_id}", timeout=10)
        if res.status_code != 200 or not res.json()["finished"]:
            return False
        return all(p.locator("#game-over").count() > 0 for p in pages)
    return check
