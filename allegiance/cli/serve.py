"""``allegiance serve``: the online table (FastAPI + uvicorn)."""

from __future__ import annotations

from typing import Any

import typer

from allegiance.cli import app

#: the environment variable that hands ``serve``'s settings to each of its ``--workers`` processes
SETTINGS_VARIABLE = "ALLEGIANCE_SERVE_SETTINGS"


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option("allegiance.db", help="SQLite file, or a postgresql://user@host/dbname URL"),
    bot_delay: float = typer.Option(0.5, min=0, help="seconds before each bot action (so people can follow)"),
    bot_think: float = typer.Option(0.5, min=0.01, help="seconds a searching bot (ismcts) thinks per decision; "
                                    "it always answers after this long, whatever its options"),
    bot_workers: int = typer.Option(0, min=0, help="processes for searching bots (0: one per core; they run "
                                    "at a lower priority than the server's event loop)"),
    durable: bool = typer.Option(False, "--durable", help="SQLite: fsync every action (survives power loss; slower). "
                                 "Without it, accepted actions survive any crash of the server process"),
    max_tables: int = typer.Option(1000, min=0, help="tables being played at once; creating more answers 503 "
                                   "(0: no limit)"),
    idle_minutes: float = typer.Option(120.0, min=0, help="close a table as abandoned after this long without "
                                       "an action (0: never)"),
    creates_per_minute: float = typer.Option(6.0, min=0.01, help="new tables per minute one client address may "
                                             "create, after a burst of 10"),
    replays_per_client: int = typer.Option(2, min=1, help="replay steps one client address may have "
                                           "rebuilding at once (over every process on PostgreSQL)"),
    ws_per_minute: float = typer.Option(120.0, min=0.01, help="WebSocket connection attempts one client "
                                        "address may make a minute, after a burst of 60; more are refused "
                                        "at the handshake (HTTP 403)"),
    sockets_per_client: int = typer.Option(32, min=0, help="WebSockets one client address may have open, all "
                                           "tables together; more are refused at the handshake, HTTP 403 "
                                           "(0: no limit)"),
    spectators_per_table: int = typer.Option(64, min=0, help="spectators one table may have; more are refused, "
                                             "a seat's link always joins (0: no limit)"),
    search_tables_per_client: int = typer.Option(4, min=0, help="tables with a searching bot (ismcts) one "
                                                 "client address may have playing at once; more answer 429 "
                                                 "(0: no limit)"),
    tables_per_client: int = typer.Option(20, min=0, help="tables being played that one client address may "
                                          "have created; creating more answers 429 (0: no limit)"),
    max_actions: int = typer.Option(250_000, min=0, help="the longest game in actions: a table reaching it "
                                    "without a winner is closed as abandoned (0: no limit)"),
    lobby_per_minute: float = typer.Option(120.0, min=0.01, help="lobby listings one client address may ask "
                                           "for a minute, after a burst of 30"),
    trusted_proxies: str = typer.Option("", help="comma-separated addresses (or networks) of reverse proxies "
                                        "whose X-Forwarded-For header names the client; by default none is "
                                        "trusted and the client is the socket's peer"),
    workers: int = typer.Option(1, min=1, help="server processes on this port (PostgreSQL only: they serve the "
                                "same tables; SQLite serves one process)"),
    log_level: str = typer.Option("info", help="uvicorn log level"),
) -> None:
    """Serve the lobby and tables: open the printed URL, create a table, send each seat its link."""
    try:
        import uvicorn

        from allegiance.server import create_app
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the install
        raise typer.BadParameter(f"the server needs the 'server' extra (pip install -e '.[server]'): {exc}") from None
    from allegiance.server.cluster import SQLITE_ONE_PROCESS, SqliteInUse, hold_sqlite
    from allegiance.server.gctune import tune_for_server
    from allegiance.server.limits import Limits
    from allegiance.server.storage import DatabaseUnusable, Storage

    try:  # check (and migrate) the database now: a damaged file gets one line, not a traceback
        storage = Storage(db, durable=durable)
        dialect, sqlite_path = storage.dialect, storage.engine.url.database
        storage.close()
    except DatabaseUnusable as exc:
        typer.echo(f"allegiance serve: {exc}", err=True)
        raise typer.Exit(2) from None
    if dialect == "sqlite":
        if workers > 1:
            typer.echo(f"allegiance serve: --workers {workers} refused: {SQLITE_ONE_PROCESS}", err=True)
            raise typer.Exit(2)
        try:  # held (the file kept open) until this process exits
            sqlite_lock = hold_sqlite(sqlite_path or "")  # noqa: F841
        except SqliteInUse as exc:
            typer.echo(f"allegiance serve: {exc}", err=True)
            raise typer.Exit(2) from None
    limits = Limits(max_tables=max_tables or None, idle_minutes=idle_minutes or None,
                    creates_per_minute=creates_per_minute, replays_per_client=replays_per_client,
                    sockets_per_client=sockets_per_client or None, spectators_per_table=spectators_per_table or None,
                    search_tables_per_client=search_tables_per_client or None,
                    tables_per_client=tables_per_client or None, max_actions=max_actions or None,
                    lobby_per_minute=lobby_per_minute, ws_per_minute=ws_per_minute)
    proxies = [p.strip() for p in trusted_proxies.split(",") if p.strip()]
    tune_for_server()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"allegiance online table on http://{shown}:{port}/  (database: {db})")
    # Per-address limits count by the client's address.  uvicorn believes X-Forwarded-For from
    # 127.0.0.1 by default, so any local client could name itself anything (issue 21, item 7): the
    # header is read only when --trusted-proxies names the proxy, and then only from that proxy.
    settings: dict[str, Any] = {"db": db, "bot_delay": bot_delay, "durable": durable, "limits": limits, "warm_workers": True,
                "bot_think": bot_think, "bot_workers": bot_workers or None}
    served: dict[str, Any] = dict(host=host, port=port, log_level=log_level, ws_max_size=64 * 1024,
                  proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None)
    if workers > 1:  # each worker process builds its own app from the settings (see create_app_from_env)
        import dataclasses
        import json
        import os

        os.environ[SETTINGS_VARIABLE] = json.dumps({**settings, "limits": dataclasses.asdict(limits)})
        uvicorn.run("allegiance.server.app:create_app_from_env", factory=True, workers=workers, **served)
    else:
        uvicorn.run(create_app(**settings), **served)


