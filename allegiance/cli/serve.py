"""``allegiance serve``: the online table (FastAPI + uvicorn)."""

from __future__ import annotations

import typer

from allegiance.cli import app


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="address to listen on"),
    port: int = typer.Option(8000, help="port to listen on"),
    db: str = typer.Option("allegiance.db", help="SQLite file, or a postgresql://user@host/dbname URL"),
    bot_delay: float = typer.Option(0.5, help="seconds before each bot action (so people can follow)"),
    durable: bool = typer.Option(False, "--durable", help="SQLite: fsync every action (survives power loss; slower). "
                                 "Without it, accepted actions survive any crash of the server process"),
    log_level: str = typer.Option("info", help="uvicorn log level"),
) -> None:
    """Serve the lobby and tables: open the printed URL, create a table, send each seat its link."""
    try:
        import uvicorn

        from allegiance.server import create_app
    except ModuleNotFoundError as exc:  # pragma: no cover - depends on the install
        raise typer.BadParameter(f"the server needs the 'server' extra (pip install -e '.[server]'): {exc}") from None
    from allegiance.server.gctune import tune_for_server

    tune_for_server()
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    typer.echo(f"allegiance online table on http://{shown}:{port}/  (database: {db})")
    uvicorn.run(create_app(db=db, bot_delay=bot_delay, durable=durable), host=host, port=port, log_level=log_level,
                ws_max_size=64 * 1024)
