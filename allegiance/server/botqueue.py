"""The queue in front of the bots' thinking processes: fair turns by creator, then by table.

Each searching bot's decision takes one *turn*: one of ``slots`` places (the thinking processes) for
the time it thinks.  When every place is taken, waiting decisions are served round-robin, first by
creator (the address that made the table), then by that creator's tables, so one creator's ten
tables cannot starve another creator's one: with both waiting, the lone table gets every second
turn (issue 21, item 5).  A table waits with at most one decision at a time (its bot task), so the
queue holds at most one entry a table.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict, deque
from collections.abc import AsyncIterator


class FairQueue:
    """At most ``slots`` turns at once; the others wait, served round-robin by creator, then table."""

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("a queue needs at least one slot")
        self.slots = slots
        self.busy = 0
        #: creator -> table -> waiting turns, creators and tables in the order they are next served
        self._waiting: OrderedDict[str, OrderedDict[str, deque[asyncio.Future[None]]]] = OrderedDict()

    def waiting(self) -> int:
        """Turns waiting for a slot."""
        return sum(len(q) for tables in self._waiting.values() for q in tables.values())

    @contextlib.asynccontextmanager
    async def turn(self, creator: str, table: str) -> AsyncIterator[None]:
        """Wait for a slot (fairly) and hold it for the body."""
        if self.busy < self.slots and not self._waiting:
            self.busy += 1
        else:
            granted: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiting.setdefault(creator, OrderedDict()).setdefault(table, deque()).append(granted)
            try:
                await granted
            except asyncio.CancelledError:
                if granted.done() and not granted.cancelled():
                    self._release()  # granted just before the cancellation: give the slot on
                else:
                    self._forget(creator, table, granted)
                raise
        try:
            yield
        finally:
            self._release()

    def _release(self) -> None:
        self.busy -= 1
        while self.busy < self.slots and self._waiting:
            creator, tables = next(iter(self._waiting.items()))
            table, turns = next(iter(tables.items()))
            granted = turns.popleft()
            if turns:
                tables.move_to_end(table)
            else:
                del tables[table]
            if tables:
                self._waiting.move_to_end(creator)
            else:
                del self._waiting[creator]
            if not granted.done():
                granted.set_result(None)
                self.busy += 1

    def _forget(self, creator: str, table: str, granted: asyncio.Future[None]) -> None:
        tables = self._waiting.get(creator)
        turns = tables.get(table) if tables is not None else None
        if tables is None or turns is None:
            return
        with contextlib.suppress(ValueError):
            turns.remove(granted)
        if not turns:
            del tables[table]
        if not tables:
            del self._waiting[creator]
