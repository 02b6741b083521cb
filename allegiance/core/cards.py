"""A game's card database as a table, for ``allegiance cards GAME`` (no game names here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class CardTable:
    """Every card of a game as rows of text, plus the JSON records of ``--json``.

    ``columns``: the column names, ``name`` first; ``rows``: one dict column -> text per card;
    ``records``: the same cards as JSON objects; ``numeric``: columns justified right; ``wrapping``:
    long text columns (wrapped between words, shown on their own line when the terminal is narrow);
    ``filters``: columns one may filter on (``--where column=value``) and their allowed values.
    """

    title: str
    columns: tuple[str, ...]
    rows: list[dict[str, str]]
    records: list[dict[str, Any]]
    numeric: tuple[str, ...] = ()
    wrapping: tuple[str, ...] = ()
    filters: dict[str, tuple[str, ...]] = field(default_factory=dict)
