"""The app factory: storage, table manager, routes and static pages in one FastAPI app."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from allegiance.server import lobby, play, validation
from allegiance.server.apidocs import mount_api_docs
from allegiance.server.bodylimit import BodyLimit
from allegiance.server.chat import CHAT_BURST, CHAT_PER_SECOND
from allegiance.server.cluster import Cluster
from allegiance.server.gctune import freeze_startup_heap
from allegiance.server.limits import Limits
from allegiance.server.replays import ReplayService
from allegiance.server.storage import Storage
from allegiance.server.tables import BOT_THINK, TableManager
from allegiance.server.thinking import BotThinker

WEB = Path(__file__).resolve().parent.parent / "web"
#: the largest HTTP request body accepted (a long replay file is far smaller)
MAX_BODY = 4 * 1024 * 1024
DEFAULT_DB = "allegiance.db"
log = logging.getLogger("allegiance.server")


def create_app(db: str = DEFAULT_DB, bot_delay: float = 0.5,
               rate: tuple[float, int] = (play.RATE_PER_SECOND, play.RATE_BURST), durable: bool = False,
               limits: Limits | None = None, warm_workers: bool = False,
               chat_rate: tuple[float, int] = (CHAT_PER_SECOND, CHAT_BURST),
               bot_think: float = BOT_THINK, bot_workers: int | None = None) -> FastAPI:
    """The online table over the database ``db`` (a SQLite file path or a SQLAlchemy/PostgreSQL URL).

    ``bot_delay`` is the pause in seconds before each bot action, so people can follow the bots;
    ``bot_think`` the seconds a searching bot thinks per decision (its answer always takes that long:
    see ``TableManager._run_bots``) on one of ``bot_workers`` processes (default: one per core);
    ``rate`` is each connection's message limit (per second, burst); ``durable`` makes SQLite fsync
    every commit (see :mod:`allegiance.server.storage`); ``limits``: tables, idle time, creations and
    replay rebuilds allowed (:class:`~allegiance.server.limits.Limits`); ``warm_workers`` starts the
    replay worker process at start-up rather than at the first replay request (``serve`` does);
    ``chat_rate``: each seat's team-chat limit (per second, burst; see :mod:`allegiance.server.chat`).
    Start-up reads no action log: tables whose bots must act are resumed in the background, every
    other table is rebuilt when first asked for.
    """
    limits = limits or Limits()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = Storage(db, durable=durable)
        mgr = TableManager(storage, bot_delay=bot_delay, limits=limits, chat_rate=chat_rate, bot_think=bot_think,
                           thinker=BotThinker(bot_workers))
        app.state.manager = mgr
        # PostgreSQL: other processes may serve the same tables (follow their actions, lease the bots)
        cluster = Cluster(mgr) if storage.shared else None
        app.state.replays = ReplayService(limits, slots=mgr.slots)  # site-wide slots with a cluster
        if warm_workers:
            try:
                await app.state.replays.warm()
            except Exception as exc:  # noqa: BLE001 - replays then start their worker when first asked
                log.warning("could not start the replay worker at start-up (%s: %s)", type(exc).__name__, exc)
        freeze_startup_heap()
        mgr.start()
        if cluster is not None:
            cluster.start()
        log.info("database %s (%s); resuming tables whose bots must act", storage.dialect, db)
        try:
            yield
        finally:
            if cluster is not None:
                await cluster.stop()
            await mgr.shutdown()
            app.state.replays.close()
            storage.close()

    app = FastAPI(
        title="allegiance online table",
        version="1",
        summary="Team card games online: lobby, secret seat links, live views over WebSocket, bots, replays.",
        description=("Create a table with `POST /api/tables`, send each human seat its link, and play over "
                     "the WebSocket `/ws/tables/{table_id}` (protocol in `allegiance.server.play`) or "
                     "with `POST /api/tables/{table_id}/actions`. A seat's token is its only identity. "
                     "Teammates talk over the same WebSocket (`{\"type\": \"chat\", \"text\": ...}`, "
                     "delivered to the sender's team only, never a move)."),
        lifespan=lifespan,
        docs_url=None,  # /docs is served by apidocs.mount_api_docs from a package, not a CDN
        redoc_url=None,
    )
    app.state.rate = rate
    validation.install(app)  # a body that does not fit the schemas: 400 with a sentence (issue 10, item 8)

    app.add_middleware(BodyLimit, max_bytes=MAX_BODY)

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


def create_app_from_env() -> FastAPI:
    """The app of one ``allegiance serve --workers N`` process: ``serve``'s settings come as JSON in the
    environment (each worker is a new process that imports this factory)."""
    import json
    import os

    from allegiance.cli.serve import SETTINGS_VARIABLE

    settings = json.loads(os.environ[SETTINGS_VARIABLE])
    settings["limits"] = Limits(**settings["limits"])
    return create_app(**settings)
