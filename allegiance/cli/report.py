"""``allegiance report``: a balance report (HTML page with plots) from ``simulate --out`` results."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from allegiance.cli import app
from allegiance.cli.common import console, fail, print_json


@app.command(help=(
    "Win rates (95 % intervals), game lengths, the score over the turns, and how often each card is played "
    "against its players' win rate."))
def report(
    results: Annotated[Path, typer.Argument(help="folder written by `allegiance simulate --out`")],
    html: Annotated[Path | None, typer.Option(help="write the HTML report here (default: RESULTS/report.html)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the report's numbers as JSON instead")] = False,
) -> None:
    """A balance report of simulated games."""
    from allegiance.report import load, write_html
    from allegiance.report.summary import summary_lines

    try:
        data = load(results)
    except FileNotFoundError as exc:
        fail(str(exc))
    except ValueError as exc:
        fail(f"{results}: {exc}")
    if as_json:
        print_json({**data.to_json(), "summary": summary_lines(data)})
        return
    target = html or results / "report.html"
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        fail("the HTML report needs matplotlib: pip install 'allegiance[report]'")
    write_html(data, target, source=str(results))
    for line in summary_lines(data):
        console.print(f"• {line}", highlight=False)
    console.print(f"report written to [bold]{target}[/]")
