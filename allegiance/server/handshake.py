"""The WebSocket handshakes refused before they are accepted (issue 21, item 3).

A thousand sockets a second from one client, each accepted, told why in a message, then closed, pushed
other tables' pings to p90 275 ms and the server to 437 MB: every refused socket was a whole WebSocket
(its buffers, its tasks, its close handshake, its garbage).  Now the route asks :func:`refusal` before
anything else, and a refused handshake is closed before it is accepted, which the server answers with
HTTP 403 at the upgrade: no WebSocket is accepted, no table opened, nothing read from the database, no
view built, no message encoded.  (Not a denial response with a body: uvicorn logs an error line for
each of those, and a flood would fill the log, or block a server whose stderr is a pipe.)  In order:

1. ``rate_limited``: the address's connection attempts, refused ones included, are over
   ``Limits.ws_per_minute`` (a token bucket per address, the least recently seen forgotten beyond
   10,000 addresses);
2. ``too_many_sockets``: the address already holds ``Limits.sockets_per_client`` open sockets;
3. ``spectators_full``: the page said it comes to watch (``?spectate=1`` in the URL, as the table page
   does without a seat token) and the table, in memory, already has ``Limits.spectators_per_table``
   spectators.  A table not in memory has none, so it is never loaded to check; a page that does not
   say it and joins without a token is still refused after its join, as before.

Neither a browser nor most clients are shown why a handshake failed, so the table page then asks
``GET /api/tables/{id}/socket`` (:func:`refusal` with ``take=False``: nothing taken, nothing
remembered) and shows the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from starlette.websockets import WebSocket

if TYPE_CHECKING:
    from allegiance.server.tables import TableManager

#: the close code of a refused handshake (an ASGI server answers any close before accept with HTTP 403)
CLOSE_REFUSED = 1013


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a WebSocket is not let in: the error code, a sentence, and seconds to wait before trying again."""

    code: str
    message: str
    retry_after: int


def refusal(mgr: TableManager, client: str, table_id: str, spectating: bool, take: bool = True) -> Refusal | None:
    """Why a WebSocket from ``client`` to ``table_id`` is refused now, or ``None``.

    With ``take`` (the WebSocket route) the attempt is counted and, when let in, one of the address's
    socket slots is taken: the caller gives it back (``mgr.sockets.give_back``) when the socket ends.
    Without it (the page asking why it was refused) nothing changes.
    """
    attempts = mgr.ws_attempts
    if not (attempts.allow(client) if take else attempts.would_allow(client)):
        return Refusal("rate_limited",
                       f"too many connection attempts from your address: at most {mgr.limits.ws_per_minute:g} a "
                       f"minute (bursts of {mgr.limits.ws_burst}); wait a moment", attempts.retry_after())
    sockets = mgr.sockets
    if take:
        if not sockets.take(client):
            return _too_many_sockets(sockets.cap)
    elif sockets.cap is not None and sockets.held(client) >= sockets.cap:
        return _too_many_sockets(sockets.cap)
    cap = mgr.limits.spectators_per_table
    if spectating and cap is not None:
        table = mgr.tables.get(table_id)  # in memory or not at all: a refusal never loads a table
        if table is not None and table.spectators() >= cap:
            if take:
                sockets.give_back(client)
            return Refusal("spectators_full", f"this table already has its maximum of {cap} spectators; "
                           "try again later (a seat's link always joins)", 10)
    return None


def _too_many_sockets(cap: int | None) -> Refusal:
    return Refusal("too_many_sockets", f"too many connections from your address: at most {cap} open at "
                   "once, all tables together; close one and try again", 10)


def spectating(websocket: WebSocket) -> bool:
    """The page says it comes to watch (``?spectate=1``): no seat token will follow."""
    return websocket.query_params.get("spectate") in ("1", "true")


async def deny(websocket: WebSocket, refused: Refusal) -> None:
    """Close the handshake before any accept: the server answers the upgrade with HTTP 403 (the code and
    reason reach only an in-process client, such as the test client)."""
    await websocket.close(CLOSE_REFUSED, refused.code)
