"""Events: what happened, in words, and who may read it."""

from __future__ import annotations

from typing import Any


class Event:
    """One thing that happened.

    ``visible_to`` is ``None`` for public events, or the seats allowed to read this event (e.g. the
    names of the cards a player drew are visible to that player and teammates only).

    A plain class rather than a dataclass: one is built for every line of the log, and a hand-written
    ``__init__`` is the cheapest (a dataclass's generated one also stays interpreted under mypyc).
    Treat events as read-only.
    """

    __slots__ = ("kind", "text", "seat", "visible_to", "data")

    def __init__(self, kind: str, text: str, seat: int | None = None,
                 visible_to: tuple[int, ...] | None = None, data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.text = text
        self.seat = seat
        self.visible_to = visible_to
        self.data: dict[str, Any] = {} if data is None else data

    def visible_for(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may read this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        """JSON form (without ``visible_to``: callers filter before sending)."""
        return {"kind": self.kind, "text": self.text, "seat": self.seat, "data": self.data}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.kind, self.text, self.seat, self.visible_to, self.data) == (
            other.kind, other.text, other.seat, other.visible_to, other.data)

    def __repr__(self) -> str:
        return (f"Event(kind={self.kind!r}, text={self.text!r}, seat={self.seat!r}, "
                f"visible_to={self.visible_to!r}, data={self.data!r})")
