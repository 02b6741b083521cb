"""The app factory: storage, table manager, routes and static pages in one FastAPI app."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from allegiance.server import lobby, play, validation
from allegiance.server.apidocs import mount_api_docs
from allegiance.server.gctune import freeze_startup_heap
from allegiance.server.storage import Storage
from allegiance.server.tables import TableManager

WEB = Path(__file__).resolve().parent.parent / "web"
#: the largest HTTP request body accepted (a long replay file is far smaller)
MAX_BODY = 4 * 1024 * 1024
DEFAULT_DB = "allegiance.db"
log = logging.getLogger("allegiance.server")


def create_app(db: str = DEFAULT_DB, bot_delay: float = 0.5,
               rate: tuple[float, int] = (play.RATE_PER_SECOND, play.RATE_BURST), durable: bool = False) -> FastAPI:
    """The online table over the database ``db`` (a SQLite file path or a SQLAlchemy/PostgreSQL URL).

    ``bot_delay`` is the pause in seconds before each bot action, so people can follow the bots;
    ``rate`` is each connection's message limit (per second, burst); ``durable`` makes SQLite fsync
    every commit (see :mod:`allegiance.server.storage`).
    At start-up every unfinished table is rebuilt from its log and its bots continue.
    """

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db, durable=durable)
        mgr = TableManager(storage, bot_delay=bot_delay)
        app.state.manager = mgr
        resumed = mgr.resume_all()
        freeze_startup_heap()
        log.info("database %s (%s); resumed %d unfinished table(s)", storage.dialect, db, resumed)
        try:
            yield
        finally:
            await mgr.shutdown()
            storage.close()

    app = FastAPI(
        title="allegiance online table",
        version="1",
        summary="Team card games online: lobby, secret seat links, live views over WebSocket, bots, replays.",
        description=("Create a table with `POST /api/tables`, send each human seat its link, and play over "
                     "the WebSocket `/ws/tables/{table_id}` (protocol in `allegiance.server.play`) or "
                     "with `POST /api/tables/{table_id}/actions`. A seat's token is its only identity."),
        lifespan=lifespan,
        docs_url=None,  # /docs is served by apidocs.mount_api_docs from a package, not a CDN
        redoc_url=None,
    )
    app.state.rate = rate
    validation.install(app)  # a body that does not fit the schemas: 400 with a sentence (issue 10, item 8)

    @app.middleware("http")
    async def limit_body(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        length = request.headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            return JSONResponse({"detail": f"request too large (the limit is {MAX_BODY} bytes)"}, status_code=413)
        return await call_next(request)

    app.include_router(lobby.router)
    app.include_router(play.router)
    app.mount("/static", StaticFiles(directory=WEB), name="static")
    mount_api_docs(app)

    @app.get("/", include_in_schema=False)
    def lobby_page() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/replay", include_in_schema=False)
    def replay_page() -> FileResponse:
        return FileResponse(WEB / "replay.html")

    return app
