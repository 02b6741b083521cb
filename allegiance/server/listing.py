"""The lobby's listing of tables: small, built once per change, served as bytes with an ETag.

Issue 21, item 4: with decks padded to 20,000 characters, sixteen seats a table and fifty tables,
each ``GET /api/tables`` was 16.2 MB built in 181 ms on the event loop, and four lobby pages polling it
every five seconds pushed everyone's ping to 0.5-0.8 s.  Three things make it cheap now:

- **No free text in a listing.**  A per-seat option that may hold a pasted text (a Wakfu deck file)
  is listed by what the game says of it (:func:`public_options`: ``"custom deck (50 cards)"``), never
  the text: it is the player's deck list, and its size is the creator's to choose.
- **Built once per change.**  The listing changes when a table is created, finishes, is closed or
  set aside, a seat is taken, or a page joins or leaves (the ``connected`` flags); the manager
  calls :meth:`Listing.changed` then.  Between changes every request gets the same bytes.  The
  listing's ``version`` is ``null``: it changes with every action, and the table's own summary
  (``GET /api/tables/{id}``) has it.
- **Conditional GET.**  Each answer has an ``ETag`` (a hash of its bytes); a page that sends it back
  in ``If-None-Match`` gets ``304 Not Modified`` and no body.

A rebuild reads the stored tables; with PostgreSQL that read is awaited off the event loop (the
manager's ``build``), one rebuild per status at a time: requests arriving meanwhile wait for it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from allegiance.core.errors import AllegianceError
from allegiance.core.game import Game
from allegiance.games import get_game

log = logging.getLogger(__name__)

#: (status, limit) answers kept between two changes (others are joined again from the kept summaries)
KEPT_ANSWERS = 16
#: the most tables one listing holds
MAX_LIMIT = 200
#: stored tables whose listed options are remembered (:class:`ListedOptions`): every table of the four
#: statuses' listings, twice over
OPTIONS_KEPT = 8 * MAX_LIMIT


def public_options(game: Game, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` as the lobby may show them: each free-text entry of a per-seat option (a pasted
    deck) replaced by the option's short description of it (its ``summarize``), or ``"a text"``."""
    out = dict(options)
    for spec in game.option_specs:
        value = out.get(spec.name)
        if spec.type != "seat_texts" or not spec.free_text or not isinstance(value, list):
            continue
        out[spec.name] = [entry if entry in spec.choices else _describe(spec.summarize, entry) for entry in value]
    return out


def _describe(summarize: Callable[[str], str] | None, text: Any) -> str:
    if summarize is None or not isinstance(text, str):
        return "a text"
    try:
        return summarize(text)
    except Exception:  # noqa: BLE001 - a description must never break the listing
        return "a text"


class Listing:
    """The serialised listing of each status, rebuilt on the first request after a change.

    ``build(status, limit)`` returns the summaries (the manager's listing of stored and live tables).
    Each status is built once per change at :data:`MAX_LIMIT` tables, each summary serialised once; an
    answer for a smaller ``limit`` joins the first ones (no database query, so varying ``limit`` costs
    no rebuild).  A listing that something changed during its build is served but not kept.
    """

    def __init__(self, build: Callable[[str | None, int], Awaitable[list[dict[str, Any]]]]) -> None:
        self._build = build
        self._parts: dict[str | None, list[bytes]] = {}
        self._answers: dict[tuple[str | None, int], tuple[str, bytes]] = {}
        self._building: dict[str | None, asyncio.Future[list[bytes]]] = {}
        #: counts the changes: a build that saw another change than the current one is not kept
        self._generation = 0
        #: how many times a status's listing was built (tests and benchmarks read it)
        self.builds = 0

    def changed(self) -> None:
        """Something a listing shows changed: the next request rebuilds it."""
        self._parts = {}
        self._answers = {}
        self._generation += 1

    async def get(self, status: str | None, limit: int) -> tuple[str, bytes]:
        """The ETag and JSON bytes of the listing of ``status`` tables, newest first, at most ``limit``
        (1 to :data:`MAX_LIMIT`)."""
        limit = max(1, min(limit, MAX_LIMIT))
        key = (status, limit)
        answer = self._answers.get(key)
        if answer is not None:
            return answer
        parts = self._parts.get(status)
        if parts is None:
            pending = self._building.get(status)
            if pending is None:
                pending = asyncio.ensure_future(self._build_parts(status))
                pending.add_done_callback(lambda done: done.cancelled() or done.exception())
                self._building[status] = pending
            parts = await asyncio.shield(pending)  # a request that goes away leaves the build to the others
        body = b"[" + b",".join(parts[:limit]) + b"]"
        answer = (f'"{hashlib.blake2b(body, digest_size=12).hexdigest()}"', body)
        if self._parts.get(status) is parts:  # still the current listing: kept
            if len(self._answers) >= KEPT_ANSWERS:
                self._answers.clear()
            self._answers[key] = answer
        return answer

    async def _build_parts(self, status: str | None) -> list[bytes]:
        generation = self._generation
        try:
            parts = [json.dumps(t, separators=(",", ":")).encode() for t in await self._build(status, MAX_LIMIT)]
        finally:
            del self._building[status]
        self.builds += 1
        if generation == self._generation:
            self._parts[status] = parts
        return parts


class ListedOptions:
    """The options of stored tables as the lobby lists them, remembered by table id.

    A table this process does not hold in memory (created by another process, or before a restart) is
    listed from its stored row: its options are checked against its game (a table stored before options
    were checked is listed as broken, issue 10, items 3 and 12) and summarised (:func:`public_options`).
    That parses every pasted deck: 172 ms for 200 stored 4v4 tables with pasted decks, at each rebuild
    of the listing.  A table's options never change once it is created, so each is read once; bounded
    (least recently used first out), and safe to call from a worker thread.
    """

    def __init__(self, kept: int = OPTIONS_KEPT) -> None:
        self._kept = kept
        self._options: OrderedDict[str, dict[str, Any] | None] = OrderedDict()
        self._lock = threading.Lock()
        #: how many tables' options were read (tests read it)
        self.reads = 0

    def of(self, table_id: str, game: str, options: Mapping[str, Any]) -> dict[str, Any] | None:
        """The table's options as listed, or ``None`` if its game refuses them (the table is broken)."""
        with self._lock:
            if table_id in self._options:
                self._options.move_to_end(table_id)
                return self._options[table_id]
        listed = _listed(table_id, game, options)
        with self._lock:
            self.reads += 1
            self._options[table_id] = listed
            while len(self._options) > self._kept:
                self._options.popitem(last=False)
        return listed


def _listed(table_id: str, game: str, options: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        rules = get_game(game)
        rules.check_options(dict(options))
        return public_options(rules, options)
    except (AllegianceError, KeyError, ValueError, RecursionError) as exc:
        log.error("table %s has options its game refuses, listed as broken: %s", table_id, str(exc)[:200])
        return None


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """Whether an ``If-None-Match`` header names ``etag`` (or ``*``); weak tags compare equal too."""
    if not if_none_match:
        return False
    tags = {t.strip().removeprefix("W/") for t in if_none_match.split(",")}
    return "*" in tags or etag in tags
