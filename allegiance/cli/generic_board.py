"""A board for games without a terminal renderer of their own, drawn from a seat's view alone.

Each player is a line of its numbers (XP, PV, counts...) then one line per zone listing card names
(a card dict is anything with a ``name``); the view's other zones (a File, a combat) follow.  It shows
exactly what the view holds, so it shows nothing the seat may not see.

Two view keys, when a game's view has them, get a line of their own above the players:
``order`` (the seats in turn order: drawn with the players' labels, the seat whose turn it is, from
``active``, marked, players who are ``out`` struck through) and ``teams`` (one dict per team with its
numbers; a number ``k`` beside a ``k_goal`` reads "k 12/36").
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


def order_line(view: dict[str, Any]) -> str | None:
    """``turn order: B1 → [A2] → B2 → A1`` (Rich markup; the active seat bold, players out struck), or
    ``None`` when the view has no order."""
    order = view.get("order")
    if not isinstance(order, list) or not all(isinstance(s, int) for s in order):
        return None
    players = {p.get("seat"): p for p in view.get("players", []) if isinstance(p, dict)}
    names = []
    for s in order:
        p = players.get(s, {})
        name = escape(str(p.get("label", s)))
        if p.get("out"):
            name = f"[strike dim]{name}[/]"
        elif s == view.get("active"):
            name = f"[bold reverse]{name}[/]"
        names.append(name)
    return "turn order: " + " → ".join(names)


def team_lines(view: dict[str, Any]) -> list[str]:
    """One line per team of ``view["teams"]``: ``team a: xp 12/36`` and its other numbers."""
    out = []
    for team in view.get("teams") or []:
        if not isinstance(team, dict):
            continue
        words = []
        for key, value in team.items():
            if key in ("team", "seats") or key.endswith("_goal") or not isinstance(value, int | float | str):
                continue
            goal = team.get(f"{key}_goal")
            words.append(f"{key.replace('_', ' ')} {value}" + (f"/{goal}" if goal is not None else ""))
        out.append(f"team {team.get('team', '?')}: " + " · ".join(words))
    return out


def draw_generic(console: Console, view: dict[str, Any]) -> None:
    """Print the board of ``view``: the turn order and the teams' numbers, every player, then the
    shared zones."""
    order = order_line(view)
    if order:
        console.print(order, highlight=False)
    for line in team_lines(view):
        console.print(escape(line), highlight=False)
    for p in view.get("players", []):
        words, lines = _zones("", p)
        console.print(f"[bold]{escape(str(p.get('label', p.get('seat', '?'))))}[/]  " + escape(" · ".join(words)),
                      highlight=False)
        for line in lines:
            console.print(f"    {escape(line)}", highlight=False)
    shared = {k: v for k, v in view.items() if k not in ("players", "order", "teams")}
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
