"""A board for games without a terminal renderer of their own, drawn from a seat's view alone.

Each player is a line of its numbers (XP, PV, counts...) then one line per zone listing card names
(a card dict is anything with a ``name``); the view's other zones (a File, a combat) follow.  It shows
exactly what the view holds, so it shows nothing the seat may not see.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

#: view keys that are bookkeeping, not board
_SKIP = frozenset({"game", "seat", "decision", "id", "label"})


def _card(card: dict[str, Any]) -> str:
    marks = [k for k in ("tapped", "used", "attacked") if card.get(k)]
    numbers = [f"{k} {card[k]}" for k in ("force", "attack", "damage") if card.get(k)]
    extra = ", ".join(numbers + marks)
    return card["name"] + (f" ({extra})" if extra else "")


def _is_card(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("name"), str)


def _zones(prefix: str, data: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(scalar "key value" words, zone lines) of one dict, nested dicts flattened one level."""
    words: list[str] = []
    lines: list[str] = []
    for key, value in data.items():
        if key in _SKIP or value is None:
            continue
        name = f"{prefix}{key}".replace("_", " ")
        if isinstance(value, bool):
            if value:
                words.append(name)
        elif isinstance(value, int | float | str):
            words.append(f"{name} {value}")
        elif _is_card(value):
            lines.append(f"{name}: {_card(value)}")
        elif isinstance(value, list) and all(_is_card(v) for v in value):
            lines.append(f"{name}: " + (", ".join(_card(v) for v in value) or "—"))
        elif isinstance(value, dict) and not prefix:
            w, sub = _zones(f"{key} ", value)
            lines += ([f"{name}: " + " · ".join(w)] if w else []) + sub
    return words, lines


def draw_generic(console: Console, view: dict[str, Any]) -> None:
    """Print the board of ``view``: every player, then the shared zones."""
    for p in view.get("players", []):
        words, lines = _zones("", p)
        console.print(f"[bold]{escape(str(p.get('label', p.get('seat', '?'))))}[/]  " + escape(" · ".join(words)),
                      highlight=False)
        for line in lines:
            console.print(f"    {escape(line)}", highlight=False)
    shared = {k: v for k, v in view.items() if k != "players"}
    words, lines = _zones("", shared)
    if words:
        console.print(escape(" · ".join(words)), highlight=False)
    for line in lines:
        console.print(f"  {escape(line)}", highlight=False)


def card_lines(info: dict[str, Any]) -> str:
    """A catalogue entry's fields as lines (the card's full text for ``c NAME``)."""
    out = [f"[bold]{escape(str(info.get('name', '')))}[/]"]
    for key, value in info.items():
        if key == "name" or value in (None, "", [], ()):
            continue
        if key == "text":
            continue
        out.append(f"{key}: {escape(str(value))}")
    if info.get("text"):
        out.append(escape(str(info["text"])))
    return "\n".join(out)
