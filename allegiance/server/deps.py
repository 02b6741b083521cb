"""Shared helpers of the route modules: the manager, table lookup and token checks as HTTP errors."""

from __future__ import annotations

from fastapi import HTTPException, Request

from allegiance.server.tables import BadToken, LiveTable, TableBroken, TableManager, TableNotFound, TooBusy


def manager(request: Request) -> TableManager:
    return request.app.state.manager


def client_address(request: Request) -> str:
    """The client's address, which the per-client limits count by: the socket's peer.

    Behind a reverse proxy the peer is the proxy; ``allegiance serve --trusted-proxies`` then has
    uvicorn's proxy-headers middleware put the address that proxy forwarded (``X-Forwarded-For``) in
    its place before this reads it.  Without the flag the header is never believed (issue 21, item 7).
    """
    return request.client.host if request.client is not None else "unknown"


async def table_or_404(mgr: TableManager, table_id: str, request: Request | None = None) -> LiveTable:
    """The table (rebuilt off the event loop if need be); 404 if there is none, 410 if it is broken,
    429 if the ``request``'s client already has tables being rebuilt."""
    try:
        return await mgr.open(table_id, client_address(request) if request is not None else None)
    except TableNotFound as exc:
        raise HTTPException(404, str(exc)) from None
    except TableBroken as exc:
        raise HTTPException(410, str(exc)) from None
    except TooBusy as exc:
        raise HTTPException(429, str(exc), headers={"Retry-After": "1"}) from None


async def seat_or_403(mgr: TableManager, table: LiveTable, token: str | None) -> int:
    """The seat of ``token``, whose use claims it (the seat can then no longer be taken); 403 if the
    token names no seat of the table."""
    if not token:
        raise HTTPException(403, "this route needs a seat token (header X-Seat-Token)")
    try:
        seat = await mgr.seat_of_token(table, token)
        await mgr.claim(table, seat)
    except BadToken as exc:
        raise HTTPException(403, str(exc)) from None
    return seat
