"""Helpers shared by the CLI commands: reading files, printing JSON, turning errors into messages."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

import typer
import yaml
from rich.console import Console
from rich.markup import escape

from allegiance.core.errors import AllegianceError

console = Console()
err_console = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error the user can act on and exit."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


def read_document(path: str) -> dict[str, Any]:
    """Read a JSON or YAML file ("-" for standard input; a ``.gz`` file is decompressed first).

    A ``.json`` file is read as JSON only and a ``.yaml``/``.yml`` file as YAML only, so that a mistake
    gets the message of the parser the file was written for; other names (and stdin) are tried as JSON
    and then YAML.
    """
    name = Path(path)
    try:
        if path == "-":
            text = sys.stdin.read()
        elif name.suffix.lower() == ".gz":
            with gzip.open(name, "rt", encoding="utf-8") as f:
                text = f.read()
            name = name.with_suffix("")
        else:
            text = name.read_text(encoding="utf-8")
    except (OSError, EOFError) as exc:
        fail(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}")
    except UnicodeDecodeError:
        fail(f"{path} is not a UTF-8 text file")
    suffix = name.suffix.lower() if path != "-" else ""
    data: Any = None
    if suffix == ".json":
        data = _parse_json(path, text)
    elif suffix in (".yaml", ".yml"):
        data = _parse_yaml(path, text)
    else:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            if text.lstrip().startswith(("{", "[")):
                # Meant as JSON: YAML would only blur the message (or accept a near miss).
                fail(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
            data = _parse_yaml(path, text)
    if not isinstance(data, dict):
        fail(f"{path} must hold a JSON or YAML object, not {type(data).__name__}")
    return data


def _parse_json(path: str, text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")


def _parse_yaml(path: str, text: str) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        where = getattr(exc, "problem_mark", None)
        at = f" at line {where.line + 1}, column {where.column + 1}" if where is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        fail(f"{path} is not valid YAML: {problem}{at}")


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


def load_game(name: str) -> Any:
    """The registered game called ``name`` (a clear error naming the known games otherwise)."""
    from allegiance.games import game_names, get_game
    if name not in game_names():
        fail(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return get_game(name)


def _seat_text(value: str) -> str:
    """A per-seat entry: the text of a file when ``value`` names one (a deck file), else ``value`` itself."""
    from pathlib import Path

    from allegiance.core.options import MAX_TEXT
    path = Path(value)
    if "\n" not in value and len(value) < 4096 and path.is_file():
        if path.stat().st_size > MAX_TEXT:
            fail(f"{value} is larger than {MAX_TEXT} bytes: not a deck file")
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"cannot read {value}: {exc}")
    return value


def game_options(game: Any, pairs: list[str] | None, decks: list[str] | None = None) -> dict[str, Any]:
    """A game's options from ``--option key=value`` pairs and ``--deck`` values (one per seat).

    ``--deck`` fills the game's per-seat text option (a ``seat_texts`` spec, e.g. Wakfu's ``decks``);
    there, and in ``-o decks=a,b``, an entry naming a file is replaced by the file's text."""
    out = parse_options(pairs)
    seat_specs = [s for s in getattr(game, "option_specs", ()) if s.type == "seat_texts"]
    if decks:
        if not seat_specs:
            fail(f"{game.name} has no per-seat deck option: --deck is not allowed")
        out[seat_specs[0].name] = list(decks)
    for spec in seat_specs:
        value = out.get(spec.name)
        if isinstance(value, str):
            value = [v.strip() for v in value.split(",")] if "\n" not in value else [value]
        if isinstance(value, list):
            out[spec.name] = [_seat_text(v) if isinstance(v, str) else v for v in value]
    return out

#: the help of ``--deck`` (new, play, simulate)
DECK_HELP = ("a seat's deck, once per seat in seat order: a starter name (wakfu: iop, feca, cra, xelor) or a "
             "deck file; for games with a per-seat deck option")


def new_state(game: Any, mode: str, seed: int, options: dict[str, Any]) -> Any:
    """``game.new_game`` with a bad mode or option (a deck the game cannot read) as a clean error."""
    try:
        return game.new_game(mode, seed, options)
    except (ValueError, KeyError) as exc:
        ways = [_as_flags(game, way) for way in getattr(exc, "suggestions", None) or []]
        text = str(exc).rstrip(".")
        hint = f". On the command line: {' or '.join(ways)}." if ways else ""
        fail(f"cannot start {game.name} {mode}: {text}{hint}")


def _as_flags(game: Any, options: dict[str, Any]) -> str:
    """Options a game suggests, as this command line's flags: ``--deck`` for its per-seat text
    option, ``-o key=value`` for the others."""
    seat_texts = {s.name for s in getattr(game, "option_specs", ()) if s.type == "seat_texts"}
    words = []
    for key, value in options.items():
        if key in seat_texts and isinstance(value, list):
            words += [f"--deck {v}" for v in value]
        else:
            words.append(f"-o {key}={','.join(map(str, value)) if isinstance(value, list) else value}")
    return " ".join(words)
