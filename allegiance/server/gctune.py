"""Garbage-collector settings for a long-running server process.

Every update builds and drops many small dicts (views, messages), which triggers the cyclic garbage
collector often, while the live heap (tables, states, event logs) grows with the number of tables; a
full collection then walks the whole heap and pauses every table at once (measured: ~150 ms with 100
tables).  Game states are plain acyclic data, so collections find little: make them rarer and keep
the start-up heap out of them.

But a closed WebSocket is not acyclic: the websockets library's protocol object and its parser
generator refer to each other, and so do the ASGI tasks, the connection and the tracebacks of the
exceptions that ended it; each such cycle holds the connection's buffers and compression state.  A
page stays connected long enough for these objects to reach the oldest generation, and with the
thresholds above a full collection almost never runs: the soak (``benchmarks/soak.py``) measured ~90
closed connections' protocols still in memory 20 s into a 20-table run, and the server's memory grew by
about 1 MB every 10 s at 200 tables (6,577 reconnects in 10 minutes).  So closed WebSockets pace full
collections: one every :data:`CLOSED_SOCKETS_PER_COLLECTION` closes (:class:`SocketGarbage`), which
bounds that garbage by a number of connections rather than by the server's lifetime.

A handshake refused before it is accepted (:mod:`allegiance.server.handshake`) leaves a smaller cycle,
uvicorn's HTTP protocol object that read the upgrade request with its parser and transport (~30
objects), which also ends in the oldest generation: a flood of ~850 refusals a second grew the server
by ~8 MB a second.  Refusals pace their own full collections, one every
:data:`REFUSED_HANDSHAKES_PER_COLLECTION`.
"""

from __future__ import annotations

import asyncio
import gc

#: allocations between young collections, and collections between older ones
THRESHOLDS = (50_000, 20, 100)
#: WebSockets closed between two full collections (one full collection pauses the event loop for
#: ~0.1 s with 100 live tables; at the soak's 11 closes a second, that is one every ~20 s)
CLOSED_SOCKETS_PER_COLLECTION = 200
#: handshakes refused before accept between two full collections (their garbage is ~30 objects each)
REFUSED_HANDSHAKES_PER_COLLECTION = 2000
#: seconds between reaching that count and the collection
COLLECT_DELAY = 1.0


def tune_for_server() -> None:
    """Rarer collections (call once, in the process that serves)."""
    gc.set_threshold(*THRESHOLDS)


def freeze_startup_heap() -> None:
    """Move everything alive now (modules, card data, resumed tables) out of future collections."""
    gc.collect()
    gc.freeze()


class SocketGarbage:
    """Counts closed WebSockets and runs a full collection every ``every`` of them.

    The collection runs :data:`COLLECT_DELAY` seconds after the count is reached, not at once: a
    socket's objects become garbage only once the server's own task for it has ended, after the
    handler that counts it returns (and pages often drop together, e.g. when a network goes down).
    """

    def __init__(self, every: int | None = None) -> None:
        self.every = every or CLOSED_SOCKETS_PER_COLLECTION
        self.closed = 0
        #: full collections run so far
        self.collections = 0
        self._scheduled = False

    def socket_closed(self) -> None:
        """One WebSocket closed (call from its handler, on the event loop)."""
        self.closed += 1
        if self.closed >= self.every and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_later(COLLECT_DELAY, self._collect)

    def _collect(self) -> None:
        self._scheduled = False
        self.closed = 0
        self.collections += 1
        gc.collect()
