"""The online table's limits (what one client, and all of them, may ask for) and per-client buckets."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from allegiance.server.ratelimit import TokenBucket


@dataclass(frozen=True)
class Limits:
    """Server-wide limits; ``None`` switches one off.

    - ``max_tables``: tables being played at once (creating one more answers 503);
    - ``idle_minutes``: a table with no accepted action for this long is closed as abandoned;
    - ``creates_per_minute`` / ``create_burst``: tables one client address may create;
    - ``replays_per_client``: replay rebuilds (``/api/replays/step``) one address may have running;
    - ``replays_waiting``: rebuilds waiting server-wide before more are refused (503);
    - ``loads_per_client``: tables not in memory one address may have being rebuilt at once (429);
    - ``tables_per_client``: tables being played that one address created (429; counted since start-up);
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
    lobby_per_minute: float = 120.0
    lobby_burst: int = 30


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

    def retry_after(self) -> int:
        """Seconds until one more token (rounded up)."""
        return max(1, int(1 / self.rate + 0.999))
