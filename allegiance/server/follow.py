"""Following the actions other server processes store (several processes over one PostgreSQL).

Each process keeps the tables it serves in memory.  When another process stores an action, PostgreSQL
announces it on the channel ``allegiance`` when its transaction commits (``pg_notify`` in the same
transaction, :meth:`Storage.append_action`): the payload is ``a <table id> <version>`` (``s <id>``: the
status changed; ``t <id>``: a seat's token or claim changed; ``l <id>``: a table was created), never a
token, a seed or a card.  One listening connection per process (psycopg 3, asynchronous) reads the
notices; a table in memory that is behind reads its new log rows and applies them (the engine is
deterministic: replaying a logged action is exact), then every local page is told, as for an action
played here.  The notices wait in a set keyed by (kind, table) of the tables in memory, so the queue
is bounded by the tables this process holds, however fast the others write.

The same catch-up serves arbitration: when this process's insert of version ``v`` loses to another
process's (:class:`~allegiance.server.storage.ActionConflict`), :func:`catch_up_now` reads the log up
to date before the action is tried again against the new state (see ``TableManager._apply_and_store``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from allegiance.core.actions import Action
from allegiance.server.storage import ABANDONED, CATCH_UP_ROWS, CHANNEL, SeatRecord

if TYPE_CHECKING:
    from allegiance.server.tables import LiveTable, TableManager

log = logging.getLogger("allegiance.server")

#: seconds between attempts to reconnect the listening connection
RECONNECT_DELAY = 1.0


def apply_logged(mgr: TableManager, table: LiveTable, rows: list[tuple[int, int, dict[str, Any]]]) -> int:
    """Apply logged actions ``(idx, seat, action)`` the table has not applied yet; returns how many.

    Rows before the table's version are skipped (already applied here); the log is dense, so the first
    row after a gap stops the reading (the next notice reads again).
    """
    applied = 0
    for idx, seat, action in rows:
        if idx < table.state.version:
            continue
        if idx > table.state.version:
            break
        try:  # a logged action was legal when stored: replaying it is exact and changes nothing if refused
            events = table.game.apply(table.state, seat, Action.from_json(action))
        except Exception:  # noqa: BLE001 - said in the log; the table stays at the last good version
            log.exception("table %s: the logged action at version %d could not be replayed", table.id, idx)
            break
        table.actions_played += 1
        table.events.extend(events)
        table.notify(events)
        applied += 1
    if applied:
        table.bots_pending_stored = None  # another process wrote it: the next action here writes it again
        if table.finished:
            table.ended_at = time.time()
            mgr._stopped_playing(table.id)
        else:
            mgr.schedule_bots(table)
    return applied


def catch_up_now(mgr: TableManager, table: LiveTable) -> int:
    """Read and apply the table's log rows from its version on, here on the event loop (after a lost
    arbitration: the action must be tried again against the new state at once)."""
    total = 0
    while True:
        rows = mgr.storage.actions_since(table.id, table.state.version)
        applied = apply_logged(mgr, table, rows)
        total += applied
        if len(rows) < CATCH_UP_ROWS or not applied:
            return total


async def catch_up(mgr: TableManager, table: LiveTable) -> int:
    """:func:`catch_up_now` over the asynchronous action log (PostgreSQL): the loop serves the other tables
    meanwhile.  Call it holding the table's lock."""
    assert mgr.action_log is not None
    total = 0
    while True:
        rows = await mgr.action_log.actions_since(table.id, table.state.version)
        applied = apply_logged(mgr, table, rows)
        total += applied
        if len(rows) < CATCH_UP_ROWS or not applied:
            return total


def refresh_seats(table: LiveTable, stored: list[SeatRecord]) -> bool:
    """Take the seats' tokens and claims as stored (another process gave a seat a new link, or its link
    was used there); returns whether anything changed."""
    changed = False
    for mine, now in zip(table.seats, stored, strict=False):
        if (mine.token_hash, mine.claimed, mine.is_open) != (now.token_hash, now.claimed, now.is_open):
            mine.token_hash, mine.claimed, mine.is_open = now.token_hash, now.claimed, now.is_open
            changed = True
    return changed


class Follower:
    """One process's listening connection and the catch-up of its tables (see the module's text)."""

    def __init__(self, mgr: TableManager) -> None:
        self.mgr = mgr
        #: (kind, table id) waiting to be followed, in arrival order; only tables in memory; for a log
        #: notice, the highest version announced (``None``: read whatever is there)
        self._waiting: dict[tuple[str, str], int | None] = {}
        self._wake = asyncio.Event()
        #: set while the listening connection is open
        self.listening = asyncio.Event()
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._drain())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def mark(self, kind: str, table_id: str, version: int | None = None) -> None:
        """Follow ``table_id`` soon (``kind``: ``a`` its log, ``s`` its status, ``t`` its seats).
        ``version``: the log's version a notice announced (the read is skipped if the table has it by then)."""
        if table_id in self.mgr.tables:
            key = (kind, table_id)
            if key in self._waiting:
                known = self._waiting[key]
                version = None if known is None or version is None else max(known, version)
            self._waiting[key] = version
            self._wake.set()

    def on_notice(self, payload: str) -> None:
        kind, _, rest = payload.partition(" ")
        table_id, _, version = rest.partition(" ")
        if kind in ("l", "s"):
            self.mgr.lobby_changed()
        table = self.mgr.tables.get(table_id)
        if table is None or kind not in ("a", "s", "t"):
            return
        if kind == "a" and version.isdigit():
            if int(version) <= table.state.version:
                return  # this process stored it, or has already read it
            self.mark(kind, table_id, int(version))  # perhaps this process's own, still being installed
            return
        self.mark(kind, table_id)

    async def _listen(self) -> None:
        import psycopg

        url = self.mgr.storage.libpq_url()
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(url, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    for table_id in list(self.mgr.tables):  # notices may have been missed meanwhile
                        self.mark("a", table_id)
                        self.mark("t", table_id)
                    self.mgr.lobby_changed()
                    async for notice in conn.notifies():
                        self.on_notice(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - the database went away: listen again when it is back
                log.warning("listening for other processes' actions failed (%s: %s); retrying",
                            type(exc).__name__, exc)
            self.listening.clear()
            await asyncio.sleep(RECONNECT_DELAY)

    async def _drain(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._waiting:
                key = next(iter(self._waiting))
                version = self._waiting.pop(key)
                try:
                    await self._follow(*key, version)
                except Exception:  # noqa: BLE001 - one table's trouble must not stop the others
                    log.exception("following table %s failed", key[1])

    async def _follow(self, kind: str, table_id: str, version: int | None = None) -> None:
        mgr = self.mgr
        table = mgr.tables.get(table_id)
        if table is None:
            return
        storage = mgr.storage
        if kind == "a":
            # not while this process's own action is on its way: its notice comes as it commits, often
            # before the action is installed here, and is then no news once the lock is free
            async with table.lock:
                if version is not None and version <= table.state.version:
                    return
                assert mgr.action_log is not None  # the cluster sets both
                rows = await mgr.action_log.actions_since(table_id, table.state.version)  # no thread
                if apply_logged(mgr, table, rows) and len(rows) >= CATCH_UP_ROWS:
                    self.mark("a", table_id)
        elif kind == "s":
            if await asyncio.to_thread(storage.status_of, table_id) == ABANDONED and not table.abandoned:
                mgr.abandon(table, "the table was closed", store=False)
        elif kind == "t":
            if refresh_seats(table, await asyncio.to_thread(storage.seats_of, table_id)):
                table.presence_changed()
