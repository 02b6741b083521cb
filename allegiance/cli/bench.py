"""``allegiance bench``: speed figures against their targets (and peer engines with ``--peer``).

The timing code lives in the checkout's ``benchmarks/`` folder (``bench.py``, ``peers.py``,
``playouts.py``) so that it can also run as a plain script; this command finds that folder next to
the package (an editable install or a source checkout) or in the current directory.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from allegiance.cli import app
from allegiance.cli.common import console, fail, print_json


def _bench_module() -> ModuleType:
    """``benchmarks.bench`` from the source checkout."""
    for root in (Path(__file__).resolve().parents[2], Path.cwd()):
        if (root / "benchmarks" / "bench.py").is_file():
            if str(root) not in sys.path:
                sys.path.insert(0, str(root))
            return importlib.import_module("benchmarks.bench")
    fail("the benchmarks/ folder was not found: run `allegiance bench` from an allegiance source checkout")


@app.command()
def bench(
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    peer: Annotated[bool, typer.Option("--peer", help="also time RLCard Uno and pyminion (extra `bench`)")] = False,
    seconds: Annotated[float, typer.Option(help="seconds per timed loop")] = 3.0,
    strict: Annotated[bool, typer.Option("--strict", help="exit with status 1 when a target is missed")] = False,
) -> None:
    """Time every game's random playouts, state copies and greedy games on one core; say which targets hold."""
    if seconds <= 0:
        fail("--seconds must be positive")
    module = _bench_module()
    if not as_json:
        console.print(f"timing, about {seconds:g} s per measure{' (with peers)' if peer else ''} ...")
    data = module.run(seconds, peer)
    if as_json:
        print_json(data)
    else:
        for line in module.format_report(data):
            style = "red" if "MISSED" in line else "green" if "holds" in line else ""
            console.print(f"[{style}]{line}[/]" if style else line, highlight=False)
    if strict and not data["pass"]:
        raise typer.Exit(1)
