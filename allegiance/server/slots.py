"""Per-address slots of work at once (replay rebuilds, stored tables being opened), for one process or a site.

A *slot* is one piece of work one client address has running: ``Limits.replays_per_client`` replay
steps rebuilding or waiting, ``Limits.loads_per_client`` stored tables being rebuilt.  One process
(SQLite) counts them in memory (:class:`LocalSlots`).  Several processes over one PostgreSQL
(:mod:`allegiance.server.cluster`) count them in PostgreSQL (:class:`AdvisorySlots`), so an address
gets its slots once for the whole site, not once per process (issue 25).

Why advisory locks rather than rows with a lease expiry: slot ``i`` of an address is the session
advisory lock on a hash of (kind, address, ``i``), taken with ``pg_try_advisory_lock`` on one
connection of the process kept for this.  A process that dies closes that connection and PostgreSQL
releases its locks at once: its slots are free again as soon as the database sees the socket close (a
``kill -9`` included), with no expiry to tune, no heartbeat to write and nothing to sweep.  Rows would
cost every replay step two writes (and their WAL and vacuum) and a dead process's slots would stay
taken until their lease ran out.  Locks need their own session, so the slots connection cannot go
through a pooler in transaction mode (as the bot leases' and the listening connection).

Taking a slot is one statement: ``CASE WHEN pg_try_advisory_lock(k0) THEN 0 WHEN ... END`` over the
slots this process does not hold already (a session's advisory locks are re-entrant, so this process
never asks for one it holds; a ``CASE`` evaluates its branches in order and stops at the first lock
granted).  Giving it back is one ``pg_advisory_unlock``.  Both run on the event loop through psycopg's
asyncio connection, one statement at a time.

A connection found dropped is opened again at once.  When PostgreSQL does not answer (within
:data:`TIMEOUT`), the slot is counted in this process only,
as on SQLite, and the database is not asked again for :data:`RETRY_AFTER` seconds: replays and table
loads keep working, each process then allowing the limit on its own, and a warning says so.  A slots
connection that dropped released its locks: a request still holding one of them gives nothing back on
the new connection (each slot remembers the connection it was taken on).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

log = logging.getLogger("allegiance.server")

#: seconds PostgreSQL has to answer a slot's statement before the slot is counted in this process only
TIMEOUT = 3.0
#: seconds without asking PostgreSQL for slots after it failed to answer
RETRY_AFTER = 5.0
#: the kinds of slot: replay steps (``Limits.replays_per_client``), stored tables being opened
#: (``Limits.loads_per_client``)
REPLAY, LOAD = "replay", "load"


@dataclass(frozen=True)
class Slot:
    """One slot taken by :meth:`LocalSlots.take`: give it back with :meth:`LocalSlots.give_back`.

    ``index``: the site-wide slot number (``None``: counted in this process only); ``session``: the
    slots connection it was taken on."""

    kind: str
    client: str
    index: int | None = None
    session: int = 0


def slot_key(kind: str, client: str, index: int) -> int:
    """The advisory lock's 64-bit key of an address's slot (a hash: the address itself is not sent)."""
    digest = hashlib.sha256(f"allegiance slot\0{kind}\0{client}\0{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class LocalSlots:
    """One process: each address's slots counted in memory (only addresses holding one are remembered)."""

    def __init__(self) -> None:
        self._count: Counter[tuple[str, str]] = Counter()

    def held(self, kind: str, client: str) -> int:
        """How many slots of ``kind`` this process holds for ``client``."""
        return self._count.get((kind, client), 0)

    async def take(self, kind: str, client: str, cap: int) -> Slot | None:
        """One slot of ``kind`` for ``client`` if it holds fewer than ``cap``; ``None`` (nothing taken) if not."""
        if self.held(kind, client) >= cap:
            return None
        self._count[kind, client] += 1
        return Slot(kind, client)

    async def give_back(self, slot: Slot) -> None:
        """Return a slot taken by :meth:`take` (exactly once)."""
        self._forget(slot)

    def _forget(self, slot: Slot) -> None:
        key = (slot.kind, slot.client)
        self._count[key] -= 1
        if self._count[key] <= 0:
            del self._count[key]

    async def close(self) -> None:
        return None


class AdvisorySlots(LocalSlots):
    """Several processes over one PostgreSQL: an address's slots are advisory locks, site-wide."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._conn: Any = None
        #: the connection's number: a slot taken on an earlier one is not unlocked on this one
        self._session = 0
        self._use = asyncio.Lock()
        #: the slot numbers this process holds on the current connection, per (kind, address)
        self._held: dict[tuple[str, str], set[int]] = {}
        self._quiet_until = 0.0
        self._giving: set[asyncio.Future[None]] = set()

    async def take(self, kind: str, client: str, cap: int) -> Slot | None:
        if self.held(kind, client) >= cap:  # this process alone holds them all: no statement needed
            return None
        task = asyncio.ensure_future(self._take(kind, client, cap))
        try:
            # shielded: a request cancelled while the statement runs must not leave its lock taken
            return await asyncio.shield(task)
        except asyncio.CancelledError:
            task.add_done_callback(self._give_back_unused)
            raise

    def _give_back_unused(self, task: asyncio.Task[Slot | None]) -> None:
        if not task.cancelled() and task.exception() is None and (slot := task.result()) is not None:
            giving = asyncio.ensure_future(self.give_back(slot))
            self._giving.add(giving)  # (a reference until done: the loop keeps only weak ones)
            giving.add_done_callback(self._giving.discard)

    async def _take(self, kind: str, client: str, cap: int) -> Slot | None:
        async with self._use:
            if time.monotonic() >= self._quiet_until:  # (checked once the connection is ours)
                held = self._held.get((kind, client), set())
                free = [i for i in range(cap) if i not in held]
                try:
                    got = await asyncio.wait_for(self._try_locks([slot_key(kind, client, i) for i in free]), TIMEOUT)
                except Exception as exc:  # noqa: BLE001 - any failure: count in this process for a while
                    await self._drop(f"{type(exc).__name__}: {exc}")
                else:
                    if got < 0:
                        return None
                    self._held.setdefault((kind, client), set()).add(free[got])
                    self._count[kind, client] += 1
                    return Slot(kind, client, free[got], self._session)
        return await super().take(kind, client, cap)

    async def _try_locks(self, keys: list[int]) -> int:
        """The position in ``keys`` of the first lock granted (one statement, in order), -1 if none."""
        import psycopg

        if not keys:
            return -1
        whens = " ".join(f"WHEN pg_try_advisory_lock(%s::bigint) THEN {i}" for i in range(len(keys)))
        fresh = self._conn is None or self._conn.closed
        try:
            cur = await (await self._connection()).execute(f"SELECT CASE {whens} ELSE -1 END", keys)
        except psycopg.OperationalError:
            if fresh:
                raise
            # the connection had dropped (its locks with it: see ``_drop``); a new one, once
            await self._drop(None)
            cur = await (await self._connection()).execute(f"SELECT CASE {whens} ELSE -1 END", keys)
        row = await cur.fetchone()
        return int(row[0])

    async def give_back(self, slot: Slot) -> None:
        self._forget(slot)
        if slot.index is None or slot.session != self._session:
            return  # counted here only, or its connection closed (and its lock with it)
        held = self._held.get((slot.kind, slot.client))
        if held is not None:
            held.discard(slot.index)
            if not held:
                del self._held[slot.kind, slot.client]
        # shielded: a cancelled request still unlocks (else the address would lose this slot for good)
        await asyncio.shield(self._unlock(slot))

    async def _unlock(self, slot: Slot) -> None:
        async with self._use:
            if slot.session != self._session or self._conn is None:
                return
            try:
                await asyncio.wait_for(self._conn.execute("SELECT pg_advisory_unlock(%s::bigint)",
                                                          [slot_key(slot.kind, slot.client, slot.index or 0)]),
                                       TIMEOUT)
            except Exception as exc:  # noqa: BLE001 - dropping the connection releases the lock anyway
                await self._drop(f"{type(exc).__name__}: {exc}")

    async def _connection(self) -> Any:
        import psycopg

        if self._conn is None or self._conn.closed:
            await self._drop(None)
            self._conn = await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=int(TIMEOUT),
                application_name=f"allegiance slots {os.getpid()}")
        return self._conn

    async def _drop(self, why: str | None) -> None:
        """Forget the connection and every lock it held (closing it releases them in PostgreSQL)."""
        if why is not None:
            log.warning("per-address slots counted in this process only for %g s: PostgreSQL did not answer (%s)",
                        RETRY_AFTER, why)
            self._quiet_until = time.monotonic() + RETRY_AFTER
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
        self._conn = None
        self._session += 1
        self._held.clear()

    async def close(self) -> None:
        async with self._use:
            await self._drop(None)
