"""Checks a hand-written position's reader shares across games: each error is one line naming the field."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.core.errors import PositionError


def check_fields(data: Any, allowed: frozenset[str], where: str) -> None:
    """``data`` is an object whose fields are all in ``allowed`` (a misspelt field is named, not ignored)."""
    if not isinstance(data, Mapping):
        raise PositionError(f"{where}: an object of fields ({', '.join(sorted(allowed))}), not {data!r}")
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise PositionError(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} in {where}; "
                            f"the fields are: {', '.join(sorted(allowed))}")


def whole_number(value: Any, where: str) -> int:
    """``value`` as a whole number (a boolean is not one)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: a whole number, not {value!r}")
    return value


def a_list(value: Any, where: str) -> list[Any]:
    """``value`` (a list or tuple) as a list."""
    if not isinstance(value, list | tuple):
        raise PositionError(f"{where}: a list, not {value!r}")
    return list(value)
