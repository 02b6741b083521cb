"""Several server processes over one database, or exactly one.

PostgreSQL: any number of ``allegiance serve`` processes (on one machine or many, behind one address)
serve the same tables.  The action log's ``(table, version)`` key arbitrates (``TableManager.
_apply_and_store``), each process follows the others' actions (:mod:`allegiance.server.follow`) and
one process at a time plays a table's bots (:mod:`allegiance.server.lease`), and each address's
replay rebuilds and table loads at once are counted site-wide (:mod:`allegiance.server.slots`).
:class:`Cluster` starts and stops the three for one process.

SQLite: one process only.  Its writers lock the whole file and nothing would tell one process of
another's actions, so ``serve`` refuses ``--workers`` above 1 and a second process on the same file
(:func:`hold_sqlite`: an exclusive ``flock`` on the database file, held while the server runs) with
one line saying to use PostgreSQL.
"""

from __future__ import annotations

import asyncio
import fcntl
import os
from typing import IO, TYPE_CHECKING

from allegiance.server.actionlog import AsyncActionLog
from allegiance.server.follow import Follower
from allegiance.server.lease import AdvisoryLeases, take_over_forever
from allegiance.server.slots import AdvisorySlots

if TYPE_CHECKING:
    from allegiance.server.tables import TableManager

SQLITE_ONE_PROCESS = ("SQLite serves one process only (its writers lock the whole file, and no process would see "
                      "another's actions); to run several processes, use PostgreSQL: --db postgresql://user@host/db")


class Cluster:
    """This process's part in a site of several processes over one PostgreSQL."""

    def __init__(self, mgr: TableManager) -> None:
        self.mgr = mgr
        self.follower = Follower(mgr)
        self.leases = AdvisoryLeases(mgr.storage.libpq_url())
        #: each address's slots of work at once (replay steps, table loads), site-wide
        self.slots = AdvisorySlots(mgr.storage.libpq_url())
        mgr.follower = self.follower
        mgr.leases = self.leases
        mgr.slots = self.slots
        #: the action log written and followed without blocking the event loop (:mod:`allegiance.server.actionlog`)
        self.action_log = AsyncActionLog(mgr.storage)
        mgr.action_log = self.action_log
        self._takeover: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.follower.start()
        self._takeover = asyncio.get_running_loop().create_task(take_over_forever(self.mgr))

    async def stop(self) -> None:
        if self._takeover is not None:
            self._takeover.cancel()
            await asyncio.gather(self._takeover, return_exceptions=True)
        await self.follower.stop()
        await self.action_log.close()
        await self.leases.close()
        await self.slots.close()


class SqliteInUse(RuntimeError):
    """Another server process already serves this SQLite file."""


def hold_sqlite(path: str) -> IO[bytes] | None:
    """Take the single-server lock of a SQLite database file for this process's lifetime (the open file
    is returned: keep it); raises :class:`SqliteInUse` if another process holds it.  ``None`` for an
    in-memory database.

    ``flock`` locks are separate from the POSIX record locks SQLite itself takes, and the file is
    never closed while the server runs (closing a descriptor of the file would drop SQLite's locks).
    """
    if not path or path == ":memory:" or not os.path.exists(path):
        return None
    handle = open(path, "rb")  # noqa: SIM115 - held open until the process exits
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise SqliteInUse(f"another allegiance serve already uses {path}. {SQLITE_ONE_PROCESS}") from None
    return handle
