"""A live table's recent events, with their place in the whole game.

A table used to keep every event of its game in memory (and every action), so a server's memory grew
with every action played until the game ended: some hundreds of bytes an action, 175 MB for a game at
the 250,000-action cap (the soak of issue 21 measured the growth).  A page never needs more than the
recent log (:data:`allegiance.server.messages.LOG_HISTORY` events on (re)connection) and the events
since its last message, and the whole game is in the database (replays are read from there).  So a
table keeps a window of its latest events, and its memory no longer grows with the game's length.

Events keep their *absolute* index (the count of events since the game began): a spectator's place
is such an index.  A page whose place fell out of the window is sent the recent log whole instead,
as on reconnection.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from allegiance.core.events import Event

#: events kept (at least): the recent log sent on (re)connection holds at most 300 events that one seat
#: may read; the margin covers events that seat may not read (another seat's draws)
KEEP = 1200


class EventWindow:
    """The latest events of a game (at least :data:`KEEP`, at most twice that), by absolute index."""

    def __init__(self, keep: int = KEEP) -> None:
        if keep < 1:
            raise ValueError("a window keeps at least one event")
        self.keep = keep
        self._events: list[Event] = []
        self._first = 0  # absolute index of ``_events[0]``

    def extend(self, events: Iterable[Event]) -> None:
        """Add the events of one change; the oldest go once the window holds twice :attr:`keep`."""
        self._events.extend(events)
        if len(self._events) >= 2 * self.keep:  # amortised: one cut every ``keep`` events
            cut = len(self._events) - self.keep
            del self._events[:cut]
            self._first += cut

    @property
    def end(self) -> int:
        """The absolute index after the latest event (the count of events since the game began)."""
        return self._first + len(self._events)

    @property
    def first(self) -> int:
        """The absolute index of the oldest event still held."""
        return self._first

    def since(self, start: int, end: int | None = None) -> list[Event] | None:
        """The events from absolute index ``start`` (to ``end``), or ``None`` if some are no longer held."""
        if start < self._first:
            return None
        stop = self.end if end is None else end
        return self._events[start - self._first:stop - self._first]

    def __iter__(self) -> Iterator[Event]:
        """The events held, oldest first."""
        return iter(self._events)

    def __len__(self) -> int:
        """How many events are held (not the absolute count: see :attr:`end`)."""
        return len(self._events)
