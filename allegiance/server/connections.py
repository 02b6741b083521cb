"""One WebSocket connection: its seat, and a bounded outgoing queue that keeps messages in order.

Updates are coalesced: after a change the connection is marked *stale* and its writer task builds
one state message from the table as it is when the socket is ready, with every event that happened
since the last message.  A slow page therefore never makes the table wait, and never receives an
out-of-date view after a newer one.  Presence changes (who is connected, which seats are taken) are
coalesced the same way into one small ``presence`` message.  A spectator's state message and every
presence message are the same for all pages that get one, so they are built and encoded once per
change and shared (:mod:`allegiance.server.spectators`); a seat's message is its own.

A page that says so when it joins (the table page does) acknowledges each state it receives with
``{"type": "seen"}``, and is sent its next state only then: one state at most is on its way to it.
Without that, a page that reads slowly (a slow network, a busy machine) fell ever further behind: the
kernel's and the browser's buffers took megabytes of states that were out of date before they were
read, and the server, never blocked, had nothing to coalesce.  Paced, a slow page gets fewer states,
each the newest, and is at the current one as soon as it reads it.

The queue is bounded: at most :data:`MAX_QUEUED` messages and :data:`MAX_QUEUED_BYTES` bytes wait,
and one message may take at most :data:`SEND_TIMEOUT` seconds to leave.  A page that falls further
behind (it does not read what it is sent) is disconnected with close code :data:`CLOSE_TOO_SLOW`;
nothing is buffered for it beyond these bounds.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from typing import TYPE_CHECKING, Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from allegiance.core.events import Event
from allegiance.server.messages import state_message

if TYPE_CHECKING:
    from allegiance.server.tables import LiveTable

_STATE = object()  # queue marker: "send the current state here"
_PRESENCE = object()  # queue marker: "send who is here now"
#: messages (acknowledgements, errors, pongs) that may wait for one connection
MAX_QUEUED = 64
#: bytes those messages may hold
MAX_QUEUED_BYTES = 256 * 1024
#: seconds one message may take to leave (the page's socket is not read meanwhile)
SEND_TIMEOUT = 10.0
#: seconds the final close may take before the connection is dropped
CLOSE_TIMEOUT = 2.0
#: the close code of a page that does not read its messages fast enough
CLOSE_TOO_SLOW = 4429
#: events kept for a page's next state; beyond them it gets the whole (recent) log again instead
MAX_PENDING_EVENTS = 1000
#: JSON encoding of outgoing messages (msgspec: ~10x the standard library's speed on a view, measured)
_encode = msgspec.json.Encoder().encode
log = logging.getLogger("allegiance.server")


def encode(message: dict[str, Any]) -> str:
    """One message as JSON text; strings a client sent back (e.g. a lone surrogate) are escaped."""
    try:
        return _encode(message).decode()
    except (msgspec.EncodeError, UnicodeError, TypeError, OverflowError):
        return json.dumps(message, ensure_ascii=True, default=str)


class Connection:
    """A page connected to a table as one seat (``None``: a spectator)."""

    def __init__(self, websocket: WebSocket, table: LiveTable, seat: int | None, paced: bool = False) -> None:
        self.websocket = websocket
        self.table = table
        self.seat = seat
        #: the page acknowledges each state (``{"type": "seen"}``); its next state waits for that
        self.paced = paced
        self._unseen = False  # a state left and the page has not said it read it
        self._held = False  # a state waits for that
        self._queue: deque[Any] = deque()
        self._queued_bytes = 0
        self._events: list[Event] = []
        self._state_queued = False
        self._presence_queued = False
        self._full_log = True
        #: a spectator's place in the table's events: the next state message carries those after it
        self._events_seen = 0
        self._wakeup = asyncio.Event()
        self._closed = False
        #: why the server ends this connection: (close code, reason), sent after the queue drains
        self._closing: tuple[int, str] | None = None
        #: set once the page fell behind and was dropped
        self.too_slow = False
        self._task: asyncio.Task[None] | None = None
        #: the task reading this page's messages, woken (cancelled) when the page is dropped
        self.reader: asyncio.Task[Any] | None = None

    @property
    def closed(self) -> bool:
        return self._closed or self.too_slow

    def start(self) -> asyncio.Task[None]:
        """Start the writer task (one per connection)."""
        self._task = asyncio.get_running_loop().create_task(self.writer())
        return self._task

    def send(self, message: dict[str, Any]) -> None:
        """Queue one message (an error or an acknowledgement); a page too far behind is dropped."""
        if self.closed:
            return
        text = encode(message)
        if len(self._queue) >= MAX_QUEUED or self._queued_bytes + len(text) > MAX_QUEUED_BYTES:
            self._drop(f"more than {MAX_QUEUED} messages or {MAX_QUEUED_BYTES} bytes wait for this page")
            return
        self._queue.append(text)
        self._queued_bytes += len(text)
        self._wakeup.set()

    def notify(self, events: list[Event]) -> None:
        """The table changed: queue a state message carrying ``events`` (filtered when built)."""
        if self.closed:
            return
        if self.seat is not None:  # a spectator's events are read from the table when its message is built
            self._events.extend(events)
            if len(self._events) > MAX_PENDING_EVENTS:  # far behind: its next state brings the recent log whole
                self._events.clear()
                self._full_log = True
        if not self._state_queued:
            self._state_queued = True
            self._queue.append(_STATE)
        self._wakeup.set()

    def presence(self) -> None:
        """Who is here changed: queue one presence message (none if a state message is pending)."""
        if self.closed or self._state_queued or self._presence_queued:
            return
        self._presence_queued = True
        self._queue.append(_PRESENCE)
        self._wakeup.set()

    @property
    def expects_seen(self) -> bool:
        """A paced page has a state to acknowledge."""
        return self._unseen

    def seen(self) -> None:
        """The page read the last state it was sent: a state held for it may leave now."""
        self._unseen = False
        if self._held and not self.closed:
            self._held = False
            self._queue.append(_STATE)
            self._wakeup.set()

    def finish(self, code: int, reason: str) -> None:
        """Send what is queued (the final state, acknowledged or not), then close the socket with ``code``."""
        self._closing = (code, reason)
        self.seen()
        self._wakeup.set()

    def close(self) -> None:
        self._closed = True
        self._wakeup.set()

    def _drop(self, why: str) -> None:
        log.warning("table %s: dropping a page that does not read its messages (%s)", self.table.id, why)
        self.too_slow = True
        self._queue.clear()
        self._queued_bytes = 0
        self._wakeup.set()
        current = asyncio.current_task()
        for task in (self._task, self.reader):
            if task is not None and task is not current:
                task.cancel()  # the writer may be blocked on the page's full socket, the reader on its silence

    def _next_text(self) -> str | None:
        """The next message to send, or ``None`` when the next is a state that waits for the page."""
        item = self._queue.popleft()
        if item is _STATE:
            if self._unseen:
                self._held = True  # still queued (``_state_queued``): later changes join it
                return None
            self._unseen = self.paced
            self._state_queued = False
            self._presence_queued = False  # the state carries the seats too
            if self.seat is None:  # the same text as every other spectator's (built once per change)
                text, self._events_seen = self.table.shared.spectator_state(
                    None if self._full_log else self._events_seen)
                self._full_log = False
                return text
            events, self._events = self._events, []
            text = encode(state_message(self.table, self.seat, events, full_log=self._full_log))
            self._full_log = False
            return text
        if item is _PRESENCE:
            self._presence_queued = False
            return self.table.shared.presence()
        self._queued_bytes -= len(item)
        return item

    async def writer(self) -> None:
        """Send queued messages until the connection closes."""
        try:
            while not self.closed:
                await self._wakeup.wait()
                self._wakeup.clear()
                while self._queue and not self.closed:
                    text = self._next_text()
                    if text is None:
                        continue
                    try:
                        await asyncio.wait_for(self.websocket.send_text(text), SEND_TIMEOUT)
                    except TimeoutError:
                        self._drop(f"one message took more than {SEND_TIMEOUT:g} s to leave")
                        return
                if self._closing is not None and not self._queue and not self.closed:
                    code, reason = self._closing
                    self._closed = True
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.websocket.close(code=code, reason=reason[:120]), CLOSE_TIMEOUT)
        except (WebSocketDisconnect, RuntimeError, OSError):
            # the socket went away; the reader notices and unregisters us
            self._closed = True
