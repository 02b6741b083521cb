"""The lobby listing's cache (``allegiance.server.listing.Listing``): one build at a time per status, shared
by the requests that wait for it, and never kept when something changed while it was built."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from allegiance.server.listing import ListedOptions, Listing


class Builds:
    """A listing build that waits for a go-ahead (as a read of PostgreSQL waits in its worker thread)."""

    def __init__(self) -> None:
        self.calls = 0
        self.version = 0
        self.go = asyncio.Event()

    async def __call__(self, status: str | None, limit: int) -> list[dict[str, Any]]:
        self.calls += 1
        seen = self.version  # what the database held when the read began
        await self.go.wait()
        return [{"id": f"t{seen}", "status": status}]


async def settle() -> None:
    """Let every ready task run (the build's own task starts one step after the request's)."""
    for _ in range(10):
        await asyncio.sleep(0)


def test_requests_during_a_build_share_it_and_a_change_meanwhile_is_not_kept() -> None:
    async def run() -> None:
        build = Builds()
        listing = Listing(build)
        first = asyncio.create_task(listing.get("playing", 50))
        second = asyncio.create_task(listing.get("playing", 1))
        await settle()
        assert build.calls == 1  # one read for both requests
        build.version = 1
        listing.changed()  # a table was created while the read was on its way
        build.go.set()
        (etag, body), (_, short) = await first, await second
        assert json.loads(body) == [{"id": "t0", "status": "playing"}] == json.loads(short)
        assert listing.builds == 1
        # that listing was served, not kept: the next request reads again and shows the change
        etag_after, body_after = await listing.get("playing", 50)
        assert build.calls == 2 and json.loads(body_after) == [{"id": "t1", "status": "playing"}]
        assert etag_after != etag
        # nothing changed since: kept, no read
        assert await listing.get("playing", 50) == (etag_after, body_after) and build.calls == 2

    asyncio.run(run())


def test_a_request_that_goes_away_leaves_the_build_to_the_others() -> None:
    async def run() -> None:
        build = Builds()
        listing = Listing(build)
        gone = asyncio.create_task(listing.get(None, 50))
        staying = asyncio.create_task(listing.get(None, 50))
        await settle()
        gone.cancel()
        build.go.set()
        _, body = await staying
        assert json.loads(body) == [{"id": "t0", "status": None}] and build.calls == 1 and gone.cancelled()

    asyncio.run(run())


def test_listed_options_are_read_once_a_table_and_bounded() -> None:
    options = ListedOptions(kept=2)
    for table_id in ("a", "b", "a", "b"):
        assert options.of(table_id, "swdbg", {}) == {}
    assert options.reads == 2
    options.of("c", "swdbg", {})  # a third table: the least recently used one ("a") is forgotten
    options.of("b", "swdbg", {})
    assert options.reads == 3
    options.of("a", "swdbg", {})
    assert options.reads == 4
    assert options.of("d", "swdbg", {"no_such_option": 1}) is None  # refused: the table is listed as broken
    assert options.of("e", "no_such_game", {}) is None
