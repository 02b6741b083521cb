"""PostgreSQL: the action log written and followed without stopping the event loop.

:meth:`Storage.append_action <allegiance.server.storage.Storage.append_action>` sends its one statement
over a blocking connection: the event loop, and so every table of the process, waits for the
database's answer.  With PostgreSQL on the same machine that is some 0.1 ms; on another machine
(mission item 5: many server machines over one database) it is a network round trip per action, 0.5 ms
or more across a data centre, during which nothing else of the process moves.

:class:`AsyncActionLog` sends the same statement (``storage.append_statement``, compiled once) over
psycopg's asynchronous connections from a small pool (``psycopg_pool``), so the loop serves other tables
while an action is on its way.  The order of one table's actions is kept by the table's lock
(``LiveTable.lock``, held from the draft to the installed state: ``TableManager._in_order``), and the
state still changes only after the commit, so a refused or unstored action changes nothing.  The
follower reads the other processes' new log rows over the same pool (:meth:`AsyncActionLog.actions_since`),
where it used a worker thread and a blocking connection per read.

The server uses it whenever the database is PostgreSQL (:class:`~allegiance.server.cluster.Cluster`);
SQLite's append stays on the loop: a local file, and one process, where an await would save nothing.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from allegiance.server.storage import CATCH_UP_ROWS, ActionConflict, Storage, append_statement

#: connections of the pool: two appends on their way at once per process, which at a round trip of 1 ms
#: is 2,000 actions a second, several times what one process serves (the process's total, 20 with the
#: blocking pool's 15, the listener, the leases and the slots, lets PostgreSQL's default of 100 serve five)
APPEND_CONNECTIONS = 2
#: seconds an append waits for a connection of the pool before it fails (the database is unreachable)
CONNECTION_TIMEOUT = 5.0

#: how these connections show in ``pg_stat_activity``
APPLICATION_NAME = "allegiance-appends"

_HAS_ACTION = "SELECT 1 FROM actions WHERE table_id = %(table_id)s AND idx = %(idx)s"
_ACTIONS_SINCE = ("SELECT idx, seat, action FROM actions WHERE table_id = %(table_id)s AND idx >= %(idx)s "
                  "ORDER BY idx LIMIT %(limit)s")


class AsyncActionLog:
    """One process's asynchronous appends to and reads of the action log (PostgreSQL only; see the
    module's text)."""

    def __init__(self, storage: Storage, connections: int = APPEND_CONNECTIONS,
                 timeout: float = CONNECTION_TIMEOUT) -> None:
        if not storage.shared:
            raise ValueError("the asynchronous action log serves PostgreSQL only")
        from psycopg_pool import AsyncConnectionPool

        self._dialect = storage.engine.dialect
        self._compiled: dict[int, tuple[str, dict[str, Any]]] = {}
        #: seconds an append waits for a connection of the pool
        self.timeout = timeout
        self._pool = AsyncConnectionPool(storage.libpq_url(), min_size=1, max_size=connections, open=False,
                                         kwargs={"autocommit": True, "application_name": APPLICATION_NAME},
                                         name=APPLICATION_NAME)
        self._opened: asyncio.Task[None] | None = None

    def _sql(self, statement: Any, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The statement as psycopg's SQL and its parameters (the compiled text is cached per statement)."""
        found = self._compiled.get(id(statement))
        if found is None:
            compiled = statement.compile(dialect=self._dialect)
            found = (str(compiled), dict(compiled.params))
            self._compiled[id(statement)] = found
        sql, defaults = found
        return sql, {**defaults, **params}

    async def _open(self) -> None:
        if self._opened is None:  # the first append opens the pool; the others wait for the same opening
            self._opened = asyncio.get_running_loop().create_task(self._pool.open(wait=False))
        await self._opened

    async def append(self, table_id: str, idx: int, seat: int, action: dict[str, Any],
                     outcome: dict[str, Any] | None = None, bots_pending: bool | None = None) -> None:
        """Store one accepted action as :meth:`Storage.append_action` does, awaiting the database's answer.

        Raises :class:`ActionConflict` when another process stored version ``idx`` first (nothing
        stored, nothing announced), or the database's error (``psycopg.Error``, ``PoolTimeout``)."""
        import psycopg

        statement, params = append_statement(table_id, idx, seat, action, outcome, bots_pending, time.time())
        sql, params = self._sql(statement, params)
        await self._open()
        for attempt in range(2):
            async with self._pool.connection(timeout=self.timeout) as conn:
                try:
                    await conn.execute(sql, params)  # type: ignore[arg-type]
                    return
                except psycopg.errors.IntegrityError:
                    taken = await conn.execute(_HAS_ACTION, {"table_id": table_id, "idx": idx})
                    if await taken.fetchone() is not None:
                        raise ActionConflict(f"table {table_id} already has an action at version {idx}") from None
                    raise
                except psycopg.OperationalError:
                    # A pooled connection the server ended meanwhile (a restart, a failover) fails once;
                    # the pool drops it (and checks the others) and the action is sent again.  Had the lost
                    # connection committed it, the second try finds the version taken (ActionConflict):
                    # the table reads its log, where the action is, as after any lost arbitration.
                    if not conn.broken or attempt:
                        raise
            await self._pool.check()  # the connections lost with it, idle in the pool, are dropped too

    async def actions_since(self, table_id: str, idx: int,
                            limit: int = CATCH_UP_ROWS) -> list[tuple[int, int, dict[str, Any]]]:
        """As :meth:`Storage.actions_since`: the logged actions from version ``idx`` on, ``(idx, seat,
        action)`` in order, at most ``limit``."""
        await self._open()
        async with self._pool.connection(timeout=self.timeout) as conn:
            cur = await conn.execute(_ACTIONS_SINCE, {"table_id": table_id, "idx": idx, "limit": limit})
            return [(int(i), int(seat), json.loads(action)) for i, seat, action in await cur.fetchall()]

    async def close(self) -> None:
        if self._opened is not None:
            await asyncio.gather(self._opened, return_exceptions=True)
        await self._pool.close()
