"""Actions: small, immutable, hashable, JSON-serialisable values.

An action is a ``kind`` plus named parameters, e.g. ``Action.of("buy", card=12)``; its JSON form is
``{"kind": "buy", "card": 12}``.  Parameters are ints, strings or ``None``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from allegiance.core.errors import MalformedActionError

_SCALARS: Final = (int, str, type(None))


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a seat can make.  ``params`` is a sorted tuple of ``(name, value)`` pairs."""

    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def of(kind: str, **params: Any) -> Action:
        """Build an action from keyword parameters."""
        return Action(kind, tuple(sorted(params.items())))

    def get(self, name: str, default: Any = None) -> Any:
        """The value of one parameter."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """The JSON object form: ``{"kind": ..., **params}``."""
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.params)
        return out

    @staticmethod
    def from_json(data: Any) -> Action:
        """Read an action from its JSON object form (or a JSON string of it)."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise MalformedActionError(f"action is not valid JSON: {exc.msg}") from None
        if not isinstance(data, dict):
            raise MalformedActionError("an action must be a JSON object like {\"kind\": \"end_turn\"}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise MalformedActionError("an action needs a string field \"kind\"")
        params = {}
        for key, value in data.items():
            if key == "kind":
                continue
            if not isinstance(key, str) or isinstance(value, bool) or not isinstance(value, _SCALARS):
                raise MalformedActionError(
                    f"action field {key!r} must be an integer, a string or null, not {type(value).__name__}"
                )
            params[key] = value
        return Action.of(kind, **params)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.params)
        return f"{self.kind}({args})"


class ActionTable(dict[Any, Action]):
    """Actions built on first use and shared after: ``table[key]`` is ``make(key)``, made once.

    Actions are immutable values, so the few thousand a game can offer are built once: building them
    anew was a large part of every legal-action list.  A ``dict`` subclass, so that finding one is a
    plain ``dict`` lookup, faster than a call to a cached function.
    """

    def __init__(self, make: Callable[[Any], Action]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Action:
        action = self[key] = self.make(key)
        return action


def choice_action(value: Any) -> Action:
    """The action that answers a pending choice with ``value`` (a pair means value + amount)."""
    if isinstance(value, tuple):
        return Action.of("choose", value=value[0], amount=value[1])
    return Action.of("choose", value=value)
