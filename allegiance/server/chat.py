"""The team chat of a table: words between teammates, which are never moves (WK-COMM-1: teammates may
talk at any time; the multiplayer rules' table lets SWDBG teammates discuss their hands too).

A seated player sends ``{"type": "chat", "text": "..."}``; every connection seated on the sender's
team (the teammates' pages and the sender's own other tabs) receives a ``chat`` message saying who
wrote it (seat and label) and when.  No opponent and no spectator ever receives one: what a team
says is hidden information, like its hands.

The chat is open to a seat whose team has at least one other *human* seat (a team of one, or one
person and bots, has nobody to talk to).  Text is checked here, at the edge (:func:`clean_text`):
a string, line breaks and tabs turned into spaces, bidirectional-override characters removed (they
could make a line read as something else), any other control character refused, trimmed, then
1 to :data:`MAX_CHARS` characters.  Each seat may send :data:`CHAT_BURST` messages at once and
then one every ``1 / CHAT_PER_SECOND`` seconds (5 per 10 s), counted per seat so that opening more
sockets does not raise it.

**Kept in memory only, and on purpose.**  Each team keeps its last :data:`HISTORY` messages, sent to
a teammate's page when it (re)connects (``chat_history``, right after its first state; none while
the team has said nothing).  Chat is not
a move: it never enters the action log, the database or a replay, so it is gone when the server
restarts or the table leaves memory.  Keeping people's free text out of storage keeps the stored
game exactly the game, and a restart rarely loses more than a few lines a team has already read.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from allegiance.core.table import Table
from allegiance.server.ratelimit import TokenBucket

#: the longest message, in characters, after trimming
MAX_CHARS = 500
#: messages each team keeps (and replays to a page that reconnects)
HISTORY = 50
#: per seat: this many chat messages a second on average, in bursts of ``CHAT_BURST`` (5 per 10 s)
CHAT_PER_SECOND = 0.5
CHAT_BURST = 5

#: line breaks and tabs become spaces (a pasted paragraph stays one line)
_TO_SPACE = {ord(ch): " " for ch in "\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029"}
#: bidirectional embedding, override and isolate controls and marks are removed
_BIDI = {ord(ch): None for ch in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"}


class ChatRefused(ValueError):
    """A chat message that is not sent; ``code`` is the error's stable code, the text says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def clean_text(text: Any) -> str:
    """The message as it will be shown, or :class:`ChatRefused` saying what is allowed."""
    if not isinstance(text, str):
        raise ChatRefused("malformed", "a chat message needs \"text\": a string of 1 to "
                                       f"{MAX_CHARS} characters")
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise ChatRefused("malformed", "the chat text has a lone surrogate (broken UTF-16): send plain Unicode text")
    text = text.translate(_TO_SPACE).translate(_BIDI)
    for ch in text:
        if unicodedata.category(ch) == "Cc":
            raise ChatRefused("malformed", f"the chat text has a control character (U+{ord(ch):04X}); "
                                           "send printable text only")
    text = text.strip()
    if not text:
        raise ChatRefused("malformed", "the chat message is empty: write something first")
    if len(text) > MAX_CHARS:
        raise ChatRefused("malformed", f"the chat message is too long ({len(text)} characters; "
                                       f"at most {MAX_CHARS})")
    return text


class TeamChat:
    """One table's team chats: who may talk, the recent lines of each team, each seat's rate limit."""

    def __init__(self, table: Table, humans: Iterable[int], rate: tuple[float, int] = (CHAT_PER_SECOND, CHAT_BURST),
                 clock: Callable[[], float] = time.time) -> None:
        self.table = table
        self.humans = frozenset(humans)
        self.rate = rate
        self.clock = clock
        self._lines: dict[str, deque[dict[str, Any]]] = {}
        self._buckets: dict[int, TokenBucket] = {}
        #: numbered per team: one shared counter would tell a team, by its gaps, how much the other says
        self._next_id: dict[str, int] = {}

    def team_of(self, seat: int) -> str:
        return self.table.team_of(seat)

    def open_for(self, seat: int) -> bool:
        """Whether ``seat`` has somebody to talk to: another human seat on its team."""
        return any(s in self.humans for s in self.table.teammates(seat))

    def allow(self, seat: int) -> bool:
        """Take one message from the seat's budget (all its connections share it)."""
        bucket = self._buckets.get(seat)
        if bucket is None:
            bucket = self._buckets[seat] = TokenBucket(*self.rate)
        return bucket.allow()

    def post(self, seat: int, text: str) -> dict[str, Any]:
        """Keep one (already cleaned) line of ``seat``'s team and return it as a ``chat`` message."""
        team = self.team_of(seat)
        number = self._next_id[team] = self._next_id.get(team, 0) + 1
        line = {"type": "chat", "id": number, "team": team, "seat": seat,
                "label": self.table.seats[seat].label, "at": round(self.clock() * 1000), "text": text}
        self._lines.setdefault(team, deque(maxlen=HISTORY)).append(line)
        return line

    def history(self, team: str) -> list[dict[str, Any]]:
        """The team's recent lines, oldest first."""
        return list(self._lines.get(team, ()))

    def history_message(self, seat: int) -> dict[str, Any]:
        """What a page of ``seat`` receives when it (re)connects: its team's recent lines."""
        team = self.team_of(seat)
        return {"type": "chat_history", "team": team, "messages": self.history(team)}
