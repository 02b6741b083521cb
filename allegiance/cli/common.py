"""Helpers shared by the CLI commands: reading files, printing JSON, turning errors into messages."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
import yaml
from rich.console import Console

from allegiance.core.errors import AllegianceError

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error the user can act on and exit."""
    err_console.print(f"[bold red]error:[/] {message}")
    raise typer.Exit(code)


def read_document(path: str) -> dict[str, Any]:
    """Read a JSON or YAML file ("-" for standard input)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            fail(f"{path} is neither JSON nor YAML: {exc}")
    if not isinstance(data, dict):
        fail(f"{path} must hold a JSON or YAML object")
    return data


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``--option key=value`` pairs; values are read as JSON when they can be (numbers, booleans)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(f"options are written key=value, not {pair!r}")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value
    return out


def guarded(fn: Any) -> Any:
    """Turn engine errors into clean messages instead of tracebacks."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except AllegianceError as exc:
            fail(str(exc))
    return wrapper
