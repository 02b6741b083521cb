"""Events: what happened, in words, and who may read it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened.

    ``visible_to`` is ``None`` for public events, or the seats allowed to read this event (e.g. the
    names of the cards a player drew are visible to that player and teammates only).
    """

    kind: str
    text: str
    seat: int | None = None
    visible_to: tuple[int, ...] | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_for(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may read this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        """JSON form (without ``visible_to``: callers filter before sending)."""
        return {"kind": self.kind, "text": self.text, "seat": self.seat, "data": self.data}
