"""The online table: a FastAPI app generic over games (lobby, seats with secret links, live views,
server-side bots, persistence of the action log in SQLite or PostgreSQL, replays).

Modules, one concern each:

- :mod:`~allegiance.server.app` — the app factory :func:`create_app`;
- :mod:`~allegiance.server.storage` — the database (SQLAlchemy Core): table setups and action logs;
- :mod:`~allegiance.server.tables` — live tables rebuilt from their logs, and the table manager;
- :mod:`~allegiance.server.connections` — one WebSocket connection: its seat and its outgoing queue;
- :mod:`~allegiance.server.messages` — what a seat is sent (view, legal actions, events), nothing more;
- :mod:`~allegiance.server.lobby` — HTTP routes to create, list, take seats and download replays;
- :mod:`~allegiance.server.listing` — the lobby's listing: no free text, built once per change, ETag;
- :mod:`~allegiance.server.play` — the table WebSocket and the HTTP play routes;
- :mod:`~allegiance.server.ratelimit` — a token bucket per connection.
"""

from allegiance.server.app import create_app

__all__ = ["create_app"]
