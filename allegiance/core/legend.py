"""A game's legend for people: what its cards' icons and numbers mean, how to win, the turn's phases, a
short description of the game and of each ready-made deck.

Each game keeps its legend in its own folder (a ``legend.toml`` data file read with :func:`read_legend`)
and returns it from :meth:`allegiance.core.game.Game.legend`; the lobby and the table's rules panel show
it without knowing any game.  :func:`options_table` lists a table's rules options as the panel shows
them: each with its value, its default and where its rule comes from (``UNSOURCED`` kept visible).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from allegiance.core.options import OptionSpec

#: the keys a legend file may have
LEGEND_KEYS = ("about", "icons", "win", "phases", "decks")


class LegendError(ValueError):
    """A legend file that does not have the documented form (the message says what is wrong)."""


def empty_legend() -> dict[str, Any]:
    """The legend of a game that has none."""
    return {"about": "", "icons": [], "win": [], "phases": [], "decks": {}}


def read_legend(path: Path) -> dict[str, Any]:
    """A legend file: ``about`` (text), ``win`` and ``phases`` (lists of sentences), ``[[icons]]`` tables
    each with ``symbol`` and ``meaning``, and ``[decks]`` (deck name = description)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    unknown = set(data) - set(LEGEND_KEYS)
    if unknown:
        raise LegendError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}; a legend has {', '.join(LEGEND_KEYS)}")
    out = empty_legend()
    out["about"] = _text(data.get("about", ""), path, "about")
    for key in ("win", "phases"):
        items = data.get(key, [])
        if not isinstance(items, list):
            raise LegendError(f"{path.name}: {key} must be a list of sentences")
        out[key] = [_text(x, path, key) for x in items]
    icons = data.get("icons", [])
    if not isinstance(icons, list):
        raise LegendError(f"{path.name}: icons must be [[icons]] tables")
    for icon in icons:
        if not isinstance(icon, dict) or set(icon) != {"symbol", "meaning"}:
            raise LegendError(f"{path.name}: each [[icons]] entry has exactly a symbol and a meaning")
        out["icons"].append({"symbol": _text(icon["symbol"], path, "symbol"),
                             "meaning": _text(icon["meaning"], path, "meaning")})
    decks = data.get("decks", {})
    if not isinstance(decks, dict):
        raise LegendError(f"{path.name}: [decks] must map deck names to descriptions")
    out["decks"] = {str(k): _text(v, path, f"decks.{k}") for k, v in decks.items()}
    return out


def _text(value: Any, path: Path, key: str) -> str:
    if not isinstance(value, str):
        raise LegendError(f"{path.name}: {key} must be text, not {type(value).__name__}")
    return " ".join(value.split())


def options_table(specs: Sequence[OptionSpec], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each option of a table as the rules panel lists it: name, help, the table's value (``values``: see
    :meth:`~allegiance.core.game.Game.option_values`; ``None``: the rules decide), the default, the source
    and whether the rule is sourced (an engine setting has source ``""``).  Per-seat texts (decks) are left
    out: the seats show them."""
    rows = []
    for spec in specs:
        if spec.type == "seat_texts":
            continue
        value = values.get(spec.name, spec.default)
        rows.append({"name": spec.name, "help": spec.help, "value": value, "default": spec.default,
                     "source": spec.source, "sourced": spec.sourced, "rule": spec.rules_option})
    return rows
