"""The ``allegiance`` command line (Typer + Rich).  Each command group lives in its own module."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="allegiance",
    help="Team multiplayer card games: play, study with bot simulations, serve an online table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            typer.echo(f"allegiance {version('allegiance')}")
        except PackageNotFoundError:  # a source checkout run without installing
            typer.echo("allegiance (not installed)")
        raise typer.Exit()


@app.callback()
def main(
    show_version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                      help="print the version and exit"),
) -> None:
    """Team multiplayer card games: play, study with bot simulations, serve an online table."""


def _register() -> None:
    # Importing a module registers its commands on ``app``.
    from allegiance.cli import cards, play, positions, simulate  # noqa: F401
    for optional in ("serve", "bench", "report"):
        try:
            __import__(f"allegiance.cli.{optional}")
        except ModuleNotFoundError as exc:
            if exc.name != f"allegiance.cli.{optional}":
                raise


_register()

__all__ = ["app"]
