"""Which process plays a table's bots: exactly one at a time.

With one process (SQLite, the default) that process plays every bot (:class:`LocalLeases`).  With
several processes over one PostgreSQL, a table's bots are played by the process holding the table's
PostgreSQL advisory lock (:class:`AdvisoryLeases`): a session lock taken with
``pg_try_advisory_lock`` on one connection per process, held until the table's game ends.  When the
holding process dies its connection closes and PostgreSQL releases its locks at once; every process
looks every ``TAKEOVER_PERIOD`` seconds for tables whose bots must act (``bots_pending``) and tries
their locks in one statement (:func:`take_over_forever`), so a dead process's bots play on elsewhere
within a few seconds, and bot work spreads over the processes that take it.  A holder whose lease
connection drops (its locks then released) notices at its next look (:meth:`AdvisoryLeases.check`)
and its bots stop before their next action; should two processes meanwhile both play, the action log
still arbitrates: one action per version.  The same holder plays a person's pass at the end of a
response window (:meth:`allegiance.server.tables.TableManager._close_window`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from allegiance.server.tables import TableManager

log = logging.getLogger("allegiance.server")

#: seconds between two looks for tables whose bots nobody plays
TAKEOVER_PERIOD = 1.0
#: seconds the lease connection has to answer its check before this process gives its leases up
CHECK_TIMEOUT = 3.0


def lock_key(table_id: str) -> int:
    """The advisory lock's 64-bit key of a table (a hash of its id: ids are random, so keys differ)."""
    digest = hashlib.sha256(b"allegiance bots " + table_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class LocalLeases:
    """One process: it plays every table's bots."""

    async def acquire_many(self, table_ids: Iterable[str]) -> list[str]:
        return list(table_ids)

    async def acquire(self, table_id: str) -> bool:
        return True

    def holds(self, table_id: str) -> bool:
        return True

    async def check(self) -> None:
        return None

    async def release(self, table_id: str) -> None:
        return None

    async def close(self) -> None:
        return None


class AdvisoryLeases:
    """Bot leases as PostgreSQL session advisory locks on one connection of this process."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._conn: Any = None
        self._use = asyncio.Lock()
        #: the tables whose lock this process holds
        self.held: set[str] = set()

    async def _connection(self) -> Any:
        import psycopg

        if self._conn is None or self._conn.closed:
            self.held.clear()  # a new session holds none of the old one's locks
            self._conn = await psycopg.AsyncConnection.connect(self.url, autocommit=True,
                                                               application_name=f"allegiance leases {os.getpid()}")
        return self._conn

    async def acquire_many(self, table_ids: Iterable[str]) -> list[str]:
        """Of ``table_ids``, those whose bots this process plays now (trying the locks it lacks)."""
        ids = list(table_ids)
        wanted = [i for i in ids if i not in self.held]
        if wanted:
            keys = {lock_key(i): i for i in wanted}
            async with self._use:
                try:
                    conn = await self._connection()
                    cur = await conn.execute("SELECT k, pg_try_advisory_lock(k) FROM unnest(%s::bigint[]) AS k",
                                             [list(keys)])
                    self.held.update(keys[k] for k, ok in await cur.fetchall() if ok)
                except Exception as exc:  # noqa: BLE001 - no lease now; the next look tries again
                    log.warning("bot leases unavailable (%s: %s)", type(exc).__name__, exc)
                    self._conn = None
                    self.held.clear()
        return [i for i in ids if i in self.held]

    async def acquire(self, table_id: str) -> bool:
        return bool(await self.acquire_many([table_id]))

    def holds(self, table_id: str) -> bool:
        """Whether this process plays the table's bots now (as far as it knows: see :meth:`check`)."""
        return table_id in self.held

    async def check(self) -> None:
        """Make sure the lease connection still lives; if it dropped (the server ended the session, the
        network failed), PostgreSQL has released its locks, so this process gives up every lease at once
        (another process may take them; this one tries again at its next look)."""
        if self._conn is None or not self.held:
            return
        async with self._use:
            try:
                await asyncio.wait_for(self._conn.execute("SELECT 1"), CHECK_TIMEOUT)
            except Exception as exc:  # noqa: BLE001 - any failure means the session's locks are gone
                log.warning("lost the bot leases of %d table(s): their connection failed (%s)", len(self.held),
                            type(exc).__name__)
                with contextlib.suppress(Exception):
                    await self._conn.close()
                self._conn = None
                self.held.clear()

    async def release(self, table_id: str) -> None:
        if table_id not in self.held:
            return
        self.held.discard(table_id)
        async with self._use:
            try:
                await (await self._connection()).execute("SELECT pg_advisory_unlock(%s)", [lock_key(table_id)])
            except Exception as exc:  # noqa: BLE001 - a closed session released it anyway
                log.warning("could not release the bot lease of %s (%s)", table_id, type(exc).__name__)

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()
            self._conn = None
        self.held.clear()


async def take_over_forever(mgr: TableManager, period: float = TAKEOVER_PERIOD) -> None:
    """Play the bots of every table whose bots must act and whose lease is free (its holder died, or
    nobody took it yet)."""
    while True:
        try:
            await mgr.leases.check()
            pending = await asyncio.to_thread(mgr.storage.resumable_ids)
            for table_id in await mgr.leases.acquire_many(pending):
                table = mgr.tables.get(table_id) or await mgr.open(table_id)
                mgr.schedule_bots(table)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a database hiccup must not end the looking
            log.exception("looking for tables whose bots nobody plays failed")
        await asyncio.sleep(period)
