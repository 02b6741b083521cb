"""Lobby routes: games, create, list and close tables, take an open seat, download and step through replays.

Routes that touch tables are ``async``: they run on the event loop, like the WebSocket handlers and
the bots, so a table is only ever changed from one thread.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response

from allegiance.games import game_names, get_game
from allegiance.server import schemas
from allegiance.server.deps import client_address, manager, table_or_404
from allegiance.server.gameinfo import all_games, table_rules
from allegiance.server.listing import etag_matches
from allegiance.server.replays import ReplayRefused
from allegiance.server.storage import STATUSES
from allegiance.server.tables import (
    AlreadyOver,
    CreatorRefused,
    SeatUnavailable,
    SetupError,
    TooFast,
    TooManyForClient,
    TooManySearchTables,
    TooManyTables,
)

router = APIRouter(prefix="/api", tags=["lobby"])


def seat_link(request: Request, table_id: str, token: str) -> str:
    """The page of one seat; the token rides in the URL fragment, which browsers never send to servers."""
    return f"{str(request.base_url).rstrip('/')}/table/{table_id}#token={token}"


@router.get("/games", response_model=list[schemas.GameInfo], summary="Games, modes, seats, options and bots")
async def games() -> list[dict[str, Any]]:
    return all_games()


@router.get("/games/{game}/cards", summary="A game's card catalogue: each card's fixed data by name",
            responses={404: {"model": schemas.ErrorBody}})
async def card_catalog(game: str) -> Response:
    """Views name cards (``{"id", "name"}`` plus what play changes); this is the rest, fetched once."""
    if game not in game_names():
        raise HTTPException(404, f"no game called {game!r}; games: {', '.join(game_names())}")
    body = _catalog_json(game)
    return Response(body, media_type="application/json", headers={"Cache-Control": "public, max-age=3600"})


@cache
def _catalog_json(game: str) -> str:
    return json.dumps(get_game(game).card_catalog(), separators=(",", ":"))


@router.get("/games/{game}/legend", response_model=schemas.Legend, responses={404: {"model": schemas.ErrorBody}},
            summary="A game for people: its cards' icons and numbers, how to win, the turn's phases, its decks")
async def game_legend(game: str) -> dict[str, Any]:
    if game not in game_names():
        raise HTTPException(404, f"no game called {game!r}; games: {', '.join(game_names())}")
    rules = get_game(game)
    return {**rules.legend(), "title": rules.title or game}


@router.post("/tables", response_model=schemas.CreatedTable, status_code=201,
             responses={400: {"model": schemas.ErrorBody}, 429: {"model": schemas.ErrorBody},
                        503: {"model": schemas.ErrorBody}}, summary="Create a table",
             description="429 when the address created too many tables too fast, already has "
                         "`--tables-per-client` tables being played, or already has its most tables with "
                         "searching bots (ismcts) being played (`--search-tables-per-client`); 503 when the "
                         "server holds `--max-tables`.")
async def create_table(body: schemas.CreateTable, request: Request) -> Any:
    """Create a table (the 429 and 503 answers are in the route's description)."""
    mgr = manager(request)
    try:
        created = await mgr.create_async(body.game, body.mode, body.options, body.seats, body.seed,
                                         open_seats=body.open_seats, client=client_address(request))
    except SetupError as exc:
        raise HTTPException(400, str(exc)) from None
    except TooFast as exc:
        return JSONResponse({"detail": str(exc)}, status_code=429, headers={"Retry-After": str(exc.retry_after)})
    except TooManyForClient as exc:
        return JSONResponse({"detail": str(exc)}, status_code=429, headers={"Retry-After": "60"})
    except TooManyTables as exc:
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "60"})
    except TooManySearchTables as exc:
        return JSONResponse({"detail": str(exc)}, status_code=429, headers={"Retry-After": "60"})
    table = created.table
    labels = {s.index: s.label for s in table.game_table.seats}
    links = [{"seat": seat, "label": labels[seat], "token": token, "link": seat_link(request, table.id, token)}
             for seat, token in sorted(created.tokens.items())]
    return {"table": table.summary(), "links": links, "creator_token": created.creator_token,
            "spectate": f"{str(request.base_url).rstrip('/')}/table/{table.id}"}


def lobby_limit(request: Request) -> None:
    """429 with ``Retry-After`` when the client's address asks the lobby more often than allowed."""
    buckets = manager(request).lobby_requests
    if not buckets.allow(client_address(request)):
        raise HTTPException(429, "too many lobby requests from your address; the listing changes rarely: "
                            "ask again later, with If-None-Match", headers={"Retry-After": str(buckets.retry_after())})


@router.get("/tables", response_model=list[schemas.TableSummary],
            summary="List tables (those being played by default)",
            responses={304: {"description": "the listing is unchanged since the ETag sent in If-None-Match"},
                       400: {"model": schemas.ErrorBody}, 429: {"model": schemas.ErrorBody}})
async def list_tables(request: Request, finished: bool = False,
                      status: str | None = Query(None, description="playing, finished, abandoned or broken "
                                                 "(overrides `finished`)"),
                      limit: int = 50, if_none_match: str | None = Header(None)) -> Response:
    """Built once per change and cached (:mod:`allegiance.server.listing`): send the answer's ``ETag``
    back in ``If-None-Match`` to get ``304`` while nothing changed.  Each table's ``version`` is null
    here (``GET /api/tables/{id}`` has it); a pasted deck is listed by its name and size."""
    lobby_limit(request)
    if status is not None and status not in STATUSES:
        raise HTTPException(400, f"status must be one of {', '.join(STATUSES)}, not {status!r}")
    wanted = status or ("finished" if finished else "playing")
    etag, body = await manager(request).listing.get(wanted, limit)
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    if etag_matches(if_none_match, etag):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


@router.get("/tables/{table_id}", response_model=schemas.TableSummary,
            responses={404: {"model": schemas.ErrorBody}, 410: {"model": schemas.ErrorBody}},
            summary="One table's public summary")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    return (await table_or_404(manager(request), table_id, request)).summary()


@router.get("/tables/{table_id}/rules", response_model=schemas.TableRules,
            responses={404: {"model": schemas.ErrorBody}, 410: {"model": schemas.ErrorBody}},
            summary="One table's rules panel: the game's legend and each option's value, default and source")
async def get_table_rules(table_id: str, request: Request) -> dict[str, Any]:
    table = await table_or_404(manager(request), table_id, request)
    return table_rules(table.game, table.record.mode, table.public_options)


@router.post("/tables/{table_id}/close", response_model=schemas.TableSummary,
             responses={403: {"model": schemas.ErrorBody}, 404: {"model": schemas.ErrorBody},
                        409: {"model": schemas.ErrorBody}, 410: {"model": schemas.ErrorBody}},
             summary="Close an unfinished table (its creator only): it is kept in the log as abandoned")
async def close_table(table_id: str, request: Request,
                      x_creator_token: str | None = Header(None)) -> dict[str, Any]:
    mgr = manager(request)
    table = await table_or_404(mgr, table_id, request)
    try:
        await mgr.close_async(table, x_creator_token)
    except CreatorRefused as exc:
        raise HTTPException(403, str(exc)) from None
    except AlreadyOver as exc:
        raise HTTPException(409, str(exc)) from None
    return table.summary()


@router.post("/tables/{table_id}/seats/{seat}/take", response_model=schemas.SeatLink,
             responses={404: {"model": schemas.ErrorBody}, 409: {"model": schemas.ErrorBody},
                        410: {"model": schemas.ErrorBody}},
             summary="Take an open human seat nobody has used yet: returns its secret link")
async def take_seat(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    mgr = manager(request)
    table = await table_or_404(mgr, table_id, request)
    try:
        token = await mgr.take_seat(table, seat)
    except SeatUnavailable as exc:
        raise HTTPException(409, str(exc)) from None
    return {"seat": seat, "label": table.game_table.seats[seat].label, "token": token,
            "link": seat_link(request, table_id, token)}


@router.get("/tables/{table_id}/replay", summary="Download a finished game's replay file",
            responses={404: {"model": schemas.ErrorBody}, 409: {"model": schemas.ErrorBody},
                       410: {"model": schemas.ErrorBody}})
async def download_replay(table_id: str, request: Request) -> Response:
    table = await table_or_404(manager(request), table_id, request)
    if not table.finished:
        # The log of a running game would reveal hidden cards (seed + actions rebuild every deck).
        raise HTTPException(409, "the game is not finished; its replay is available once it ends")
    data = (await manager(request).replay(table)).to_json(table.game.outcome(table.state))
    return Response(json.dumps(data, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{table.record.game}-{table_id}.json"'})


@router.post("/replays/step", summary="A replay's board after `step` actions, as one seat saw it",
             responses={200: {"model": schemas.ReplayStepAnswer}, 400: {"model": schemas.ErrorBody},
                        429: {"model": schemas.ErrorBody}, 503: {"model": schemas.ErrorBody}},
             openapi_extra={"requestBody": {"required": True, "content": {
                 "application/json": {"schema": schemas.ReplayStep.model_json_schema()}}}})
async def replay_step(request: Request) -> Response:
    """The body is a :class:`~allegiance.server.schemas.ReplayStep`; it is parsed and rebuilt in a worker
    process (never on the event loop), at most a few at once per client."""
    body = await request.body()
    try:
        status, answer = await request.app.state.replays.step(body, client_address(request))
    except ReplayRefused as exc:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status, headers={"Retry-After": "1"})
    return JSONResponse(answer, status_code=status)
