"""The online table's limits (what one client, and all of them, may ask for) and per-client buckets."""

from __future__ import annotations

from collections import Counter, OrderedDict
from dataclasses import dataclass

from allegiance.server.ratelimit import TokenBucket


@dataclass(frozen=True)
class Limits:
    """Server-wide limits; ``None`` switches one off.

    - ``max_tables``: tables being played at once (creating one more answers 503);
    - ``idle_minutes``: a table with no accepted action for this long is closed as abandoned;
    - ``creates_per_minute`` / ``create_burst``: tables one client address may create;
    - ``replays_per_client``: replay rebuilds (``/api/replays/step``) one address may have running or
      waiting (429; a PostgreSQL site counts them over every process: :mod:`allegiance.server.slots`);
    - ``replays_waiting``: rebuilds waiting in one process before more are refused (503);
    - ``loads_per_client``: tables not in memory one address may have being rebuilt at once (429;
      counted over every process of a PostgreSQL site, as ``replays_per_client``);
    - ``ws_per_minute`` / ``ws_burst``: WebSocket connection attempts one address may make, refused
      or not (more are refused at the handshake, HTTP 403, before any other work).  120 a minute after
      a burst of 60: a page reconnects a few times a minute at most, and a club's 32 sockets all
      reconnecting after a restart fit in the burst; a client opening hundreds a second does not;
    - ``sockets_per_client``: WebSockets one address may have open, all tables together (more are
      refused at the handshake, HTTP 403).  32 lets a club behind one NAT address seat all 16 players of
      an 8v8 table and watch from as many tabs again; one client can no longer fan a table's every
      change out to a thousand sockets;
    - ``spectators_per_table``: spectators one table may have (more are refused: at the handshake,
      HTTP 403, when the page says it comes to watch (``?spectate=1``), else with close code 1013 after
      its join; a seat's link always joins).  Every spectator of a table shares one message per change (see
      :mod:`allegiance.server.spectators`), so a spectator costs one send of that text: 64, four
      times the largest table's seats, bounds that fan-out while leaving room for an audience.
    - ``search_tables_per_client``: tables with a searching bot (ismcts) one address may have being
      played at once (429): their bots share the thinking processes with every other table.
    - ``tables_per_client``: tables being played that one address created (429; one process counts those created since
      start-up, a PostgreSQL site all stored ones, over every process; so does ``creates_per_minute``);
    - ``max_actions``: the longest game, in actions: a table whose log reaches it without a winner is
      closed as abandoned (so a game of bots ends even while somebody watches it);
    - ``lobby_per_minute`` / ``lobby_burst``: lobby listings (``GET /api/tables``) one address may ask
      for (429 with ``Retry-After``; a ``304`` answer counts too).

    A table of bots only that no page watches is closed as abandoned after ``idle_minutes`` too.
    """

    max_tables: int | None = 1000
    tables_per_client: int | None = 20
    max_actions: int | None = 250_000
    idle_minutes: float | None = 120.0
    creates_per_minute: float = 6.0
    create_burst: int = 10
    replays_per_client: int = 2
    replays_waiting: int = 64
    loads_per_client: int = 2
    sockets_per_client: int | None = 32
    spectators_per_table: int | None = 64
    search_tables_per_client: int | None = 4
    lobby_per_minute: float = 120.0
    lobby_burst: int = 30
    ws_per_minute: float = 120.0
    ws_burst: int = 60


class ClientBuckets:
    """One token bucket per client address, at most ``max_clients`` of them (least recently used go)."""

    def __init__(self, per_minute: float, burst: int, max_clients: int = 10_000) -> None:
        self.rate = per_minute / 60.0
        self.burst = burst
        self.max_clients = max_clients
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def allow(self, client: str) -> bool:
        bucket = self._buckets.get(client)
        if bucket is None:
            bucket = self._buckets[client] = TokenBucket(self.rate, self.burst)
            if len(self._buckets) > self.max_clients:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(client)
        return bucket.allow()

    def would_allow(self, client: str) -> bool:
        """Whether :meth:`allow` would let ``client`` in now (nothing is taken, nothing remembered)."""
        bucket = self._buckets.get(client)
        return bucket is None or bucket.available() >= 1

    def retry_after(self) -> int:
        """Seconds until one more token (rounded up)."""
        return max(1, int(1 / self.rate + 0.999))


class ClientSlots:
    """How many of something (open sockets) each client address holds, at most ``cap`` each (``None``:
    no cap).  Only addresses holding at least one are remembered, so the map is bounded by what is open."""

    def __init__(self, cap: int | None) -> None:
        self.cap = cap
        self._held: Counter[str] = Counter()

    def take(self, client: str) -> bool:
        """Take one slot for ``client``; ``False`` (nothing taken) when it already holds ``cap``."""
        if self.cap is not None and self._held[client] >= self.cap:
            return False
        self._held[client] += 1
        return True

    def give_back(self, client: str) -> None:
        """Return one slot taken by :meth:`take`."""
        self._held[client] -= 1
        if self._held[client] <= 0:
            del self._held[client]

    def held(self, client: str) -> int:
        return self._held.get(client, 0)
