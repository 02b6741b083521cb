"""Lobby routes: games, create a table, list open tables, take a free seat, download a replay.

Routes that touch tables are ``async``: they run on the event loop, like the WebSocket handlers and
the bots, so a table is only ever changed from one thread.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import Response

from allegiance.core.errors import AllegianceError, PositionError
from allegiance.games import game_names, get_game
from allegiance.replay import load_replay, replay_game
from allegiance.server import schemas
from allegiance.server.deps import manager, table_or_404
from allegiance.server.gameinfo import all_games
from allegiance.server.messages import visible_events
from allegiance.server.tables import SeatUnavailable, SetupError

router = APIRouter(prefix="/api", tags=["lobby"])

#: the longest replay the step viewer rebuilds (actions)
MAX_REPLAY_ACTIONS = 20000


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


@router.post("/tables", response_model=schemas.CreatedTable, status_code=201,
             responses={400: {"model": schemas.ErrorBody}}, summary="Create a table")
async def create_table(body: schemas.CreateTable, request: Request) -> dict[str, Any]:
    mgr = manager(request)
    try:
        created = mgr.create(body.game, body.mode, body.options, body.seats, body.seed)
    except SetupError as exc:
        raise HTTPException(400, str(exc)) from None
    table = created.table
    labels = {s.index: s.label for s in table.game_table.seats}
    links = [{"seat": seat, "label": labels[seat], "token": token, "link": seat_link(request, table.id, token)}
             for seat, token in sorted(created.tokens.items())]
    return {"table": table.summary(), "links": links,
            "spectate": f"{str(request.base_url).rstrip('/')}/table/{table.id}"}


@router.get("/tables", response_model=list[schemas.TableSummary], summary="List tables (open ones by default)")
async def list_tables(request: Request, finished: bool = False, limit: int = 50) -> list[dict[str, Any]]:
    return manager(request).list_tables(finished=finished, limit=max(1, min(limit, 200)))


@router.get("/tables/{table_id}", response_model=schemas.TableSummary,
            responses={404: {"model": schemas.ErrorBody}}, summary="One table's public summary")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    return table_or_404(manager(request), table_id).summary()


@router.post("/tables/{table_id}/seats/{seat}/take", response_model=schemas.SeatLink,
             responses={404: {"model": schemas.ErrorBody}, 409: {"model": schemas.ErrorBody}},
             summary="Take a free human seat: returns its secret link")
async def take_seat(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    mgr = manager(request)
    table = table_or_404(mgr, table_id)
    try:
        token = mgr.take_seat(table, seat)
    except SeatUnavailable as exc:
        raise HTTPException(409, str(exc)) from None
    table.notify([])
    return {"seat": seat, "label": table.game_table.seats[seat].label, "token": token,
            "link": seat_link(request, table_id, token)}


@router.get("/tables/{table_id}/replay", summary="Download a finished game's replay file",
            responses={404: {"model": schemas.ErrorBody}, 409: {"model": schemas.ErrorBody}})
async def download_replay(table_id: str, request: Request) -> Response:
    table = table_or_404(manager(request), table_id)
    if not table.finished:
        # The log of a running game would reveal hidden cards (seed + actions rebuild every deck).
        raise HTTPException(409, "the game is not finished; its replay is available once it ends")
    data = table.replay().to_json(table.game.outcome(table.state))
    return Response(json.dumps(data, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{table.record.game}-{table_id}.json"'})


@router.post("/replays/step", summary="A replay's board after `step` actions, as one seat saw it",
             responses={400: {"model": schemas.ErrorBody}})
def replay_step(body: schemas.ReplayStep) -> dict[str, Any]:
    try:
        rep = load_replay(body.replay)
    except (PositionError, ValueError, TypeError) as exc:
        raise HTTPException(400, f"not a replay file: {exc}") from None
    if len(rep.actions) > MAX_REPLAY_ACTIONS:
        raise HTTPException(400, f"replay too long ({len(rep.actions)} actions; at most {MAX_REPLAY_ACTIONS})")
    step = max(0, min(body.step, len(rep.actions)))
    try:
        game, state = replay_game(rep, step - 1 if step else 0)
        events = []
        if step:
            seat, action = rep.actions[step - 1]
            text = game.describe_action(state, seat, action)
            events = game.apply(state, seat, action)
        else:
            text = "the deal"
    except (AllegianceError, ValueError) as exc:
        raise HTTPException(400, str(exc)) from None
    seats = len(state.table.seats)
    if body.seat is not None and not 0 <= body.seat < seats:
        raise HTTPException(400, f"seat must be between 0 and {seats - 1} (or left out for a spectator's view)")
    outcome = game.outcome(state)
    return {"step": step, "steps": len(rep.actions), "action": text, "view": game.view(state, body.seat),
            "events": visible_events(events, body.seat),
            "seats": [{"seat": s.index, "label": s.label, "team": s.team} for s in state.table.seats],
            "outcome": outcome.to_json() if outcome else None}
