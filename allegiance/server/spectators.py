"""The messages every spectator of a table shares: built once and serialised once per change.

A spectator's state message depends only on the table (its view for ``None``, the public events, the
seats), never on the connection, so one text serves them all: the first spectator's writer to ask
after a change builds the view and encodes the message, and every other spectator's writer is handed
the same ``str``.  A thousand spectators of one version cost one ``game.view`` and one encoding, not a
thousand (issue 21, item 3): on a Wakfu 8v8 table (a 12 KB message) building and encoding takes about
0.4 ms and handing a spectator the shared text about 18 µs (checking that it still fits the table), so
a change reaches the 64 spectators a table may have for about 1.6 ms of the event loop, not 27 ms.  The ``presence`` message is the same for every page, seats included, and
is shared the same way.

A spectator that fell behind (its writer was slow while several changes happened) asks for the events
since the last one it was sent; those spectators share a text too when they are equally far behind.
Seats' messages stay per seat (each has its own view and legal actions): see
:mod:`allegiance.server.connections`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from allegiance.server.connections import encode
from allegiance.server.messages import (
    log_history,
    presence_message,
    seats_info,
    state_message,
    visible_events,
)

if TYPE_CHECKING:
    from allegiance.server.tables import LiveTable

#: texts kept for one table state (the whole log for a new spectator, and the updates since each point
#: some spectator was last sent); more distinct ones than this are built again rather than kept
MAX_TEXTS = 4


class SharedMessages:
    """One table's spectator state messages and presence message, as encoded text."""

    def __init__(self, table: LiveTable) -> None:
        self._table = table
        #: what the spectators' texts were built from: (version, status, seats); ``None``: nothing yet
        self._key: tuple[int, str, list[dict[str, Any]]] | None = None
        self._base: dict[str, Any] | None = None
        #: encoded state messages of ``_key``'s table state: ``None`` the whole log, ``(start, end)`` events
        self._texts: dict[tuple[int, int] | None, str] = {}
        self._presence: tuple[list[dict[str, Any]], int, str] | None = None

    def spectator_state(self, since: int | None) -> tuple[str, int]:
        """The state message for a spectator: with the events since index ``since`` of the table's
        events (``None``: the recent log, on (re)connection).  Returns the text and the index to pass
        next time."""
        table = self._table
        seats = seats_info(table)
        key = (table.state.version, table.status, seats)
        if key != self._key or self._base is None:
            self._key = key
            self._base = state_message(table, None, [])  # the one view of this table state
            self._texts = {}
        end = table.events.end
        if since is not None and since < table.events.first:
            since = None  # its place fell out of the table's window of events: the recent log whole
        which = None if since is None else (since, end)
        text = self._texts.get(which)
        if text is None:
            if since is None:
                message = {**self._base, "events": log_history(table, None), "full_log": True}
            else:
                message = {**self._base, "events": visible_events(table.events.since(since, end) or [], None)}
            if len(self._texts) >= MAX_TEXTS:
                self._texts.clear()
            text = self._texts[which] = encode(message)
        return text, end

    def presence(self) -> str:
        """The presence message (who is here now), the same text for every page."""
        message = presence_message(self._table)
        seats, spectators = message["seats"], message["spectators"]
        if self._presence is None or self._presence[0] != seats or self._presence[1] != spectators:
            self._presence = (seats, spectators, encode(message))
        return self._presence[2]

    def forget(self) -> None:
        """Let the texts go (the last page left)."""
        self._key, self._base, self._texts, self._presence = None, None, {}, None
